"""The maths extensions in a real browser: lesson 18's chance lab played by mouse and keyboard
in the app, and lesson 19, whose code cannot be typed in the app: there it shows a note, the
lesson, and each function's code as numbered lines for the class to run by hand, in the app, on
the class screen and on a school's server (Voilà as a Jupyter server extension)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from app_pages import open_lesson, screenshot
from app_server import running_app

CODER = "19_coders_corner"
CHANCE = "18_chance_and_cards"


def _the_lesson_to_run_by_hand(page, functions: int, pupils: bool = True) -> str:
    """The note, the lesson, and the code of ``functions`` %%check cells as numbered lines; for
    pupils, without the teacher's notes."""
    note = page.locator(".mb-app-only-note")
    assert note.is_visible() and "run the code by hand" in note.inner_text()
    text = page.inner_text("#rendered_cells")  # what the pupil can see (hidden cells give no text)
    assert "Lesson 19: Coder's corner" in text
    for shown in ("Find the bug", "Run it by hand", "New words", "Your turn: hcp", "By hand:"):
        assert shown in text, shown
    lines = page.locator("[role=group][aria-label^='The code:']:visible")
    assert lines.count() == functions, lines.count()
    loop = lines.nth(1).inner_text()
    assert loop.splitlines()[:2] == ["1  points = 0", '2  for card in ["♠A", "♥K", "♦A"]:'], loop
    bug = lines.nth(2).inner_text()
    assert bug.splitlines()[:3] == [" 1  %%check", " 2  def hcp(hand):", " 3      points = 0"], bug
    for hidden in ("For the teacher", "Check again", "Traceback") if pupils else ("Traceback",):
        assert hidden not in text, hidden
    assert page.get_by_role("link", name="Contents").is_visible()
    back = page.get_by_role("link", name=re.compile("Lesson 18: Chance and cards"))
    assert back.count() == 1 and back.is_visible() and back.get_attribute("target") is None
    return text


def test_lesson_19_in_the_app_shows_the_code_to_run_by_hand_and_links_on(app, page):
    open_lesson(page, app.lesson(CODER), ready=".mb-app-only-note")
    # the two cells that print (a hand as a list, the loop), the bug, the missing colon, hcp, tricks_needed,
    # score and card_points
    text = _the_lesson_to_run_by_hand(page, 8)
    assert "Your turn: score" in text  # a pupil's own page shows everything
    screenshot(page, f"{CODER}-app-by-hand")
    page.get_by_role("link", name=re.compile("Lesson 18")).click()
    page.wait_for_url(f"**/voila/render/{CHANCE}.ipynb", wait_until="commit", timeout=120_000)


def test_lesson_19_on_the_class_screen_leaves_out_the_functions_for_computers(projector_app, chromium):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson(CODER), ready=".mb-app-only-note")
        text = _the_lesson_to_run_by_hand(page, 6)  # the two that print, the bug, the colon, hcp, tricks_needed
        assert "Your turn: score" not in text and "Manille card points" not in text  # fast finishers, on a computer
        assert page.locator(".mb-choice-bar").count() == 0  # one path in class: nothing to choose
        screenshot(page, f"{CODER}-class-screen-1024x768")
    finally:
        context.close()


def test_lesson_19_on_a_school_server_shows_the_code_too(page):
    with running_app(extension=True) as served:
        open_lesson(page, served.lesson(CODER), ready=".mb-app-only-note")
        # a server not set up for pupils (docs/teachers.md) shows every lesson's teacher's notes:
        # here the sample answers' code too
        text = _the_lesson_to_run_by_hand(page, 9, pupils=False)
        assert "For the teacher" in text


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
