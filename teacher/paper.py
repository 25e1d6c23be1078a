"""A sheet of paper to print on: an fpdf2 document in A4 or US Letter, with fonts that hold
the suit symbols (DejaVu, shipped with matplotlib) and Japanese (IPAexGothic, shipped with
matplotlib-fontja, used for any character DejaVu lacks), the suit colours of a card
theme, and a few ways to put words on the page. A word with ruby (``<ruby>札<rt>ふだ</rt></ruby>``)
is printed with its reading small above it, as in Japanese school books. (Why fpdf2 rather than
ReportLab or WeasyPrint: docs/architecture.md, "The printouts".)

>>> sheet = Sheet("letter", title="Test")
>>> sheet.add_page(); sheet.heading("Lesson 1: Tricks"); round(sheet.w)
216
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import Align

from cardlib import Suit, render
from cardlib import messages

PAPERS = {"a4": "A4", "letter": "Letter"}  # our name → fpdf2's
MARGIN = 15  # mm all round
INK, GREY, LIGHT = "#000000", "#555555", "#DDDDDD"
SUIT_SYMBOLS = {suit.symbol: suit for suit in Suit}
RUBY_SIZE = 0.5  # a reading's size against its word's, as in Japanese school books
RUBY_LINE = 1.8  # the height of a line of words with readings, in font sizes (1.36 without)
_RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)
# What Japanese never starts a line with (closing marks, small kana, the long mark) or ends one with
_NO_LINE_START = set("、。，．）」』】〕！？!?・：:；;ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ") | set(")]}.,")
_NO_LINE_END = set("（「『【〔([{")
_NUMBER_THEN_WORD = re.compile(r"(?<=[0-9])(?=[ァ-ヺ\u4e00-\u9fff])")
_RUBY_OR_CHAR = re.compile(r"<ruby>.*?</ruby>|.", re.S)
# A sum, its brackets too: 30 × 4 + 500 = 620, 14 − 8, (38 − 30) × 2 = 16 (lesson 16's hand records
# broke it after the ×, in both languages)
_SUM = re.compile(r"\(?[0-9][0-9,.]*\)?(?: ?[+\-−×÷=＝] ?\(?[0-9][0-9,.]*\)?)+")
# What a line never breaks inside: a card holding (♣A K 4 3 2, ♥10), a sum, a number or a Latin
# word (3NT, 1,100)
_WHOLE = re.compile(r"[♠♥♦♣]\ufe0e?(?: ?(?:10|[AKQJ2-9]))+"
                    r"|" + _SUM.pattern +
                    r"|[0-9A-Za-z][0-9A-Za-z,.'’/]*")
_FONT_FILES = {
    ("sans", ""): "DejaVuSans.ttf", ("sans", "B"): "DejaVuSans-Bold.ttf", ("sans", "I"): "DejaVuSans-Oblique.ttf",
    ("serif", ""): "DejaVuSerif.ttf", ("serif", "B"): "DejaVuSerif-Bold.ttf", ("serif", "I"): "DejaVuSerif-Italic.ttf",
}


def dejavu_folder() -> Path:
    """The DejaVu fonts matplotlib ships (its own licence file, LICENSE_DEJAVU, is beside them)."""
    spec = importlib.util.find_spec("matplotlib")
    return Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf"


def japanese_font() -> Path | None:
    """IPAexGothic from matplotlib-fontja, if it is installed (None otherwise)."""
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None:
        return None
    path = Path(spec.origin).parent / "fonts" / "ipaexg.ttf"
    return path if path.exists() else None


def without_readings(text: str) -> str:
    """A text as a printout's text layer holds it: each word with ruby, without its reading
    (the reading is drawn small above the word, and reads back on a line of its own).

    >>> without_readings("<ruby>切り札<rt>きりふだ</rt></ruby>はハート")
    '切り札はハート'
    """
    return _RUBY.sub(r"\1", text)


def is_japanese(text: str) -> bool:
    """Whether a text holds any Japanese (kana, kanji or full-width marks).

    >>> is_japanese("♠A K"), is_japanese("切り札")
    (False, True)
    """
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def break_points(text: str) -> set[int]:
    """Where a line of Japanese ``text`` (no ruby) may break, as indices into it: between the
    phrases BudouX finds (a word and its particles stay together) and at spaces, never inside
    a card holding, a sum, a number or a word, never before a closing mark (。、）」ー …) nor
    after an opening one (（「).

    >>> text = "南は♣A K 4 3 2を持っています（30 × 4 + 500 = 620）。"
    >>> [text[i:i + 6] for i in sorted(break_points(text))]
    ['♣A K 4', '持っています', '（30 × ']
    """
    found = {i for i in range(1, len(text)) if text[i - 1] == " " or text[i] == " "}
    try:
        import budoux
    except ImportError:  # without BudouX, between any two characters
        found |= set(range(1, len(text)))
    else:
        at = 0
        for phrase in _budoux().parse(text)[:-1]:
            at += len(phrase)
            found.add(at)
        # BudouX cuts some words written in kana (やく|そく): between two hiragana, only after a particle
        found = {i for i in found if not (_hiragana(text[i - 1]) and _hiragana(text[i]) and text[i - 1] not in _PARTICLES)}
    for whole in _WHOLE.finditer(text):
        found -= set(range(whole.start() + 1, whole.end()))
    return {i for i in found if text[i] not in _NO_LINE_START and text[i - 1] not in _NO_LINE_END
            and not (text[i] == " " and text[i + 1:i + 2] in _NO_LINE_START)}


_PARSER = []
_PARTICLES = set("をはがにでともへや")


def _hiragana(ch: str) -> bool:
    return "ぁ" <= ch <= "ゖ"


def _budoux():
    if not _PARSER:
        import budoux

        _PARSER.append(budoux.load_default_japanese_parser())
    return _PARSER[0]


def get_language() -> str:
    """The language the message table speaks now ("en", "ja")."""
    return messages.current_language()


class Sheet(FPDF):
    """One printout. ``paper`` is "a4" or "letter"; ``theme`` a card theme of cardlib.render
    (two-colour by default, or four-colour); ``title`` goes in the PDF's properties and in
    every page's footer."""


    def cut_lines(self, width: float, height: float, rows: int, columns: int) -> None:
        """Dashed lines to cut a page into rows x columns slips or cards, from the top left margin."""
        self.set_draw_color(GREY)
        self.set_line_width(0.3)
        left, top = self.l_margin, self.t_margin
        with self.local_context():
            self.set_dash_pattern(dash=2, gap=1.5)
            for r in range(rows + 1):
                self.line(left, top + r * height, left + columns * width, top + r * height)
            for c in range(columns + 1):
                self.line(left + c * width, top, left + c * width, top + rows * height)
    def __init__(self, paper: str = "a4", theme=None, title: str = "", landscape: bool = False):
        super().__init__(orientation="L" if landscape else "P", unit="mm", format=PAPERS[paper])
        self.paper, self.theme = paper, render.theme(theme)
        self.footer_text = title  # on every page, with the page number ("" for none)
        self._fonts: set[tuple[str, str]] = set()  # loaded when first used: parsing a font is slow
        self._japanese = False
        self._readings: dict[str, str] = {}  # each word printed with ruby -> its reading
        self.cuts: list[tuple[str, list[str]]] = []  # each Japanese paragraph and the lines it was cut into
        if get_language() != "en":
            self.fonts_for("あ")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN)
        self.set_title(title)
        self.set_creator("MiniBridge lessons")
        self.set_lang("en")
        self.set_font("sans", size=11)

    def normalize_text(self, text: str) -> str:
        """Every text fpdf2 draws or measures: a word with ruby keeps its word, and its reading
        is noted, to be drawn above it wherever the word is printed."""
        for word, reading in _RUBY.findall(text):
            self._readings.setdefault(word, reading)
        return super().normalize_text(without_readings(text))

    def multi_cell(self, w, h=None, text="", *args, **kwargs):
        """As FPDF.multi_cell; a Japanese text is cut into lines the Japanese way first
        (``japanese_lines``), with room above each line for its words' readings."""
        if is_japanese(text):
            if "<ruby>" in text:
                h = max(h or 0, self.font_size * RUBY_LINE)  # room above each line for its readings
            width = (w or self.w - self.r_margin - self.x) - 2 * self.c_margin
            text = "\n".join(line for paragraph in text.split("\n") for line in self.ruby_lines(paragraph, width))
        return super().multi_cell(w, h, text, *args, **kwargs)

    def ruby_lines(self, text: str, width: float) -> list[str]:
        """``text`` (one paragraph, ruby kept) cut into lines no wider than ``width`` mm, only
        where Japanese may break (``break_points``); a piece wider than a line alone is cut
        between its characters, still never before a closing mark nor after an opening one.
        Each paragraph and its lines are kept in ``self.cuts`` (a test reads them)."""
        units = _RUBY_OR_CHAR.findall(text)
        plain = [without_readings(unit) for unit in units]
        breaks = break_points("".join(plain))
        pieces, piece, at = [], "", 0
        for unit, shown in zip(units, plain):
            if piece and at in breaks:
                pieces.append(piece)
                piece = ""
            piece += unit
            at += len(shown)
        pieces.append(piece)
        lines, line = [], ""
        for piece in pieces:
            for part in self._fitting(piece, width):
                if line.strip() and self.get_string_width(line + part.rstrip()) > width:
                    lines.append(line.rstrip())
                    line = part.lstrip()
                else:
                    line += part
        lines.append(line.rstrip())
        self.cuts.append((text, lines))
        return lines

    def _fitting(self, piece: str, width: float) -> list[str]:
        """A piece as it is, or, wider than a whole line, cut where a number meets a word
        (7|トリック) or, still too wide, between its characters where kinsoku allows."""
        if self.get_string_width(piece.strip()) <= width:
            return [piece]
        at_words = [part for part in _NUMBER_THEN_WORD.split(piece) if part]
        if len(at_words) > 1 and all(self.get_string_width(part.strip()) <= width for part in at_words):
            return at_words
        parts, part = [], ""
        for unit in _RUBY_OR_CHAR.findall(piece):
            shown = without_readings(unit)
            if (part and self.get_string_width(part + shown) > width and shown[0] not in _NO_LINE_START
                    and without_readings(part)[-1] not in _NO_LINE_END):
                parts.append(part)
                part = ""
            part += unit
        return parts + [part]

    def _render_styled_text_line(self, text_line, h=None, *args, **kwargs):
        # fpdf2 2.8 may not re-select the main font for a line that starts in it after a line
        # that ended in the Japanese fallback font ("4人" drew its 4 in another font and size):
        # make it select the font at the start of every line.
        self.current_font_is_set_on_page = False
        x, y, page = self.x, self.y, self.page
        new_page = super()._render_styled_text_line(text_line, h, *args, **kwargs)
        if self._readings and text_line.fragments:
            if new_page and self.page != page:
                y = self.t_margin
            self._draw_readings(text_line, h, x, y, kwargs.get("padding"), kwargs.get("center", False))
        return new_page

    def _draw_readings(self, text_line, h, x: float, y: float, padding, center: bool) -> None:
        """Each reading of the words in a line just drawn at (x, y), small and centred above its
        word, where fpdf2 placed the line (its alignment and cell margins)."""
        fragments = text_line.get_ordered_fragments()
        widths, chars = [], []  # each character's left edge, from the line's start
        start = 0.0
        for frag in fragments:
            for i, char in enumerate(frag.characters):
                widths.append(start + frag.get_width(0, i) if i else start)
                chars.append((char, frag))
            start += frag.get_width()
        widths.append(start)
        line = "".join(char for char, _ in chars)
        text_width = text_line.text_width or start
        w = text_line.max_width
        left_margin = self.c_margin if padding is None or padding.left == 0 else 0
        if w is None:
            w = text_width + 2 * left_margin
        elif w == 0:
            w = self.w - self.r_margin - x
        if center:
            x = self.l_margin + (self.epw - w) / 2
        elif text_line.align == Align.X:
            x -= w / 2
        dx = (w - left_margin - text_width if text_line.align == Align.R
              else (w - text_width) / 2 if text_line.align in (Align.C, Align.X) else left_margin)
        size = max(frag.font_size for frag in fragments)
        baseline = y + 0.5 * (h or size) + 0.3 * size
        family, style, points, colour = self.font_family, self.font_style, self.font_size_pt, self.text_color
        words = sorted(self._readings, key=len, reverse=True)
        at = 0
        while at < len(line):
            word = next((word for word in words if line.startswith(word, at)), None)
            if word is None:
                at += 1
                continue
            frag = chars[at][1]
            self.fonts_for(self._readings[word])
            self.set_font("japanese" if self._japanese else family, "", frag.font_size_pt * RUBY_SIZE)
            self.set_text_color(frag.text_color if frag.text_color is not None else INK)
            reading_width = self.get_string_width(self._readings[word])
            left, right = widths[at], widths[at + len(word)]
            self.text(x + dx + (left + right - reading_width) / 2, baseline - 0.92 * frag.font_size,
                      self._readings[word])
            at += len(word)
        self.set_font(family, style, points)
        self.set_text_color(colour)

    # --- fonts ---
    def set_font(self, family: str | None = None, style: str = "", size: float = 0) -> None:
        """As FPDF.set_font; DejaVu's "sans" and "serif" (styles "", "B", "I") load on first use."""
        key = (family, (style if isinstance(style, str) else style.style).upper())  # fpdf2 may pass a TextEmphasis
        if key in _FONT_FILES and key not in self._fonts:
            self.add_font(family, key[1], dejavu_folder() / _FONT_FILES[key])
            self._fonts.add(key)
        super().set_font(family, style, size)

    def fonts_for(self, *texts: str) -> None:
        """Make sure these texts can be drawn: Japanese (or any letter DejaVu lacks) needs
        IPAexGothic as the fallback font, loaded only then (it is large)."""
        if self._japanese or all(ord(ch) < 0x2E80 for text in texts for ch in text):
            return
        fallback = japanese_font()
        if fallback is not None:
            self.add_font("japanese", "", fallback)
            self.set_fallback_fonts(["japanese"], exact_match=False)
            self._japanese = True

    # --- the page ---
    @property
    def inner_width(self) -> float:
        """The width between the margins."""
        return self.w - self.l_margin - self.r_margin

    @property
    def bottom(self) -> float:
        """Where the writing must stop on this page."""
        return self.h - self.b_margin

    def footer(self) -> None:
        if not self.footer_text:
            return
        self.set_y(-10)
        self.set_font("sans", size=8)
        self.set_text_color(GREY)
        self.cell(0, 4, f"{self.footer_text} · {self.page_no()}/{{nb}}", align="R")

    def room_for(self, height: float) -> None:
        """Start a new page unless ``height`` mm still fit below the writing position."""
        if self.get_y() + height > self.bottom:
            self.add_page()

    # --- colours ---
    def colour(self, suit: Suit) -> str:
        """A suit's colour in this printout's theme."""
        return self.theme.colour(suit)

    # --- words ---
    def heading(self, text: str, size: float = 18, align: str = "L", family: str = "sans") -> None:
        """A bold heading on its own line."""
        self.set_font(family, "B", size)
        self.set_text_color(INK)
        self.multi_cell(0, size * 0.5, text, align=align, new_x="LMARGIN", new_y="NEXT")
        self.ln(size * 0.15)

    def text_lines(self, text: str, width: float, size: float = 11, style: str = "") -> list[str]:
        """How ``text`` breaks into lines ``width`` mm wide (each keeping its words' ruby)."""
        self.set_font("sans", style, size)
        if is_japanese(text):
            return [line for paragraph in text.split("\n")
                    for line in self.ruby_lines(paragraph, width - 2 * self.c_margin)]
        # a sum's spaces do not break (fpdf keeps a no-break space whole and prints it as a space)
        guarded = _SUM.sub(lambda sum_: sum_.group(0).replace(" ", "\u00a0"), text)
        return [line.replace("\u00a0", " ") for line in self.multi_cell(width, text=guarded, dry_run=True, output="LINES")]

    def widest_piece(self, text: str, size: float = 11, style: str = "") -> float:
        """The width, in mm, of the widest piece of ``text`` a line may not break: a word, or
        in Japanese a phrase (``break_points``)."""
        self.set_font("sans", style, size)
        plain = without_readings(text)
        cuts = sorted(break_points(plain) | {0, len(plain)}) if is_japanese(plain) else None
        pieces = [plain[a:b] for a, b in zip(cuts, cuts[1:])] if cuts else plain.split()
        return max((self.get_string_width(piece.strip()) for piece in pieces), default=0)

    def line_height(self, size: float, text: str = "") -> float:
        """The height of one line of words ``size`` points high (more when ``text`` has ruby, or a
        word printed with ruby before: its reading is drawn above it wherever it is printed, and a
        hand record's 切り札 ran into the line above)."""
        return size / self.k * RUBY_LINE if self.has_readings(text) else size * 0.48

    def has_readings(self, text: str) -> bool:
        """Whether readings will be drawn over ``text``: its own ruby, or a word printed with ruby before."""
        if "<ruby>" in text:
            return True
        plain = without_readings(text)
        return is_japanese(plain) and any(word in plain for word in self._readings)

    def words_height(self, text: str, width: float | None = None, size: float = 11, style: str = "") -> float:
        """The height ``words`` will take."""
        width = self.inner_width if width is None else width
        return len(self.text_lines(text, width, size, style)) * self.line_height(size, text)

    def words(self, text: str, x: float | None = None, width: float | None = None, size: float = 11,
              style: str = "", colour: str = INK) -> float:
        """Words wrapped to ``width`` mm from ``x``, with every suit symbol in its colour;
        moves the writing position below them and returns their height."""
        x = self.l_margin if x is None else x
        width = self.inner_width - (x - self.l_margin) if width is None else width
        height = self.line_height(size, text)
        lines = self.text_lines(text, width, size, style)
        self.room_for(height * min(len(lines), 2))
        for line in lines:
            if self.get_y() + height > self.bottom:
                self.add_page()
            self.coloured_line(line, x, self.get_y(), height, size, style, colour)
            self.set_y(self.get_y() + height)
        self.set_x(self.l_margin)
        return height * len(lines)

    def coloured_line(self, line: str, x: float, y: float, height: float, size: float, style: str = "",
                      colour: str = INK, family: str = "sans", centre_in: float | None = None) -> float:
        """One line at (x, y), suit symbols in their colours (centred in ``centre_in`` mm
        from x, if given); returns its width."""
        self.set_font(family, style, size)
        if centre_in is not None:
            x += max(0.0, (centre_in - self.get_string_width(line)) / 2)
        start = x
        for piece in _pieces(line):
            suit = SUIT_SYMBOLS.get(piece)
            self.set_text_color(self.colour(suit) if suit is not None else colour)
            width = self.get_string_width(piece)
            self.set_xy(x, y)
            self.cell(width, height, piece)
            x += width
        self.set_text_color(INK)
        return x - start


def _pieces(line: str) -> list[str]:
    """A line cut into runs of plain text and single suit symbols.

    >>> _pieces("Trumps: ♥ hearts")
    ['Trumps: ', '♥', ' hearts']
    """
    pieces, run = [], ""
    for char in line:
        if char in SUIT_SYMBOLS:
            if run:
                pieces.append(run)
            pieces.append(char)
            run = ""
        else:
            run += char
    if run:
        pieces.append(run)
    return pieces
