"""The traveller on the projector, redrawn after a board's last result: a class of --tables
tables plays --boards boards; each table's result is written to the results store (another
thread, as another pupil's kernel writes it), and the time is taken from the moment the board's
last result is written to the moment the traveller's picture holds it. Prints p50, p95 and the
slowest, for the traveller's own poll (0.5 s) and for the redraw alone.

    .venv/bin/python benchmarks/bench_traveller.py [--tables 8] [--boards 12] [--rounds 3]

The results store is a list behind a lock here (the traveller reads whatever ``results_for``
gives it); with the class's table rooms it reads their store the same way.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(tables: int, boards_count: int, rounds: int) -> dict[str, list[float]]:
    from cardlib.duplicate import check_result, seeded_boards
    from cardlib.minibridge import CONTRACTS
    from teacher.traveller import POLL_SECONDS, Traveller, traveller_html

    waits, redraws = [], []
    pace = random.Random(2026)
    for round_number in range(rounds):
        boards = seeded_boards(boards_count, seed=f"bench {round_number}")
        rows, lock = [], threading.Lock()

        def results_for():
            with lock:
                return list(rows)

        traveller = Traveller(boards, results_for, poll=POLL_SECONDS)
        shown = threading.Event()
        traveller.view.observe(lambda change: shown.set(), "value")
        try:
            for board in boards:
                for table in range(1, tables + 1):
                    contract = CONTRACTS[(table * 7 + board.number) % len(CONTRACTS)]
                    result = check_result(board, table, board.declarer, contract, 5 + (table * 3 + board.number) % 9)
                    shown.clear()
                    began = time.perf_counter()
                    with lock:
                        rows.append(result.row("bench"))
                    if table == tables:  # the board's last result: the traveller must show it
                        shown.wait(5)
                        waits.append(time.perf_counter() - began)
                    else:  # tables finish at times of their own, not in step with the traveller's poll
                        time.sleep(pace.uniform(0.02, 0.3))
                began = time.perf_counter()
                traveller_html(boards, traveller.results, traveller.figures)
                redraws.append(time.perf_counter() - began)
        finally:
            traveller.stop()
    return {"last result to picture": waits, "redraw alone": redraws}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    found = run(options.tables, options.boards, options.rounds)
    print(f"{options.tables} tables, {options.boards} boards, {options.rounds} rounds "
          f"({len(found['last result to picture'])} boards finished); aim: p95 <= 1 s")
    for name, values in found.items():
        print(f"  {name:>24}: p50 {statistics.median(values) * 1000:6.0f} ms   p95 {percentile(values, 0.95) * 1000:6.0f} ms"
              f"   max {max(values) * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
