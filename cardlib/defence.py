"""The defenders' advice the course teaches (docs/rules.md §1.9: advice, not laws of the game):
the opening lead (lesson 10), and which card a defender plays second or third to a trick
(lesson 11). Returning partner's suit is ``opening_lead`` with ``partner_suit`` (no lesson
teaches it: lesson 10 says so); the defenders' target is ``minibridge.Contract.tricks_to_defeat``.

The opening lead: which card a defender leads to the first trick, and which rule chose it.

The rules, first that applies wins:

1. ``partner``: return the suit your partner led (no lesson teaches it; nobody names a suit in
   MiniBridge, so the opening lead never has one): the top of a sequence in it, the higher of two,
   otherwise your lowest.
2. ``sequence``: the top of a sequence (three cards in a row, the highest an ace, king, queen,
   jack or ten), from the longest suit that has one (not a trump; against trumps not a
   sequence under the suit's ace, which would lead away from it).
3. ``fourth`` (no trumps): fourth highest from your longest suit (four cards or more).
4. ``no_ace`` (trumps, or no suit of four): never lead away from an ace. From the longest suit
   without its ace (not a trump): against trumps the top of two honours in a row at its top
   (K Q, Q J: the king or queen would not be caught later), the higher of two, otherwise your
   lowest. With an ace in every other suit, lead the ace.

Of two suits as long, each rule takes the higher suit (♠, ♥, ♦, ♣), as lesson 10 tells the pupils.

>>> opening_lead("♠K Q J 7 2 ♥9 6 3 ♦8 5 ♣A 7 4", None)
Lead(card=Card("♠K"), rule='sequence')
>>> opening_lead("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", None).card
Card("♠6")
>>> opening_lead("♠A 10 9 6 2 ♥9 8 2 ♦6 2 ♣J 10 8", "♥")
Lead(card=Card("♣8"), rule='no_ace')
>>> opening_lead("♠Q J 9 ♥K Q 9 4 2 ♦A Q 3 ♣6 5", "♠")
Lead(card=Card("♥K"), rule='no_ace')
"""
from __future__ import annotations

import functools
from typing import NamedTuple

from cardlib import checks
from cardlib.cards import Card, Rank, Suit, parse_denomination
from cardlib.messages import CardError
from cardlib.hand import Hand
from cardlib.play import winner_of
from cardlib.seats import Seat


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
    cards = [Card.parse(c) for c in checks.many(cards)]
    for i in range(len(cards) - 2):
        top = cards[i]
        if top.rank >= Rank.TEN and cards[i + 1].rank == top.rank - 1 and cards[i + 2].rank == top.rank - 2:
            return top
    return None


def _small(cards: tuple[Card, ...]) -> Card:
    """The higher of two (or the only card), otherwise the lowest."""
    return cards[0] if len(cards) <= 2 else cards[-1]


def sequence_under_ace(cards: tuple[Card, ...], trumps: Suit | None) -> bool:
    """Against trumps, a sequence with its suit's ace above it (♥A Q J 10): the rules pass it by,
    as leading it leads away from the ace (lesson 10's rule 1, docs/rules.md §1.9)."""
    top = sequence_top(cards)
    return trumps is not None and top is not None and top is not cards[0] and cards[0].rank == Rank.ACE


