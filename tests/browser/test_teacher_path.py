"""The teacher's path through the shared tables, as she takes it, with no code edited: the app
opens the tables (``tasks.py app --tables 2``), her own screen (``--teacher``) serves the tables'
page, which opens on those tables; four pupils sit down on the pupils' app, she presses Go on,
a board is played, she reads the traveller (its answers hidden until she asks for them), and
moves a pupil, whose page follows, and comes back to the new seat after a reload. The pupils' app does not serve the teacher's pages."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

from app_pages import CLICK_LIMIT, ROOT, Frames, open_lesson, screenshot
from app_server import running_app
from playwright.sync_api import expect
from test_app_rooms import NAMES, click_move, join

import tasks
import teacher  # noqa: F401  (its catalogue holds the traveller's words the desk shows)
from cardlib import say
from cardlib.play import acting_seats
from cardlib.seats import Seat
from shared_tables import rooms
from shared_tables.store import RoomStore

DESK = "teacher/class_tables.ipynb"


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_teacher_runs_the_tables_from_the_app_with_no_code_edited(chromium, tmp_path):
    progress = tmp_path / "class"
    # what ``tasks.py app --tables 2 --boards 5:1`` runs before it starts the server
    options = tasks.app_options(["--tables", "2", "--boards", "5:1"])
    env = {**os.environ, "MINIBRIDGE_PROGRESS_DIR": str(progress), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "shared_tables.rooms", *options["tables"]], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    store = RoomStore(progress)
    session = rooms.newest_session(store)
    codes = rooms.table_codes(store, session)
    contexts = []
    with running_app(audience="teacher", progress=progress, warm=1) as teacher_app, \
            running_app(progress=progress, warm=4) as pupils_app:
        assert status(f"{pupils_app.url}/voila/render/{DESK}") == 404  # the pupils' app has no teacher's pages
        context = chromium.new_context(viewport={"width": 1024, "height": 768})
        contexts.append(context)
        desk = context.new_page()
        desk.frames_log = Frames().attach(desk)
        open_lesson(desk, f"{teacher_app.url}/voila/render/{DESK}")
        for code in codes:  # the tables the app opened, codes big for the whiteboard
            expect(desk.get_by_text(code, exact=True)).to_be_visible(timeout=CLICK_LIMIT)
        expect(desk.get_by_text(say("rooms_teacher_paused"))).to_be_visible()

        pages = {}
        for seat in Seat:
            pupil_context = chromium.new_context(viewport={"width": 1024, "height": 768})
            contexts.append(pupil_context)
            pages[seat] = pupil_context.new_page()
            pages[seat].frames_log = Frames().attach(pages[seat])
            join(pages[seat], pupils_app, codes[0], seat)
        assert rooms.table_state(store, session, 1).seats == {s: NAMES[s] for s in Seat}

        desk.get_by_role("button", name=say("rooms_teacher_go_on")).click()
        expect(desk.get_by_text(say("rooms_teacher_playing"))).to_be_visible(timeout=CLICK_LIMIT)
        assert not rooms.table_state(store, session, 1).paused
        for page in pages.values():  # each page has redrawn without the pause: a click before is refused
            expect(page.locator(".mb-seat-page")).not_to_contain_text(say("rooms_paused"), timeout=CLICK_LIMIT)

        while not (state := rooms.table_state(store, session, 1)).round().is_over:
            hand = state.round()
            click_move(pages[acting_seats(hand)[0]], hand)
            end = time.monotonic() + CLICK_LIMIT / 1000
            while rooms.table_state(store, session, 1).seq == state.seq and time.monotonic() < end:
                time.sleep(0.05)
            assert rooms.table_state(store, session, 1).seq > state.seq, "the move was not written"
        [result] = rooms.results(session, store=store)  # table 2 had nobody: not in the class's results
        assert result["table"] == 1
        for seat, page in pages.items():  # the end of the board: a tick or a cross, and the score
            expect(page.locator(".mb-message")).to_contain_text(re.compile("[✔✘]"), timeout=CLICK_LIMIT)
            expect(page.locator(".mb-message")).to_contain_text(str(abs(result["score_ns"])))

        # the traveller on the desk ranks table 1's result; its answers' box starts unticked
        expect(desk.get_by_text(say("traveller_place_n", place=1), exact=True).first).to_be_visible(
            timeout=CLICK_LIMIT)
        assert not desk.get_by_label(say("traveller_show_answers")).is_checked()
        screenshot(desk, "teacher-path-desk-1024x768")

        # she moves West to table 2's North: West's page follows
        row = desk.locator(".widget-hbox", has=desk.get_by_role("button", name=say("rooms_teacher_move"))).last
        numbers = row.locator("input[type=number]")
        for box, value in zip((numbers.nth(0), numbers.nth(1)), ("1", "2")):
            box.fill(value)
            box.press("Enter")
        selects = row.locator("select")
        selects.nth(0).select_option(label=Seat.W.word)
        selects.nth(1).select_option(label=Seat.N.word)
        desk.get_by_role("button", name=say("rooms_teacher_move")).click()
        end = time.monotonic() + CLICK_LIMIT / 1000
        while rooms.where_is(store, session, NAMES[Seat.W]) != (2, Seat.N) and time.monotonic() < end:
            time.sleep(0.1)
        assert rooms.where_is(store, session, NAMES[Seat.W]) == (2, Seat.N), desk.inner_text("body")[-1500:]
        moved = say("rooms_you_sit", seat=Seat.N.word, table=2, board=1, boards=1)
        expect(pages[Seat.W].locator(".mb-seat-page p b").first).to_have_text(moved, timeout=CLICK_LIMIT)
        # West reloads the page: the browser remembers the new table and the name, nothing is typed
        pages[Seat.W].reload()
        expect(pages[Seat.W].locator(".mb-seat-page p b").first).to_have_text(moved, timeout=120_000)
    for context in contexts:
        context.close()
