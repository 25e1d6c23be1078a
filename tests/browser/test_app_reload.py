"""A reload gives the page a new kernel: the browser remembers the pupil, the page asks once
"Are you Ben?", and Yes brings back the name, the hand at the table and the practice question.
The class screen asks nobody. The question's screen is photographed on a laptop (1366×768)."""
from __future__ import annotations

import time

from app_pages import CLICK_LIMIT, SHOTS, enabled_cards, following, led_card, open_lesson, play, tricks_done
from playwright.sync_api import expect

from cardlib import say
from exercises import page as page_module

LESSON = "04_declarer_and_dummy"


def practice_of(page):
    return page.locator(".widget-vbox").filter(has=page.get_by_role("button", name=say("ex_new"))).last


def question_lines(practice) -> list[str]:
    """What the practice shows, but the name line (which greets the pupil)."""
    return [line for line in practice.inner_text().splitlines() if line.strip() and "Ben" not in line]


def test_lesson_4_after_three_tricks_and_a_name_a_reload_brings_back_name_tricks_and_question(app, page):
    open_lesson(page, app.lesson(LESSON), ready=".mb-minibridge-table")
    table = page.locator(".mb-minibridge-table").first
    while tricks_done(table) < 3:
        cards = enabled_cards(table)
        play(page, following(cards, led_card(table))[0][0], keyboard=False)
    record = table.locator('[aria-label^="trick "]').evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    box = page.get_by_placeholder(say("ex_name_placeholder")).first
    box.fill("Ben")
    box.press("Enter")
    expect(page.get_by_text(say("ex_hello", name="Ben")).first).to_be_visible(timeout=CLICK_LIMIT)
    practice = practice_of(page)
    asked = question_lines(practice)

    page.reload()
    open_lesson(page, app.lesson(LESSON), ready=".mb-minibridge-table")
    yes = page.get_by_role("button", name=say("ex_yes_i_am", name="Ben"))
    expect(page.get_by_text(say("ex_are_you", name="Ben"))).to_be_visible(timeout=CLICK_LIMIT)
    assert tricks_done(page.locator(".mb-minibridge-table").first) == 0  # the new kernel's table, until Yes
    assert on_screen(page, page.get_by_text(say("ex_are_you", name="Ben")))  # asked at the top first
    yes.click()
    table = page.locator(".mb-minibridge-table").first
    wait_on_screen(page, table)  # then back at the table she was playing
    expect(table.locator('[aria-label^="trick "]')).to_have_count(len(record), timeout=CLICK_LIMIT)
    assert table.locator('[aria-label^="trick "]').evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))") == record
    assert page.get_by_placeholder(say("ex_name_placeholder")).first.input_value() == "Ben"
    # The practice comes back in the same kernel message as the table, but may be drawn after it.
    end = time.monotonic() + CLICK_LIMIT / 1000
    while question_lines(practice_of(page)) != asked and time.monotonic() < end:
        page.wait_for_timeout(100)
    assert question_lines(practice_of(page)) == asked
    expect(page.get_by_text(say("ex_are_you", name="Ben"))).to_have_count(0)


def on_screen(page, locator) -> bool:
    """The top of ``locator`` is in the upper part of the window (where a reader's eyes are)."""
    box = locator.first.bounding_box()
    return box is not None and 0 <= box["y"] + 20 and box["y"] < page.viewport_size["height"] * 0.6


def wait_on_screen(page, locator) -> None:
    end = time.monotonic() + CLICK_LIMIT / 1000
    while not on_screen(page, locator) and time.monotonic() < end:
        page.wait_for_timeout(100)
    assert on_screen(page, locator), f"the table is at {locator.first.bounding_box()}, not on the screen"


