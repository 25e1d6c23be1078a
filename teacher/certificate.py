"""Certificates, one page each, landscape: a pupil's name (or a line to write one on), the
lesson finished and the maths practised, with the four suits in colour in the corners.

>>> from exercises.course import COURSE
>>> certificates(COURSE[0], ["Aiko", "ゆうき"]).page_no()    # and one with a blank name
3
"""
from __future__ import annotations

from collections.abc import Iterable

from cardlib import Suit, say
from exercises.course import Lesson
from exercises.passport import PASSPORT_SKILLS
from teacher.passport import skill_words
from teacher.paper import GREY, Sheet

FRAME = "#1B5E3A"
GOLD = "#B8860B"


def certificates(lesson: Lesson, names: Iterable[str] = (), paper: str = "a4", theme=None,
                 passport: dict[str, set[str]] | None = None) -> Sheet:
    """A certificate for each name, then one with the name left blank to write by hand.
    ``passport`` (``ProgressStore.passport()``) adds the table skills the teacher ticked
    for each pupil, in the passport's order."""
    title = say("desk_certificates_title", number=lesson.number, title=lesson.title)
    sheet = Sheet(paper, theme, title, landscape=True)
    sheet.footer_text = ""  # nothing but the certificate on the page
    sheet.set_auto_page_break(False)
    names = list(names)
    sheet.fonts_for(*names)
    for name in [*names, ""]:
        _certificate(sheet, lesson, name, sorted((passport or {}).get(name, ()), key=PASSPORT_SKILLS.index))
    return sheet


def _certificate(sheet: Sheet, lesson: Lesson, name: str, skills: list[str] = ()) -> None:
    sheet.add_page()
    w, h = sheet.w, sheet.h
    sheet.set_line_width(2.2)
    sheet.set_draw_color(FRAME)
    sheet.rect(10, 10, w - 20, h - 20, round_corners=True, corner_radius=6)
    sheet.set_line_width(0.6)
    sheet.set_draw_color(GOLD)
    sheet.rect(15, 15, w - 30, h - 30, round_corners=True, corner_radius=4)
    corners = ((24, 20), (w - 36, 20), (24, h - 38), (w - 36, h - 38))
    for suit, (x, y) in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), corners):
        sheet.set_font("sans", "", 30)
        sheet.set_text_color(sheet.colour(suit))
        sheet.set_xy(x, y)
        sheet.cell(12, 16, suit.symbol, align="C")
    sheet.set_text_color("#000000")
    inner = w - 80

    def centred(text: str, y: float, size: float, style: str = "", family: str = "serif", colour: str = "#000000"):
        sheet.set_font(family, style, size)
        sheet.set_text_color(colour)
        sheet.set_xy(40, y)
        sheet.multi_cell(inner, size * 0.45, text, align="C")

    centred(say("desk_certificate_heading"), h * 0.17, 34, "B", colour=FRAME)
    centred(say("desk_certificate_well_done"), h * 0.31, 16, "I", colour=GREY)
    if name:
        name = say("desk_certificate_name", name=name)  # Japanese adds さん
        size = 30.0
        sheet.set_font("serif", "B", size)
        while size > 16 and sheet.get_string_width(name) > inner:  # a long name on one line
            size -= 1
            sheet.set_font("serif", "B", size)
        centred(name, h * 0.39 + (30 - size) * 0.2, size, "B")
    else:
        sheet.set_draw_color(GREY)
        sheet.set_line_width(0.4)
        sheet.line(w / 2 - 70, h * 0.39 + 13, w / 2 + 70, h * 0.39 + 13)
        after = say("desk_certificate_name", name="").strip()  # さん after the line, in Japanese
        if after:
            sheet.set_font("serif", "B", 22)
            sheet.set_text_color("#000000")
            sheet.set_xy(w / 2 + 72, h * 0.39 + 3)
            sheet.cell(sheet.get_string_width(after) + 2, 10, after)
    centred(say("desk_certificate_finished", number=lesson.number, title=lesson.title), h * 0.53, 20)
    centred(say("desk_certificate_maths", maths=lesson.maths), h * 0.63, 14, colour=GREY)
    if skills:
        words = say("desk_certificate_skills", skills=say("list_comma").join(skill_words(s) for s in skills))
        centred(words, h * 0.70, 12, colour=FRAME)
    sheet.set_draw_color(GREY)
    sheet.set_line_width(0.3)
    for x, words in ((50, say("desk_certificate_date")), (w / 2 + 20, say("desk_certificate_teacher"))):
        sheet.line(x, h * 0.82, x + w / 2 - 70, h * 0.82)
        sheet.set_font("sans", "", 10)
        sheet.set_text_color(GREY)
        sheet.set_xy(x, h * 0.82 + 1.5)
        sheet.cell(w / 2 - 70, 5, words, align="C")
    sheet.set_text_color("#000000")
