"""The set deals of the v3 card play lessons 08 (trumps in play) and 09 (entries and finesses)
do what their ``why`` says, proved double dummy as tests/lessons/test_lessons_5_12.py proves lesson 7's:
the right line makes the contract, the tempting one goes down."""
from __future__ import annotations

import re

import pytest
from tests.lesson_tools import dd_tricks
from tests.lesson_tools import SEAT_WORDS, scripted_play

from cardlib import Card, Seat, Suit
from cardlib.minibridge import Contract, declarer, golden_fits, suggest_contract, sure_tricks
from exercises.set_deals import SET_DEALS


def named(name: str):
    return next(d for d in SET_DEALS[int(name[:-1])] if d.name == name)


@pytest.mark.parametrize("name", ["8A", "8B", "9A", "9B"])
def test_south_declares_the_contract_the_guidelines_choose_with_the_points_the_why_gives(name):
    set_deal = named(name)
    deal = set_deal.deal
    assert set_deal.table == "minibridge" and all(len(deal[s]) == 13 for s in Seat)
    assert declarer(deal) is Seat.S and deal[Seat.S].hcp > deal[Seat.N].hcp
    assert suggest_contract(deal[Seat.S], deal[Seat.N]).contract == Contract(set_deal.contract)
    for word, points in re.findall(r"\b(North|East|South|West) \(?(\d+)\)?(?=[,.:;)])", set_deal.why):
        assert deal[SEAT_WORDS[word]].hcp == int(points), f"{name}: {word} has {deal[SEAT_WORDS[word]].hcp}"


def test_8A_drawing_trumps_first_makes_and_diamonds_first_fail():
    deal = named("8A").deal
    assert deal.length("NS", "♠") == 5 + 3 and deal.length(Seat.E, "♦") == 1
    assert dd_tricks(deal, Seat.S, Suit.SPADES) == 11
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 11
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♦4", "♦A", "♦K", "♦Q"]) == 9  # 1 down


def test_8B_trumping_hearts_in_the_short_trump_hand_makes_drawing_trumps_first_fails():
    deal = named("8B").deal
    assert golden_fits(deal[Seat.S], deal[Seat.N]) == {Suit.SPADES: 5 + 3}
    assert [str(c) for c in deal[Seat.S].suit(Suit.HEARTS)] == ["♥A", "♥3", "♥2"]
    assert [str(c) for c in deal[Seat.N].suit(Suit.HEARTS)] == ["♥8", "♥4"]
    assert dd_tricks(deal, Seat.S, Suit.SPADES) == 10
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♥A", "♥2", "♥3", "♠8"]) == 10
    assert scripted_play(deal, Seat.S, Suit.SPADES, ["♠A", "♠K", "♠Q"]) == 9  # 1 down


def test_9A_the_finesse_through_east_makes_ace_then_queen_fails():
    deal = named("9A").deal
    assert sure_tricks(deal[Seat.S], deal[Seat.N]) == 4 + 1 + 1 + 2 == 8
    assert Card("♥K") in deal[Seat.E] and Card("♦A") in deal[Seat.N]
    assert {str(c) for c in deal[Seat.S].suit(Suit.HEARTS)} == {"♥A", "♥Q", "♥4"}
    assert dd_tricks(deal, Seat.S, None) == 9
    assert scripted_play(deal, Seat.S, None, ["♦A", "♥3", "♥Q"]) == 9
    assert scripted_play(deal, Seat.S, None, ["♥A", "♥Q"]) == 8  # 1 down


def test_9B_is_9A_with_the_heart_king_on_the_other_side_and_the_finesse_loses():
    onside, offside = named("9A").deal, named("9B").deal
    assert onside[Seat.N] == offside[Seat.N] and onside[Seat.S] == offside[Seat.S]
    assert set(onside[Seat.E]) ^ set(offside[Seat.E]) == {Card("♥K"), Card("♥2")}
    assert Card("♥K") in offside[Seat.W]
    assert dd_tricks(offside, Seat.S, None) == 8 == Contract("NT game").tricks_needed - 1
