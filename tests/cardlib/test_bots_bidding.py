"""Lesson 13's two bidding rules (docs/rules.md §1.7), the table that plays an auction's
contract, and the "what do you call?" practice."""
import pytest

from cardlib import Deal, Hand, Seat, Suit, bots
from cardlib.auction import PASS, Auction, Bid, start_play
from cardlib.bots import call_by_the_rules
from cardlib.messages import CardError
from exercises.kinds import make_question
from exercises.set_deals import SET_DEALS, double_dummy

OPENER = Hand("♠AK32 ♥KQ532 ♦A2 ♣32")   # 16 points, five hearts
WEAK = Hand("♠QJ32 ♥J2 ♦Q432 ♣432")      # 6 points


def auction(dealer, *calls):
    a = Auction(dealer)
    for c in calls:
        a.call(c)
    return a


def test_open_with_12_or_more_in_the_longest_suit_else_pass():
    assert call_by_the_rules(OPENER, auction("N")) == Bid("1♥")
    assert call_by_the_rules(Hand("♠AK32 ♥KQ32 ♦A2 ♣432"), auction("N")) == Bid("1♠")  # 4-4: the higher
    eleven = Hand("♠AK32 ♥Q432 ♦32 ♣432")
    assert eleven.hcp == 9 and call_by_the_rules(eleven, auction("N")) == PASS
    twelve = Hand("♠AK32 ♥Q432 ♦K2 ♣J32")
    assert twelve.hcp == 13 and call_by_the_rules(twelve, auction("N", PASS, PASS)) == Bid("1♠")


def test_raise_partners_suit_with_four_cards_and_6_points_at_the_lowest_level_higher_than_the_last():
    assert call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣K32"), auction("N", "1♥", PASS)) == Bid("2♥")
    assert call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣K32"), auction("N", "1♥", "1♠")) == Bid("2♥")
    assert call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣K32"), auction("N", "1♥", "2♠")) == Bid("3♥")
    assert call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣432"), auction("N", "1♥", PASS)) == PASS  # a fit, 3 points
    assert call_by_the_rules(Hand("♠5432 ♥A4 ♦Q2 ♣K5432"), auction("N", "1♦", "1NT")) == PASS  # two diamonds


def test_no_fit_no_second_bid_and_the_opponents_pass():
    assert call_by_the_rules(Hand("♠AK5432 ♥J2 ♦Q2 ♣432"), auction("N", "1♥", PASS)) == PASS  # 12 but no fit
    assert call_by_the_rules(OPENER, auction("N", "1♥", PASS, "2♥", PASS)) == PASS  # opener has said it
    assert call_by_the_rules(OPENER, auction("N", "1♠")) == PASS  # East: the opponents opened
    assert call_by_the_rules(Hand("♠5432 ♥J432 ♦Q2 ♣K32"), auction("N", "1♥", PASS, "2♥", PASS)) == PASS  # raised once


def test_the_computer_always_reaches_an_end_and_every_call_is_legal():
    for seed in range(300):
        deal = Deal.random(seed=seed)
        a = bots.auction_by_the_rules(deal)  # an illegal call would raise
        strongest = max(deal[s].hcp for s in Seat)
        assert (a.contract is None) == (strongest < 12)
        if a.contract is not None:  # only the opener's side bids: 1 of a suit, or partner's raise to 2
            opener = next(s for s, c in a.calls if isinstance(c, Bid))
            assert a.contract.level in (1, 2) and a.declarer == opener


@pytest.mark.parametrize("name, calls, contract, declarer, tricks", [
    ("13A", ["1♥", PASS, "2♥", PASS, PASS, PASS], "2♥", Seat.N, 8),
    ("13B", ["1♠", PASS, "2♠", PASS, PASS, PASS], "2♠", Seat.S, 8)])
def test_the_set_deals_auctions_and_their_double_dummy_tricks(name, calls, contract, declarer, tricks):
    set_deal = next(d for d in SET_DEALS[13] if d.name == name)
    a = bots.auction_by_the_rules(set_deal.deal)
    assert [PASS if c == PASS else c.text for _, c in a.calls] == calls
    assert (a.contract, a.declarer, set_deal.leader) == (Bid(contract), declarer, declarer.left)
    assert set_deal.contract == contract  # what the hand record says it is played in
    assert double_dummy(name)[Bid(contract).denomination, declarer] == tricks == Bid(contract).tricks_needed


@pytest.mark.parametrize("name, raiser, suit", [("13A", Seat.S, Suit.HEARTS), ("13B", Seat.N, Suit.SPADES)])
def test_the_hand_records_raise_with_what_the_raiser_can_know(name, raiser, suit):
    """Reader P: the notes reasoned "5 + 4 = 9, a fit", but the raiser cannot see the opener's
    five: the lesson's reason is the four the opening promises, 4 + 4 = 8 (the rule's FIT)."""
    from cardlib.bots.minibridge import FIT

    set_deal = next(d for d in SET_DEALS[13] if d.name == name)
    deal, opener = set_deal.deal, raiser.partner
    assert deal[raiser].length(suit) == 4 and deal[opener].length(suit) == 5
    assert 4 + deal[raiser].length(suit) == 8 == FIT  # the opening promises 4 or more
    reason = "with the four the opening promises, 4 + 4 = 8 (in fact 5 + 4 = 9)"
    assert reason in set_deal.why and set_deal.why.count("5 + 4 = 9") == 1


