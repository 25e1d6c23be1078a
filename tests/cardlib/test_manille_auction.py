"""Auction Manille's three forms as the rule book has them and as a player meets them: who
speaks, what is refused in words, what is won, and every round rebuilt from its actions."""
from __future__ import annotations

import random

import pytest

from cardlib.bots.manille_auction import move, play_out
from cardlib.cards import Card, Suit
from cardlib.manille import card_points
from cardlib.manille_auction import ALL, PACK, AuctionMatch, AuctionResult, AuctionRound, AuctionRules
from cardlib.messages import CardError, IllegalPlay
from cardlib.play import Action


def state(r: AuctionRound):
    return ({p: list(h) for p, h in r.hands.items()}, list(r.widow), r.actions, r.phase, r.to_act)


# --- form 1: the privilege, then draw and discard until satisfied, then trumps ----------------

def test_form_one_declarer_discards_the_card_just_drawn_and_names_trumps_only_when_satisfied():
    r = AuctionRound(AuctionRules(form=1, players=4), seed=7)
    r.take()
    me, hand = r.declarer, list(r.hands[r.declarer])
    assert r.phase == "draw" and Action("trumps", Suit.HEARTS) not in r.legal_actions()
    with pytest.raises(IllegalPlay, match="drawing from the widow"):
        r.name_trumps("♥")  # the book: trumps only once satisfied with the hand
    top = r.widow[0]
    assert r.draw() == top and top in r.hands[me] and r.phase == "discard"
    assert set(r.legal_actions()) == {Action("discard", c) for c in r.hands[me]}
    with pytest.raises(IllegalPlay, match="discard a card first"):
        r.draw()  # a discard before the next card
    r.discard(top)  # the card just drawn goes straight back out
    assert r.hands[me] == hand and top in r.discards and r.drawn == 1 and r.phase == "draw"
    second = r.draw()
    r.discard(hand[0])
    assert second in r.hands[me] and hand[0] not in r.hands[me]
    r.stop()
    assert r.phase == "trumps" and r.to_act == me
    r.name_trumps("no trumps")
    assert (r.phase, r.to_act) == ("play", r.eldest)


def test_form_one_draws_at_most_the_whole_widow():
    r = AuctionRound(AuctionRules(form=1, players=3), seed=2)
    r.take()
    for _ in range(2):
        r.discard(r.draw())
    assert r.phase == "trumps" and not r.widow and r.drawn == 2


def test_the_privilege_goes_round_nobody_is_forced_and_all_passing_throws_the_deal_in():
    r = AuctionRound(AuctionRules(form=1, players=3), seed=5, dealer=2)
    assert r.to_act == 0  # the eldest first, then round in the order of play
    r.pass_on()
    assert r.to_act == 1
    r.pass_on()
    assert r.to_act == 2 and Action("pass") in r.legal_actions()  # the dealer may pass too
    r.pass_on()
    assert r.phase == "thrown in" and r.is_over and r.to_act is None
    assert set(r.result().scores.values()) == {0}
    r.undo()
    r.take()
    assert (r.declarer, r.phase) == (2, "draw")


