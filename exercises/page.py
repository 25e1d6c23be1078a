"""One lesson page (one kernel): who the pupil is, and what the page held, kept in the class's
progress store so that a reload, which gives the page a new kernel, brings it back.

The browser remembers the pupil's name (localStorage) and its tab (sessionStorage: a reload
keeps it, another tab gets its own) through ``PupilMemory``, a tiny anywidget. After a reload
the page asks once "Are you Ben?": Yes gives every exercise the name, and brings back each
table's actions (rebuilt by the table's own replay, which checks each move with the rules),
the practice question and the quiz; No forgets the name in this browser and starts afresh.
Either way (or at once, when there is nobody to ask about) the page goes back to the cell where
the pupil last clicked in this tab.
Each part is kept per tab, so two tabs never write over each other; each open page beats
every BEAT_SECONDS, and another open page of the same pupil and lesson is said in a sentence.

On the course's website the progress store is the browser's own record
(exercises.browser_progress): the same widget gives it the record when the page opens, keeps
each change in localStorage, and the page's "Hand in my work" button downloads the pupil's
answers and quizzes as a file for the teacher.

>>> page = LessonPage()
>>> page.lesson is None and page.pupil is None
True
"""
from __future__ import annotations

import html
import json
import re

import anywidget
import ipywidgets as widgets

from cardlib import CardError, render, say, settings
from cardlib.messages import current_language
from exercises import lesson_page
from exercises.browser_progress import HAND_IN_PATH, STORAGE_KEY, BrowserStore
from exercises.lesson_page import show_at_top
from exercises.progress import PupilProgress, check_pupil_name

BEAT_SECONDS = 15
SEND_SECONDS = 20  # how long a device tries to reach the class's app before the work becomes a file
MAX_REASON = 300  # characters of the app's sentence when it refuses the work
MAX_TAB = 40

