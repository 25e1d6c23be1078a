"""The exercise widget: a thin ipywidgets view over Practice or Quiz.

The answer never reaches the browser before Check: the Question stays on the Python side,
the picture never marks the answer, and no choice starts on the right one. Every value
the browser sends is checked again here (in Voilà any message can be forged).

A lesson asks for its own exercises: ``ExerciseWidget(lesson=3)`` practises the lesson's
kinds, ``ExerciseWidget(lesson=3, quiz=True)`` is its quiz (the printed worksheet's
questions), ``ExerciseWidget(lesson=3, kinds=["hcp"])`` practises some of them.

>>> from exercises.widget import ExerciseWidget
>>> w = ExerciseWidget(kinds=["hcp"], seed=1)
>>> w.number_box.value = str(w.session.question.answer); w.check_button.click()
>>> w.feedback.value.count("✔")
1
"""
from __future__ import annotations

import os

import ipywidgets as widgets

from cardlib import Card, CardError, render, say, sentences
from cardlib.messages import plain
from card_tables.base import TableView
from exercises.course import lesson_of
from exercises.page import this_page
from exercises.browser_progress import progress_store
from exercises.question import Picture
from exercises.session import Practice, Quiz

TOGGLE_LIMIT = 5  # up to this many options show as buttons, more as a drop-down list
QUIZ_SIZE = 5  # a quiz's length when neither a lesson nor quiz_size says