def test_a_reload_brings_the_pupil_back_to_the_table_she_was_playing(app, page):
    """No name given: the page goes back at once to the table of the last click (lesson 4's
    second table, far below the top), not to the top of the lesson."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, app.lesson(LESSON), ready=".mb-minibridge-table")
    table = page.locator(".mb-minibridge-table").nth(1)
    table.scroll_into_view_if_needed()
    cards = enabled_cards(table)
    play(page, following(cards, led_card(table))[0][0], keyboard=False)
    page.reload()
    open_lesson(page, app.lesson(LESSON), ready=".mb-minibridge-table")
    wait_on_screen(page, page.locator(".mb-minibridge-table").nth(1))
    assert not on_screen(page, page.locator("h1").first)


def are_you_screen(served, page, size, name):
    """The "Are you Ben?" question as a pupil sees it after a reload, photographed."""
    page.add_init_script("localStorage.setItem('minibridge-pupil', 'Ben')")  # this tab only
    page.set_viewport_size(size)
    open_lesson(page, served.lesson(LESSON), ready=".mb-minibridge-table")
    question = page.get_by_text(say("ex_are_you", name="Ben"))
    expect(question).to_be_visible(timeout=CLICK_LIMIT)
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => document.querySelector('#rendered_cells').scrollTo(0, 0)")
    shot = SHOTS / f"{LESSON}-are-you-{name}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    bar = page.locator(".mb-page-bar")
    box, yes, no = (x.bounding_box() for x in (bar, page.get_by_role("button", name=say("ex_yes_i_am", name="Ben")),
                                               page.get_by_role("button", name=say("ex_no_i_am_not", name="Ben"))))
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, "the question runs off the screen"
    assert yes["y"] + yes["height"] <= size["height"] and no["y"] + no["height"] <= size["height"], \
        "the answers are below the first screen"
    return page.evaluate("el => parseFloat(getComputedStyle(el).fontSize)", question.element_handle())


def test_the_class_screen_asks_nobody_are_you_ben(projector_app, page):
    """The class screen (the projector) is the whole class's: it asks no name, even in a browser
    that remembers one, and keeps nothing under a pupil's name."""
    page.add_init_script("localStorage.setItem('minibridge-pupil', 'Ben')")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, projector_app.lesson(LESSON), ready=".mb-minibridge-table")
    page.wait_for_timeout(2000)  # a page bar would have asked by now
    assert page.get_by_text(say("ex_are_you", name="Ben")).count() == 0
    assert page.locator(".mb-page-bar").count() == 0


def test_are_you_ben_on_a_laptop_at_1366x768(app, page):
    are_you_screen(app, page, {"width": 1366, "height": 768}, "normal-1366x768")


def test_two_tabs_under_one_name_each_say_so(app, page):
    """Two tabs of one browser share the remembered name but not their tab: the second is
    asked "Are you Dana?", and after Yes both say the lesson is open twice (the first at its
    next heartbeat). A name no other test uses: the app's other pages under "Ben" may still be
    alive (their heartbeats are recent), which is itself "open in another tab"."""
    open_lesson(page, app.lesson(LESSON), ready=".mb-minibridge-table")
    box = page.get_by_placeholder(say("ex_name_placeholder")).first
    box.fill("Dana")
    box.press("Enter")
    expect(page.get_by_text(say("ex_hello", name="Dana")).first).to_be_visible(timeout=CLICK_LIMIT)
    twice = say("ex_open_twice", name="Dana")
    assert page.get_by_text(twice).count() == 0
    other = page.context.new_page()
    open_lesson(other, app.lesson(LESSON), ready=".mb-minibridge-table")
    other.get_by_role("button", name=say("ex_yes_i_am", name="Dana")).click()
    expect(other.get_by_text(twice)).to_be_visible(timeout=CLICK_LIMIT)
    expect(page.get_by_text(twice)).to_be_visible(timeout=(page_module.BEAT_SECONDS + 10) * 1000)
    tabs = [p.evaluate("() => sessionStorage.getItem('minibridge-tab')") for p in (page, other)]
    assert tabs[0] and tabs[1] and tabs[0] != tabs[1]
