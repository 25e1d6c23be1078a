"""Every kind of question by name, the ideas each uses, and ``make_question(kind, seed)``.

A kind may take a variant after a colon: "score:club" (the club's scoring), "trick:no_trumps"
(a trick game before trumps are taught), "tricks_needed:defenders". Each kind and each
variant declares the ideas of the course it uses (``kind_ideas``), so a lesson can be
checked to ask only about what it or an earlier lesson taught (exercises.course).

The same kind and seed give the same question on every machine, so a teacher can give
the class a seed.

>>> q = make_question("score", seed=7)
>>> q is not make_question("score", seed=7) and q.prompt == make_question("score", seed=7).prompt
True
>>> sorted(kind_ideas("score:club"))
['club_scoring', 'scoring', 'tricks_needed']
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cardlib import CardError
from cardlib.deal import rng_for
from exercises import chance_kinds, code_kinds, duplicate_kinds, manille_kinds, minibridge_kinds
from exercises.question import Question

Generator = Callable[[random.Random, int | str, str], Question]


@dataclass(frozen=True)
class Kind:
    """A kind of question: its generator (random.Random, seed, variant → Question) and, for
    the bare kind ("") and each variant, the ideas its questions may use."""

    name: str
    make: Generator
    ideas: dict[str, tuple[str, ...]]

    def __call__(self, rng: random.Random, seed: int | str, variant: str = "") -> Question:
        return self.make(rng, seed, variant)

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants after the colon ("" is the bare kind)."""
        return tuple(self.ideas)


