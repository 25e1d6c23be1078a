"""The printed "When things go wrong at a table" page: the rulings the contents page shows
(exercises.rulings), then the first starter on handling cards.

>>> rulings_sheet().page_no()
1
"""
from __future__ import annotations

from cardlib import say
from exercises.rulings import HANDLING, RULINGS
from teacher.paper import Sheet


def rulings_sheet(paper: str = "a4", theme=None) -> Sheet:
    """One page to keep on each table: what happened, and what to do."""
    title = say("ex_rulings_heading")
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title)
    for name in RULINGS:
        sheet.room_for(18)
        sheet.words(say(f"ex_ruling_{name}_what"), size=11.5, style="B")
        sheet.words(say(f"ex_ruling_{name}_do"), x=sheet.l_margin + 6, size=11)
        sheet.ln(2.5)
    sheet.ln(2)
    sheet.heading(say("ex_handling_heading"), size=14)
    for number, step in enumerate(HANDLING, 1):
        sheet.words(f"{number}.\u00a0{say(f'ex_handling_{step}')}", size=11)  # no break after the number
        sheet.ln(1.5)
    return sheet
