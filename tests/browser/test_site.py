"""The course as a website (python3 tasks.py site): built here, served by a plain web server, and
used in Chromium with every request to another host refused, as on a school network with no
internet; then opened again with the web server stopped, where the pupil's answer is still
there (kept in the browser's own storage) and "Hand in my work" gives the teacher a file."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from app_server import serve_folder
from playwright.sync_api import expect

from app_pages import CHROMIUM, CHROMIUM_ARGS, ERROR_WORDS, SHOTS, click_card, enabled_cards, following, led_card, trick_cards
import exercises  # noqa: F401 (registers the exercises' words: say("ex_check"))
from cardlib import say
from exercises import starting
from exercises.browser_progress import STORAGE_KEY, read_handed_in

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "website"))
import serve  # noqa: E402 (website/serve.py, as python3 tasks.py serve runs it)

# Counts what Python's worker asks the page for through JupyterLite's service worker (the drive's
# look-ups and stdin), on the channel the page answers on.
ASKED_THROUGH_WORKER = """window.askedThroughWorker = 0;
new BroadcastChannel("/sw-api.v1").onmessage = (event) => {
  if (event.data && event.data.data && event.data.data.method) window.askedThroughWorker += 1;
};"""
START_LIMIT = 240_000  # ms: Python starting in the browser (about a minute on a busy 2-core machine)
PLAY_LIMIT = 60_000  # ms: a card played to the table drawn again, by Python in the browser


@pytest.fixture
def web_server(site):
    server = serve_folder(site)
    yield server
    server.shutdown()
    server.server_close()  # a second close (after the test's) does nothing


def offline_tab(chromium, origin: str):
    """A tab in a profile of its own where every request to another host is refused (and noted)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.elsewhere = []

    def route(request_route):
        if request_route.request.url.startswith(origin):
            request_route.continue_()
        else:
            tab.elsewhere.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    context.add_init_script(ASKED_THROUGH_WORKER)
    return context, tab


