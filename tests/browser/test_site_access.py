"""The course's website (python3 tasks.py site) for every pupil and every device: every page of
both editions (the contents pages and every lesson), each opened once in a tablet's tab
(1180×820, touch on), passes the checks the app's pages pass (every_device): axe-core's audit
(WCAG 2.1 A and AA, no serious or critical violation), every card named by its face in the
page's language, and where there are cards to press, a finger's 44 px for every control of the
card widgets, a card played by keyboard alone (the contract chosen first, where the table asks
for it) and one by a tap. The site is built once for all
the site tests of a run (the ``site`` fixture) and the pages share one tab, so after the first
page the site's files come from the browser's cache; each page still starts Python in the
browser (10-20 s on this machine). Then a site built with the class's app's address
(``--class-server``): a pupil's "Send my work to my teacher" reaches the running app
(``--site``), and the class's progress has it. Pictures go to test-output/screenshots/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from app_pages import SHOTS, WIDGETS_DRAWN, sliders_drawn
from app_server import free_port, running_app, serve_folder
from every_device import PAGES, TABLET, every_check
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import exercises  # noqa: F401 (registers the exercises' words: say("ex_check"))
from cardlib import say
from teacher.class_view import ClassView

START_LIMIT = 240_000  # ms: Python starting in the browser (about a minute on a busy 2-core machine)
PLAY_LIMIT = 60_000  # ms: a card played to the table drawn again, by Python in the browser
LESSON_4 = "04_declarer_and_dummy"
# Voici shows the page once every cell has run: its "Running ..." box goes.
CELLS_RUN = "() => !document.getElementById('loading')"


@pytest.fixture(scope="module")
def pages_address(site):
    server = serve_folder(site)
    yield f"http://127.0.0.1:{server.server_port}/voici/render/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def tablet(chromium):
    """One pupil's tablet, kept for the module: the site's files come from its cache after the first page."""
    context = chromium.new_context(**TABLET)
    yield context.new_page()
    context.close()


def console_of(tab) -> list[str]:
    """What the page (and its Python's worker) has said on the browser's console since it opened."""
    if not hasattr(tab, "console_log"):
        tab.console_log = []
        tab.on("console", lambda m: tab.console_log.append(f"{m.type}: {m.text[:300]}"))
        tab.on("pageerror", lambda e: tab.console_log.append(f"page error: {str(e)[:300]}"))
        tab.on("crash", lambda: tab.console_log.append("the tab crashed"))
    return tab.console_log


def opened(tab, address: str, ready: str = "#rendered_cells") -> None:
    console_of(tab).clear()
    tab.goto(address)
    try:
        tab.wait_for_selector(ready, timeout=START_LIMIT)
        tab.wait_for_function(CELLS_RUN, timeout=START_LIMIT)
        tab.wait_for_function(WIDGETS_DRAWN, timeout=START_LIMIT)
        tab.wait_for_load_state("networkidle", timeout=START_LIMIT)
    except PlaywrightTimeout as error:
        said = "\n".join(console_of(tab)[-60:])
        raise AssertionError(f"{address} did not finish starting: {error.message.splitlines()[0]}\n"
                             f"The browser's console:\n{said}") from None
    assert "Traceback" not in tab.inner_text("body"), "a cell failed in the browser's Python"


@pytest.mark.parametrize("name", PAGES)
def test_every_page_of_the_site_passes_the_audit_and_its_cards_play_by_keyboard_and_by_touch(tablet, pages_address, name):
    opened(tablet, pages_address + name + ".html")
    sliders_drawn(tablet, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tablet.screenshot(path=str(SHOTS / f"site-{name.replace('/', '-')}-1180x820.png"))
    problems = every_check(tablet, name, "site", PLAY_LIMIT)
    assert problems == [], f"{name}:\n" + "\n".join(problems)


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
