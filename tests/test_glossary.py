"""The glossary: the course's one list of words. Every word of a lesson's "New words" box is
a glossary word, new in that lesson and no other, and the box says what the glossary says;
each meaning and example is written out, and the examples' numbers are the rules' own."""
from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib import BRIDGE_PACK, Deal, Hand, Seat, Suit, manille, minibridge, say
from exercises.course import COURSE
from exercises.glossary import GLOSSARY, TERMS, terms_taught_in

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

WORDS_THE_COURSE_USES = [
    "trick", "lead", "follow suit", "trumps", "no trumps", "high-card points", "declarer", "dummy", "defenders",
    "contract", "partscore", "game", "golden fit", "sure winner", "long suit", "manille", "manillon",
    "card points", "tap", "en face", "en voiture", "dealer", "discard", "match", "bonus",
]


def plain(markdown: str) -> str:
    """Markdown as the words it shows: no code marks, no bold or italics."""
    return re.sub(r"\s+", " ", markdown.replace("`", "").replace("**", "").replace("*", "")).strip()


def new_words_box(lesson) -> dict[str, tuple[str, str]]:
    """The lesson's "### New words" box: word -> (meaning, example line), as a pupil reads them.
    Each word is a bullet "- **word**: meaning" with its example on the next, indented line."""
    cells = json.loads((NOTEBOOKS / f"{lesson.notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    boxes = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
             and "".join(c["source"]).lstrip().startswith("### New words")]
    assert len(boxes) == 1, f"{lesson.notebook} has one '### New words' box"
    found: dict[str, tuple[str, str]] = {}
    for item in re.findall(r"^- .*(?:\n  .*)*", boxes[0], flags=re.M):
        head, *rest = item.split("\n")
        match = re.fullmatch(r"- \*\*([^*]+)\*\*: (.+)", head)
        assert match, f"{lesson.notebook}: a bullet reads '- **word**: what it means', not {head!r}"
        word = match[1]
        assert word not in found, f"{lesson.notebook}: '{word}' is in the box twice"
        found[word] = (plain(match[2]), plain(" ".join(rest)))
    return found


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_the_new_words_box_says_what_the_glossary_says(lesson):
    box = new_words_box(lesson)
    glossary = {term.word: (term.meaning, say("desk_for_example", example=term.example))
                for term in terms_taught_in(lesson)}
    assert set(box) == set(glossary), f"{lesson.notebook}: box only {set(box) - set(glossary)}, glossary only {set(glossary) - set(box)}"
    for word, (meaning, example) in glossary.items():
        assert box[word] == (meaning, example), f"{lesson.notebook}: '{word}' says something else in the box"
    assert all(term.lesson == lesson for term in terms_taught_in(lesson))


def test_no_word_is_new_in_two_lessons_and_every_word_is_new_in_one():
    boxes = [word.lower() for lesson in COURSE for word in new_words_box(lesson)]
    assert len(boxes) == len(set(boxes)), sorted(w for w in boxes if boxes.count(w) > 1)
    assert sorted(boxes) == sorted(term.word.lower() for term in GLOSSARY)
    assert sum(len(terms_taught_in(lesson)) for lesson in COURSE) == len(GLOSSARY) == len(TERMS)


def test_a_word_taught_in_lesson_1_says_lesson_1():
    assert TERMS["dealer"].lesson.number == 1 and TERMS["no_trumps"].lesson.number == 2
    assert [term.word for term in terms_taught_in(3)] == ["high-card points (HCP)", "announce"]
    assert terms_taught_in("03_points") == terms_taught_in(COURSE[2]) == terms_taught_in(3)


@pytest.mark.parametrize("word", WORDS_THE_COURSE_USES)
def test_every_word_of_the_course_is_explained(word):
    assert any(term.word.lower().startswith(word) for term in GLOSSARY), word


def test_entries_unpack_as_word_meaning_example_all_written_out():
    for word, meaning, example in GLOSSARY:
        assert word and (meaning[0].isupper() or meaning[0].isdigit()), word
        assert meaning.endswith(".") and example.endswith(".") and meaning != example, word


def test_words_come_in_the_order_the_course_teaches_them():
    numbers = [term.lesson.number for term in GLOSSARY]
    assert numbers == sorted(numbers)
    assert [lesson.number for lesson in COURSE if terms_taught_in(lesson)] == [lesson.number for lesson in COURSE]


def test_the_examples_numbers_are_the_rules_numbers():
    assert "= 10 HCP" in TERMS["hcp"].example and Hand.parse("♠A ♥K ♦Q ♣J").hcp == 10
    assert "= 12 card points" in TERMS["card_points"].example
    assert manille.pile_points(["♥10", "♠A", "♦9", "♣K"]) == 12 and manille.pile_points(manille.PACK) == 60
    assert "32 cards" in TERMS["manille"].meaning and len(manille.PACK) == 32
    assert "packets of 2" in TERMS["packet"].meaning and manille.ManilleRules().packets == (2, 2, 2, 2)
    assert "2 × 30 = 60" in TERMS["trick_points"].example and minibridge.trick_points(minibridge.Contract.parse("♥ game").denomination, 2) == 60
    ebu = minibridge.EBU
    assert f"{ebu.partscore_bonus} for a partscore, {ebu.game_bonus} for game" in TERMS["bonus"].example
    assert str(manille.ManilleRules().target) in TERMS["match"].meaning
    assert "2 times" in TERMS["tap"].example and manille.multiplier("♥", taps=1) == 2
    assert minibridge.Contract.parse("♠ game").tricks_needed == 10 and "10 tricks" in TERMS["contract"].example
    assert "7 tricks" in TERMS["partscore"].meaning and minibridge.Contract.parse("♦ partscore").tricks_needed == 7
    assert "NT game needs 9 tricks, ♠ game 10 and ♣ game 11" in TERMS["game"].example
    assert [minibridge.Contract.parse(c).tricks_needed for c in ("NT game", "♠ game", "♣ game")] == [9, 10, 11]
    assert f"{minibridge.GAME_POINTS} points" in TERMS["rule_of_thumb"].example
    assert "comb(4, 2) is 6" in TERMS["comb"].example and math.comb(4, 2) == 6
    bridge = BRIDGE_PACK.cards
    assert "4 suits × 13 cards = 52" in TERMS["pack"].example and len(bridge) == 4 * 13 == 52
    assert "52 ÷ 4 = 13" in TERMS["deal"].example and len(Deal.random(seed=1).hands[Seat.N].cards) == 13
    assert "13 of the 52 cards are hearts" in TERMS["chance"].example
    assert sum(card.suit is Suit.HEARTS for card in bridge) == 13 and Fraction(13, 52) == Fraction(1, 4)
    assert "2 + 2 + 2 + 2 = 8" in TERMS["packet"].example and sum(manille.ManilleRules().packets) == 8
    assert "With 8 tricks it is 2 down" in TERMS["down"].example and minibridge.score("♠ game", 8) < 0
    assert "96 and score 8: 104" in TERMS["match"].example and 96 + 8 >= manille.ManilleRules().target > 96


def test_the_glossary_follows_the_language(monkeypatch):
    from cardlib import messages

    monkeypatch.setitem(messages._tables, "xx", {"glossary_trick": "⟦trick⟧"})
    messages.set_language("xx")
    try:
        assert TERMS["trick"].word == "⟦trick⟧" and TERMS["trick"].meaning == say("glossary_trick_means")
    finally:
        messages.set_language("en")
