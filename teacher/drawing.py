"""Cards on paper: a card, a hand fanned out, a trick on the table, a bridge deal diagram and
a question's picture. Sizes follow cardlib.render's card (60 × 84, a fan showing 26 of
each card), so paper and screen look alike. Each function draws at (x, y) in mm and
returns the height it took.

>>> from teacher.paper import Sheet
>>> sheet = Sheet(); sheet.add_page()
>>> round(hand(sheet, ["♠A", "♠K", "♥2"], 15, 15))
22
"""
from __future__ import annotations

import functools
from collections.abc import Iterable

from cardlib import BRIDGE_PACK, Card, Pack, Seat, render, say
from teacher.paper import GREY, INK, LIGHT, Sheet, get_language

MM_PER_PX = 16 / render.CARD_W  # a card 16 mm wide
CARD_W, CARD_H = 16.0, render.CARD_H * MM_PER_PX
FAN_STEP = render.FAN_STEP * MM_PER_PX
SUIT_GAP = 2.0
TABLE_TINT = "#E6F2EA"  # the card table, lightly: a printer's ink goes on the cards
SEAT_PLACES = {Seat.N: (1, 0), Seat.W: (0, 1), Seat.E: (2, 1), Seat.S: (1, 2)}


def card(sheet: Sheet, card: Card | str, x: float, y: float, pip: bool = True) -> None:
    """One card: white face, rounded corners, rank and suit in the top corner in the suit's
    colour, a big suit symbol in the middle (``pip=False`` when another card covers it)."""
    card = Card.parse(card)
    colour = sheet.colour(card.suit)
    sheet.set_draw_color(GREY)
    sheet.set_fill_color("#FFFFFF")
    sheet.set_line_width(0.3)
    sheet.rect(x, y, CARD_W, CARD_H, style="DF", round_corners=True, corner_radius=1.6)
    sheet.set_text_color(colour)
    rank = card.rank.symbol
    sheet.set_font("sans", "B", 10 if len(rank) == 1 else 9)
    corner = FAN_STEP - 0.6
    sheet.set_xy(x + 0.3, y + 0.8)
    sheet.cell(corner, 4.2, rank, align="C")
    sheet.set_font("sans", "", 10)
    sheet.set_xy(x + 0.3, y + 5.0)
    sheet.cell(corner, 4.2, card.suit.symbol, align="C")
    if pip:
        sheet.set_font("sans", "", 24)
        sheet.set_xy(x + 2, y + CARD_H / 2 - 2)
        sheet.cell(CARD_W - 2, 10, card.suit.symbol, align="C")
    sheet.set_text_color(INK)


def hand(sheet: Sheet, cards: Iterable[Card | str], x: float, y: float, pack: Pack | None = None) -> float:
    """A hand fanned out left to right, sorted by suit ♠ ♥ ♦ ♣ (Manille order with the piquet
    pack), a little gap between suits; returns its height."""
    cards = (pack or BRIDGE_PACK).in_order(Card.parse(c) for c in cards)
    for i, c in enumerate(cards):
        if i and c.suit is not cards[i - 1].suit:
            x += SUIT_GAP
        card(sheet, c, x, y, pip=i == len(cards) - 1)
        x += FAN_STEP
    return CARD_H


def _seat_label(sheet: Sheet, text: str, x: float, y: float, width: float) -> None:
    sheet.set_font("sans", "B", 8)
    sheet.set_text_color(INK)
    sheet.set_xy(x, y)
    sheet.cell(width, 3.6, text, align="C")


TRICK_GAP, TRICK_LABEL = 2.5, 4.0
TRICK_W = 3 * CARD_W + 4 * TRICK_GAP
TRICK_H = 2 * (CARD_H + TRICK_LABEL) + 3 * TRICK_GAP