_TRICKS = ("tricks", "follow_suit", "no_trumps")

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("hcp", minibridge_kinds.hcp_question, {"": ("hcp",)}),
    Kind("announcements", minibridge_kinds.announcements_question,
         {"": ("hcp", "total_40"), "side": ("hcp",), "fourth": ("hcp", "total_40")}),
    Kind("declarer", minibridge_kinds.declarer_question, {"": ("hcp", "declarer", "dummy"), "dummy": ("hcp", "declarer", "dummy"),
                                                          "lead": ("hcp", "declarer", "dummy")}),
    Kind("trick", minibridge_kinds.trick_question, {"": _TRICKS + ("trumps",), "no_trumps": _TRICKS,
                                                    "ruff": ("tricks", "follow_suit", "trumps")}),
    Kind("may_play", minibridge_kinds.may_play_question, {"": _TRICKS, "trumps": _TRICKS + ("trumps",),
                                                          "ruff": ("tricks", "follow_suit", "trumps")}),
    Kind("choose_trumps", minibridge_kinds.choose_trumps_question, {"": ("trumps",)}),
    Kind("tricks_needed", minibridge_kinds.tricks_question,
         {"": ("tricks_needed",), "defenders": ("tricks_needed", "defenders_target")}),
    Kind("lead", minibridge_kinds.lead_question, {"": ("trumps", "tricks_needed", "opening_lead"),
                                                   "tie": ("trumps", "tricks_needed", "opening_lead"),
                                                   "no_ace": ("trumps", "tricks_needed", "opening_lead"),
                                                   "sequence": ("trumps", "tricks_needed", "opening_lead")}),
    Kind("defend", minibridge_kinds.defend_question,
         {"": ("tricks", "follow_suit", "no_trumps", "trumps", "second_hand_low", "third_hand_high"),
          "second": ("tricks", "follow_suit", "no_trumps", "trumps", "second_hand_low"),
          "third": ("tricks", "follow_suit", "no_trumps", "trumps", "third_hand_high"),
          "partner": ("tricks", "follow_suit", "no_trumps", "trumps", "third_hand_high")}),
    Kind("bid_higher", minibridge_kinds.bid_question, {"": ("tricks_needed", "bidding")}),
    Kind("call", minibridge_kinds.call_question, {"": ("hcp", "golden_fit", "bidding"), "open": ("hcp", "bidding"),
                                                  "raise": ("hcp", "golden_fit", "bidding"),
                                                  "no_fit": ("hcp", "golden_fit", "bidding")}),
    Kind("score", minibridge_kinds.score_question,
         {"": ("tricks_needed", "scoring"), "club": ("tricks_needed", "scoring", "club_scoring")}),
    Kind("contract", minibridge_kinds.contract_question,
         {"": ("hcp", "declarer", "dummy", "golden_fit", "game_points", "tricks_needed")}),
    Kind("points_to_tricks", minibridge_kinds.points_to_tricks_question, {"": ("hcp", "points_to_tricks")}),
    Kind("sure_winners", minibridge_kinds.sure_winners_question,
         {"": ("tricks", "sure_winners"), "hands": ("tricks", "no_trumps", "sure_winners")}),
    Kind("trumps_out", minibridge_kinds.trumps_out_question, {"": ("trumps", "drawing_trumps")}),
    Kind("long_suit_tricks", minibridge_kinds.long_suit_question, {"": ("sure_winners", "long_suits")}),
    Kind("unblock", minibridge_kinds.unblock_question, {"": ("long_suits", "unblocking")}),
    Kind("ruff_where", minibridge_kinds.ruff_question, {"": ("trumps", "ruffing"), "gain": ("trumps", "ruffing")}),
    Kind("draw_or_ruff", minibridge_kinds.draw_or_ruff_question,
         {"": ("trumps", "sure_winners", "drawing_trumps", "ruffing")}),
    Kind("finesse", minibridge_kinds.finesse_question,
         {"": ("finesse",), "chance": ("finesse",), "entry": ("entries", "finesse")}),
    Kind("losers", minibridge_kinds.losers_question,
         {"": ("trumps", "counting_losers"), "suit": ("trumps", "counting_losers")}),
    Kind("hold_up", minibridge_kinds.hold_up_question, {"": ("no_trumps", "hold_up")}),
    Kind("cover", minibridge_kinds.cover_question,
         {"": ("tricks", "follow_suit", "no_trumps", "trumps", "second_hand_low", "cover_honour"),
          "low": ("tricks", "follow_suit", "no_trumps", "trumps", "second_hand_low", "cover_honour")}),
    Kind("discard", minibridge_kinds.discard_question, {"": ("follow_suit", "no_trumps", "discards"),
                                                         "signal": ("follow_suit", "no_trumps", "discards")}),
    Kind("manille_points", manille_kinds.points_question, {"": ("manille_pack", "manille_points")}),
    Kind("manille_trick", manille_kinds.trick_question,
         {"": ("manille_pack", "manille_trick"), "no_ten": ("manille_pack", "manille_trick"),
          "trumps": ("manille_pack", "manille_trick", "manille_trumps")}),
    Kind("manille_may_play", manille_kinds.may_play_question,
         {variant: ("manille_pack", "manille_trick", "manille_trumps") for variant in manille_kinds.MAY_PLAY_VARIANTS}),
    Kind("manille_score", manille_kinds.score_question,
         {"": ("manille_scoring", "manille_trumps", "manille_no_trumps", "manille_tapping"),
          "tap": ("manille_scoring", "manille_trumps", "manille_tapping"),
          "both": ("manille_scoring", "manille_no_trumps", "manille_tapping"),
          "tap_back": ("manille_scoring", "manille_trumps", "manille_no_trumps", "manille_tapping",
                       "manille_tap_back"),
          "blind": ("manille_scoring", "manille_trumps", "manille_no_trumps", "manille_tapping",
                    "manille_blind")}),
    Kind("manille_match", manille_kinds.match_question, {"": ("manille_match", "manille_scoring")}),
    Kind("manille_alone", manille_kinds.alone_question, {"": ("manille_points", "manille_rule_book")}),
    Kind("matchpoints", duplicate_kinds.matchpoints_question, {"": ("matchpoints",), "ew": ("matchpoints",)}),
    Kind("traveller", duplicate_kinds.traveller_question, {"": ("duplicate", "tricks_needed", "scoring"),
                                                             "ew": ("duplicate", "tricks_needed", "scoring")}),
    # the coder's corner (an extension): reading the lesson's code by hand
    Kind("read_code", code_kinds.code_question, {"": ("coding",), "forgets": ("coding", "hcp")}),
    # the chance lesson (an extension)
    Kind("chance_fraction", chance_kinds.fraction_question, {"": ("chance",), "pack": ("chance",)}),
    Kind("chance_percent", chance_kinds.percent_question, {"": ("chance",), "cards": ("chance",), "deals": ("chance",)}),
    Kind("chance_compare", chance_kinds.compare_question, {"": ("chance", "counting_ways"), "pack": ("chance",)}),
    Kind("chance_ways", chance_kinds.ways_question, {"": ("chance", "counting_ways"), "three": ("chance", "counting_ways")}),
)}
# Other names for a kind: the old name of the no-trumps trick game, and the bare kinds
# written with their variant spelt out.
ALIASES = {
    "trick_no_trumps": "trick:no_trumps", "trick:trumps": "trick", "may_play:no_trumps": "may_play",
    "manille_trick:no_trumps": "manille_trick", "score:ebu": "score", "tricks_needed:declarer": "tricks_needed",
}
ALL_KINDS: tuple[str, ...] = tuple(name if not variant else f"{name}:{variant}"
                                   for name, kind in KINDS.items() for variant in kind.variants)
