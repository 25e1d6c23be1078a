"""Every card table on the screens a class uses, in a real browser: the whole table fits a
projector (1024×768 and 1280×720 at projector scale) and a 1366×768 laptop with nothing cut
off, covered or overlapping and text big enough; the cards a pupil may play stand out (by
the computed style, not colour alone); the computer's cards come one at a time and the trick
the computer won stays in view; a whole trick can be played by keyboard; messages and "Next
card" sit beside the trick. The tables are built by small notebooks of their own (in a
temporary folder), not by the lessons, which change. Sizes go to
test-output/table-sizes.txt, pictures to test-output/screenshots/table-*.png."""
from __future__ import annotations

import json
import re

import pytest
from app_pages import CLICK_LIMIT, ROOT, SHOTS, click_card, laid_out, next_change, open_lesson, trick_cards
from app_server import running_app
from playwright.sync_api import expect

from cardlib import Card

SETUP = """from exercises.lesson_page import lesson_setup
lesson_setup()
from cardlib import Deal, Seat, manille
from card_tables import ManilleTable, MiniBridgeTable, TrickTable


def play(table, cards):
    for _ in range(cards):
        if table.game.is_over:
            break
        legal = set(table.game.legal_plays())
        next(b for b in table.hand_buttons if b.card in legal and not b.disabled).click()
"""

DECLARER = ("T = MiniBridgeTable(deal_number=14)\n"
            "T.denomination_choice.value = '♥'\nT.level_choice.value = 'partscore'\nT.contract_button.click()\n")
TABLES = {
    "minibridge-declarer": DECLARER + "play(T, 6)\nT",
    "minibridge-choosing": "T = MiniBridgeTable(deal_number=1)\nT.coach_button.click()\nT",
    "minibridge-teacher": DECLARER + "play(T, 5)\nT.teacher_box.value = True\nT",
    "minibridge-defender": "T = MiniBridgeTable(deal_number=3, role='defender', pace=0.6)\nT",
    "minibridge-scored": DECLARER + "play(T, 13)\nT",
    "minibridge-over": DECLARER + "play(T, 52)\nT",  # the hand scored, the four hands shown with their caption
    "manille": "T = ManilleTable(deal_number=2)\nwhile T.game is None:\n    T.no_tap_button.click()\nplay(T, 3)\nT",
    "manille-scored": ("T = ManilleTable(deal_number=2)\nif T.game is None:\n    T.tap_button.click()\n"
                       "while T.game is None:\n    T.no_tap_button.click()\nplay(T, 32)\nT"),
    # Four cards each left, the hint asked for (a best card and three a point or two worse) and its points shown.
    "manille-hint": ("T = ManilleTable(deal_number=1, pace=0)\nwhile T.game is None:\n    T.no_tap_button.click()\n"
                     "play(T, 4)\nT.hint_button.click()\nT.numbers_button.click()\nT"),
    "manille-no-trumps": "T = ManilleTable(deal=manille.deal(seed=4), with_trumps=False, name='14A')\nplay(T, 2)\nT",
    "tricks": "T = TrickTable(Deal.random(seed=7), choose_trumps=True, name='1A')\nplay(T, 3)\nT",
    "tricks-one-suit": "T = TrickTable('N:AK2... QJ3... 1098... 765...', name='1B')\nT",
    # West leads and South must follow suit while holding other suits: some cards playable, some not.
    "tricks-follow": ("seed = next(n for n in range(200) if (lambda t: t.game.current and "
                      "0 < len(t.game.legal_plays()) < len(t.game.hands[Seat.S]))("
                      "TrickTable(Deal.random(seed=n), leader='W', pace=0)))\n"
                      "T = TrickTable(Deal.random(seed=seed), leader='W')\nT"),
}
SCREENS = {"projector": [(1024, 768), (1280, 720)], "normal": [(1366, 768)]}
# A reading (<rt>, furigana over a kanji) is drawn at half its word's size, as in Japanese books.
SMALLEST = {"projector": {"words": 19, "cards": 13, "readings": 9.5}, "normal": {"words": 12, "cards": 8.5, "readings": 6}}
SIZES = ROOT / "test-output" / "table-sizes.txt"


EVERY_TABLE = "every-table"  # one page with all the tables above, one cell each, in TABLES' order


def notebook(*code: str) -> dict:
    cells = [{"cell_type": "code", "id": f"t-cell-{i}", "metadata": {}, "execution_count": None, "outputs": [],
              "source": source} for i, source in enumerate([SETUP, *code])]
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}


