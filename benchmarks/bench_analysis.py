"""cardlib.analysis against endplay called directly, our endings search by size, and the
expert computer player against the club player and the beginner.

Run: PYTHONPATH=. python benchmarks/bench_analysis.py [--deals 1000] [--quick]

Ratios are taken in the same run (medians). The bots are compared duplicate-style, as
benchmarks/bench_bots.py does: every deal is played twice with the same declarer and contract,
the stronger pair North-South, then East-West; the figure is the difference in North-South's
tricks, with a 95 % interval (1.96 standard errors).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlib import Deal, Seat, Side, analysis, bots, minibridge  # noqa: E402
from cardlib.minibridge import CONTRACTS  # noqa: E402


def median_ms(work, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def opening_positions(count: int):
    for n in range(count):
        rng = random.Random(n)
        deal = Deal.random(seed=f"bench-analysis:{n}")
        yield minibridge.start_play(deal, Seat(rng.randrange(4)), rng.choice(CONTRACTS))


def hint_and_table(count: int) -> None:
    """Each timing is one call on a position unlike the one before: DDS keeps what it found
    for the last deal, so the same position twice in a row would be timed warm."""
    from endplay import dds

    games = list(opening_positions(count))
    boards = [analysis._board(g) for g in games]
    passes = {
        "endplay solve_board": [median_ms(lambda b=b: list(dds.solve_board(b)), 1) for b in boards],
        "ours card_tricks": [median_ms(lambda g=g: analysis.card_tricks(g), 1) for g in games],
        "endplay calc_dd_table": [median_ms(lambda b=b: dds.calc_dd_table(b), 1) for b in boards],
        "ours tricks_table": [median_ms(lambda g=g: analysis.tricks_table(g.deal), 1) for g in games],
    }
    m = {name: statistics.median(times) for name, times in passes.items()}
    for name, ours, theirs in (("hint, 13 cards", "ours card_tricks", "endplay solve_board"),
                               ("after-hand table", "ours tricks_table", "endplay calc_dd_table")):
        print(f"  {name:<18} ours {m[ours]:8.2f} ms  endplay {m[theirs]:8.2f} ms  "
              f"overhead {m[ours] / m[theirs] - 1:+6.1%}  ({count} positions)")


def endings(count: int) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_analysis import ending

    for cards in range(1, analysis.OWN_SEARCH_CARDS + 1):
        games = [ending(n, cards) for n in range(count)]
        times = [median_ms(lambda g=g: analysis.own_card_tricks(g), 1) for g in games]
        print(f"  our search, {cards} card(s) a hand: median {statistics.median(times):7.2f} ms, "
              f"slowest {max(times):7.1f} ms over {count} endings")


def duplicate(strong: str, weak: str, deals: int) -> None:
    diffs, start = [], time.perf_counter()
    for i in range(deals):
        deal = Deal.random(seed=f"bench-expert:{i}", dealer=Seat(i % 4))
        declarer = minibridge.declarer(deal)
        if declarer is None:
            continue
        contract = bots.choose_contract(deal, declarer)
        ns = []
        for side in (Side.NS, Side.EW):
            players = {s: bots.make("minibridge", strong if s.side is side else weak, seed=i * 4 + s) for s in Seat}
            ns.append(bots.play_out(minibridge.start_play(deal, declarer, contract), players).tricks_won(Side.NS))
        diffs.append(ns[0] - ns[1])
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"  {strong} vs {weak}: {mean:+.2f} tricks a deal, 95% interval {mean - half:+.2f} to {mean + half:+.2f} "
          f"({len(diffs)} deals, {time.perf_counter() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="a few deals of each, for CI")
    parser.add_argument("--no-bots", action="store_true", help="only the timings")
    args = parser.parse_args()
    deals = 30 if args.quick else args.deals
    print("Double-dummy against endplay (medians):")
    hint_and_table(10 if args.quick else 50)
    print("Our own endings search (no endplay):")
    endings(20 if args.quick else 200)
    if args.no_bots:
        return
    print("The expert, duplicate-style (North-South tricks, strong pair N-S minus strong pair E-W):")
    for strong, weak in (("expert", "club"), ("club", "beginner"), ("expert", "beginner")):
        duplicate(strong, weak, deals)


if __name__ == "__main__":
    main()
