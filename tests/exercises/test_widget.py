"""The exercise widget driven from Python as a pupil would (set .value, click), with
forged browser messages, and a walk over everything it would send to the browser."""
from __future__ import annotations

import json
import re

import ipywidgets as widgets
import pytest
from traitlets import TraitError

from cardlib import Card, CardError, render

from exercises import ProgressStore
from exercises.course import COURSE
from exercises.kinds import ALL_KINDS
from exercises.widget import ExerciseWidget

SEEDS = range(8)


def answer_with(w: ExerciseWidget, value) -> None:
    """Put an answer where the pupil would (box or choice), without pressing Check."""
    q = w.session.question
    if w.card_buttons:
        w.card_buttons[value].click()
    elif not q.options:
        w.number_box.unobserve_all("value")  # type without the Enter key
        w.number_box.value = str(value)
        w.number_box.observe(w._on_enter, names="value")
    elif len(q.options) <= 5:
        w.choice.value = value
    else:
        w.dropdown.value = value


def a_wrong_answer(q, n=0):
    if q.answer_kind == "number":
        return q.answer + 1 + n
    if q.answer_kind == "percent":
        return q.answer + 1 + n if q.answer < 99 - n else q.answer - 1 - n
    if q.answer_kind == "fraction":
        return q.answer / (2 + n)
    return [v for _, v in q.options if v not in q.accepted][n]


def all_widgets(root: widgets.Widget):
    """Every widget reachable from root: children, and each one's layout and style."""
    seen, todo = [], [root]
    while todo:
        w = todo.pop()
        if any(w is s for s in seen):
            continue
        seen.append(w)
        todo += list(getattr(w, "children", ()))
        todo += [v for v in (getattr(w, "layout", None), getattr(w, "style", None)) if isinstance(v, widgets.Widget)]
    return seen


