"""A class playing together: 8 tables x 4 pupils, each pupil's seat a process of its own (as a
pupil's kernel is) holding the seat page's table (``shared_tables.seat.SeatPage``, the lessons'
widgets with no browser), polling the class's store as the app's pages do. Every pupil plays a
legal card THINK seconds after their turn comes. Prints, for a card played, the time until each of
the other three seats at its table has redrawn it (p50, p95, max), and the memory of a table
(its four processes' resident memory, and the store's size).

    .venv/bin/python benchmarks/bench_rooms.py [--tables 8] [--think 0.3] [--limit 240] [--store postgresql://...]

32 seat objects in 32 processes, not 32 Voilà kernels: on a 2-core machine shared with other
work, 32 kernels with their server do not fit; the seat object does everything a pupil's kernel
does for the table (the store's reads and writes, the round rebuilt, the table drawn as HTML) but
send the widget messages to a browser. Only 127.0.0.1 or a local folder is used; every loop ends
by its board's last card or ``--limit`` seconds.
"""
from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

NAMES = ("Ann", "Ben", "Cat", "Dan")


def seat_process(where: str, code: str, seat_index: int, think: float, limit: float, ready, go, out) -> None:
    """One pupil's seat: join, then poll and play until the board is over; report what it saw."""
    import asyncio

    import psutil

    from cardlib.play import acting_seats
    from cardlib.seats import Seat
    from shared_tables import rooms, seat
    from shared_tables.store import RoomStore

    store = RoomStore(where)
    me = Seat(seat_index)
    page = seat.SeatPage(store, poll=False)
    page.code_box.value, page.name_box.value = code, NAMES[seat_index]
    page.look.click()
    page.seat_buttons[seat_index].click()
    seen: list[tuple[int, float]] = []  # (move number first drawn, when)
    played: list[tuple[int, float]] = []  # (move number written by this seat, when)
    drawn = page.refresh

    def refresh(force: bool = False) -> None:
        before = page.state.seq if page.state is not None else -1
        drawn(force)
        if page.state is not None and page.state.seq != before:
            seen.append((page.state.seq, time.time()))

    page.refresh = refresh

    def timed_send(move: str, value: str = "") -> None:
        said = rooms.act(store, page.session, page.table_no, page.seat, page.pupil, move, value, seen=page.state.seq)
        if not said:
            played.append((rooms.last_change(store, page.session, page.table_no)[3], time.time()))
        page.refresh(force=True)

    page.send = timed_send

    ready.put(seat_index)
    go.wait()  # every seat has started and joined: the clock starts for all at once

    async def play() -> None:
        page.poll = True
        page._schedule()
        end = time.monotonic() + limit
        turn_since = None
        while time.monotonic() < end:
            await asyncio.sleep(0.02)
            table, state = page.table, page.state
            if table is None or state is None or state.round() is None or state.round().is_over:
                if state is not None and state.round() is not None and state.round().is_over:
                    break
                continue
            hand = state.round()
            mine = me in acting_seats(hand)
            if not mine:
                turn_since = None
                continue
            turn_since = turn_since or time.monotonic()
            if time.monotonic() - turn_since < think:
                continue
            turn_since = None
            if hand.phase == "contract":
                table.denomination_choice.value, table.level_choice.value = "NT", "partscore"
                table.contract_button.click()
            else:
                button = next(b for b in table.hand_buttons if b.state == "playable")
                button.click()
        page.stop()

    asyncio.run(play())
    out.put((seat_index, code, seen, played, psutil.Process().memory_info().rss))


def main() -> int:
    command = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command.add_argument("--tables", type=int, default=8)
    command.add_argument("--think", type=float, default=0.3, help="seconds a pupil takes before playing")
    command.add_argument("--limit", type=float, default=240, help="seconds at most")
    command.add_argument("--store", default=None, help="postgresql://... on 127.0.0.1 (else SQLite in a temp folder)")
    options = command.parse_args()
    if options.store and "127.0.0.1" not in options.store and "localhost" not in options.store:
        command.error("--store: a PostgreSQL server on this machine only (127.0.0.1)")

    from cardlib.seats import Seat
    from shared_tables import rooms
    from shared_tables.store import RoomStore

    folder = tempfile.mkdtemp(prefix="bench-rooms-")
    where = options.store or folder
    store = RoomStore(where)
    session = rooms.open_session(store, options.tables, boards=rooms.boards_from_seed("minibridge", 2020, 1))
    codes = rooms.table_codes(store, session)
    for code in codes:
        for seat in Seat:
            rooms.join(store, code, NAMES[seat], seat)
    rooms.pause(store, session, False)
    context = multiprocessing.get_context("spawn")
    out, ready, go = context.Queue(), context.Queue(), context.Event()
    processes = [context.Process(target=seat_process, args=(where, code, seat, options.think, options.limit,
                                                             ready, go, out))
                 for code in codes for seat in range(4)]
    for process in processes:
        process.start()
    for _ in processes:
        ready.get(timeout=300)
    began = time.monotonic()
    go.set()
    reports = [out.get(timeout=options.limit + 120) for _ in processes]
    for process in processes:
        process.join(30)
    took = time.monotonic() - began

    by_table: dict[str, list] = {}
    for seat_index, code, seen, played, rss in reports:
        by_table.setdefault(code, []).append((seat_index, seen, played, rss))
    delays, unseen = [], 0
    for code, seats in by_table.items():
        for seat_index, _seen, played, _rss in seats:
            for seq, when in played:
                for other, seen, _p, _r in seats:
                    if other == seat_index:
                        continue
                    first = next((t for s, t in seen if s >= seq), None)
                    if first is None:
                        unseen += 1
                    else:
                        delays.append(max(0.0, first - when))
    finished = sum(rooms.table_state(store, session, t).round().phase == "over" for t in range(1, len(codes) + 1))
    if options.store:  # a server's table codes are shared with the tests: give this run's back
        store.write(lambda db: [db.run(f"DELETE FROM {name} WHERE session = ?", session) for name in
                                ("room_moves", "room_seats", "results", "room_tables", "room_sessions")])
    delays.sort()
    memory = [sum(r for _, _, _, r in seats) / 2 ** 20 for seats in by_table.values()]
    size = sum(p.stat().st_size for p in Path(folder).glob("class-rooms.sqlite*")) / 2 ** 10
    store_words = "PostgreSQL on 127.0.0.1" if options.store else "SQLite in a local folder"
    print(f"{len(codes)} tables x 4 seats, one process a seat, {store_words}; think {options.think} s; "
          f"{finished} of {len(codes)} boards played to the end in {took:.0f} s")
    if not delays:
        print("no card was played")
        return 1
    p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
    print(f"a move to the other three seats redrawn: {len(delays)} redraws, p50 {statistics.median(delays) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms; never redrawn {unseen}")
    print(f"memory a table: its four seat processes {statistics.mean(memory):.0f} MB resident "
          f"({statistics.mean(memory) / 4:.0f} MB a seat)" + (f"; the store {size:.0f} KB for {len(codes)} tables"
                                                               if not options.store else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
