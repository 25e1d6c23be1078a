"""The glossary: every word the course uses, in the course's order, each with a meaning and
an example whose numbers are the rules' own."""
from __future__ import annotations

import pytest

from cardlib import Hand, manille, minibridge, say
from exercises.course import COURSE, IDEAS
from exercises.glossary import GLOSSARY, TERMS, terms_taught_in

WORDS_THE_COURSE_USES = [
    "trick", "lead", "follow suit", "trumps", "no trumps", "high-card points", "declarer", "dummy", "defenders",
    "contract", "partscore", "game", "golden fit", "sure winner", "long suit", "manille", "manillon",
    "card points", "tap", "en face", "en voiture", "dealer", "discard", "piquet pack", "match", "bonus",
]


@pytest.mark.parametrize("word", WORDS_THE_COURSE_USES)
def test_every_word_of_the_course_is_explained(word):
    assert any(term.word.startswith(word) for term in GLOSSARY), word


def test_entries_unpack_as_word_meaning_example_all_written_out():
    for word, meaning, example in GLOSSARY:
        assert word and meaning.endswith(".") and example and meaning != example


def test_words_come_in_the_order_the_course_teaches_them():
    positions = [IDEAS.index(term.idea) for term in GLOSSARY]
    assert positions == sorted(positions)
    assert all(term.lesson is not None for term in GLOSSARY), "a lesson teaches every word"
    assert {term.key for lesson in COURSE for term in terms_taught_in(lesson)} == set(TERMS)


def test_the_examples_numbers_are_the_rules_numbers():
    assert "= 10 HCP" in TERMS["hcp"].example and Hand.parse("♠A ♥K ♦Q ♣J").hcp == 10
    assert "= 12 card points" in TERMS["card_points"].example
    assert manille.pile_points(["♥10", "♠A", "♦9", "♣K"]) == 12 and manille.pile_points(manille.PACK) == 60
    assert "2 × 30 = 60" in TERMS["trick_points"].example and minibridge.trick_points(minibridge.Contract.parse("♥ game").denomination, 2) == 60
    ebu = minibridge.EBU
    assert f"{ebu.partscore_bonus} for a partscore, {ebu.game_bonus} for game" in TERMS["bonus"].example
    assert str(manille.ManilleRules().target) in TERMS["match"].meaning
    assert "4 times" in TERMS["tap"].example and manille.multiplier("♥", taps=2, rules=manille.ManilleRules(taps="tap back")) == 4
    assert minibridge.Contract.parse("♠ game").tricks_needed == 10 and "10 tricks" in TERMS["contract"].example


def test_the_glossary_follows_the_language(monkeypatch):
    from cardlib import messages

    monkeypatch.setitem(messages.MESSAGES, "xx", {"glossary_trick": "⟦trick⟧"})
    messages.set_language("xx")
    try:
        assert GLOSSARY[0].word == "⟦trick⟧" and GLOSSARY[0].meaning == say("glossary_trick_means")
    finally:
        messages.set_language("en")