def browser_text(root: widgets.Widget) -> str:
    """Every widget state the page gets, less the card view's program (its script and style, the
    same for every question: its key names, such as ArrowRight, are not an answer)."""
    return "\n".join(json.dumps({k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")},
                                 ensure_ascii=False, default=str) for w in all_widgets(root))


def visible_input(w: ExerciseWidget):
    return [box for box in (w.number_box, w.choice, w.dropdown, w.card_view) if box.layout.display != "none"]


# --- answering ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL_KINDS)
def test_right_and_wrong_answers_through_the_widget(kind, tmp_path):
    for seed in SEEDS:
        w = ExerciseWidget(kinds=[kind], seed=seed, progress_dir=tmp_path)
        q = w.session.question
        assert len(visible_input(w)) == 1
        answer_with(w, q.answer)
        w.check_button.click()
        assert "✔" in w.feedback.value and "Streak: 1 in a row" in w.streak.value
        w.new_button.click()
        q = w.session.question
        assert w.feedback.value == "" and w.choice.value is None and w.number_box.value == ""
        answer_with(w, a_wrong_answer(q))
        w.check_button.click()
        assert "✘" in w.feedback.value
        if q.tries == 2:  # the slip named and a nudge, the answer kept back
            assert "Have another go" in w.feedback.value and "Streak: 1 in a row" in w.streak.value
            assert _escaped(q.explanation) not in w.feedback.value and "The answer is" not in w.feedback.value
            answer_with(w, a_wrong_answer(q, 1))
            w.check_button.click()
        assert "Streak: 0 in a row (best 1)" in w.streak.value
        assert _escaped(q.right_answer) in w.feedback.value and "Have another go" not in w.feedback.value


def _escaped(text: str) -> str:
    import html

    return html.escape(text)


def test_enter_in_the_box_checks_once(tmp_path):
    w = ExerciseWidget(kinds=["hcp"], seed=1, progress_dir=tmp_path)
    w.number_box.value = str(w.session.question.answer)  # continuous_update=False: this is Enter
    assert "✔" in w.feedback.value
    w.check_button.click()  # the button after Enter: no second count
    assert w.session.tried == 1 and w.session.streak == 1 and "already" not in w.feedback.value


@pytest.mark.parametrize("bad", ["tenn", "", "1O", "9999999999", "１O", "x" * 200_000])
def test_bad_typing_gets_a_kind_message_and_changes_nothing(bad, tmp_path):
    w = ExerciseWidget(kinds=["score"], seed=3, progress_dir=tmp_path)
    w.number_box.value = str(w.session.question.answer)
    streak_before = w.streak.value
    w.new_button.click()
    question = w.session.question
    w.number_box.set_state({"value": bad})  # as the browser sends it
    w.check_button.click()
    assert "✔" not in w.feedback.value and "✘" not in w.feedback.value
    assert len(w.feedback.value) < 2000
    assert w.session.question is question and w.session.tried == 1 and w.streak.value == streak_before
    if bad == "1O":
        assert "&#x27;1O&#x27; is not a number: type digits like 12." in w.feedback.value
    w.number_box.value = str(question.answer)
    assert "✔" in w.feedback.value and w.session.streak == 2


def test_full_width_and_minus_signs_through_the_box():
    for seed in range(30):
        w = ExerciseWidget(kinds=["score"], seed=seed)
        n = w.session.question.answer
        typed = ("−" if n < 0 else "") + "".join(chr(ord(d) + 0xFEE0) for d in str(abs(n)))
        w.number_box.value = f" {typed} "
        assert "✔" in w.feedback.value, typed


def test_choice_needs_a_choice():
    w = ExerciseWidget(kinds=["declarer"], seed=2)
    w.check_button.click()
    assert "Choose an answer first" in w.feedback.value and w.session.tried == 0


# --- forged messages ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["declarer", "may_play", "contract"])
def test_forged_choices_are_refused_calmly(kind):
    w = ExerciseWidget(kinds=[kind], seed=4)
    source = w.dropdown if kind == "contract" else w.choice
    for forged in ({"index": 99}, {"index": -5}, {"index": "♠A"}, {"index": 10**12}):
        with pytest.raises(TraitError):
            source.set_state(forged)
        assert source.value is None
    # the same forgery arriving as a comm message from the browser: logged by ipywidgets, state unchanged
    source._handle_msg({"content": {"data": {"method": "update", "state": {"index": 99}, "buffer_paths": []}}})
    assert source.value is None
    w.check_button.click()
    assert w.session.tried == 0 and "Choose an answer first" in w.feedback.value


def test_a_forged_value_past_the_options_is_refused_by_the_check():
    w = ExerciseWidget(kinds=["declarer"], seed=1)
    for forged in ("Z", "forged"):  # as if the options had been tampered with
        w.choice.options = list(w.session.question.options) + [(forged, forged)]
        w.choice.value = forged
        w.check_button.click()
        assert "is not a seat" in w.feedback.value
        assert w.session.tried == 0 and w.session.tries_used == 0 and "✘" not in w.feedback.value


def card_buttons_in(html: str) -> dict[str, str]:
    """The card buttons of the view's HTML, as the browser has them: letters -> their tag."""
    return {m.group(1): m.group(0) for m in re.finditer(r'<button[^>]*data-card="(\w+)"[^>]*>', html)}


def test_card_questions_are_answered_by_clicking_the_card_in_the_picture(tmp_path):
    """Lesson 1's "Which card wins the trick?": the big cards are the buttons, no small ones,
    drawn in the tables' own view; a click comes back as the card's letters."""
    w = ExerciseWidget(lesson=1, kinds=["trick:no_trumps"], seed=2, progress_dir=tmp_path)
    q = w.session.question
    assert sorted(w.card_buttons) == sorted(v for _, v in q.options)
    assert visible_input(w) == [w.card_view] and w.picture.layout.display == "none"
    buttons = card_buttons_in(w.card_view.html)
    assert sorted(buttons) == sorted(Card.parse(v).letters for _, v in q.options)
    for tag in buttons.values():  # real buttons: Tab to one, Enter clicks it; named for screen readers
        assert "disabled" not in tag and 'aria-pressed="false"' in tag and 'title="' in tag
    w.check_button.click()
    assert "Choose an answer first" in w.feedback.value and w.session.tries_used == 0
    w.card_view._handle_custom_msg({"card": Card.parse(q.answer).letters}, [])  # the browser's click
    assert f"You chose {q.answer}" in w.chosen_note.value
    chosen = [letters for letters, tag in card_buttons_in(w.card_view.html).items() if 'aria-pressed="true"' in tag]
    assert chosen == [Card.parse(q.answer).letters]  # the chosen card is ringed, only that one
    w.check_button.click()
    assert "✔" in w.feedback.value and w.session.right == 1
    right = w.feedback.value
    old = dict(w.card_buttons)
    w.new_button.click()
    assert not any('aria-pressed="true"' in tag for tag in card_buttons_in(w.card_view.html).values())
    stale = next(c for name, c in old.items() if name not in w.card_buttons)
    stale.click()  # a click on the last question's card (a forged message) picks nothing
    assert "not one of the cards in the picture" in w.chosen_note.value
    w.check_button.click()
    assert "Choose an answer first" in w.feedback.value and w.session.tries_used == 0
    assert right != w.feedback.value


def test_on_the_class_screen_a_questions_picture_is_drawn_at_the_talks_size_and_its_cards_to_click_keep_the_tables(
        monkeypatch, tmp_path):
    """The projector: the hands shown with a question take the talk's size, smaller than the card
    table's, with corners still readable at the back; the cards a pupil clicks (44 px touch
    targets and more) and the answer box keep the table's size."""
    before = ExerciseWidget(kinds=["trick:no_trumps"], seed=2, progress_dir=tmp_path)
    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment(
        {"MINIBRIDGE_PROJECTOR": "1", "MINIBRIDGE_AUDIENCE": "pupils"}))
    shown = ExerciseWidget(kinds=["sure_winners"], seed=1, progress_dir=tmp_path)
    talk, table = render.PREFERENCES.talk_scale, render.PREFERENCES.scale
    assert talk < table
    widths = {float(w) for w in re.findall(r'role="img"[^>]*?width:([\d.]+)px', shown.picture.value)}
    assert widths == {round(60 * talk)}  # every card of the hands, none at the table's 120 px
    corner = round(17 * talk)
    assert corner >= 16 and f"font-size:{corner}px" in shown.picture.value
    assert shown.number_box.style.font_size == f"{1.1 * table:g}em"
    clicked = ExerciseWidget(kinds=["trick:no_trumps"], seed=2, progress_dir=tmp_path)
    assert f"--u:min({render.UNIT * table:g}px" in clicked.card_view.html  # the table's unit, as before
    assert f"--u:min({render.UNIT * before.scale:g}px" in before.card_view.html and before.scale <= table
    assert card_buttons_in(clicked.card_view.html).keys() == card_buttons_in(before.card_view.html).keys()
    given = ExerciseWidget(kinds=["sure_winners"], seed=1, scale=1.5, progress_dir=tmp_path)
    assert given.picture_scale == given.scale == 1.5  # a scale given is kept for both