def opening_lead(hand: Hand | str, trumps: Suit | str | None, partner_suit: Suit | str | None = None) -> Lead:
    """The opening lead the lesson's rules choose from ``hand`` against a contract in
    ``trumps`` (None: no trumps), ``partner_suit`` being the suit partner led (to return it)."""
    hand = Hand.parse(hand)
    trumps = parse_denomination(trumps)
    if not hand.cards:
        raise CardError("empty_hand")
    by_length = sorted(Suit, key=lambda s: (-hand.length(s), -s))  # longest first, ♠ first on a tie
    if partner_suit is not None:
        cards = hand.suit(Suit.parse(partner_suit))
        if cards:
            return Lead(sequence_top(cards) or _small(cards), "partner")
    for suit in by_length:
        cards = hand.suit(suit)
        top = sequence_top(cards)
        if top is not None and suit is not trumps and not sequence_under_ace(cards, trumps):
            return Lead(top, "sequence")
    longest = hand.suit(by_length[0])
    if trumps is None and len(longest) >= 4:
        return Lead(longest[3], "fourth")
    for suit in by_length:
        cards = hand.suit(suit)
        if cards and suit is not trumps and cards[0].rank != Rank.ACE:
            if trumps is not None and len(cards) >= 2 and Rank.JACK <= cards[1].rank == cards[0].rank - 1:
                return Lead(cards[0], "no_ace")  # K Q, Q J: the top of two honours in a row
            return Lead(cards[3] if len(cards) >= 4 and trumps is None else _small(cards), "no_ace")
    side = [suit for suit in by_length if hand.suit(suit) and suit is not trumps] or by_length
    return Lead(hand.suit(side[0])[0], "no_ace")


# --- second and third hand (lesson 11) --------------------------------------------------------

class Follow(NamedTuple):
    """The card a defender plays to a trick someone else led, and the rule that chose it:
    "second_hand_low", "third_hand_high", "partner_wins" or "cannot_win"."""

    card: Card
    rule: str


def _cards(trick, at_least: int = 0) -> list[Card]:
    cards = [Card.parse(c) for c in checks.many(trick)]
    if len(cards) < at_least:
        raise CardError("winner_no_cards")
    return cards


def second_hand(hand: Hand | str, trick) -> Follow | None:
    """Second hand low: declarer's side led ``trick[0]``; play your lowest card of its suit, and
    your partner, who plays after declarer's side, can still win the trick. None: you cannot
    follow suit, and the rule does not say.

    >>> second_hand("♠A 8 3 ♥K 7 6 4 ♦Q 5 2 ♣9 8 3", ["♦4"])
    Follow(card=Card("♦2"), rule='second_hand_low')
    """
    hand = Hand.parse(hand)
    cards = hand.suit(_cards(trick, at_least=1)[0].suit)
    return Follow(cards[-1], "second_hand_low") if cards else None


def third_hand(hand: Hand | str, trick, trumps: Suit | str | None = None, gone=()) -> Follow | None:
    """Third hand high: partner led ``trick[0]`` and declarer's side played ``trick[1]``. Play your
    highest card, so that declarer must spend a higher one; of cards in a row (♥K Q, or ♥K J
    once the ♥Q is gone) the lowest, which does the same job. Play low when partner's high card
    (a jack or higher) is already winning, or when your highest card cannot win. ``gone``: the
    cards played to earlier tricks. None: you cannot follow suit.

    >>> third_hand("♠7 4 ♥K Q 5 ♦9 8 6 3 ♣J 7 2", ["♥3", "♥6"])
    Follow(card=Card("♥Q"), rule='third_hand_high')
    >>> third_hand("♠7 4 ♥K 8 5 ♦9 8 6 3 ♣J 7 2", ["♥Q", "♥6"]).rule
    'partner_wins'
    """
    hand = Hand.parse(hand)
    lead, second = _cards(trick, at_least=2)[:2]
    cards = hand.suit(lead.suit)
    if not cards:
        return None
    trumps = parse_denomination(trumps)
    partner_wins = winner_of([(Seat.N, lead), (Seat.E, second)], trumps) is Seat.N
    if partner_wins and lead.rank >= Rank.JACK:
        return Follow(cards[-1], "partner_wins")
    winning = lead if partner_wins else second
    if winner_of([(Seat.N, winning), (Seat.E, cards[0])], trumps) is Seat.N:
        return Follow(cards[-1], "cannot_win")
    played = set(_cards(gone)) | {lead, second}
    card = cards[0]
    for lower in cards[1:]:
        between = [Card(card.suit, Rank(r)) for r in range(lower.rank + 1, card.rank)]
        if not all(c in played for c in between) or lower.rank < winning.rank:
            break
        card = lower
    return Follow(card, "third_hand_high")


