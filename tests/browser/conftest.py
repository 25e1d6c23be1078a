"""Fixtures for the real-browser tests: the app served by Voilà on 127.0.0.1 (normal and
projector), and Debian's Chromium driven by Playwright. Without /usr/bin/chromium the tests
are skipped with the reason (CI installs it: .ci/run)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_pages import CHROMIUM, CHROMIUM_ARGS, Frames  # noqa: E402
from app_server import App, running_app  # noqa: E402

READY_FOR_TESTS = {"03_points.ipynb": 1, "12_a_whole_hand.ipynb": 2, "16_manille_scoring.ipynb": 1}


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used an app gets the end of the app's log in its report: a page that
    did not come is explained by what the server did meanwhile (CI keeps no files)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for name, value in getattr(item, "funcargs", {}).items():
            if isinstance(value, App) and value.log.exists():
                report.sections.append((f"the app's log ({name}), its end", value.log_text()[-6000:]))


@pytest.fixture(scope="session")
def needs_chromium():
    """Skip, saying why, when Debian's Chromium or Playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium to run the browser tests "
                    "(apt-get install chromium); CI does")
    pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")


@pytest.fixture(scope="module")
def chromium(needs_chromium):
    # One module at a time: Playwright's sync API allows one instance per thread, and other
    # test modules (tests/cardlib/test_render.py) start their own.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def app(needs_chromium):
    """The app as ``python3 tasks.py app`` serves it."""
    with running_app(projector=False) as served:
        yield served


@pytest.fixture(scope="session")
def projector_app(needs_chromium):
    """The app as ``python3 tasks.py app --projector`` serves it: the class screen, no teacher's notes."""
    with running_app(projector=True) as served:
        yield served


@pytest.fixture(scope="session")
def preheated_app(needs_chromium):
    """The app as ``python3 tasks.py app --lesson N --class-size K`` serves it, with kernels kept
    ready for the lessons the play and safety tests open (two for lesson 7, which two tests
    open), and all of them ready before the tests start."""
    with running_app(ready=READY_FOR_TESTS) as served:
        yield served


@pytest.fixture
def page(chromium):
    """A fresh pupil's tab (1280×900) in a browser profile of its own (in a profile shared with
    other tabs, a tab can stop drawing frames), with every websocket frame it receives and every
    request it makes recorded."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.frames_log = Frames().attach(tab)
    tab.requests_log = []
    tab.on("request", lambda request: tab.requests_log.append(request.url))
    yield tab
    close_as_a_browser_does(tab)
    context.close()


def close_as_a_browser_does(tab) -> None:
    """Close a tab running its page's "beforeunload", as a pupil's browser does: Voilà's page asks
    the app to stop its kernel then. Playwright's plain close skips it, and a long test file left
    a kernel running for every page it had opened (2.7 GB for the class screen's 47 pages)."""
    from playwright.sync_api import Error

    if tab.is_closed():
        return
    try:
        with tab.expect_event("close", timeout=10_000):
            tab.close(run_before_unload=True)
    except Error:
        pass  # a page that would not close: the context's close below ends it


@pytest.fixture(scope="session")
def four_colour_app(needs_chromium):
    """The app with MINIBRIDGE_THEME=four-colour."""
    with running_app(projector=False, theme="four-colour") as served:
        yield served


@pytest.fixture(scope="session")
def four_colour_projector_app(needs_chromium):
    """The app with MINIBRIDGE_THEME=four-colour and the projector option."""
    with running_app(projector=True, theme="four-colour") as served:
        yield served


@pytest.fixture(scope="session")
def site(tmp_path_factory, needs_chromium):
    """The course as a website (python3 tasks.py site), built once for the session's site tests."""
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, str(Path(__file__).resolve().parents[2] / "website" / "build.py"), "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    return out