def test_the_class_screen_says_nothing_about_hints(monkeypatch, tmp_path):
    """The class screen has no Hint button, so its quiz does not say why it has none."""
    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment(
        {"MINIBRIDGE_PROJECTOR": "1", "MINIBRIDGE_AUDIENCE": "pupils"}))
    quiz = ExerciseWidget(lesson=1, quiz=True, progress_dir=tmp_path)
    assert quiz.hint_button.layout.display == quiz.hint_box.layout.display == "none"
    assert quiz.title.value and quiz.new_button.layout.display != "none"  # the teacher goes through the questions


@pytest.mark.parametrize("forged", [{"card": "S2X"}, {"card": ["SA"]}, {"card": None}, {"action": "check", "value": ""},
                                    "junk", ["SA"], {}, {"card": "♠A"}])
def test_forged_card_messages_get_a_plain_answer_and_change_nothing(tmp_path, forged):
    w = ExerciseWidget(kinds=["manille_trick"], seed=4, progress_dir=tmp_path)
    q = w.session.question
    w.card_buttons[a_wrong_answer(q)].click()
    w.check_button.click()
    picked, html_before, feedback = w._chosen_card, w.card_view.html, w.feedback.value
    w.card_view._handle_custom_msg(forged, [])
    assert "not one of the cards in the picture" in w.chosen_note.value and "Traceback" not in w.chosen_note.value
    assert (w._chosen_card, w.card_view.html, w.feedback.value) == (picked, html_before, feedback)
    assert w.session.tries_used == 1 and w.session.question is q


