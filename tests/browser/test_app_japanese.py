"""The Japanese edition in a real browser: Voilà keeps the readings (<ruby> survives its
sanitiser and reaches the DOM) and JupyterLab shows them in brackets, JupyterLab's menus are in
Japanese, and the text is drawn in a Japanese font (no missing-glyph boxes). Screenshots of the
Japanese app at projector size go to docs/screenshots/."""
from __future__ import annotations

import re

import pytest
from app_pages import ROOT, WIDGETS_DRAWN, open_lesson
from tests.house.test_jupyterlab import japanese_lab  # noqa: F401  (JupyterLab as tasks.py lessons --lang ja starts it)

DOCS = ROOT / "docs" / "screenshots"

READINGS = """() => [...document.querySelectorAll('ruby')].map(r => [r.innerText, r.querySelector('rt')?.innerText])"""


def fonts_used(page, selector: str = "h1, h2, p, li, td, th") -> dict[str, int]:
    """Each font Chromium drew the page's text with, and how many characters it drew."""
    client = page.context.new_cdp_session(page)
    client.send("DOM.enable")
    client.send("CSS.enable")
    root = client.send("DOM.getDocument", {"depth": -1})["root"]
    fonts: dict[str, int] = {}
    for node in client.send("DOM.querySelectorAll", {"nodeId": root["nodeId"], "selector": selector})["nodeIds"][:200]:
        for used in client.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]:
            fonts[used["familyName"]] = fonts.get(used["familyName"], 0) + used["glyphCount"]
    return fonts


JAPANESE_FONT = ("CJK", "JP", "Gothic", "Hiragino", "Meiryo")


def test_voila_keeps_the_readings_and_draws_them_in_a_japanese_font(projector_app, chromium):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson("ja/03_points"))
        readings = page.evaluate(READINGS)
        assert ["手札", "てふだ"] in [[word.replace(reading or "", "").strip(), reading] for word, reading in readings]
        fonts = fonts_used(page)
        assert not [f for f in fonts if "Last Resort" in f], fonts  # Chromium's boxes for characters no font has
        japanese = sum(n for f, n in fonts.items() if any(word in f for word in JAPANESE_FONT))
        assert japanese > sum(fonts.values()) / 2, f"most of the text is not in a Japanese font: {fonts}"
    finally:
        context.close()


def test_jupyterlab_shows_the_readings_and_its_menus_in_japanese(japanese_lab, chromium):  # noqa: F811
    # JupyterLab's sanitiser takes <ruby> and <rt> out of markdown (not in its allowed tags) but
    # keeps their text: the lessons' <rp> brackets keep each reading apart from its word.
    url, _ = japanese_lab
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        page.goto(f"{url}/lab/tree/notebooks/ja/03_points.ipynb", timeout=120_000)
        page.wait_for_function("""() => [...document.querySelectorAll('.jp-MarkdownOutput')]
            .some(e => e.innerText.includes('手札'))""", timeout=120_000)
        first = page.locator(".jp-MarkdownOutput", has_text="手札").first
        assert "手札（てふだ）" in first.inner_text() and "手札てふだ" not in first.inner_text()
        menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert "編集" in menus and "Edit" not in menus, menus
    finally:
        context.close()


@pytest.mark.parametrize("name, page_name", [("ja-contents", "ja/00_contents"), ("ja-lesson-table", "ja/02_trumps")])
def test_screenshots_of_the_japanese_app_at_projector_size(projector_app, chromium, name, page_name):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson(page_name))
        if page_name.endswith("trumps"):
            table = page.locator(".mb-felt").first
            table.wait_for(timeout=60_000)
            table.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.evaluate("() => document.fonts.ready")
        DOCS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOCS / f"{name}-1024x768.png"))
        assert (DOCS / f"{name}-1024x768.png").stat().st_size > 10_000
    finally:
        context.close()


