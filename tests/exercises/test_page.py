"""A reload (a new kernel) brings the lesson page back as it was: the name (after "Are you
Ben?"), each table's hand, the practice question and the quiz; "No" starts afresh; two tabs
under one name are told so and both keep saving. Driven through the widgets' own doors: the
messages the browser sends, the buttons, the name box."""
from __future__ import annotations

import json
import sqlite3
import time

import pytest

from exercises import page as page_module
from exercises.course import lesson_of
from exercises.progress import DATABASE, LIVE_SECONDS, ProgressStore
from exercises.widget import ExerciseWidget

LESSON = lesson_of(4)


def send(widget, content):
    """What a message from the browser does (any message can be forged)."""
    widget._handle_custom_msg(content, [])


class Page:
    """Lesson 4's page as the notebook builds it in a new kernel: three tables, practice, quiz."""

    def __init__(self, folder, tab="tab-1", remembered=""):
        self.page = page_module.new_page()
        self.tables = [deal.table_widget(show_score=False, pace=0) for deal in LESSON.deals[:3]]
        self.practice = ExerciseWidget(lesson=4, progress_dir=folder)
        self.quiz = ExerciseWidget(lesson=4, quiz=True, progress_dir=folder)
        self.told: list[dict] = []  # what Python told the browser's memory
        self.page.memory.send = self.told.append
        send(self.page.memory, {"remembered": remembered, "tab": tab})  # the page opens in the browser


def play_tricks(table, tricks):
    """Click the pupil's playable cards, as a pupil does, until ``tricks`` tricks are over."""
    while len(table.game.tricks) < tricks or table.game.current:
        card = next(b for b in table.hand_buttons if b.state == "playable")
        send(table.view, {"card": card.card.letters})


def a_wrong_answer(question):
    if question.answer_kind == "number":
        return str(question.answer + 1)
    return next(v for _, v in question.options if v not in question.accepted)


def answer(widget, given):
    if widget.session.question.options:
        box = widget.choice if widget.choice.layout.display != "none" else widget.dropdown
        box.value = given
        widget.check_button.click()
    else:
        widget.number_box.value = given


def ben_played_and_answered(folder):
    """Ben's first page: three tricks or more at table 4A (to the end of a trick), a first wrong
    practice answer, quiz question 1 answered and question 2 skipped."""
    first = Page(folder)
    table = first.tables[0]
    play_tricks(table, 3)
    first.practice.name_box.value = "Ben"
    answer(first.practice, a_wrong_answer(first.practice.session.question))
    answer(first.quiz, a_wrong_answer(first.quiz.session.question))
    first.quiz.new_button.click()
    first.quiz.new_button.click()  # question 2 skipped
    return first


def test_a_reload_asks_are_you_ben_and_brings_back_name_hand_question_and_quiz(tmp_path):
    first = ben_played_and_answered(tmp_path)
    assert first.told == [{"back": True}, {"remember": "Ben"}]  # nobody to ask about; the browser keeps the name
    plays, tricks = list(first.tables[0].game.plays), len(first.tables[0].game.tricks)
    assert tricks >= 3  # the pupil plays on to the end of a trick the computer's defenders led

    again = Page(tmp_path, remembered="Ben")  # a reload: a new kernel, the same browser tab
    assert "Are you Ben?" in again.page.question.value
    assert again.page.yes_button.description == "Yes, I am Ben" and again.page.no_button.description == "No, I am not Ben"
    assert len(again.tables[0].game.tricks) == 0 and again.practice.name_box.value == ""  # nothing yet
    again.page.yes_button.click()
    assert again.practice.name_box.value == again.quiz.name_box.value == "Ben"
    assert again.page.question.value == "" and again.page.answer_row.layout.display == "none"
    assert again.tables[0].game.plays == plays and len(again.tables[0].game.tricks) == tricks
    assert [t.game.plays for t in again.tables[1:]] == [t.game.plays for t in first.tables[1:]]  # untouched ones too
    assert again.practice.session.question.prompt == first.practice.session.question.prompt
    assert again.practice.feedback.value == first.practice.feedback.value  # "Have another go", as it was
    assert again.practice.session.tries_used == 1
    assert again.quiz.session.position == first.quiz.session.position == 2
    assert again.quiz.session.skipped == {1} and again.quiz.session.answers[0] is not None
    assert "Question 3 of " in again.quiz.title.value
    # nothing was written down twice: one practice answer is still pending, one quiz answer
    assert len(ProgressStore(tmp_path).answers()) == 1


