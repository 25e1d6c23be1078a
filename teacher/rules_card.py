"""A rules card for each game of a lesson with a choice (lesson 17's six Manille games), one page
in large type to lay on each table: the game's rules as the pupils' page gives them (the words are
read from the lesson's own page in the edition's language, so they are never written twice), then
today's score (lesson 16's, from the Manille score sheet's words, for a game whose page gives none).
The question the page asks and its answer stay on the page.

>>> card = rules_card(17, "widow")
>>> card.page_no()
1
>>> rules_blocks(17, "widow")[0]
('heading', 'Auction Manille 1: the widow')
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from cardlib import Rank, manille, messages, say
from exercises.course import lesson_of
from teacher.paper import GREY, LIGHT, Sheet, without_readings

ROOT = Path(__file__).resolve().parents[1]
# The file name of each game's card, the same in every edition, so that a teacher sees the game in it
CARD_NAMES = {"three": "three-player-manille", "parlee": "manille-parlee", "widow": "auction-manille-1-widow",
              "promises": "auction-manille-2-promises", "up_and_down": "auction-manille-3-up-and-down",
              "blind": "blind-manille"}
# The games whose page gives no score: pairs score as in lesson 16 (the Manille score sheet's box)
PAIRS_SCORE = ("parlee", "blind")
SIZES = (18, 17, 16, 15, 14, 13, 12)  # the body's type, the largest that fits the game on one page

_BOLD = re.compile(r"\*\*(.+?)\*\*|<b>(.+?)</b>", re.S)
_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
_RP = re.compile(r"<rp>.*?</rp>", re.S)


def notebook_path(number: int, language: str | None = None) -> Path:
    """The lesson's page in an edition: notebooks/NN_x.ipynb, or notebooks/<language>/NN_x.ipynb."""
    language = language or messages.current_language()
    folder = ROOT / "notebooks" / ("" if language == "en" else language)
    return folder / f"{lesson_of(number).notebook}.ipynb"


@lru_cache(maxsize=None)
def _game_cells(path: Path, game: str) -> tuple[str, ...]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return tuple("".join(c["source"]) for c in cells
                 if c["cell_type"] == "markdown" and c.get("metadata", {}).get("path") == game)


def _unmark(text: str) -> str:
    """Markdown and HTML as plain words: bold marks away, ruby kept as the printouts draw it."""
    text = _RP.sub("", text)
    return _BOLD.sub(lambda m: m.group(1) or m.group(2), text).strip()


def _joined(lines: list[str]) -> str:
    """A paragraph's source lines as one: a space between English lines, none between Japanese."""
    text = ""
    for line in (line.strip() for line in lines):
        text += line if not text or re.match(r"[\u3000-\u9fff（]", line) or text[-1] in "。！？」" else " " + line
    return text


def rules_blocks(number: int, game: str, language: str | None = None) -> list[tuple]:
    """The game's rules as its page gives them, in blocks to print: ("heading", words),
    ("lead", words), ("label", words), ("text", words), ("step", number, words) and
    ("table", rows). The page's question (the paragraph before its answer) and what follows
    it are left out; a game whose page gives no score ends with lesson 16's (PAIRS_SCORE)."""
    cells = _game_cells(notebook_path(number, language), game)
    if not cells:
        raise KeyError(f"lesson {number} has no game {game!r}")
    paragraphs = [p.strip() for cell in cells for p in re.split(r"\n\s*\n", cell) if p.strip()]
    answer = next((i for i, p in enumerate(paragraphs) if p.startswith("<details>")), len(paragraphs) + 1)
    paragraphs = paragraphs[:answer - 1]  # the question and its answer stay on the page
    blocks: list[tuple] = []
    for paragraph in paragraphs:
        lines = paragraph.splitlines()
        if paragraph.startswith("#"):
            blocks.append(("heading", _unmark(paragraph.lstrip("#"))))
        elif all(line.startswith("|") for line in lines):
            rows = [[_unmark(c) for c in line.strip().strip("|").split("|")] for line in lines
                    if not re.fullmatch(r"[|\-\s:]+", line)]
            blocks.append(("table", rows))
        elif len(blocks) == 1 and blocks[0][0] == "heading":
            blocks.append(("lead", _unmark(_joined(lines))))
        else:
            blocks += _words(lines)
    if game in PAIRS_SCORE:
        blocks += [("label", say("desk_rules_card_score")), ("text", pairs_score_words())]
    return blocks


def _label(line: str) -> tuple[str, str] | None:
    """A line that starts with a label in bold ("**Today's score:** …", "<b>ウィドー</b>：…", or a
    bold line alone): the label and the words after it; None for a bold word inside a sentence."""
    found = re.match(r"(?:\*\*(.+?)\*\*|<b>(.+?)</b>)", line)
    if not found:
        return None
    label, after = found.group(1) or found.group(2), line[found.end():]
    if label.endswith((":", "：")) or after.lstrip().startswith((":", "：")) or not after.strip():
        return _unmark(label).rstrip(":："), after.lstrip().lstrip(":：").strip()
    return None


