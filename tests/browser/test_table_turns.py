"""What a child meets at the table, with the table's own script and style in Chromium (a stand-in
for the widget's model records what the view sends; Python answers as the kernel would):

- on dummy's turn, declarer's own cards are greyed and lowered, and a click on one is answered
  with which hand is to play (it used to do nothing: the cards were disabled);
- a focused or hovered card covers no other card's corner, and every hint mark on dummy's
  overlapped cards shows."""
from __future__ import annotations

import html

import pytest
from test_card_hits import MOUNT, UNDER

from cardlib import say
from card_tables import MiniBridgeTable
from card_tables.base import CSS, ESM

SIZES = [(1024, 768), (1366, 768)]


def dummys_turn(hint: bool = False) -> MiniBridgeTable:
    """Deal 7: the pupil (South) declares 1NT; legal cards are played until it is dummy's turn."""
    table = MiniBridgeTable(deal_number=7, pace=0)
    table.denomination_choice.value, table.level_choice.value = "NT", "partscore"
    table.contract_button.click()
    game = table.game
    while not (table.pupil_to_play() and game.to_play == game.dummy):
        next(b for b in table.hand_buttons if b.state == "playable").click()
    if hint:
        table.hints = True
        table.hint_button.click()
        table.numbers_button.click()
    return table


def mount(page, table: MiniBridgeTable) -> None:
    page.set_content(f'<html><head><style>{CSS}</style></head><body><div id="table"></div></body></html>')
    page.evaluate(MOUNT, {"esm": ESM, "html": table.view.html, "raise": False})


@pytest.fixture
def tab(chromium):
    page = chromium.new_page(viewport={"width": 1024, "height": 768})
    yield page
    page.close()


def looks(page, seat: str) -> list[dict]:
    return page.eval_on_selector_all(f".mb-seat-{seat} button.mb-card", """bs => bs.map(b => {
        const s = getComputedStyle(b);
        return {card: b.dataset.card, disabled: b.disabled, y: new DOMMatrixReadOnly(s.transform).m42,
                filter: s.filter}; })""")


def test_on_dummys_turn_a_click_on_declarers_own_card_says_whose_turn_it_is(tab):
    table = dummys_turn()
    game = table.game
    mount(tab, table)
    own, dummy = looks(tab, game.declarer.letter), looks(tab, game.dummy.letter)
    assert own and all(not c["disabled"] and c["y"] > 0 and "grayscale" in c["filter"] for c in own), own
    assert any(c["y"] < 0 and c["filter"] == "none" for c in dummy), "dummy's playable cards are raised"
    first = own[0]["card"]
    tab.locator(f'button[data-card="{first}"]').click(position={"x": 6, "y": 8})
    sent = tab.evaluate("window.sent.splice(0)")
    assert sent == [{"card": first}], "a click on a card that waits is sent, to be answered"
    plays = list(game.plays)
    table._on_view_message(table.view, sent[0], [])
    assert game.plays == plays
    mount(tab, table)
    words = say("table_turn_dummy", seat=game.dummy.word)
    assert words in tab.locator(".mb-message").inner_text()
    assert html.escape(words) in table.message.value


def strips(page, selector: str, across: bool) -> dict[str, tuple[float, float]]:
    """A point in the middle of the part of each card no later card of its hand covers: the left
    strip of a fan's card, the top strip of a card in dummy's column."""
    boxes = page.eval_on_selector_all(selector, """bs => bs.map(b => { const r = b.getBoundingClientRect();
        return [b.dataset.card, r.left, r.top, r.right, r.bottom]; })""")
    points = {}
    for i, (card, left, top, right, bottom) in enumerate(boxes):
        after = boxes[i + 1] if i + 1 < len(boxes) else None
        if across:
            same_column = after is not None and abs(after[1] - left) < 1
            points[card] = ((left + right) / 2, (top + (after[2] if same_column else bottom)) / 2)
        else:
            points[card] = ((left + (after[1] if after else right)) / 2, top + (bottom - top) * 0.15)
    return points


