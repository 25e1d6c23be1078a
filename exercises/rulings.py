"""When things go wrong at a table: the child-sized rulings, and the first starter on handling
cards. The contents page shows them and the printed pack prints them (teacher.rulings); the
words are the messages "ex_ruling_<name>_what" / "_do" and "ex_handling_<step>".

>>> len(RULINGS), len(HANDLING)
(7, 4)
"""
from __future__ import annotations

from cardlib import render, say

RULINGS = ("revoke", "lead_out_of_turn", "exposed_card", "wrong_count", "players", "behind", "no_laptops")
HANDLING = ("shuffle", "deal", "sort", "hold")


class RulingsPage:
    """The rulings and the handling starter as a lesson page shows them."""

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><th scope='row' style='text-align:left;vertical-align:top;padding:4px 12px 4px 0'>"
                       f"{render.text_html(say(f'ex_ruling_{name}_what'))}</th>"
                       f"<td style='text-align:left;vertical-align:top;padding:4px 0'>"
                       f"{render.text_html(say(f'ex_ruling_{name}_do'))}</td></tr>"
                       for name in RULINGS)
        steps = "".join(f"<li>{render.text_html(say(f'ex_handling_{step}'))}</li>" for step in HANDLING)
        return (f"<table{render.language_attribute()}>{rows}</table>"
                f"<h3>{render.text_html(say('ex_handling_heading'))}</h3><ol>{steps}</ol>")
