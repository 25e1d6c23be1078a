"""Exact chances (cardlib.chance) against brute force on small cases, against the values in
the bridge literature, and against seeded deals."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from cardlib import BRIDGE_PACK, Deal, Seat, Side, Suit, chance

# Published values (the tables in bridge encyclopedias, after Borel & Chéron), to the places printed:
# the chance of each point count in percent, then of shapes and of splits.
KNOWN_POINTS = dict(enumerate([0.36, 0.79, 1.36, 2.46, 3.85, 5.19, 6.55, 8.03, 8.89, 9.36, 9.41, 8.94, 8.03,
                               6.91, 5.69, 4.42, 3.31, 2.36, 1.61, 1.04, 0.64]))
KNOWN_SHAPES = {(4, 4, 3, 2): 0.2155, (5, 3, 3, 2): 0.1552, (5, 4, 3, 1): 0.1293, (5, 4, 2, 2): 0.1058,
                (4, 3, 3, 3): 0.1054, (6, 3, 2, 2): 0.0564, (4, 4, 4, 1): 0.0299, (7, 3, 2, 1): 0.0188}
KNOWN_SPLITS = {5: {(3, 2): 0.6783, (4, 1): 0.2826, (5, 0): 0.0391},
                2: {(1, 1): 0.52, (2, 0): 0.48},
                4: {(3, 1): 0.4974, (2, 2): 0.4070, (4, 0): 0.0957},
                6: {(4, 2): 0.4845, (3, 3): 0.3553, (5, 1): 0.1453, (6, 0): 0.0149}}


# --- counting points --------------------------------------------------------------------------

@pytest.mark.parametrize("size", [1, 2, 3])
def test_point_counts_match_brute_force_on_small_hands(size):
    counted: dict[int, int] = {}
    for cards in combinations(BRIDGE_PACK.cards, size):
        points = sum(card.hcp for card in cards)
        counted[points] = counted.get(points, 0) + 1
    assert chance.point_ways(size) == counted


@pytest.mark.parametrize("size", [0, 5, 13, 20, 26, 39, 52])
def test_two_ways_of_counting_points_agree(size):
    ways = chance.point_ways(size)
    assert ways == chance.point_ways_by_honours(size)
    assert sum(ways.values()) == comb(52, size)


def test_point_distribution_matches_the_published_table():
    dist = chance.points_distribution(13)
    for points, published in KNOWN_POINTS.items():
        assert round(float(dist[points]) * 100, 2) == published, points
    assert min(dist) == 0 and max(dist) == 37 and dist[37] == Fraction(4, comb(52, 13))


def test_twelve_or_more_points():
    p = chance.chance_of_points(12)
    assert p == Fraction(221_093_636_000, 635_013_559_600)
    assert abs(float(p) - 0.35) < 0.005  # "about 0.35"
    assert chance.chance_of_points(0) == 1 and chance.chance_of_points(38) == 0
    assert chance.chance_of_points(20, cards=26) == sum(
        Fraction(n, comb(52, 26)) for points, n in chance.point_ways(26).items() if points >= 20)


def test_a_side_holds_20_points():
    p = chance.chance_of_redeal()
    assert p == Fraction(chance.point_ways(26)[20], comb(52, 26)) == chance.chance_of_side_points(20)
    assert chance.percent(p) == "8.2%"
    # The 26 cards of one side and the 26 of the other: 20 for one is 20 for the other.
    assert chance.point_ways(26)[20] == chance.point_ways_by_honours(26)[40 - 20]
    assert chance.chance_of_side_points(41) == 0


def test_bad_sizes_are_refused():
    for size in (-1, 53, True, 2.5):
        with pytest.raises(ValueError):
            chance.point_ways(size)


# --- shapes and long suits -----------------------------------------------------------------------

def test_shapes_match_the_published_table():
    ways = chance.shape_ways()
    for shape, published in KNOWN_SHAPES.items():
        assert round(ways[shape] / comb(52, 13), 4) == published, shape
    assert sum(ways.values()) == comb(52, 13) and len(ways) == 39


@pytest.mark.parametrize("length", [4, 5, 6, 7, 8, 13])
def test_long_suit_two_ways(length):
    assert chance.chance_of_long_suit(length) == chance.chance_of_long_suit_by_inclusion_exclusion(length)


def test_five_card_suit_counts_hands_with_at_least_one_suit_of_five_or_more():
    p = chance.chance_of_long_suit(5)
    flat = KNOWN_SHAPES[4, 4, 3, 2] + KNOWN_SHAPES[4, 3, 3, 3] + KNOWN_SHAPES[4, 4, 4, 1]
    assert abs(float(p) - (1 - flat)) < 0.0002 and chance.percent(p) == "64.9%"
    assert chance.chance_of_long_suit(4) == 1  # 13 cards in 4 suits: one has 4 or more
    assert sum(chance.longest_suit_distribution().values()) == 1
    assert sum(v for k, v in chance.longest_suit_distribution().items() if k >= 5) == p


# --- splits -------------------------------------------------------------------------------------

@pytest.mark.parametrize("missing", sorted(KNOWN_SPLITS))
def test_splits_match_the_published_table(missing):
    splits = chance.split_chances(missing)
    assert sum(splits.values()) == 1
    assert list(splits) == list(KNOWN_SPLITS[missing])  # most likely first
    for split, published in KNOWN_SPLITS[missing].items():
        assert abs(float(splits[split]) - published) < 0.00006, split


def test_five_missing_cards_as_fractions():
    assert chance.split_chances(5) == {(3, 2): Fraction(78, 115), (4, 1): Fraction(13, 46),
                                       (5, 0): Fraction(9, 230)}


def test_split_chance_by_brute_force_on_a_small_table():
    """Two defenders with 4 cards each out of 8, 3 of them of our suit: count every way."""
    hidden = ["x1", "x2", "x3"] + [f"o{i}" for i in range(5)]
    counts = {e: 0 for e in range(4)}
    for east in combinations(hidden, 4):
        counts[sum(1 for card in east if card.startswith("x"))] += 1
    for e, n in counts.items():
        assert chance.split_chance(3, e, hidden=8, hand=4) == Fraction(n, comb(8, 4))
    assert chance.split_chance(5, 6) == 0


# --- against seeded deals ---------------------------------------------------------------------

EVENTS = {
    "12+ points": (chance.points_of, lambda p: p >= 12, lambda: chance.chance_of_points(12)),
    "5+ suit": (chance.longest_suit_of, lambda n: n >= 5, lambda: chance.chance_of_long_suit(5)),
    "20-20": (chance.side_points_of, lambda p: p == 20, chance.chance_of_redeal),
    "3-2": (chance.split_of, lambda s: s == (3, 2), lambda: chance.split_chances(5)[3, 2]),
    "4-1": (chance.split_of, lambda s: s == (4, 1), lambda: chance.split_chances(5)[4, 1]),
    "5-0": (chance.split_of, lambda s: s == (5, 0), lambda: chance.split_chances(5)[5, 0]),
}


@pytest.fixture(scope="module")
def many():
    outcomes = {name: outcome for name, (outcome, _, _) in EVENTS.items()}
    return chance.tallies(outcomes, 20_000, seed="test chance")


@pytest.mark.parametrize("name", EVENTS)
def test_seeded_deals_agree_with_the_count_within_three_standard_errors(name, many):
    _, event, exact = EVENTS[name]
    tally = many[name]
    assert tally.deals == 20_000
    assert chance.agrees(tally.share(event), exact(), tally.seen, errors=3), (name, float(tally.share(event)))


def test_whole_point_distribution_agrees_with_deals(many):
    """Every point count from 0 to 25 is within 4 standard errors (26 checks at once)."""
    tally, dist = many["12+ points"], chance.points_distribution(13)
    for points in range(26):
        seen = tally.share(lambda p: p == points)
        assert chance.agrees(seen, dist[points], tally.seen, errors=4), points


def test_outcomes_are_what_the_deal_shows():
    deal = Deal.from_pbn("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    assert chance.points_of(deal) == 13 and chance.longest_suit_of(deal) == 5
    assert chance.side_points_of(deal) == 21
    # N–S: ♠ 5+3 = 8, so E–W hold 5 spades: East 3 (QJ9), West 2 (65).
    assert chance.split_of(deal) == (3, 2)
    assert chance.split_of(deal, held=13) is None


def test_tally_goes_on_where_it_stopped_and_is_the_same_on_every_run():
    a = chance.Tally(chance.points_of, seed=5).more(150).more(150)
    b = chance.Tally(chance.points_of, seed=5).more(300)
    assert a.counts == b.counts and a.deals == 300 and a.seen == 300
    first = Deal.random(seed="5:0")
    assert chance.Tally(chance.points_of, seed=5).more(1).counts == {first[Seat.N].hcp: 1}
    assert chance.Tally(chance.points_of, seed=6).more(300).counts != a.counts
    assert chance.Tally(chance.points_of).share(lambda p: True) == 0


def test_split_outcome_is_none_without_an_eight_card_suit():
    tally = chance.Tally(chance.split_of, seed=1).more(200)
    assert 0 < tally.seen < 200  # some deals have no suit where N–S hold exactly 8


def test_standard_error_and_agreement():
    assert chance.standard_error(Fraction(1, 2), 100) == pytest.approx(0.05)
    assert chance.agrees(0.54, 0.5, 100, errors=1) and not chance.agrees(0.56, 0.5, 100, errors=1)
    with pytest.raises(ValueError):
        chance.standard_error(0.5, 0)


def test_percent():
    assert chance.percent(Fraction(78, 115)) == "67.8%" and chance.percent(0.25, places=0) == "25%"


def test_import_chance_needs_nothing_heavy():
    import subprocess
    import sys

    code = "import sys, cardlib.chance; print(sorted(m for m in ('numpy', 'matplotlib', 'ipywidgets') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    assert Suit.HEARTS and Side.NS  # the names the module's outcomes use
