"""The presenter's screens (teacher/presenter.py says how they talk): the teacher's bar, the "Show
the class" beside each heading and the answer buttons, and the class screen's follower. The app's cells (classroom/presenter.py) call
``presenter()`` and ``answer_buttons()``, which show what the app's environment asks for."""
from __future__ import annotations

import json
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets
from IPython.display import display

from cardlib import messages, render, say
from exercises.page import deal_class, this_page
from exercises.progress import progress_dir
from teacher.presenter import (NOTE, POLL_MS, TABLE_NAME, as_html, as_label, ignored, page_of, played, questions,
                               read_note, sections, show)

# The pupils' headings of a lesson, in order: the numbers the note gives sections (the class
# screen has no teacher's cells; the teacher's screen leaves hers out).
HEADINGS = ", ".join(f".jp-MarkdownCell .jp-RenderedMarkdown:not(.celltag_teacher) h{n}" for n in range(1, 7))

OPENED_ESM = f"""
const HEADINGS = "{HEADINGS}";
function render({{ model }}) {{
  model.send({{ opened: true }});
  // wherever the teacher is in the lesson, a small "Show the class" beside each heading
  const added = [...document.querySelectorAll(HEADINGS)].map((heading, section) => {{
    const button = document.createElement("button");
    button.type = "button";
    button.className = "mb-show-here";
    button.textContent = model.get("words");
    button.addEventListener("click", () => model.send({{ section }}));
    heading.append(button);
    return button;
  }});
  return () => added.forEach((button) => button.remove());
}}
export default {{ render }};
"""

OPENED_CSS = """
.mb-show-here { margin-left: 0.8em; vertical-align: middle; font-size: 0.8rem; font-weight: normal;
  padding: 0.25em 0.6em; border: 1px solid #003A8C; border-radius: 0.3em; background: #fff; color: #003A8C;
  cursor: pointer; }
.mb-show-here:hover, .mb-show-here:focus-visible { background: #E3ECF8; }
"""