def test_playing_on_after_a_reload_is_kept_and_checked_by_the_rules(tmp_path):
    ben_played_and_answered(tmp_path)
    again = Page(tmp_path, remembered="Ben")
    again.page.yes_button.click()
    table = again.tables[0]
    play_tricks(table, 4)
    refused = next((b for b in table.hand_buttons if b.state == "other"), None)
    if refused is not None:
        send(table.view, {"card": refused.card.letters})  # a card the rules refuse: said, not played
        assert table.message.value.startswith("✘")
    third = Page(tmp_path, remembered="Ben")
    third.page.yes_button.click()
    assert len(table.game.tricks) >= 4 and third.tables[0].game.plays == table.game.plays


def test_a_saved_move_the_rules_refuse_is_refused_again_not_played(tmp_path):
    first = Page(tmp_path)
    first.practice.name_box.value = "Ben"
    table = first.tables[0]
    legal = {c.letters for c in table.game.legal_plays()}
    illegal = next(b.card.letters for b in table.hand_buttons if b.card.letters not in legal)
    store = ProgressStore(tmp_path).open("Ben")
    store.keep_page(4, "tab-1", "table 4A", table.actions[:1] + [("play", illegal), ("play", "ZZ")])
    again = Page(tmp_path, remembered="Ben")
    again.page.yes_button.click()
    assert again.tables[0].game.plays == table.game.plays  # no card played around the rules


def test_the_page_goes_back_to_the_pupils_place_only_once_the_question_is_answered(tmp_path):
    """After a reload the browser is told to go back where the pupil worked: at once when there is
    nobody to ask about, after Yes (her tables back) when the page asks "Are you Ben?"."""
    ben_played_and_answered(tmp_path)
    again = Page(tmp_path, remembered="Ben")
    assert again.told == []  # "Are you Ben?" is at the top of the page: stay there
    again.page.yes_button.click()
    assert {"back": True} in again.told and len(again.tables[0].game.tricks) >= 3


def test_no_i_am_not_ben_forgets_the_name_in_the_browser_and_starts_afresh(tmp_path):
    ben_played_and_answered(tmp_path)
    kept = ProgressStore(tmp_path).open("Ben").page(4, "tab-1")
    other = Page(tmp_path, remembered="Ben")
    other.page.no_button.click()
    assert other.told == [{"forget": True, "back": True}] and other.page.question.value == ""
    assert "type your own name" in other.page.note.value
    assert other.practice.name_box.value == "" and other.practice.pupil is None
    assert len(other.tables[0].game.tricks) == 0
    other.practice.name_box.value = "Ann"
    assert other.told[-1] == {"remember": "Ann"} and other.quiz.name_box.value == "Ann"
    assert other.quiz.session.fresh and len(other.tables[0].game.tricks) == 0  # Ann has nothing saved
    assert ProgressStore(tmp_path).open("Ben").page(4, "tab-1") == kept  # Ben's page is still his


def test_two_tabs_under_one_name_are_told_and_both_keep_saving(tmp_path):
    one = Page(tmp_path, tab="tab-1")
    one.practice.name_box.value = "Ben"
    assert one.page.note.value == ""  # alone so far
    two = Page(tmp_path, tab="tab-2")
    two.practice.name_box.value = "Ben"
    assert "open for Ben in another tab or window too" in two.page.note.value
    send(one.page.memory, {"beat": True})  # the first tab's next heartbeat
    assert "another tab" in one.page.note.value
    play_tricks(one.tables[0], 1)
    play_tricks(two.tables[0], 3)
    assert one.tables[0].game.plays != two.tables[0].game.plays
    for tab in (one, two):
        q = tab.practice.session.question
        answer(tab.practice, str(q.answer) if q.answer_kind == "number" else sorted(q.accepted)[0])
    assert len(ProgressStore(tmp_path).answers()) == 2  # both answers added, none over the other
    # each tab, reloaded, finds its own hand
    for tab in (one, two):
        back = Page(tmp_path, tab=tab.page.tab, remembered="Ben")
        back.page.yes_button.click()
        assert back.tables[0].game.plays == tab.tables[0].game.plays