def test_a_3rd_grade_classs_app_reads_the_kanji_of_grade_3_in_the_text_and_the_widgets(needs_chromium, chromium):
    from app_server import running_app

    ruby_in = """s => [...document.querySelectorAll(s)].map(r => [r.firstChild.textContent, r.querySelector('rt')?.innerText])"""
    with running_app(class_grade=3, warm=1) as third_grade:
        context = chromium.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        try:
            # the widgets' words come from the kernel after the page's own text: wait for them (a
            # loaded machine evaluated the page before any widget had drawn its words)
            open_lesson(page, third_grade.lesson("ja/01_tricks"), ready=".widget-html-content ruby, .jupyter-widgets ruby")
            page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
            text = page.evaluate(ruby_in, ".jp-RenderedMarkdown ruby")
            widgets = page.evaluate(ruby_in, ".widget-html-content ruby, .jupyter-widgets ruby")
            assert ["取", "と"] in text and ["勝", "か"] in text and ["順", "じゅん"] in text  # grade 3, and above as ever
            assert ["問", "もん"] in widgets  # the exercises' messages (the catalogue) read them too
            buttons = " ".join(page.locator(".jupyter-button, .widget-toggle-button").all_inner_texts())
            assert "<ruby>" not in buttons and "<rt>" not in buttons
        finally:
            context.close()


# Each line of text as the browser broke it, for every innermost block the selector finds: the
# characters of the block in order (readings, MathJax's hidden copy and pictures left out; a
# space as one space), a new line where a character sits lower than the line's first one by more
# than half its height.
LINES = r"""(selector) => {
  const blocks = [...document.querySelectorAll(selector)].filter(b => b.offsetParent !== null);
  return blocks.filter(b => !blocks.some(o => o !== b && b.contains(o))).map(b => {
    const lines = [];
    let line = '', top = null, node;
    const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    while ((node = walker.nextNode())) {
      if (node.parentElement.closest('rt, rp, svg, style, script, mjx-assistive-mml')) continue;
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        if (/\s/.test(node.data[i])) { line += ' '; continue; }  // a space the line broke at ends the line
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (top !== null && box.top > top + box.height / 2) { lines.push(line); line = ''; top = null; }
        if (top === null) top = box.top;
        line += node.data[i];
      }
    }
    return line ? [...lines, line] : lines;
  }).filter(lines => lines.length);
}"""
SCREENS = [{"width": 1024, "height": 768}, {"width": 1366, "height": 768}]
AFTER_PUNCTUATION = set("、。，：；）」』！？ ")  # a line may break after these in any Japanese text


def lines_on_screen(chromium, url: str, screen: dict, selector: str) -> list[list[str]]:
    context = chromium.new_context(viewport=screen)
    page = context.new_page()
    try:
        open_lesson(page, url)
        page.evaluate("() => document.fonts.ready")
        return page.evaluate(LINES, selector)
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
@pytest.mark.parametrize("lesson, label", [("ja/12_a_whole_hand", "ディクレアラー")])
def test_a_japanese_tables_labels_break_between_phrases_never_inside_a_word(projector_app, chromium, screen, lesson, label):
    """Lesson 12's score sheet on the class screen: a label that wraps breaks between two of
    BudouX's phrases, at a space or after punctuation, never inside a word (they read
    ディクレア|ラー and トリッ|ク; lesson 14's MiniBridge-and-Manille table, which read
    スーツフォ|ローは？, is now in the teacher's notes, off the class screen)."""
    from teacher.paper import break_points

    cells = lines_on_screen(chromium, projector_app.lesson(lesson), screen, "#rendered_cells th, #rendered_cells td")
    assert any(label in "".join(lines) for lines in cells)
    for lines in cells:
        label = "".join(lines)
        allowed = break_points(label) | {i for i in range(1, len(label)) if label[i - 1] in AFTER_PUNCTUATION}
        at = 0
        for line in lines[:-1]:
            at += len(line)
            assert at in allowed, f"{label!r} breaks inside a word: {' | '.join(lines)}"


NO_LINE_START = set("。、，．）」』！？ー")
NO_LINE_END = set("（「『")


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_no_line_of_a_japanese_lesson_starts_with_a_closing_mark(projector_app, chromium, screen):
    """Lesson 18 on the class screen, its fractions (MathJax) in the sentences: no line starts
    with 。、） nor ends with （ (a lone 。 after 1/13 sat on its own line at 1366x768)."""
    blocks = lines_on_screen(chromium, projector_app.lesson("ja/18_chance_and_cards"), screen,
                             "#rendered_cells :is(p, li, th, td, .widget-html-content)")
    assert any("エースは" in "".join(lines) for lines in blocks)
    lines_of = [[line.strip() for line in lines] for lines in blocks]
    cut = [" | ".join(lines) for lines in lines_of
           if any(line[:1] in NO_LINE_START for line in lines[1:]) or any(line[-1:] in NO_LINE_END for line in lines[:-1])]
    assert cut == []