def _words(lines: list[str]) -> list[tuple]:
    """A paragraph's blocks: a label, numbered steps, or words."""
    label = _label(lines[0])
    if label:
        after = label[1][:1].upper() + label[1][1:]  # "**The widow:** the player alone …": a sentence of its own
        rest = [after] * bool(after) + lines[1:]
        return [("label", label[0])] + (_words(rest) if rest else [])
    if _NUMBERED.match(lines[0]):
        items: list[list[str]] = []
        for line in lines:
            if _NUMBERED.match(line):
                items.append([line])
            else:
                items[-1].append(line)
        return [("step", int(n.group(1)), _unmark(n.group(2))) for n in (_NUMBERED.match(_joined(i)) for i in items)]
    return [("text", _unmark(_joined(lines)))]


def pairs_score_words() -> str:
    """Lesson 16's score for pairs, as the Manille score sheet gives it, with cardlib's numbers."""
    points = {rank: manille.CARD_POINTS[rank] for rank in (Rank.TEN, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)}
    return say("desk_manille_rules", ten=points[Rank.TEN], ace=points[Rank.ACE], king=points[Rank.KING],
               queen=points[Rank.QUEEN], jack=points[Rank.JACK], total=manille.PACK_POINTS,
               half=manille.HALF, target=manille.ManilleRules().target)


def card_title(number: int, game: str) -> str:
    """What the card is called in the pack's list: the lesson and the game's name (the plan's)."""
    return say("desk_rules_card_title", number=number, title=lesson_of(number).title, game=say(f"plan_game_{game}"))


def rules_card(number: int, game: str, paper: str = "a4", theme=None) -> Sheet:
    """One page for each table: the game's rules and today's score, in the largest type that fits."""
    blocks = rules_blocks(number, game)
    for size in SIZES:
        sheet = _drawn(blocks, card_title(number, game), size, paper, theme)
        sheet.type_size = size  # the body's type (a test reads it)
        if sheet.page_no() == 1:
            break
    return sheet


def _drawn(blocks: list[tuple], title: str, size: float, paper: str, theme) -> Sheet:
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    indent = size * 0.7
    for block in blocks:
        kind = block[0]
        if kind == "heading":
            sheet.heading(block[1], size=size + 9)
        elif kind == "lead":
            sheet.words(block[1], size=size, style="I", colour=GREY)
            sheet.ln(size * 0.3)
            sheet.set_draw_color(LIGHT)
            sheet.line(sheet.l_margin, sheet.get_y(), sheet.w - sheet.r_margin, sheet.get_y())
            sheet.ln(size * 0.3)
        elif kind == "label":
            sheet.ln(size * 0.1)
            sheet.words(block[1], size=size + 1, style="B")
            sheet.ln(size * 0.1)
        elif kind == "step":
            y = sheet.get_y()
            sheet.room_for(sheet.line_height(size, block[2]) * 2)
            y = sheet.get_y()
            sheet.coloured_line(f"{block[1]}.", sheet.l_margin, y, sheet.line_height(size, block[2]), size, "B")
            sheet.set_y(y)
            sheet.words(block[2], x=sheet.l_margin + indent, size=size)
            sheet.ln(size * 0.2)
        elif kind == "table":
            _table(sheet, block[1], size)
        else:
            sheet.words(block[1], size=size)
            sheet.ln(size * 0.25)
    return sheet


def _table(sheet: Sheet, rows: list[list[str]], size: float) -> None:
    """A small ruled table: its first column the rows' names, the others numbers."""
    sheet.set_font("sans", "B", size)
    first = max(sheet.get_string_width(without_readings(row[0])) for row in rows) + 6
    sheet.set_font("sans", "", size)
    column = max(sheet.get_string_width(c) for row in rows for c in row[1:]) + 8
    height = max(sheet.line_height(size, row[0]) for row in rows) + 1.5
    sheet.room_for(height * len(rows))
    top, x0 = sheet.get_y(), sheet.l_margin
    sheet.set_draw_color(GREY)
    for r, row in enumerate(rows):
        y = top + r * height
        sheet.line(x0, y + height, x0 + first + column * (len(row) - 1), y + height)
        sheet.coloured_line(row[0], x0 + 1, y + 0.75, height - 1.5, size, "B" if r == 0 else "")
        for c, cell in enumerate(row[1:]):
            sheet.coloured_line(cell, x0 + first + c * column, y + 0.75, height - 1.5, size, "B" if r == 0 else "",
                                centre_in=column)
    sheet.set_y(top + height * len(rows) + size * 0.3)
