"""How likely things are at the card table: exact chances counted with ``math.comb``, and
the same events counted in seeded deals, so a lesson can put the two side by side.

Exact chances are fractions (``fractions.Fraction``): the number of ways an event can
happen over the number of ways the cards can fall, every way being equally likely.

>>> chance_of_points(12)                      # a hand with 12 or more high-card points
Fraction(32513770, 93384347)
>>> round(float(chance_of_points(12)), 4), round(float(chance_of_long_suit(5)), 4)
(0.3482, 0.6492)
>>> split_chances(5)                          # five cards missing: how they split
{(3, 2): Fraction(78, 115), (4, 1): Fraction(13, 46), (5, 0): Fraction(9, 230)}

Pure Python (standard library only), like the rest of cardlib.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from cardlib import checks
from cardlib.cards import BRIDGE_PACK
from cardlib.messages import CardError
from cardlib.deal import Deal
from cardlib.minibridge import REDEAL_POINTS
from cardlib.seats import Seat, Side

HAND = 13  # cards in a MiniBridge hand
PACK = 52
SUIT = 13


# --- points: counting sets of cards by their high-card points ---------------------------------

@lru_cache(maxsize=None)
def _point_ways(size: int) -> tuple[int, ...]:
    """ways[h]: how many sets of ``size`` cards from the bridge pack hold exactly h HCP.

    Built card by card (a dynamic programme over the 52 cards: 16 honours worth 4, 3, 2, 1
    and 36 spot cards worth 0). ``ways[size][points]`` grows as each card is either left out
    or taken.
    """
    size = checks.whole(size, 0, PACK)
    top = sum(card.hcp for card in BRIDGE_PACK.cards)
    ways = [[0] * (top + 1) for _ in range(size + 1)]
    ways[0][0] = 1
    for card in BRIDGE_PACK.cards:
        value = card.hcp
        for taken in range(size, 0, -1):  # downwards, so each card is used at most once
            row, below = ways[taken], ways[taken - 1]
            for points in range(top, value - 1, -1):
                if below[points - value]:
                    row[points] += below[points - value]
    return tuple(ways[size])


def point_ways(cards: int = HAND) -> dict[int, int]:
    """How many sets of ``cards`` cards hold each number of high-card points (13: a hand,
    26: a side's two hands). Every point total that can happen is a key.

    >>> ways = point_ways(13)
    >>> ways[0], ways[37], sum(ways.values()) == comb(52, 13)
    (2310789600, 4, True)
    """
    return {points: n for points, n in enumerate(_point_ways(checks.whole(cards, 0, PACK))) if n}


def point_ways_by_honours(cards: int = HAND) -> dict[int, int]:
    """The same counts made a second way: choose how many aces, kings, queens and jacks,
    then the rest from the 36 small cards, and multiply the ``comb`` counts.

    >>> point_ways_by_honours(13) == point_ways(13)
    True
    """
    ways: dict[int, int] = {}
    for aces in range(5):
        for kings in range(5):
            for queens in range(5):
                for jacks in range(5):
                    honours = aces + kings + queens + jacks
                    if honours > cards:
                        continue
                    n = comb(4, aces) * comb(4, kings) * comb(4, queens) * comb(4, jacks) * comb(36, cards - honours)
                    if n:
                        points = 4 * aces + 3 * kings + 2 * queens + jacks
                        ways[points] = ways.get(points, 0) + n
    return dict(sorted(ways.items()))


def points_distribution(cards: int = HAND) -> dict[int, Fraction]:
    """The chance of each number of high-card points in ``cards`` cards dealt at random.

    >>> dist = points_distribution(13)
    >>> sum(dist.values()), max(dist, key=dist.get)
    (Fraction(1, 1), 10)
    """
    total = comb(PACK, checks.whole(cards, 0, PACK))
    return {points: Fraction(n, total) for points, n in point_ways(cards).items()}


def chance_of_points(at_least: int, cards: int = HAND) -> Fraction:
    """The chance that ``cards`` random cards hold ``at_least`` high-card points or more.

    It is the hands with that many points over all the hands, ``comb(52, 13)``; a Fraction
    is always written in its lowest terms.

    >>> chance_of_points(0)
    Fraction(1, 1)
    >>> chance_of_points(12) == Fraction(sum(n for p, n in point_ways(13).items() if p >= 12), comb(52, 13))
    True
    """
    ways, at_least = point_ways(cards), checks.whole(at_least, 0, 40)
    return Fraction(sum(n for points, n in ways.items() if points >= at_least), comb(PACK, cards))


def chance_of_side_points(points: int = 20) -> Fraction:
    """The chance that one side's two hands (26 cards) hold exactly ``points`` HCP: at 20
    both sides have 20 and the hand is thrown in and dealt again.

    >>> round(float(chance_of_side_points(20)), 4)
    0.0822
    """
    return Fraction(point_ways(2 * HAND).get(checks.whole(points, -10**6, 10**6), 0), comb(PACK, 2 * HAND))


def chance_of_redeal() -> Fraction:
    """The chance of a 20–20 deal (N–S hold exactly 20 of the 40 points, so E–W do too).

    >>> chance_of_redeal() == chance_of_side_points(20)
    True
    """
    return chance_of_side_points(REDEAL_POINTS)


# --- shapes: how the 13 cards fall into the four suits ------------------------------------------

@lru_cache(maxsize=None)
def _pattern_ways() -> dict[tuple[int, int, int, int], int]:
    ways = {}
    for spades in range(SUIT + 1):
        for hearts in range(HAND - spades + 1):
            for diamonds in range(HAND - spades - hearts + 1):
                clubs = HAND - spades - hearts - diamonds
                if clubs <= SUIT:
                    ways[spades, hearts, diamonds, clubs] = (
                        comb(SUIT, spades) * comb(SUIT, hearts) * comb(SUIT, diamonds) * comb(SUIT, clubs))
    return ways


def shape_ways() -> dict[tuple[int, ...], int]:
    """How many hands have each shape (suit lengths, longest first): (4, 3, 3, 3) and so on.

    A shape counts every order of its suits: 5-3-3-2 with five spades, or five hearts...

    >>> ways = shape_ways()
    >>> len(ways), ways[(4, 4, 3, 2)] == 12 * comb(13, 4) ** 2 * comb(13, 3) * comb(13, 2)
    (39, True)
    >>> sum(ways.values()) == comb(52, 13)
    True
    """
    shapes: dict[tuple[int, ...], int] = {}
    for lengths, n in _pattern_ways().items():
        shape = tuple(sorted(lengths, reverse=True))
        shapes[shape] = shapes.get(shape, 0) + n
    return dict(sorted(shapes.items(), key=lambda item: -item[1]))


def longest_suit_distribution() -> dict[int, Fraction]:
    """The chance that a hand's longest suit has 4, 5, 6 ... 13 cards.

    >>> dist = longest_suit_distribution()
    >>> min(dist), max(dist), max(dist, key=dist.get)
    (4, 13, 5)
    """
    total = comb(PACK, HAND)
    longest: dict[int, int] = {}
    for shape, n in shape_ways().items():
        longest[shape[0]] = longest.get(shape[0], 0) + n
    return {length: Fraction(longest[length], total) for length in sorted(longest)}


def chance_of_long_suit(length: int = 5) -> Fraction:
    """The chance that a hand has at least one suit of ``length`` cards or more.

    Counted two ways in the tests: by shapes, and by inclusion-exclusion over the suits.

    >>> chance_of_long_suit(5) == 1 - sum(Fraction(n, comb(52, 13)) for s, n in shape_ways().items() if s[0] <= 4)
    True
    """
    length = checks.whole(length, 0, HAND)
    return Fraction(sum(n for shape, n in shape_ways().items() if shape[0] >= length), comb(PACK, HAND))


def chance_of_long_suit_by_inclusion_exclusion(length: int = 5) -> Fraction:
    """The same chance as ``chance_of_long_suit``, counted another way: add the hands with
    a long ♠, ♥, ♦ or ♣, take away those counted twice (two long suits), and so on.

    >>> chance_of_long_suit_by_inclusion_exclusion(5) == chance_of_long_suit(5)
    True
    """
    total = 0
    for suits in range(1, 5):
        # hands where `suits` chosen suits each have `length` or more cards
        ways = 0
        for lengths in _lengths_at_least(suits, length):
            rest = HAND - sum(lengths)
            product = 1
            for n in lengths:
                product *= comb(SUIT, n)
            ways += product * comb(SUIT * (4 - suits), rest)
        total += (-1) ** (suits + 1) * comb(4, suits) * ways
    return Fraction(total, comb(PACK, HAND))


def _lengths_at_least(suits: int, length: int) -> Iterable[tuple[int, ...]]:
    if suits == 0:
        yield ()
        return
    for first in range(length, SUIT + 1):
        for rest in _lengths_at_least(suits - 1, length):
            if first + sum(rest) <= HAND:
                yield (first,) + rest


# --- splits: how the cards the defenders hold in a suit are shared ------------------------------

def split_chance(missing: int, east: int, hidden: int = 2 * HAND, hand: int = HAND) -> Fraction:
    """The chance that one defender holds exactly ``east`` of the ``missing`` cards of a suit,
    when the two defenders hold ``hidden`` cards, ``hand`` each: choose East's ``east`` cards
    of the suit, and East's other cards from the rest.

    >>> split_chance(5, 3)
    Fraction(39, 115)
    """
    missing, east = checks.whole(missing, 0, SUIT), checks.whole(east, 0, SUIT)
    hidden, hand = checks.whole(hidden, 0, PACK), checks.whole(hand, 0, PACK)
    if not 0 <= east <= missing <= hidden or hand > hidden:
        return Fraction(0)
    return Fraction(comb(missing, east) * comb(hidden - missing, hand - east), comb(hidden, hand))


def split_chances(missing: int) -> dict[tuple[int, int], Fraction]:
    """How ``missing`` cards split between the two defenders, either way round: (3, 2)
    means one has 3 and the other 2, whoever it is. Most likely first.

    >>> split_chances(2)
    {(1, 1): Fraction(13, 25), (2, 0): Fraction(12, 25)}
    """
    chances: dict[tuple[int, int], Fraction] = {}
    for east in range(checks.whole(missing, 0, SUIT) + 1):
        key = (max(east, missing - east), min(east, missing - east))
        chances[key] = chances.get(key, Fraction(0)) + split_chance(missing, east)
    return dict(sorted(chances.items(), key=lambda item: (-item[1], -item[0][0])))


# --- the same events in real (seeded) deals ------------------------------------------------------
# The example deal of the four below: N–S hold 8 spades (5 + 3); East has 3 of the other 5.
_EXAMPLE = "N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973"


def points_of(deal: Deal, seat: Seat = Seat.N) -> int:
    """North's high-card points (one hand a deal, so the hands counted are independent).

    >>> points_of(Deal.from_pbn(_EXAMPLE))
    13
    """
    return Deal.parse(deal)[seat].hcp


def longest_suit_of(deal: Deal, seat: Seat = Seat.N) -> int:
    """How many cards North holds in their longest suit.

    >>> longest_suit_of(Deal.from_pbn(_EXAMPLE))
    5
    """
    return max(Deal.parse(deal)[seat].suit_lengths.values())


def side_points_of(deal: Deal) -> int:
    """N–S's points together (20 means a redeal).

    >>> side_points_of(Deal.from_pbn(_EXAMPLE))
    21
    """
    return Deal.parse(deal).hcp(Side.NS)


def split_of(deal: Deal, held: int = 8) -> tuple[int, int] | None:
    """How the defenders' cards split in the first suit (♠ ♥ ♦ ♣) in which N–S hold exactly
    ``held`` cards, longer part first; None when N–S hold ``held`` cards in no suit.

    >>> split_of(Deal.from_pbn(_EXAMPLE)), split_of(Deal.from_pbn(_EXAMPLE), held=13)
    ((3, 2), None)
    """
    deal, held = Deal.parse(deal), checks.whole(held, 0, SUIT)
    for suit in BRIDGE_PACK.cards[::13]:
        if deal.length(Side.NS, suit.suit) == held:
            east = deal[Seat.E].length(suit.suit)
            west = SUIT - held - east
            return (max(east, west), min(east, west))
    return None


@dataclass
class Tally:
    """Outcomes counted over seeded deals: ``counts[outcome]`` and how many deals were
    looked at. ``more(n)`` deals ``n`` more, carrying on where it stopped, so dealing 1000
    and then 1000 more gives the same counts as dealing 2000 at once.

    >>> t = Tally(points_of, seed="doc")
    >>> t.more(200).deals, sum(t.counts.values())
    (200, 200)
    >>> t.more(300).counts == Tally(points_of, seed="doc").more(500).counts
    True
    """

    outcome: Callable[[Deal], Hashable | None]
    seed: int | str = 0
    counts: dict = field(default_factory=dict)
    deals: int = 0

    def more(self, n: int) -> Tally:
        """Deal ``n`` more deals (deal i has seed "<seed>:<i>") and count their outcomes.
        An outcome of None (the event cannot be seen in that deal) is not counted."""
        for i in range(self.deals, self.deals + n):
            self.add(Deal.random(seed=f"{self.seed}:{i}"))
        return self

    def add(self, deal: Deal) -> None:
        """Count one more deal's outcome (None, the event not seen in it, is not counted)."""
        result = self.outcome(deal)
        if result is not None:
            self.counts[result] = self.counts.get(result, 0) + 1
        self.deals += 1

    @property
    def seen(self) -> int:
        """How many outcomes were counted (deals with an outcome)."""
        return sum(self.counts.values())

    def count(self, event: Callable[[Hashable], bool]) -> int:
        """How many counted outcomes make ``event`` true."""
        return sum(n for outcome, n in self.counts.items() if event(outcome))

    def share(self, event: Callable[[Hashable], bool]) -> Fraction:
        """The part of the counted outcomes that make ``event`` true (0 before any deal)."""
        return Fraction(self.count(event), self.seen) if self.seen else Fraction(0)


def tallies(outcomes: dict[str, Callable[[Deal], Hashable | None]], deals: int, seed: int | str = 0) -> dict[str, Tally]:
    """Several tallies over the same deals, dealt once (deal i has seed "<seed>:<i>", as in
    ``Tally``): ``tallies({"points": points_of}, 1000, seed="x")["points"]`` counts the same
    as ``Tally(points_of, seed="x").more(1000)``.

    >>> both = tallies({"points": points_of, "long": longest_suit_of}, 300, seed="doc")
    >>> both["points"].counts == Tally(points_of, seed="doc").more(300).counts
    True
    """
    result = {name: Tally(outcome, seed=seed) for name, outcome in outcomes.items()}
    for i in range(deals):
        deal = Deal.random(seed=f"{seed}:{i}")
        for tally in result.values():
            tally.add(deal)
    return result


def standard_error(p: float | Fraction, n: int) -> float:
    """How much the share of an event with chance ``p`` wobbles over ``n`` random tries
    (one standard deviation of the share): sqrt(p(1 − p) / n).

    >>> round(standard_error(0.5, 10_000), 4)
    0.005
    """
    p, n = float(checks.share(p)), checks.whole(n, 1, 10**12)
    return math.sqrt(p * (1 - p) / n)


def agrees(share: float | Fraction, p: float | Fraction, n: int, errors: float = 3) -> bool:
    """Is the share seen in ``n`` tries within ``errors`` standard errors of the chance ``p``?
    (Three standard errors: a fair simulation lands outside only about 3 times in 1000.)

    >>> agrees(0.51, 0.5, 10_000), agrees(0.52, 0.5, 10_000)
    (True, False)
    """
    if isinstance(errors, bool) or not isinstance(errors, (int, float)) or not 0 <= errors <= 100:
        raise CardError("whole_number", text=errors, low=0, high=100)
    return abs(float(checks.share(share)) - float(checks.share(p))) <= errors * standard_error(p, n)


def percent(p: float | Fraction, places: int = 1) -> str:
    """A chance as a percentage, rounded: "35.4%".

    >>> percent(Fraction(78, 115)), percent(Fraction(1, 4), places=0)
    ('67.8%', '25%')
    """
    return f"{float(checks.share(p)) * 100:.{checks.whole(places, 0, 10)}f}%"
