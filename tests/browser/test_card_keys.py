"""The cards by keyboard alone, with the table's own script and style in Chromium (a stand-in
for the widget's model records what the view sends back): Tab reaches the hand as one stop, on
the first card the pupil may play; the arrow keys move from card to card (Home and End to the
ends), skipping cards that cannot be pressed; Enter plays the card that has the focus. And on a
touch screen (1180×820, touch on), a tap plays the card tapped."""
from __future__ import annotations

from test_card_hits import MOUNT

from cardlib import Deal, Seat, render
from card_tables.base import CSS, ESM

ACTIVE = "() => document.activeElement && document.activeElement.dataset.card || null"


def table_page(chromium, **context):
    deal = Deal.random(seed=3)
    south = deal.pack.in_order(deal[Seat.S])
    # As when following suit: some cards may be played, some not (pressing one says why), and
    # North's cards are shown but not the pupil's to press.
    states = {c: "other" if i % 3 == 0 else "playable" for i, c in enumerate(south)}
    html = render.table_html({"N": list(deal[Seat.N]), "E": 13, "S": south, "W": 13},
                             buttons={"S": states, "N": {c: "off" for c in deal[Seat.N]}}, to_play="S",
                             controls=render.button_html("undo", "Take back"))
    context = chromium.new_context(viewport={"width": 1180, "height": 820}, **context)
    page = context.new_page()
    page.set_content(f'<html><head><style>{CSS}</style></head><body><button id="before">Before</button>'
                     f'<div id="table"></div></body></html>')
    page.evaluate(MOUNT, {"esm": ESM, "html": html, "raise": False})
    return page, south, states


def test_tab_reaches_the_cards_arrows_move_between_them_and_enter_plays(chromium):
    page, south, states = table_page(chromium)
    try:
        pressable = [c.letters for c in south]  # "other" cards may be pressed too: the table says why not
        first_playable = next(c.letters for c in south if states[c] == "playable")
        page.focus("#before")
        page.keyboard.press("Tab")
        assert page.evaluate(ACTIVE) == first_playable, "Tab did not land on the first card the pupil may play"
        at = pressable.index(first_playable)
        for _ in range(len(pressable) + 1):  # round the hand and past its end, back to the first
            page.keyboard.press("ArrowRight")
            at = (at + 1) % len(pressable)
            assert page.evaluate(ACTIVE) == pressable[at]
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(ACTIVE) == pressable[at - 1]
        page.keyboard.press("End")
        assert page.evaluate(ACTIVE) == pressable[-1]
        page.keyboard.press("Home")
        assert page.evaluate(ACTIVE) == pressable[0]
        page.keyboard.press("ArrowDown")
        assert page.evaluate(ACTIVE) == pressable[1]
        # The hand is one stop for Tab: the next Tab leaves the cards for the table's button.
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.action") == "undo"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(ACTIVE) == pressable[1], "Shift+Tab did not come back to the card last focused"
        assert page.evaluate("window.sent.splice(0)") == []
        page.keyboard.press("Enter")
        assert page.evaluate("window.sent.splice(0)") == [{"card": pressable[1]}]
    finally:
        page.context.close()


def test_a_tap_plays_the_card_on_a_touch_screen(chromium):
    page, south, states = table_page(chromium, has_touch=True)
    try:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        card = next(c.letters for c in south if states[c] == "playable")
        page.locator(f'button[data-card="{card}"]').tap(position={"x": 8, "y": 12})
        assert page.evaluate("window.sent.splice(0)") == [{"card": card}]
    finally:
        page.context.close()
