"""Properties of whole games, checked over thousands of random deals and random legal plays.

A small referee written here, from docs/rules.md (§1.4, §2.3) and independent of cardlib's engine, says
which cards are legal and who wins each trick; cardlib must agree at every card. Each
hypothesis example is one whole game: deal from a seed, play to the end (now and then
trying an illegal card, which must change nothing), then undo back to the first card.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from cardlib import Card, Deal, IllegalPlay, Seat, Side, Suit, manille, minibridge

BRIDGE_ORDER = "A K Q J 10 9 8 7 6 5 4 3 2".split()
PIQUET_ORDER = "10 A K Q J 9 8 7".split()
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
MANILLE_POINTS = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}


# --- the referee ---------------------------------------------------------------------------

def strength(card: Card, order: list[str]) -> int:
    return len(order) - order.index(card.rank.symbol)


def referee_winner(plays, trumps: Suit | None, order: list[str]) -> Seat:
    """The highest trump, or else the highest card of the suit led."""
    led = plays[0][1].suit
    trumps_played = [(s, c) for s, c in plays if c.suit == trumps]
    contenders = trumps_played or [(s, c) for s, c in plays if c.suit == led]
    return max(contenders, key=lambda play: strength(play[1], order))[0]


def must_follow(hand, current) -> list[Card]:
    """Follow suit when able; otherwise any card."""
    if not current:
        return list(hand)
    led = current[0][1].suit
    return [c for c in hand if c.suit == led] or list(hand)


def manille_allowed(hand, current, seat: Seat, trumps: Suit | None, rules, partners=None) -> list[Card]:
    """The Manille duties of docs/rules.md §2.3: follow suit; else trump if able (unless the rules lift it);
    with must_overtrump, beat an opponent's trump when able, never forced to undertrump."""
    if not current or any(c.suit == current[0][1].suit for c in hand):
        return must_follow(hand, current)
    my_trumps = [c for c in hand if c.suit == trumps]
    if trumps is None or not rules.must_trump or not my_trumps:
        return list(hand)
    winner = referee_winner(current, trumps, PIQUET_ORDER)
    partner_winning = winner in (seat.side.seats if partners is None else partners)
    if rules.partner_exempt and partner_winning:
        return list(hand)
    best = dict(current)[winner]
    if rules.must_overtrump and best.suit == trumps and not partner_winning:
        higher = [c for c in my_trumps if strength(c, PIQUET_ORDER) > strength(best, PIQUET_ORDER)]
        return higher or list(hand)
    return my_trumps


# --- driving a game ----------------------------------------------------------------------

def play_out(game, rng: random.Random, allowed, order: list[str], pack_size: int) -> list[tuple]:
    """Play ``game`` to the end with the referee's legal cards; return the snapshot before each card."""
    start = {s: set(h) for s, h in game.hands.items()}
    snapshots = []
    while not game.is_over:
        seat = game.to_play
        assert game.hands[seat] == sorted(game.hands[seat], key=lambda c: (-c.suit, -strength(c, order)))
        legal = allowed(game.hands[seat], game.current, seat)
        if rng.random() < 0.5:  # ask first (as a widget does) or play straight away
            assert set(game.legal_plays()) == set(legal)
        if rng.random() < 0.3:
            try_illegal(game, rng, legal)
        snapshots.append(game.snapshot())
        card = rng.choice(legal)
        game.play(card if rng.random() < 0.8 else str(card))
        assert card not in game.hands[seat]
    # Every card of the deal played exactly once, each by the player who held it.
    plays = game.plays
    assert len(plays) == pack_size == len({c for _, c in plays})
    assert all(c in start[s] for s, c in plays)
    assert not any(game.hands.values())
    # Tricks: the leader is the last trick's winner, the winner is the referee's.
    leader = game.first_leader
    for trick in game.tricks:
        assert trick.leader == leader == trick.plays[0][0]
        assert [s for s, _ in trick.plays] == list(game.seats[game.seats.index(leader):] + game.seats[:game.seats.index(leader)])
        assert trick.winner == referee_winner(trick.plays, game.trumps, order)
        leader = trick.winner
    return snapshots