def trick(sheet: Sheet, plays: Iterable[tuple[Seat | str, Card | str]], x: float, y: float) -> float:
    """The cards of a trick on a table seen from above, North at the top, each under its
    seat's name (the order of play is the order of ``plays``, shown by numbers)."""
    sheet.set_fill_color(TABLE_TINT)
    sheet.set_draw_color(LIGHT)
    sheet.rect(x, y, TRICK_W, TRICK_H, style="DF", round_corners=True, corner_radius=3)
    slot_h = CARD_H + TRICK_LABEL
    tops = {0: y + TRICK_GAP, 1: y + (TRICK_H - slot_h) / 2, 2: y + TRICK_H - TRICK_GAP - slot_h}
    for order, (seat, c) in enumerate(plays, 1):
        seat = Seat.parse(seat)
        column, row = SEAT_PLACES[seat]
        left = x + TRICK_GAP + column * (CARD_W + TRICK_GAP)
        top = tops[row]
        _seat_label(sheet, f"{order}. {seat.word}", left - TRICK_GAP, top, CARD_W + 2 * TRICK_GAP)
        card(sheet, c, left, top + TRICK_LABEL)
    return TRICK_H


def suit_rows(sheet: Sheet, cards: Iterable[Card | str], x: float, y: float, size: float = 11,
              pack: Pack | None = None) -> float:
    """A hand as a bridge column does it: one line a suit, ♠ first, "—" for a void."""
    pack = pack or BRIDGE_PACK
    cards = pack.in_order(Card.parse(c) for c in cards)
    height = sheet.line_height(size) * 1.15
    suits = [s for s in render.HAND_ORDER if any(c.suit is s for c in pack.cards)]
    for i, suit in enumerate(suits):
        ranks = " ".join(c.rank.symbol for c in cards if c.suit is suit) or "—"
        sheet.coloured_line(f"{suit.symbol} {ranks}", x, y + i * height, height, size)
    return height * len(suits)


def compass(sheet: Sheet, x: float, y: float, size: float, dealer: Seat | None = None) -> None:
    """A square with the seats' letters (N, E, S, W; 北 東 南 西) on its sides; the dealer's letter is circled."""
    sheet.set_fill_color(TABLE_TINT)
    sheet.set_draw_color(GREY)
    sheet.rect(x, y, size, size, style="DF", round_corners=True, corner_radius=2)
    places = {Seat.N: (0.5, 0.17), Seat.E: (0.83, 0.5), Seat.S: (0.5, 0.83), Seat.W: (0.17, 0.5)}
    sheet.set_font("sans", "B", 10)
    for seat, (fx, fy) in places.items():
        cx, cy = x + fx * size, y + fy * size
        if seat == dealer:
            sheet.set_draw_color(INK)
            sheet.circle(cx, cy, 2.6, style="D")
        sheet.set_xy(cx - 3, cy - 2.5)
        sheet.cell(6, 5, seat.letter, align="C")


def block_height(sheet: Sheet, size: float = 10.5) -> float:
    """The height of one row of a deal diagram (a seat's name and its four suits), in mm."""
    return sheet.line_height(size) * 1.15 * len(render.HAND_ORDER) + 5


def deal_diagram(sheet: Sheet, deal, x: float, y: float, notes: dict | None = None) -> float:
    """The four hands as a hand record lays them out: North at the top, West and East at
    the sides, South at the bottom, a compass in the middle; under each seat's name a note
    (its HCP, or whatever ``notes`` says for it; an empty note, none). Returns the height."""
    column = 58.0
    size = 10.5
    block = block_height(sheet)
    box = 22.0
    for seat, hand_ in deal.hands.items():
        col, row = SEAT_PLACES[seat]
        left, top = x + col * column, y + row * block
        note = (notes or {}).get(seat, say("render_hcp", points=hand_.hcp))
        words = " · ".join([seat.word] + ([note] if note else []) + ([say("render_dealer")] if seat == deal.dealer else []))
        sheet.set_font("sans", "B", 9)
        sheet.set_text_color(INK)
        sheet.set_xy(left, top)
        sheet.cell(column - 2, 4, words)
        suit_rows(sheet, hand_, left, top + 4.5, size, deal.pack)
    compass(sheet, x + column + (column - box) / 2 - 8, y + block + (block - box) / 2, box, deal.dealer)
    return 3 * block


TABLE_NAME_W, TABLE_VALUE_W = 30.0, 14.0  # number_table's two columns at the least


