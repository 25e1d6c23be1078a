"""The exercise widget: a thin ipywidgets view over Practice or Quiz.

The answer never reaches the browser before Check: the Question stays on the Python side,
the picture never marks the answer, and no choice starts on the right one. Every value
the browser sends is checked again here (in Voilà any message can be forged).

>>> from exercises.widget import ExerciseWidget
>>> w = ExerciseWidget(kinds=["hcp"], seed=1)
>>> w.number_box.value = str(w.session.question.answer); w.check_button.click()
>>> w.feedback.value.count("✔")
1
"""
from __future__ import annotations

import html
import os
import weakref

import ipywidgets as widgets

from cardlib import render

from cardlib import CardError, say
from exercises.progress import ProgressStore
from exercises.session import Practice, Quiz

TOGGLE_LIMIT = 5  # up to this many options show as buttons, more as a drop-down list
# Every exercise on a page: a name typed into one is used by the others still without one,
# so a pupil types their name once per lesson.
_ON_THE_PAGE: weakref.WeakSet = weakref.WeakSet()


class ExerciseWidget(widgets.VBox):
    """Practice (endless questions, hints, a streak) or a quiz (``quiz_size`` questions from
    the teacher's ``seed``, marked at the end), with the pupil's progress saved by name.

    >>> ExerciseWidget(kinds=["score"], seed="5B", quiz_size=5).session.size
    5
    """

    def __init__(self, kinds=None, seed: int | str | None = None, quiz_size: int | None = None,
                 progress_dir: str | os.PathLike | None = None, theme: str | None = None,
                 scale: float | None = None, ask_name: bool = True):
        if quiz_size is None:
            self.session: Practice | Quiz = Practice(kinds=kinds, seed=seed)
        else:
            self.session = Quiz(seed=0 if seed is None else seed, size=quiz_size, kinds=kinds)
        self.store = ProgressStore(progress_dir)
        self.theme = theme
        self.scale = scale = render.PREFERENCES.scale if scale is None else scale
        self._last_checked: object = None
        self.pupil = None  # the PupilProgress once a name is given
        _ON_THE_PAGE.add(self)
        self._just_moved = False  # a quiz answer moved us on: an empty Check right after is ignored

        big = {"font_size": f"{1.1 * scale:g}em"}
        self.name_box = widgets.Text(placeholder=say("ex_name_placeholder"), continuous_update=False,
                                     description=say("ex_name_label"), style={"description_width": "initial"})
        self.name_button = widgets.Button(description=say("ex_name_button"), icon="user")
        self.name_note = widgets.HTML()
        self.title = widgets.HTML()
        self.picture = widgets.HTML()
        self.prompt = widgets.HTML()
        self.number_box = widgets.Text(placeholder=say("ex_number_placeholder"), continuous_update=False,
                                       layout=widgets.Layout(width="10em"), style=big)
        self.choice = widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.dropdown = widgets.Dropdown(options=[], value=None)
        self.check_button = widgets.Button(description=say("ex_check"), button_style="primary", icon="check")
        self.hint_button = widgets.Button(description=say("ex_hint"), icon="lightbulb-o")
        self.new_button = widgets.Button(description=say("ex_new" if quiz_size is None else "ex_next"),
                                         icon="arrow-right")
        self.feedback = widgets.HTML()
        self.hint_box = widgets.HTML()
        self.streak = widgets.HTML()

        self.name_box.observe(self._on_name, names="value")
        self.name_button.on_click(lambda _: self._use_name(self.name_box.value))
        self.number_box.observe(self._on_enter, names="value")
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.new_button.on_click(lambda _: self.next())

        rows = []
        if ask_name:
            rows.append(widgets.HBox([self.name_box, self.name_button, self.name_note]))
        rows += [self.title, self.picture, self.prompt,
                 widgets.HBox([self.number_box, self.choice, self.dropdown, self.check_button]),
                 self.feedback, self.hint_box,
                 widgets.HBox([self.hint_button, self.new_button]), self.streak]
        super().__init__(rows)
        self._show()

    # --- what the pupil does ---
    def check(self) -> None:
        """Check the answer in the box or the choice (the Check button, or Enter)."""
        question = self.session.question
        if question is None:
            return
        given = self._given()
        if self._just_moved and given == "":
            return
        if given is None:
            self._say(say("ex_choose_first"), None)
            return
        if self.session.answered and given == self._last_checked and question is self.session.question:
            return  # the same answer again (Enter, then the button): nothing new to say
        before = question
        feedback = self.session.check(given)
        if feedback.attempted or isinstance(self.session, Quiz):
            self._last_checked = given
        if isinstance(self.session, Quiz):
            self._after_quiz_answer(before, feedback)
            return
        self._say(feedback.words, feedback.correct)
        self._update_streak()

    def hint(self) -> None:
        """Show a hint (in a quiz: only once it is finished)."""
        self.hint_box.value = _para(self.session.hint(), "#444")

    def next(self) -> None:
        """A new question (practice) or the next one (quiz)."""
        self.session.next()
        self._show()

    # --- drawing ---
    def _show(self, note: str = "") -> None:
        question = self.session.question
        self.hint_box.value = ""
        self._last_checked = None
        self._just_moved = False
        if question is None:
            self._show_review()
            return
        if isinstance(self.session, Quiz):
            self.title.value = _para(say("ex_question_number", number=self.session.position + 1,
                                         size=self.session.size), "#000", bold=True)
            self.hint_button.disabled = True
        else:
            self.title.value = ""
        try:
            self.picture.value = question.picture_html(theme=self.theme, scale=self.scale)
        except CardError as error:  # a theme or scale the renderer does not know
            self.picture.value = _para(str(error), "#000")
        self.prompt.value = _para(question.prompt, "#000", size=1.2 * self.scale)
        options = list(question.options)
        use_toggle = bool(options) and len(options) <= TOGGLE_LIMIT
        use_dropdown = bool(options) and not use_toggle
        self.choice.options = options if use_toggle else []
        self.choice.value = None
        self.dropdown.options = options if use_dropdown else []
        self.dropdown.value = None
        self.number_box.value = ""
        _visible(self.number_box, not options)
        _visible(self.choice, use_toggle)
        _visible(self.dropdown, use_dropdown)
        self.check_button.disabled = False
        self._say(note, None)
        self._update_streak()

    def _given(self) -> object:
        question = self.session.question
        if not question.options:
            return self.number_box.value
        source = self.choice if len(question.options) <= TOGGLE_LIMIT else self.dropdown
        return source.value

    def _say(self, words: str, correct: bool | None) -> None:
        colour = {True: "#1B5E20", False: "#B71C1C", None: "#333"}[correct]
        self.feedback.value = (f'<div role="status" aria-live="polite">{_para(words, colour, bold=correct is not None)}</div>'
                               if words else "")

    def _update_streak(self) -> None:
        if isinstance(self.session, Practice):
            self.streak.value = _para(self.session.score_words, "#333")
        else:
            done = sum(1 for a in self.session.answers if a is not None)
            self.streak.value = _para(say("ex_quiz_progress", done=done, size=self.session.size), "#333")

    def _after_quiz_answer(self, question, feedback) -> None:
        quiz = self.session
        if not feedback.attempted and quiz.answers[quiz.position] is None and not quiz.finished:
            self._say(feedback.words, None)  # a typo: stay on this question
            return
        if quiz.finished:
            self._show_review(feedback.words)
            return
        quiz.next()
        self._show(feedback.words)
        self._just_moved = True

    def _show_review(self, words: str = "") -> None:
        quiz = self.session
        self.picture.value = ""
        self.prompt.value = ""
        self.title.value = _para(quiz.result_words, "#000", bold=True, size=1.3 * self.scale)
        for box in (self.number_box, self.choice, self.dropdown):
            _visible(box, False)
        self.check_button.disabled = True
        self.new_button.disabled = True
        self.hint_button.disabled = False
        lines = []
        for number, (question, answer) in enumerate(quiz.review(), start=1):
            lines.append(f"<li>{html.escape(question.prompt)}<br>{html.escape(answer.words)}</li>")
        note = f"<p>{html.escape(quiz.notice)}</p>" if quiz.notice else ""
        self.feedback.value = f'<div role="status" aria-live="polite">{note}<ol>{"".join(lines)}</ol></div>'
        self._update_streak()

    # --- the pupil's name ---
    def _on_name(self, change) -> None:
        if change["new"]:
            self._use_name(change["new"])

    def _use_name(self, name: str) -> None:
        try:
            pupil = self.store.open(name)
        except CardError as error:
            self.name_note.value = _para(str(error), "#B71C1C")
            return
        if isinstance(self.session, Practice):
            self.session.progress = pupil
            self.session.streak = pupil.streak
            self.session.best_streak = max(self.session.best_streak, pupil.best_streak)
        else:
            self.session.progress = pupil
        words = say("ex_hello", name=pupil.name)
        self.name_note.value = _para(f"{pupil.notice} {words}".strip(), "#333")
        self._update_streak()
        self.pupil = pupil
        for other in list(_ON_THE_PAGE):
            if other.pupil is None and other.store.directory == self.store.directory:
                other.name_box.value = pupil.name  # the other exercise takes the name as typed here

    def _on_enter(self, change) -> None:
        # continuous_update=False: the value arrives when the pupil presses Enter (or leaves the box)
        if change["new"].strip():
            self._just_moved = False
            self.check()


def _visible(widget: widgets.Widget, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


def _para(words: str, colour: str, bold: bool = False, size: float = 1.0) -> str:
    weight = "font-weight:bold;" if bold else ""
    return f'<div style="color:{colour};{weight}font-size:{size:g}em;white-space:pre-wrap">{html.escape(words)}</div>'
