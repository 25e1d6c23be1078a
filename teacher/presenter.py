"""The teacher's screen leads, the class screen follows: one small note in the class folder.

The app run with ``--teacher`` adds a presenter bar to each lesson (``PresenterBar``: one
"Show the class" button per section of the pupils' lesson) and, under the teacher's "Ask the
class" questions, a "Show this answer to the class" button for each (``AnswerButtons``). The
app run with ``--projector`` (the class screen) adds ``ClassScreen``, a tiny widget that asks
its kernel twice a second what the teacher chose: it scrolls to that section, shows that one
answer large (and no button), and on another page than the teacher's shows a link to it. The
two apps share nothing but the note ``presenter.json`` in the class's progress folder
(``exercises.progress.progress_dir``), written whole and renamed into place, so a reader never
sees half of it. The note names a section or an answer by its number in the lesson, and the
class screen takes the text from its own copy of the lesson: a forged note can show only what
the teacher could, and a garbled one is ignored (the log says so, once).

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> show(folder, page="05_choosing_the_contract.ipynb", section=2).section
2
>>> read_note(folder).page, read_note(folder).answer
('05_choosing_the_contract.ipynb', None)
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from cardlib import messages, render, say
from exercises.progress import progress_dir

NOTE = "presenter.json"
POLL_MS = 500
PAGE = re.compile(r"(?:[a-z]{2}/)?\d\d_[a-z0-9_]+\.ipynb")
MOST = 500  # more sections or questions than any lesson has
HEADING = re.compile(r"#{1,6}\s+(.+?)\s*#*\s*$")
ASK_THE_CLASS = ("**Ask the class**", "<b>クラスへの質問</b>", "<b>クラスに聞く</b>")
QUESTION = re.compile(r'- (?:"(.+?)"\s*Answer:|「(.+?)」\s*答え：)\s*(.+)$')
TEACHER_TAG = "teacher"
_KEEP = object()

log = logging.getLogger("minibridge.presenter")
if not log.handlers:  # the app's terminal: a kernel's own stderr would print on the page
    log.addHandler(logging.StreamHandler(sys.__stderr__))
    log.setLevel(logging.INFO)


@dataclass(frozen=True)
class Note:
    """What the teacher shows the class: the page (below the lessons' folder), the number of
    a section of it (or None), the number of one answer (or None), and how many times the
    teacher chose (so choosing the same section again scrolls again)."""

    page: str
    section: int | None = None
    answer: int | None = None
    moves: int = 0


def _number(value: object) -> bool:
    return value is None or (type(value) is int and 0 <= value < MOST)


def read_note(folder=None) -> Note | None:
    """The teacher's note, or None when there is none yet or it is not one the teacher's screen
    wrote (then the log says why, once for each different reason)."""
    path = progress_dir(folder) / NOTE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeError, ValueError):
        return _ignored("not_json")
    if not isinstance(data, dict) or set(data) != {"page", "section", "answer", "moves"}:
        return _ignored("fields")
    if not (isinstance(data["page"], str) and PAGE.fullmatch(data["page"]) and _number(data["section"])
            and _number(data["answer"]) and type(data["moves"]) is int and data["moves"] >= 0):
        return _ignored("values")
    return Note(**data)


_complaints: set[str] = set()


def _ignored(why: str) -> None:
    if why not in _complaints:
        _complaints.add(why)
        log.warning(messages.plain(say("presenter_note_ignored", why=say(f"presenter_note_{why}"))))
    return None


def show(folder=None, *, page: str, section=_KEEP, answer=_KEEP) -> Note:
    """Write what the class screen shows: ``page`` and, if given, a section and an answer
    (None takes it away; left out keeps what was shown on that page). Returns the new note."""
    if not PAGE.fullmatch(page):
        raise ValueError(f"not a lesson page: {page!r}")
    before = read_note(folder)
    if before is None or before.page != page:
        before = Note(page, moves=before.moves if before else 0)
    note = replace(before, moves=before.moves + 1,
                   **{name: value for name, value in (("section", section), ("answer", answer)) if value is not _KEEP})
    folder = progress_dir(folder)
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=folder, prefix=".presenter-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(note.__dict__, out)
    os.replace(name, folder / NOTE)
    return note


def page_of(folder: Path, lesson_file: str) -> str:
    """The page's name as the app's addresses give it: ``ja/05_x.ipynb`` for the Japanese edition."""
    edition = folder.name if folder.name in messages.languages() and folder.name != "en" else ""
    return f"{edition}/{lesson_file}.ipynb" if edition else f"{lesson_file}.ipynb"


def _cells(notebook: Path, teacher: bool) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"
            and (TEACHER_TAG in cell.get("metadata", {}).get("tags", [])) == teacher]


def sections(notebook: Path) -> list[str]:
    """The headings of the pupils' part of a lesson, in order (as the class screen shows them)."""
    found = []
    for source in _cells(notebook, teacher=False):
        fenced = False
        for line in source.splitlines():
            fenced ^= line.lstrip().startswith("```")
            if not fenced and (heading := HEADING.fullmatch(line)):
                found.append(heading.group(1))
    return found


def questions(notebook: Path) -> list[tuple[str, str]]:
    """The teacher's "Ask the class" questions of a lesson, each with its answer."""
    found = []
    for source in _cells(notebook, teacher=True):
        asking = False
        for line in source.splitlines():
            if line.strip() in ASK_THE_CLASS:
                asking = True
            elif asking and (question := QUESTION.match(line)):
                found.append((question.group(1) or question.group(2), question.group(3)))
            elif asking and found and not line.strip():
                asking = False
    return found


def as_html(text: str) -> str:
    """A line of a lesson's markdown as HTML: its ruby kept, its **bold** bold, the rest escaped."""
    text = re.sub(r"</?rp>|<rp>.*?</rp>", "", re.sub(r"<rp>.*?</rp>", "", text))
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", render.text_html(text))


def as_label(text: str) -> str:
    """A heading as a button's words: no markdown, readings in brackets."""
    return messages.plain(re.sub(r"<rp>.*?</rp>", "", text)).replace("**", "").replace("`", "")


# The widgets: ipywidgets and anywidget are imported here, by the app's pages only.
import anywidget  # noqa: E402
import ipywidgets as widgets  # noqa: E402
import traitlets  # noqa: E402
from IPython.display import display  # noqa: E402

OPENED_ESM = """
function render({ model }) { model.send({ opened: true }); }
export default { render };
"""

FOLLOW_ESM = f"""
const HEADINGS = [1, 2, 3, 4, 5, 6].map(n => `.jp-MarkdownCell h${{n}}`).join(", ");
function render({{ model, el }}) {{
  const away = document.createElement("div"), card = document.createElement("div");
  away.className = "mb-teacher-elsewhere";
  card.className = "mb-shown-answer";
  card.setAttribute("role", "status");
  // on the page itself: an output's box may hold "position: fixed" to its own place
  document.body.append(away, card);
  let moved = -1;
  const draw = () => {{
    away.innerHTML = model.get("elsewhere");
    away.hidden = !model.get("elsewhere");
    card.innerHTML = model.get("answer");
    card.hidden = !model.get("answer");
    const moves = model.get("moves"), section = model.get("section");
    if (moves !== moved && section >= 0) {{
      const heading = document.querySelectorAll(HEADINGS)[section];
      if (heading) heading.scrollIntoView({{ block: "start" }});
    }}
    moved = moves;
  }};
  model.on("change", draw);
  draw();
  const poll = setInterval(() => model.send({{ poll: true }}), {POLL_MS});
  return () => {{ clearInterval(poll); model.off("change", draw); away.remove(); card.remove(); }};
}}
export default {{ render }};
"""

FOLLOW_CSS = """
.mb-shown-answer { position: fixed; left: 4vw; right: 4vw; bottom: 4vh; z-index: 1000; max-height: 60vh;
  overflow: auto; background: #fff; color: #000; border: 0.2em solid #003A8C; border-radius: 0.4em;
  padding: 0.5em 0.9em; font-size: 2.4rem; line-height: 1.35; box-shadow: 0 0.2em 1em rgba(0,0,0,0.35); }
.mb-shown-answer .mb-asked { font-size: 0.65em; margin-bottom: 0.3em; }
.mb-teacher-elsewhere { position: fixed; top: 1vh; right: 2vw; z-index: 1000; background: #fff; color: #000;
  border: 0.15em solid #003A8C; border-radius: 0.3em; padding: 0.3em 0.7em; font-size: 1.8rem; }
.mb-teacher-elsewhere a { color: #003A8C; text-decoration: underline; }
"""


class PageOpened(anywidget.AnyWidget):
    """Tells its kernel, with ``{"opened": true}``, that the page is open in a browser (a
    kernel kept ready runs the lesson before any teacher opens it). It draws nothing."""

    _esm = OPENED_ESM


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
        opened = PageOpened()
        opened.on_msg(lambda _widget, content, _buffers: content == {"opened": True} and self.opened())
        title = widgets.HTML(f"<b>{render.text_html(say('presenter_bar_title'))}</b>")
        super().__init__([title, widgets.Box(buttons, layout=widgets.Layout(flex_flow="row wrap")), self.status,
                          opened])
        self.add_class("mb-presenter-bar")

    def opened(self) -> None:
        show(self.folder, page=self.page, section=None, answer=None)
        self.status.value = render.text_html(say("presenter_class_follows"))

    def show_section(self, number: int) -> None:
        show(self.folder, page=self.page, section=number)
        self.status.value = render.text_html(say("presenter_section_shown", section=as_label(self.sections[number])))


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
    """The class screen's follower: asks its kernel ``{"poll": true}`` twice a second; scrolls
    to the section the teacher chose, shows the one answer chosen (no button), and, on another
    page than the teacher's, a link to it. Any other message is ignored."""

    _esm = FOLLOW_ESM
    _css = FOLLOW_CSS
    section = traitlets.Int(-1).tag(sync=True)
    moves = traitlets.Int(0).tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    elsewhere = traitlets.Unicode("").tag(sync=True)

    def __init__(self, page: str, notebook: Path, folder=None):
        super().__init__()
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
            seen = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
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
                self.elsewhere, self.answer, self.section = self._link(note.page), "", -1
            return
        if (note.section is not None and note.section >= len(self.sections)) or \
                (note.answer is not None and note.answer >= len(self.questions)):
            _ignored("lesson")
            return
        answer = ""
        if note.answer is not None:
            question, said = self.questions[note.answer]
            answer = f'<div class="mb-asked">{as_html(question)}</div><div>{as_html(said)}</div>'
        with self.hold_sync():
            self.elsewhere, self.answer = "", answer
            self.section, self.moves = -1 if note.section is None else note.section, note.moves

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
    if render.PREFERENCES.projector:
        display(ClassScreen(page, notebook, folder))
    elif render.audience() == "teacher" and not lesson_file.startswith("00_"):
        display(PresenterBar(page, notebook, folder))


def answer_buttons(lesson_file: str, folder=None) -> None:
    """What the app adds under the teacher's "Ask the class" on the teacher's screen."""
    here = Path.cwd()
    if not render.PREFERENCES.projector and render.audience() == "teacher":
        display(AnswerButtons(page_of(here, lesson_file), here / f"{lesson_file}.ipynb", folder))
