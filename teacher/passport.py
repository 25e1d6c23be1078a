"""The MiniBridge passport: a card of table skills the teacher ticks while walking round the
tables, four cards to a page with dashed lines to cut along. The skills are the course's list
(exercises.passport.PASSPORT_SKILLS), which the class view reads too.

>>> passport(names=["Aiko", "Ben", "Chen", "Dara", "Eli"]).page_no()   # and three blank cards
2
"""
from __future__ import annotations

from collections.abc import Iterable

from cardlib import Suit, say
from exercises.passport import PASSPORT_SKILLS
from teacher.paper import GREY, INK, Sheet

COLUMNS, ROWS = 2, 2
BOX = 6.0  # mm: a tick box


def skill_words(skill: str) -> str:
    """A passport skill as the teacher and the pupil read it."""
    return say(f"passport_skill_{skill}")


def passport(paper: str = "a4", theme=None, names: Iterable[str] = ()) -> Sheet:
    """A passport for each name, then blank ones to fill the last page (a whole page if no names)."""
    title = say("desk_passport_title")
    sheet = Sheet(paper, theme, title)
    sheet.footer_text = ""
    sheet.set_auto_page_break(False, margin=sheet.b_margin)  # the cards keep to the margins
    names = list(names)
    sheet.fonts_for(*names)
    per_page = COLUMNS * ROWS
    names += [""] * (-len(names) % per_page or (per_page if not names else 0))
    width = sheet.inner_width / COLUMNS
    height = (sheet.bottom - sheet.t_margin) / ROWS
    for i, name in enumerate(names):
        place = i % per_page
        if place == 0:
            sheet.add_page()
            sheet.cut_lines(width, height, rows=ROWS, columns=COLUMNS)
        row, column = divmod(place, COLUMNS)
        _card(sheet, name, sheet.l_margin + column * width, sheet.t_margin + row * height, width)
    return sheet


def _card(sheet: Sheet, name: str, x: float, y: float, width: float) -> None:
    pad = 6
    inner = width - 2 * pad
    suits = "".join(s.symbol for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
    sheet.coloured_line(suits, x + pad, y + pad, 8, 16, centre_in=inner)
    sheet.set_font("sans", "B", 15)
    sheet.set_text_color(INK)
    sheet.set_xy(x + pad, y + pad + 9)
    sheet.multi_cell(inner, 7, say("desk_passport_title"), align="C")
    sheet.set_font("sans", "", 11)
    label = say("desk_passport_name")
    top = y + pad + 20
    sheet.set_xy(x + pad, top)
    sheet.cell(sheet.get_string_width(label) + 2, 7, label)
    if name:
        sheet.set_font("sans", "B", 12)
        sheet.cell(inner - sheet.get_string_width(label) - 2, 7, name)
    else:
        sheet.set_draw_color(GREY)
        sheet.line(x + pad + sheet.get_string_width(label) + 3, top + 6, x + width - pad, top + 6)
    sheet.set_font("sans", "I", 9)
    sheet.set_text_color(GREY)
    sheet.set_xy(x + pad, top + 9)
    sheet.multi_cell(inner, 4, say("desk_passport_how"), align="L")
    sheet.set_text_color(INK)
    row_y = sheet.get_y() + 3
    for skill in PASSPORT_SKILLS:
        sheet.set_draw_color(INK)
        sheet.set_line_width(0.4)
        sheet.rect(x + pad, row_y, BOX, BOX)
        sheet.set_xy(x + pad + BOX + 3, row_y)
        sheet.set_font("sans", "", 10.5)
        sheet.multi_cell(inner - BOX - 3, 5, skill_words(skill), align="L")
        row_y = max(sheet.get_y(), row_y + BOX) + 3
