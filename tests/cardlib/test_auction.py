"""The bridge-out lesson's auction: bids rise, three passes end it, the last bid is the contract."""
import pytest

from cardlib.auction import PASS, Auction, Bid
from cardlib.messages import CardError, set_language
from cardlib.seats import Seat


def test_bids_rise_by_level_then_clubs_diamonds_hearts_spades_no_trumps():
    order = [Bid(t) for t in ("1♣", "1♦", "1♥", "1♠", "1NT", "2♣", "7NT")]
    assert order == sorted(order[::-1])
    assert Bid("2♣") > Bid("1NT") and not Bid("1♠") > Bid("1♠")


def test_a_level_is_tricks_over_six_and_the_defenders_need_fourteen_minus_that():
    assert (Bid("1NT").tricks_needed, Bid("1NT").tricks_to_defeat) == (7, 7)
    assert (Bid("4♠").tricks_needed, Bid("4♠").tricks_to_defeat) == (10, 4)


def test_three_passes_after_a_bid_end_it_and_declarer_named_the_suit_first():
    a = Auction("E")
    for c in ("1♥", PASS, "2♥", PASS, "4♥", PASS, PASS):
        a.call(c)
    assert not a.finished and a.to_call == Seat.N
    a.call("pass")
    assert a.finished and a.to_call is None
    assert str(a.contract) == "4♥" and a.declarer == Seat.E  # E bid hearts before W raised


def test_four_passes_mean_nobody_plays():
    a = Auction("S")
    for _ in range(4):
        a.call(PASS)
    assert a.finished and a.contract is None and a.declarer is None


def test_a_bid_too_low_is_refused_in_plain_words_and_changes_nothing():
    a = Auction("N")
    a.call("2♠")
    with pytest.raises(CardError, match="2♥ is not higher than 2♠"):
        a.call("2♥")
    with pytest.raises(CardError, match="not higher"):
        a.call("2♠")
    assert len(a.calls) == 1 and a.to_call == Seat.E


@pytest.mark.parametrize("text", ["8♠", "0NT", "2 bananas", "♠", ""])
def test_a_bid_that_is_not_one_is_named(text):
    with pytest.raises(CardError) as found:
        Bid(text)
    assert "is not a bid" in str(found.value) or "from 1 to 7" in str(found.value)


def test_no_call_after_the_end():
    a = Auction("N")
    for c in ("1NT", PASS, PASS, PASS):
        a.call(c)
    with pytest.raises(CardError, match="auction is over"):
        a.call("2♣")


def test_the_japanese_sentence_for_a_bid_too_low():
    set_language("ja")
    try:
        a = Auction("N")
        a.call("3NT")
        with pytest.raises(CardError, match="より高くありません"):
            a.call("3♠")
        a.call("パス")
        assert a.calls[-1] == (Seat.E, PASS)
    finally:
        set_language("en")


def test_which_bid_is_higher_names_the_slip_and_agrees_with_the_auction():
    from exercises.kinds import make_question

    codes = set()
    for seed in range(60):
        q = make_question("bid_higher", seed=seed)
        first, second = (Bid(v) for _, v in q.options)
        higher = max(first, second)
        assert q.check(higher.text).correct
        wrong = min(first, second).text
        feedback = q.check(wrong)
        assert not feedback.correct and q.slips[0].words in feedback.words
        codes.add(q.slips[0].code)
    assert codes == {"level_first", "denomination_order"}
