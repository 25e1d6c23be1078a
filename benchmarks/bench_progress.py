"""A class writing its answers at once: 30 processes (one per pupil's kernel), each saving
answers as fast as it can into the class's progress database. Prints how long a save took
(median and slowest), saves a second, and how many saves failed.

    .venv/bin/python benchmarks/bench_progress.py [--pupils 30] [--answers 50] [--plain-begin | --hub URL]
    .venv/bin/python benchmarks/bench_progress.py --fresh 20 [--pupils 30] [--answers 18]

--plain-begin does each save as a plain BEGIN, a read, then the write (what BEGIN IMMEDIATE
replaces) to show why: a reader that must become a writer while another process writes
gets "database is locked" at once, whatever the busy timeout.

--hub postgresql://user:password@host/db does the same on a school hub's PostgreSQL (in a schema
of its own, dropped at the end) instead of SQLite in a folder.

--fresh N is the first minute of a new class, N times: the pupils' processes open a progress
folder nobody has made yet, all at the same moment, and save their first answers. Prints, for
each round, the answers saved of those given and the pupils told "could not be saved".
"""
from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def pupil(folder: str, number: int, answers: int, start: float, plain: bool) -> tuple[list[float], int]:
    from exercises.progress import ProgressStore

    store = ProgressStore(folder)
    me = store.open(f"Pupil {number}")
    while time.time() < start:
        time.sleep(0.001)
    times, failed = [], 0
    for i in range(answers):
        began = time.perf_counter()
        if plain:
            failed += _plain_save(store, me.key, i)
        else:
            failed += bool(me.record("hcp", i % 3 > 0, streak=i, lesson=3, seed=i))
        times.append(time.perf_counter() - began)
    return times, failed


def first_minute(folder: str, number: int, answers: int, start: float) -> tuple[int, float]:
    """One pupil's kernel on a fresh folder: (sentences saying saving failed, seconds to the first save)."""
    from exercises import progress, store

    store.forget_connections()  # as a kernel that has never opened this folder
    while time.time() < start:
        time.sleep(0.0005)
    began = time.perf_counter()
    me = progress.ProgressStore(folder).open(f"Pupil {number}")
    told = [me.notice] if me.notice else []
    first = 0.0
    for i in range(answers):
        problem = me.record("hcp", True, streak=i, lesson=3, seed=i)
        first = first or time.perf_counter() - began
        told += [problem] if problem else []
    return len(told), first


def fresh_rounds(rounds: int, pupils: int, answers: int) -> None:
    from exercises.progress import DATABASE

    import sqlite3
    lost = warned = 0
    firsts = []
    with tempfile.TemporaryDirectory() as top, multiprocessing.get_context("spawn").Pool(pupils) as pool:
        pool.starmap(first_minute, [(f"{top}/warm-up", n, 0, 0) for n in range(pupils)])  # imports done
        for r in range(rounds):
            folder = f"{top}/class-{r}"
            start = time.time() + 0.5
            results = pool.starmap(first_minute, [(folder, n, answers, start) for n in range(pupils)], chunksize=1)
            with sqlite3.connect(f"{folder}/{DATABASE}") as db:
                saved = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
            told = sum(t for t, _ in results)
            firsts += [f for _, f in results]
            lost += pupils * answers - saved
            warned += told
            print(f"round {r + 1}: {saved} of {pupils * answers} answers saved, {told} warnings")
    firsts.sort()
    print(f"{rounds} fresh folders × {pupils} processes × {answers} answers: {lost} lost, {warned} warnings; "
          f"first save after median {1000 * statistics.median(firsts):.0f} ms, slowest {1000 * firsts[-1]:.0f} ms")


def _plain_save(store, key: str, i: int) -> int:
    import sqlite3

    connection = store.database._connect()
    try:
        connection.execute("BEGIN")  # deferred: a reader until the first write
        connection.execute("SELECT best_streak FROM pupils WHERE key = ?", (key,)).fetchone()
        connection.execute("INSERT INTO answers (pupil, lesson, kind, seed, correct, at) VALUES (?, 3, 'hcp', ?, 1, ?)",
                           (key, str(i), time.time()))
        connection.execute("COMMIT")
        return 0
    except sqlite3.OperationalError:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        return 1
    finally:
        connection.close()


@contextlib.contextmanager
def class_place(hub: str | None):
    """Where the class's progress goes: a new folder, or a new schema on the hub."""
    if not hub:
        with tempfile.TemporaryDirectory() as folder:
            yield folder
        return
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(hub, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{hub}{'&' if '?' in hub else '?'}options=-csearch_path%3D{schema}"
    finally:
        from exercises.store import forget_connections

        forget_connections()
        with psycopg.connect(hub, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--answers", type=int, default=None)
    parser.add_argument("--plain-begin", action="store_true")
    parser.add_argument("--fresh", type=int, default=0, metavar="ROUNDS")
    parser.add_argument("--hub", default=None, metavar="URL", help="postgresql://...: the class on PostgreSQL")
    args = parser.parse_args()
    if args.fresh:
        fresh_rounds(args.fresh, args.pupils, args.answers or 18)
        return
    args.answers = args.answers or 50
    with class_place(args.hub) as folder:
        from exercises.progress import ProgressStore

        ProgressStore(folder).open("Teacher")  # the database exists before the class starts
        start = time.time() + 3 + args.pupils * 0.2
        with multiprocessing.get_context("spawn").Pool(args.pupils) as pool:
            results = pool.starmap(pupil, [(folder, n, args.answers, start, args.plain_begin) for n in range(args.pupils)])
        took = time.time() - start
        times = sorted(t for r in results for t in r[0])
        failed = sum(r[1] for r in results)
        saved = len(ProgressStore(folder).answers())
    mode = "plain BEGIN, read, write" if args.plain_begin else "PostgreSQL (record)" if args.hub else "BEGIN IMMEDIATE (record)"
    print(f"{mode}: {args.pupils} processes × {args.answers} saves in {took:.1f} s "
          f"({len(times) / took:.0f} saves a second)")
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"a save: median {1000 * statistics.median(times):.1f} ms, 95% under {1000 * p95:.0f} ms, "
          f"slowest {1000 * times[-1]:.0f} ms; "
          f"failed {failed}; rows in the database {saved} of {len(times)}")


if __name__ == "__main__":
    main()
