"""Drawing a question's picture with cardlib.render (cards, hands, tricks) and a little
HTML of our own for tables of numbers.

>>> from exercises.question import Picture
>>> "<table" in picture_html(Picture((("", ("table", (("North", 13),))),)))
True
"""
from __future__ import annotations

import html

from cardlib import PIQUET_PACK, Card, Seat, render


def picture_html(picture, theme: str | None = None, scale: float | None = None) -> str:
    """All the rows of a Picture, one below the other, each with its label."""
    scale = render.PREFERENCES.scale if scale is None else scale
    parts = []
    for label, (what, data) in picture.rows:
        body = _draw(what, data, theme, scale)
        caption = f'<div class="ex-label" style="font-weight:bold">{html.escape(label)}</div>' if label else ""
        parts.append(f'<div class="ex-row" style="margin:0.3em 0">{caption}{body}</div>')
    return '<div class="ex-picture">' + "".join(parts) + "</div>"


def _render_kwargs(theme: str | None, scale: float) -> dict:
    values = {"scale": scale}
    if theme is not None:
        values["theme"] = theme
    return values


def _draw(what: str, data: tuple, theme: str | None, scale: float) -> str:
    if what == "table":
        cells = "".join(
            f'<tr><td style="padding:0.1em 0.8em">{html.escape(str(name))}</td>'
            f'<td style="padding:0.1em 0.8em;text-align:right">{html.escape(str(value))}</td></tr>'
            for name, value in data)
        return f'<table style="font-size:1.2em;border-collapse:collapse">{cells}</table>'
    from cardlib import render

    if what == "hand":
        return render.hand_html([Card.parse(c) for c in data], **_render_kwargs(theme, scale))
    if what == "manille_cards":
        return render.hand_html([Card.parse(c) for c in data], pack=PIQUET_PACK, **_render_kwargs(theme, scale))
    if what == "trick":
        plays = [(Seat.parse(s), Card.parse(c)) for s, c in data]
        # The seat labels are white, drawn for the green cloth of the table.
        trick = render.trick_html(plays, winner=None, **_render_kwargs(theme, scale))
        return (f'<div style="display:inline-block;background:{render.FELT};padding:{round(8 * scale)}px;'
                f'border-radius:{round(8 * scale)}px">{trick}</div>')
    raise ValueError(f"unknown drawing {what!r}")
