"""Questions on chance (the "chance and cards" lesson): a chance as a fraction, a share as a
percentage, and "more or less likely than...". The counts come from the cards themselves
and the lesson's chances from ``cardlib.chance``; nothing is typed in by hand.

>>> import random
>>> q = fraction_question(random.Random(3), seed=3)
>>> q.check(q.answer).correct, q.answer_kind
(True, 'fraction')
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import gcd

from cardlib import BRIDGE_PACK, PIQUET_PACK, Card, Rank, Suit, chance, say, sentences
from cardlib import manille
from exercises.answers import LESS, MORE, SAME, Percent
from exercises.question import Picture, Question, Slip


@dataclass(frozen=True)
class CardEvent:
    """Something a card drawn at random can be: ``key`` names its words in the message table
    ("ch_ev_<key>": "a heart", "ch_evs_<key>": "hearts")."""

    key: str
    fits: Callable[[Card], bool]

    @property
    def one(self) -> str:
        return say(f"ch_ev_{self.key}")

    @property
    def all(self) -> str:
        return say(f"ch_evs_{self.key}")

    def count(self, cards) -> int:
        return sum(1 for card in cards if self.fits(card))


def _suit(suit: Suit) -> Callable[[Card], bool]:
    return lambda card: card.suit is suit


def _rank(rank: Rank) -> Callable[[Card], bool]:
    return lambda card: card.rank is rank


BRIDGE_EVENTS = (
    CardEvent("heart", _suit(Suit.HEARTS)),
    CardEvent("spade", _suit(Suit.SPADES)),
    CardEvent("diamond", _suit(Suit.DIAMONDS)),
    CardEvent("club", _suit(Suit.CLUBS)),
    CardEvent("red", lambda card: card.suit.is_red),
    CardEvent("black", lambda card: not card.suit.is_red),
    CardEvent("ace", _rank(Rank.ACE)),
    CardEvent("king", _rank(Rank.KING)),
    CardEvent("picture", lambda card: card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)),
    CardEvent("points", lambda card: card.hcp > 0),
    CardEvent("spade_ace", lambda card: card == Card(Suit.SPADES, Rank.ACE)),
    CardEvent("black_ace", lambda card: card.rank is Rank.ACE and not card.suit.is_red),
    CardEvent("ten_up", lambda card: card.rank >= Rank.TEN),
)
MANILLE_EVENTS = (
    CardEvent("manille", _rank(Rank.TEN)),
    CardEvent("heart", _suit(Suit.HEARTS)),
    CardEvent("red", lambda card: card.suit.is_red),
    CardEvent("manille_points", lambda card: manille.card_points(card) > 0),
    CardEvent("manille_blank", lambda card: manille.card_points(card) == 0),
    CardEvent("ace", _rank(Rank.ACE)),
)
PILE_EVENTS = BRIDGE_EVENTS[:8] + (BRIDGE_EVENTS[9],)
_BY_KEY = {event.key: event for event in BRIDGE_EVENTS + MANILLE_EVENTS}


def event(key: str) -> CardEvent:
    """A card event by its key: ``event("heart").count(BRIDGE_PACK) == 13``.

    >>> event("points").count(BRIDGE_PACK), event("manille").count(PIQUET_PACK)
    (16, 4)
    """
    return _BY_KEY[key]


# --- the working, in words -------------------------------------------------------------

def percent_words(p: Fraction, about: bool = True) -> str:
    """A chance as a percentage for the pupil: exact when it is short ("25%", "12.5%"),
    else rounded to one place, "about 7.7%" (or "7.7%" with ``about=False``).

    >>> percent_words(Fraction(1, 4)), percent_words(Fraction(1, 8)), percent_words(Fraction(1, 13))
    ('25%', '12.5%', 'about 7.7%')
    """
    hundredths = p * 100
    for places in (0, 1, 2):
        if (hundredths * 10**places).denominator == 1:
            return f"{float(hundredths):.{places}f}%"
    rounded = f"{float(hundredths):.1f}%"
    return say("ch_about", value=rounded) if about else rounded


def fraction_working(count: int, size: int, label: str) -> str:
    """Cards that fit over all the cards, then the fraction made as simple as it goes.

    >>> fraction_working(13, 52, "Hearts")
    'Hearts: 13 of the 52 cards, so the chance is 13/52. Divide the top and the bottom by 13: 13/52 = 1/4. That is 25%.'
    """
    chance_now = Fraction(count, size)
    parts = [say("ch_fraction_count", label=label, count=count, size=size)]
    divisor = gcd(count, size)
    if count == 0:
        parts.append(say("ch_never"))
    elif divisor > 1:
        parts.append(say("ch_simplify", divisor=divisor, count=count, size=size, simple=_fraction(chance_now)))
    else:
        parts.append(say("ch_simplest", count=count, size=size))
    parts.append(say("ch_as_percent", percent=percent_words(chance_now)))
    return sentences(*parts)


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _cards(cards) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


# --- a chance as a fraction ---------------------------------------------------------------

def fraction_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What is the chance of drawing a card of some kind: from the pack, the Manille pack or
    a small pile shown face up? Any equal fraction, decimal or percentage is right. Variant
    "pack": always one card from the 52 (the lesson's first idea: a chance as a fraction).

    >>> q = fraction_question(random.Random(2), seed=2)
    >>> q.answer, q.check("13/52").correct, q.check("25%").correct, q.check("1/3").correct
    (Fraction(1, 4), True, True, False)
    """
    where = rng.choice(["pack", "pack", "manille", "pile", "pile"])
    if variant == "pack":
        where = "pack"
    picture = Picture()
    if where == "pack":
        cards, chosen = BRIDGE_PACK.cards, rng.choice(BRIDGE_EVENTS)
        prompt = say("ch_fraction_pack_prompt", event=chosen.one)
    elif where == "manille":
        cards, chosen = PIQUET_PACK.cards, rng.choice(MANILLE_EVENTS)
        prompt = say("ch_fraction_manille_prompt", event=chosen.one)
    else:
        cards, chosen = _pile(rng, rng.randrange(5, 13))
        prompt = say("ch_fraction_pile_prompt", size=len(cards), event=chosen.one)
        picture = Picture((("", ("hand", _cards(BRIDGE_PACK.in_order(cards)))),))
    count, size = chosen.count(cards), len(cards)
    answer = Fraction(count, size)
    return Question(
        kind="chance_fraction" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="fraction", answer=answer,
        right_answer=_fraction(answer), explanation=fraction_working(count, size, _capital(chosen.all)),
        hint=say("ch_fraction_hint"), picture=picture, rules_line=say("ch_fraction_rules"), ideas={"chance"})


