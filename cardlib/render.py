"""Pictures of cards, hands, tricks and the whole table, as HTML strings with inline styles.

No dependencies and no <style> block: each picture works alone in JupyterLab, in Voilà and
inside an ``ipywidgets.HTML``. ``theme`` is TWO_COLOUR or FOUR_COLOUR (or its name) and
``scale`` 2.0 makes everything twice as big for a projector. A hidden hand is drawn as card
backs only: its cards never enter the HTML.

>>> from cardlib import Card
>>> 'aria-label="ace of spades"' in card_html(Card.parse("♠A"), theme="four-colour", scale=2)
True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from cardlib.cards import BRIDGE_PACK, Card, Pack, Rank, Suit
from cardlib.messages import CardError, say
from cardlib.seats import Seat, Side, seats_of

HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
FONT = "font-family:'DejaVu Sans',Verdana,'Segoe UI Symbol',sans-serif;"
FELT, GOLD = "#1B5E3A", "#FFC400"
CARD_W, CARD_H = 60, 84      # one card at scale 1, in CSS pixels
FAN_STEP, BACK_STEP = 26, 12  # how much of each overlapped card shows in a fan
DUMMY_STEP = 26               # how much of each card shows in a column of dummy's suit


@dataclass(frozen=True)
class Theme:
    """A deck's suit colours, indexed by Suit (♣ ♦ ♥ ♠). Colour always comes with the symbol.

    >>> FOUR_COLOUR.colour(Suit.DIAMONDS)
    '#005A9C'
    """

    name: str
    colours: tuple[str, str, str, str]

    def colour(self, suit: Suit) -> str:
        return self.colours[suit]


TWO_COLOUR = Theme("two-colour", ("#000000", "#C8102E", "#C8102E", "#000000"))
FOUR_COLOUR = Theme("four-colour", ("#007A5A", "#005A9C", "#B84A00", "#000000"))
THEMES = {t.name: t for t in (TWO_COLOUR, FOUR_COLOUR)}


@dataclass
class Preferences:
    """How pictures look when a call does not say: the theme and the scale.

    Read once from the environment, so a whole app can be switched for a projector:
    MINIBRIDGE_PROJECTOR=1 (scale 2, large high-contrast text) and MINIBRIDGE_THEME=four-colour.
    MINIBRIDGE_AUDIENCE=pupils (the pupils' app) takes the teacher's tools off the tables; unset
    or "teacher" (JupyterLab, the projector) keeps them.

    >>> Preferences.from_environment({"MINIBRIDGE_AUDIENCE": "pupils"}).teacher_tools
    False
    """

    theme: Theme
    scale: float
    projector: bool
    teacher_tools: bool = True

    @classmethod
    def from_environment(cls, environ=None) -> Preferences:
        import os

        environ = os.environ if environ is None else environ
        projector = environ.get("MINIBRIDGE_PROJECTOR", "").strip().lower() in ("1", "yes", "true", "on")
        name = environ.get("MINIBRIDGE_THEME", "").strip()
        chosen = THEMES.get(name.lower().replace("color", "colour"), TWO_COLOUR)
        pupils = environ.get("MINIBRIDGE_AUDIENCE", "").strip().lower() in ("pupils", "pupil")
        return cls(chosen, 2.0 if projector else 1.0, projector, teacher_tools=not pupils)


def theme(name: Theme | str | None) -> Theme:
    """The theme for a name: "two-colour" or "four-colour" ("color" is fine too).

    >>> theme("four-color") is FOUR_COLOUR
    True
    """
    if name is None:
        return PREFERENCES.theme
    if isinstance(name, Theme):
        return name
    key = str(name).strip().lower().replace("color", "colour").replace(" ", "-").replace("_", "-")
    if key not in THEMES:
        raise CardError("render_theme", text=name)
    return THEMES[key]


_theme = theme  # the functions below take a ``theme`` argument, which hides the name
PREFERENCES = Preferences.from_environment()


def suit_colour(suit: Suit, theme: Theme | str | None = None) -> str:
    """The colour a theme gives a suit. ``suit_colour(Suit.HEARTS, "four-colour")`` → '#B84A00'."""
    return _theme(theme).colour(Suit.parse(suit))


def _scale(scale: float | None) -> float:
    if scale is None:
        return PREFERENCES.scale
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0.5 <= scale <= 4:
        raise CardError("render_scale", text=scale)
    return float(scale)


def _px(n: float, scale: float) -> str:
    return f"{round(n * scale)}px"


def _symbol(suit: Suit) -> str:
    return suit.symbol + "\ufe0e"  # text presentation: never a red emoji heart in any theme


_RANK_WORDS = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack"}


def card_words(card: Card | str) -> str:
    """A card's name in words, for screen readers and tooltips.

    >>> card_words("♠A"), card_words("H10")
    ('ace of spades', '10 of hearts')
    """
    card = Card.parse(card)
    return f"{_RANK_WORDS.get(card.rank, card.rank.symbol)} of {card.suit.word}"


def _card(card: Card, t: Theme, s: float, extra: str = "", pip: bool = True, across: bool = False) -> str:
    """A card face. ``pip=False``: no big middle symbol (another card covers it);
    ``across``: rank and symbol side by side in the corner, for dummy's columns."""
    name, colour, sym = card_words(card), t.colour(card.suit), _symbol(card.suit)
    corner = f"position:absolute;line-height:1;text-align:center;font-weight:bold;font-size:{_px(17, s)};"
    rank = card.rank.symbol
    if card.rank is Rank.TEN:  # squeezed a little, so "10" fits the strip a fan leaves showing
        rank = f'<span style="font-size:0.88em;letter-spacing:-0.06em">{rank}</span>'
    middle = (f'<div style="position:absolute;left:{_px(12, s)};right:0;top:{_px(34, s)};text-align:center;'
              f'line-height:1;font-size:{_px(34, s)}">{sym}</div>') if pip else ""
    return (
        f'<div role="img" aria-label="{name}" title="{name}" data-card="{card.letters}" '
        f'style="position:relative;box-sizing:border-box;flex:none;width:{_px(CARD_W, s)};'
        f"height:{_px(CARD_H, s)};background:#fff;color:{colour};border:{_px(1.5, s)} solid #555;"
        f'border-radius:{_px(6, s)};box-shadow:0 1px 3px rgba(0,0,0,.35);{FONT}{extra}">'
        f'<div style="{corner}left:{_px(4, s)};top:{_px(4, s)}">{rank}{"" if across else "<br>"}{sym}</div>'
        f"{middle}</div>"
    )


def _back(s: float, extra: str = "", sideways: bool = False, label: str = "card face down") -> str:
    w, h = (CARD_H, CARD_W) if sideways else (CARD_W, CARD_H)
    return (
        f'<div role="img" aria-label="{escape(label)}" style="box-sizing:border-box;flex:none;'
        f"width:{_px(w, s)};height:{_px(h, s)};border:{_px(3, s)} solid #fff;"
        f"border-radius:{_px(6, s)};outline:1px solid #555;background:#1F4E9A repeating-linear-gradient("
        f'45deg,#2F6BC8 0 {_px(4, s)},#1F4E9A {_px(4, s)} {_px(8, s)});{extra}"></div>'
    )


def card_html(card: Card | str, theme: Theme | str | None = None, scale: float | None = None, face_up: bool = True) -> str:
    """One card: white face, rank and symbol in the corners, a big symbol in the middle.

    >>> "♠" in card_html("♠A")
    True
    """
    if not face_up:
        return card_back_html(scale=scale)
    return _card(Card.parse(card), _theme(theme), _scale(scale))


def card_back_html(theme: Theme | str | None = None, scale: float | None = None) -> str:
    """The back of a card (blue pattern); nothing tells which card it is.

    >>> "data-card" in card_back_html()
    False
    """
    _theme(theme)
    return _back(_scale(scale))


def _fan(pictures: list[str], step: float, s: float, label: str, gaps: Iterable[bool] = ()) -> str:
    """Overlapping pictures in a row; a gap before each picture marked True in ``gaps``."""
    gaps = list(gaps) or [False] * len(pictures)
    parts = []
    for i, (picture, gap) in enumerate(zip(pictures, gaps)):
        shift = 0 if i == 0 else -(CARD_W - step - (8 if gap else 0))
        parts.append(f'<div style="margin-left:{_px(shift, s)};flex:none">{picture}</div>')
    return f'<div role="group" aria-label="{escape(label)}" style="display:flex;align-items:flex-start">{"".join(parts)}</div>'


def hand_html(cards: Iterable[Card | str], theme: Theme | str | None = None, scale: float | None = None,
              pack: Pack | None = None) -> str:
    """A hand fanned out, sorted by suit ♠ ♥ ♦ ♣ and by rank (Manille order with PIQUET_PACK).

    >>> hand_html("♠A ♥K".split()).count("data-card=")
    2
    """
    t, s = _theme(theme), _scale(scale)
    cards = (pack or BRIDGE_PACK).in_order(Card.parse(c) for c in cards)
    gaps = [i > 0 and c.suit is not cards[i - 1].suit for i, c in enumerate(cards)]
    faces = [_card(c, t, s, pip=i == len(cards) - 1) for i, c in enumerate(cards)]
    return _fan(faces, FAN_STEP, s, f"{len(cards)} cards", gaps)


def _mini(card: Card, t: Theme, s: float) -> str:
    return (
        f'<span role="img" aria-label="{card_words(card)}" data-card="{card.letters}" style="display:inline-block;'
        f"min-width:{_px(24, s)};padding:{_px(2, s)} {_px(3, s)};margin-right:{_px(3, s)};background:#fff;"
        f"border:1px solid #888;border-radius:{_px(4, s)};color:{t.colour(card.suit)};text-align:center;"
        f'font-weight:bold;font-size:{_px(16, s)};line-height:1.1;{FONT}">{card.rank.symbol}'
        f'<span style="font-size:{_px(12, s)}">{_symbol(card.suit)}</span></span>'
    )


def hand_by_suit_html(cards: Iterable[Card | str], theme: Theme | str | None = None, scale: float | None = None,
                      pack: Pack | None = None) -> str:
    """One row per suit (♠ first) of small text-like cards; a void shows a dash.

    >>> hand_by_suit_html(["♠A", "♠K"]).count("<div")
    5
    """
    t, s = _theme(theme), _scale(scale)
    cards = (pack or BRIDGE_PACK).in_order(Card.parse(c) for c in cards)
    rows = []
    for suit in HAND_ORDER:
        minis = "".join(_mini(c, t, s) for c in cards if c.suit is suit) or "—"
        rows.append(f'<div style="margin:{_px(3, s)} 0;white-space:nowrap"><span style="display:inline-block;'
                    f'width:{_px(22, s)};font-size:{_px(20, s)};color:{t.colour(suit)}">{_symbol(suit)}</span>{minis}</div>')
    return f'<div style="{FONT}font-size:{_px(16, s)}">{"".join(rows)}</div>'


def dummy_suit_order(trumps: Suit | None, seat: Seat = Seat.N) -> list[Suit]:
    """Dummy's suits as the picture shows them: left to right (top to bottom for E/W).

    Dummy puts trumps at the right end *as dummy sees it* (seed 002). The picture has North
    at the top, so North's right is the picture's left; South's right is the picture's
    right; East's right is the top and West's right the bottom.

    >>> [s.symbol for s in dummy_suit_order(Suit.HEARTS, Seat.N)]
    ['♥', '♠', '♦', '♣']
    """
    others = [suit for suit in HAND_ORDER if suit is not trumps]
    if trumps is None:
        return others
    return [trumps] + others if seat in (Seat.N, Seat.E) else others + [trumps]


def dummy_html(cards: Iterable[Card | str], trumps: Suit | str | None = None, theme: Theme | str | None = None,
               scale: float | None = None, seat: Seat | str = Seat.N, pack: Pack | None = None) -> str:
    """Dummy spread face up: a column per suit (a row when dummy sits E or W), trumps on dummy's right.

    >>> dummy_html(["♠A", "♥2"], trumps="♥").index("♥") < dummy_html(["♠A", "♥2"], trumps="♥").index("♠")
    True
    """
    t, s, seat = _theme(theme), _scale(scale), Seat.parse(seat)
    trumps = None if trumps is None else Suit.parse(trumps)
    cards = (pack or BRIDGE_PACK).in_order(Card.parse(c) for c in cards)
    sideways = seat in (Seat.E, Seat.W)
    lines = []
    for suit in dummy_suit_order(trumps, seat):
        suit_cards = [c for c in cards if c.suit is suit]
        if not suit_cards:
            continue
        label = f"{suit.word}" + (f", {say('render_trumps_word')}" if suit is trumps else "")
        if sideways:
            last = len(suit_cards) - 1
            lines.append(_fan([_card(c, t, s, pip=i == last) for i, c in enumerate(suit_cards)], FAN_STEP, s, label))
        else:
            shift = -(CARD_H - DUMMY_STEP)
            column = "".join(_card(c, t, s, f"margin-top:{_px(shift, s) if i else 0}", i == len(suit_cards) - 1, True)
                             for i, c in enumerate(suit_cards))
            lines.append(f'<div role="group" aria-label="{label}" style="display:flex;flex-direction:column">{column}</div>')
    direction = "column" if sideways else "row"
    return (f'<div role="group" aria-label="{say("render_dummy")}" style="display:flex;flex-direction:{direction};'
            f'gap:{_px(6, s)};align-items:flex-start">{"".join(lines)}</div>')


def trick_html(plays: Iterable[tuple[Seat | str, Card | str]], theme: Theme | str | None = None,
               scale: float | None = None, winner: Seat | str | None = None, bottom: Seat | str = Seat.S) -> str:
    """The trick in the middle of the table: each card in front of its player (``bottom`` at
    the bottom, S by default); the winner's card has a gold border and the word "wins".

    >>> "wins" in trick_html([("W", "♥5"), ("N", "♥8"), ("E", "♥A"), ("S", "♥K")], winner="E")
    True
    """
    t, s = _theme(theme), _scale(scale)
    winner = None if winner is None else Seat.parse(winner)
    gap, label_h, m = 10, 20, 8  # m: the felt's margin round the cards
    slot_h = CARD_H + label_h
    width, height = 3 * CARD_W + 2 * gap + 2 * m, 2 * slot_h + gap + 2 * m
    middle = m + CARD_W + gap
    places = {Seat.N: (middle, m), Seat.S: (middle, m + slot_h + gap),
              Seat.W: (m, (height - slot_h) / 2), Seat.E: (middle + CARD_W + gap, (height - slot_h) / 2)}
    parts = []
    turn = Seat.S - Seat.parse(bottom)  # turning the table puts ``bottom`` where S is drawn
    for seat, card in plays:
        seat, card = Seat.parse(seat), Card.parse(card)
        x, y = places[Seat((seat + turn) % 4)]
        wins = seat == winner
        ring = f"box-shadow:0 0 0 {_px(4, s)} {GOLD};" if wins else ""
        word = f"{seat.name} {say('render_wins')}" if wins else seat.name
        style = (f"font-weight:bold;font-size:{_px(14, s)};line-height:{_px(label_h, s)};text-align:center;"
                 f"white-space:nowrap;margin:{_px(4, s)} {_px(-gap / 2, s)} 0;"
                 + (f"background:{GOLD};color:#000;border-radius:{_px(4, s)};" if wins else "color:#fff;"))
        parts.append(f'<div style="position:absolute;left:{_px(x, s)};top:{_px(y, s)};width:{_px(CARD_W, s)}">'
                     f'{_card(card, t, s, ring)}<div style="{style}">{word}</div></div>')
    return (f'<div role="group" aria-label="{say("render_trick_label")}" style="position:relative;flex:none;'
            f'width:{_px(width, s)};height:{_px(height, s)};background:{FELT};border-radius:{_px(10, s)};'
            f'{FONT}">{"".join(parts)}</div>')


def hidden_hand_html(count: int, theme: Theme | str | None = None, scale: float | None = None) -> str:
    """A hand the viewer may not see: just ``count`` card backs, so no card leaves Python.

    >>> hidden_hand_html(3).count("card face down")
    3
    """
    _theme(theme)
    s = _scale(scale)
    return _fan([_back(s) for _ in range(count)], BACK_STEP, s, say("render_face_down", count=count))


def label_html(text: str, scale: float | None = None, highlight: bool = False) -> str:
    """A seat's name tag on the table; highlighted (gold) for whose turn it is."""
    return _label(escape(text), _scale(scale), highlight)


def _label(text: str, s: float, highlight: bool = False) -> str:
    colours = f"background:{GOLD};color:#000;" if highlight else "color:#fff;"
    return (f'<div style="{colours}font-weight:bold;font-size:{_px(16, s)};padding:{_px(2, s)} {_px(8, s)};'
            f'border-radius:{_px(4, s)};margin-bottom:{_px(6, s)};white-space:nowrap">{text}</div>')


def table_html(hands: Mapping[Seat | str, Iterable[Card | str] | int], plays=(), names: Mapping | None = None,
               theme: Theme | str | None = None, scale: float | None = None, trumps: Suit | str | None = None,
               dummy: Seat | str | None = None, to_play: Seat | str | None = None,
               declarer: Seat | str | None = None, winner: Seat | str | None = None,
               pack: Pack | None = None) -> str:
    """The table seen from above, North at the top: the seats, their hands (a number means
    that many card backs), dummy spread, and the trick in the middle. Whose turn, in words.

    >>> "South to play" in table_html({"N": 13, "E": 13, "S": ["♠A"], "W": 13}, to_play="S")
    True
    """
    t, s = _theme(theme), _scale(scale)
    names = {Seat.parse(k): v for k, v in (names or {}).items()}
    dummy, to_play, declarer = (None if x is None else Seat.parse(x) for x in (dummy, to_play, declarer))
    trumps = None if trumps is None else Suit.parse(trumps)
    cells = {Seat.N: "grid-column:2;grid-row:1", Seat.W: "grid-column:1;grid-row:2",
             Seat.E: "grid-column:3;grid-row:2", Seat.S: "grid-column:2;grid-row:3"}
    parts = []
    for seat, hand in ((Seat.parse(k), v) for k, v in hands.items()):
        words = [seat.word] + ([escape(str(names[seat]))] if seat in names else [])
        words += [say("render_dummy")] * (seat == dummy) + [say("render_declarer")] * (seat == declarer)
        title = _label(" · ".join(words), s)
        if seat == to_play:
            chooses = f" ({say('render_chooses', seat=declarer.word)})" if seat == dummy and declarer is not None else ""
            title += _label("▶ " + say("render_to_play", seat=seat.word) + chooses, s, highlight=True)
        if isinstance(hand, int):
            picture = hidden_hand_html(hand, t, s)
        elif seat == dummy:
            picture = dummy_html(hand, trumps, t, s, seat, pack)
        else:
            picture = hand_html(hand, t, s, pack)
        parts.append(f'<div role="region" aria-label="{seat.word}" style="{cells[seat]};display:flex;'
                     f'flex-direction:column;align-items:center">{title}{picture}</div>')
    parts.append(f'<div style="grid-column:2;grid-row:2">{trick_html(plays, t, s, winner)}</div>')
    if dummy is not None or trumps is not None:
        trump_words = say("render_trumps", suit=f"{_symbol(trumps)} {trumps.word}") if trumps is not None else say("render_no_trumps")
        colour = "#000" if trumps is None else t.colour(trumps)
        parts.append(f'<div style="grid-column:1;grid-row:1;align-self:start;justify-self:start">'
                     f'<div style="background:#fff;color:{colour};font-weight:bold;font-size:{_px(16, s)};'
                     f'padding:{_px(4, s)} {_px(8, s)};border-radius:{_px(4, s)}">{trump_words}</div></div>')
    return (f'<div style="display:inline-grid;grid-template-columns:auto auto auto;grid-template-rows:auto auto auto;'
            f'gap:{_px(14, s)};align-items:center;justify-items:center;background:{FELT};padding:{_px(14, s)};'
            f'border-radius:{_px(12, s)};{FONT}">{"".join(parts)}</div>')


def trick_record_html(tricks: Iterable, side_of_viewer: Side | Seat | str | Iterable[Seat],
                      theme: Theme | str | None = None, scale: float | None = None) -> str:
    """Finished tricks face down, as seed 002 lays them: upright if the viewer's side won
    the trick, sideways if it lost; with the count "Won 5 – Lost 3".

    >>> trick_record_html([], "NS").count("Won 0")
    1
    """
    _theme(theme)
    s, seats = _scale(scale), seats_of(side_of_viewer)
    pictures, won = [], 0
    for number, trick in enumerate(tricks, 1):
        ours = trick.winner in seats
        won += ours
        label = say("render_trick_won" if ours else "render_trick_lost", number=number)
        pictures.append(_back(s, f"margin-right:{_px(4, s)}", sideways=not ours, label=label))
    count = say("render_won_lost", won=won, lost=len(pictures) - won)
    return (f'<div style="{FONT}"><div style="display:flex;align-items:center;flex-wrap:wrap;gap:{_px(2, s)};'
            f'min-height:{_px(CARD_H, s)}">{"".join(pictures)}</div>'
            f'<div style="font-weight:bold;font-size:{_px(16, s)};margin-top:{_px(4, s)}">{count}</div></div>')


def score_pad_html(pad, theme: Theme | str | None = None, scale: float | None = None) -> str:
    """A score pad as a table: one line a deal, a column per side, and the totals.

    >>> from cardlib.minibridge import ScorePad
    >>> pad = ScorePad(); _ = pad.add("S", "♠ game", 10)
    >>> "420" in score_pad_html(pad)
    True
    """
    t, s = _theme(theme), _scale(scale)
    cell = f"border:1px solid #999;padding:{_px(4, s)} {_px(8, s)};"
    heads = say("render_pad_columns").split("|")
    head = "".join(f'<th style="{cell}background:#EEE">{escape(h)}</th>' for h in heads[:4] + [str(Side.NS), str(Side.EW)])
    rows = []
    for line in pad.lines:
        d = line.contract.denomination
        sym = "NT" if d is None else f'<span style="color:{t.colour(d)}">{_symbol(d)}</span>'
        points = [f"{line.points[side]:d}".replace("-", "−") if line.points[side] else "" for side in Side]
        values = [str(line.number), line.declarer.word, f"{sym} {'game' if line.contract.game else 'partscore'}",
                  str(line.tricks)] + points
        rows.append("<tr>" + "".join(f'<td style="{cell}text-align:{"left" if i in (1, 2) else "right"}">{v}</td>'
                                     for i, v in enumerate(values)) + "</tr>")
    totals = [f"{pad.totals[side]:d}".replace("-", "−") for side in Side]
    rows.append(f'<tr style="font-weight:bold"><td colspan="4" style="{cell}">{escape(heads[4])}</td>'
                + "".join(f'<td style="{cell}text-align:right">{v}</td>' for v in totals) + "</tr>")
    return (f'<table style="border-collapse:collapse;background:#fff;color:#000;font-size:{_px(16, s)};{FONT}">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def deal_html(deal, theme: Theme | str | None = None, scale: float | None = None) -> str:
    """All hands of a deal round a compass (North at the top), each with its HCP.

    >>> from cardlib import Deal
    >>> deal_html(Deal.random(seed=1)).count("HCP")
    4
    """
    t, s = _theme(theme), _scale(scale)
    cells = {Seat.N: "2;grid-row:1", Seat.W: "1;grid-row:2", Seat.E: "3;grid-row:2", Seat.S: "2;grid-row:3"}
    parts = []
    for seat, hand in deal.hands.items():
        words = [seat.word, say("render_hcp", points=hand.hcp)] + [say("render_dealer")] * (seat == deal.dealer)
        parts.append(f'<div role="region" aria-label="{seat.word}" style="grid-column:{cells[seat]}">'
                     f'<div style="font-weight:bold;font-size:{_px(15, s)}">{" · ".join(words)}</div>'
                     f"{hand_by_suit_html(hand, t, s, deal.pack)}</div>")
    letters = "".join(f'<text x="{x}" y="{y}" text-anchor="middle" dominant-baseline="central" font-size="20" '
                      f'font-weight="bold" fill="#fff">{seat.name}</text>' for seat, (x, y) in
                      zip(Seat, ((50, 16), (84, 50), (50, 84), (16, 50))))
    compass = (f'<svg role="img" aria-label="compass" width="{_px(100, s)}" height="{_px(100, s)}" '
               f'viewBox="0 0 100 100"><rect x="2" y="2" width="96" height="96" rx="10" fill="{FELT}"/>'
               f"{letters}</svg>")
    parts.append(f'<div style="grid-column:2;grid-row:2;justify-self:center">{compass}</div>')
    if deal.aside:
        words = say("render_face_down", count=len(deal.aside))
        aside = _fan([_back(s) for _ in deal.aside], BACK_STEP, s, words)
        parts.append(f'<div style="grid-column:3;grid-row:3;font-size:{_px(15, s)}">{aside}{words}</div>')
    return (f'<div style="display:inline-grid;grid-template-columns:auto auto auto;gap:{_px(12, s)};'
            f'align-items:center;background:#fff;color:#000;padding:{_px(10, s)};{FONT}">{"".join(parts)}</div>')
