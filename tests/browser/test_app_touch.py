"""The app on a tablet (1180×820, touch): every control a finger can press on a card table and on
the bidding table shows at least 44 × 44 px of itself to a tap (the part no other element covers:
a card of a fan or of dummy's column is the strip the next card leaves showing), and a tap on a
card plays it. Pictures go to test-output/screenshots/touch-*.png."""
from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import CLICK_LIMIT, SHOTS, open_lesson

FINGER = 44  # px: the least a finger is sure to hit (WCAG 2.1, 2.5.5)
TABLET = {"viewport": {"width": 1180, "height": 820}, "has_touch": True}
# the lesson, and the widget holding the table with the controls around it
TABLES = {"04_declarer_and_dummy": ".mb-minibridge-table", "13_bidding": ".mb-bidding-table"}
TAPPABLE = (Path(__file__).parent / "tappable.js").read_text(encoding="utf-8")


@pytest.fixture
def tablet(chromium):
    context = chromium.new_context(**TABLET)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lesson", TABLES)
def test_every_control_on_the_table_is_at_least_44_px_to_a_finger(app, tablet, lesson):
    page = tablet
    open_lesson(page, app.lesson(lesson), ready=f"{TABLES[lesson]} .mb-felt")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "the tablet has no touch screen"
    table = page.locator(TABLES[lesson]).first
    measured = table.evaluate(TAPPABLE)
    assert len(measured) >= 14, f"only {len(measured)} controls found: {measured}"
    table.locator(".mb-felt").evaluate("e => e.scrollIntoView({block: 'start'})")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"touch-{lesson}-1180x820.png"))
    small = [f"{c['what']}: {c['w']}×{c['h']} px" for c in measured if min(c["w"], c["h"]) < FINGER]
    assert small == [], f"{lesson}: controls a finger can miss:\n" + "\n".join(small)


def test_a_tap_plays_the_card_at_the_table(app, tablet):
    page = tablet
    open_lesson(page, app.lesson("04_declarer_and_dummy"), ready=".mb-minibridge-table .mb-playable")
    table = page.locator(".mb-minibridge-table").first
    card = table.locator("button.mb-playable").first
    letters = card.get_attribute("data-card")
    card.scroll_into_view_if_needed()
    card.tap(position={"x": 10, "y": 12})  # on the strip the next card leaves showing
    page.wait_for_function("([t, c]) => !document.querySelectorAll('.mb-minibridge-table')[0]"
                           ".querySelector(`button.mb-card[data-card='${c}']`)", arg=[0, letters], timeout=CLICK_LIMIT)