def covered(page, points: dict[str, tuple[float, float]], moved: str) -> list[str]:
    return [f"{card} under {moved}" for card, (x, y) in points.items()
            if card != moved and page.evaluate(UNDER, [x, y]) != card]


@pytest.mark.parametrize("size", SIZES)
def test_a_focused_card_in_the_hand_covers_no_other_card(tab, size):
    tab.set_viewport_size({"width": size[0], "height": size[1]})
    table = dummys_turn()
    # Declarer's own turn: the fan is the hand to play.
    game = table.game
    while not (table.pupil_to_play() and game.to_play == game.declarer):
        next(b for b in table.hand_buttons if b.state == "playable").click()
    mount(tab, table)
    fan = f".mb-seat-{game.declarer.letter} button.mb-card"
    points = strips(tab, fan, across=False)
    problems = []
    tab.locator(fan).first.focus()
    for card in points:
        tab.keyboard.press("Shift")  # the keyboard was used last, so focus() shows :focus-visible
        tab.locator(f'button[data-card="{card}"]').focus()
        tab.wait_for_timeout(150)
        assert tab.evaluate("[document.activeElement.dataset.card, document.activeElement.matches(':focus-visible')]") == [card, True]
        problems += covered(tab, points, card)
    assert not problems, problems


@pytest.mark.parametrize("size", SIZES)
def test_a_hovered_dummy_card_covers_nothing_and_every_hint_mark_shows(tab, size):
    tab.set_viewport_size({"width": size[0], "height": size[1]})
    table = dummys_turn(hint=True)
    mount(tab, table)
    column = f".mb-seat-{table.game.dummy.letter} button.mb-card"
    points = strips(tab, column, across=True)
    marks = tab.eval_on_selector_all(f"{column} span[aria-hidden]:last-child", """ss => ss.map(s => {
        const r = s.getBoundingClientRect(), hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return [s.closest("button").dataset.card, hit === s || s.contains(hit)]; })""")
    playable = [b.card.letters for b in table.hand_buttons if b.state.startswith("playable")]
    marked = {card for card, seen in marks}
    assert set(playable) <= marked, "every playable card of dummy's carries its hint mark"
    assert all(seen for _card, seen in marks), f"hint marks hidden under the next card: {marks}"
    problems = []
    for card, (x, y) in points.items():
        tab.mouse.move(x, y)
        tab.wait_for_timeout(150)
        problems += covered(tab, points, card)
    assert not problems, problems


MENUS = """() => [...document.querySelectorAll('.mb-minibridge-table .widget-dropdown')].map(d => {
  const s = d.querySelector('select'), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(s).font;
  const text = s.options[s.selectedIndex].text;
  return [text, Math.ceil(ctx.measureText(text).width), s.clientWidth]; })"""


@pytest.mark.parametrize("lesson", ["ja/06_scoring", "06_scoring"])
def test_the_your_role_and_scoring_menus_show_their_whole_choice(app, chromium, lesson):
    """The menus above a lesson's table are as wide as their words: in Japanese "your role"
    was cut to ディクレアラー（ダミーのカー. 24 px of a menu are its arrow and padding."""
    from app_pages import open_lesson

    page = chromium.new_page(viewport={"width": 1024, "height": 768})
    try:
        open_lesson(page, app.lesson(lesson), ready=".mb-minibridge-table .widget-dropdown")
        menus = page.evaluate(MENUS)
        assert len(menus) >= 2
        cut = [(text, needs, width) for text, needs, width in menus if needs + 24 > width]
        assert not cut, f"menus too narrow for their words (text, its width, the menu's): {cut}"
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.mb-minibridge-table .widget-dropdown')]
                                 .map(d => d.getBoundingClientRect().right))""")
        assert right <= 1024, "a menu runs off the screen"
    finally:
        page.close()
