"""A MiniBridge hand as one object (minibridge.Round), against the rules it is made of:
declarer or redeal, the contract, the play, the score, and rebuilt from its moves."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from cardlib import CardError, Deal, IllegalPlay, Seat, minibridge
from cardlib.minibridge import CONTRACTS, Round
from cardlib.play import Action
from test_minibridge import EBU_TABLE


def table_score(contract: minibridge.Contract, tricks: int) -> int:
    """docs/rules.md §1.5's whole table, looked up by the row the contract falls in."""
    den = "NT" if contract.denomination is None else "♥" if contract.denomination.is_major else "♣"
    return EBU_TABLE[f"{den} {contract.level}"][tricks]


def played_out(number: int, seed: int, contract=None) -> Round:
    rng = random.Random(seed)
    hand = Round(number=number)
    while hand.phase == "redeal":
        hand.redeal()
    hand.choose_contract(contract or rng.choice(CONTRACTS))
    while hand.phase == "play":
        assert hand.to_act == hand.game.controller(hand.game.to_play)
        hand.play(rng.choice(hand.game.legal_plays()))
    return hand


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9999), st.integers(0, 10**6))
def test_a_whole_hand_scores_as_the_rules_table_says(number, seed):
    hand = played_out(number, seed)
    assert hand.phase == "over" and hand.to_act is None and len(hand.actions) == 1 + hand.redeals + 52
    # Referee of the test's own: declarer's side's tricks, counted from who won each trick.
    tricks = sum(t.winner.side is hand.declarer.side for t in hand.game.tricks)
    assert hand.declarer_tricks == tricks
    expected = table_score(hand.contract, tricks)
    line = hand.result()
    assert line.scores[hand.declarer.side] == max(expected, 0)
    assert line.scores[hand.declarer.side.other] == max(-expected, 0)
    assert line.scores == minibridge.ScorePad().add(hand.declarer, hand.contract, tricks).scores


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9999), st.integers(0, 10**6), st.integers(0, 52))
def test_the_moves_rebuild_the_same_hand_and_a_take_back_leaves_them(number, seed, back):
    hand = played_out(number, seed)
    for _ in range(back):
        hand.undo()
    assert len(hand.actions) == 1 + hand.redeals + 52 - back
    again = Round(number=number, actions=hand.actions)
    assert again.phase == hand.phase and again.deal == hand.deal and again.contract == hand.contract
    assert again.game.snapshot() == hand.game.snapshot()
    assert eval(repr(hand), {"Round": Round, "Deal": Deal}).actions == hand.actions  # the repr runs
    # The moves in words survive a trip through JSON (lists, not tuples), as a store keeps them.
    import json
    from cardlib.play import action_text
    words = json.dumps([action_text(a) for a in hand.actions])
    assert Round(number=number, actions=json.loads(words)).actions == hand.actions


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9999))
def test_declarer_or_redeal_follows_the_points(number):
    hand = Round(number=number)
    while True:
        said = hand.announcements
        ns = sum(p for s, p in said if s in (Seat.N, Seat.S))
        assert sum(p for _, p in said) == 40
        if ns != minibridge.REDEAL_POINTS:
            break
        assert hand.phase == "redeal" and hand.declarer is None
        with pytest.raises(CardError, match="dealt again first"):
            hand.choose_contract("NT partscore")
        hand.redeal()
    assert hand.phase == "contract" and hand.declarer.side is (Seat.N.side if ns > 20 else Seat.E.side)
    assert (hand.deal, hand.declarer, hand.redeals) == minibridge.numbered_deal(number)
    assert hand.deal.dealer == Deal.numbered(number).dealer  # the same dealer deals again


def test_every_refused_move_says_why_in_words_and_changes_nothing():
    hand = Round(number=1)
    declarer = hand.declarer
    refusals = [
        (lambda: hand.play("SA"), "chooses the contract first"),
        (lambda: hand.redeal(), "not dealt again"),
        (lambda: hand.choose_contract("♠ game", seat=declarer.left), "is declarer"),
        (lambda: hand.act("bid", "1NT"), "not a move of this game"),
        (lambda: hand.choose_contract("seven spades"), "not a contract"),
        (lambda: hand.undo(), "nothing to take back"),
    ]
    for move, words in refusals:
        with pytest.raises(CardError, match=words):
            move()
        assert hand.actions == () and hand.phase == "contract"
    hand.choose_contract("♠ game", seat=declarer)
    with pytest.raises(CardError, match="already chosen"):
        hand.choose_contract("NT game")
    leader = hand.game.to_play
    with pytest.raises(IllegalPlay, match="turn"):
        hand.play(hand.game.legal_plays()[0], seat=leader.partner)
    with pytest.raises(CardError, match="not a card"):
        hand.play("X9")
    with pytest.raises(CardError, match="not over"):
        hand.result()
    assert hand.actions == (Action("contract", minibridge.Contract("♠ game")),) and not hand.game.plays
    for forged in (["contract"], "contract", [("play", "SA", "more")], [("deal", 3)]):
        with pytest.raises(CardError):
            Round(number=1, actions=forged if isinstance(forged, list) else [forged])
    with pytest.raises(CardError, match="not a deal number"):
        Round(number=0)


def test_a_set_deal_is_played_as_given_and_its_repr_rebuilds_it():
    deal = Deal("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    hand = Round(deal, rules="club")
    hand.choose_contract("♠ game")
    hand.play(hand.game.legal_plays()[0])
    again = eval(repr(hand), {"Round": Round, "Deal": Deal})
    assert again.deal == deal and again.rules is minibridge.CLUB and again.actions == hand.actions
