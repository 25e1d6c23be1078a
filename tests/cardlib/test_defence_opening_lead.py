"""Lesson 10, the opening lead: the rules in cardlib.defence, the "which card do you lead?"
question, and the two set deals, where the card the rules lead beats the contract and a wrong
lead lets it make (proved double-dummy with endplay, as the other lessons' deals are)."""
from __future__ import annotations

import pytest
from tests.lesson_tools import deal_named
from tests.lesson_tools import lead_results

from cardlib import BRIDGE_PACK, Card, Seat, Side, Suit
from cardlib.defence import opening_lead
from cardlib.minibridge import Contract, declarer, score_hand, suggest_contract
from exercises.kinds import make_question


@pytest.mark.parametrize("hand, trumps, partner, card, rule", [
    ("♠K Q J 7 2 ♥9 6 3 ♦8 5 ♣A 7 4", None, None, "♠K", "sequence"),
    ("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", None, None, "♠6", "fourth"),
    ("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", "♥", None, "♣8", "no_ace"),     # not away from the ♠A
    ("♠A J 10 9 ♥9 8 2 ♦6 5 2 ♣J 8 3", "♥", None, "♦2", "no_ace"),     # J 10 9 under the ace: still away from it
    ("♠A J 10 9 ♥9 8 2 ♦6 5 2 ♣J 8 3", None, None, "♠J", "sequence"),  # against no trumps the sequence is led
    ("♠K 8 5 3 ♥9 8 ♦Q J 10 2 ♣7 4 3", None, "♥", "♥9", "partner"),     # the higher of two
    ("♠K 8 5 3 ♥9 8 4 ♦Q J 10 2 ♣7 4", "♠", "♥", "♥4", "partner"),      # the lowest of three
    ("♠K 8 5 ♥Q J 10 ♦9 6 5 2 ♣7 4 3", "♠", "♦", "♦2", "partner"),      # partner's suit before a sequence
    ("♠K Q J ♥9 8 4 ♦Q 6 5 2 ♣7 4 3", "♠", None, "♦2", "no_ace"),       # no sequence in trumps
    # two suits as long: the higher suit, even the weaker one (lesson 10's "Two suits as long")
    ("♥9 7 5 3 ♦K Q 8 2 ♠6 4 ♣A 5 3", None, None, "♥3", "fourth"),
    ("♠8 6 4 2 ♥K 5 ♦Q 9 7 3 ♣A 5 3", "♥", None, "♠2", "no_ace"),
    ("♦J 10 9 2 ♣Q J 10 3 ♠A 4 ♥8 5 3", None, None, "♦J", "sequence"),
])
def test_the_rules_choose_the_card_the_lesson_teaches(hand, trumps, partner, card, rule):
    assert opening_lead(hand, trumps, partner) == (Card(card), rule)


def test_the_question_asks_for_the_card_the_rules_choose_and_names_the_slips():
    rules = set()
    for seed in range(200):
        q = make_question("lead", seed)
        hand = q.picture.rows[0][1][1]
        assert len(hand) == 13 and q.answer in hand
        assert q.check(q.answer).correct
        for slip in q.slips:
            assert slip.value in hand and slip.value != q.answer
            told = q.check(slip.value)
            assert not told.correct and slip.words in told.words
        rules.add(q.explanation.split(":")[0][:12])
    assert len(rules) >= 4
    q = make_question("lead", 1)
    assert q.check("♠Z").correct is None and "not a card" in q.check("♠Z").words
    missing = next(str(c) for c in BRIDGE_PACK.cards if str(c) not in q.picture.rows[0][1][1])
    assert q.check(missing).correct is None  # a card the pupil does not hold is refused, not marked wrong


def test_leading_away_from_an_ace_against_trumps_is_a_named_slip():
    found = [q for q in (make_question("lead", s) for s in range(200)) if "no trumps" not in q.rules_line.lower()
             and any(slip.code == "away_from_ace" for slip in q.slips)]
    assert found
    for q in found:
        slip = next(s for s in q.slips if s.code == "away_from_ace")
        assert "away from an ace" in q.check(slip.value).words


def test_10A_fourth_highest_beats_no_trumps_game_and_any_other_suit_lets_south_take_all_13():
    set_deal = deal_named("10A")
    deal = set_deal.deal
    assert declarer(deal) is Seat.S and Seat.S.left is Seat.W
    assert suggest_contract(deal[Seat.S], deal[Seat.N]).contract == Contract(set_deal.contract) == Contract("NT game")
    assert opening_lead(deal[Seat.W], None) == (Card("♠6"), "fourth")
    leads = lead_results(deal, Seat.S, None)
    assert leads[Card("♠6")] == 8 < 9
    assert all(tricks == 8 for card, tricks in leads.items() if card.suit is Suit.SPADES)
    assert all(tricks == 13 for card, tricks in leads.items() if card.suit is not Suit.SPADES)
    assert score_hand("S", "NT game", 8).scores == {Side.NS: 0, Side.EW: 50}


def test_10B_a_spade_beats_heart_game_and_a_club_from_the_ace_lets_it_make():
    set_deal = deal_named("10B")
    deal = set_deal.deal
    assert declarer(deal) is Seat.W and Seat.W.left is Seat.N
    assert suggest_contract(deal[Seat.W], deal[Seat.E]).contract == Contract(set_deal.contract) == Contract("♥ game")
    assert opening_lead(deal[Seat.N], Suit.HEARTS) == (Card("♠2"), "no_ace")
    assert [str(c) for c in deal[Seat.N].suit(Suit.CLUBS)] == ["♣A", "♣J", "♣8", "♣3"]
    leads = lead_results(deal, Seat.W, Suit.HEARTS)
    assert leads[Card("♠2")] == 9 < 10
    assert all(tricks >= 10 for card, tricks in leads.items() if card.suit is Suit.CLUBS)
    assert score_hand("W", "♥ game", 9).scores == {Side.NS: 50, Side.EW: 0}


def test_the_pupil_picks_the_lead_from_their_own_thirteen_cards_in_the_exercise(tmp_path):
    from exercises.widget import ExerciseWidget

    w = ExerciseWidget(kinds=["lead"], seed=3, progress_dir=tmp_path)
    q = w.session.question
    assert [value for _, value in w.dropdown.options] == list(q.picture.rows[0][1][1])
    w.dropdown.value = q.answer
    w.check_button.click()
    assert "✔" in w.feedback.value
