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


# --- what a table writes on the traveller (lesson 21's board B: "E–W 140") --------------------

PROMPT = {"en": re.compile(r"^(North|East|South|West) played (.+) and took (\d+) tricks\. What does the traveller say\?$"),
          "ja": re.compile(r"^(北|東|南|西)が(.+)をプレイして、(\d+)トリック取りました。トラベラーには何と書きますか？$")}
SEATS = {"North": "N", "East": "E", "South": "S", "West": "W", "北": "N", "東": "E", "南": "S", "西": "W"}
CONTRACT_WORDS = {"ja": {"のゲーム": " game", "のパートスコア": " partscore", "ノートランプ": "NT"}}


@pytest.mark.parametrize("kind", ["traveller", "traveller:ew"])
def test_the_traveller_line_is_the_score_in_the_column_of_the_side_that_earned_it(edition, kind):
    """The referee reads the prompt as a child does and scores it with the rule book's numbers:
    a contract made is the declarer's side's, a contract down the defenders'; never a minus. The
    three choices are different lines, the right one among them, and each wrong one has its slip."""
    seen_down = seen_made = False
    for seed in SEEDS:
        q = make_question(kind, seed=seed)
        seat, contract, tricks = PROMPT[edition].match(q.prompt).groups()
        for words, english in CONTRACT_WORDS.get(edition, {}).items():
            contract = contract.replace(words, english)
        declarer, tricks = SEATS[seat], int(tricks)
        points = minibridge.score(contract, tricks)  # the declarer's side's, minus if down
        earner = ("NS" if declarer in "NS" else "EW") if points > 0 else ("EW" if declarer in "NS" else "NS")
        assert for_ns(q.right_answer) == (abs(points) if earner == "NS" else -abs(points)), q.prompt
        assert "−" not in q.right_answer and "-" not in q.right_answer
        seen_down, seen_made = seen_down or points < 0, seen_made or points > 0
        if kind == "traveller:ew":
            assert earner == "EW", q.prompt
        values = [v for _, v in q.options]
        assert len(set(values)) == 3 and q.right_answer in values and q.check(q.right_answer).correct
        for wrong in set(values) - {q.right_answer}:
            feedback = q.check(wrong)
            assert feedback.correct is False and feedback.slip in ("wrong_column", "forgot_bonus", "as_if_made"), feedback
        other_column = {"N–S": "E–W", "E–W": "N–S", "南北": "東西", "東西": "南北"}
        flipped = other_column[q.right_answer.split()[0]] + " " + q.right_answer.split()[1]
        assert flipped in values  # the same points in the other column: the slip the lesson is about
        assert q.right_answer in q.explanation
    assert seen_down and seen_made


def test_lesson_21s_quiz_precheck_and_sheet_each_ask_the_traveller_line_once():
    """All ten items asked matchpoints only; the traveller's line is half the lesson's "In short"."""
    from exercises.course import lesson_of

    lesson = lesson_of(21)
    for questions in (lesson.quiz().questions, lesson.precheck().questions, lesson.practice_sheet()):
        kinds = [q.base_kind for q in questions]
        assert kinds.count("traveller") == 1 and kinds.count("matchpoints") == len(kinds) - 1, kinds
    quiz_item = next(q for q in lesson.quiz().questions if q.base_kind == "traveller")
    assert quiz_item.right_answer.startswith("E–W")  # the column a pupil who thinks only of N–S misses