class ExerciseWidget(widgets.VBox):
    """Practice (endless questions, hints, a second try, a streak) or a quiz (questions from
    the teacher's ``seed``, one try each, marked at the end), with the pupil's progress saved
    by name.

    ``lesson`` (a number or a notebook name) takes the kinds, and with ``quiz=True`` the
    quiz, with ``precheck=True`` the three-question pre-check at the lesson's start, from the
    course (exercises.course); without it, ``kinds``, ``seed`` and
    ``quiz_size`` say what to ask.

    >>> ExerciseWidget(lesson=6, quiz=True).session.questions == []
    False
    >>> ExerciseWidget(kinds=["score"], seed="5B", quiz_size=5).session.size
    5
    """

    def __init__(self, kinds=None, seed: int | str | None = None, quiz_size: int | None = None,
                 progress_dir: str | os.PathLike | None = None, theme: str | None = None,
                 scale: float | None = None, ask_name: bool = True, lesson: int | str | None = None,
                 quiz: bool = False, precheck: bool = False):
        self.lesson = None if lesson is None else lesson_of(lesson)
        if self.lesson is not None and (quiz or precheck):
            if kinds is not None or seed is not None or quiz_size is not None:
                raise CardError("ex_lesson_quiz_fixed", lesson=self.lesson.number)
            self.session: Practice | Quiz = self.lesson.precheck() if precheck else self.lesson.quiz()
        elif self.lesson is not None:
            if quiz_size is not None:
                raise CardError("ex_lesson_quiz_fixed", lesson=self.lesson.number)
            self.session = self.lesson.practice_session(kinds=kinds, seed=seed)
        elif quiz or quiz_size is not None:
            self.session = Quiz(seed=0 if seed is None else seed, size=quiz_size or QUIZ_SIZE, kinds=kinds)
        else:
            self.session = Practice(kinds=kinds, seed=seed)
        self.is_quiz = isinstance(self.session, Quiz)
        self.store = progress_store(progress_dir)
        self.theme = theme
        # What the pupil clicks or types in keeps the table's size (touch targets of 44 px and
        # more); the pictures shown with a question, which nobody clicks, take the talk's, smaller
        # on the projector, where the card table alone nearly fills the screen.
        self.picture_scale = render.PREFERENCES.talk_scale if scale is None else scale
        self.scale = scale = render.PREFERENCES.scale if scale is None else scale
        self._last_checked: object = None
        self._chosen_card: str | None = None
        self._question_drawn = None  # the card question whose cards the view shows
        self.card_buttons: dict[str, CardChoice] = {}  # the picture's cards, for card questions
        self.pupil = None  # the PupilProgress once a name is given
        self.part = ""  # its name on the page ("practice 1"), under which a reload finds it

        big = {"font_size": f"{1.1 * scale:g}em"}
        self.name_box = widgets.Text(placeholder=plain(say("ex_name_placeholder")), continuous_update=False,
                                     description=plain(say("ex_name_label")), style={"description_width": "initial"})
        self.name_button = widgets.Button(description=plain(say("ex_name_button")), icon="user")
        self.name_note = widgets.HTML()
        self.title = widgets.HTML()
        self.picture = widgets.HTML()
        # Card questions: the picture with its cards as buttons, in the tables' own view (one
        # way to click a card); a click comes back as a message, checked in _on_view_message.
        self.card_view = TableView()
        self.card_view.add_class("mb-exercise-cards")
        self.card_view.on_msg(self._on_view_message)
        self.prompt = widgets.HTML()
        self.rules_line = widgets.HTML()
        self.chosen_note = widgets.HTML()
        self.number_box = widgets.Text(placeholder=plain(say("ex_number_placeholder")), continuous_update=False,
                                       layout=widgets.Layout(width="10em"), style=big)
        self.choice = widgets.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.dropdown = widgets.Dropdown(options=[], value=None, description=plain(say("ex_number_placeholder")),
                                         style={"description_width": "initial"})  # a menu needs a name
        self.check_button = widgets.Button(description=plain(say("ex_check")), button_style="primary", icon="check")
        self.hint_button = widgets.Button(description=plain(say("ex_hint")), icon="lightbulb-o")
        self.new_button = widgets.Button(description=plain(say("ex_next" if self.is_quiz else "ex_new")),
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

        # The page: a name typed here is used by the page's other exercises, and what the
        # page held comes back after a reload (exercises.page).
        self.page = this_page()
        bar = self.page.add_exercise(self)
        rows = [bar] if bar is not None else []
        # The class screen asks no name and offers no hint: the class answers together, aloud.
        if ask_name and not render.PREFERENCES.class_screen:
            rows.append(widgets.HBox([self.name_box, self.name_button, self.name_note]))
        _visible(self.hint_button, not self.is_quiz and not render.PREFERENCES.class_screen)  # a quiz's review explains
        _visible(self.hint_box, not render.PREFERENCES.class_screen)  # nor why a quiz has no Hint button
        rows += [self.title, self.picture, self.card_view, self.prompt, self.rules_line,
                 widgets.HBox([self.number_box, self.choice, self.dropdown, self.check_button]),
                 self.chosen_note, self.feedback, self.hint_box,
                 widgets.HBox([self.hint_button, self.new_button]), self.streak]
        super().__init__(rows)
        self._show()

    # --- what the pupil does ---
    def check(self) -> None:
        """Check the answer in the box, the choice or the card clicked (the Check button, or Enter)."""
        question = self.session.question
        if question is None:
            return
        given = self._given()
        if given is None:
            self._say(say("ex_choose_first"), None)
            return
        if given == self._last_checked:
            return  # the same answer again (Enter, then the button): nothing new to say
        if self.is_quiz:
            position, before = self.session.position, list(self.session.answers)
            feedback = self.session.check(given)
            taken = self.session.answers[position] is not before[position]  # written down, or changed
            if taken:
                self._last_checked = given
            self._after_quiz_answer(feedback, taken)
            self.page.kept(self)
            return
        feedback = self.session.check(given)
        if feedback.attempted:
            self._last_checked = given
            self.page.kept(self)
        self._say(feedback.words, feedback.correct)
        if feedback.final and feedback.attempted:
            self.new_button.button_style = "primary"
            self.chosen_note.value = ""
        self._update_streak()

    def hint(self) -> None:
        """Show a hint (a quiz has none: its button is hidden, and a forged click gets the
        sentence saying why)."""
        self.hint_box.value = _para(self.session.hint(), "#444")

    def next(self) -> None:
        """A new question (practice), or the next one (quiz: skipping this one if it has no answer)."""
        self.session.next()
        self._show(self.session.moved if self.is_quiz else "")
        self.page.kept(self)

    def resume(self, state: dict) -> None:
        """Come back to what ``state`` (``session.state()`` kept by an earlier page) held:
        the same question with its answers, or the quiz so far; if it cannot be, say so."""
        try:
            self.session.resume(state)
        except CardError as error:
            self.name_note.value = _para(str(error), "#333")
            return
        self._show()
        if self.session.question is None:  # a finished quiz: _show drew its review
            return
        if self.is_quiz and self.session.answered:
            self._last_checked = self.session.state()["given"][self.session.position]
            self._say(sentences(say("ex_quiz_saved", number=self.session.number, size=self.session.size),
                                say("ex_quiz_go_on"), self._may_change()), None)
            self.new_button.button_style = "primary"
        elif not self.is_quiz:
            feedback = self.session.feedback or self.session.nudge
            if feedback is not None:
                self._say(feedback.words, feedback.correct)
            if self.session.answered:
                self.new_button.button_style = "primary"

    def choose_card(self, card: str) -> None:
        """Pick a card of the picture as the answer (what clicking it does); Check marks it.
        A card that is not in the picture gets a plain message and picks nothing."""
        if self.session.question is None or card not in self.card_buttons:
            self._refuse_card()
            return
        self._chosen_card = card
        self._draw_view()
        self.chosen_note.value = _para(say("ex_chose_card", card=card), render.PICKED, bold=True)

    def _refuse_card(self) -> None:
        # Said on the card line, so the feedback of the last Check stays as it was.
        self.chosen_note.value = _para(say("ex_card_not_here"), "#333")

    def _on_view_message(self, _view, content, _buffers) -> None:
        """A click in the picture: ``{"card": "SA"}`` (the card's letters), nothing else. In
        Voilà any message can be forged: anything but a card of this question is refused."""
        letters = content.get("card") if isinstance(content, dict) else None
        card = next((name for name, choice in self.card_buttons.items() if choice.letters == letters), None)
        if card is None:
            self._refuse_card()
            return
        self.choose_card(card)

    # --- drawing ---
    def _show(self, note: str = "") -> None:
        question = self.session.question
        self.hint_box.value = ""
        self._last_checked = None
        self._chosen_card = None
        self.chosen_note.value = ""
        self.new_button.button_style = ""
        if question is None:
            self._show_review()
            return
        if self.is_quiz:
            key = "ex_quiz_back_to" if self.session.position in self.session.skipped else "ex_question_number"
            self.title.value = _para(say(key, number=self.session.number, size=self.session.size),
                                     "#000", bold=True)
            self.hint_box.value = _para(self.session.hint(), "#555", size=0.9)  # why there is no Hint button
        else:
            self.title.value = ""
        by_card = question.answer_kind == "card" and any(what == "trick" for _, (what, _) in question.picture.rows)
        self._draw_cards(question if by_card else None)
        if by_card:
            self.chosen_note.value = _para(say("ex_click_card"), "#555")
        # buttons and a drop-down show plain text: a reading goes in brackets after its word
        options = [] if by_card else [(plain(label), value) for label, value in question.options]
        use_toggle = bool(options) and len(options) <= TOGGLE_LIMIT
        use_dropdown = bool(options) and not use_toggle
        if by_card or not question.picture.rows:
            self.picture.value = ""
        else:
            try:
                picture = question.picture_html(theme=self.theme, scale=self.picture_scale)
                # beside the question on the class screen (exercises.lesson_page), as the talk's small
                # pictures; a menu's long answers take the width under it instead
                self.picture.value = picture if use_dropdown else render.beside_html(picture)
            except CardError as error:  # a theme or scale the renderer does not know
                self.picture.value = _para(str(error), "#000")
        self.prompt.value = _para(question.prompt, "#000", size=1.2)
        self.rules_line.value = _para(question.rules_line, "#555", size=0.9) if question.rules_line else ""
        self.choice.options = options if use_toggle else []
        self.choice.value = None
        self.dropdown.options = options if use_dropdown else []
        self.dropdown.value = None
        self.number_box.value = ""
        _visible(self.number_box, not question.options)
        _visible(self.choice, use_toggle)
        _visible(self.dropdown, use_dropdown)
        _visible(self.picture, not by_card)
        _visible(self.card_view, by_card)
        self.check_button.disabled = False
        self._say(note, None)
        self._update_streak()

    def _draw_cards(self, question) -> None:
        """The trick with its cards as buttons: clicking one (or Tab to it, then Enter) picks it."""
        self._question_drawn = question
        self.card_buttons = {}
        if question is not None:
            for _, (what, data) in question.picture.rows:
                if what == "trick":
                    for _, card_text in data:
                        card = Card.parse(card_text)
                        self.card_buttons[str(card)] = CardChoice(self, str(card), card.letters)
        self._draw_view()

    def _draw_view(self) -> None:
        """Draw the card question's picture in the view (the chosen card ringed in blue)."""
        question = self._question_drawn
        if question is None:
            self.card_view.html = ""
            return
        parts = []
        try:
            for label, (what, data) in question.picture.rows:
                if label:
                    parts.append(_para(label, "#000", bold=True))
                if what == "trick":
                    parts.append(render.trick_choice_html(data, chosen=self._chosen_card,
                                                          theme=self.theme, scale=self.scale))
                else:
                    parts.append(Picture((("", (what, data)),)).html(theme=self.theme, scale=self.picture_scale))
        except CardError as error:  # a theme or scale the renderer does not know
            parts = [_para(str(error), "#000")]
        self.card_view.html = render.beside_html("".join(parts))

    def _given(self) -> object:
        question = self.session.question
        if self.card_buttons:
            return self._chosen_card
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

    def _after_quiz_answer(self, feedback, taken: bool) -> None:
        """A quiz answer is written down under its own question; until the pupil moves on
        with Next question (no jump) another answer replaces it, and the last answer brings
        the mark and the review."""
        quiz = self.session
        if quiz.finished:
            self._show_review(feedback.words)
            return
        if taken:
            self._say(sentences(feedback.words, say("ex_quiz_go_on"), self._may_change()), None)
            self.chosen_note.value = ""
            self.new_button.button_style = "primary"
        else:
            self._say(feedback.words, None)  # a typo: stay on this question
        self._update_streak()

    def _may_change(self) -> str:
        """How to change an answer before moving on: type another, or choose another (buttons, cards)."""
        return say("ex_quiz_may_change_choice" if self.session.question.options else "ex_quiz_may_change")

    def _show_review(self, words: str = "") -> None:
        quiz = self.session
        self.picture.value = ""
        self.prompt.value = ""
        self.rules_line.value = ""
        self.chosen_note.value = ""
        self._draw_cards(None)
        self.title.value = _para(quiz.result_words, "#000", bold=True, size=1.3)
        for box in (self.number_box, self.choice, self.dropdown):
            _visible(box, False)
        self.check_button.disabled = True
        self.new_button.disabled = True
        self.hint_box.value = _para(quiz.hint(), "#555", size=0.9)
        lines = []
        for question, answer in quiz.review():
            lines.append(f'<li style="white-space:pre-wrap">{render.text_html(question.prompt)}<br>'
                         f'{render.text_html(answer.words)}</li>')
        last = sentences(say("ex_quiz_saved", number=quiz.number, size=quiz.size), say("ex_quiz_last_written"))
        note = f"<p>{render.text_html(last)}</p>" if words else ""
        if quiz.notice:
            note += f"<p>{render.text_html(quiz.notice)}</p>"
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
        if isinstance(self.session, Practice):  # the streak stays this practice's; the best is the pupil's
            self.session.progress = pupil
            self.session.best_streak = max(self.session.best_streak, pupil.best_streak)
        else:
            self.session.progress = pupil
        self.pupil = pupil
        self.name_note.value = ""
        self.page.named(self, pupil)  # may say instead that the saved work could not come back
        # The greeting last: once the pupil sees it, the browser has been told the name and the
        # page's work is kept, so a reload at once still asks "Are you ...?" and brings it back.
        if not self.name_note.value:
            words = say("ex_hello", name=pupil.name)
            self.name_note.value = _para(sentences(pupil.notice, words), "#333")
        self._update_streak()

    def _on_enter(self, change) -> None:
        # continuous_update=False: the value arrives when the pupil presses Enter (or leaves the box)
        if change["new"].strip():
            self.check()


class CardChoice:
    """One card of a card question, a ``<button>`` in the exercise's view. ``click()`` sends
    the message a pupil's click sends (the card's letters), so code and tests answer the
    way a pupil does.

    >>> from exercises.widget import ExerciseWidget
    >>> w = ExerciseWidget(kinds=["trick"], seed=2, ask_name=False)
    >>> card = w.card_buttons[w.session.question.answer]; card.click(); card.chosen
    True
    """

    def __init__(self, widget: ExerciseWidget, card: str, letters: str):
        self.widget, self.card, self.letters = widget, card, letters

    @property
    def chosen(self) -> bool:
        return self.widget._chosen_card == self.card

    @property
    def tooltip(self) -> str:
        return render.card_words(self.card)

    def click(self) -> None:
        self.widget._on_view_message(self.widget.card_view, {"card": self.letters}, [])

    def __repr__(self) -> str:
        return f"CardChoice({self.card!r})"


def _visible(widget: widgets.Widget, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


def _para(words: str, colour: str, bold: bool = False, size: float = 1.0) -> str:
    # ``size`` is in em of the page's text, never times the scale: on a projector the lesson's
    # style sheet (exercises.lesson_page) already makes that text big; the scale is for pictures.
    weight = "font-weight:bold;" if bold else ""
    return f'<div style="color:{colour};{weight}font-size:{size:g}em;white-space:pre-wrap">{render.text_html(words)}</div>'