def _table_widths(rows, size: float = 11) -> tuple[float, float]:
    """The widths of number_table's two columns: each as wide as its widest entry, and no narrower
    than TABLE_NAME_W and TABLE_VALUE_W (a name such as "28–30 points" ran into its number)."""
    sheet = _measuring_sheet()
    sheet.set_font("sans", "", size)
    names = max((sheet.get_string_width(str(name)) for name, _ in rows), default=0) + 2 * sheet.c_margin + 1
    sheet.set_font("sans", "B", size)
    values = max((sheet.get_string_width(str(value)) for _, value in rows), default=0) + 2 * sheet.c_margin
    return max(TABLE_NAME_W, names), max(TABLE_VALUE_W, values)


def number_table(sheet: Sheet, rows: Iterable[tuple[str, object]], x: float, y: float, size: float = 11) -> float:
    """Names and numbers in two columns with light rules (the announcements of a deal)."""
    rows = list(rows)
    height = sheet.line_height(size) * 1.5
    name_w, value_w = _table_widths(rows, size)
    sheet.set_draw_color(LIGHT)
    sheet.set_font("sans", "", size)
    for i, (name, value) in enumerate(rows):
        top = y + i * height
        sheet.set_xy(x, top)
        sheet.cell(name_w, height, str(name), border="B")
        sheet.set_font("sans", "B", size)
        sheet.cell(value_w, height, str(value), border="B", align="R")
        sheet.set_font("sans", "", size)
    return height * len(rows)


def picture_height(picture, width: float | None = None) -> float:
    """How tall a question's picture (exercises.question.Picture) is drawn (``width``: the room
    it has, which lets four hands of a few cards stand as a compass)."""
    if _compass(picture, width):
        return _compass_height()
    if _in_a_row(picture, width):
        return CARD_H + 3
    if _beside(picture, width):
        return len(picture.rows) * (CARD_H + 3)
    columns = _columns(picture, width)
    if columns:
        left, right, left_width, right_width = columns
        return max(_stack_height(left, left_width), _stack_height(right, right_width))
    return _stack_height(picture.rows)


LABEL_LINE = 5.0  # mm a line of a label takes; 0.5 more under its last line


def _label_lines(label: str, width: float | None = None) -> list[str]:
    """A picture's label in the lines it is printed in: one, or as many as it needs to be no
    wider than ``width``."""
    if not label:
        return []
    if width is None or _label_width(label) <= width:
        return [label]
    return _measuring_sheet().text_lines(label, width, LABEL_SIZE, "B")


def _stack_height(rows, width: float | None = None) -> float:
    """How tall rows drawn under each other are, each under its label (``width``: the labels' room)."""
    return sum(_label_height(label, width) + _drawing_height(what, data) + 3 for label, (what, data) in rows)


def _label_height(label: str, width: float | None = None) -> float:
    lines = len(_label_lines(label, width))
    return lines * LABEL_LINE + 0.5 if lines else 0.0


def _stack_width(rows, labels: bool = True) -> float:
    """How wide rows drawn under each other are: the widest drawing or label (``labels=False``:
    the widest drawing, or the widest word of a label, as a label may take two lines)."""
    def label_width(label: str) -> float:
        if not label:
            return 0.0
        if labels:
            return _label_width(label)
        return _measuring_sheet().widest_piece(label, LABEL_SIZE, "B") + 2 * _measuring_sheet().c_margin
    return max(max(label_width(label), _drawing_width(what, data)) for label, (what, data) in rows)


COLUMN_GAP = 6.0  # mm between a trick or a table and the hands beside it, or a picture and the answer beside it


def _columns(picture, width: float | None) -> tuple[list, list, float, float] | None:
    """A picture of hands and one trick or table, first or last, as two columns side by side when
    they fit ``width``: the trick (or table) in one, the hands under each other in the other, in
    the order of the rows (a trick and the hand that plays to it take 69 mm, not 100; two hands
    and the table of points and tricks 69, not 126). A label too wide for the room its column
    has takes two lines. (left rows, right rows, left width, right width), or None."""
    rows = list(picture.rows)
    if width is None or len(rows) < 2:
        return None
    others = [i for i, (_, (what, _)) in enumerate(rows) if what not in ("hand", "manille_cards")]
    if len(others) != 1 or others[0] not in (0, len(rows) - 1):
        return None
    left, right = (rows[:1], rows[1:]) if others[0] == 0 else (rows[:-1], rows[-1:])
    left_width, right_width = _stack_width(left), _stack_width(right)
    if left_width + COLUMN_GAP + right_width <= width:
        return left, right, left_width, right_width
    if _stack_width(right, labels=False) <= width - left_width - COLUMN_GAP:
        return left, right, left_width, width - left_width - COLUMN_GAP
    if _stack_width(left, labels=False) <= width - right_width - COLUMN_GAP:
        return left, right, width - right_width - COLUMN_GAP, right_width
    return None


