"""The cards by keyboard alone, with the table's own script and style in Chromium (a stand-in
for the widget's model records what the view sends back): Tab reaches the hand as one stop, on
the first card the pupil may play; the arrow keys move from card to card (Home and End to the
ends), skipping cards that cannot be pressed; Enter plays the card that has the focus. Declarer
chooses the contract by keyboard alone, and the focus stays where the pupil is each time the table
is drawn again. And on a touch screen (1180×820, touch on), a tap plays the card tapped."""
from __future__ import annotations

from test_card_hits import MOUNT

from cardlib import Deal, Seat, render
from cardlib.minibridge import Contract
from card_tables.base import CSS, ESM
from card_tables.minibridge_table import MiniBridgeTable
from card_tables.trick_table import TrickTable

ACTIVE = "() => document.activeElement && document.activeElement.dataset.card || null"
FOCUSED = """() => { const b = document.activeElement;
  return [b.dataset.card ? "card" : b.dataset.action || b.tagName, b.dataset.value || "", b.getAttribute("aria-pressed")]; }"""
# The table's script with a stand-in for the widget's model that the test can change: redraw(html).
LIVE = """async ({esm, html}) => {
  const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
  const view = await import(url);
  window.sent = [];
  const values = {html, tap_to_raise: false}, heard = [];
  const model = {get: (k) => values[k], on: (e, f) => heard.push(f), off() {}, send: (m) => window.sent.push(m)};
  view.default.render({model, el: document.getElementById("table")});
  window.redraw = (html) => { values.html = html; heard.forEach((f) => f()); };
}"""


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


def live_page(chromium, table):
    """A page with the table's script drawing ``table``; ``press(key)`` presses a key, hands what
    the page sent to the table, draws the table again, and returns what has the focus."""
    page = chromium.new_page(viewport={"width": 1024, "height": 768})
    page.set_content(f'<html><head><style>{CSS}</style></head><body><button id="before">Before</button>'
                     f'<div id="table"></div></body></html>')
    page.evaluate(LIVE, {"esm": ESM, "html": table.view.html})

    def press(key: str) -> list:
        page.keyboard.press(key)
        for message in page.evaluate("window.sent.splice(0)"):
            table._on_view_message(table.view, message, [])
            page.evaluate("html => window.redraw(html)", table.view.html)
        return page.evaluate(FOCUSED)

    return page, press


def test_declarer_chooses_the_contract_by_keyboard_and_the_focus_stays_with_the_pupil(chromium):
    """A real table (in Python here: what the page sends goes to it, and its new picture back):
    Tab reaches the trumps (one stop), the arrows move between them only, Enter presses one and
    the focus stays on it once the table is drawn again; Tab goes on to partscore or game, the
    same with Space; after
    "Play this contract" the focus is on a card to play; after "Play again with another
    contract", on the trumps again."""
    table = MiniBridgeTable(deal_number=1, pace=0)
    page, press = live_page(chromium, table)
    try:
        page.focus("#before")
        assert press("Tab") == ["trumps", "NT", "false"]
        assert press("ArrowLeft") == ["trumps", "♣", "false"], "the left arrow did not go round to the last trumps"
        press("ArrowRight")
        assert press("ArrowRight") == ["trumps", "♠", "false"]
        assert press("Enter") == ["trumps", "♠", "true"], "the focus did not stay on the trumps pressed"
        # Each choice is one stop for Tab, as the hand is: the next Tab goes on to partscore or
        # game, and Shift+Tab comes back to the trumps pressed.
        assert press("Tab") == ["level", "partscore", "false"], "Tab did not go on from the trumps to partscore"
        assert press("Shift+Tab") == ["trumps", "♠", "true"]
        press("ArrowRight")
        assert press("Tab") == ["level", "partscore", "false"]
        assert press("End") == ["level", "game", "false"]
        assert press("Space") == ["level", "game", "true"], "the focus did not stay on game pressed"
        assert press("Tab")[0] == "contract"
        assert press("Enter")[0] == "card", "after Play this contract the focus is not on a card"
        assert table.game.contract == Contract("♠ game")
        assert page.evaluate("() => document.activeElement.matches('.mb-playable:not([disabled])')")

        while not table.game.is_over:
            next(b for b in table.hand_buttons if b.state == "playable").click()
        page.evaluate("html => window.redraw(html)", table.view.html)
        page.focus("button[data-action=again_other]")
        assert press("Enter") == ["trumps", "NT", "false"], "after Play again the focus is not on the trumps"
    finally:
        page.context.close()


def test_while_the_computer_plays_the_focus_waits_for_the_cards_not_on_the_trumps(chromium):
    """Lesson 2's table keeps its trumps choice beside the play: after the pupil's card, while
    the computer's cards come one at a time, the focus does not go to the trumps (the pupil
    would have to find the cards again), and it is on a card once the pupil may play again."""
    table = TrickTable(Deal.random(seed=3), leader="S", choose_trumps=True, pace=0.8)
    later = []
    table.scheduler = lambda _delay, step: later.append(step)
    page, press = live_page(chromium, table)
    try:
        page.focus("button.mb-playable")
        assert press("Enter")[0] == "DIV", "while the computer plays, the focus left the table for a button"
        while later:
            later.pop(0)()
            page.evaluate("html => window.redraw(html)", table.view.html)
        assert page.evaluate("() => document.activeElement.matches('button.mb-playable:not([disabled])')"), \
            f"the pupil's turn again, and the focus is on {page.evaluate(FOCUSED)}"
    finally:
        page.context.close()
