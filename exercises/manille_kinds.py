"""Manille questions: the card points of a trick or a pile, and a deal's score with its
multipliers. Answers and workings come from cardlib.manille.

>>> import random
>>> q = points_question(random.Random(2), seed=2)
>>> q.check(q.answer).correct
True
"""
from __future__ import annotations

import random

from cardlib import Card, Seat, Side, Suit, say
from cardlib import manille
from exercises.question import Picture, Question


def points_working(cards) -> str:
    """The card points of some cards as a sum, each card's points after it in brackets (so
    a child does not read "10 5" as 105).

    >>> points_working(["♥10", "♠A", "♦K", "♣9", "♣7"])
    '10 (5) + A (4) + K (3) = 12 (9 and 7: 0 points)'
    """
    cards = manille.PACK.in_order([Card.parse(c) for c in cards])
    scoring = sorted((c for c in cards if manille.card_points(c)), key=lambda c: -manille.card_points(c))
    blanks = [c.rank.symbol for c in cards if not manille.card_points(c)]
    total = manille.pile_points(cards)
    if not scoring:
        return say("ex_manille_no_points")
    sum_text = " + ".join(f"{c.rank.symbol} ({manille.card_points(c)})" for c in scoring)
    text = f"{sum_text} = {total}"
    if blanks:
        names = sorted(set(blanks), key=lambda r: -int(r))
        text += " " + say("ex_manille_blanks", ranks=_and(names))
    return text


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def points_question(rng: random.Random, seed: int | str) -> Question:
    """How many card points are in this trick (4 cards) or this pile (5 to 12 cards)?"""
    cards = list(manille.PACK.cards)
    rng.shuffle(cards)
    if rng.random() < 0.5:
        leader = Seat(rng.randrange(4))
        seats = [leader, leader.left, leader.left.left, leader.right]
        plays = tuple((s.name, str(c)) for s, c in zip(seats, cards[:4]))
        chosen, prompt = cards[:4], say("ex_manille_trick_prompt")
        picture = Picture((("", ("trick", plays)),))
    else:
        chosen = cards[: rng.randrange(5, 13)]
        prompt = say("ex_manille_pile_prompt", count=len(chosen))
        picture = Picture((("", ("manille_cards", tuple(str(c) for c in chosen))),))
    answer = manille.pile_points(chosen)
    return Question(
        kind="manille_points", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=points_working(chosen), hint=say("ex_manille_points_hint"),
        picture=picture)


def score_question(rng: random.Random, seed: int | str) -> Question:
    """What does this pair score for the deal, given its card points and the multipliers?"""
    side = rng.choice(list(Side))
    points = rng.randrange(14, 47)
    trumps = rng.choice([None, *Suit])
    taps = rng.choice([0, 0, 1, 1, 2])
    blind = rng.random() < 0.2
    rules = manille.ManilleRules(taps="tap back" if taps > 1 else "single")
    times = manille.multiplier(trumps, taps=taps, blind=blind, rules=rules)
    answer = manille.deal_score(points, times)
    facts = [say("ex_manille_no_trumps") if trumps is None else say("ex_manille_trumps", suit=trumps.word)]
    if taps:
        facts.append(say("ex_manille_tapped", other=side.other) if taps == 1
                     else say("ex_manille_tapped_back", other=side.other, side=side))
    if blind:
        facts.append(say("ex_manille_blind"))
    result = manille.ManilleResult.from_points(side, points, times).words
    factors = _factors(trumps, taps, blind)
    working = say("ex_manille_multiplier", factors=factors, times=times) + " " + result
    if answer == 0:
        working = say("ex_manille_zero", side=side, points=points) + " " + working
    return Question(
        kind="manille_score", seed=seed,
        prompt=say("ex_manille_score_prompt", side=side, points=points, facts=" ".join(facts)),
        answer_kind="number", answer=answer, right_answer=str(answer), explanation=working,
        hint=say("ex_manille_score_hint"))


def _factors(trumps: Suit | None, taps: int, blind: bool) -> str:
    """The multiplier as a product of its reasons: "× 2 (no trumps) × 2 (a tap)"."""
    parts = []
    if trumps is None:
        parts.append(say("ex_factor_no_trumps"))
    parts += [say("ex_factor_tap"), say("ex_factor_tap_back")][:taps]
    if blind:
        parts.append(say("ex_factor_blind"))
    return " ".join(parts) if parts else say("ex_factor_none")