def test_a_page_closed_long_ago_is_not_another_tab(tmp_path):
    ben = ProgressStore(tmp_path).open("Ben")
    assert ben.beat(4, "old tab") == 0
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("UPDATE open_pages SET at = ?", (time.time() - LIVE_SECONDS - 1,))
    assert ben.beat(4, "new tab") == 0 and ben.beat(5, "other lesson") == 0
    assert ben.beat(4, "second tab") == 1


def test_a_reload_of_a_finished_quiz_shows_the_mark_and_a_change_after_it_updates_the_same_row(tmp_path):
    first = Page(tmp_path)
    first.quiz.name_box.value = "Ben"
    q = first.quiz.session.question
    answer(first.quiz, a_wrong_answer(q))
    again = Page(tmp_path, remembered="Ben")
    again.page.yes_button.click()
    assert "written down" in again.quiz.feedback.value and again.quiz.session.position == 0
    right = str(q.answer) if q.answer_kind == "number" else sorted(q.accepted)[0]
    answer(again.quiz, right)  # not moved on yet: the change replaces the answer, also after a reload
    assert [a.correct for a in ProgressStore(tmp_path).answers()] == [True]
    while not again.quiz.session.finished:
        again.quiz.new_button.click()
        answer(again.quiz, a_wrong_answer(again.quiz.session.question))
    mark = again.quiz.title.value
    last = Page(tmp_path, remembered="Ben")
    last.page.yes_button.click()
    assert last.quiz.session.finished and last.quiz.title.value == mark and "<li" in last.quiz.feedback.value
    assert len(ProgressStore(tmp_path).open("Ben").quizzes) == 1  # the mark is not written twice


@pytest.mark.parametrize("message", [
    {"remembered": "../etc", "tab": "t"}, {"remembered": "<b>x</b>"}, {"remembered": 5},
    {"remembered": "Ben" * 100}, ["remembered", "Ben"], {"beat": "yes"}, {"tab": "t" * 500},
])
def test_forged_browser_messages_offer_nothing_and_change_nothing(tmp_path, message):
    page = Page(tmp_path, tab="")
    send(page.page.memory, message)
    assert page.page.question.value == "" and page.page.offered == ""
    assert len(page.page.tab) <= page_module.MAX_TAB
    page.page.yes_button.click()  # a forged Yes with nothing asked
    assert page.practice.pupil is None and page.practice.name_box.value == ""


def test_a_saved_page_that_cannot_be_read_is_said_and_the_exercise_starts_afresh(tmp_path):
    ProgressStore(tmp_path).open("Ben").keep_page(4, "tab-1", "practice 1", {"seed": [1], "drawn": "many"})
    page = Page(tmp_path, remembered="Ben")
    page.page.yes_button.click()
    assert "could not be brought back" in page.practice.name_note.value
    assert page.practice.session.fresh and page.practice.pupil is not None


def test_each_part_is_kept_per_tab_and_a_new_tab_gets_the_latest(tmp_path):
    ben = ProgressStore(tmp_path).open("Ben")
    ben.keep_page(4, "tab-1", "table 4A", ["one"])
    ben.keep_page(4, "tab-2", "table 4A", ["two"])
    ben.keep_page(4, "tab-1", "quiz 1", {"q": 1})
    assert ben.page(4, "tab-1") == {"table 4A": ["one"], "quiz 1": {"q": 1}}
    assert ben.page(4, "tab-3") == {"table 4A": ["two"], "quiz 1": {"q": 1}}
    assert ben.page(5, "tab-1") == {} and ProgressStore(tmp_path).open("Ann").page(4, "tab-1") == {}
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert json.loads(db.execute("SELECT state FROM pages WHERE tab = 'tab-2'").fetchone()[0]) == ["two"]
