"""The presenter's screens (teacher/presenter.py says how they talk): the teacher's bar and answer
buttons, and the class screen's follower. The app's cells (classroom/presenter.py) call
``presenter()`` and ``answer_buttons()``, which show what the app's environment asks for."""
from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets
from IPython.display import display

from cardlib import messages, render, say
from exercises.progress import progress_dir
from teacher.presenter import NOTE, POLL_MS, ignored, as_html, as_label, page_of, questions, read_note, sections, show

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
    """The class screen's follower: asks its kernel ``{"poll": true}`` every POLL_MS; scrolls
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
            ignored("lesson")
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
