"""The club track (クラブ活動: 4th to 6th grade, 10 to 20 sessions a year): each session fits its
minutes by the timing model, picks the lessons a club needs most when it has fewer sessions than
lessons, plays more than a class (no pre-check, quiz or practice sheet), and says how many packs
it needs; a plan with two boards in class says what a school with a pack a table does."""
from __future__ import annotations

import pytest

from cardlib import messages
from exercises.plans import (CLUB_MINUTES, MAKE_UP_A_BOARD, SORT_A_BOARD, TABLES, ClubSession, club_track, minutes_of,
                             plan_of)


@pytest.mark.parametrize("sessions", range(10, 21))
@pytest.mark.parametrize("minutes", [CLUB_MINUTES, 60])
def test_every_session_fits_and_plays_more_than_the_class(sessions, minutes):
    track = club_track(sessions, minutes)
    assert len(track) == sessions
    for session in track:
        assert session.minutes <= session.limit == minutes
        kinds = [step.kind for step in session.steps]
        assert not {"recap", "pre_check", "quiz", "practice_sheet"} & set(kinds)
        assert {"board", "deal"} & set(kinds)  # every session plays at the table
        if session.lesson:
            in_class = sum(m for m, s in plan_of(session.lesson.number, "ja").in_class if s.kind in ("board", "deal", "make_up"))
            played = sum(minutes_of(s, session.lesson) for s in session.steps if s.kind in ("board", "deal"))
            assert played >= in_class


def test_fewer_sessions_keep_the_lessons_a_club_needs_most():
    lessons = lambda track: [s.lesson.number for s in track if s.lesson]
    assert lessons(club_track(10)) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 12]  # MiniBridge to a whole hand
    assert set(lessons(club_track(15))) >= {12, 13, 14, 15, 16}  # Manille's three lessons together
    assert 18 not in lessons(club_track(20)) and 19 not in lessons(club_track(20))  # maths lessons: for class
    twenty = club_track(20)
    assert [i for i, s in enumerate(twenty) if s.lesson is None] == [6, 13, 18]  # free play after 6, 12 and 16
    assert lessons(twenty) == sorted(lessons(twenty))


def test_a_longer_session_plays_the_second_set_deal():
    third_45, third_60 = club_track(15)[2], club_track(15, 60)[2]
    assert [s.deal for s in third_45.steps if s.kind == "board"] == ["A"]
    assert [s.deal for s in third_60.steps if s.kind == "board"] == ["A", "B"] and third_60.packs == 2 * TABLES


@pytest.mark.parametrize("sessions, minutes", [(9, 45), (21, 45), ("15", 45), (15, 30), (15, 200)])
def test_a_track_that_no_school_has_is_refused_in_words(sessions, minutes):
    with pytest.raises(ValueError, match="club"):
        club_track(sessions, minutes)


def test_the_sessions_read_in_japanese():
    messages.set_language("ja")
    try:
        heading, steps = club_track(20)[6].lines()
        assert heading.startswith("自由プレイ") and "45分のうち43分" in heading and "カード7組" in heading
        heading, steps = club_track(15)[0].lines()
        assert heading.startswith("レッスン1：") and all("分：" in step for step in steps)
    finally:
        messages.set_language("en")


def test_two_boards_in_class_say_what_a_pack_a_table_does():
    """Lesson 1's deal A needs only the 12 spades ♠A down to ♠3, and each hand's spades of deal B
    are its deal A: so a school with one pack a table makes up deal B's board alone, and each player
    takes only their spades out of it for deal A, then picks up the rest, in the same minutes
    (2 spare) in both editions."""
    for edition in ("en", "ja"):
        plan = plan_of(1, edition)
        assert plan.packs == TABLES and plan.fits and plan.inside_boards == {"A": "B"}
        cards = plan.lines()[3]
        assert f"Cards: {TABLES} packs" in cards and "(1 a table)" in cards and "Deal A has no board of its own" in cards
        assert "each player's 3 cards of it are in their hand of deal B (12 cards, the ♠A down to the ♠3)" in cards
        assert f"the same {plan.minutes} of {plan.limit} minutes" in cards
    messages.set_language("ja")
    try:
        cards = plan_of(1, "ja").lines()[3]
        assert "7組" in cards and "ディールAのボードは作りません" in cards and "♠Aから♠3まで" in cards and "45分のうち43分" in cards
    finally:
        messages.set_language("en")
def test_the_plan_says_whether_the_tables_have_time_to_make_up_their_own_boards():
    """Every teacher's note offers boards made up at the tables from the curtain cards (5 minutes,
    not 2 to take a hand out of a board): the plan works out whether that still fits the class."""
    english, japanese = plan_of(5, "en"), plan_of(5, "ja")
    assert english.made_up_at_tables == japanese.made_up_at_tables == MAKE_UP_A_BOARD - SORT_A_BOARD
    assert "each table makes up its own from the curtain cards" in plan_of(14, "en").lines()[3]  # 45 + 3 of 50
    # 46 + 3 of 50 fits the class but not its 2 minutes spare for a late start and tidying up
    assert "deal the boards before the lesson" in english.lines()[3] and "without the 2 spare" in english.lines()[3]
    assert "deal the boards before the lesson" in plan_of(21, "en").lines()[3]  # 48 + 3 of 50
    assert "deal the boards before the lesson" in japanese.lines()[3]  # 43 + 3 of 45
    # 46 of 45 is past the end of the lesson, not only past its spare minutes
    assert "46 of 45, longer than the lesson" in japanese.lines()[3] and "without the 2 spare" not in japanese.lines()[3]
    assert "without the 2 spare" in english.lines()[3] and "longer than" not in english.lines()[3]  # 49 of 50
    # 43 + 3 of 45: the Manille lessons do their practice sheet in class, so no starter in Japan
    assert "each table makes up its own" not in plan_of(15, "ja").lines()[3] and "deal the boards" in plan_of(15, "ja").lines()[3]
    assert plan_of(18, "en").made_up_at_tables == 0 and "curtain" not in plan_of(18, "en").lines()[3]