ESM = f"""
const KEY = "{STORAGE_KEY}";
function render({{ model, el }}) {{
  const store = (kind) => {{ try {{ return window[kind]; }} catch (e) {{ return null; }} }};
  const local = store("localStorage"), session = store("sessionStorage");
  let tab = session && session.getItem("minibridge-tab");
  if (!tab) {{
    tab = Math.random().toString(36).slice(2, 12);
    if (session) session.setItem("minibridge-tab", tab);
  }}
  const record = () => (local && local.getItem(KEY)) || "";
  model.send({{ remembered: (local && local.getItem("minibridge-pupil")) || "", tab, record: record() }});
  const keep = (msg) => {{
    // Rows merged into the record as it is now: another tab may have added its own since.
    try {{
      const kept = JSON.parse(record() || "{{}}");
      for (const [table, rows] of Object.entries(msg.keep || {{}})) kept[table] = Object.assign(kept[table] || {{}}, rows);
      for (const [table, ids] of Object.entries(msg.drop || {{}})) for (const id of ids) if (kept[table]) delete kept[table][id];
      local.setItem(KEY, JSON.stringify(kept));
    }} catch (e) {{
      model.send({{ not_kept: String((e && e.name) || e) }});
    }}
  }};
  const download = (file) => {{
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file.text], {{ type: "application/json" }}));
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }};
  // The work sent to the class's app (another origin: the app lets this site's pages in), and
  // what came back; a device that cannot reach the app gives up after SEND_SECONDS.
  const send = async (work) => {{
    let status = 0, answer = {{}};
    const stop = new AbortController();
    const late = setTimeout(() => stop.abort(), {SEND_SECONDS * 1000});
    try {{
      const reply = await fetch(work.url, {{ method: "POST", headers: {{ "Content-Type": "application/json" }},
                                            body: work.text, credentials: "omit", cache: "no-store", signal: stop.signal }});
      status = reply.status;
      answer = await reply.json().catch(() => ({{}}));
    }} catch (e) {{
      status = 0;
    }}
    clearTimeout(late);
    model.send({{ sent: {{ status, answer }} }});
  }};
  const heard = (msg) => {{
    if (!msg) return;
    if (msg.download) download(msg.download);
    if (msg.send) send(msg.send);
    if (!local) return;
    if (typeof msg.remember === "string") local.setItem("minibridge-pupil", msg.remember);
    if (msg.forget) local.removeItem("minibridge-pupil");
    if (msg.aside) {{ local.setItem(KEY + "-damaged", record()); local.removeItem(KEY); }}
    if (msg.keep || msg.drop) keep(msg);
  }};
  // The cell the pupil last worked in (a table, a question), kept for this tab: after a reload
  // the page goes back there once it is told to (at once, or after "Are you Ben?"), scrolling
  // again while the cells above it are still drawn, until the pupil scrolls or clicks herself.
  const placeKey = "minibridge-place:" + location.pathname;
  const cells = () => [...document.querySelectorAll(".jp-Cell")];
  const keepPlace = (event) => {{
    const cell = event.target.closest && event.target.closest(".jp-Cell");
    const worked = event.target.closest(".mb-view, .jupyter-button, .widget-text, .widget-dropdown")
                   && !event.target.closest(".mb-page-bar");  // "Yes, I am Ben" is not a place
    if (session && cell && worked) session.setItem(placeKey, String(cells().indexOf(cell)));
  }};
  document.addEventListener("click", keepPlace, true);
  const goBack = () => {{
    const saved = session && session.getItem(placeKey);
    if (saved === null || saved === "-1") return;
    let left = 12, stopped = false;
    const stop = () => {{ stopped = true; }};
    for (const kind of ["wheel", "touchmove", "keydown", "mousedown"])
      window.addEventListener(kind, stop, {{ once: true, capture: true, passive: true }});
    const step = () => {{
      const cell = cells()[Number(saved)];
      if (stopped || !cell) return;
      cell.scrollIntoView({{ block: "start" }});
      if (--left > 0) setTimeout(step, 250);
    }};
    step();
  }};
  const told = (msg) => {{ if (msg && msg.back) goBack(); }};
  model.on("msg:custom", told);
  model.on("msg:custom", heard);
  const changed = (event) => {{ if (event.key === KEY) model.send({{ record: event.newValue || "" }}); }};
  window.addEventListener("storage", changed);
  const beat = setInterval(() => model.send({{ beat: true }}), {BEAT_SECONDS * 1000});
  return () => {{ clearInterval(beat); model.off("msg:custom", heard); model.off("msg:custom", told);
    document.removeEventListener("click", keepPlace, true); window.removeEventListener("storage", changed); }};
}}
export default {{ render }};
"""


class PupilMemory(anywidget.AnyWidget):
    """The browser's memory of the pupil: sends ``{"remembered": name, "tab": id, "record":
    text}`` when the page opens, ``{"record": text}`` when another tab changes the record,
    ``{"beat": true}`` while it stays open, and ``{"not_kept": why}`` if the browser refused to
    keep a change, and ``{"sent": {"status", "answer"}}`` when the class's app answered (status 0:
    it could not be reached); told ``{"remember": name}``, ``{"forget": true}``, ``{"keep": rows,
    "drop": ids}``, ``{"aside": true}`` (the record kept aside), ``{"download": {"name", "text"}}``
    or ``{"send": {"url", "text"}}``.
    It draws nothing."""

    _esm = ESM


