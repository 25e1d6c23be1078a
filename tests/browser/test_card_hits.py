"""A tap anywhere on the visible part of a card in the pupil's fan plays that card, never its
neighbour, with the table's own script and style in Chromium (a stand-in for the widget's
model records what the view sends back); with "tap to raise", a first tap raises the card
and a second plays it."""
from __future__ import annotations

import pytest

from cardlib import Deal, Seat, render
from card_tables.base import CSS, ESM

MOUNT = """async ({esm, html, raise}) => {
  const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
  const view = await import(url);
  window.sent = [];
  const values = {html, tap_to_raise: raise};
  const heard = [];
  const model = {get: (k) => values[k], on: (_event, f) => heard.push(f), off() {}, send: (m) => window.sent.push(m)};
  // the kernel draws the table again: a new drawing comes in
  window.redraw = (drawn) => { values.html = drawn; heard.forEach((f) => f()); };
  view.default.render({model, el: document.getElementById("table")});
}"""


def fan_page(chromium, scale: float, tap_to_raise: bool, viewport=(1366, 768)):
    deal = Deal.random(seed=3)
    cards = list(deal[Seat.S])
    # Raised (may be played) and lowered (may not) cards side by side, as when following suit.
    states = {c: "other" if i % 3 == 0 else "playable" for i, c in enumerate(deal.pack.in_order(cards))}
    html = render.table_html({"N": 13, "E": 13, "S": cards, "W": 13}, buttons={"S": states}, to_play="S",
                             scale=scale)
    page = chromium.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.set_content(f'<html><head><style>{CSS}</style></head><body><div id="table"></div></body></html>')
    page.evaluate(MOUNT, {"esm": ESM, "html": html, "raise": tap_to_raise})
    return page, states


def visible_points(page) -> list[tuple[str, list[tuple[float, float]]]]:
    """For each card of the fan, left to right: points in the middle of the part of it no later
    card covers (its strip), at the top, the middle and near the bottom."""
    boxes = page.eval_on_selector_all(
        ".mb-seat-S button.mb-card",
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [b.dataset.card, r.left, r.top, r.right, r.bottom]; })")
    assert len(boxes) == 13
    found = []
    for i, (card, left, top, right, bottom) in enumerate(boxes):
        strip_right = boxes[i + 1][1] if i + 1 < len(boxes) else right
        x = (left + strip_right) / 2
        found.append((card, [(x, top + (bottom - top) * f) for f in (0.15, 0.5, 0.93)]))
    return found


UNDER = """([x, y]) => { const hit = document.elementFromPoint(x, y); const b = hit && hit.closest("button");
  return b ? b.dataset.card : null; }"""


def tap(page, x: float, y: float) -> str | None:
    """Point at (x, y), wait as a hand does while the card under it rises, then press; returns
    the card under the point once it has risen (what the press lands on)."""
    page.mouse.move(x, y)
    page.wait_for_timeout(250)
    under = page.evaluate(UNDER, [x, y])
    page.mouse.down()
    page.mouse.up()
    return under


@pytest.mark.parametrize("scale", [1, 2])
def test_a_tap_on_the_visible_part_of_every_card_plays_that_card(chromium, scale):
    page, _states = fan_page(chromium, scale, tap_to_raise=False)
    try:
        for card, points in visible_points(page):
            for x, y in points:
                under = tap(page, x, y)
                assert under == card, f"{card} rose away from a tap at {x:.0f},{y:.0f}: {under} is there now"
                sent = page.evaluate("window.sent.splice(0)")
                assert sent == [{"card": card}], f"a tap at {x:.0f},{y:.0f} on {card} sent {sent}"
    finally:
        page.close()


def test_with_tap_to_raise_a_first_tap_raises_the_card_and_a_second_plays_it(chromium):
    page, _states = fan_page(chromium, 2, tap_to_raise=True, viewport=(1024, 768))
    try:
        for card, points in visible_points(page):
            x, y = points[1]
            tap(page, x, y)
            assert page.evaluate("window.sent.splice(0)") == []
            raised = page.eval_on_selector_all("button.mb-raised", "bs => bs.map(b => b.dataset.card)")
            assert raised == [card]
            tap(page, x, y)
            assert page.evaluate("window.sent.splice(0)") == [{"card": card}]
        # Enter on a card reached with Tab plays it at once: keyboard users never need two presses.
        page.focus(".mb-seat-S button.mb-card")
        page.keyboard.press("Enter")
        assert len(page.evaluate("window.sent.splice(0)")) == 1
    finally:
        page.close()


def test_a_press_the_kernel_draws_the_table_during_still_plays_the_card(chromium):
    """A pupil taps fast on a slow network: the table's new drawing (an answer to an earlier
    tap) comes in while the mouse is down on a card. The press still plays that card, and the
    new drawing is shown once the click is in."""
    page, _states = fan_page(chromium, 1, tap_to_raise=False)
    try:
        card, points = visible_points(page)[1]
        x, y = points[1]
        page.mouse.move(x, y)
        page.mouse.down()
        drawn = page.evaluate("() => document.getElementById('table').innerHTML") + '<p id="new">the new drawing</p>'
        page.evaluate("d => window.redraw(d)", drawn)
        assert page.locator("#new").count() == 0, "the table was drawn again under the pressed mouse"
        page.mouse.up()
        assert page.evaluate("window.sent.splice(0)") == [{"card": card}], "the press was lost to the new drawing"
        assert page.locator("#new").count() == 1, "the new drawing never came once the click was in"
    finally:
        page.close()