def test_lesson_exercises_come_from_the_course(tmp_path):
    for lesson in COURSE:
        practice = ExerciseWidget(lesson=lesson.number, progress_dir=tmp_path)
        assert practice.session.kinds == lesson.practice and practice.session.lesson == lesson.number
        quiz = ExerciseWidget(lesson=lesson.notebook, quiz=True, progress_dir=tmp_path)
        assert [q.prompt for q in quiz.session.questions] == [q.prompt for q in lesson.quiz().questions]
    assert ExerciseWidget(lesson=3, kinds=["hcp"]).session.kinds == ("hcp",)
    assert ExerciseWidget(lesson=6, kinds=["score:club"]).session.question.kind == "score:club"
    with pytest.raises(CardError, match="not practised in lesson 3"):
        ExerciseWidget(lesson=3, kinds=["score"])
    with pytest.raises(CardError, match="same for every pupil"):
        ExerciseWidget(lesson=3, quiz=True, seed="mine")
    with pytest.raises(CardError, match="not a lesson"):
        ExerciseWidget(lesson=99)


def test_a_forged_hint_click_in_a_quiz_gives_no_hint():
    w = ExerciseWidget(seed="5B", quiz_size=3)
    assert w.hint_button.layout.display == "none" and "No hints during the quiz" in w.hint_box.value
    w.hint_button.click()  # a click message still arrives if forged
    assert "No hints during the quiz" in w.hint_box.value
    assert w.session.question.hint not in w.hint_box.value


# --- nothing of the answer reaches the browser before Check -------------------------------

@pytest.mark.parametrize("kind", ALL_KINDS)
def test_no_answer_or_explanation_in_the_browser_before_check(kind):
    for seed in SEEDS:
        w = ExerciseWidget(kinds=[kind], seed=seed, theme="four-colour", scale=2)
        q = w.session.question
        text = browser_text(w)
        assert q.explanation not in text
        assert json.dumps(q.explanation, ensure_ascii=False)[1:-1] not in text
        for mark in ("✔", "✘", "Right", "Not quite", "wins:"):
            assert mark not in text
        assert w.choice.value is None and w.dropdown.value is None and w.number_box.value == ""
        assert w.choice.index is None and w.dropdown.index is None
        if q.answer_kind == "card":
            assert "· wins" not in text and "gold" not in text.lower()
        if q.answer_kind == "card" and any(what == "trick" for _, (what, _) in q.picture.rows):  # answered by a click
            tags = card_buttons_in(w.card_view.html).values()  # no card stands out
            assert len(tags) == 4 and len({re.sub(r'data-card="\w+"|title="[^"]*"|aria-label="[^"]*"|color:#\w+', '', t) for t in tags}) == 1
        answer_with(w, a_wrong_answer(q))
        w.check_button.click()
        after = browser_text(w)
        if q.tries == 2:  # a first wrong answer: still no answer in the browser
            assert "✘" in after and q.explanation not in after and "The answer is" not in after
            answer_with(w, a_wrong_answer(q, 1))
            w.check_button.click()
            after = browser_text(w)
        assert json.dumps(_escaped(q.explanation), ensure_ascii=False)[1:-1] in after and "✘" in after  # the walk sees it


def test_a_typo_reveals_nothing():
    w = ExerciseWidget(kinds=["hcp"], seed=8)
    w.number_box.value = "tenn"
    text = browser_text(w)
    assert w.session.question.explanation not in text and "✘" not in text


# --- quiz mode ---------------------------------------------------------------------------

