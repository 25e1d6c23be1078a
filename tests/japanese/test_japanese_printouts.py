"""Every line of every Japanese printout is broken the Japanese way (禁則処理, JAPANESE.md
"Printouts"): no line starts with a closing mark (。、？！）」ー …) or ends with an opening one
(（「), and no line breaks inside a word (BudouX's phrases), a card holding (♣A K 4 3 2), a sum
(4 + 4 = 8) or a number. The whole Japanese pack is made once, as `tasks.py print --lang ja` makes it."""
from __future__ import annotations

import re

import pytest

pdfium = pytest.importorskip("pypdfium2")
pytest.importorskip("fpdf")
pytest.importorskip("budoux", reason="budoux is in the lessons extra: the Japanese printouts break lines with it")

from cardlib import messages, minibridge  # noqa: E402
from teacher import pack  # noqa: E402
from teacher.paper import Sheet, break_points, without_readings  # noqa: E402

NO_START = tuple("。、？！）」ー")
NO_END = tuple("（「")
HOLDING_OR_SUM = re.compile(r"[♠♥♦♣](?: ?(?:10|[AKQJ2-9]))+|[0-9]+(?: ?[+\-−×÷=] ?[0-9]+)+")


@pytest.fixture(scope="module")
def japanese_pack():
    """Each Japanese printout (A4, one pupil's certificate): its name, the paragraphs it cut
    into lines, and the lines of text its PDF holds."""
    messages.set_language("ja")
    was = minibridge.use_rules(minibridge.edition_rules("ja"))  # as `tasks.py print --lang ja` does: the language never sets them
    try:
        made = []
        for printout in pack.printouts(names=("アイコ",)):
            sheet = printout.make("a4", None)
            data = bytes(sheet.output())
            lines = [line for page in pdfium.PdfDocument(data) for line in page_lines(page)]
            made.append((printout.name, sheet.cuts, lines))
        return made
    finally:
        minibridge.use_rules(was)
        messages.set_language("en")


def page_lines(page) -> list[str]:
    """The lines of a PDF page as they lie on the paper: its characters grouped by the height they
    sit at, left to right, a wide gap starting another line (a line's pieces and the readings drawn
    above its words come in the file in drawing order, not reading order)."""
    text = page.get_textpage()
    placed = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if char.strip():
            left, bottom, right, top = text.get_charbox(i, loose=True)
            placed.append(((bottom + top) / 2, left, right, char))
    rows: list[list] = []
    for middle, left, right, char in sorted(placed, reverse=True):  # from the top of the page
        if rows and abs(rows[-1][0][0] - middle) < 2:
            rows[-1].append((middle, left, right, char))
        else:
            rows.append([(middle, left, right, char)])
    lines = []
    for row in rows:
        line, end = "", None
        for _, left, right, char in sorted(row, key=lambda placed: placed[1]):
            if end is not None and left - end > 12:  # another column
                lines.append(line)
                line = ""
            line, end = line + char, right
        lines.append(line)
    return lines


def bad_breaks(paragraph: str, lines: list[str]) -> list[str]:
    """Each place a paragraph was broken where Japanese may not break, as 'before｜after'."""
    plain = without_readings(paragraph)
    allowed = break_points(plain)
    found, at = [], 0
    for line in [without_readings(line) for line in lines][:-1]:
        at = plain.index(line, at) + len(line)
        while at < len(plain) and plain[at] == " ":
            at += 1
        number_then_word = plain[at - 1].isdigit() and not plain[at].isascii()
        if at < len(plain) and at not in allowed and not number_then_word:
            found.append(f"{plain[max(0, at - 8):at]}｜{plain[at:at + 8]}")
    return found


def test_the_check_finds_a_word_a_holding_and_a_sum_broken_and_a_mark_starting_a_line():
    assert bad_breaks("ゲームをやくそくします。", ["ゲームをやく", "そくします。"]) == ["ゲームをやく｜そくします。"]
    assert bad_breaks("南は♣A K 4 3 2を出す。", ["南は♣A K 4 3", "2を出す。"]) != []
    assert bad_breaks("4 + 4 = 8です。", ["4 + 4 =", "8です。"]) != []
    assert bad_breaks("ハートを出してね。", ["ハートを出してね", "。"]) != []
    assert bad_breaks("ハートを持っているので、ハートを出してね。", ["ハートを持っているので、", "ハートを出してね。"]) == []


def test_a_long_japanese_paragraph_breaks_only_where_japanese_may(japanese_pack):
    sheet = Sheet()
    sheet.add_page()
    text = "南は♣A K 4 3 2を持っているので、30 × 4 + 500 = 620点になります（ゲームをやくそくしたから）。" * 4
    for width in range(50, 120, 7):  # narrower, the sum alone is wider than a line
        lines = sheet.text_lines(text, width, 11)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "") and bad_breaks(text, lines) == [], width


def test_every_line_of_every_japanese_printout_breaks_the_japanese_way(japanese_pack):
    found = {}
    for name, cuts, _ in japanese_pack:
        broken = [place for paragraph, lines in cuts for place in bad_breaks(paragraph, lines)]
        if broken:
            found[name] = broken[:3]
    assert found == {}


def test_no_line_of_a_japanese_pdf_starts_with_a_closing_mark_or_ends_with_an_opening_one(japanese_pack):
    found = {}
    for name, _, lines in japanese_pack:
        bad = [line for line in lines if line.strip().startswith(NO_START) or line.strip().endswith(NO_END)]
        if bad:
            found[name] = bad[:3]
    assert found == {}
    assert sum(len(lines) for _, _, lines in japanese_pack) > 2000  # the whole pack was read


def test_the_japanese_pack_leaves_out_the_english_schools_score_sheet(japanese_pack):
    names = [name for name, _, _ in japanese_pack]
    assert "score-sheet-club" in names and "score-sheet-schools" not in names
    assert "score-sheet-schools" in [p.name for p in pack.printouts()]