class LessonPage:
    """The exercises and tables of the page in this kernel, and the pupil once named."""

    def __init__(self):
        self.exercises: list = []  # ExerciseWidgets, in the order the page shows them
        self.tables: dict[str, object] = {}  # set deal's name -> its table
        self._first_actions: dict[str, list] = {}  # each table's actions when it joined
        self.pupil: PupilProgress | None = None
        self.lesson: int | None = None  # the lesson's number, from its exercises
        self.tab = ""  # the browser tab, once the page is open
        self.offered = ""  # the name the browser remembered, asked about
        self._brought_back: set[str] = set()  # the parts already looked for in the store
        self.bar: widgets.VBox | None = None
        self.watchers: list = []  # told (name, table) of each table that joins (the teacher's screen)
        self.store = None  # where the page's exercises keep the pupil's progress
        self.sending: tuple[str, str] | None = None  # the work on its way to the class's app: (file name, text)

    # --- what the page holds ---
    def add_exercise(self, exercise) -> widgets.Widget | None:
        """An exercise joins the page; returns the page's bar when that exercise must show it
        (the first one, on a page without the place ``lesson_setup`` keeps at the top)."""
        if exercise.lesson is not None and self.lesson is None:
            self.lesson = exercise.lesson.number
        exercise.part = f"{_part_kind(exercise)} {sum(_part_kind(e) == _part_kind(exercise) for e in self.exercises) + 1}"
        self.exercises.append(exercise)
        if self.bar is not None or render.PREFERENCES.class_screen:  # the class screen asks nobody's name
            return None
        self.store = exercise.store
        self._make_bar()
        return None if show_at_top(self.bar) else self.bar

    def add_table(self, name: str, table) -> None:
        """A set deal's table joins the page: its moves are kept once the pupil is named."""
        self.tables[name] = table
        self._first_actions[name] = _json(table.actions)  # as dealt: nothing done yet
        table.on_move = lambda t, name=name: self._keep(f"table {name}", _json(t.actions))
        table.view.add_class(deal_class(name))  # before it is shown: the class screen finds it so
        if self.pupil is not None:
            self._bring_back_tables()
        for watch in self.watchers:
            watch(name, table)

    def _make_bar(self) -> None:
        self.memory = PupilMemory()
        self.memory.on_msg(self._from_browser)
        self.question = widgets.HTML()
        self.yes_button = widgets.Button(button_style="primary", icon="check")
        self.no_button = widgets.Button(icon="times")
        self.yes_button.on_click(lambda _: self.yes())
        self.no_button.on_click(lambda _: self.no())
        self.answer_row = widgets.HBox([self.yes_button, self.no_button])
        self.note = widgets.HTML()
        rows = [self.memory, self.question, self.answer_row, self.note]
        if isinstance(self.store, BrowserStore):  # the website: the work is kept in this browser
            self.store.connect(lambda message: self.memory.send(message))
            fit = widgets.Layout(width="auto")  # as wide as its words in either language
            self.hand_in_button = widgets.Button(description=say("ex_hand_in_button"), icon="download", layout=fit)
            self.hand_in_button.on_click(lambda _: self.hand_in())
            buttons = [self.hand_in_button]
            if settings.read().class_server:  # the site was built with the class's app's address
                self.send_button = widgets.Button(description=say("ex_send_button"), icon="paper-plane", layout=fit)
                self.send_button.on_click(lambda _: self.send())
                buttons.insert(0, self.send_button)
            rows.insert(3, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")))
        self.bar = widgets.VBox(rows)
        self.bar.add_class("mb-page-bar")
        self._ask("")

    # --- the browser ---
    def _from_browser(self, _widget, content, _buffers) -> None:
        """``{"remembered": name, "tab": id}`` once, then ``{"beat": true}``. Any message can be
        forged: a name is only offered ("Are you ...?"), never used without the pupil's Yes."""
        if not isinstance(content, dict):
            return
        tab = content.get("tab")
        if isinstance(tab, str) and 0 < len(tab) <= MAX_TAB and not self.tab:
            self.tab = tab
        remembered = content.get("remembered")
        if isinstance(remembered, str) and remembered and self.pupil is None:
            try:
                self._ask(check_pupil_name(remembered))
            except CardError:
                pass  # not a name: ask nothing
        if "record" in content and isinstance(self.store, BrowserStore):
            notice = self.store.load(content["record"])
            if notice:
                self.note.value = _para(notice)
        not_kept = content.get("not_kept")
        if isinstance(not_kept, str) and isinstance(self.store, BrowserStore):
            self.note.value = _para(say("ex_progress_not_saved", reason=not_kept[:MAX_TAB]))
        if "remembered" in content and not self.offered:
            self.memory.send({"back": True})  # nothing to ask: back to where the pupil worked
        if content.get("beat") is True:
            self.beat()
        if isinstance(content.get("sent"), dict):
            self._sent(content["sent"])

    def _ask(self, name: str) -> None:
        """Ask "Are you <name>?" (or hide the question: "")."""
        self.offered = name
        self.question.value = (f'<div style="font-weight:bold;font-size:1.2em">{html.escape(say("ex_are_you", name=name))}</div>'
                               if name else "")
        self.yes_button.description = say("ex_yes_i_am", name=name) if name else ""
        self.no_button.description = say("ex_no_i_am_not", name=name) if name else ""
        self.answer_row.layout.display = "flex" if name else "none"  # (on the website a null display is not sent on)

    def yes(self) -> None:
        """The pupil is who the browser remembered: every exercise takes the name."""
        name, self.offered = self.offered, ""
        if not name or self.pupil is not None:
            return
        for exercise in self.exercises:
            if exercise.pupil is None:
                exercise.name_box.value = name  # as if typed: the exercise opens the pupil's progress
        self.memory.send({"back": True})  # the tables are back: so is the pupil, at hers

    def no(self) -> None:
        """Someone else: forget the name in this browser; the page starts afresh."""
        self._ask("")
        self.memory.send({"forget": True, "back": True})
        self.note.value = _para(say("ex_not_you"))

    def hand_in(self) -> None:
        """The pupil's answers and quizzes downloaded as a file to give the teacher."""
        if self.pupil is None:
            self.note.value = _para(say("ex_hand_in_name_first"))
            return
        name, text = self.store.hand_in(self.pupil.name)
        self.memory.send({"download": {"name": name, "text": text}})
        self.note.value = _para(say("ex_handed_in", file=name))

    def send(self) -> None:
        """The pupil's answers and quizzes sent to the class's app (its address is in the
        site's settings); the browser says what came back (``_sent``)."""
        if self.pupil is None:
            self.note.value = _para(say("ex_hand_in_name_first"))
            return
        self.sending = self.store.hand_in(self.pupil.name)
        address = f"{settings.read().class_server.rstrip('/')}/{HAND_IN_PATH}?lang={current_language()}"
        self.memory.send({"send": {"url": address, "text": self.sending[1]}})
        self.note.value = _para(say("ex_sending"))

    def _sent(self, reply: dict) -> None:
        """What the class's app answered: the work arrived, or the pupil gets the file instead.
        The browser's message could be forged, but only to tell this pupil something."""
        if self.sending is None:
            return
        (name, text), self.sending = self.sending, None
        status, answer = reply.get("status"), reply.get("answer")
        answer = answer if isinstance(answer, dict) else {}
        added = [answer.get("answers"), answer.get("quizzes")]
        if status == 200 and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in added):
            self.note.value = _para(say("ex_sent", answers=added[0], quizzes=added[1]) if any(added)
                                    else say("ex_sent_nothing_new"))
            return
        self.memory.send({"download": {"name": name, "text": text}})
        refused = answer.get("refused")
        if status in (400, 503) and isinstance(refused, str) and refused:
            self.note.value = _para(say("ex_send_refused", reason=refused[:MAX_REASON], file=name))
        else:
            self.note.value = _para(say("ex_send_failed", file=name))

    # --- the pupil ---
    def named(self, exercise, pupil: PupilProgress) -> None:
        """An exercise has its pupil (typed, or Yes): the others take the name, the browser
        remembers it, and what the page held before comes back where nothing is done yet."""
        if self.pupil is None or self.pupil.key != pupil.key:
            self.pupil = pupil
            self._brought_back.clear()
            if self.bar is not None:
                self._ask("")
                self.note.value = ""
                self.memory.send({"remember": pupil.name})
        for other in self.exercises:
            if other.pupil is None and other is not exercise and other.store.directory == exercise.store.directory:
                other.name_box.value = pupil.name  # the other exercise takes the name as typed here
        self._bring_back(exercise)
        self._bring_back_tables()
        self.beat()

    def _saved(self) -> dict[str, object]:
        if self.pupil is None or self.lesson is None:
            return {}
        return self.pupil.page(self.lesson, self.tab)

    def _bring_back(self, exercise) -> None:
        if exercise.part in self._brought_back or exercise.lesson is None:
            return
        self._brought_back.add(exercise.part)
        state = self._saved().get(exercise.part)
        if state is not None and exercise.session.fresh:
            exercise.resume(state)
        self.kept(exercise)

    def _bring_back_tables(self) -> None:
        saved = None
        for name, table in self.tables.items():
            part = f"table {name}"
            if part in self._brought_back:
                continue
            self._brought_back.add(part)
            saved = self._saved() if saved is None else saved
            actions = saved.get(part)
            if isinstance(actions, list) and _json(table.actions) == self._first_actions[name]:
                table.replay(actions)  # the table checks each move with the rules, as when played
            self._keep(part, _json(table.actions))

    def kept(self, exercise) -> None:
        """Keep an exercise's state (after each answer and each new question)."""
        if exercise.lesson is not None and exercise.pupil is not None:
            self._keep(exercise.part, exercise.session.state())

    def _keep(self, part: str, state) -> None:
        if self.pupil is not None and self.lesson is not None:
            self.pupil.keep_page(self.lesson, self.tab, part, state)

    def beat(self) -> None:
        """This page is open: say so in the store, and say whether another page of the
        pupil's for this lesson is open too."""
        if self.pupil is None or self.lesson is None or self.bar is None:
            return
        others = self.pupil.beat(self.lesson, self.tab)
        twice = _para(say("ex_open_twice", name=self.pupil.name))
        if others:
            self.note.value = twice
        elif self.note.value == twice:  # other sentences (a file handed in) stay
            self.note.value = ""