@pytest.fixture(scope="module")
def table_notebooks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table-notebooks")
    (folder / "ja").mkdir()  # the same tables in Japanese: a lesson in a folder named ja speaks Japanese
    for edition in (folder, folder / "ja"):
        for name, code in TABLES.items():
            (edition / f"{name}.ipynb").write_text(json.dumps(notebook(code)), encoding="utf-8")
        (edition / f"{EVERY_TABLE}.ipynb").write_text(json.dumps(notebook(*TABLES.values())), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def servers(needs_chromium, table_notebooks):
    # The teacher's app at both scales (the class screen itself never has teacher mode: these
    # measure the tables' layout): one table shows the teacher's all-cards-face-up box,
    # which the pupils' app leaves out.
    with running_app(projector=False, audience="teacher", notebooks=table_notebooks) as normal, \
            running_app(projector=True, audience="teacher", notebooks=table_notebooks) as projector:
        yield {"normal": normal, "projector": projector}


# What the browser measures: the table's box, every block's box (seats, the middle, the
# corners), pieces that stray out of their block or off the table, covered card corners,
# and the smallest text of words and of cards.
MEASURE = """(felt) => {
  const box = (e) => e.getBoundingClientRect();
  const meets = (p, q) => p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5;
  const blocks = [...felt.querySelectorAll(':scope > [role=region], :scope > .mb-centre, :scope > .mb-info, :scope > .mb-last, :scope > .mb-controls')];
  const name = (b) => b.getAttribute('aria-label') || b.className;
  const bad = [];
  const f = box(felt);
  blocks.forEach((a, i) => blocks.slice(i + 1).forEach((b) => { if (meets(box(a), box(b))) bad.push(`${name(a)} overlaps ${name(b)}`); }));
  const pieces = [...felt.querySelectorAll('[data-card], button, [aria-label], .mb-message')];
  for (const piece of pieces) {
    const r = box(piece);
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < f.left - 1 || r.right > f.right + 1 || r.top < f.top - 1 || r.bottom > f.bottom + 1)
      bad.push(`${piece.dataset.card || piece.textContent.slice(0, 20)} is cut off the table`);
    const own = blocks.find((b) => b.contains(piece));
    for (const other of blocks) if (other !== own && meets(r, box(other)))
      bad.push(`${piece.dataset.card || piece.getAttribute('aria-label') || piece.textContent.slice(0, 20)} runs into ${name(other)}`);
  }
  for (const card of felt.querySelectorAll('[data-card]')) {
    const corner = card.firstElementChild;
    if (!corner) continue;
    const range = document.createRange();
    range.selectNodeContents(corner);
    for (const r of range.getClientRects()) {
      if (r.width < 3) continue;
      for (const [x, y] of [[r.left + 2, r.top + r.height / 2], [r.left + r.width / 2, r.top + 2]]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !card.contains(hit)) bad.push(`${card.dataset.card} corner covered`);
      }
    }
  }
  const sizes = {words: 1000, cards: 1000, readings: 1000};
  const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const kind = el.closest('[data-card]') ? 'cards' : el.closest('rt') ? 'readings' : 'words';
    sizes[kind] = Math.min(sizes[kind], parseFloat(getComputedStyle(el).fontSize));
  }
  const cells = document.querySelector('#rendered_cells');
  return {width: f.width, height: f.height, bad: bad, sizes: sizes,
          sideways: cells ? cells.scrollWidth > cells.clientWidth + 1 : false};
}"""


def show_table(page, felt=None):
    felt = felt or page.locator(".mb-felt").first
    felt.evaluate("e => e.scrollIntoView({block: 'start'})")
    return felt


@pytest.mark.parametrize("edition", ["", "ja/"])
@pytest.mark.parametrize("scale", ["projector", "normal"])
def test_every_table_fits_the_screen_with_nothing_cut_off_covered_or_too_small(servers, chromium, scale, edition):
    # One page holds every table (a page load is what a browser test spends its time on); each
    # table is scrolled into view and measured in turn, and every table's faults are reported.
    context = chromium.new_context(viewport={"width": SCREENS[scale][0][0], "height": SCREENS[scale][0][1]})
    try:
        page = context.new_page()
        open_lesson(page, servers[scale].lesson(edition + EVERY_TABLE), ready=".mb-felt")
        felts = page.locator(".mb-felt")
        # Voilà draws the tables as their cells run: on a loaded machine the last came after 60 s
        expect(felts).to_have_count(len(TABLES), timeout=180_000)
        lines, faults = [], []
        for width, height in SCREENS[scale]:
            page.set_viewport_size({"width": width, "height": height})
            for i, table in enumerate(TABLES):
                name = f"{edition.replace('/', '-')}{table}"
                felt = show_table(page, felts.nth(i))
                laid_out(page)  # the resize and the scroll reflow the page
                measured = felt.evaluate(MEASURE)
                lines.append(f"{name:22s} {scale:9s} {width}x{height}: table {measured['width']:.0f}x{measured['height']:.0f} px,"
                             f" smallest words {measured['sizes']['words']:.1f} px, card index {measured['sizes']['cards']:.1f} px,"
                             f" smallest reading {measured['sizes']['readings']:.1f} px")
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"table-{name}-{scale}-{width}x{height}.png"))
                where = f"{name} at {width}x{height}"
                if measured["width"] > width or measured["height"] > height:
                    faults.append(f"{where}: bigger than the screen: {lines[-1]}")
                if measured["sideways"]:
                    faults.append(f"{where}: the page scrolls sideways")
                if measured["bad"]:
                    faults.append(f"{where}: {measured['bad'][:5]}")
                faults += [f"{where}: {kind} smaller than {least} px: {lines[-1]}"
                           for kind, least in SMALLEST[scale].items() if measured["sizes"][kind] < least]
                if felt.locator(".mb-message").count() != 1:
                    faults.append(f"{where}: {felt.locator('.mb-message').count()} message lines, not one")
            # The controls under a table: each number box (the deal's number) wide enough to read.
            narrow = page.locator("#rendered_cells input[type=number]").evaluate_all(
                "els => els.map(e => e.getBoundingClientRect().width).filter(w => w < 40)")
            if narrow:
                faults.append(f"{edition}every table at {width}x{height}: number boxes {narrow} px wide, too narrow to read")
        SIZES.parent.mkdir(parents=True, exist_ok=True)
        with SIZES.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
        assert faults == [], "\n".join(faults)
    finally:
        context.close()