# --- covering an honour; discards and the signal (lesson 22) -----------------------------------

def is_honour(card: Card | str) -> bool:
    """An honour is an A, K, Q, J or 10.

    >>> is_honour("♥Q"), is_honour("♥9")
    (True, False)
    """
    return Card.parse(card).rank >= Rank.TEN


def cover_honour(hand: Hand | str, trick) -> Follow | None:
    """Cover an honour with an honour: declarer's side led ``trick[0]``, an honour, and you play
    second; play your lowest card that beats it (rule "cover"). Declarer must then spend two high
    cards on one trick, so a lower card of your side (partner's ♥10) may win a later round. When
    the card led is not an honour, or you cannot beat it: second hand low. None: you cannot
    follow suit.

    >>> cover_honour("♠8 4 ♥K 5 ♦J 9 8 ♣10 9 8 7", ["♥Q"])
    Follow(card=Card("♥K"), rule='cover')
    >>> cover_honour("♠8 4 ♥K 5 ♦J 9 8 ♣10 9 8 7", ["♥4"]).rule
    'second_hand_low'
    """
    hand = Hand.parse(hand)
    led = _cards(trick, at_least=1)[0]
    above = [c for c in hand.suit(led.suit) if c.rank > led.rank]
    if is_honour(led) and above:
        return Follow(above[-1], "cover")
    return second_hand(hand, [led])


def _defenders_tricks(hands: tuple, to_lead: int, defenders: int, trick: tuple = ()) -> int:
    """The tricks the defenders take in one suit when both sides play it best: ``hands`` the four
    hands' ranks of the suit in seat order (N E S W), ``to_lead`` the seat to play next, ``trick``
    the cards already played to this trick as (seat, rank). A side that wins a trick may lead from
    either hand (as if it had entries); a hand with none of the suit plays nothing."""
    return _best(tuple(tuple(sorted(h)) for h in hands), to_lead, defenders, tuple(trick))


@functools.lru_cache(maxsize=2**16)
def _best(hands: tuple, to_lead: int, defenders: int, trick: tuple) -> int:
    if len(trick) == 4:
        winner = max(trick, key=lambda played: played[1])[0]
        won = 1 if winner % 2 == defenders % 2 else 0
        if not any(hands):
            return won
        side = winner % 2 if hands[winner % 2] or hands[winner % 2 + 2] else 1 - winner % 2
        outcomes = [_best(hands, seat, defenders, ()) for seat in (side, side + 2) if hands[seat]]
        return won + (max(outcomes) if side == defenders % 2 else min(outcomes))
    seat = to_lead
    if not hands[seat]:  # no card of the suit: it plays another suit, which cannot win
        return _best(hands, (seat + 1) % 4, defenders, trick + ((seat, 0),))
    outcomes = []
    for rank in hands[seat]:
        rest = tuple(tuple(r for r in h if r != rank) if n == seat else h for n, h in enumerate(hands))
        outcomes.append(_best(rest, (seat + 1) % 4, defenders, trick + ((seat, rank),)))
    return max(outcomes) if seat % 2 == defenders % 2 else min(outcomes)


