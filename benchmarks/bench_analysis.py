"""cardlib.analysis against endplay called directly, our endings search by size, and our
Manille search on whole deals. (The expert against the other levels: bench_bots.py --levels.)

Run: PYTHONPATH=. nice python benchmarks/bench_analysis.py [--quick]

Times are CPU times; ratios are taken in the same run (medians), each pass run twice in turn
(ours, endplay's, ours, endplay's); the machine's load is printed beside.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlib import Deal, Seat, analysis, manille, minibridge  # noqa: E402
from cardlib.minibridge import CONTRACTS  # noqa: E402


def median_ms(work, runs: int) -> float:
    """The median CPU time of ``work`` (all the process's threads): on a machine shared with
    other jobs the clock on the wall measures their load more than our work."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def opening_positions(count: int):
    for n in range(count):
        rng = random.Random(n)
        deal = Deal.random(seed=f"bench-analysis:{n}")
        yield minibridge.start_play(deal, Seat(rng.randrange(4)), rng.choice(CONTRACTS))


def load() -> str:
    return "load %.1f %.1f %.1f" % os.getloadavg()


def hint_and_table(count: int) -> None:
    """Each timing is one call on a position unlike the one before: DDS keeps what it found
    for the last deal, so the same position twice in a row would be timed warm; and ours
    forgets the positions it has solved before each call (a position asked again is free: the
    last row times that)."""
    from endplay import dds
    from endplay.dds.solve import SolveMode

    games = list(opening_positions(count))
    boards = [analysis._board(g) for g in games]
    analysis.warm_up()  # the solver's checks of itself, once a run

    def cold(work):
        analysis._solved.cache_clear()
        return work()

    work = {
        "endplay solve_board": [lambda b=b: list(dds.solve_board(b)) for b in boards],
        "ours card_tricks": [lambda g=g: cold(lambda: analysis.card_tricks(g)) for g in games],
        "endplay best cards only": [lambda b=b: list(dds.solve_board(b, SolveMode.OptimalAll)) for b in boards],
        "ours best_card": [lambda g=g: cold(lambda: analysis.best_card(g)) for g in games],
        "endplay calc_dd_table": [lambda b=b: dds.calc_dd_table(b) for b in boards],
        "ours tricks_table": [lambda g=g: analysis.tricks_table(g.deal) for g in games],
    }
    times = {name: [] for name in work}
    for _ in range(2):
        for name, calls in work.items():
            times[name] += [median_ms(call, 1) for call in calls]
    m = {name: statistics.median(found) for name, found in times.items()}
    for name, ours, theirs in (("hint, 13 cards", "ours card_tricks", "endplay solve_board"),
                               ("expert, 13 cards", "ours best_card", "endplay best cards only"),
                               ("after-hand table", "ours tricks_table", "endplay calc_dd_table")):
        print(f"  {name:<18} ours {m[ours]:8.2f} ms  endplay {m[theirs]:8.2f} ms  "
              f"overhead {m[ours] / m[theirs] - 1:+6.1%}  ({count} positions x 2, {load()})")
    print(f"  expert's best cards only against every card's figure (endplay, 13 cards): "
          f"{m['endplay best cards only'] / m['endplay solve_board'] - 1:+.1%}")
    for g in games:
        analysis.card_tricks(g)
    again = statistics.median(median_ms(lambda g=g: analysis.card_tricks(g), 1) for g in games)
    print(f"  hint asked again on the same position: ours {again:8.2f} ms")


def manille_deals(count: int) -> None:
    """Our search on whole Manille deals: the first lead (8 cards a hand), then after one trick."""
    for tricks in (0, 1):
        times = []
        for n in range(count):
            game = manille.start_play(manille.deal(seed=f"bench-manille:{n}", dealer=Seat(n % 4)),
                                      trumps=("♠", "♥", "♦", "♣", None)[n % 5])
            for _ in range(4 * tricks):
                game.play(game.legal_plays()[0])
            times.append(median_ms(lambda g=game: analysis.card_points(g), 1))
        print(f"  Manille, {8 - tricks} cards a hand: median {statistics.median(times):8.0f} ms, "
              f"slowest {max(times):8.0f} ms over {count} deals ({load()})")


def endings(count: int) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.cardlib.test_analysis import ending

    for cards in range(1, analysis.OWN_SEARCH_CARDS + 1):
        games = [ending(n, cards) for n in range(count)]
        times = [median_ms(lambda g=g: analysis.own_card_tricks(g), 1) for g in games]
        print(f"  our search, {cards} card(s) a hand: median {statistics.median(times):7.2f} ms, "
              f"slowest {max(times):7.1f} ms over {count} endings")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a few of each, for CI")
    parser.add_argument("--manille", type=int, default=None, help="Manille deals to time (default 20, quick 3)")
    args = parser.parse_args()
    print("Double-dummy against endplay (medians, CPU ms):")
    hint_and_table(10 if args.quick else 50)
    print("Our own endings search (no endplay; CPU ms):")
    endings(20 if args.quick else 200)
    print("Our Manille search, card points of every legal card (CPU ms):")
    manille_deals(args.manille or (3 if args.quick else 20))


if __name__ == "__main__":
    main()