def _pile(rng: random.Random, size: int) -> tuple[list[Card], CardEvent]:
    """A pile of ``size`` cards and an event that some (not all) of them fit."""
    while True:
        cards = rng.sample(BRIDGE_PACK.cards, size)
        events = [e for e in PILE_EVENTS if 0 < e.count(cards) < size]
        if events:
            return cards, rng.choice(events)


# --- a share as a percentage ----------------------------------------------------------------

# What a class might count in its deals, and shares near the true chances (in percent).
DEAL_EVENTS = (("ch_deals_points", (30, 40)), ("ch_deals_long", (60, 70)), ("ch_deals_redeal", (5, 12)))
TOTALS = (4, 5, 10, 20, 25, 50, 100, 200, 400, 500, 1000)


def percent_working(count: int, total: int) -> str:
    """``count`` out of ``total`` made into hundredths, step by step.

    >>> percent_working(70, 200)
    '70 out of 200 is 70/200. Divide the top and the bottom by 2: 70/200 = 35/100. That is 35%.'
    >>> percent_working(3, 4)
    '3 out of 4 is 3/4. Multiply the top and the bottom by 25: 3/4 = 75/100. That is 75%.'
    """
    percent = count * 100 // total
    first = say("ch_out_of", count=count, total=total)
    if total == 100:
        step = ""
    elif total < 100:
        step = say("ch_multiply", factor=100 // total, count=count, total=total, percent=percent)
    else:
        step = say("ch_divide", factor=total // 100, count=count, total=total, percent=percent)
    return sentences(first, step, say("ch_as_percent", percent=f"{percent}%"))


def percent_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What percent is this share: deals a class counted, or cards in a pile shown? Variant
    "deals": always the deals a class counted (dealing many times, the share settles); variant
    "cards": always the cards of a pile shown (a chance written in hundredths).

    >>> q = percent_question(random.Random(1), seed=1)
    >>> q.check(f"{int(q.answer)}%").correct, str(q.answer).endswith("%")
    (True, True)
    """
    deals = rng.random() < 0.5
    if variant:
        deals = variant == "deals"
    if deals:
        key, (low, high) = rng.choice(DEAL_EVENTS)
        percent = rng.randrange(low, high + 1)
        # at least 2 deals counted: "1 times" is no sentence, and one deal is no share to settle
        total = rng.choice([t for t in TOTALS if t >= 20 and percent * t % 100 == 0 and percent * t >= 200])
        count = percent * total // 100
        prompt = say("ch_percent_deals_prompt", total=total, event=say(key, count=count))
        picture = Picture()
    else:
        total = rng.choice((4, 5, 10, 20))
        cards, chosen = _pile(rng, total)
        count = chosen.count(cards)
        prompt = say("ch_percent_pile_prompt", size=total, event=chosen.all)
        picture = Picture((("", ("hand", _cards(BRIDGE_PACK.in_order(cards)))),))
    answer = Percent(count * 100 // total)
    return Question(
        kind="chance_percent" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="percent", answer=answer,
        right_answer=str(answer), explanation=percent_working(count, total), hint=say("ch_percent_hint"),
        picture=picture, rules_line=say("ch_percent_rules"), ideas={"chance"})


# --- more or less likely ----------------------------------------------------------------------

def lesson_facts() -> dict[str, Fraction]:
    """The chances every pupil of the lesson meets, by the key of their words ("ch_fact_<key>"):
    a heart, and the four the labs deal until they settle. The 4–1 and 5–0 splits are only on
    the ages 12–13 pages (the lab greys them together), so the quiz does not ask about them.

    >>> lesson_facts()["split_32"], lesson_facts()["heart"], sorted(lesson_facts())
    (Fraction(78, 115), Fraction(1, 4), ['heart', 'long', 'points', 'redeal', 'split_32'])
    """
    return {
        "points": chance.chance_of_points(12),
        "long": chance.chance_of_long_suit(5),
        "redeal": chance.chance_of_redeal(),
        "split_32": chance.split_chances(5)[3, 2],
        "heart": Fraction(13, 52),
    }


def likely_options() -> tuple[tuple[str, str], ...]:
    """The three choices of a "more or less likely" question: (label, value).

    >>> [value for _, value in likely_options()]
    ['more', 'less', 'same']
    """
    return ((say("ch_more_likely"), MORE), (say("ch_less_likely"), LESS), (say("ch_just_as_likely"), SAME))


def _compare(first: Fraction, second: Fraction) -> str:
    return MORE if first > second else LESS if first < second else SAME


def compare_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Is one thing more likely, less likely or just as likely as another? Two kinds of
    card from the same pack, or two of the chances the lesson counted. Variant "pack": always
    two kinds of card from the 52 (the top numbers of two fractions over 52 compared).

    >>> q = compare_question(random.Random(2), seed=2)
    >>> q.answer in ("more", "less", "same"), q.check(q.right_answer).correct
    (True, True)
    """
    pack = rng.random() < 0.6
    if variant == "pack":
        pack = True
    if pack:
        a, b = rng.sample(BRIDGE_EVENTS, 2)
        count_a, count_b = a.count(BRIDGE_PACK), b.count(BRIDGE_PACK)
        answer = _compare(Fraction(count_a), Fraction(count_b))
        prompt = say("ch_compare_pack_prompt", first=a.one, second=b.one)
        working = [say("ch_fraction_count_only", label=_capital(e.all), count=n, size=52)
                   for e, n in ((a, count_a), (b, count_b))]
        first, second = str(count_a), str(count_b)
        ideas, rules = {"chance"}, say("ch_compare_pack_rules")
    else:
        facts = lesson_facts()
        key_a, key_b = rng.sample(sorted(facts), 2)
        answer = _compare(facts[key_a], facts[key_b])
        prompt = say("ch_compare_facts_prompt", first=say(f"ch_fact_{key_a}"), second=say(f"ch_fact_{key_b}"))
        working = [say("ch_fact_chance", fact=_capital(say(f"ch_fact_{k}")), percent=percent_words(facts[k]))
                   for k in (key_a, key_b)]
        first, second = (percent_words(facts[k], about=False) for k in (key_a, key_b))
        ideas, rules = {"chance", "counting_ways"}, ""
    working.append(say(f"ch_cmp_{answer}", first=first, second=second))
    options = likely_options()
    return Question(
        kind="chance_compare" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="likely", answer=answer,
        right_answer=dict((v, label) for label, v in options)[answer], explanation=sentences(*working),
        hint=say("ch_compare_hint"), options=options, ideas=ideas, rules_line=rules)


# --- list every way ----------------------------------------------------------------------------

def every_way(cards) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every way ``cards`` can lie between East and West, each card with one or the other, like
    heads or tails: (East's cards, West's cards), East's first.

    >>> [(len(east), len(west)) for east, west in every_way(["♥K", "♥Q"])]
    [(2, 0), (1, 1), (1, 1), (0, 2)]
    """
    cards = [Card.parse(card) for card in cards]
    return [(tuple(c for c, east in zip(cards, places) if east), tuple(c for c, east in zip(cards, places) if not east))
            for places in product((True, False), repeat=len(cards))]


def ways_working(ways, split: tuple[int, int] | None = None) -> str:
    """The list of every way, one after another, their count as 2 × 2 (× 2), and with ``split``
    the ways where the defenders hold that many cards, either way round."""
    def held(cards):
        return " ".join(str(c) for c in cards) or say("ch_ways_none")

    listed = say("ch_ways_between").join(say("ch_ways_row", east=held(east), west=held(west)) for east, west in ways)
    n = len(ways[0][0] + ways[0][1])
    parts = [say("ch_ways_list", ways=listed), say("ch_ways_count", sum=" × ".join(["2"] * n), total=len(ways))]
    if split is not None:
        fits = sum(1 for east, west in ways if sorted((len(east), len(west))) == sorted(split))
        key = "ch_ways_split" if split[0] == split[1] else "ch_ways_split_either"  # 2–1: East's 2 or West's
        parts.append(say(key, split=f"{split[0]}–{split[1]}", count=fits, total=len(ways)))
    return sentences(*parts)


def ways_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """List every way: 2 or 3 cards of a suit are missing, each with East or with West (the
    lesson's list). How many ways are there, or in how many is the split 1–1, 2–1 or 3–0? The
    answer is counted from the list ``every_way`` makes. Variant "three": always three cards and
    the split 2–1, the page's own question.

    >>> q = ways_question(random.Random(1), seed=1)
    >>> q.check(q.answer).correct, q.check("lots").correct
    (True, None)
    """
    suit = rng.choice(list(Suit))
    n = 3 if variant == "three" else rng.choice((2, 3))
    ranks = sorted(rng.sample([Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN], n), reverse=True)
    missing = [Card(suit, rank) for rank in ranks]
    ways = every_way(missing)
    split = None if rng.random() < 0.4 else rng.choice([(1, 1)] if n == 2 else [(2, 1), (3, 0)])
    if variant == "three":
        split = (2, 1)  # the page's own question: three cards, in how many of the 8 ways 2–1
    shown = " ".join(str(c) for c in missing)
    facts = {"cards": shown}
    if split is None:
        answer = len(ways)
        prompt = say("ch_ways_prompt_all", **facts)
        slips = [Slip(2 * n, "added", say("ch_slip_ways_added", sum=" + ".join(["2"] * n), times=" × ".join(["2"] * n)))] \
            if 2 * n != answer else []
        slips.append(Slip(n, "one_a_card", say("ch_slip_ways_one_a_card")))
    else:
        answer = sum(1 for east, west in ways if sorted((len(east), len(west))) == sorted(split))
        prompt = say("ch_ways_prompt_split", split=f"{split[0]}–{split[1]}", **facts)
        slips = [Slip(len(ways), "every_way", say("ch_slip_ways_every_way", split=f"{split[0]}–{split[1]}"))]
        if split[0] != split[1]:
            slips.append(Slip(answer // 2, "one_side", say("ch_slip_ways_one_side", split=f"{split[0]}–{split[1]}",
                                                           other=f"{split[1]}–{split[0]}")))
    # what the split's numbers mean, on the rules' line: a 9-year-old reads "2–1" as a sum
    rules = say("ch_ways_rules") if split is None else sentences(say("ch_ways_rules"), say(f"ch_ways_split_{split[0]}_{split[1]}"))
    return Question(
        kind="chance_ways" + (f":{variant}" if variant else ""), seed=seed, prompt=prompt,
        answer_kind="number", answer=answer, right_answer=str(answer), explanation=ways_working(ways, split),
        hint=say("ch_ways_hint"), rules_line=rules, picture=Picture(((say("ch_ways_missing"), ("hand", _cards(missing))),)),
        slips=tuple(s for s in slips if s.value != answer), ideas={"chance", "counting_ways"})


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


__all__ = [
    "BRIDGE_EVENTS", "CardEvent", "MANILLE_EVENTS", "compare_question", "event", "fraction_question",
    "every_way", "fraction_working", "lesson_facts", "percent_question", "percent_words", "percent_working",
    "ways_question", "ways_working",
]