FOLLOW_ESM = f"""
const HEADINGS = "{HEADINGS}";
const CELLS = "#rendered_cells .jp-Cell";
// The whole of an item on the screen when it fits (the least scrolling), else its top.
function reveal(item) {{
  const box = item.getBoundingClientRect(), room = window.innerHeight;
  if (box.height > room || box.top < 0) item.scrollIntoView({{ block: "start" }});
  else if (box.bottom > room) item.scrollIntoView({{ block: "end" }});
}}
// The tags the app gave a cell (classroom.presenter): on a code cell, on a markdown cell's text.
function tagsOf(cell) {{
  const text = cell.querySelector(".jp-RenderedMarkdown");
  return [...cell.classList, ...(text ? text.classList : [])].filter((c) => c.startsWith("celltag_")).map((c) => c.slice(8));
}}
function choiceOf(cell) {{  // [group, alternative] of a cell that is one of a choice's alternatives
  const tag = tagsOf(cell).find((t) => t.startsWith("choice_") && t !== "choice_later");
  return tag ? [tag.split("_")[1], tag.split("_").slice(2).join("_")] : null;
}}
function choose(group, alternative) {{
  for (const cell of document.querySelectorAll(CELLS)) {{
    const choice = choiceOf(cell);
    if (!choice || choice[0] !== group) continue;
    cell.classList.toggle("mb-shown", choice[1] === alternative);
    cell.classList.toggle("mb-unchosen", choice[1] !== alternative);
  }}
  for (const button of document.querySelectorAll(`.mb-choice-bar[data-group="${{group}}"] button`))
    button.setAttribute("aria-pressed", String(button.dataset.alternative === alternative));
}}
// Before each choice's first cell, a bar with a button for each alternative, named by its heading.
function arrange(words) {{
  const groups = new Map();
  for (const cell of document.querySelectorAll(CELLS)) {{
    const choice = choiceOf(cell);
    if (!choice) continue;
    if (!groups.has(choice[0])) groups.set(choice[0], {{ first: cell, names: new Map() }});
    const names = groups.get(choice[0]).names, heading = cell.querySelector("h1, h2, h3, h4, h5, h6");
    if (!names.has(choice[1])) names.set(choice[1], null);
    if (heading && names.get(choice[1]) === null) {{
      const words = heading.cloneNode(true);  // its words, with their readings (ruby), without its link
      words.querySelectorAll(".jp-InternalAnchorLink").forEach((link) => link.remove());
      names.set(choice[1], words.innerHTML.trim());
    }}
  }}
  for (const [group, {{ first, names }}] of groups) {{
    const old = document.querySelector(`.mb-choice-bar[data-group="${{group}}"]`);
    if (old && old.querySelectorAll("button").length === names.size) continue;
    const bar = document.createElement("div"), chosen = old && old.querySelector('[aria-pressed="true"]');
    bar.className = "mb-choice-bar";
    bar.dataset.group = group;
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", words);
    bar.append(Object.assign(document.createElement("span"), {{ textContent: words }}));
    [...names].forEach(([alternative, name], n) => {{
      const button = Object.assign(document.createElement("button"), {{ type: "button", innerHTML: name ?? alternative }});
      button.dataset.alternative = alternative;
      button.setAttribute("aria-pressed", String(chosen ? chosen.dataset.alternative === alternative : n === 0));
      button.addEventListener("click", () => choose(group, alternative));
      bar.append(button);
    }});
    if (old) old.replaceWith(bar); else first.before(bar);
  }}
}}
// What the teacher shows is on the class screen: its alternative chosen, its section shown.
function showHere(item) {{
  const cell = item.closest(".jp-Cell");
  if (!cell) return;
  const choice = choiceOf(cell), off = tagsOf(cell).find((t) => /^off_[0-9]+$/.test(t));
  if (choice) choose(...choice);
  if (off) for (const other of document.querySelectorAll(CELLS)) if (tagsOf(other).includes(off)) other.classList.add("mb-shown");
}}
function render({{ model, el }}) {{
  const away = document.createElement("div"), card = document.createElement("div");
  away.className = "mb-teacher-elsewhere";
  card.className = "mb-shown-answer";
  card.setAttribute("role", "status");
  // the link to the teacher's page takes its own line above the lesson (sticky in the part that
  // scrolls), so it never covers a heading; the answer's card floats over the page
  const scroller = document.querySelector("#rendered_cells") || document.body;
  scroller.prepend(away);
  document.body.append(card);
  let moved = -1;
  const draw = () => {{
    away.innerHTML = model.get("elsewhere");
    away.hidden = !model.get("elsewhere");
    scroller.style.scrollPaddingTop = away.hidden ? "" : away.offsetHeight + "px";
    card.innerHTML = model.get("answer");
    card.hidden = !model.get("answer");
    const moves = model.get("moves"), section = model.get("section"), table = model.get("table");
    if (moves !== moved && table) {{
      const shown = document.querySelector("." + table);
      if (shown) {{ showHere(shown); reveal(shown); }}
    }} else if (moves !== moved && section >= 0) {{
      const headings = [...document.querySelectorAll(HEADINGS)], heading = headings[section];
      if (heading) {{
        showHere(heading);
        heading.scrollIntoView({{ block: "start" }});
        // the section's table whole on the screen, even if its heading goes off the top
        const next = headings[section + 1];
        const within = [...document.querySelectorAll(".mb-table")].find((t) =>
          heading.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING &&
          !(next && next.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING));
        if (within) reveal(within);
      }}
    }}
    moved = moves;
  }};
  model.on("change", draw);
  arrange(model.get("choose"));
  draw();
  const poll = setInterval(() => {{ arrange(model.get("choose")); model.send({{ poll: true }}); }}, {POLL_MS});
  return () => {{ clearInterval(poll); model.off("change", draw); away.remove(); card.remove(); }};
}}
export default {{ render }};
"""

FOLLOW_CSS = """
.mb-shown-answer { position: fixed; left: 4vw; right: 4vw; bottom: 4vh; z-index: 1000; max-height: 60vh;
  overflow: auto; background: #fff; color: #000; border: 0.2em solid #003A8C; border-radius: 0.4em;
  padding: 0.5em 0.9em; font-size: 2.4rem; line-height: 1.35; box-shadow: 0 0.2em 1em rgba(0,0,0,0.35); }
.mb-shown-answer .mb-asked { font-size: 0.65em; margin-bottom: 0.3em; }
.mb-teacher-elsewhere { position: sticky; top: 0; z-index: 1000; background: #fff; color: #000;
  border-bottom: 0.15em solid #003A8C; padding: 0.3em 0.7em; font-size: 1.8rem; }
.mb-teacher-elsewhere a { color: #003A8C; text-decoration: underline; }
.mb-choice-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; margin: 0.4em 0.6em;
  font-size: 1.6rem; }
.mb-choice-bar button { font-size: inherit; padding: 0.15em 0.6em; border: 0.1em solid #003A8C; border-radius: 0.3em;
  background: #fff; color: #003A8C; cursor: pointer; }
.mb-choice-bar button[aria-pressed="true"] { background: #003A8C; color: #fff; }
"""


class PageOpened(anywidget.AnyWidget):
    """Tells its kernel, with ``{"opened": true}``, that the page is open in a browser (a
    kernel kept ready runs the lesson before any teacher opens it), and puts a small button with
    ``words`` beside each heading of the pupils' lesson, which sends ``{"section": number}``."""

    _esm = OPENED_ESM
    _css = OPENED_CSS
    words = traitlets.Unicode("").tag(sync=True)


