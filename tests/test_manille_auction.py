"""Auction Manille's three forms as a player meets them: who speaks, what is refused, what is won."""
from __future__ import annotations

import random

import pytest

from cardlib.bots.manille_auction import play_out
from cardlib.cards import Card, Rank
from cardlib.manille_auction import AuctionMatch, AuctionRound, AuctionRules
from cardlib.messages import CardError


def state(r: AuctionRound):
    return ({p: list(h) for p, h in r.hands.items()}, list(r.widow), list(r.actions), r.phase, r.to_act)


def test_a_bid_no_higher_than_the_last_is_refused_in_words_and_changes_nothing():
    r = AuctionRound(AuctionRules(form=2, players=4), seed=3)
    assert (r.phase, r.to_act) == ("bidding", 1)  # the eldest speaks first
    r.bid(3)
    before = state(r)
    with pytest.raises(CardError, match="not more than the last promise, 3"):
        r.bid(3)
    with pytest.raises(CardError, match="from 1 to 8"):
        r.bid(9)
    with pytest.raises(CardError, match="not Player 4's turn"):
        r.bid(5, player=3)
    assert state(r) == before


def test_a_pass_is_final_and_the_last_bidder_declares():
    r = AuctionRound(AuctionRules(form=2, players=3), seed=1)
    r.bid(2)        # player 1, the eldest
    r.pass_on()     # player 2 passes for good
    r.bid(3)        # player 0, the dealer
    assert r.to_act == 1
    r.pass_on()
    assert (r.phase, r.declarer) == ("trumps", 0)
    r.name_trumps("no trumps")
    assert (r.phase, r.to_act) == ("play", 1)  # the eldest leads


def test_a_bid_of_all_the_tricks_ends_the_bidding_and_the_declarer_leads():
    r = AuctionRound(AuctionRules(form=2, players=5), seed=2)
    assert len(r.hands[0]) == 6 and Card.parse("♣7") not in [c for h in r.hands.values() for c in h]
    r.bid(6, player=1)
    assert r.phase == "trumps"
    r.name_trumps("♠")
    assert r.to_act == 1


def test_everyone_passing_throws_the_deal_in():
    r = AuctionRound(AuctionRules(form=2, players=3), seed=1)
    for _ in range(3):
        r.pass_on()
    assert r.phase == "thrown in" and set(r.result().scores.values()) == {0}


def test_the_privilege_goes_round_and_the_dealer_must_take_it():
    r = AuctionRound(AuctionRules(form=1, players=3), seed=5, dealer=2)
    assert r.to_act == 0
    r.pass_on()
    r.pass_on()
    with pytest.raises(CardError, match="must take it"):
        r.pass_on()
    r.take()
    assert (r.declarer, r.phase) == (2, "trumps")


def test_an_illegal_exchange_is_refused_and_the_widow_is_exchanged_one_card_at_a_time():
    r = AuctionRound(AuctionRules(form=1, players=4), seed=7)
    r.take()
    r.name_trumps("♥")
    me = r.declarer
    not_mine = next(c for c in r.widow)
    before = state(r)
    with pytest.raises(CardError, match="not in your hand"):
        r.exchange(not_mine)
    with pytest.raises(CardError, match="not a face-up card"):
        r.exchange(r.hands[me][0], take=not_mine)  # form 1's widow lies face down
    assert state(r) == before
    give, top = r.hands[me][0], r.widow[0]
    r.exchange(give)
    assert top in r.hands[me] and give in r.widow and r.exchanged == 1
    with pytest.raises(CardError, match="not in your hand"):
        r.exchange(give)  # a card given to the widow cannot come back into play from the hand
    r.stop()
    assert r.phase == "play"


def test_form_three_lays_the_widow_out_and_exchanges_before_trumps():
    for players, (up, down), size in [(3, (2, 3), 9), (4, (2, 2), 7), (5, (1, 1), 6), (6, (1, 1), 5), (7, (2, 2), 4)]:
        r = AuctionRound(AuctionRules(form=3, players=players), seed=players)
        assert len(r.widow) == up + down and len(r.face_up_cards) == up
        assert {len(h) for h in r.hands.values()} == {size}
    r = AuctionRound(AuctionRules(form=3, players=3), seed=1)
    r.take()
    assert r.phase == "exchange"
    wanted = r.face_up_cards[0]
    r.exchange(r.hands[r.declarer][0], take=wanted)
    assert wanted in r.hands[r.declarer]
    r.stop()
    assert r.phase == "trumps"


def test_the_winnings_scales():
    one = AuctionRules(form=1, players=4)
    assert [one.winnings(n, False) for n in range(5)] == [5, 4, 3, 2, 1]
    assert AuctionRules(form=1, players=3, scale=(6, 3, 1)).winnings(1, False) == 3
    with pytest.raises(CardError, match="3 whole numbers"):
        AuctionRules(form=1, players=3, scale=(1, 2))
    three = AuctionRules(form=3, players=4, stake=2)
    assert [three.winnings(1, False), three.winnings(0, False), three.winnings(2, True), three.winnings(0, True)] == [2, 4, 4, 8]
    with pytest.raises(CardError, match="3 to 7 players"):
        AuctionRules(players=8)


def test_a_whole_deal_is_paid_by_the_others_and_the_match_ends_after_the_agreed_deals():
    match = AuctionMatch(AuctionRules(form=1, players=5, deals=3))
    rng = random.Random(1)
    while not match.is_over:
        r = play_out(AuctionRound(match.rules, seed=len(match.lines), dealer=match.next_dealer), rng)
        result = match.add(r.result())
        d = r.declarer
        assert result.scores[d] == -sum(s for p, s in result.scores.items() if p != d) != 0
        assert "Player" in result.words
    assert len(match.lines) == 3 and sum(match.totals.values()) == 0
    with pytest.raises(CardError, match="3 deals is over"):
        match.add(r.result())


def test_the_table_refuses_a_low_bid_and_a_forged_message_in_words_and_plays_a_whole_deal():
    pytest.importorskip("ipywidgets")
    from cardlib.widgets.auction_table import AuctionTable

    table = AuctionTable(form=2, players=3, seed=3)
    assert 'data-action="bid"' in table.view.html and table.round.to_act == 0
    table.press("bid", "3")
    high = table.round.highest_bid
    before = state(table.round)
    table.press("bid", str(high))
    assert "not more than the last promise" in table.view.html and state(table.round) == before
    table._on_message(None, {"action": "play_for_me", "value": "x"}, [])
    table._on_message(None, {"card": "SA"}, [])  # not a moment to play, whoever holds it
    assert state(table.round) == before and "can" in table.message
    for _ in range(100):
        r = table.round
        if table.match.lines:
            break
        if r.phase == "play":
            table.click_card(r.legal_plays()[0].letters)
        elif r.phase == "bidding":
            table.press("pass")
        elif r.phase == "trumps":
            table.press("trumps", "NT")
    assert table.match.lines and 'data-action="next"' in table.view.html
    assert table.match.lines[0].words in table.message


def test_the_table_exchanges_a_face_up_card_in_form_three():
    pytest.importorskip("ipywidgets")
    from cardlib.widgets.auction_table import AuctionTable

    table = AuctionTable(form=3, players=3, seed=1)
    table.press("take")
    wanted = table.round.face_up_cards[0]
    table.press("take_from", wanted.letters)
    give = next(c for c in table.round.hands[0] if c != wanted)
    table.click_card(give.letters)
    assert wanted in table.round.hands[0] and give not in table.round.hands[0]
    assert table.round.exchanged == 1