def free_room(picture, width: float | None) -> tuple[float, float, float, float] | None:
    """The room on the right of a question's picture that nothing is drawn in, down to the
    picture's foot, where the answer's boxes may stand instead of under it: (left, top, width,
    height), from the picture's top left corner. None when there is none."""
    if width is None or not picture.rows or _compass(picture, width) or _in_a_row(picture, width) or _beside(picture, width):
        return None
    columns = _columns(picture, width)
    if columns:  # under the right column
        _, right, left_width, right_width = columns
        left, top = left_width + COLUMN_GAP, _stack_height(right, right_width)
    else:  # beside every row
        left, top = _stack_width(picture.rows) + COLUMN_GAP, 0.0
    return left, top, width - left, picture_height(picture, width) - top


def hand_width(cards: Iterable[Card | str]) -> float:
    """How wide ``hand`` draws these cards (the gap between suits is the same in any order)."""
    cards = [Card.parse(c) for c in cards]
    suits = len({c.suit for c in cards})
    return FAN_STEP * (len(cards) - 1) + CARD_W + SUIT_GAP * (suits - 1) if cards else 0.0


def _band() -> float:
    return 5.5 + CARD_H + 3  # a label, a hand, the gap under it


COMPASS_LABEL, COMPASS_GAP = 4.5, 1.5  # a seat's label over its hand; between North's hand and South's label


def _compass_height() -> float:
    """North's label and hand, the gap, South's label and hand, 1 mm under it (West and East
    stand halfway down between them)."""
    return 2 * (COMPASS_LABEL + CARD_H) + COMPASS_GAP + 1


def _compass(picture, width: float | None) -> dict | None:
    """The four seats' hands of a picture that shows one hand a seat, each labelled as the
    exercises label a seat's cards, when each fits a third of ``width``: {seat: (label, cards)}."""
    if width is None or len(picture.rows) != 4:
        return None
    labels = {say("ex_hand_of", seat=seat.word): seat for seat in Seat}
    seats = {labels.get(label): (label, data) for label, (what, data) in picture.rows if what == "hand"}
    if set(seats) != set(Seat) or any(hand_width(cards) > width / 3 - 3 for _, cards in seats.values()):
        return None
    return seats


LABEL_SIZE = 10


def _measuring_sheet() -> Sheet:
    """A page to measure labels on: a picture's height is asked before it has a sheet to be drawn on."""
    return _measuring_sheet_in(get_language())


@functools.cache
def _measuring_sheet_in(language: str) -> Sheet:
    """One page a language: a sheet's fonts are the language's it was made in (a Japanese label
    measured in the English fonts came out too short, and was printed cut off by the cards)."""
    sheet = Sheet()
    sheet.add_page()
    return sheet


def _label_width(label: str) -> float:
    """How wide a picture's label is printed (bold, ``LABEL_SIZE``)."""
    sheet = _measuring_sheet()
    sheet.set_font("sans", "B", LABEL_SIZE)
    return sheet.get_string_width(label)


def _beside(picture, width: float | None) -> float | None:
    """The width of a column for the labels, when every row of a picture is a labelled hand and
    the labels fit beside the hands in ``width``: each label then stands left of its hand, not
    above it (two 13-card hands take 51 mm, not 62). None otherwise."""
    rows = picture.rows
    if width is None or not rows or any(not label or what not in ("hand", "manille_cards") for label, (what, _) in rows):
        return None
    column = max(_label_width(label) for label, _ in rows) + 3
    if column + max(hand_width(cards) for _, (_, cards) in rows) > width:
        return None
    return column