class PresenterBar(widgets.VBox):
    """The teacher's bar at the top of a lesson: a "Show the class" button for each section of
    the pupils' lesson. Opening the page tells the class screen which lesson the teacher is on."""

    def __init__(self, page: str, notebook: Path, folder=None):
        self.page, self.folder = page, folder
        self.sections = sections(notebook)
        self.status = widgets.HTML()
        buttons = []
        for number, heading in enumerate(self.sections):
            button = widgets.Button(description=as_label(heading), tooltip=messages.plain(say("presenter_show_section")),
                                    layout=widgets.Layout(width="auto"))
            button.on_click(lambda _button, number=number: self.show_section(number))
            buttons.append(button)
        self.buttons = buttons
        self.tables: dict[str, object] = {}  # the page's tables the class screen copies, by name
        self._sent: dict[str, dict] = {}  # each table's moves as the note has them
        this_page().watchers.append(self.watch)
        opened = PageOpened(words=messages.plain(say("presenter_show_here")))
        opened.on_msg(lambda _widget, content, _buffers: self._from_page(content))
        title = widgets.HTML(f"<b>{render.text_html(say('presenter_bar_title'))}</b>")
        super().__init__([title, widgets.Box(buttons, layout=widgets.Layout(flex_flow="row wrap")), self.status,
                          opened])
        self.add_class("mb-presenter-bar")

    def _from_page(self, content) -> None:
        """``{"opened": true}`` once, ``{"section": number}`` from a heading's button; anything
        else (forged) changes nothing."""
        if content == {"opened": True}:
            self.opened()
        elif isinstance(content, dict) and set(content) == {"section"} and type(content["section"]) is int \
                and 0 <= content["section"] < len(self.sections):
            self.show_section(content["section"])

    def opened(self) -> None:
        """The teacher's page is open: the class screen follows this lesson, its tables as hers are now."""
        self._sent = {name: table_moves(table) for name, table in self.tables.items()}
        show(self.folder, page=self.page, section=None, answer=None, tables=dict(self._sent))
        self.status.value = render.text_html(say("presenter_class_follows"))

    def show_section(self, number: int) -> None:
        show(self.folder, page=self.page, section=number)
        self.status.value = render.text_html(say("presenter_section_shown", section=as_label(self.sections[number])))

    def watch(self, name: str, table) -> None:
        """A set deal's table joins the teacher's page: each move at it goes to the class screen."""
        if TABLE_NAME.fullmatch(name):
            self.tables[name] = table
            table.view.observe(lambda _change: self.table_moved(name), "html")

    def table_moved(self, name: str) -> None:
        """The table ``name`` was drawn again: if its moves changed, the class screen replays them."""
        moves = table_moves(self.tables[name])
        if self._sent.get(name) != moves:
            self._sent[name] = moves
            played(self.folder, page=self.page, table=name, **moves)


CHOICES = ("role", "rules")  # a table's settings the class screen's copy takes from the teacher's


def table_moves(table) -> dict:
    """What the class screen needs to replay a table: its actions (as JSON keeps them) and the
    words of its settings (the MiniBridge table's role and scoring)."""
    choices = {name: getattr(table, f"{name}_choice").value for name in CHOICES
               if isinstance(getattr(table, f"{name}_choice", None), widgets.Dropdown)}
    return {"actions": json.loads(json.dumps(list(table.actions))), "choices": choices}


class AnswerButtons(widgets.VBox):
    """Under the teacher's "Ask the class": each question with "Show this answer to the class",
    and one "Hide the answer" that takes it off the class screen."""

    def __init__(self, page: str, notebook: Path, folder=None):
        self.page, self.folder = page, folder
        self.status = widgets.HTML()
        rows, self.buttons = [], []
        for number, (question, _answer) in enumerate(questions(notebook)):
            button = widgets.Button(description=messages.plain(say("presenter_show_answer")),
                                    layout=widgets.Layout(width="auto", flex="0 0 auto"))
            button.on_click(lambda _button, number=number: self.show_answer(number))
            self.buttons.append(button)
            rows.append(widgets.HBox([button, widgets.HTML(as_html(question))]))
        self.hide = widgets.Button(description=messages.plain(say("presenter_hide_answer")), icon="eye-slash",
                                   layout=widgets.Layout(width="auto"))
        self.hide.on_click(lambda _button: self.hide_answer())
        super().__init__([*rows, self.hide, self.status])
        self.add_class("mb-answer-buttons")

    def show_answer(self, number: int) -> None:
        show(self.folder, page=self.page, answer=number)
        self.status.value = render.text_html(say("presenter_answer_shown", number=number + 1))

    def hide_answer(self) -> None:
        show(self.folder, page=self.page, answer=None)
        self.status.value = render.text_html(say("presenter_answer_hidden"))