def test_form_one_winnings_fall_with_each_card_drawn():
    one = AuctionRules(form=1, players=4)
    assert [one.winnings(n) for n in range(5)] == [5, 4, 3, 2, 1]
    assert AuctionRules(form=1, players=3, scale=(6, 3, 1)).winnings(1) == 3
    flat = AuctionRules(form=1, players=4, scale=(1, 1, 1, 1, 1))  # lesson 17's first game: 1 point, however many drawn
    for seed, made in ((3, True), (0, False)):
        r = AuctionRound(flat, seed=seed)
        r.take()
        while not r.is_over:
            r.act(r.legal_actions()[0])
        assert (r.declarer_points() >= 15) == made and r.drawn == 4
        result = r.result()
        assert result.scores[r.declarer] == (3 if made else -3) and sum(result.scores.values()) == 0
        assert "however many cards were drawn" in result.words and "With 4 card(s)" not in result.words
    scaled = AuctionRound(one, seed=0)
    scaled.take()
    while not scaled.is_over:
        scaled.act(scaled.legal_actions()[0])
    assert "With 4 card(s) drawn from the widow" in scaled.result().words
    with pytest.raises(CardError, match="3 whole numbers"):
        AuctionRules(form=1, players=3, scale=(1, 2))
    with pytest.raises(CardError, match="3 to 7 players"):
        AuctionRules(players=8)
    for bad in (5, "321", (3, -1, 1)):
        with pytest.raises(CardError, match="3 whole numbers"):
            AuctionRules(form=1, players=3, scale=bad)
    for option in ("deals", "target"):
        for bad in (0, "12", 2.5, True):
            with pytest.raises(CardError, match=f"is not a choice for {option}"):
                AuctionRules(**{option: bad})


# --- form 2: bids of points ----------------------------------------------------------------

def test_form_two_bids_are_points_and_a_bid_of_21_is_accepted():
    r = AuctionRound(AuctionRules(form=2, players=4), seed=3)
    assert (r.phase, r.to_act) == ("bidding", 1)  # the eldest speaks first
    r.bid(21)
    assert r.bids == {1: 21} and r.to_act == 2
    before = state(r)
    with pytest.raises(IllegalPlay, match="21 points is not more than the last promise, 21 points"):
        r.bid(21)
    with pytest.raises(IllegalPlay, match="from 1 to 67, or all the tricks"):
        r.bid(68)
    with pytest.raises(IllegalPlay, match="not Player 4's turn"):
        r.bid(25, player=3)
    assert r.why_illegal(Action("bid", "lots")).startswith("'lots' is not a promise")
    assert r.why_illegal(("card", "SA")).startswith("That cannot be done now")
    assert r.why_illegal("nonsense") and r.why_illegal(None)
    assert state(r) == before


def test_a_pass_is_final_and_the_declarer_wins_or_loses_the_points_bid():
    r = AuctionRound(AuctionRules(form=2, players=3), seed=1)
    r.bid(20)       # player 1, the eldest
    r.pass_on()     # player 2 passes for good
    r.bid(30)       # player 0, the dealer
    assert r.to_act == 1
    r.pass_on()
    assert (r.phase, r.declarer) == ("trumps", 0)
    r.name_trumps("♠")
    assert (r.phase, r.to_act) == ("play", 1)  # the eldest leads
    play_out(r)
    made = r.declarer_points() >= 30
    assert r.result().scores[0] == (60 if made else -60) and r.result().scores[1] == (-30 if made else 30)
    assert "promised 30 points" in r.result().words


def test_a_bid_of_all_the_tricks_ends_the_bidding_and_the_declarer_leads():
    r = AuctionRound(AuctionRules(form=2, players=5), seed=2)
    assert len(r.hands[0]) == 6 and Card.parse("♣7") not in [c for h in r.hands.values() for c in h]
    r.bid(40, player=1)
    r.bid("all", player=2)
    assert r.phase == "trumps" and r.declarer == 2
    r.name_trumps("♠")
    assert r.to_act == 2


def test_everyone_passing_throws_the_deal_in():
    r = AuctionRound(AuctionRules(form=2, players=3), seed=1)
    for _ in range(3):
        r.pass_on()
    assert r.phase == "thrown in" and set(r.result().scores.values()) == {0}


# --- form 3: bids as form 2, the exchange before trumps, ×2 for promising all -----------------

