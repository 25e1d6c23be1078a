"""The traveller in a real browser, served with the projector option as the class screen: the
teacher picks a lesson's deals, writes real-card tables' results on the form, and the
traveller shows them ranked with matchpoints in words, the average and the par, with the
maths questions but never their answers; under the English schools' rules each score is in the
column of the side that earned it and nobody writes a minus; it fits 1024×768 and 1280×720 without a sideways
scroll. Screenshots go to docs/screenshots/traveller-*.png."""
from __future__ import annotations

import re

import pytest
from app_server import ROOT, running_app
from test_app_screens import SCREENS, assert_fits_the_projector

LOAD_LIMIT_MS = 180_000
SHOTS = ROOT / "docs" / "screenshots"
# 4A: South declares; the lesson plays NT partscore (9 tricks with good play); the par is ♠ game, 420
PLAYED = [("1", "NT partscore", "9"), ("2", "NT game", "9"), ("3", "NT game", "8"), ("4", "NT partscore", "9")]


@pytest.fixture(scope="module")
def projector_teacher_pages(needs_chromium):
    with running_app(projector=True, notebooks=ROOT / "teacher") as app:
        yield app


def test_the_traveller_on_the_projector(projector_teacher_pages, chromium):
    context = chromium.new_context(viewport={"width": SCREENS[0][0], "height": SCREENS[0][1]})
    page = context.new_page()
    try:
        page.goto(f"{projector_teacher_pages.url}/voila/render/traveller.ipynb", timeout=LOAD_LIMIT_MS)
        page.get_by_role("button", name="Play these deals").click(timeout=LOAD_LIMIT_MS)
        page.get_by_text("No table has finished this board yet.").first.wait_for(timeout=60_000)
        for table, contract, tricks in PLAYED:
            page.get_by_label("Table", exact=True).fill(table)
            page.get_by_label("Contract", exact=True).select_option(label=contract)
            page.get_by_label("Tricks declarer took").fill(tricks)
            page.get_by_role("button", name="Put it on the traveller").click()
            page.get_by_text(f"Table {table}, board 4A").wait_for(timeout=30_000)
        page.get_by_label("Table", exact=True).fill("5")
        page.get_by_label("Tricks declarer took").fill("14")
        page.get_by_role("button", name="Put it on the traveller").click()
        page.get_by_text("14 is not a number of tricks").wait_for(timeout=30_000)
        traveller = page.locator(".mb-traveller")
        text = traveller.inner_text()
        assert "beat 3 tables" in text and "beat 1 table, tied with 1" in text
        # 400 + 150 + 150 for N–S, 50 for E–W (table 3, one down)
        assert "N–S scored 700 in all, E–W 50. 700 − 50 = 650 more for N–S, and 650 ÷ 4 = about 163" in text
        assert "♠ game by South, 10 tricks, N–S 420" in text
        assert "How many more did N–S score at table 2 than at table 4?" in text and "Answer" not in text
        assert not re.search(r"[−-]\d", text)  # no score with a minus
        columns = traveller.locator("tr").first.locator("td").all_inner_texts()
        row = traveller.locator("tr", has_text="beat no table").locator("td").all_inner_texts()
        assert columns[5:7] == ["N–S", "E–W"] and row[5:7] == ["", "50"]  # in E–W's column
        assert_fits_the_projector(page, "the traveller")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => document.querySelector('.mb-traveller').scrollIntoView({block: 'start'})")
            page.screenshot(path=str(SHOTS / f"traveller-projector-{width}x{height}.png"))
    finally:
        context.close()


# A word of a Japanese traveller cell: a katakana word (テーブル, ディクレアラー), a kanji word with
# its kana ending (勝ち, 得点), a place (3ばん) or a number; none may be split across two lines.
JAPANESE_WORD = re.compile(r"[ァ-ヺー]+|[一-龯々]+[ぁ-ゖ]?|\d+ばん|[−\d]+")
NO_LINE_START = "、。ー）」・"
# Each cell's letters (readings left out) with the line each is drawn on.
CELL_LINES = """() => [...document.querySelectorAll('.mb-traveller td')].map(td => {
  const letters = [];
  const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('rt, rp')) continue;
    for (let i = 0; i < node.length; i++) {
      if (!node.data[i].trim()) continue;
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      letters.push([node.data[i], range.getBoundingClientRect().top]);
    }
  }
  return letters;
})"""


def test_the_japanese_travellers_cells_break_lines_between_words_on_the_projector(chromium, monkeypatch):
    from cardlib import messages, minibridge, render
    from cardlib.duplicate import check_result, seeded_boards
    from exercises.lesson_page import EVERY_PAGE_CSS, JAPANESE_CSS, PROJECTOR_CSS
    from teacher.traveller import traveller_html

    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment({"MINIBRIDGE_PROJECTOR": "1"}))
    board = seeded_boards(1, seed=3)[0]
    played = [("NT partscore", 9), ("NT game", 9), ("NT game", 8), ("NT partscore", 9), ("♠ game", 10), ("NT partscore", 7)]
    language = messages.current_language()
    messages.set_language("ja")
    minibridge.use_rules(minibridge.edition_rules("ja"))
    try:
        html = traveller_html([board], [check_result(board, t, board.declarer, c, n) for t, (c, n) in enumerate(played, 1)])
    finally:
        messages.set_language(language)
        minibridge.use_rules(minibridge.edition_rules(language))
    width, height = SCREENS[0]
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        # the class screen's page: its text 1.9 times JupyterLab's 13 px, an output 994 px wide at 1024
        page.set_content(f'<html><head><meta charset="utf-8">{PROJECTOR_CSS}{EVERY_PAGE_CSS}{JAPANESE_CSS}</head>'
                         f'<body style="margin:0;font-size:13px"><div class="jp-RenderedHTMLCommon" style="width:994px">'
                         f'{html}</div></body></html>')
        page.evaluate("() => document.fonts.ready")
        cells = page.evaluate(CELL_LINES)
        assert len(cells) == 9 * (len(played) + 1) and "テーブル" in "".join(letter for cell in cells for letter, _ in cell)
        split, starts = [], []
        for cell in cells:
            text = "".join(letter for letter, _ in cell)
            line = [0]
            for (_, top), (_, before) in zip(cell[1:], cell):
                line.append(line[-1] + (top > before + 5))
            split += [word.group() for word in JAPANESE_WORD.finditer(text) if len(set(line[word.start():word.end()])) > 1]
            starts += [text[i] for i in range(1, len(text)) if line[i] != line[i - 1] and text[i] in NO_LINE_START]
        assert not split, f"words split across two lines in the traveller's cells: {split}"
        assert not starts, f"lines starting with {starts} in the traveller's cells"
        assert page.evaluate("() => document.querySelector('.mb-traveller table').getBoundingClientRect().width") <= 994, \
            "the Japanese traveller is wider than the class screen"
        page.locator(".mb-traveller table").screenshot(path=str(SHOTS / f"traveller-projector-ja-{width}x{height}.png"))
    finally:
        context.close()