def try_illegal(game, rng: random.Random, legal: list[Card]) -> None:
    """A card the referee forbids (someone else's, or one the rules forbid) changes nothing."""
    seat = game.to_play
    others = [c for s, h in game.hands.items() if s != seat for c in h]
    forbidden = [c for c in game.hands[seat] if c not in legal] + rng.sample(others, min(2, len(others)))
    if not forbidden:  # the last card of the deal: nothing else is left
        return
    card = rng.choice(forbidden)
    before, asked = game.snapshot(), game.legal_plays()
    with pytest.raises(IllegalPlay):
        game.play(card if rng.random() < 0.5 else card.letters)
    assert game.why_illegal(card)
    assert game.snapshot() == before and game.legal_plays() == asked


def undo_all(game, snapshots: list[tuple]) -> None:
    """Undo card by card: each step gives back exactly the position before that card."""
    end = game.snapshot()
    with pytest.raises(IllegalPlay):
        game.play("S10")  # the play is over
    assert game.snapshot() == end
    while snapshots:
        game.undo()
        assert game.snapshot() == snapshots.pop()
    with pytest.raises(IllegalPlay):
        game.undo()
    assert game.to_play == game.first_leader and not game.tricks and not game.current


# --- MiniBridge ------------------------------------------------------------------------------

@settings(max_examples=2500, deadline=None)
@given(deal_seed=st.integers(0, 10**9), play_seed=st.integers(0, 10**9),
       declarer=st.sampled_from(list(Seat)), contract=st.sampled_from(minibridge.CONTRACTS))
def test_minibridge_games_follow_the_rules_and_undo_exactly(deal_seed, play_seed, declarer, contract):
    deal = Deal.random(seed=deal_seed, dealer=Seat(deal_seed % 4))
    assert sum(deal[s].hcp for s in Seat) == 40
    assert sum(HCP.get(c.rank.symbol, 0) for s in Seat for c in deal[s]) == 40
    assert all(len(deal[s]) == 13 for s in Seat) and len({c for s in Seat for c in deal[s]}) == 52
    game = minibridge.start_play(deal, declarer, contract)
    assert game.to_play == declarer.left
    start = game.snapshot()
    snapshots = play_out(game, random.Random(play_seed), lambda hand, current, seat: must_follow(hand, current),
                         BRIDGE_ORDER, 52)
    assert game.tricks_won("NS") + game.tricks_won("EW") == 13
    assert game.declarer_tricks == sum(1 for t in game.tricks if t.winner.side is declarer.side)
    assert game.score() == minibridge.score(contract, game.declarer_tricks)
    undo_all(game, snapshots)
    assert game.snapshot() == start


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), hcp=st.integers(20, 30), fit=st.integers(6, 9))
def test_random_where_gives_what_was_asked_and_the_same_deal_for_the_same_seed(seed, hcp, fit):
    def wanted(d: Deal) -> bool:
        return d.hcp("NS") >= hcp and max(d.length("NS", "♠"), d.length("NS", "♥")) >= fit

    deal = Deal.random_where(wanted, seed=seed)
    north_south = list(deal["N"]) + list(deal["S"])
    assert sum(HCP.get(c.rank.symbol, 0) for c in north_south) >= hcp
    assert max(sum(1 for c in north_south if c.suit == s) for s in (Suit.SPADES, Suit.HEARTS)) >= fit
    assert Deal.random_where(wanted, seed=seed) == deal
    assert Deal.from_pbn(deal.to_pbn()) == deal


@settings(max_examples=300, deadline=None)
@given(seed=st.one_of(st.integers(0, 10**12), st.text(max_size=12)), size=st.sampled_from([32, 52]))
def test_dealing_shuffles_exactly_as_random_does(seed, size):
    from cardlib.deal import _shuffle  # written out for speed: it must stay the standard shuffle

    ours, theirs = list(range(size)), list(range(size))
    _shuffle(ours, random.Random(seed))
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


