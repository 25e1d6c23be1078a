"""Pages to keep on the table: the glossary, and the one-page card "choosing the contract"
(who declares, which trumps, partscore or game), with the rules' own numbers.

>>> glossary_sheet().page_no() >= 2, contract_card("letter").page_no()
(True, 1)
"""
from __future__ import annotations

from cardlib import Card, Rank, Suit, minibridge, say
from cardlib.minibridge import Contract
from exercises.glossary import GLOSSARY
from teacher.paper import GREY, LIGHT, Sheet


def glossary_sheet(paper: str = "a4", theme=None) -> Sheet:
    """Every word of the course with its meaning and an example, in teaching order."""
    title = say("desk_glossary_title")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    x, width = sheet.l_margin + 4, sheet.inner_width - 4
    for term in GLOSSARY:
        word, meaning, example = term
        lesson = say("desk_glossary_lesson", number=term.lesson.number)
        example = say("desk_for_example", example=example)
        sheet.room_for(sheet.line_height(12) + sheet.words_height(meaning, width, 10.5)
                       + sheet.words_height(example, width, 10) + 4)
        y = sheet.get_y()
        sheet.coloured_line(word, sheet.l_margin, y, sheet.line_height(12), 12, "B")
        sheet.set_font("sans", "B", 12)
        sheet.coloured_line(lesson, sheet.l_margin + sheet.get_string_width(word) + 3, y + 0.6,
                            sheet.line_height(12), 9, colour=GREY)
        sheet.set_y(y + sheet.line_height(12) + 0.5)
        sheet.words(meaning, x=x, width=width, size=10.5)
        sheet.words(example, x=x, width=width, size=10, style="I", colour=GREY)
        sheet.ln(3)
    return sheet


def contract_card(paper: str = "a4", theme=None) -> Sheet:
    """One page: the steps from counting points to the contract, and the tricks each needs."""
    title = say("desk_contract_card_title")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title, size=20)
    honours = {rank: Card(Suit.SPADES, rank).hcp for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)}
    steps = [
        say("desk_step_count", ace=honours[Rank.ACE], king=honours[Rank.KING], queen=honours[Rank.QUEEN],
            jack=honours[Rank.JACK]),
        say("desk_step_say"),
        say("desk_step_side"),
        say("desk_step_declarer"),
        say("desk_step_trumps"),
        say("desk_step_level", points=minibridge.GAME_POINTS),
    ]
    x, width = sheet.l_margin + 14, sheet.inner_width - 18
    for number, step in enumerate(steps, 1):
        height = sheet.words_height(step, width, 13) + 6
        y = sheet.get_y()
        sheet.set_draw_color(LIGHT)
        sheet.set_fill_color("#F6F6F6")
        sheet.rect(sheet.l_margin, y, sheet.inner_width, height, style="DF", round_corners=True, corner_radius=2)
        sheet.set_fill_color("#1B5E3A")
        sheet.circle(sheet.l_margin + 7, y + height / 2, 4.5, style="F")
        sheet.set_font("sans", "B", 13)
        sheet.set_text_color("#FFFFFF")
        sheet.set_xy(sheet.l_margin + 2.5, y + height / 2 - 3)
        sheet.cell(9, 6, str(number), align="C")
        sheet.set_y(y + 3)
        sheet.words(step, x=x, width=width, size=13)
        sheet.set_y(y + height + 3)
    sheet.ln(2)
    sheet.heading(say("desk_tricks_needed_title"), size=14)
    rows = [(say("desk_partscore_any"), Contract(None, False).tricks_needed),
            (say("desk_game_in", what=say("nt")), Contract(None, True).tricks_needed),
            (say("desk_game_in", what="♥ ♠"), Contract(Suit.SPADES, True).tricks_needed),
            (say("desk_game_in", what="♦ ♣"), Contract(Suit.CLUBS, True).tricks_needed)]
    line_h = 8.5
    for i, (words, tricks) in enumerate(rows):
        y = sheet.get_y()
        sheet.set_draw_color(LIGHT)
        sheet.line(sheet.l_margin, y + line_h, sheet.l_margin + 110, y + line_h)
        sheet.coloured_line(words, sheet.l_margin + 2, y + 1.5, 6, 13)
        sheet.coloured_line(say("desk_tricks_count", tricks=tricks), sheet.l_margin + 70, y + 1.5, 6, 13, "B")
        sheet.set_y(y + line_h)
    sheet.ln(4)
    sheet.words(say("desk_contract_card_defenders"), size=11, colour=GREY)
    return sheet
