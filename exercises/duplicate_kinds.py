"""Questions on the duplicate lesson's traveller: every table played the same board, and a pair's
matchpoints are 2 for each table whose score it beat and 1 for each table with the same score.
The scores, the order and the matchpoints come from ``cardlib.duplicate``, the traveller's own
functions; nothing is counted here by hand.

A traveller writes no minus in either edition: a score is "N–S 420" or "E–W 50" (under the club's
rules a side that goes down loses 100 a trick, written "E–W 100" when N–S go one down).

>>> import random
>>> q = matchpoints_question(random.Random(3), seed=3)
>>> q.check(q.answer).correct, q.answer_kind
(True, 'number')
>>> traveller_question(random.Random(3), seed=3).answer_kind
'choice'
"""
from __future__ import annotations

import random

from cardlib import Seat, say
from cardlib.duplicate import Ranked, check_result, rank, score_ns, seeded_boards, written_score
from cardlib.minibridge import CONTRACTS, scoring_rules
from exercises.minibridge_kinds import rules_line, score_slips, score_steps
from exercises.question import Picture, Question, Slip

TABLES = (4, 5, 6)  # how many tables played the board: a traveller a child counts at a glance


def _traveller(rng: random.Random) -> list[Ranked]:
    """A board and the results of its tables: each table chose one of three contracts and took
    a trick more or less than it needs; at least three different scores, so there is something
    to count."""
    board = seeded_boards(1, seed=rng.randrange(10**9))[0]
    while True:
        contracts = rng.sample(CONTRACTS, 3)
        results = []
        for table in range(1, rng.choice(TABLES) + 1):
            contract = rng.choice(contracts)
            tricks = max(0, min(13, contract.tricks_needed + rng.choice([-1, 0, 0, 0, 1])))
            results.append(check_result(board, table, board.declarer, contract, tricks))
        if len({r.score_ns for r in results}) >= 3:
            return rank(results)


def matchpoints_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """How many matchpoints does one table's N–S pair score (variant "ew": its E–W pair)?"""
    ranked = _traveller(rng)  # best for N–S first
    asked = rng.choice(ranked)
    table, score = asked.result.table, asked.result.score_ns
    others = [r.result.score_ns for r in ranked if r is not asked]
    ew = variant == "ew"
    if ew:  # E–W beat the tables where N–S did better
        beaten, answer = sum(s > score for s in others), asked.matchpoints_ew
    else:
        beaten, answer = asked.beaten, asked.matchpoints_ns
    tied = asked.tied
    assert answer == 2 * beaten + tied  # the traveller's own count is the lesson's rule
    pair = say("ex_mp_pair_ew" if ew else "ex_mp_pair_ns")
    order = [written_score(r.result.score_ns) for r in (reversed(ranked) if ew else ranked)]
    steps = [say("ex_mp_rule"), say("ex_mp_order_ew" if ew else "ex_mp_order_ns", order=say("list_comma").join(order)),
             say("ex_mp_beat", pair=pair, score=written_score(asked.result.score_ns), beaten=beaten),
             say("ex_mp_tied", tied=tied),
             say("ex_mp_sum", beaten=beaten, tied=tied, points=answer)]
    slips = ([Slip(asked.matchpoints_ns, "ns_not_ew", say("ex_mp_slip_ns_not_ew"))] if ew else []) + [
        Slip(beaten + tied, "one_a_table", say("ex_mp_slip_one_a_table")),
        Slip(2 * beaten, "forgot_ties", say("ex_mp_slip_forgot_ties")),
        Slip(2 * (beaten + tied), "tie_as_win", say("ex_mp_slip_tie_as_win"))]
    rows = tuple((say("ex_mp_table", table=r.result.table), written_score(r.result.score_ns))
                 for r in sorted(ranked, key=lambda r: r.result.table))
    return Question(
        kind="matchpoints" + (f":{variant}" if variant else ""), seed=seed,
        prompt=say("ex_mp_prompt", table=table, pair=pair), answer_kind="number", answer=answer,
        right_answer=str(answer), explanation="\n".join(steps), hint=say("ex_mp_hint"),
        picture=Picture(((say("ex_mp_picture"), ("table", rows)),)), slips=tuple(slips), ideas={"matchpoints"})


def traveller_question(rng: random.Random, seed: int | str, variant: str = "") -> Question:
    """What does a table write on the traveller for its result? The score, in the column of the
    side that earned it: the declarer's side for a contract made, the defenders' for one that
    went down (lesson 21's board B: West makes ♥ partscore with 9 tricks, "E–W 140"). The three
    choices are the right line, the same points in the other column, and a likely wrong score
    in the right column's place (the bonus forgotten; a failed contract scored as if made).
    Variant "ew": the points are E–W's (E–W made their contract, or N–S went down), so the
    right line is not in the column a pupil who thinks only of N–S would write in."""
    rules = scoring_rules()
    while True:
        declarer = Seat(rng.randrange(4))
        contract = rng.choice(CONTRACTS)
        needed = contract.tricks_needed
        tricks = max(0, min(13, needed + rng.choice([-2, -1, -1, 0, 0, 0, 1])))
        points = score_ns(declarer, contract, tricks, rules)
        right, other_column = written_score(points), written_score(-points)
        side = declarer.side
        made = tricks >= needed
        likely = {slip.code: slip.value for slip in score_slips(contract, tricks, rules, declarer, side)}
        wrong = likely.get("forgot_bonus" if made else "not_made", 0)
        if made:  # the declarer's side earned it
            slips = [Slip(other_column, "wrong_column", say("ex_trav_slip_column_made", side=side)),
                     Slip(f"{side} {wrong}", "forgot_bonus", say("ex_slip_forgot_bonus"))]
        else:  # down: the defenders earned it
            slips = [Slip(other_column, "wrong_column", say("ex_trav_slip_column_down", other=side.other)),
                     Slip(f"{side} {wrong}", "as_if_made",
                          say("ex_trav_slip_as_made", contract=contract, needed=needed, tricks=tricks))]
        values = [right] + [slip.value for slip in slips]
        if variant == "ew" and points > 0:
            continue
        if len(set(values)) == len(values) and wrong > 0:  # three different lines, no "N–S 0" to choose
            break
    options = values[:]
    rng.shuffle(options)
    earned = side if made else side.other
    steps = score_steps(contract, tricks, rules, declarer) + [say("ex_trav_column", side=earned, written=right)]
    return Question(
        kind="traveller" + (f":{variant}" if variant else ""), seed=seed, prompt=say("ex_trav_prompt", declarer=declarer.word, contract=contract, tricks=tricks),
        answer_kind="choice", answer=right, right_answer=right, explanation="\n".join(steps), hint=say("ex_trav_hint"),
        options=tuple((o, o) for o in options), rules_line=rules_line(rules), slips=tuple(slips),
        ideas={"duplicate", "tricks_needed", "scoring"})