CHANCE_KINDS = tuple(k for k in KINDS if k.startswith("chance"))
MINIBRIDGE_KINDS = tuple(k for k in KINDS if not k.startswith(("manille", "chance")))
MANILLE_KINDS = tuple(k for k in KINDS if k.startswith("manille"))


def canonical(kind: object) -> str:
    """A kind's one name: "trick_no_trumps" → "trick:no_trumps", "score:ebu" → "score";
    CardError for a name that is not a kind.

    >>> canonical(" Trick_No_Trumps "), canonical("score:club")
    ('trick:no_trumps', 'score:club')
    """
    text = " ".join(str(kind).split()).lower().replace(" ", "") if isinstance(kind, str) else ""
    text = ALIASES.get(text, text)
    if text not in ALL_KINDS:
        raise CardError("ex_unknown_kind", kind=str(kind)[:40], kinds=", ".join(ALL_KINDS))
    return text


def kind_ideas(kind: str) -> frozenset[str]:
    """The ideas a kind (with its variant) may use.

    >>> sorted(kind_ideas("trick:no_trumps"))
    ['follow_suit', 'no_trumps', 'tricks']
    """
    name, _, variant = canonical(kind).partition(":")
    return frozenset(KINDS[name].ideas[variant])


def check_kinds(kinds) -> tuple[str, ...]:
    """The kinds asked for, checked and in their one name: a name or a list of names (None:
    every bare kind). A name may come twice: it is then drawn twice as often."""
    if kinds is None:
        return tuple(KINDS)
    if isinstance(kinds, str):
        kinds = [kinds]
    try:
        kinds = tuple(kinds)
    except TypeError:
        raise CardError("ex_unknown_kind", kind=str(kinds)[:40], kinds=", ".join(ALL_KINDS)) from None
    if not kinds:
        raise CardError("ex_unknown_kind", kind="", kinds=", ".join(ALL_KINDS))
    return tuple(canonical(kind) for kind in kinds)


def make_question(kind: str, seed: int | str | None = None) -> Question:
    """A fresh question of one kind; the same seed always gives the same question.

    >>> make_question("tricks_needed", seed=4).answer_kind
    'number'
    >>> make_question("trick_no_trumps", seed=4).kind
    'trick:no_trumps'
    """
    name = canonical(kind)
    rng, seed = rng_for(seed)
    base, _, variant = name.partition(":")
    return KINDS[base](random.Random(f"{name}:{seed}"), seed, variant)
