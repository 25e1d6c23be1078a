"""The course's website (python3 tasks.py site) for every pupil and every device: an accessibility
audit with axe-core of both contents pages and of lessons 4 and 18 (the chance lab) in both editions (WCAG 2.1 A and AA,
no serious or critical violation; every card named by its face in the page's language), and
lesson 4 on a tablet (1180×820, touch): every control of the card table shows a finger at least
44 × 44 px of itself, and a tap plays a card. The site is built once for all the site tests of
a run (the ``site`` fixture); each lesson here starts Python in the browser (about a minute on
this machine). Then a site built with the class's app's address (``--class-server``): a pupil's
"Send my work to my teacher" reaches the running app (``--site``), and the class's progress has
it. Pictures go to test-output/screenshots/site-*.png."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from app_pages import SHOTS, misnamed_cards, serious_violations, sliders_drawn
from app_server import free_port, running_app, serve_folder
from test_app_touch import FINGER, TABLET, TAPPABLE

import exercises  # noqa: F401 (registers the exercises' words: say("ex_check"))
from cardlib import say
from teacher.class_view import ClassView

START_LIMIT = 240_000  # ms: Python starting in the browser (about a minute on a busy 2-core machine)
PLAY_LIMIT = 60_000  # ms: a card played to the table drawn again, by Python in the browser
LESSON_4 = "04_declarer_and_dummy"
# Each page, and what shows it is ready: a lesson's link on a contents page, the table on lesson 4.
PAGES = {"00_contents": f"a[href$='{LESSON_4}.html']", "ja/00_contents": f"a[href$='{LESSON_4}.html']",
         f"ja/{LESSON_4}": ".mb-minibridge-table .mb-playable",
         "18_chance_and_cards": ".widget-slider [role=slider]", "ja/18_chance_and_cards": ".widget-slider [role=slider]"}


@pytest.fixture(scope="module")
def pages_address(site):
    server = serve_folder(site)
    yield f"http://127.0.0.1:{server.server_port}/voici/render/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def desktop(chromium):
    """One pupil's browser at 1024×768, kept for the module: the site's files come from its cache after the first page."""
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    yield context.new_page()
    context.close()


def opened(tab, address: str, ready: str) -> None:
    tab.goto(address)
    tab.wait_for_selector(ready, timeout=START_LIMIT)
    tab.wait_for_load_state("networkidle", timeout=START_LIMIT)
    assert "Traceback" not in tab.inner_text("body"), "a cell failed in the browser's Python"


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation_on_the_sites_pages(desktop, pages_address, name):
    opened(desktop, pages_address + name + ".html", PAGES[name])
    sliders_drawn(desktop, name)
    found = serious_violations(desktop)
    assert found == [], f"{name}:\n" + "\n".join(found)
    misnamed = misnamed_cards(desktop, "ja" if name.startswith("ja/") else "en")
    assert misnamed == [], f"{name}:\n" + "\n".join(misnamed)
    SHOTS.mkdir(parents=True, exist_ok=True)
    desktop.screenshot(path=str(SHOTS / f"site-{name.replace('/', '-')}-1024x768.png"))


def test_lesson_4_on_a_tablet_passes_the_audit_every_control_takes_a_finger_and_a_tap_plays_a_card(chromium, pages_address):
    context = chromium.new_context(**TABLET)
    tab = context.new_page()
    try:
        opened(tab, pages_address + LESSON_4 + ".html", ".mb-minibridge-table .mb-playable")
        assert tab.evaluate("matchMedia('(pointer: coarse)').matches"), "the tablet has no touch screen"
        found = serious_violations(tab)
        assert found == [], f"{LESSON_4}:\n" + "\n".join(found)
        misnamed = misnamed_cards(tab, "en")
        assert misnamed == [], "\n".join(misnamed)

        table = tab.locator(".mb-minibridge-table").first
        measured = table.evaluate(TAPPABLE)
        assert len(measured) >= 14, f"only {len(measured)} controls found: {measured}"
        table.locator(".mb-felt").evaluate("e => e.scrollIntoView({block: 'start'})")
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(SHOTS / "site-touch-04_declarer_and_dummy-1180x820.png"))
        small = [f"{c['what']}: {c['w']}×{c['h']} px" for c in measured if min(c["w"], c["h"]) < FINGER]
        assert small == [], "controls a finger can miss:\n" + "\n".join(small)

        card = table.locator("button.mb-playable").first
        letters = card.get_attribute("data-card")
        card.scroll_into_view_if_needed()
        card.tap(position={"x": 10, "y": 12})  # on the strip the next card leaves showing
        tab.wait_for_function("c => !document.querySelector('.mb-minibridge-table')"
                              ".querySelector(`button.mb-card[data-card='${c}']`)", arg=letters, timeout=PLAY_LIMIT)
    finally:
        context.close()


def test_send_my_work_reaches_the_teachers_app_and_the_pupil_is_told(chromium, tmp_path):
    app_port = free_port()
    site = tmp_path / "site"
    subprocess.run([sys.executable, str(Path(__file__).resolve().parents[2] / "website" / "build.py"), "--out", str(site),
                    "--class-server", f"http://127.0.0.1:{app_port}"], check=True, stdout=subprocess.DEVNULL)
    server = serve_folder(site)
    address = f"http://127.0.0.1:{server.server_port}/"  # another origin than the app's: another port
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    tab = context.new_page()
    try:
        with running_app(warm=0, port=app_port, site=address, progress=tmp_path / "class") as app:
            opened(tab, address + f"voici/render/{LESSON_4}.html", ".mb-minibridge-table .mb-playable")
            name = tab.get_by_placeholder(say("ex_name_placeholder")).first
            name.fill("Aiko")
            name.press("Enter")
            tab.get_by_text(say("ex_hello", name="Aiko")).first.wait_for(timeout=PLAY_LIMIT)
            tab.locator(".widget-toggle-buttons button").first.click()  # the pre-check's first question
            tab.get_by_role("button", name=say("ex_check")).first.click()
            tab.get_by_text(say("ex_quiz_saved", number=1, size=3)).first.wait_for(timeout=PLAY_LIMIT)

            tab.get_by_role("button", name=say("ex_send_button")).click()
            arrived = tab.get_by_text(say("ex_sent", answers=1, quizzes=0))
            arrived.wait_for(timeout=PLAY_LIMIT)
            arrived.scroll_into_view_if_needed()
            SHOTS.mkdir(parents=True, exist_ok=True)
            tab.screenshot(path=str(SHOTS / "site-sent-1024x768.png"))
            view = ClassView(app.progress_dir)
            assert view.pupils == ["Aiko"] and [a.lesson for a in view.answers] == [4]

            tab.get_by_role("button", name=say("ex_send_button")).click()  # again: nothing new
            tab.get_by_text(say("ex_sent_nothing_new")).wait_for(timeout=PLAY_LIMIT)
            assert len(ClassView(app.progress_dir).answers) == 1

        # The app closed: the pupil is told, and gets the file to hand in instead.
        with tab.expect_download(timeout=PLAY_LIMIT) as downloading:
            tab.get_by_role("button", name=say("ex_send_button")).click()
        assert downloading.value.suggested_filename.startswith("minibridge-Aiko-")
        assert "could not get to your teacher's app" in tab.inner_text("body")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
