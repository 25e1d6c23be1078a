"""Hands: both text forms, voids, points, shape, and clear messages for bad input."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from cardlib import BRIDGE_PACK, Card, CardError, Hand, Suit

EXAMPLE = "♠AK1032 ♥K32 ♦Q52 ♣J2"  # the hand of the club's guide's points example (docs/rules.md §1.2)


def test_the_seed_002_example_hand_has_13_points():
    hand = Hand.parse(EXAMPLE)
    assert hand.hcp == 13  # 7 + 3 + 2 + 1
    assert len(hand) == 13
    assert [len(hand.suit(s)) for s in "♠♥♦♣"] == [5, 3, 3, 2]


@pytest.mark.parametrize("text", [
    "♠AK1032 ♥K32 ♦Q52 ♣J2",
    "♠AKT32 ♥K32 ♦Q52 ♣J2",
    "SAK1032 HK32 DQ52 CJ2",
    "sak1032 hk32 dq52 cj2",
    "AK1032.K32.Q52.J2",
    "AKT32.K32.Q52.J2",
    "♣J2 ♦Q52 ♥K32 ♠AK1032",
    "♠: AK1032, ♥: K32, ♦: Q52, ♣: J2",
    "ＳＡＫ１０３２　ＨＫ３２　ＤＱ５２　ＣＪ２",
    "♠ＡＫ１０３２ ♥Ｋ３２ ♦Ｑ５２ ♣Ｊ２",
])
def test_both_forms_give_the_same_hand(text):
    assert Hand.parse(text) == Hand.parse(EXAMPLE)


def test_text_forms_of_a_hand():
    hand = Hand.parse("AKT32.K32.Q52.J2")
    assert str(hand) == "♠AK1032 ♥K32 ♦Q52 ♣J2"
    assert hand.to_pbn() == "AKT32.K32.Q52.J2"
    assert repr(hand) == 'Hand("♠AK1032 ♥K32 ♦Q52 ♣J2")'


@pytest.mark.parametrize("text", [
    "AKQJ.-.5432.5432",
    "AKQJ..5432.5432",
    "♠AKQJ ♥- ♦5432 ♣5432",
    "♠AKQJ ♥ ♦5432 ♣5432",
    "♠AKQJ ♦5432 ♣5432",
    "SAKQJ H- D5432 C5432",
])
def test_a_void_is_written_with_a_dash_or_nothing(text):
    hand = Hand.parse(text)
    assert hand.length("♥") == 0 and hand.suit(Suit.HEARTS) == ()
    assert str(hand) == "♠AKQJ ♥- ♦5432 ♣5432"
    assert hand.to_pbn() == "AKQJ..5432.5432"
    assert Hand.parse(str(hand)) == hand == Hand.parse(hand.to_pbn())


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=13), st.integers(min_value=0, max_value=2**32))
def test_parse_of_str_gives_the_same_hand(size, seed):
    cards = random.Random(seed).sample(BRIDGE_PACK.cards, size)
    hand = Hand(cards)
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.to_pbn()) == hand
    assert set(hand) == set(cards) and len(hand) == size


def test_cards_are_kept_in_hand_order_whatever_order_they_come_in():
    hand = Hand(["C2", "SA", "H10", "S3", "DK"])
    assert [str(c) for c in hand.cards] == ["♠A", "♠3", "♥10", "♦K", "♣2"]
    assert Hand(reversed(hand.cards)) == hand
    assert "SA" in hand and Card.parse("♣2") in hand and "♣3" not in hand


def test_suit_lengths_and_shape():
    hand = Hand.parse(EXAMPLE)
    assert hand.suit_lengths == {Suit.SPADES: 5, Suit.HEARTS: 3, Suit.DIAMONDS: 3, Suit.CLUBS: 2}
    assert hand.shape == (5, 3, 3, 2)
    assert [str(c) for c in hand.suit("hearts")] == ["♥K", "♥3", "♥2"]


@pytest.mark.parametrize("text, shape, balanced", [
    ("♠AK1032 ♥K32 ♦Q52 ♣J2", (5, 3, 3, 2), True),
    ("♠AK32 ♥K32 ♦Q52 ♣J32", (4, 3, 3, 3), True),
    ("♠AK32 ♥K432 ♦Q52 ♣J2", (4, 4, 3, 2), True),
    ("♠AK32 ♥K432 ♦Q532 ♣J", (4, 4, 4, 1), False),
    ("♠AK1032 ♥K432 ♦Q5 ♣J2", (5, 4, 2, 2), False),
    ("♠AK10432 ♥K32 ♦Q5 ♣J2", (6, 3, 2, 2), False),
    ("♠AK1032 ♥K5432 ♦Q52 ♣-", (5, 5, 3, 0), False),
])
def test_balanced_hands_have_no_void_no_singleton_and_one_doubleton_at_most(text, shape, balanced):
    hand = Hand.parse(text)
    assert hand.shape == shape
    assert hand.is_balanced is balanced


# --- bad input: the message says what is wrong and where ------------------------------

def message(text: str) -> str:
    with pytest.raises(CardError) as error:
        Hand.parse(text)
    return str(error.value)


def test_a_card_written_twice_is_named():
    assert message("♠AK1032 ♥K32 ♦Q52 ♣J2 ♠A") == "♠A is in '♠AK1032 ♥K32 ♦Q52 ♣J2 ♠A' twice."
    assert message("AK1032.K32.Q52.J22") == "♣2 is in 'AK1032.K32.Q52.J22' twice."
    with pytest.raises(CardError, match="♠A is in"):
        Hand(["SA", "♠A"])


def test_an_unknown_symbol_is_named_with_its_position():
    assert message("♠AK1032 ♥K32 ♦Q52 ♣J2X") == (
        "'X' at position 22 of '♠AK1032 ♥K32 ♦Q52 ♣J2X' is not a suit or a rank.")
    assert message("AK1032.K32.Q52.JX") == "'X' at position 17 of 'AK1032.K32.Q52.JX' is not a suit or a rank."
    assert message("♠AK132") == "'1' at position 4 of '♠AK132' is not a suit or a rank."


def test_ranks_before_any_suit_are_explained():
    assert message("AK32 ♥K32") == (
        "'A' at position 1 of 'AK32 ♥K32' comes before any suit: start with ♠, S, ♥, H, ♦, D, ♣ or C.")


def test_the_dotted_form_needs_four_suits():
    assert message("AK1032.K32.Q52") == (
        "'AK1032.K32.Q52' has 3 suits: a hand in the dotted form has 4 (♠.♥.♦.♣), like AK1032.K32.Q52.J2.")
    assert "has 5 suits" in message("AK1032.K32.Q52.J2.5")


def test_a_hand_cannot_be_changed_by_its_reader():
    hand = Hand.parse(EXAMPLE)
    with pytest.raises(AttributeError):
        hand.cards.append(Card.parse("C3"))
    assert hand == Hand.parse(EXAMPLE)