@pytest.fixture
def projector_page(chromium):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    yield context.new_page()
    context.close()


def test_the_cards_a_pupil_may_play_stand_out_by_more_than_colour(servers, projector_page):
    page = projector_page
    open_lesson(page, servers["projector"].lesson("tricks-follow"), ready=".mb-playable")
    felt = show_table(page)
    styles = felt.locator("button.mb-card").evaluate_all("""els => els.map(b => {
        const s = getComputedStyle(b);
        return {playable: b.classList.contains('mb-playable'), disabled: b.disabled,
                y: new DOMMatrixReadOnly(s.transform).m42, shadow: s.boxShadow, filter: s.filter};
    })""")
    playable = [s for s in styles if s["playable"]]
    others = [s for s in styles if not s["playable"]]
    assert playable and others, "the position should have cards that may and may not be played"
    gold = "rgb(255, 196, 0)"
    for s in playable:
        assert s["y"] < 0 and gold in s["shadow"] and s["filter"] == "none", s  # raised, with a gold edge
    for s in others:
        assert s["y"] > 0 and gold not in s["shadow"] and "grayscale" in s["filter"], s  # lowered and greyed
        assert not s["disabled"], "a card that may not be played still says why when clicked"
    lowest_playable = min(b["y"] for b in playable)
    assert max(s["y"] for s in others) - lowest_playable >= 10, "raised and lowered: a visible step apart"
    # A click on a card that may not be played: the rule, in words, beside the trick.
    click_card(felt.locator("button.mb-other").first)
    message = felt.locator(".mb-message")
    expect(message).to_contain_text("You must follow suit", timeout=CLICK_LIMIT)
    box, centre = message.bounding_box(), felt.locator(".mb-centre").bounding_box()
    assert centre["y"] <= box["y"] and box["y"] + box["height"] <= centre["y"] + centre["height"] + 1
    assert box["y"] + box["height"] <= 768, "the message is out of sight"


def test_the_manille_hint_marks_each_playable_card_with_a_sign_and_words(servers, projector_page):
    page = projector_page
    open_lesson(page, servers["projector"].lesson("manille-hint"), ready=".mb-playable")
    felt = show_table(page)
    labels = felt.locator("button.mb-playable").evaluate_all("els => els.map(b => b.getAttribute('aria-label'))")
    assert labels and any("best card" in label for label in labels), labels
    assert all(re.search(r"best card|\d+ card point\(s\) fewer", label) for label in labels), labels
    assert all("your side takes" in label and "card points" in label for label in labels), labels
    marks = felt.locator("button.mb-playable span[aria-hidden=true]").all_inner_texts()
    assert any(mark.startswith("✓") for mark in marks), marks
    assert not felt.locator("button.mb-card:not(.mb-playable) span[aria-hidden=true]").filter(
        has_text=re.compile("^[✓!✗]")).count()  # only the cards the pupil may play carry a mark