def test_quiz_widget_marks_out_of_n_at_the_end(tmp_path):
    w = ExerciseWidget(seed="class 5B", quiz_size=4, progress_dir=tmp_path)
    w.name_box.value = "Aiko"
    same = ExerciseWidget(seed="class 5B", quiz_size=4)
    assert [q.prompt for q in w.session.questions] == [q.prompt for q in same.session.questions]
    assert "Question 1 of 4" in w.title.value
    for i in range(4):
        q = w.session.question
        answer_with(w, q.answer if i != 1 else a_wrong_answer(q))
        w.check_button.click()
        assert "✔" not in w.feedback.value.split("<ol>")[0] and "✘" not in w.feedback.value.split("<ol>")[0]
        if i < 3:  # written down under its own question, then a clear step on
            assert f"Question {i + 1} of 4" in w.title.value and q is w.session.question
            assert f"Answer to question {i + 1} of 4 written down" in w.feedback.value
            assert "Press Next question" in w.feedback.value and "change it" in w.feedback.value
            assert w.new_button.button_style == "primary"
            w.new_button.click()
            assert f"Question {i + 2} of 4" in w.title.value and w.feedback.value == ""
            assert not w.check_button.disabled
    assert "Quiz finished: 3 out of 4." in w.title.value
    assert "Answer to question 4 of 4 written down" in w.feedback.value
    assert w.feedback.value.count("<li") == 4 and w.feedback.value.count("✔") == 3 and w.feedback.value.count("✘") == 1
    assert w.check_button.disabled and w.hint_button.layout.display == "none"
    assert "There is no Hint button in a quiz" in w.hint_box.value  # said in words, once it is over
    w.check_button.click()  # a forged click after the end changes nothing
    assert w.session.mark == 3
    assert ProgressStore(tmp_path).open("Aiko").quizzes[0]["mark"] == 3


def test_quiz_typo_stays_on_the_question():
    w = ExerciseWidget(kinds=["hcp"], seed="q", quiz_size=2)
    first = w.session.question
    w.number_box.value = "1O"
    assert w.session.question is first and "is not a number" in w.feedback.value
    w.number_box.value = str(first.answer)
    assert w.session.question is first and "Answer to question 1 of 2 written down" in w.feedback.value
    w.check_button.click()  # the click right after Enter: the same answer, nothing new
    assert "Answer to question 1 of 2 written down" in w.feedback.value
    w.number_box.value = str(first.answer + 1)  # a change of mind before moving on: it is taken
    assert "Answer to question 1 of 2 changed" in w.feedback.value and not w.session.answers[0].correct


def test_a_quiz_answer_corrected_before_moving_on_is_the_one_recorded_and_marked(tmp_path):
    """Lesson 6's exit quiz: "ten", Check, then the right number, Check. The second answer
    is what the screen says was written down, what the review marks, and what the class's
    record holds (one answer, not two)."""
    w = ExerciseWidget(lesson=6, quiz=True, progress_dir=tmp_path)
    w.name_box.value = "Ben"
    first = w.session.question
    assert first.answer_kind == "number" and first.answer != 10
    w.number_box.value = "ten"
    w.check_button.click()
    assert "Answer to question 1 of 5 written down" in w.feedback.value
    assert [a.correct for a in ProgressStore(tmp_path).answers()] == [False]
    w.number_box.value = str(first.answer)
    w.check_button.click()
    assert "Answer to question 1 of 5 changed" in w.feedback.value
    assert [a.correct for a in ProgressStore(tmp_path).answers()] == [True]
    w.new_button.click()  # moving on makes it final: question 2 now
    assert "Question 2 of 5" in w.title.value
    for _ in range(4):
        answer_with(w, a_wrong_answer(w.session.question))
        w.check_button.click()
        w.new_button.click()
    assert "Quiz finished: 1 out of 5." in w.title.value
    review = w.feedback.value.split("<li")[1]
    assert "✔" in review and "you said 10" not in review
    answers = ProgressStore(tmp_path).answers()
    assert [a.correct for a in answers] == [True, False, False, False, False]
    assert ProgressStore(tmp_path).open("Ben").quizzes[0]["mark"] == 1
    from teacher.class_view import ClassView

    cell = ClassView(tmp_path).cell("Ben", 6)  # the teacher's class view counts the last answer given
    assert (cell.answers, cell.right, cell.quiz) == (5, 1, (1, 5))


