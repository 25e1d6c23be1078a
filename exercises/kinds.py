"""Every kind of question by name, and ``make_question(kind, seed)``.

The same kind and seed give the same question on every machine, so a teacher can give
the class a seed.

>>> q = make_question("score", seed=7)
>>> q is not make_question("score", seed=7) and q.prompt == make_question("score", seed=7).prompt
True
"""
from __future__ import annotations

import random
from collections.abc import Callable

from cardlib import CardError
from cardlib.deal import rng_for
from exercises import chance_kinds, manille_kinds, minibridge_kinds
from exercises.question import Question

Generator = Callable[[random.Random, int | str], Question]

KINDS: dict[str, Generator] = {
    "hcp": minibridge_kinds.hcp_question,
    "announcements": minibridge_kinds.announcements_question,
    "declarer": minibridge_kinds.declarer_question,
    "trick_no_trumps": minibridge_kinds.trick_no_trumps_question,
    "trick": minibridge_kinds.trick_question,
    "may_play": minibridge_kinds.may_play_question,
    "tricks_needed": minibridge_kinds.tricks_question,
    "score": minibridge_kinds.score_question,
    "contract": minibridge_kinds.contract_question,
    "manille_points": manille_kinds.points_question,
    "manille_score": manille_kinds.score_question,
    # the chance lesson (an extension)
    "chance_fraction": chance_kinds.fraction_question,
    "chance_percent": chance_kinds.percent_question,
    "chance_compare": chance_kinds.compare_question,
}
CHANCE_KINDS = tuple(k for k in KINDS if k.startswith("chance"))
MINIBRIDGE_KINDS = tuple(k for k in KINDS if not k.startswith(("manille", "chance")))
MANILLE_KINDS = tuple(k for k in KINDS if k.startswith("manille"))


def check_kinds(kinds) -> tuple[str, ...]:
    """The kinds asked for, checked: a name or a list of names from KINDS (None: all)."""
    if kinds is None:
        return tuple(KINDS)
    if isinstance(kinds, str):
        kinds = [kinds]
    kinds = tuple(kinds)
    for kind in kinds:
        if kind not in KINDS:
            raise CardError("ex_unknown_kind", kind=kind, kinds=", ".join(KINDS))
    if not kinds:
        raise CardError("ex_unknown_kind", kind="", kinds=", ".join(KINDS))
    return kinds


def make_question(kind: str, seed: int | str | None = None) -> Question:
    """A fresh question of one kind; the same seed always gives the same question.

    >>> make_question("tricks_needed", seed=4).answer_kind
    'number'
    """
    check_kinds([kind])
    rng, seed = rng_for(seed)
    return KINDS[kind](random.Random(f"{kind}:{seed}"), seed)
