"""Drawing a question's picture with cardlib.render (cards, hands, tricks) and a little
HTML of our own for tables of numbers.

>>> from exercises.question import Picture
>>> "<table" in picture_html(Picture((("", ("table", (("North", 13),))),)))
True

The lessons' pictures that need the rules (who is declarer) are here too, so that the
lessons draw them one way: ``declarer_and_dummy_html``, ``manille_deals_html``.
"""
from __future__ import annotations

from cardlib import PIQUET_PACK, Card, Deal, Seat, Suit, manille, render, say
from cardlib.minibridge import declarer


def picture_html(picture, theme: str | None = None, scale: float | None = None) -> str:
    """All the rows of a Picture, one below the other, each with its label (no ``scale``: the talk's)."""
    scale = render.PREFERENCES.talk_scale if scale is None else scale
    parts = []
    for label, (what, data) in picture.rows:
        body = _draw(what, data, theme, scale)
        caption = f'<div class="ex-label" style="font-weight:bold">{render.text_html(label)}</div>' if label else ""
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
            f'<tr><td style="padding:0.1em 0.8em">{render.text_html(str(name))}</td>'
            f'<td style="padding:0.1em 0.8em;text-align:right">{render.text_html(str(value))}</td></tr>'
            for name, value in data)
        return f'<table style="font-size:1.2em;border-collapse:collapse">{cells}</table>'
    if what == "hand":
        cards = [Card.parse(c) for c in data]
        if len(cards) > 13:  # a pile bigger than a hand (the chance lesson's 20 cards) would run off a projector
            return render.hand_by_suit_html(cards, **_render_kwargs(theme, scale))
        return render.hand_html(cards, **_render_kwargs(theme, scale))
    if what == "manille_cards":
        return render.hand_html([Card.parse(c) for c in data], pack=PIQUET_PACK, **_render_kwargs(theme, scale))
    if what in ("trick", "trick_so_far"):
        plays = [(Seat.parse(s), Card.parse(c)) for s, c in data]
        # The seat labels are white, drawn for the green cloth of the table.
        trick = render.trick_html(plays, winner=None, **_render_kwargs(theme, scale))
        return (f'<div style="display:inline-block;background:{render.FELT};padding:{round(8 * scale)}px;'
                f'border-radius:{round(8 * scale)}px">{trick}</div>')
    raise ValueError(f"unknown drawing {what!r}")


def declarer_and_dummy_html(deal: Deal, trumps: Suit | None = None, scale: float | None = None) -> str:
    """Declarer's hand and dummy's face up (dummy laid out as on the table, trumps on its
    right), each named with its seat and points; declarer as cardlib's rules find it.

    >>> deal = Deal("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    >>> html = declarer_and_dummy_html(deal)
    >>> "North, declarer: 13 points" in html and "South, dummy: 8 points" in html
    True
    """
    boss = declarer(deal)
    mine, dummy = deal[boss], deal[boss.partner]
    return render.captioned_html(
        (say("pic_declarer_caption", seat=boss.word, points=mine.hcp), render.hand_html(mine.cards, scale=scale)),
        (say("pic_dummy_caption", seat=boss.partner.word, points=dummy.hcp),
         render.dummy_html(dummy.cards, trumps=trumps, seat=boss.partner, scale=scale)),
        scale=scale)


def manille_deals_html(set_deals, trumps: bool = False) -> str:
    """Manille set deals side by side, each with its four hands round the compass and their
    card points (for the teacher, to deal real cards); ``trumps``: say what each deal's trumps are.

    >>> from exercises.course import lesson_of
    >>> html = manille_deals_html(lesson_of(15).deals, trumps=True)
    >>> html.count("(dealer)") == len(lesson_of(15).deals) and "Deal 15A · " in html
    True
    """
    records = []
    for set_deal in set_deals:
        deal = set_deal.deal
        title = say("pic_deal_name", name=set_deal.name)
        if trumps:
            title += " · " + (say("pic_deal_trumps", contract=set_deal.contract) if set_deal.contract
                              else say("pic_deal_dealer_chooses"))
        headings = {seat: _card_points(seat, deal) for seat in Seat}
        records.append(f'<div style="margin:0 0 16px 0"><div style="font-weight:bold;font-size:1.2em">{title}</div>'
                       f"{render.deal_html(deal, headings=headings)}</div>")
    return "".join(records)


def _card_points(seat: Seat, deal: Deal) -> str:
    key = "pic_card_points_dealer" if seat == deal.dealer else "pic_card_points"
    return say(key, seat=seat.word, points=manille.pile_points(deal[seat]))
