"""Score sheets to fill in at the table: MiniBridge with the English schools' rules or the
club's rules, and Manille to 101. Each has the rules in a box and a worked example line; the
pupils work out each score themselves (no ready-reckoner). Every number comes from
cardlib.minibridge and cardlib.manille.

>>> sheet = manille_score_sheet()
>>> sheet.page_no()
1
"""
from __future__ import annotations

from collections.abc import Sequence

from cardlib import Rank, Seat, Side, Suit, manille, minibridge, say
from cardlib.minibridge import Scoring
from teacher.paper import GREY, LIGHT, Sheet

BLANK_LINES = 14
ROW_HEIGHT = 7.5


def ruled_table(sheet: Sheet, headings: Sequence[str], widths: Sequence[float], rows: Sequence[Sequence[str]],
          size: float = 10, row_h: float = ROW_HEIGHT, example: int | None = None) -> None:
    """A ruled table; headings wrap onto more lines if narrow; row ``example`` in grey."""
    scale = sheet.inner_width / sum(widths)
    widths = [w * scale for w in widths]
    # a column narrower than a word of its heading (ディクレアラー) takes the room from the others' spare
    needs = [sheet.widest_piece(h, size, "B") + 1.5 + 2 * sheet.c_margin + 0.5 for h in headings]
    short = sum(max(0.0, need - w) for need, w in zip(needs, widths))
    spare = sum(max(0.0, w - need) for need, w in zip(needs, widths))
    if short and spare >= short:
        widths = [need if w < need else w - (w - need) * short / spare for need, w in zip(needs, widths)]
    line_h = sheet.line_height(size)
    wrapped = [sheet.text_lines(h, w - 1.5, size, "B") for h, w in zip(headings, widths)]
    head_line = max(sheet.line_height(size, h) for h in headings)  # room above each line for readings
    head_h = max(len(lines) for lines in wrapped) * head_line + 2
    sheet.room_for(head_h + row_h * min(len(rows), 3))
    y = sheet.get_y()
    x0 = sheet.l_margin
    sheet.set_draw_color(GREY)
    sheet.set_line_width(0.25)
    sheet.set_fill_color("#EEEEEE")
    x = x0
    for lines, w in zip(wrapped, widths):
        sheet.rect(x, y, w, head_h, style="DF")
        top = y + (head_h - len(lines) * head_line) / 2
        for i, line in enumerate(lines):
            sheet.coloured_line(line, x, top + i * head_line, head_line, size, "B", centre_in=w)
        x += w
    y += head_h
    for number, row in enumerate(rows):
        if y + row_h > sheet.bottom:
            sheet.add_page()
            y = sheet.get_y()
        x = x0
        colour = GREY if number == example else "#000000"
        for text, w in zip(row, widths):
            sheet.rect(x, y, w, row_h)
            if text:
                sheet.coloured_line(text, x, y + (row_h - line_h) / 2, line_h, size,
                                    "I" if number == example else "", colour, centre_in=w)
            x += w
        y += row_h
    sheet.set_y(y + 4)


def _rules_box(sheet: Sheet, text: str) -> None:
    height = sheet.words_height(text, sheet.inner_width - 8, 10) + 6
    sheet.room_for(height)
    y = sheet.get_y()
    sheet.set_draw_color(LIGHT)
    sheet.set_fill_color("#F6F6F6")
    sheet.rect(sheet.l_margin, y, sheet.inner_width, height, style="DF", round_corners=True, corner_radius=2)
    sheet.set_y(y + 3)
    sheet.words(text, x=sheet.l_margin + 4, width=sheet.inner_width - 8, size=10)
    sheet.set_y(y + height + 4)


def minibridge_rules_words(rules: Scoring) -> str:
    """The scoring rules of a preset in a few sentences, with the preset's own numbers."""
    short = say("desk_short_to_defenders" if rules.opponents_score_penalty else "desk_short_lost",
                points=rules.per_trick_short)
    return say("desk_minibridge_rules", minor=minibridge.trick_points(Suit.CLUBS, 1),
               major=minibridge.trick_points(Suit.SPADES, 1), first=minibridge.trick_points(None, 1),
               next=minibridge.trick_points(None, 2) - minibridge.trick_points(None, 1),
               partscore=rules.partscore_bonus, game=rules.game_bonus, short=short)


