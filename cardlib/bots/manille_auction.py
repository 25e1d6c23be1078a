"""A computer player for every seat of Auction Manille: takes the privilege or bids on the
points and long suits it holds, draws from the widow while it holds pointless cards and
discards the worst card, takes points cheaply. It chooses among ``legal_actions()``."""
from __future__ import annotations

import random

from cardlib.cards import Card, Rank, Suit
from cardlib.manille import PACK_POINTS, card_points
from cardlib.manille_auction import ALL, PACK, AuctionRound
from cardlib.play import Action, winner_of


def _longest(hand: list[Card]) -> Suit:
    return max(Suit, key=lambda s: (sum(c.suit is s for c in hand), sum(card_points(c) for c in hand if c.suit is s)))


def _tricks_expected(hand: list[Card]) -> int:
    """Tens are tricks; an ace with its ten is one more; a long trump suit one more."""
    tricks = sum(c.rank == Rank.TEN for c in hand)
    tricks += sum(c.rank == Rank.ACE and Card(c.suit, Rank.TEN) in hand for c in hand)
    trumps = _longest(hand)
    return tricks + max(0, sum(c.suit is trumps for c in hand) - 3)


def points_expected(round_: AuctionRound, hand: list[Card]) -> int:
    """The points from cards and tricks this hand may take alone: a trick's cards hold on
    average 60 × players ÷ 32 points, and the trick 1 more; a third more for the tricks the
    count of tens and long trumps misses (measured: about 7 promises in 10 are made)."""
    per_trick = PACK_POINTS * round_.rules.players / len(PACK) + 1
    return round(1.3 * min(_tricks_expected(hand), round_.rules.hand_size) * per_trick)


def _strong(round_: AuctionRound, hand: list[Card]) -> bool:
    fair = 60 * round_.rules.hand_size / 32  # the points of an average hand
    return sum(card_points(c) for c in hand) + 2 * sum(c.suit is _longest(hand) for c in hand) >= 1.6 * fair + 4


def _worst(hand: list[Card], trumps: Suit) -> Card:
    """The card to discard: the lowest pointless card outside the trump suit to be."""
    return min(hand, key=lambda c: (c.suit is trumps, card_points(c), PACK.strength[c.index]))


def move(round_: AuctionRound, rng: random.Random) -> Action:
    """The computer's action for the player whose turn it is (one of ``legal_actions()``)."""
    who, phase = round_.to_act, round_.phase
    hand = round_.hands[who]
    if phase == "privilege":
        strong = _strong(round_, hand) or points_expected(round_, hand) >= 0.7 * round_.rules.goal
        return Action("take") if strong else Action("pass")
    if phase == "bidding":
        return _bid(round_, hand)
    if phase == "draw":
        trumps = _longest(hand)
        up = [c for c in round_.face_up_cards if card_points(c) >= 4 or c.suit is trumps]
        if up:
            return Action("draw", up[0])
        pointless = [c for c in hand if card_points(c) == 0 and c.suit is not trumps]
        # Form 1's winnings fall with each card drawn: draw at most half the widow.
        limit = round_.rules.widow_size if round_.rules.form == 3 else max(1, round_.rules.widow_size // 2)
        if pointless and round_.drawn < limit and Action("draw") in round_.legal_actions():
            return Action("draw")
        return Action("stop")
    if phase == "discard":
        return Action("discard", _worst(hand, _longest([c for c in hand if c != round_.just_drawn] or hand)))
    if phase == "trumps":
        return Action("trumps", _longest(hand))
    return Action("card", _card(round_, who, rng))


def _bid(round_: AuctionRound, hand: list[Card]) -> Action:
    rules, high = round_.rules, round_.highest_bid
    if high == ALL:
        return Action("pass")
    if _tricks_expected(hand) >= rules.hand_size:
        return Action("bid", ALL)
    want = min(points_expected(round_, hand), rules.most - 1)
    last = rules.bid_value(high)
    if want <= last:
        return Action("pass")
    # Open a few points below what it hopes for, then go up one at a time.
    return Action("bid", max(last + 1, 5 * ((want - 5) // 5)))


def _card(round_: AuctionRound, who: int, rng: random.Random) -> Card:
    legal = round_.legal_plays()
    trumps = round_.trump_suit

    def wins(card: Card) -> bool:
        return winner_of(round_.current + [(who, card)], trumps, PACK) == who

    if not round_.current:
        tens = [c for c in legal if c.rank == Rank.TEN and c.suit is not trumps]
        if tens:
            return rng.choice(tens)
        return min(legal, key=lambda c: (card_points(c), c.suit is trumps, rng.random()))
    winners = [c for c in legal if wins(c)]
    at_stake = sum(card_points(c) for _, c in round_.current)
    last = len(round_.current) == round_.rules.players - 1
    if winners and (at_stake > 0 or last or any(card_points(c) >= 4 for c in winners)):
        return min(winners, key=lambda c: (c.suit is trumps, card_points(c) < 4, PACK.strength[c.index]))
    return min(legal, key=lambda c: (card_points(c), c.suit is trumps, PACK.strength[c.index]))


def play_out(round_: AuctionRound, rng: random.Random | None = None) -> AuctionRound:
    """Let the computer make every move until the deal is over (or thrown in).

    >>> from cardlib.manille_auction import AuctionRules
    >>> r = play_out(AuctionRound(AuctionRules(form=2, players=4), seed=1))
    >>> r.is_over, sum(r.result().scores.values())
    (True, 0)
    """
    rng = rng or random.Random(0)
    while round_.to_act is not None:
        round_.act(move(round_, rng))
    return round_
