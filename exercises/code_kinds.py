"""Reading code, for the coder's corner (lesson 19): the pupil is the computer and works out
what a line of the lesson's code gives. The bare kind: what does ``rank("♦Q")`` give? "forgets":
an ``hcp`` with no line for one rank: what does it give for this hand?
Answers come from the lesson's own ``rank`` and from running the forgetful count itself.

>>> import random
>>> q = code_question(random.Random(1), seed=1)
>>> q.check(q.answer).correct, q.answer == rank(q.prompt.split('"')[1])
(True, True)
"""
from __future__ import annotations

import random

from cardlib import BRIDGE_PACK, Card, Deal, Seat, say
from exercises.coder import rank, suit
from exercises.question import Picture, Question, Slip, spoken_list

POINTS = {r: Card(f"♠{r}").hcp for r in "AKQJ"}  # the lines a full hcp has, one a rank: A 4, K 3, Q 2, J 1


def forgetful_hcp(hand: list[str], missing: str) -> int:
    """What an hcp with a line for each rank of POINTS but ``missing`` gives: a card of that
    rank adds 0.

    >>> forgetful_hcp(["♠A", "♠J", "♥K", "♦J", "♣5"], "J")
    7
    """
    return sum(POINTS[rank(card)] for card in hand if rank(card) in POINTS and rank(card) != missing)


def _quoted(text: str) -> str:
    return f'"{text}"'


def rank_question(rng: random.Random, seed: int | str) -> Question:
    """What does rank(card) give? A 10 one time in three: its rank has two signs."""
    cards = [str(c) for c in BRIDGE_PACK.cards]
    tens = [c for c in cards if rank(c) == "10"]
    card = rng.choice(tens) if rng.random() < 1 / 3 else rng.choice(cards)
    answer = rank(card)
    slips = [Slip(suit(card), "code_suit", say("ex_slip_code_suit", card=card)),
             Slip(card, "code_whole_card", say("ex_slip_code_whole_card"))]
    if answer == "10":
        slips.append(Slip("1", "code_one_sign", say("ex_slip_code_one_sign")))
    elif answer in POINTS:
        slips.append(Slip(str(POINTS[answer]), "code_points", say("ex_slip_code_points")))
    values = [answer] + [slip.value for slip in slips]
    rng.shuffle(values)
    return Question(
        kind="read_code", seed=seed, prompt=say("ex_code_rank_prompt", card=card), answer_kind="choice",
        answer=answer, right_answer=_quoted(answer),
        explanation=say("ex_code_rank_working", card=card, rank=answer, suit=suit(card)),
        hint=say("ex_code_rank_hint"), options=tuple((_quoted(v), v) for v in values), slips=tuple(slips),
        ideas={"coding"})


def forgets_question(rng: random.Random, seed: int | str) -> Question:
    """An hcp with lines for three of A, K, Q, J: what does it give for this hand?"""
    while True:
        hand = [str(c) for c in Deal.random(seed=rng.randrange(10**9))[Seat(rng.randrange(4))].cards]
        present = [r for r in POINTS if any(rank(card) == r for card in hand)]
        if len(present) >= 2:  # one rank forgotten, another still counted
            break
    missing = rng.choice(present)
    lines = [_quoted(r) for r in POINTS if r != missing]
    answer = forgetful_hcp(hand, missing)
    counted = sorted((card for card in hand if rank(card) in POINTS and rank(card) != missing),
                     key=lambda card: -POINTS[rank(card)])
    total = sum(POINTS[rank(card)] for card in hand if rank(card) in POINTS)
    sum_text = " + ".join(f"{rank(card)} {POINTS[rank(card)]}" for card in counted) + f" = {answer}"
    return Question(
        kind="read_code:forgets", seed=seed,
        prompt=say("ex_code_forgets_prompt", lines=spoken_list(lines), missing=_quoted(missing)), answer_kind="number",
        answer=answer, right_answer=str(answer),
        explanation=say("ex_code_forgets_working", sum=sum_text, missing=missing, hcp=total),
        hint=say("ex_code_forgets_hint"), picture=Picture((("", ("hand", tuple(hand))),)),
        slips=(Slip(total, "code_counted_missing", say("ex_slip_code_counted_missing", missing=missing)),),
        ideas={"coding", "hcp"})


def code_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """Read the lesson's code: what rank(card) gives (the bare kind), or "forgets"."""
    return forgets_question(rng, seed) if variant == "forgets" else rank_question(rng, seed)


__all__ = ["POINTS", "code_question", "forgetful_hcp"]
