"""Nobody's score is written below 0, in either edition (docs/rules.md §1.5, §1.6, §1.8): a
contract that goes down gives its points to the side that beat it ("E–W 100", 東西に100点),
under the English schools' rules and under the Japanese club's alike, as lesson 21's traveller
does. Negative numbers are junior-high maths in Japan (中1) and taught nowhere in the course, so
a lesson's text, its quiz's and practice's explanations and the words the code shows (the
catalogues) never write a score with a minus: "−100", "-200", "100点のマイナス".

A minus between two numbers is a subtraction ("620 − 100"), which the lessons teach: it has a
space after it, so it is not what this test looks for."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardlib import minibridge
from cardlib.messages import current_language, set_language
from exercises.course import COURSE
from exercises.kinds import make_question
from tests.lesson_tools import AUCTION_TABLES, lesson_17_code, reckless

ROOT = Path(__file__).resolve().parents[2]
# A minus sign (U+2212, a hyphen or a full-width one) straight before a number, not after a letter or
# a number ("4-3-3-3" is a hand's shape); or the word マイナス beside a number.
MINUS_SCORE = re.compile(r"(?<![0-9A-Za-z)）])[−\-－]\d|\d\s?点?の?マイナス|マイナス\s?\d")
SEEDS = range(40)


def minus_scores(text: str) -> list[str]:
    """Each minus score in ``text``, with a little of its sentence."""
    return [text[max(0, m.start() - 30):m.end() + 10] for m in MINUS_SCORE.finditer(text)]


def test_the_detector_finds_a_minus_score_and_leaves_subtractions_and_shapes_alone():
    assert minus_scores("南北は −100点です。") and minus_scores("南北は−100点です。")
    assert minus_scores("N–S −200.") and minus_scores("the club's -50") and minus_scores("100点のマイナス")
    assert not minus_scores("620 − 100 = 520") and not minus_scores("14 − 10 = 4") and not minus_scores("4-3-3-3")
    assert not minus_scores("E–W 100") and not minus_scores("Nobody writes a minus.")


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "ja").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_lesson_writes_a_score_with_a_minus(path):
    """Pupil text and the teacher's notes: the side that beats a contract scores its points."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [hit for cell in cells if cell["cell_type"] == "markdown"
             for hit in minus_scores("".join(cell["source"]))]
    assert not found, f"a score written with a minus: {found}"


CATALOGUES = sorted(ROOT.glob("*/locale/*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_writes_a_score_with_a_minus(path):
    """The words the code shows (tables, questions, sheets, hand records, the glossary)."""
    strings = re.findall(r'^msgstr "(.*)"$', path.read_text(encoding="utf-8"), flags=re.M)
    found = [hit for s in strings for hit in minus_scores(s)]
    assert not found, f"a score written with a minus: {found}"


def kinds_of(lesson) -> list[str]:
    return sorted(set(lesson.practice) | set(lesson.quiz_kinds) | set(lesson.extension_practice))


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_no_quiz_or_practice_explains_a_score_with_a_minus(edition):
    """Every kind a lesson asks, in its edition's language and scoring (the club's in Japanese):
    the right answer, the explanation, the rules line and what each slip says."""
    before_language, before_rules = current_language(), minibridge.use_rules(minibridge.edition_rules(edition))
    set_language(edition)
    try:
        found, downs = [], 0
        for lesson in COURSE:
            questions = [make_question(kind, f"minus {lesson.number}:{seed}") for kind in kinds_of(lesson) for seed in SEEDS]
            questions += list(lesson.quiz().questions)
            for q in questions:
                downs += any(slip.code == "wrote_minus" for slip in q.slips)  # a contract that went down
                words = [q.right_answer, q.explanation, q.rules_line] + [slip.words for slip in q.slips]
                found += [(lesson.number, q.kind, hit) for text in words for hit in minus_scores(str(text))]
        assert downs > 20, "the questions should explain contracts that go down"
        assert not found, f"a score written with a minus: {found[:5]}"
    finally:
        set_language(before_language)
        minibridge.use_rules(before_rules)


@pytest.mark.parametrize("edition", ["en", "ja"])
@pytest.mark.parametrize("made", AUCTION_TABLES)
def test_no_auction_table_shows_a_total_below_0(edition, made):
    """Each player starts with points to pay with and never pays more than they have, so the
    totals under lesson 17's tables and the words after each deal have no minus, whatever the
    pupil does (the computer's choices, or always playing alone for everything)."""
    pytest.importorskip("ipywidgets")
    from card_tables.auction_table import AuctionTable
    from cardlib.bots.manille_auction import move

    assert made in lesson_17_code(), "the test plays the lesson's tables"
    before = current_language()
    set_language(edition)
    try:
        found, lowest, shorts = [], [], 0
        for seed in range(12):
            for pupil in (move, reckless):
                table, rng = AuctionTable(seed=seed, **AUCTION_TABLES[made]), random.Random(seed)
                while True:
                    r = table.round
                    if r.to_act == 0:
                        table.do(pupil(r, rng))
                        continue
                    info = re.sub(r"<[^>]+>", " ", table.info_html())
                    found += minus_scores(info) + minus_scores(table.message)
                    lowest.append(min(table.match.totals.values()))
                    if table.match.is_over:
                        shorts += sum(map(len, table.match.short))
                        break
                    table.press("next")
        assert not found, f"a total or a payment written with a minus: {found[:5]}"
        assert min(lowest) >= 0 and len(lowest) > 12 * 2 * 3
        if made.startswith("AuctionTable(form=3"):
            assert shorts, "a pupil who promises everything runs out of points at times: the test sees it"
    finally:
        set_language(before)