def test_form_three_is_bid_as_form_two_and_the_highest_bidder_exchanges_before_trumps():
    for players, (up, down), size in [(3, (2, 3), 9), (4, (2, 2), 7), (5, (1, 1), 6), (6, (1, 1), 5), (7, (2, 2), 4)]:
        r = AuctionRound(AuctionRules(form=3, players=players), seed=players)
        assert len(r.widow) == up + down and len(r.face_up_cards) == up
        assert {len(h) for h in r.hands.values()} == {size}
    r = AuctionRound(AuctionRules(form=3, players=3), seed=1)
    assert r.phase == "bidding" and Action("take") not in r.legal_actions()
    r.bid(25)
    r.pass_on()
    r.pass_on()
    assert (r.declarer, r.phase) == (1, "draw")
    wanted = r.face_up_cards[0]
    r.draw(wanted)
    assert wanted in r.hands[1] and wanted not in r.face_up_cards
    r.discard(r.hands[1][0])
    r.stop()
    assert r.phase == "trumps"


def finished(rules: AuctionRules, bid, draws: int, seed: int = 0) -> AuctionRound:
    """A form 3 deal where player 1 bids ``bid``, draws ``draws`` cards, names their longest suit,
    and plays their highest card each time while the others play their lowest."""
    r = AuctionRound(rules, seed=seed)
    r.bid(bid)
    while r.phase == "bidding":
        r.pass_on()
    for _ in range(draws):
        r.discard(r.draw())
    if r.phase == "draw":
        r.stop()
    hand = r.hands[r.declarer]
    r.name_trumps(max(Suit, key=lambda s: sum(c.suit is s for c in hand)))
    while not r.is_over:
        legal = r.legal_plays()
        strength = lambda c: (c.suit is r.trump_suit, PACK.strength[c.index])  # noqa: E731
        r.play(max(legal, key=strength) if r.to_act == r.declarer else min(legal, key=strength))
    return r


def test_form_three_doubles_only_for_promising_all_the_tricks_or_for_no_exchange():
    rules = AuctionRules(form=3, players=7)
    assert [rules.times(1, False), rules.times(0, False), rules.times(1, True), rules.times(0, True)] == [1, 2, 2, 4]
    r = finished(rules, 10, draws=1, seed=88)
    assert r.declarer_tricks() == rules.hand_size  # every trick taken, but not promised: no ×2
    assert r.result().scores[1] == 10 * 6 and "×" not in r.result().words
    r = finished(rules, ALL, draws=1, seed=88)  # the same, promised: ×2
    assert r.result().scores[1] == rules.most * 2 * 6 and "× 2" in r.result().words
    r = finished(rules, 10, draws=0, seed=88)  # no exchange: ×2
    assert abs(r.result().scores[1]) == 10 * 2 * 6
    r = finished(rules, ALL, draws=0, seed=88)  # both: ×4
    assert abs(r.result().scores[1]) == rules.most * 4 * 6


# --- the protocol -----------------------------------------------------------------------------

@pytest.mark.parametrize("form", [1, 2, 3])
def test_every_action_is_recorded_and_the_round_rebuilds_and_undoes(form):
    rules = AuctionRules(form=form, players=4)
    for seed in range(8):
        r = play_out(AuctionRound(rules, seed=seed, dealer=seed % 4), random.Random(seed))
        again = AuctionRound(rules, seed=seed, dealer=seed % 4, actions=r.actions)
        assert again.result() == r.result() and again.hands == r.hands and again.actions == r.actions
        in_words = eval(repr(r), {"AuctionRound": AuctionRound, "AuctionRules": AuctionRules})  # the repr runs
        assert in_words.actions == r.actions and in_words.result() == r.result()
        assert all(isinstance(a, Action) for a in r.actions)
        states = []
        replay = AuctionRound(rules, seed=seed, dealer=seed % 4)
        for action in r.actions:
            assert action in replay.legal_actions() and replay.why_illegal(action) is None
            states.append(state(replay))
            replay.act(action)
        for before in reversed(states):
            replay.undo()
            assert state(replay) == before
    with pytest.raises(IllegalPlay, match="nothing to take back"):
        AuctionRound(rules).undo()