class ClassScreen(anywidget.AnyWidget):
    """The class screen's follower: asks its kernel ``{"poll": true}`` every POLL_MS; scrolls
    to the section the teacher chose (its table whole on the screen, the section shown if the
    class screen hides it), puts a bar of buttons before each choice of alternatives the class
    screen shows one at a time (classroom.presenter), shows the one answer chosen
    (no button), replays on this page's tables the moves the teacher made at hers (and goes to
    the one she plays), and, on another page than the teacher's, shows a link to it. Any other
    message is ignored."""

    _esm = FOLLOW_ESM
    _css = FOLLOW_CSS
    section = traitlets.Int(-1).tag(sync=True)
    table = traitlets.Unicode("").tag(sync=True)  # the CSS class of the table the teacher plays, or ""
    moves = traitlets.Int(0).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    elsewhere = traitlets.Unicode("").tag(sync=True)
    choose = traitlets.Unicode("").tag(sync=True)  # the words before the buttons of a choice's alternatives

    def __init__(self, page: str, notebook: Path, folder=None):
        super().__init__(choose=messages.plain(say("class_screen_choose")))
        self.page, self.folder = page, folder
        self.sections = sections(notebook) if notebook.exists() else []
        self.questions = questions(notebook) if notebook.exists() else []
        self._seen = None
        self.on_msg(lambda _widget, content, _buffers: content == {"poll": True} and self.follow())
        self.follow()

    def follow(self) -> None:
        """Show what the teacher's note says, if it changed (a note that does not fit this
        lesson changes nothing)."""
        try:
            stat = (progress_dir(self.folder) / NOTE).stat()
            seen = (stat.st_mtime_ns, stat.st_size, stat.st_ino, len(this_page().tables))
        except OSError:
            seen = None
        if seen == self._seen:
            return
        self._seen = seen
        note = read_note(self.folder)
        if note is None:
            return
        if note.page != self.page:
            with self.hold_sync():
                self.elsewhere, self.answer, self.section, self.table = self._link(note.page), "", -1, ""
            return
        if (note.section is not None and note.section >= len(self.sections)) or \
                (note.answer is not None and note.answer >= len(self.questions)):
            ignored("lesson")
            return
        answer = ""
        if note.answer is not None:
            question, said = self.questions[note.answer]
            answer = f'<div class="mb-asked">{as_html(question)}</div><div>{as_html(said)}</div>'
        self.copy_tables(note.tables)
        shown = this_page().tables.get(note.table) if note.table else None
        with self.hold_sync():
            self.elsewhere, self.answer = "", answer
            self.table = deal_class(note.table) if shown is not None else ""
            self.section, self.moves = -1 if note.section is None else note.section, note.moves

    def copy_tables(self, tables: dict) -> None:
        """This page's copy of each table the teacher played replays her moves (each checked by
        the rules again), and from then on shows hers only."""
        for name, moves in tables.items():
            table = this_page().tables.get(name)
            if table is None:
                continue
            table.follows = True
            if table_moves(table) == moves:
                continue
            for choice, value in moves["choices"].items():
                widget = getattr(table, f"{choice}_choice", None)
                if choice in CHOICES and isinstance(widget, widgets.Dropdown) and \
                        value in [v for _label, v in widget.options] and widget.value != value:
                    widget.value = value
            table.replay(moves["actions"])

    def _link(self, page: str) -> str:
        href = ("../" if "/" in self.page else "") + page
        number = int(page.rsplit("/", 1)[-1][:2])
        words = render.text_html(say("presenter_teacher_is_on", number=number))
        return f'{words} <a href="{href}">{render.text_html(say("presenter_open_it"))}</a>'


def presenter(lesson_file: str, folder=None) -> None:
    """What the app adds at the top of a lesson: the class screen's follower on the projector,
    the teacher's presenter bar on the teacher's screen (none on the contents page)."""
    here = Path.cwd()
    page, notebook = page_of(here, lesson_file), here / f"{lesson_file}.ipynb"
    if not notebook.exists():  # a teacher's page (teacher/), which the teacher's app serves too: no lesson
        return
    if render.PREFERENCES.projector:
        display(ClassScreen(page, notebook, folder))
    elif render.audience() == "teacher" and not lesson_file.startswith("00_"):
        display(PresenterBar(page, notebook, folder))


def answer_buttons(lesson_file: str, folder=None) -> None:
    """What the app adds under the teacher's "Ask the class" on the teacher's screen."""
    here = Path.cwd()
    if not render.PREFERENCES.projector and render.audience() == "teacher":
        display(AnswerButtons(page_of(here, lesson_file), here / f"{lesson_file}.ipynb", folder))
