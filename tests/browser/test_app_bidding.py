"""Lesson 13 in a real browser, both editions: the pupil calls in deal A's auction (a bid too low
is refused in words, the raise is taken), the computer finishes the auction and the play of its
contract starts; no hidden hand reaches the page, and the table's message fits its panel.
Photographed on the projector (1024×768) and on a laptop (1366×768) into
test-output/screenshots/."""
from __future__ import annotations

import pytest
from app_pages import CLICK_LIMIT, SHOTS, open_lesson, page_leaks
from playwright.sync_api import expect

from cardlib import Seat
from exercises.course import lesson_of

SCREENS = [("projector_app", 1024, 768), ("app", 1366, 768)]
SAYS = {"": ("is not higher than", "North is declarer"), "ja/": ("より高くありません", "北がディクレアラー")}


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
@pytest.mark.parametrize("served, width, height", SCREENS, ids=["projector-1024x768", "laptop-1366x768"])
def test_lesson_13_the_pupil_raises_in_the_auction_and_the_play_starts(request, chromium, served, width, height,
                                                                         edition):
    app = request.getfixturevalue(served)
    deal = lesson_of(13).deals[0].deal
    hidden = set(deal[Seat.N].cards) | set(deal[Seat.E].cards) | set(deal[Seat.W].cards)
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        open_lesson(page, app.lesson(f"{edition}13_bidding"), ready=".mb-bidding-table")
        table = page.locator(".mb-bidding-table").first
        table.evaluate("e => e.scrollIntoView({block: 'start'})")
        assert not page_leaks(table.inner_html(), hidden), "a hidden hand is on the page during the auction"
        message = table.locator(".mb-message")
        low, declares = SAYS[edition]
        # the computer's calls come at the table's pace: the pupil bids once it is her call
        your_call = {"": "Your call", "ja/": "あなたの番です"}[edition]
        expect(message).to_contain_text(your_call, timeout=CLICK_LIMIT)
        table.locator('[data-action="level"][data-value="1"]').click()
        table.locator('[data-action="denomination"][data-value="♦"]').click()
        table.locator('[data-action="bid"]').click()
        expect(message).to_contain_text(low, timeout=CLICK_LIMIT)
        table.locator('[data-action="level"][data-value="2"]').click()
        table.locator('[data-action="denomination"][data-value="♥"]').click()
        page.evaluate("() => document.fonts.ready")
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = f"13_bidding-{edition.strip('/') or 'en'}-{served.replace('_app', '')}-{width}x{height}"
        page.screenshot(path=str(SHOTS / f"{name}-auction.png"))
        table.locator('[data-action="bid"]').click()
        expect(message).to_contain_text(declares, timeout=CLICK_LIMIT)
        # North declares and the pupil plays North's and South's cards: West's and East's stay
        # hidden, but for East's opening lead, which lies in the trick.
        shown = page_leaks(table.inner_html(), set(deal[Seat.E].cards) | set(deal[Seat.W].cards))
        assert len(shown) <= 1 and shown <= set(deal[Seat.E].cards), shown
        page.screenshot(path=str(SHOTS / f"{name}-play.png"))
        # the whole message, down to "East leads.", sits inside the table's dark centre panel
        inside = table.locator(".mb-centre").evaluate(
            "c => c.getBoundingClientRect().bottom - c.querySelector('.mb-message').getBoundingClientRect().bottom")
        assert inside >= 0, f"the message runs {-inside:.0f} px below the centre panel"
        width_used = page.evaluate("() => document.documentElement.scrollWidth")
        assert width_used <= width, f"the page scrolls sideways: {width_used} > {width}"
    finally:
        context.close()
