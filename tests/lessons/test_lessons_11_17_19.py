"""Reader R's lessons, 17, 19 and 11, as a pupil and a teacher meet them: what the quizzes and
sheets ask, the words shown after a deal, and the order of the page."""
from __future__ import annotations

import re

import pytest

from cardlib import manille, messages
from exercises.course import lesson_of
from exercises.kinds import make_question


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    messages.set_language("en")


def _score_of(question) -> tuple[int, int]:
    """The card points and the multiplier a Manille score item states, from its prompt."""
    points = int(re.search(r"(\d+)", question.prompt.split("：", 1)[-1].split(":", 1)[-1]).group(1))
    times = int(re.search(r"= ×(\d+)", question.explanation).group(1))
    return points, times


@pytest.mark.parametrize("edition", ["en", "ja"])
@pytest.mark.parametrize("printed", ["quiz", "practice sheet"])
def test_lesson_17s_quiz_and_sheet_make_a_pupil_multiply_for_a_tap_back(edition, printed):
    """Reader R: the Japanese quiz's only tap-back item, and both of the sheet's, answered 0, so a
    child who knew only "30 or fewer scores 0" got them right. Each now asks the pair that took
    more than 30, and its answer is cardlib's score: (points − 30) × 4, or × 8 with no trumps."""
    messages.set_language(edition)
    lesson = lesson_of(17)
    items = lesson.quiz().questions if printed == "quiz" else lesson.practice_sheet()
    backs = [q for q in items if q.kind == "manille_score:tap_back"]
    assert backs, f"the {edition} {printed} asks no tap back"
    for q in backs:
        points, times = _score_of(q)
        assert points > manille.HALF and times in (4, 8)
        assert q.answer == manille.deal_score(points, times) == (points - 30) * times > 0


def test_every_tap_back_item_multiplies_and_lesson_16s_still_asks_a_0():
    backs = [make_question("manille_score:tap_back", seed) for seed in range(200)]
    assert all(q.answer > 0 and "manille_tap_back" in q.ideas for q in backs)
    assert any(make_question("manille_score", seed).answer == 0 for seed in range(50))