def cover_gains(deal, me: Seat, led: Card) -> bool:
    """Whether covering ``led`` (declarer's side led it to ``me``, who plays second) gives the
    defenders more tricks in the suit than second hand low, both sides playing the suit best
    after: the reason for the lesson's rule. ``deal`` is anything a seat indexes to a hand
    (a ``Deal``). From ♥K 8 7 6 5 3 with partner's ♥A J, covering the ♥10 gains nothing.

    >>> from cardlib import Deal
    >>> deal = Deal.from_pbn("N:AKQ.K87653.AK.K2 JT98.Q2.QJT9.AQJ 7654.AJ.8765.543 32.T94.432.T9876")
    >>> cover_gains(deal, Seat.N, Card("♥10"))
    False
    """
    hands = [[int(c.rank) for c in deal[seat].suit(led.suit)] for seat in Seat]
    hands[me.right] = [r for r in hands[me.right] if r != int(led.rank)]

    def tricks(card: Card) -> int:
        played = [list(h) for h in hands]
        played[me] = [r for r in played[me] if r != int(card.rank)]
        return _defenders_tricks(tuple(map(tuple, played)), me.left.value, me.value,
                                 ((me.right.value, int(led.rank)), (me.value, int(card.rank))))

    return tricks(cover_honour(deal[me], [led]).card) > tricks(second_hand(deal[me], [led]).card)


def discard(hand: Hand | str, led: Suit | str, trumps: Suit | str | None = None,
            long_suit: Suit | str | None = None) -> Card:
    """The card to throw away when you cannot follow to ``led``: keep your trumps, your honours
    and the suit you or partner are long in (``long_suit``, else your longest); throw the lowest
    card of another suit. Of those, first a suit with no king, queen or jack to guard, then a card
    of 5 or lower, which says "not this suit" too (``discard_says``: a 6 or higher would ask
    partner to lead it), then a suit with no honour at all, then the shortest.

    >>> discard("♠8 4 ♦K J 9 8 ♣A 7 6 5 3", "♥")
    Card("♠4")
    >>> discard("♠K 4 ♦J 9 8 ♣7 6 5 3 2", "♥", long_suit="♦")   # partner is long in diamonds
    Card("♣2")
    >>> discard("♠7 6 ♥A 3 2 ♣Q J 10 9", "♦")   # the ♥2 says "not hearts"; the ♠6 would ask for spades
    Card("♥2")
    """
    hand = Hand.parse(hand)
    led, trumps = Suit.parse(led), parse_denomination(trumps)
    if hand.suit(led):
        raise CardError("discard_can_follow", suit=led.symbol)
    if not hand.cards:
        raise CardError("discard_no_cards")
    keep = Suit.parse(long_suit) if long_suit is not None else your_long_suit(hand, trumps)
    suits = [s for s in Suit if hand.suit(s) and s not in (trumps, keep)] or [
        s for s in Suit if hand.suit(s) and s is not trumps] or [s for s in Suit if hand.suit(s)]

    def order(suit: Suit):
        cards = hand.suit(suit)
        return (any(Rank.JACK <= c.rank <= Rank.KING for c in cards), discard_says(cards[-1]) == "lead_it",
                any(is_honour(c) for c in cards), len(cards), -suit)
    return hand.suit(min(suits, key=order))[-1]


def your_long_suit(hand: Hand | str, trumps: Suit | str | None = None) -> Suit | None:
    """The suit you keep when you throw a card away: your longest but trumps, the higher of two
    as long (None with only trumps left).

    >>> your_long_suit("♠8 4 ♦K J 9 8 ♣A 7 6 5 3")
    <Suit.CLUBS: 0>
    """
    hand, trumps = Hand.parse(hand), parse_denomination(trumps)
    return max((s for s in Suit if hand.suit(s) and s is not trumps), key=lambda s: (hand.length(s), s), default=None)


def discard_says(card: Card | str) -> str:
    """The course's one signal (docs/rules.md §1.9, a partnership agreement, not a law): a card
    you throw away when you cannot follow suit tells partner about its suit. A 6 or higher says
    "I like this suit, please lead it" ("lead_it"); a 5 or lower says "I do not" ("not_this").

    >>> discard_says("♣8"), discard_says("♣3")
    ('lead_it', 'not_this')
    """
    return "lead_it" if Card.parse(card).rank >= Rank.SIX else "not_this"
