"""The duplicate lesson's matchpoints questions, checked against a count made here from the
traveller the pupil sees (the referee reads the written scores, as a child does), in both
editions' ways of writing a score."""
from __future__ import annotations

import re

import pytest

from cardlib import messages, minibridge
from exercises import make_question

SEEDS = range(40)


@pytest.fixture(params=["en", "ja"])
def edition(request):
    """The English edition (the schools' rules, no minus) or the Japanese one (the club's)."""
    was_language, was_rules = messages.current_language(), minibridge.scoring_rules()
    messages.set_language(request.param)
    minibridge.use_rules("ebu" if request.param == "en" else "club")
    yield request.param
    messages.set_language(was_language)
    minibridge.use_rules(was_rules)


def for_ns(written: str) -> int:
    """A traveller's score as a number for N–S: "N–S 420" is 420, "E–W 50" is −50."""
    assert written.startswith(("N–S ", "E–W ", "南北 ", "東西 ")), written
    number = int(re.sub(r"[^\d]", "", written))
    return -number if written.startswith(("E–W", "東西")) else number


def referee(scores: list[int], mine: int, east_west: bool) -> int:
    """2 for each other table beaten, 1 for each other table with the same score."""
    if east_west:
        scores, mine = [-s for s in scores], -mine
    others = list(scores)
    others.remove(mine)
    return 2 * sum(s < mine for s in others) + sum(s == mine for s in others)


@pytest.mark.parametrize("kind", ["matchpoints", "matchpoints:ew"])
def test_the_answer_is_the_count_a_child_makes_from_the_traveller(edition, kind):
    for seed in SEEDS:
        q = make_question(kind, seed)
        (_, (_, rows)), = q.picture.rows
        tables = {int(re.sub(r"\D", "", name)): for_ns(score) for name, score in rows}
        asked = int(re.search(r"(?:table |テーブル)(\d+)", q.prompt).group(1))
        assert 4 <= len(tables) <= 6 and len(set(tables.values())) >= 3
        assert q.answer == referee(list(tables.values()), tables[asked], kind.endswith("ew")), (seed, rows)
        assert q.check(str(q.answer)).correct and q.check(str(q.answer + 1)).correct is False


def test_neither_edition_writes_a_minus_each_score_is_in_its_sides_column(edition):
    # under the club's rules a side that goes down loses 100 a trick: the traveller writes "E–W 100",
    # since ordering numbers below 0 is junior-high maths in Japan
    sides = ("N–S ", "E–W ") if edition == "en" else ("南北 ", "東西 ")
    downs = 0
    for seed in SEEDS:
        q = make_question("matchpoints", seed)
        (_, (_, rows)), = q.picture.rows
        shown = " ".join(score for _, score in rows) + q.explanation
        assert "−" not in shown and all(score.startswith(sides) for _, score in rows), rows
        downs += sum(int(score.split()[1]) % 100 == 0 and score.startswith(sides[1]) for _, score in rows)
    assert downs, "no traveller has a side that went down"


def test_the_slips_say_what_went_wrong(edition):
    found = set()
    for seed in SEEDS:
        q = make_question("matchpoints", seed)
        for slip in q.slips:
            feedback = q.check(str(slip.value))
            assert feedback.correct is False and slip.words in feedback.words
            found.add(slip.code)
        assert q.explanation.count("\n") == 4  # the rule, the order, beaten, same score, the sum
    assert {"one_a_table", "forgot_ties", "tie_as_win"} <= found