def test_the_play_of_an_auctions_contract_starts_on_declarers_left_and_scores_the_bid():
    deal = SET_DEALS[13][0].deal
    game = start_play(deal, auction("N", "1♥", PASS, "2♥", PASS, PASS, PASS))
    assert (game.declarer, game.dummy, game.to_play, game.trumps) == (Seat.N, Seat.S, Seat.E, Suit.HEARTS)
    bots.play_out(game, bots.make("minibridge", "club"))
    tricks = game.declarer_tricks
    assert game.score() == (2 * 30 + 50 + 30 * (tricks - 8) if tricks >= 8 else -50 * (8 - tricks))
    with pytest.raises(CardError, match="not over"):
        start_play(deal, auction("N", "1♥"))
    with pytest.raises(CardError, match="no contract"):
        start_play(deal, auction("N", PASS, PASS, PASS, PASS))


def test_what_do_you_call_names_the_slips_and_agrees_with_the_rules():
    codes = set()
    for seed in range(120):
        q = make_question("call", seed=seed)
        assert q.check(q.answer).correct
        for slip in q.slips:
            feedback = q.check(slip.value)
            assert not feedback.correct and slip.words in feedback.words
            codes.add(slip.code)
    assert codes == {"open_short", "pass_with_12", "not_longest", "lower_of_two", "fit_missed", "no_fit", "own_suit"}
    words = {s.words for seed in range(120) for s in make_question("call", seed=seed).slips}
    assert any(w.startswith("You have 11 points: with fewer than 12, pass") for w in words)
    assert any(w.startswith("Partner opened ♥ and you have 4: 4 + 4 = 8, a fit, and 6 or more points. Raise") for w in words)


def test_the_bidding_table_refuses_a_low_bid_and_a_forged_message_then_plays_the_contract_reached():
    from exercises.tables import table_for

    table = table_for(SET_DEALS[13][0], pace=0)  # North opened 1♥, East passed: South's call
    assert [c for _, c in table.auction.calls] == [Bid("1♥"), PASS] and table.pass_button.visible
    table.level_choice.value, table.denomination_choice.value = "1", "♦"
    table.bid_button.click()
    assert "not higher than 1♥" in table.message.value and len(table.auction.calls) == 2
    table._on_view_message(None, {"action": "again", "value": ""}, [])  # not on the table now
    assert len(table.auction.calls) == 2 and "cannot" in table.message.value
    table.level_choice.value = "2"
    table._on_view_message(None, {"action": "denomination", "value": "♥"}, [])
    table.bid_button.click()
    assert table.game is not None and str(table.game.contract) == "2♥" and table.pupil_seats == {Seat.N}
    assert "North is declarer" in table.message.value and table.game.first_leader == Seat.E
    while not table.game.is_over:
        card = bots.make("minibridge", "club").choose(table.game)
        next(b for b in table.hand_buttons if b.card == card).click()
    assert "2♥:" in table.message.value
    again = table_for(SET_DEALS[13][0], pace=0)
    again.replay(table.actions)
    assert again.game.is_over and again.game.plays == table.game.plays
    again.replay([("call", "1♥"), ("call", "pass"), ("call", "1♦")])
    assert "not higher" in again.message.value and again.game.is_over  # refused: nothing changed


def test_the_bidding_table_shows_only_the_pupils_hand_during_the_auction(monkeypatch):
    from cardlib import render
    from exercises.tables import table_for

    drawn = []
    original = render.table_html
    monkeypatch.setattr(render, "table_html", lambda hands, *a, **k: drawn.append(hands) or original(hands, *a, **k))
    table = table_for(SET_DEALS[13][1], pace=0)
    assert drawn[-1] == {Seat.N: 13, Seat.E: 13, Seat.S: list(table.deal[Seat.S]), Seat.W: 13}
    table.pass_button.click()  # South passes with 14: the computer players pass too
    assert table.auction.finished and table.auction.contract is None and table.game is None
    assert "nobody plays" in table.message.value and table.again_button.visible
    table.again_button.click()
    assert table.auction.calls == [] and table.auction.to_call == Seat.S


def test_after_partners_raise_the_bidding_table_says_it_is_the_pupils_call_again():
    """Deal 13B: South opens 1♠, North raises to 2♠ and East passes; South is asked again."""
    from cardlib import say
    from exercises.tables import table_for

    table = table_for(SET_DEALS[13][1], pace=0)
    assert table.auction.to_call == Seat.S and say("bidding_your_call") in table.message.value
    table.level_choice.value, table.denomination_choice.value = "1", "♠"
    table.bid_button.click()
    assert [c for _, c in table.auction.calls] == [Bid("1♠"), PASS, Bid("2♠"), PASS]
    assert table.auction.to_call == Seat.S and table.pass_button.visible
    assert say("bidding_your_call") in table.message.value
