"""The maths extensions in a real browser: lesson 18's chance lab played by mouse and keyboard
in the app, and lesson 19, which needs JupyterLab, showing only its note and the links on in
the app and on a school's server (Voilà as a Jupyter server extension)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from app_pages import open_lesson, screenshot
from app_server import running_app

CODER = "19_coders_corner"
CHANCE = "18_chance_and_cards"


def _only_the_note(page) -> None:
    note = page.locator(".mb-app-only-note")
    assert note.is_visible() and "needs JupyterLab" in note.inner_text()
    text = page.inner_text("#rendered_cells")  # what the pupil can see (hidden cells give no text)
    assert "Lesson 19: Coder's corner" in text
    for hidden in ("Find the bug", "New words", "For the teacher", "%%check", "def hcp", "Check again"):
        assert hidden not in text, hidden
    assert page.get_by_role("link", name="Contents").is_visible()
    back = page.get_by_role("link", name=re.compile("Lesson 18: Chance and cards"))
    assert back.count() == 1 and back.is_visible() and back.get_attribute("target") is None


def test_lesson_19_in_the_app_shows_a_note_and_links_on(app, page):
    open_lesson(page, app.lesson(CODER), ready=".mb-app-only-note")
    _only_the_note(page)
    screenshot(page, f"{CODER}-app-note")
    page.get_by_role("link", name=re.compile("Lesson 18")).click()
    page.wait_for_url(f"**/voila/render/{CHANCE}.ipynb", wait_until="commit", timeout=120_000)


def test_lesson_19_on_a_school_server_shows_the_note_too(page):
    with running_app(extension=True) as served:
        open_lesson(page, served.lesson(CODER), ready=".mb-app-only-note")
        _only_the_note(page)


def test_lesson_18_chance_lab_by_mouse_and_keyboard(app, page):
    open_lesson(page, app.lesson(CHANCE), ready="text=That's my guess")
    lab = page.locator(".widget-vbox").filter(has_text="how many have 12 or more points").first
    deal_more = lab.get_by_role("button", name="Deal 1000 more")
    assert deal_more.is_disabled()
    handle = lab.locator(".noUi-handle, .ui-slider-handle").first
    readout = lab.locator(".mb-guess").first
    handle.click()  # the slider takes the keyboard: the guess, 30 out of 100
    for _ in range(100):
        before = readout.inner_text()
        shown = int(before.split()[0])
        if shown == 30:
            break
        page.keyboard.press("ArrowLeft" if shown > 30 else "ArrowRight")
        # one key, one step: wait for the kernel's answer (a new text) before the next key
        expect(readout).not_to_have_text(before, timeout=20_000)
    assert readout.inner_text() == "30 out of 100"
    lab.get_by_role("button", name="That's my guess").click()
    lab.get_by_text("You guessed 30 out of 100").wait_for(timeout=60_000)
    picture = lab.locator("svg[role=img]").first
    empty = picture.inner_html()
    lab.get_by_role("button", name="Deal 10 more").click()
    lab.get_by_text("10 deals so far").wait_for(timeout=60_000)
    deal_more.click()
    lab.get_by_text("1010 deals so far").wait_for(timeout=60_000)
    words = lab.get_by_text("1010 deals so far").inner_text()
    assert re.search(r"North had 12 or more points in \d+ of them: \d+\.\d%\. Your guess was 30 out of 100\.", words)
    assert picture.locator("rect.mb-lab-bar").count() == 38 and picture.inner_html() != empty
    assert picture.get_attribute("aria-label").startswith("After 1010 deals")
    lab.get_by_text("Show the count (black dots)").click()
    expect(picture.locator("circle")).to_have_count(38 + 1, timeout=20_000)  # a dot an outcome, and the legend's
    screenshot(page, f"{CHANCE}-lab-played")