def test_a_pupil_opens_a_lesson_plays_a_card_and_answers_offline_then_again_with_no_server_and_finds_it_kept(
        chromium, site, web_server):
    origin = f"http://127.0.0.1:{web_server.server_port}/"
    context, tab = offline_tab(chromium, origin)
    try:
        tab.goto(origin + "voici/render/00_contents.html")
        lesson = tab.locator("a[href='04_declarer_and_dummy.html']")
        lesson.wait_for(timeout=START_LIMIT)
        tab.wait_for_timeout(2000)  # the service worker has put away the files the contents page used
        since_contents = len(web_server.asked)
        lesson.click()
        table = tab.locator(".mb-minibridge-table").first
        table.wait_for(timeout=START_LIMIT)
        # The lesson's Python came from what the contents page had brought: no file of the runtime
        # or of the packages was asked for again (only their list, which changes when the course
        # does; sqlite3's entry names a file the site leaves out, see website/build.py's START).
        again = [path for path in web_server.asked[since_contents:]
                 if path.startswith("/pyodide/") and (site / path.lstrip("/")).exists()]
        assert set(again) <= {"/pyodide/pyodide-lock.json"}, f"asked again: {again}"
        # The kernel took its own packages from the package list, with the others, and installed
        # nothing with its package manager (which fetches its index and each wheel one by one).
        kernel_index = [path for path in web_server.asked if "/static/pypi/" in path]
        assert not kernel_index, f"the kernel installed packages at its start: {kernel_index}"
        # Nor did it look for files in the page's folder of notebooks (each look a round trip
        # through the service worker: website/build.py's DRIVE_RULE).
        assert tab.evaluate("window.askedThroughWorker") == 0, "the lesson's Python asked the page for files"
        assert ERROR_WORDS not in tab.inner_text("body")
        assert "Traceback" not in tab.inner_text("body"), "a cell failed in the browser's Python"

        button, card = following(enabled_cards(table), led_card(table))[0]
        click_card(button)
        for _ in range(PLAY_LIMIT // 250):
            if card in trick_cards(table):
                break
            tab.wait_for_timeout(250)
        assert card in trick_cards(table), "the card played is not on the trick"

        # The pupil's name, then the pre-check's first question: a choice, Check, and a sentence that explains.
        name = tab.get_by_placeholder(say("ex_name_placeholder")).first
        name.fill("Aiko")
        name.press("Enter")
        tab.get_by_text(say("ex_hello", name="Aiko")).first.wait_for(timeout=PLAY_LIMIT)
        statuses = tab.locator('[role="status"]')
        before = statuses.all_inner_texts()
        tab.locator(".widget-toggle-buttons button").first.click()
        tab.get_by_role("button", name=say("ex_check")).first.click()
        for _ in range(PLAY_LIMIT // 250):
            if statuses.all_inner_texts() != before:
                break
            tab.wait_for_timeout(250)
        said = [text for text in statuses.all_inner_texts() if text not in before]
        assert said and any(len(text.split()) > 3 for text in said), f"no explained answer: {said}"
        written = say("ex_quiz_saved", number=1, size=3)
        assert any(written in text for text in said)
        kept = json.loads(tab.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
        assert [(a["pupil"], a["lesson"]) for a in kept["answers"].values()] == [("aiko", 4)]

        assert tab.elsewhere == [], f"the site asked other hosts: {tab.elsewhere}"

        web_server.shutdown()  # the school's server gone: the browser has what it needs
        web_server.server_close()
        tab.reload()
        tab.locator(".mb-minibridge-table").first.wait_for(timeout=START_LIMIT)
        assert "Traceback" not in tab.inner_text("body")

        # The browser kept the name and the answer: "Are you Aiko?", Yes, and the answer is back.
        yes = tab.get_by_role("button", name=say("ex_yes_i_am", name="Aiko"))
        yes.wait_for(timeout=START_LIMIT)
        yes.click()
        tab.get_by_text(written).first.wait_for(timeout=PLAY_LIMIT)
        assert card in trick_cards(table), "the card played is not back on the trick"

        # Hand in: the pupil's work as a file, which the class view reads.
        with tab.expect_download(timeout=PLAY_LIMIT) as downloading:
            tab.get_by_role("button", name=say("ex_hand_in_button")).click()
        file = downloading.value
        assert file.suggested_filename.startswith("minibridge-Aiko-")
        work = read_handed_in(Path(file.path()).read_bytes())
        assert work.pupil == "Aiko" and [a.lesson for a in work.answers] == [4]
    finally:
        context.close()


def test_a_lesson_runs_from_a_laptops_plain_http_address_where_browsers_give_no_service_worker(chromium, site):
    """A teacher's laptop serves the site to the class (python3 tasks.py serve) at
    http://<its name>:<port>/: not the device's own address and not https, so the browser offers
    the page no service worker (JupyterLite's keeper of the offline copy). The lesson starts all
    the same; only the offline copy is missing."""
    web_server = serve.server(site, 0, "127.0.0.1")
    threading.Thread(target=web_server.serve_forever, daemon=True).start()
    port = web_server.server_address[1]
    laptop = chromium.browser_type.launch(executable_path=str(CHROMIUM),
                                          args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP teachers-laptop.test 127.0.0.1"])
    try:
        tab = laptop.new_page(viewport={"width": 1024, "height": 768})
        tab.goto(f"http://teachers-laptop.test:{port}/voici/render/04_declarer_and_dummy.html")
        assert tab.evaluate("window.isSecureContext") is False  # as on the class's tablets
        tab.locator(".mb-minibridge-table").first.wait_for(timeout=START_LIMIT)
        assert "Traceback" not in tab.inner_text("body"), "a cell failed in the browser's Python"
    finally:
        laptop.close()
        web_server.shutdown()
        web_server.server_close()


# A second version of the site, built as tasks.py site builds it, whose course package changed.
SECOND_VERSION = """
import sys, zipfile
sys.path.insert(0, sys.argv[1])
import build
made = build.our_wheel
def changed():
    path = made()
    with zipfile.ZipFile(path, "a") as wheel:
        wheel.writestr("cardlib/next_version.txt", "the course, changed")
    return path
build.our_wheel = changed
sys.exit(build.main(sys.argv[2:]))
"""
CACHED_FOLDERS = """async () => {
  const keys = await (await caches.open("precache")).keys();
  return keys.map(k => new URL(k.url).pathname).filter(p => /^\\/pyodide\\/[0-9a-f]{16}\\//.test(p)).map(p => p.split("/")[2]);
}"""


def package_folders(site: Path) -> dict[str, str]:
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    return {name: entry["file_name"].split("/")[0] for name, entry in lock["packages"].items() if "/" in entry["file_name"]}


def test_after_an_update_the_past_versions_package_folders_leave_the_devices_copy(chromium, site, tmp_path):
    """The service worker keeps the content-named folders for good; after the site is updated
    with a changed package, the first visit gets the new version (the worker asks the server
    first for the package list), and the folder of the past version leaves the device's copy
    (Cache Storage): it no longer grows with each update."""
    served = tmp_path / "served"
    shutil.copytree(site, served)
    server = serve.server(served, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    try:
        tab = context.new_page()

        def visit(present: set, gone: set = frozenset()) -> set:
            """Open the contents page; the folders in the device's copy once the worker has put away
            ``present`` and removed ``gone`` (or after a minute: the asserts say which it did not)."""
            tab.goto(origin + "voici/render/00_contents.html")
            tab.locator("a[href='04_declarer_and_dummy.html']").wait_for(timeout=START_LIMIT)
            assert "Traceback" not in tab.inner_text("body")
            end = time.monotonic() + 60
            while True:
                kept = set(tab.evaluate(CACHED_FOLDERS))
                if (present <= kept and not kept & gone) or time.monotonic() > end:
                    return kept
                tab.wait_for_timeout(250)

        first = package_folders(served)
        kept = visit({first["minibridge-lessons"], first["ipython"]})
        assert first["minibridge-lessons"] in kept and first["ipython"] in kept

        second = tmp_path / "second"
        subprocess.run([sys.executable, "-c", SECOND_VERSION, str(Path(serve.__file__).parent), "--out", str(second)],
                       check=True, stdout=subprocess.DEVNULL)
        now = package_folders(second)
        assert now["minibridge-lessons"] != first["minibridge-lessons"] and now["ipython"] == first["ipython"]
        shutil.rmtree(served)
        second.rename(served)  # the teacher copies the new site over the old one

        # the first visit after the update: the new package list, from the server
        kept = visit({now["minibridge-lessons"], now["ipython"]}, {first["minibridge-lessons"]})
        assert now["minibridge-lessons"] in kept, "the new version's package is not in the device's copy"
        assert first["minibridge-lessons"] not in kept, "the past version's package is still in the device's copy"
        assert now["ipython"] in kept  # an unchanged package stays
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_the_sites_packages_come_compiled_for_the_sites_own_python_and_leave_out_code_completion(site):
    """A device does not compile IPython, the widgets and the lessons at each start: each package
    carries bytecode (.pyc) in place of its source, as Pyodide ships its own; and jedi (code
    completion, for a pupil who types code: the pages show none) is not in the site."""
    import zipfile

    if shutil.which("node") is None:
        pytest.skip("node is not installed: the build ships the packages as source (it says so)")
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    shipped = {name: site / "pyodide" / entry["file_name"] for name, entry in lock["packages"].items()
               if (site / "pyodide" / entry["file_name"]).exists()}
    assert "jedi" not in shipped and "parso" not in lock["packages"]
    assert {"ipython", "ipywidgets", "pyodide-kernel", "minibridge-lessons"} <= set(shipped)
    for name in ("ipython", "ipywidgets", "minibridge-lessons"):
        files = zipfile.ZipFile(shipped[name]).namelist()
        assert not [f for f in files if f.endswith(".py")], f"{name} ships its source, not bytecode"
        assert any(f.endswith(".pyc") for f in files)


def test_a_start_that_stops_says_so_in_the_pages_language_and_start_again_starts_the_lesson(chromium, site, web_server):
    """Python's runtime never comes (a lost answer on the school's Wi-Fi): the page said in
    Japanese that the lesson is getting ready, and after a quiet minute it offers Start again,
    which, the runtime now coming, starts the lesson."""
    words = starting.words("ja")
    origin = f"http://127.0.0.1:{web_server.server_port}/"
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # asked for, never answered
    try:
        tab = context.new_page()
        tab.goto(origin + "voici/render/ja/04_declarer_and_dummy.html")
        expect(tab.locator("#loading_text")).to_have_text(words["starting"], timeout=START_LIMIT)
        again = tab.get_by_role("button", name=words["again"])
        again.wait_for(timeout=(starting.QUIET_SECONDS + 60) * 1000)
        assert held, "the page never asked for Python's runtime"
        assert words["slow"] in tab.inner_text("#loading")
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(SHOTS / "site-start-again-ja-1024x768.png"))
        context.unroute("**/pyodide.asm.wasm")
        again.click()
        tab.locator(".mb-minibridge-table").first.wait_for(timeout=START_LIMIT)
        assert "Traceback" not in tab.inner_text("body")
    finally:
        context.close()