def test_a_skip_is_said_in_words_and_the_quiz_comes_back_to_it():
    w = ExerciseWidget(lesson=4, quiz=True)
    first = w.session.question
    w.new_button.click()
    assert "Question 1 skipped: you can come back to it." in w.feedback.value
    assert "Question 2 of 5" in w.title.value
    for _ in range(4):
        answer_with(w, w.session.question.answer)
        w.check_button.click()
        w.new_button.click()
    assert w.session.question is first
    assert "Question 1 of 5 (you skipped it before)" in w.title.value
    answer_with(w, first.answer)
    w.check_button.click()
    assert "Quiz finished: 5 out of 5." in w.title.value


# --- names and saved progress ------------------------------------------------------------

def test_progress_is_kept_by_name_across_a_restart(tmp_path):
    w = ExerciseWidget(kinds=["tricks_needed"], seed=1, progress_dir=tmp_path)
    w.name_box.value = "Ken"
    assert "Hello Ken" in w.name_note.value
    for _ in range(3):
        w.number_box.value = str(w.session.question.answer)
        w.new_button.click()
    restarted = ExerciseWidget(kinds=["hcp"], seed=2, progress_dir=tmp_path)
    restarted.name_box.value = "ken"
    assert restarted.session.best_streak == 3 and ProgressStore(tmp_path).open("Ken").tried("tricks_needed") == 3
    # the streak and "right out of" count the same answers: this practice's (not "3 in a row · 0 right out of 0")
    assert "Streak: 0 in a row (best 3) · 0 right out of 0" in restarted.streak.value
    answer_with(restarted, restarted.session.question.answer)
    restarted.check_button.click()
    assert "Streak: 1 in a row (best 3) · 1 right out of 1" in restarted.streak.value


def test_a_reload_brings_back_the_streak_with_the_count(tmp_path):
    w = ExerciseWidget(kinds=["tricks_needed"], seed=1, progress_dir=tmp_path, ask_name=False)
    for _ in range(2):
        answer_with(w, w.session.question.answer)
        w.check_button.click()
        w.new_button.click()
    again = ExerciseWidget(kinds=["tricks_needed"], seed=1, progress_dir=tmp_path, ask_name=False)
    again.resume(w.session.state())
    assert "Streak: 2 in a row (best 2) · 2 right out of 2" in again.streak.value == w.streak.value


@pytest.mark.parametrize("lesson", [1, 6, 11])
def test_the_precheck_says_pre_check_and_choose_under_buttons(lesson):
    """The pre-check is not called a quiz, and a question answered with buttons or cards is
    changed by choosing, not typing."""
    w = ExerciseWidget(lesson=lesson, precheck=True, ask_name=False)
    seen = []
    while w.session.question is not None:
        question = w.session.question
        seen.append(w.hint_box.value)
        answer_with(w, a_wrong_answer(question))
        w.check_button.click()
        said = w.feedback.value
        if not w.session.finished:
            assert ("choose another answer" in said) == bool(question.options), said
            assert ("type another answer" in said) == (not question.options), said
        seen.append(said)
        w.new_button.click()
    seen += [w.title.value, w.feedback.value, w.hint_box.value, w.streak.value]
    assert "quiz" not in " ".join(seen).lower()
    assert "No hints during the pre-check" in seen[0] and "Pre-check done" in w.title.value


def test_a_name_typed_once_serves_every_exercise_on_the_page_and_no_answer_is_lost(tmp_path):
    first = ExerciseWidget(kinds=["tricks_needed"], seed=1, progress_dir=tmp_path)
    second = ExerciseWidget(kinds=["hcp"], seed=2, progress_dir=tmp_path)
    elsewhere = ExerciseWidget(kinds=["hcp"], seed=2, progress_dir=tmp_path / "other-class")
    first.name_box.value = "Ken"
    assert second.name_box.value == "Ken" and "Hello Ken" in second.name_note.value
    assert elsewhere.name_box.value == ""
    for w in (first, second, first):
        w.number_box.value = str(w.session.question.answer)
        w.new_button.click()
    saved = ProgressStore(tmp_path).open("Ken")
    assert saved.tried("tricks_needed") == 2 and saved.tried("hcp") == 1