# For each line of chances on the page: the words of its marks, and each dashed line that runs
# through the drawn words (getBBox: the fonts the browser really used) of another mark.
CHANCE_LINES = r"""() => [...document.querySelectorAll('#rendered_cells svg[role=img]')]
  .filter(svg => svg.querySelector('line[stroke-dasharray]')).map(svg => {
    const lines = [...svg.querySelectorAll('line[stroke-dasharray]')].map(l => [l.x1.baseVal.value, l.y1.baseVal.value, l.y2.baseVal.value]);
    const words = [...svg.querySelectorAll('text[fill="#000"]')].map(t => [t.textContent, t.getBBox()]);
    const width = svg.viewBox.baseVal.width;
    const crossed = [];
    lines.forEach(([x, top, bottom], i) => words.forEach(([text, box], j) => {
      if (i !== j && box.x <= x && x <= box.x + box.width && top < box.y + box.height && box.y < bottom) crossed.push(text);
    }));
    const outside = words.filter(([, box]) => box.x < 0 || box.x + box.width > width).map(([text]) => text);
    return {marks: words.map(([text]) => text), crossed, outside};
  })"""


def test_the_chance_lines_dashed_lines_cross_no_words_as_the_browser_draws_them(projector_app, chromium):
    context = chromium.new_context(viewport=SCREENS[0])
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson("ja/18_chance_and_cards"))
        page.evaluate("() => document.fonts.ready")
        pictures = page.evaluate(CHANCE_LINES)
    finally:
        context.close()
    assert pictures and all(len(p["marks"]) >= 4 for p in pictures), pictures
    assert [(p["crossed"], p["outside"]) for p in pictures] == [([], [])] * len(pictures)


# a katakana word, a lone kanji with its kana ending (多い), a number
JAPANESE_WORD = re.compile(r"[ァ-ヺー]{2,}|(?<![一-龯々])[一-龯々][ぁ-ゖ]|\d+")


def test_a_japanese_paragraph_breaks_its_lines_between_phrases(chromium):
    """Lesson 5's page ended a line with 「（いちばん多」 and began the next with 「いスーツ）」: Japanese
    text may break anywhere, and a child reading slowly loses the word. Where Chromium can, a
    paragraph now breaks between phrases. Every paragraph of the Japanese lesson 5 without markup,
    at widths from a phone's to a projector's, keeps each katakana word, each lone kanji with its
    kana ending, and each number on one line."""
    import json

    from exercises.lesson_page import EVERY_PAGE_CSS, JAPANESE_CSS

    cells = json.loads((ROOT / "notebooks" / "ja" / "05_choosing_the_contract.ipynb").read_text(encoding="utf-8"))["cells"]
    paragraphs = [line.replace("**", "") for cell in cells if cell["cell_type"] == "markdown"
                  for line in "".join(cell["source"]).split("\n")
                  if len(line) > 40 and not line.startswith(("#", "-", "|", "<", "1.")) and "<details" not in line]
    assert len(paragraphs) >= 8
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        split = set()
        for width in range(300, 1000, 23):
            page.set_content(f'<html lang="ja"><head><meta charset="utf-8">{EVERY_PAGE_CSS}{JAPANESE_CSS}</head><body>'
                             f'<div class="jp-RenderedMarkdown" style="width:{width}px">{body}</div></body></html>')
            page.evaluate("() => document.fonts.ready")
            for lines in page.evaluate(LINES, ".jp-RenderedMarkdown p"):
                text, line = "".join(lines), [n for n, words in enumerate(lines) for _ in words]
                split |= {(width, word.group()) for word in JAPANESE_WORD.finditer(text)
                          if len(set(line[word.start():word.end()])) > 1}
        assert not split, f"words split across two lines (width, word): {sorted(split)[:12]}"
    finally:
        context.close()