def test_a_wrong_action_in_a_replayed_list_is_refused_in_words():
    with pytest.raises(IllegalPlay, match="cannot be done now"):
        AuctionRound(AuctionRules(form=2, players=3), seed=1, actions=[Action("take")])
    with pytest.raises(CardError, match="needs its rules"):
        AuctionRound("form 2")


def test_the_computer_chooses_a_legal_action_in_every_phase():
    for form in (1, 2, 3):
        for seed in range(5):
            r = AuctionRound(AuctionRules(form=form, players=3 + seed), seed=seed)
            rng = random.Random(seed)
            while not r.is_over:
                action = move(r, rng)
                assert action in r.legal_actions()
                r.act(action)


def test_a_whole_deal_is_paid_by_the_others_and_the_match_ends_after_the_agreed_deals():
    match = AuctionMatch(AuctionRules(form=1, players=5, deals=3))
    rng = random.Random(1)
    while not match.is_over:
        r = play_out(AuctionRound(match.rules, seed=len(match.lines), dealer=match.next_dealer), rng)
        result = match.add(r.result())
        if r.declarer is not None:
            d = r.declarer
            assert result.scores[d] == -sum(s for p, s in result.scores.items() if p != d) != 0
            assert "Player" in result.words
    assert len(match.lines) == 3 and sum(match.totals.values()) == 5 * 20  # points move, none are made
    assert match.totals == {p: 20 + sum(line.scores[p] for line in match.lines) for p in range(5)}  # as the book pays
    with pytest.raises(CardError, match="3 deals is over"):
        match.add(r.result())


def test_each_player_starts_with_points_to_pay_with_and_nobody_pays_more_than_they_have():
    assert [AuctionRules(form=form).counters for form in (1, 2, 3)] == [20, 500, 1000]
    assert AuctionRules(form=1, start=12).counters == 12
    with pytest.raises(CardError):
        AuctionRules(start=0)
    match = AuctionMatch(AuctionRules(form=2, players=4, start=40))
    match.add(AuctionResult({0: -45, 1: 15, 2: 15, 3: 15}, ""))  # the player alone owes 45 and has 40
    assert match.totals == {0: 0, 1: 54, 2: 53, 3: 53} and match.short[-1] == [(0, 40)]  # one at a time from the left
    match.add(AuctionResult({0: 30, 1: -10, 2: -10, 3: -10}, ""))  # the player with nothing pays nothing more
    assert match.totals == {0: 30, 1: 44, 2: 43, 3: 43} and match.short[-1] == []
    match.add(AuctionResult({0: -180, 1: 60, 2: 60, 3: 60}, ""))
    assert match.totals == {0: 0, 1: 54, 2: 53, 3: 53} and match.short[-1] == [(0, 30)]
    poor = AuctionMatch(AuctionRules(form=2, players=3, start=5))
    poor.add(AuctionResult({0: 20, 1: -10, 2: -10}, ""))  # each of the others has only 5
    assert poor.totals == {0: 15, 1: 0, 2: 0} and poor.short[-1] == [(1, 5), (2, 5)]
    assert min(poor.totals.values()) >= 0 and sum(poor.totals.values()) == 3 * 5


def test_form_one_points_are_card_points_and_one_a_trick():
    r = play_out(AuctionRound(AuctionRules(form=1, players=3), seed=11))
    won = [c for w, plays in r.tricks if w == r.declarer for _, c in plays]
    assert r.declarer_points() == sum(card_points(c) for c in won) + r.declarer_tricks()


# --- the table ---------------------------------------------------------------------------------

def test_the_table_refuses_a_low_promise_and_a_forged_message_in_words_and_plays_a_whole_deal():
    pytest.importorskip("ipywidgets")
    from card_tables.auction_table import AuctionTable

    table = AuctionTable(form=2, players=3, seed=3)
    assert 'data-action="bid"' in table.view.html and table.round.to_act == 0
    assert "Promise all the tricks" in table.view.html
    table.press("bid", "21")
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