def deal_class(name: str) -> str:
    """The CSS class of the view of a set deal's table on the page.

    >>> deal_class("5A"), deal_class("my deal")
    ('mb-deal-5A', 'mb-deal-my_deal')
    """
    return "mb-deal-" + re.sub(r"[^A-Za-z0-9_-]", "_", name)


def _json(actions) -> list:
    """A table's actions as JSON keeps them (lists, not tuples)."""
    return json.loads(json.dumps(list(actions)))


def _para(words: str) -> str:
    return f'<div style="color:#333;white-space:pre-wrap">{html.escape(words)}</div>'


_PAGE: tuple[int, LessonPage] | None = None  # (lesson_setup's count when it began, the page)


def this_page() -> LessonPage:
    """The page of this kernel (a kernel shows one lesson; running the lesson again from its
    first cell, ``lesson_setup()``, begins a new page)."""
    global _PAGE
    if _PAGE is None or _PAGE[0] != lesson_page.pages_set_up:
        _PAGE = (lesson_page.pages_set_up, LessonPage())
    return _PAGE[1]


def new_page() -> LessonPage:
    """Start another page in this kernel (tests: each one a fresh page)."""
    global _PAGE
    _PAGE = (lesson_page.pages_set_up, LessonPage())
    return _PAGE[1]


def _part_kind(exercise) -> str:
    """An exercise's part name on the page: "practice", "quiz" or "pre-check"."""
    if not exercise.is_quiz:
        return "practice"
    return "pre-check" if exercise.session.precheck else "quiz"
