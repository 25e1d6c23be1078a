"""The opening lead, as the defence lesson teaches it: which card a defender leads to the
first trick, and which rule chose it.

The rules, first that applies wins:

1. ``partner``: lead your partner's suit (if you have a card of it): the top of a sequence in
   it, the higher of two, otherwise your lowest.
2. ``sequence``: the top of a sequence (three cards in a row, the highest an ace, king, queen,
   jack or ten), from the longest suit that has one (not a trump; against trumps not a
   sequence under the suit's ace, which would lead away from it).
3. ``fourth`` (no trumps): fourth highest from your longest suit (four cards or more).
4. ``no_ace`` (trumps, or no suit of four): never lead away from an ace. From the longest suit
   without its ace (not a trump): the higher of two, otherwise your lowest. With an ace in
   every other suit, lead the ace.

>>> opening_lead("♠K Q J 7 2 ♥9 6 3 ♦8 5 ♣A 7 4", None)
Lead(card=Card("♠K"), rule='sequence')
>>> opening_lead("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", None).card
Card("♠6")
>>> opening_lead("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", "♥")
Lead(card=Card("♣8"), rule='no_ace')
"""
from __future__ import annotations

from typing import NamedTuple

from cardlib.cards import Card, Rank, Suit, parse_denomination
from cardlib.hand import Hand


class Lead(NamedTuple):
    """The card to lead and the rule that chose it: "partner", "sequence", "fourth" or "no_ace"."""

    card: Card
    rule: str


def sequence_top(cards: tuple[Card, ...]) -> Card | None:
    """The top of the highest sequence among ``cards`` (one suit, highest first): three cards
    in a row headed by a ten or higher; None without one.

    >>> sequence_top(Hand("♠Q J 10 4").suit("♠"))
    Card("♠Q")
    >>> sequence_top(Hand("♠K Q 9 4").suit("♠")) is None
    True
    """
    for i in range(len(cards) - 2):
        top = cards[i]
        if top.rank >= Rank.TEN and cards[i + 1].rank == top.rank - 1 and cards[i + 2].rank == top.rank - 2:
            return top
    return None


def _small(cards: tuple[Card, ...]) -> Card:
    """The higher of two (or the only card), otherwise the lowest."""
    return cards[0] if len(cards) <= 2 else cards[-1]


def opening_lead(hand: Hand | str, trumps: Suit | str | None, partner_suit: Suit | str | None = None) -> Lead:
    """The opening lead the lesson's rules choose from ``hand`` against a contract in
    ``trumps`` (None: no trumps), ``partner_suit`` being a suit partner asked for."""
    hand = Hand.parse(hand)
    trumps = parse_denomination(trumps)
    by_length = sorted(Suit, key=lambda s: (-hand.length(s), -s))  # longest first, ♠ first on a tie
    if partner_suit is not None:
        cards = hand.suit(Suit.parse(partner_suit))
        if cards:
            return Lead(sequence_top(cards) or _small(cards), "partner")
    for suit in by_length:
        cards = hand.suit(suit)
        top = sequence_top(cards)
        under_ace = trumps is not None and top is not None and top is not cards[0] and cards[0].rank == Rank.ACE
        if top is not None and suit is not trumps and not under_ace:
            return Lead(top, "sequence")
    longest = hand.suit(by_length[0])
    if trumps is None and len(longest) >= 4:
        return Lead(longest[3], "fourth")
    for suit in by_length:
        cards = hand.suit(suit)
        if cards and suit is not trumps and cards[0].rank != Rank.ACE:
            return Lead(cards[3] if len(cards) >= 4 and trumps is None else _small(cards), "no_ace")
    side = [suit for suit in by_length if hand.suit(suit) and suit is not trumps] or by_length
    return Lead(hand.suit(side[0])[0], "no_ace")