def test_computer_cards_come_one_at_a_time_and_the_trick_it_won_stays_in_view(servers, projector_page):
    page = projector_page
    open_lesson(page, servers["projector"].lesson("minibridge-defender"), ready=".mb-playable")
    felt = show_table(page)
    most_drawings, refused = 0, False
    for _ in range(13):
        tricks_before = felt.locator('[aria-label^="trick "]').count()
        button = felt.locator("button.mb-playable").first
        handle = button.element_handle()
        click_card(button)
        page.wait_for_function("el => !el.isConnected", arg=handle, timeout=CLICK_LIMIT)  # the table redrawn
        drawings = []
        while not felt.locator("button.mb-playable").count():
            html = felt.inner_html()
            if not drawings or html != drawings[-1]:
                drawings.append(html)
            if not refused and felt.locator("button.mb-card[disabled]").count():
                # the pupil's cards are disabled while the computer plays; a click forced through is refused
                felt.locator("button.mb-card[disabled]").first.evaluate("b => { b.disabled = false; b.click(); }")
                refused = True  # checked below: the table says so
                expect(felt.locator(".mb-message")).to_contain_text("Wait a moment", timeout=CLICK_LIMIT)
                continue
            next_change(felt, html)  # the computer's next card
        most_drawings = max(most_drawings, len(drawings))
        if felt.locator('[aria-label^="trick "]').count() > tricks_before and 0 < len(trick_cards(felt)) < 4:
            # the computer won the trick and led again: the finished trick waits in the corner, with its winner
            expect(felt.locator('[aria-label="the last trick"] [data-card]')).to_have_count(4)
            assert felt.locator(".mb-last").inner_text().startswith("Last trick:")
            break
    else:
        pytest.fail("the computer never won a trick and led again")
    assert most_drawings >= 3, "the computer's cards came all at once, not one at a time"
    assert refused, "a click while the computer played was not refused in words"


def test_a_trick_by_keyboard_tab_to_a_card_and_enter(servers, chromium):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        open_lesson(page, servers["normal"].lesson("tricks"), ready=".mb-playable")
        felt = show_table(page)
        page.locator("body").click(position={"x": 2, "y": 2})
        for _ in range(80):
            page.keyboard.press("Tab")
            focused = page.evaluate("() => document.activeElement && document.activeElement.className")
            if "mb-playable" in (focused or ""):
                break
        else:
            pytest.fail("Tab never reached a card the pupil may play")
        card = page.evaluate("() => document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        page.wait_for_function("c => ![...document.querySelectorAll('button.mb-card')].some(b => b.dataset.card === c)",
                               arg=card, timeout=CLICK_LIMIT)
        assert Card.parse(card) in trick_cards(felt) or felt.locator(f'[data-card="{card}"]').count() == 1
        # the focus comes back to a card the pupil may play, so Enter plays on
        page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('mb-playable')",
                               timeout=CLICK_LIMIT)
        second = page.evaluate("() => document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        page.wait_for_function("c => ![...document.querySelectorAll('button.mb-card')].some(b => b.dataset.card === c)",
                               arg=second, timeout=CLICK_LIMIT)
    finally:
        context.close()


def test_next_card_sits_beside_the_trick_in_teacher_mode(servers, projector_page):
    page = projector_page
    open_lesson(page, servers["projector"].lesson("minibridge-teacher"), ready=".mb-felt")
    felt = show_table(page)
    step = felt.get_by_role("button", name="Next card")
    trick = felt.locator('[aria-label="the trick on the table"]')
    s, t = step.bounding_box(), trick.bounding_box()
    assert abs((s["y"] + s["height"] / 2) - (t["y"] + t["height"] / 2)) < t["height"], (s, t)
    assert 0 < s["x"] - (t["x"] + t["width"]) < 400
    assert s["y"] + s["height"] <= 768
    before = felt.inner_html()
    step.click()
    page.wait_for_function("b => document.querySelector('.mb-felt').innerHTML !== b", arg=before, timeout=CLICK_LIMIT)
    assert re.search(r"(North|East|South|West) to play", felt.inner_text())
