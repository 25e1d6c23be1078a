"""Measures of the exercises (issue 11), printed as numbers; no pass or fail here (the tests
hold the limits).

- Shortcuts: the share of declarer questions whose one biggest hand is on the defending side
  (adding up is needed), and what "May I play it?" questions are about.
- Slips: how many mistake patterns each kind recognises, and in a simulated class how often a
  wrong answer is named. Each simulated mistake is worked out here from what the pupil sees
  (the picture and the prompt), independently of the exercises' own slip code: "modelled"
  mistakes are the ones the teaching guide lists (a 10 counted, an ace as 1, a suit missed,
  added instead of taking away, the bonus forgotten, every trick counted, ...), "careless"
  ones are arithmetic slips (±1, ±2, ±10) that should mostly get the plain working.

Run: .venv/bin/python benchmarks/measure_exercises.py [--questions 400]
"""
from __future__ import annotations

import argparse
import random
import re
from collections import Counter

from cardlib import Card, Deal, Suit, minibridge
from exercises.kinds import ALL_KINDS, make_question
from exercises.minibridge_kinds import biggest_hand_defends

VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
MANILLE = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}


def cards_of(q, row=0):
    what, data = q.picture.rows[row][1]
    return [Card.parse(c if what != "trick" else c[1]) for c in data]


def modelled_mistakes(q) -> dict[str, int]:
    """The mistakes the teaching guide names, worked out from the picture and the prompt."""
    kind = q.base_kind
    out = {}
    if kind == "hcp":
        cards = cards_of(q)
        out["counted_ten"] = sum({**VALUES, "10": 1}.get(c.rank.symbol, 0) for c in cards)
        out["ace_as_one"] = sum({**VALUES, "A": 1}.get(c.rank.symbol, 0) for c in cards)
        suit = random.choice([s for s in Suit if any(c.suit is s and c.hcp for c in cards)] or [Suit.SPADES])
        out["missed_suit"] = sum(VALUES.get(c.rank.symbol, 0) for c in cards if c.suit is not suit)
    elif kind == "announcements":
        table = q.picture.rows[0][1][1]
        known = [v for _, v in table if v != "?"]
        if len(known) == 3:
            out["added_instead"] = sum(known)
        else:
            side = ("North", "South") if "N–S" in q.prompt else ("East", "West")
            out["other_side"] = sum(v for name, v in table if name not in side)
    elif kind == "score" and "defenders" not in q.prompt:
        m = re.search(r"played (NT|♠|♥|♦|♣) (game|partscore) and took (\d+) tricks", q.prompt)
        den, game, tricks = m.group(1), m.group(2) == "game", int(m.group(3))
        club = "500" in q.rules_line
        rate = 30 if den in "♠♥" else 20
        needed = 7 if not game else 9 if den == "NT" else 10 if den in "♠♥" else 11
        if tricks >= needed:
            over = tricks - 6
            points = 40 + 30 * (over - 1) if den == "NT" else rate * over
            bonus = (500 if club else 300) if game else 50
            out["forgot_bonus"] = points
            out["every_trick"] = (40 + 30 * (tricks - 1) if den == "NT" else rate * tricks) + bonus
            if not game:
                out["partscore_game_bonus"] = points + (500 if club else 300)
            if den == "NT":
                out["nt_first_30"] = 30 * over + bonus
        elif not club:
            out["wrote_minus"] = -50 * (needed - tricks)
        else:
            out["forgot_minus"] = 100 * (needed - tricks)
    elif kind == "score":
        out["wrote_minus"] = -q.answer
    elif kind == "manille_points":
        cards = cards_of(q)
        out["swapped_ten_ace"] = sum({**MANILLE, "10": 4, "A": 5}.get(c.rank.symbol, 0) for c in cards)
        out["forgot_ten"] = sum({**MANILLE, "10": 0}.get(c.rank.symbol, 0) for c in cards)
    elif kind == "manille_score":
        points = int(re.search(r"took (\d+) card points", q.prompt).group(1))
        out["forgot_x2"] = max(0, points - 30)
        out["forgot_30"] = points * (q.answer // max(1, points - 30)) if points > 30 else 0
    return {code: value for code, value in out.items() if value != q.answer}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=400)
    n = parser.parse_args().questions
    random.seed(1)

    defending = counted = 0
    for s in range(n):
        q = make_question("declarer", s)
        points = dict(q.picture.rows[0][1][1])
        if q.answer == "nobody":
            continue
        counted += 1
        best = max(points.values())
        biggest = [name for name, p in points.items() if p == best]
        declaring = ("North", "South") if q.answer in "NS" else ("East", "West")
        defending += len(biggest) == 1 and biggest[0] not in declaring
    plain = [Deal.random(seed=f"plain {s}") for s in range(n)]
    plain = [d for d in plain if minibridge.declarer(d) is not None]
    before = sum(biggest_hand_defends(d) for d in plain) / len(plain)
    print(f"declarer: the one biggest hand is on the defending side in {defending}/{counted} = "
          f"{defending / counted:.0%} of questions (in deals drawn at random: {before:.0%})")

    for kind in ("may_play", "may_play:trumps"):
        about = Counter()
        for s in range(n):
            q = make_question(kind, s)
            about[q.slips[0].code] += 1
        words = {"need_not_beat": "follow suit (yes)", "must_follow": "could follow, did not (no)",
                 "may_trump": "trump when out of the suit (yes)", "may_discard": "discard when out of the suit (yes)",
                 "may_lead": "a lead (yes)"}
        print(f"{kind}: " + ", ".join(f"{words[c]} {about[c] / n:.0%}" for c in words if about[c]))

    patterns = {}
    for kind in ALL_KINDS:
        codes = set()
        for s in range(n // 2):
            codes |= {slip.code for slip in make_question(kind, s).slips}
        patterns[kind] = codes
    every = set().union(*patterns.values())
    print(f"slip patterns: {len(every)} codes in all; per kind: "
          + ", ".join(f"{k} {len(v)}" for k, v in patterns.items()))

    print("simulated class (each wrong answer: a modelled mistake 60%, a careless one 40%):")
    total = Counter()
    for kind in ("hcp", "announcements", "score", "score:club", "manille_points", "manille_score"):
        c = Counter()
        for s in range(n):
            q = make_question(kind, s)
            mistakes = modelled_mistakes(q)
            if mistakes and random.random() < 0.6:
                code, value = random.choice(sorted(mistakes.items()))
                feedback = q.check(value)
                c["modelled"] += 1
                c["modelled named"] += bool(feedback.slip)
                c["modelled named right"] += feedback.slip == code
            else:
                value = q.answer + random.choice([-10, -2, -1, 1, 2, 10])
                feedback = q.check(value)
                c["careless"] += 1
                c["careless named"] += bool(feedback.slip)
            c["wrong"] += 1
            c["named"] += bool(feedback.slip)
        total.update(c)
        print(f"  {kind}: named {c['named'] / c['wrong']:.0%} of wrong answers; modelled mistakes named "
              f"{c['modelled named'] / max(1, c['modelled']):.0%} (as the mistake made: "
              f"{c['modelled named right'] / max(1, c['modelled']):.0%}); careless ones given a slip "
              f"{c['careless named'] / max(1, c['careless']):.0%}")
    print(f"  all: named {total['named'] / total['wrong']:.0%} of {total['wrong']} wrong answers; modelled "
          f"{total['modelled named right'] / total['modelled']:.0%} named as the mistake made; careless given a "
          f"slip {total['careless named'] / total['careless']:.0%}")


if __name__ == "__main__":
    main()