# --- Manille -------------------------------------------------------------------------------

RULES = [manille.ManilleRules(),
         manille.ManilleRules(packets="3-2-3", clockwise=False),
         manille.ManilleRules(must_overtrump=True),
         manille.ManilleRules(must_overtrump=True, partner_exempt=True, packets="4-4"),
         manille.ManilleRules(must_trump=False, clockwise=False)]


@settings(max_examples=2000, deadline=None)
@given(deal_seed=st.integers(0, 10**9), play_seed=st.integers(0, 10**9), dealer=st.sampled_from(list(Seat)),
       trumps=st.sampled_from([Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None]),
       rules=st.sampled_from(RULES))
def test_manille_games_follow_the_rules_and_undo_exactly(deal_seed, play_seed, dealer, trumps, rules):
    deal = manille.deal(deal_seed, dealer, rules)
    cards = [c for s in Seat for c in deal[s]]
    assert len(cards) == len(set(cards)) == 32 and all(len(deal[s]) == 8 for s in Seat)
    assert sum(manille.card_points(c) for c in cards) == 60
    assert sum(MANILLE_POINTS.get(c.rank.symbol, 0) for c in cards) == 60
    assert all(c.rank.symbol in PIQUET_ORDER for c in cards)
    game = manille.start_play(deal, dealer=dealer, trumps=trumps, rules=rules)
    assert game.to_play == (dealer.left if rules.clockwise else dealer.right)
    start = game.snapshot()
    snapshots = play_out(game, random.Random(play_seed),
                         lambda hand, current, seat: manille_allowed(hand, current, seat, trumps, rules),
                         PIQUET_ORDER, 32)
    won = {side: sum(MANILLE_POINTS.get(c.rank.symbol, 0) for t in game.tricks if t.winner.side is side
                     for c in t.cards) for side in Side}
    assert game.card_points("NS") == won[Side.NS] and game.card_points("EW") == won[Side.EW]
    assert won[Side.NS] + won[Side.EW] == 60
    undo_all(game, snapshots)
    assert game.snapshot() == start


# --- Auction Manille (docs/rules.md §2.6): one against all, 3 to 7 players ----------------------

def auction_allowed(hand, current, trumps: Suit | None) -> list[Card]:
    """Follow suit; else trump if able; else any card."""
    followed = must_follow(hand, current)
    if not current or followed != list(hand) or any(c.suit == current[0][1].suit for c in hand):
        return followed
    return [c for c in hand if c.suit == trumps] or list(hand)


@settings(max_examples=600, deadline=None)
@given(seed=st.integers(0, 10**9), play_seed=st.integers(0, 10**9), form=st.sampled_from([1, 2, 3]),
       players=st.integers(3, 7), dealer=st.integers(0, 6))
