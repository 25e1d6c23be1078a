"""A computer player for every seat of Auction Manille: takes the privilege or bids on the
points and long suits it holds, exchanges its pointless cards, takes points cheaply."""
from __future__ import annotations

import random

from cardlib.cards import Card, Rank, Suit
from cardlib.manille import card_points
from cardlib.manille_auction import PACK, AuctionRound
from cardlib.play import winner_of


def _longest(hand: list[Card]) -> Suit:
    return max(Suit, key=lambda s: (sum(c.suit is s for c in hand), sum(card_points(c) for c in hand if c.suit is s)))


def _tricks_expected(hand: list[Card]) -> int:
    """Tens are tricks; an ace with its ten is one more; a long trump suit one more."""
    tricks = sum(c.rank == Rank.TEN for c in hand)
    tricks += sum(c.rank == Rank.ACE and Card(c.suit, Rank.TEN) in hand for c in hand)
    trumps = _longest(hand)
    return tricks + max(0, sum(c.suit is trumps for c in hand) - 3)


def _strong(round_: AuctionRound, hand: list[Card]) -> bool:
    fair = 60 * round_.rules.hand_size / 32  # the points of an average hand
    return sum(card_points(c) for c in hand) + 2 * sum(c.suit is _longest(hand) for c in hand) >= 1.6 * fair + 4


def move(round_: AuctionRound, rng: random.Random) -> tuple:
    """The computer's action for the player whose turn it is, as ``round_.actions`` writes it."""
    who, phase = round_.to_act, round_.phase
    hand = round_.hands[who]
    if phase == "privilege":
        return ("take", who) if who == round_.dealer or _strong(round_, hand) else ("pass_on", who)
    if phase == "bidding":
        want = min(_tricks_expected(hand), round_.rules.hand_size)
        return ("bid", round_.highest_bid + 1, who) if want > round_.highest_bid else ("pass_on", who)
    if phase == "trumps":
        return ("name_trumps", _longest(hand).symbol, who)
    if phase == "exchange":
        return _exchange(round_, hand, who)
    return ("play", str(_card(round_, who, rng)), who)


def _exchange(round_: AuctionRound, hand: list[Card], who: int) -> tuple:
    trumps = round_.trump_suit if round_.trumps != "unnamed" else _longest(hand)
    pointless = sorted((c for c in hand if card_points(c) == 0 and c.suit is not trumps),
                       key=lambda c: PACK.strength[c.index])
    up = [c for c in round_.face_up_cards if card_points(c) >= 4 and c not in round_._given]
    if pointless and up:
        return ("exchange", str(pointless[0]), str(up[0]), who)
    # Each card exchanged lowers form 1's winnings: change at most half the widow.
    if pointless and round_.exchanged < max(1, round_.rules.widow_size // 2):
        down_left = len(round_.widow) - round_.rules.face_up - sum(
            c in round_._given for c in round_.widow[round_.rules.face_up:])
        if down_left:
            return ("exchange", str(pointless[0]), None, who)
    return ("stop", who)


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
    >>> r.phase, sum(r.result().scores.values())
    ('over', 0)
    """
    rng = rng or random.Random(0)
    while round_.to_act is not None:
        name, *args = move(round_, rng)
        getattr(round_, name)(*args)
    return round_