def test_the_pupil_draws_and_discards_by_clicking_in_form_one():
    pytest.importorskip("ipywidgets")
    from card_tables.auction_table import AuctionTable

    table = AuctionTable(form=1, players=3, seed=8)
    r = table.round
    assert r.eldest == r.to_act == 0 and not r.passed  # the player before the pupil deals: the pupil is asked first
    table.press("take")
    assert r.declarer == 0 and r.phase == "draw" and 'data-action="draw"' in table.view.html
    top = r.widow[0]
    table.press("draw")
    assert r.phase == "discard" and f"You drew {top}" in table.message
    table.press("trumps", "♠")  # not now: a discard first
    assert r.phase == "discard" and table.message == "That cannot be done now: the declarer must discard a card first."
    table.click_card(top.letters)  # the card just drawn goes out again
    assert top not in r.hands[0] and r.phase == "draw"
    table.press("stop")
    assert r.phase == "trumps"


def test_the_pupil_is_offered_the_widow_in_the_first_deal_and_the_totals_start_at_the_counters():
    pytest.importorskip("ipywidgets")
    from card_tables.auction_table import AuctionTable

    first_time = AuctionRules(form=1, players=4, scale=(1, 1, 1, 1, 1))  # lesson 17's first game
    for seed in range(20):
        table = AuctionTable(rules=first_time, seed=seed)
        r = table.round
        assert r.phase == "privilege" and r.to_act == 0 and not r.passed and r.dealer == 3
        assert table.match.totals == {p: 20 for p in range(4)} and "Player 1: 20 · Player 2: 20" in table.info_html()
        table.press("take")
        assert r.declarer == 0 and r.phase == "draw" and 'data-action="draw"' in table.view.html
    dealers = []
    for _ in range(4):  # each player deals once, the deal passing round from the pupil's right
        dealers.append(table.round.dealer)
        while table.round.to_act is not None:
            r = table.round
            table.do(r.legal_actions()[0] if r.phase != "privilege" else Action("pass"))
        table.press("next")
    assert dealers == [3, 0, 1, 2]


def test_the_table_draws_a_face_up_card_in_form_three():
    pytest.importorskip("ipywidgets")
    from card_tables.auction_table import AuctionTable

    table = AuctionTable(form=3, players=3, seed=1)
    r = table.round
    while r.phase == "bidding" and r.to_act == 0:
        table.press("bid", "all")
    assert r.declarer == 0 and r.phase == "draw"
    wanted = r.face_up_cards[0]
    table.press("draw", wanted.letters)
    give = next(c for c in r.hands[0] if c != wanted)
    table.click_card(give.letters)
    assert wanted in r.hands[0] and give not in r.hands[0] and r.drawn == 1


JUNK = [None, 5, -1, 2.5, True, "", "x", "SA", "♠", "NT", "all", [1], {}, ("a",), 10**9, "21"]


@pytest.mark.parametrize("form", [1, 2, 3])
def test_wrong_input_in_every_phase_gets_a_sentence_and_changes_nothing(form):
    r = AuctionRound(AuctionRules(form=form, players=4), seed=form)
    rng = random.Random(form)
    calls = 0
    while not r.is_over:
        for kind in ("take", "pass", "bid", "draw", "discard", "stop", "trumps", "card", "ask", None, 5):
            for value in JUNK:
                before = state(r)
                calls += 1
                why = r.why_illegal((kind, value))
                try:
                    r.act((kind, value))
                except IllegalPlay as error:
                    assert str(error) == why and state(r) == before
                else:  # a legal action written as text, like ("bid", "21"): accepted as the action itself
                    assert why is None and r.actions[-1] in AuctionRound(r.rules, r.seed, r.dealer,
                                                                         actions=r.actions[:-1]).legal_actions()
                    r.undo()
                    assert state(r) == before
        r.act(move(r, rng))
    assert calls > 1000