def test_auction_manille_deals_follow_the_rules_and_replay(seed, play_seed, form, players, dealer):
    from cardlib.bots.manille_auction import move
    from cardlib.manille_auction import AuctionRound, AuctionRules
    rules, dealer = AuctionRules(form=form, players=players), dealer % players
    game = AuctionRound(rules, seed=seed, dealer=dealer)
    cards = [c for h in game.hands.values() for c in h] + list(game.widow)
    sizes = {len(h) for h in game.hands.values()}
    assert len(sizes) == 1 and len(cards) == len(set(cards)) == 32 - (32 % players if form == 2 else 0)
    widow = {1: {3: 2, 4: 4, 5: 2, 6: 2, 7: 4}[players], 2: 0, 3: {3: 5, 4: 4, 5: 2, 6: 2, 7: 4}[players]}[form]
    assert len(game.widow) == widow
    rng = random.Random(play_seed)
    while game.to_act is not None:
        if game.phase == "play":
            who, hand = game.to_act, game.hands[game.to_act]
            legal = auction_allowed(hand, game.current, game.trump_suit)
            assert sorted(game.legal_plays()) == sorted(legal)
            wrong = [c for c in hand if c not in legal]
            if wrong and rng.random() < 0.3:
                before = (dict(game.hands), list(game.current), list(game.actions))
                with pytest.raises(IllegalPlay):
                    game.play(rng.choice(wrong))
                assert before == (dict(game.hands), list(game.current), list(game.actions))
            played = len(game.tricks)
            game.play(rng.choice(legal))
            if len(game.tricks) > played:
                winner, plays = game.tricks[-1]
                assert winner == referee_winner(plays, game.trump_suit, PIQUET_ORDER)
        else:
            game.act(move(game, rng))
    result = game.result()
    assert sum(result.scores.values()) == 0  # what the others pay, the declarer wins, and back
    if game.phase == "over":
        tricks = sum(1 for w, _ in game.tricks if w == game.declarer)
        points = sum(MANILLE_POINTS.get(c.rank.symbol, 0) for w, plays in game.tricks if w == game.declarer
                     for _, c in plays)
        bid = game.bids.get(game.declarer)
        made = (points + tricks >= (21 if players == 3 else 15) if form == 1 else
                tricks == rules.hand_size if bid == "all" else points + tricks >= bid)
        assert (result.scores[game.declarer] > 0) == made
    again = AuctionRound(rules, seed, dealer, actions=game.actions)
    assert again.result() == result and again.hands == game.hands


@settings(max_examples=1000, deadline=None)
@given(deal_seed=st.integers(0, 10**9), play_seed=st.integers(0, 10**9),
       dealer=st.sampled_from(list(manille.THREE_SEATS)),
       trumps=st.sampled_from([Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None]),
       aside=st.integers(0, 2), rules=st.sampled_from(RULES))
def test_three_player_rounds_follow_the_rules_and_rebuild_from_their_actions(deal_seed, play_seed, dealer, trumps,
                                                                            aside, rules):
    deal = manille.deal_three(deal_seed, dealer, rules)
    cards = [c for s in deal.seats for c in deal[s]] + list(deal.aside)
    assert len(cards) == len(set(cards)) == 32 and Seat.N not in deal.seats
    r = manille.ThreeRound(deal, rules)
    r.name_trumps("no trumps" if trumps is None else trumps)
    rng = random.Random(play_seed)
    given_up = rng.sample(list(deal[dealer]), aside)
    r.put_aside(given_up)
    game = r.game
    # The dealer took as many face-down cards as they gave up, unseen: the top of the pile.
    assert set(game.hands[dealer]) == (set(deal[dealer]) - set(given_up)) | set(deal.aside[:aside])
    leader = dealer.next(rules.clockwise)
    leader = leader.next(rules.clockwise) if leader == Seat.N else leader  # North's seat is empty
    assert game.teams[0] == (dealer,) and game.to_play == leader
    pile = list(deal.aside[aside:]) + given_up
    defenders = tuple(s for s in deal.seats if s != dealer)
    snapshots = play_out(game, rng, lambda hand, current, seat: manille_allowed(
        hand, current, seat, trumps, rules, (dealer,) if seat == dealer else defenders), PIQUET_ORDER, 30)
    won = {team: sum(MANILLE_POINTS.get(c.rank.symbol, 0) for t in game.tricks if t.winner in team for c in t.cards)
           for team in ((dealer,), defenders)}
    first = (dealer,) if game.tricks[0].winner == dealer else defenders
    won[first] += sum(MANILLE_POINTS.get(c.rank.symbol, 0) for c in pile)  # the first trick takes the pile
    assert game.card_points((dealer,)) == won[(dealer,)] and game.card_points(defenders) == won[defenders]
    assert sum(won.values()) == 60
    rebuilt = manille.ThreeRound(deal, rules, actions=r.actions)
    assert rebuilt.game.snapshot() == game.snapshot() and rebuilt.result() == r.result()
    undo_all(game, snapshots)