@pytest.mark.parametrize("name", ["../x", "../../etc/passwd", "a/b", ".hidden", "x" * 500])
def test_bad_names_get_a_message_and_write_nothing(tmp_path, name):
    folder = tmp_path / "progress"
    w = ExerciseWidget(kinds=["hcp"], seed=1, progress_dir=folder)
    w.name_box.set_state({"value": name})
    assert "cannot be used as a name" in w.name_note.value or "too long" in w.name_note.value
    w.number_box.value = str(w.session.question.answer)
    assert "✔" in w.feedback.value
    assert not folder.exists() and sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_damaged_database_is_reported_in_the_widget_without_a_path(tmp_path):
    (tmp_path / "class-progress.sqlite").write_text("{oops" * 1000)
    w = ExerciseWidget(kinds=["hcp"], seed=1, progress_dir=tmp_path)
    w.name_button.click()
    assert "Type your name first" in w.name_note.value
    w.name_box.value = "Mia"
    assert "damaged" in w.name_note.value and "kept aside" in w.name_note.value
    assert "Hello Mia" in w.name_note.value and str(tmp_path) not in w.name_note.value
    assert any(p.name.startswith("class-progress.damaged-") for p in tmp_path.iterdir())


def test_the_greeting_names_no_folder(tmp_path):
    w = ExerciseWidget(kinds=["hcp"], seed=1, progress_dir=tmp_path / "5B")
    w.name_box.value = "Ken"
    words = re.sub(r"<[^>]+>", "", w.name_note.value)
    assert "Hello Ken" in words and "5B" not in words and "/" not in words


def test_the_lesson_is_written_down_with_each_answer(tmp_path):
    w = ExerciseWidget(kinds=["hcp"], seed=1, progress_dir=tmp_path, lesson=3)
    w.name_box.value = "Ken"
    w.number_box.value = str(w.session.question.answer)
    [answer] = ProgressStore(tmp_path).answers()
    assert (answer.pupil, answer.lesson, answer.kind, answer.correct) == ("Ken", 3, "hcp", True)


def test_hint_in_practice():
    w = ExerciseWidget(kinds=["contract"], seed=1)
    w.hint_button.click()
    assert "golden fit" in w.hint_box.value and w.session.question.explanation not in w.hint_box.value
    w.new_button.click()
    assert w.hint_box.value == ""


def test_an_answer_after_the_working_gets_one_message_not_a_second_verdict(tmp_path):
    w = ExerciseWidget(kinds=["hcp"], seed=2, progress_dir=tmp_path)
    q = w.session.question
    for n in range(q.tries):
        answer_with(w, a_wrong_answer(q, n))
        w.check_button.click()
    assert "✘" in w.feedback.value and _escaped(q.right_answer) in w.feedback.value  # the working is shown
    answer_with(w, q.answer)
    w.check_button.click()
    said = w.feedback.value
    assert "answered this one already" in said and "✔" not in said and "✘" not in said
    assert said.count("The answer is") == 0 and w.session.tried == 1


def test_the_japanese_precheck_says_hajime_no_check_and_eraberu_under_buttons():
    from cardlib import messages

    messages.set_language("ja")
    try:
        w = ExerciseWidget(lesson=1, precheck=True, ask_name=False)
        seen = [w.hint_box.value]
        while w.session.question is not None:
            question = w.session.question
            answer_with(w, a_wrong_answer(question))
            w.check_button.click()
            if not w.session.finished:
                assert ("ほかの答えをえらんで" in w.feedback.value) == bool(question.options)
                assert ("ほかの答えを書いて" in w.feedback.value) == (not question.options)
            seen.append(w.feedback.value)
            w.new_button.click()
        seen += [w.title.value, w.feedback.value, w.hint_box.value]
    finally:
        messages.set_language("en")
    assert "クイズ" not in " ".join(seen) and "はじめのチェック" in seen[0] and "はじめのチェックおわり" in w.title.value