def minibridge_score_sheet(rules: str | Scoring = "ebu", paper: str = "a4", theme=None) -> Sheet:
    """A score sheet for MiniBridge under one preset ("ebu": the English schools' rules;
    "club": the Japanese club's), with a worked example. It has no table of every contract's
    score: the pupils work each score out from the rules, in the "working" column."""
    rules = minibridge.scoring_rules(rules)
    title = say("desk_score_sheet_schools" if rules is minibridge.EBU else "desk_score_sheet_club")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    sheet.words(say("desk_table_names"), size=11)
    sheet.ln(3)
    _rules_box(sheet, minibridge_rules_words(rules))
    example = minibridge.ScorePad(rules).add(Seat.S, "♠ game", 10)
    working = say("desk_example_sum", over=example.tricks - 6, each=minibridge.trick_rates(Suit.SPADES)[1],
                  bonus=rules.bonus(example.contract))  # the pupils' sum, in the edition's order
    headings = say("desk_minibridge_columns").split("|")
    rows = [[say("desk_example"), example.declarer.word, str(example.contract), str(example.tricks), working,
             *(example.written(side) for side in Side)]]
    lines = min(BLANK_LINES, int((sheet.bottom - sheet.get_y() - 30) // ROW_HEIGHT) - 3)  # A4 or Letter
    rows += [[str(n), "", "", "", "", "", ""] for n in range(1, lines + 1)]
    rows.append([say("desk_total"), "", "", "", "", "", ""])
    ruled_table(sheet, headings, [14, 16, 20, 11, 30, 15, 15], rows, example=0)
    sheet.words(say("desk_example_working", working=minibridge.score_working(example.contract, example.tricks, rules,
                                                                            declarer=example.declarer)),
                size=9, colour=GREY)
    return sheet


def schools_score_sheet(paper: str = "a4", theme=None) -> Sheet:
    """The English schools' rules (game bonus 300, 50 a trick short to the defenders)."""
    return minibridge_score_sheet("ebu", paper, theme)


def club_score_sheet(paper: str = "a4", theme=None) -> Sheet:
    """The club's rules (game bonus 500, 100 a trick short lost by declarer's side)."""
    return minibridge_score_sheet("club", paper, theme)


def manille_score_sheet(paper: str = "a4", theme=None) -> Sheet:
    """A Manille score sheet: deals added up until a pair reaches the target (101)."""
    target = manille.ManilleRules().target
    title = say("desk_score_sheet_manille", target=target)
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    sheet.words(say("desk_table_names"), size=11)
    sheet.ln(3)
    points = {rank: manille.CARD_POINTS[rank] for rank in (Rank.TEN, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)}
    _rules_box(sheet, say("desk_manille_rules", ten=points[Rank.TEN], ace=points[Rank.ACE], king=points[Rank.KING],
                          queen=points[Rank.QUEEN], jack=points[Rank.JACK], total=manille.PACK_POINTS,
                          half=manille.HALF, target=target))
    example = manille.ManilleResult.from_points(Side.NS, 38, manille.multiplier("♥", taps=1))
    headings = say("desk_manille_columns").split("|")
    rows = [[say("desk_example"), Seat.N.name, "♥", f"×{example.multiplier}",
             str(example.points[Side.NS]), str(example.points[Side.EW]),
             str(example.scores[Side.NS]), str(example.scores[Side.EW]),
             str(example.scores[Side.NS]), str(example.scores[Side.EW])]]
    lines = int((sheet.bottom - sheet.get_y() - 30) // ROW_HEIGHT) - 2  # fill the page, A4 or Letter (a heading with readings is taller)
    rows += [[str(n)] + [""] * 9 for n in range(1, lines + 1)]
    ruled_table(sheet, headings, [17, 15, 15, 9, 14, 14, 12, 12, 13, 13], rows, example=0)
    sheet.words(say("desk_manille_example", times=example.multiplier, words=example.words), size=9, colour=GREY)
    return sheet
