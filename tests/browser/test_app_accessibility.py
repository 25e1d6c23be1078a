"""The app on every page of both editions (the contents pages and every lesson), each opened
once in a tablet's tab (1180×820, touch on): an accessibility audit with axe-core
(axe-playwright-python bundles it) against WCAG 2.1 A and AA, no serious or critical violation;
every card a pupil can press named, in the page's language, by what it shows and then in words
("K♥, king of hearts"); and where the page has cards to press, every control of its card tables
and card questions at least 44 × 44 px to a finger, a card played by keyboard alone (Tab from
the top of the page, the arrows, Enter; first the contract, where the table asks for it) and
one by a tap (every_device); on a page of games closed under their names (lesson 17), the
first game opened first, as a pupil opens one. Pictures of the first card widget of each page go to
test-output/screenshots/app-touch-*.png."""
from __future__ import annotations

import pytest
from app_pages import CLICK_LIMIT, WIDGETS_DRAWN, open_lesson, sliders_drawn
from every_device import PAGES, TABLET, every_check


@pytest.fixture
def tablet(chromium):
    context = chromium.new_context(**TABLET)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("name", PAGES)
def test_every_page_passes_the_audit_and_its_cards_play_by_keyboard_and_by_touch(app, tablet, name):
    open_lesson(tablet, app.lesson(name))
    tablet.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    games = tablet.locator("button.mb-pick")  # lesson 17: each game closed under its name; a pupil opens one
    if games.count():
        games.first.tap()
    sliders_drawn(tablet, name)
    problems = every_check(tablet, name, "app", CLICK_LIMIT)
    assert problems == [], f"{name}:\n" + "\n".join(problems)
