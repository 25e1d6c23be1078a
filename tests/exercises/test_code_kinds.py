"""Reading code (lesson 19's quiz): the answers are what the lesson's code really gives, found
by running that code, and every answer is explained."""
from __future__ import annotations

import pytest

from cardlib import Hand, messages
from exercises.coder import rank, suit
from exercises.course import lesson_of
from exercises.kinds import make_question

# The lesson's bug hunt, with the forgotten rank as a parameter: the pupil "runs" this by hand.
FORGETFUL = '''
def hcp(hand):
    points = 0
    for card in hand:
        if rank(card) == "A" and "A" != MISSING:
            points = points + 4
        if rank(card) == "K" and "K" != MISSING:
            points = points + 3
        if rank(card) == "Q" and "Q" != MISSING:
            points = points + 2
        if rank(card) == "J" and "J" != MISSING:
            points = points + 1
    return points
'''


@pytest.fixture(autouse=True)
def english():
    messages.set_language("en")
    yield
    messages.set_language("en")


@pytest.mark.parametrize("seed", range(40))
def test_what_rank_gives_is_what_the_lessons_rank_gives(seed):
    q = make_question("read_code", seed)
    card = q.prompt.split('"')[1]
    assert q.answer == rank(card) and q.answer in {value for _, value in q.options}
    assert q.check(rank(card)).correct and not q.check(suit(card)).correct
    assert not q.check(card).correct and "whole card" in q.check(card).words
    assert f'rank("{card}") is "{rank(card)}"' in q.explanation


def test_a_ten_has_two_signs_and_one_sign_is_named_as_the_slip():
    tens = [q for q in (make_question("read_code", s) for s in range(60)) if q.answer == "10"]
    assert tens, "some questions ask about a 10"
    wrong = tens[0].check("1")
    assert wrong.correct is False and "both signs" in wrong.words and '"10"' in wrong.words


@pytest.mark.parametrize("seed", range(40))
def test_the_forgetful_hcp_gives_what_running_it_gives(seed):
    q = make_question("read_code:forgets", seed)
    missing = q.prompt.split("none for ")[1].split('"')[1]
    hand = list(q.picture.rows[0][1][1])
    namespace = {"rank": rank, "MISSING": missing}
    exec(FORGETFUL, namespace)
    assert q.answer == namespace["hcp"](hand)
    assert any(rank(card) == missing for card in hand), "the hand holds a card the code forgets"
    true_count = Hand(hand).hcp
    assert true_count > q.answer
    slip = q.check(true_count)
    assert slip.correct is False and f'no line for "{missing}"' in slip.words
    assert f"real count is {true_count}" in q.explanation and 0 < q.answer


def test_lesson_19s_quiz_reads_code_and_explains_each_answer():
    quiz = lesson_of(19).quiz().questions
    assert len(quiz) == lesson_of(19).quiz_size
    assert {"read_code", "read_code:forgets"} <= {q.kind for q in quiz}
    for q in quiz:
        assert q.explanation and q.explanation in q.check(q.answer).words