def _in_a_row(picture, width: float | None) -> list[float] | None:
    """The label columns of two or more labelled hands that fit side by side in ``width``, each
    label on the left of its hand: short hands (lesson 20's ♥K Q 9 and ♥A 8 5) then take one
    band, 26 mm, not one each, and a three-question sheet keeps its last question on its page.
    None otherwise."""
    rows = picture.rows
    if width is None or len(rows) < 2 or not _beside(picture, width):
        return None
    columns = [_label_width(label) + 3 for label, _ in rows]
    used = sum(column + hand_width(cards) for column, (_, (_, cards)) in zip(columns, rows))
    return columns if used + COLUMN_GAP * (len(rows) - 1) <= width else None


def _drawing_width(what: str, data) -> float:
    if what in ("hand", "manille_cards"):
        return hand_width(data)
    if what in ("trick", "trick_so_far"):
        return TRICK_W
    if what == "table":
        return sum(_table_widths(data))
    raise ValueError(f"unknown drawing {what!r}")


def _drawing_height(what: str, data) -> float:
    if what in ("hand", "manille_cards"):
        return CARD_H
    if what in ("trick", "trick_so_far"):
        return TRICK_H
    if what == "table":
        return len(data) * 11 * 0.48 * 1.5
    raise ValueError(f"unknown drawing {what!r}")


def picture(sheet: Sheet, picture, x: float, y: float, width: float | None = None) -> float:
    """A question's picture, row by row, each under its label; returns its height. Four hands
    of one seat each that fit a third of ``width`` stand as at the table, in half the height:
    North at the top, West and East side by side below it, South at the bottom. Hands whose
    labels fit beside them in ``width`` have each label on the left of its hand, and stand side
    by side in one band when they fit so."""
    from cardlib import PIQUET_PACK

    seats = _compass(picture, width)
    if seats:
        column, step = width / 3, COMPASS_LABEL + CARD_H + COMPASS_GAP
        for seat, (label, cards) in seats.items():
            place, row = SEAT_PLACES[seat]
            left, top = x + place * column, y + row * step / 2
            sheet.coloured_line(label, left, top, COMPASS_LABEL, 10, "B")
            hand(sheet, cards, left, top + COMPASS_LABEL)
        return _compass_height()
    columns = _in_a_row(picture, width)
    if columns:
        left = x
        for column, (label, (what, cards)) in zip(columns, picture.rows):
            sheet.coloured_line(label, left, y + 0.8, 5, LABEL_SIZE, "B")
            hand(sheet, cards, left + column, y, pack=PIQUET_PACK if what == "manille_cards" else None)
            left += column + hand_width(cards) + COLUMN_GAP
        return CARD_H + 3
    column = _beside(picture, width)
    if column:
        top = y
        for label, (what, cards) in picture.rows:
            sheet.coloured_line(label, x, y + 0.8, 5, LABEL_SIZE, "B")
            hand(sheet, cards, x + column, y, pack=PIQUET_PACK if what == "manille_cards" else None)
            y += CARD_H + 3
        return y - top
    columns = _columns(picture, width)
    if columns:
        left, right, left_width, right_width = columns
        return max(_stack(sheet, left, x, y, left_width),
                   _stack(sheet, right, x + left_width + COLUMN_GAP, y, right_width))
    return _stack(sheet, picture.rows, x, y)


def _stack(sheet: Sheet, rows, x: float, y: float, width: float | None = None) -> float:
    """Rows drawn under each other, each under its label (in lines no wider than ``width``);
    returns their height."""
    from cardlib import PIQUET_PACK

    top = y
    for label, (what, data) in rows:
        for i, line in enumerate(_label_lines(label, width)):
            sheet.coloured_line(line, x, y + i * LABEL_LINE, 5, LABEL_SIZE, "B")
        y += _label_height(label, width)
        if what == "hand":
            y += hand(sheet, data, x, y)
        elif what == "manille_cards":
            y += hand(sheet, data, x, y, pack=PIQUET_PACK)
        elif what in ("trick", "trick_so_far"):
            y += trick(sheet, data, x, y)
        elif what == "table":
            y += number_table(sheet, data, x, y)
        else:
            raise ValueError(f"unknown drawing {what!r}")
        y += 3
    return y - top
