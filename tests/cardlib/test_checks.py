"""The checks at cardlib's door: a right value comes back in the rules' form, a wrong one is
refused in a plain sentence that quotes what was given (shortened when long)."""
from fractions import Fraction

import pytest

from cardlib import Card
from cardlib.checks import flag, kind, many, share, whole
from cardlib.messages import CardError


def test_a_whole_number_is_read_from_digits_too():
    assert whole("12", 0, 40) == 12
    assert whole(" 7 ", 0, 13) == 7
    assert whole(0, 0, 13) == 0


@pytest.mark.parametrize("value", ["x", "", "1.5", 1.5, True, None, 14, -1, "9" * 20])
def test_anything_else_is_refused_naming_the_range(value):
    with pytest.raises(CardError, match="from 0 to 13"):
        whole(value, 0, 13)


def test_a_long_wrong_value_is_shortened_in_the_sentence():
    with pytest.raises(CardError) as refused:
        whole("y" * 100, 0, 13)
    assert "y" * 37 + "..." in str(refused.value) and "y" * 41 not in str(refused.value)


def test_yes_or_no_is_true_or_false_only():
    assert flag(False, "double") is False
    with pytest.raises(CardError, match="double"):
        flag("yes", "double")


def test_many_takes_lists_and_sets_but_not_text():
    assert many(["♠A", "♥K"]) == ("♠A", "♥K")
    for wrong in ("♠A ♥K", 5, None, {"a": 1}):
        with pytest.raises(CardError):
            many(wrong)


def test_a_chance_is_from_0_to_1():
    assert share(Fraction(1, 4)) == Fraction(1, 4)
    for wrong in (1.5, -0.1, float("nan"), True, "0.5"):
        with pytest.raises(CardError):
            share(wrong)


def test_kind_shows_what_to_give():
    card = Card.parse("♠A")
    assert kind(card, Card, "♠A") is card
    with pytest.raises(CardError, match="♠A"):
        kind("spade ace", Card, "♠A")
