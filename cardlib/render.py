"""Pictures of cards, hands, tricks and the whole table, as HTML strings with inline styles.

No dependencies and no <style> block: each picture works alone in JupyterLab, in Voilà and
inside an ``ipywidgets.HTML``. ``theme`` is TWO_COLOUR or FOUR_COLOUR (or its name) and
``scale`` 2.0 makes everything twice as big for a projector. Without a ``scale``, the card table
takes the app's (PREFERENCES.scale) and the talk's pictures, smaller on a projector, take
PREFERENCES.talk_scale. A hidden hand is drawn as card backs only: its cards never enter the HTML.

>>> from cardlib import Card
>>> 'aria-label="ace of spades"' in card_html(Card.parse("♠A"), theme="four-colour", scale=2)
True
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from cardlib.cards import BRIDGE_PACK, Card, Pack, Rank, Suit
from cardlib.messages import CardError, current_language, plain, say
from cardlib.seats import Seat, Side, seats_of

_RUBY_TAGS = re.compile(r"&lt;(/?(?:ruby|rt))&gt;")


def text_html(text: str) -> str:
    """A message as HTML: escaped, with its ruby readings (``<ruby>札<rt>ふだ</rt></ruby>``) kept.

    >>> text_html("<ruby>札<rt>ふだ</rt></ruby> & <b>")
    '<ruby>札<rt>ふだ</rt></ruby> &amp; &lt;b&gt;'
    """
    return _RUBY_TAGS.sub(r"<\1>", escape(text))


def text_width(words: str) -> int:
    """About how wide ``words`` are, in pixels, at 12 pixels a letter in a picture's sans-serif
    font: 7 a Latin letter, 12 a Japanese one (to leave room for labels in an SVG chart).

    >>> text_width("Aiko"), text_width("アイコ")
    (28, 36)
    """
    return sum(12 if unicodedata.east_asian_width(letter) in "WF" else 7 for letter in words)


HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
# Japanese fonts that Chromebooks, Windows and macOS have; a Latin letter or suit symbol still
# comes from the fonts before them, so English looks as it did.
JAPANESE_FONTS = "'Noto Sans JP','Noto Sans CJK JP','BIZ UDGothic','Hiragino Sans','Yu Gothic',Meiryo"
FONT = f"font-family:'DejaVu Sans',Verdana,'Segoe UI Symbol',{JAPANESE_FONTS},sans-serif;"
FELT, GOLD = "#1B5E3A", "#FFC400"
CARD_W, CARD_H = 60, 84      # one card at scale 1, in CSS pixels
FAN_STEP, BACK_STEP = 26, 12  # how much of each overlapped card shows in a fan
DUMMY_STEP = 26               # how much of each card shows in a column of dummy's suit
# Each seat's place in a 3 × 3 CSS grid round a compass, North at the top: "grid-column:" + this.
# West and East span the three rows, level with the compass: the picture is North, the compass
# and South tall, not three hands tall (the talk's deal fits a projector's screen with its words).
COMPASS_CELLS = {Seat.N: "2;grid-row:1", Seat.W: "1;grid-row:1 / span 3;align-self:center",
                 Seat.E: "3;grid-row:1 / span 3;align-self:center", Seat.S: "2;grid-row:3"}


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
THEMES_IN_JAPANESE = {"2色": TWO_COLOUR, "4色": FOUR_COLOUR}  # as the Japanese message names them


def audience(environ: Mapping[str, str] | None = None) -> str:
    """Who reads the pages, from MINIBRIDGE_AUDIENCE: "pupils" (the pupils' app sets it) or
    "teacher" (anything else: JupyterLab, nbval and the teacher's app).

    >>> audience({"MINIBRIDGE_AUDIENCE": " Pupils "}), audience({}), audience({"MINIBRIDGE_AUDIENCE": "pupil"})
    ('pupils', 'teacher', 'teacher')
    """
    from cardlib import settings

    return "pupils" if settings.read(environ).for_pupils else "teacher"


def in_browser() -> bool:
    """Is Python running in the pupil's browser (Pyodide, on the course's website)? There the
    double-dummy solver (a C++ extension) and the class's shared tables cannot be had.

    >>> in_browser()
    False
    """
    import sys

    return sys.platform == "emscripten"


# The talk's pictures on the projector, against the table's scale: smaller than the table, with
# the cards' corners still about 20 px high (at 1.2) for the back of a classroom.
TALK = 0.6


@dataclass
class Preferences:
    """How pictures look when a call does not say: the theme and the scale.

    Read once from the environment, so a whole app can be switched for a projector:
    MINIBRIDGE_PROJECTOR=1 (scale 2, large high-contrast text) and MINIBRIDGE_THEME=four-colour.
    MINIBRIDGE_AUDIENCE=pupils (the pupils' app) takes the teacher's tools off the tables; unset
    or "teacher" (JupyterLab, the projector) keeps them. MINIBRIDGE_TAP_TO_RAISE=1 (for tablets)
    makes a first tap on a card raise it and a second play it, on every table.

    >>> Preferences.from_environment({"MINIBRIDGE_AUDIENCE": "pupils"}).teacher_tools
    False
    """

    theme: Theme
    scale: float
    projector: bool
    teacher_tools: bool = True
    tap_to_raise: bool = False

    @property
    def talk_scale(self) -> float:
        """The scale of the talk's pictures (a hand, a trick, a grid drawn between the lesson's
        words) when a call does not say: on the projector ``TALK`` times the table's, since the
        card table alone nearly fills the screen; elsewhere the table's.

        >>> Preferences.from_environment({"MINIBRIDGE_PROJECTOR": "1"}).talk_scale, Preferences.from_environment({}).talk_scale
        (1.2, 1.0)
        """
        return round(self.scale * TALK, 2) if self.projector else self.scale

    @property
    def class_screen(self) -> bool:
        """The app's class screen (``--projector``, for pupils): it shows the lesson and the tables
        large, and offers nothing the class cannot use (no name to type, no hint, no settings).

        >>> Preferences.from_environment({"MINIBRIDGE_PROJECTOR": "1", "MINIBRIDGE_AUDIENCE": "pupils"}).class_screen
        True
        """
        return self.projector and not self.teacher_tools

    @classmethod
    def from_environment(cls, environ=None) -> Preferences:
        from cardlib import settings

        given = settings.read(environ)
        return cls(THEMES.get(given.theme, TWO_COLOUR), 2.0 if given.projector else 1.0, given.projector,
                   teacher_tools=not given.for_pupils, tap_to_raise=given.tap_to_raise)


def theme(name: Theme | str | None) -> Theme:
    """The theme for a name: "two-colour" or "four-colour" ("color" is fine too; 2色 or 4色).

    >>> theme("four-color") is FOUR_COLOUR, theme("４色") is FOUR_COLOUR
    (True, True)
    """
    if name is None:
        return PREFERENCES.theme
    if isinstance(name, Theme):
        return name
    key = unicodedata.normalize("NFKC", str(name)).strip().lower()
    key = key.replace("color", "colour").replace(" ", "-").replace("_", "-")
    found = THEMES.get(key) or THEMES_IN_JAPANESE.get(key)
    if found is None:
        raise CardError("render_theme", text=name)
    return found


_theme = theme  # the functions below take a ``theme`` argument, which hides the name
PREFERENCES = Preferences.from_environment()


def suit_colour(suit: Suit, theme: Theme | str | None = None) -> str:
    """The colour a theme gives a suit. ``suit_colour(Suit.HEARTS, "four-colour")`` → '#B84A00'."""
    return _theme(theme).colour(Suit.parse(suit))


def _scale(scale: float | None, table: bool = False) -> float:
    """``scale``, checked; None: the card table's scale for a ``table``, else the talk's."""
    if scale is None:
        return PREFERENCES.scale if table else PREFERENCES.talk_scale
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0.5 <= scale <= 4:
        raise CardError("render_scale", text=scale)
    return float(scale)


def px(n: float, scale: float | str) -> str:
    """A length: ``n`` CSS pixels times ``scale``, or, inside a table (``scale`` is ``U``),
    ``n`` table units: the table then shrinks to fit the screen it is shown on.

    >>> px(13, 2), px(13, "var(--u)")
    ('26px', 'calc(13*var(--u))')
    """
    if isinstance(scale, str):
        return f"calc({n:g}*{scale})"
    return f"{round(n * scale)}px"


def suit_symbol(suit: Suit) -> str:
    """The suit's symbol as text, never as an emoji.

    >>> suit_symbol(Suit.HEARTS)
    '♥\ufe0e'
    """
    return suit.symbol + "\ufe0e"  # text presentation: never a red emoji heart in any theme


def trumps_words(trumps: Suit | str | None) -> str:
    """The trumps in words, with the suit's symbol: "Trumps: ♣ clubs", or "No trumps".

    >>> trumps_words("♣"), trumps_words(None)
    ('Trumps: ♣︎ clubs', 'No trumps')
    """
    if trumps is None:
        return say("render_no_trumps")
    trumps = Suit.parse(trumps)
    return say("render_trumps", suit=f"{suit_symbol(trumps)} {trumps.word}")


def card_words(card: Card | str) -> str:
    """A card's name in words, for screen readers and tooltips.

    >>> card_words("♠A"), card_words("H10")
    ('ace of spades', '10 of hearts')
    """
    card = Card.parse(card)
    rank = say(f"rank_{card.rank.name.lower()}") if card.rank >= Rank.JACK else card.rank.symbol
    return say("card_words", rank=rank, suit=card.suit.word)


def _ten(card: Card) -> str:
    if card.rank is Rank.TEN:  # squeezed a little, so "10" fits the strip a fan leaves showing
        return '<span style="font-size:0.8em;letter-spacing:-0.08em">10</span>'
    return card.rank.symbol


def _card(card: Card, t: Theme, s: float | str, extra: str = "", pip: bool = True, across: bool = False,
          w: float = CARD_W, h: float = CARD_H, index: float = 17, inset: float = 4) -> str:
    """A card face. ``pip=False``: no big middle symbol (another card covers it);
    ``across``: rank and symbol side by side in the corner, for dummy's columns."""
    name, colour, sym = card_words(card), t.colour(card.suit), suit_symbol(card.suit)
    corner = f"position:absolute;line-height:1;text-align:center;font-weight:bold;font-size:{px(index, s)};"
    middle = (f'<div style="position:absolute;left:{px(w / 5, s)};right:0;top:{px(h * 0.4, s)};text-align:center;'
              f'line-height:1;font-size:{px(w * 0.57, s)}">{sym}</div>') if pip else ""
    return (
        f'<div role="img" aria-label="{escape(plain(name))}" title="{escape(plain(name))}" data-card="{card.letters}" '
        f'style="position:relative;box-sizing:border-box;flex:none;width:{px(w, s)};'
        f"height:{px(h, s)};background:#fff;color:{colour};border:{px(1.5, s)} solid #555;"
        f'border-radius:{px(w / 10, s)};box-shadow:0 1px 3px rgba(0,0,0,.35);{FONT}{extra}">'
        f'<div style="{corner}left:{px(inset, s)};top:{px(inset, s)}">{_ten(card)}{"" if across else "<br>"}{sym}</div>'
        f"{middle}</div>"
    )


def _back(s: float | str, extra: str = "", sideways: bool = False, label: str | None = None,
          w: float = CARD_W, h: float = CARD_H) -> str:
    w, h = (h, w) if sideways else (w, h)
    label = say("render_card_face_down") if label is None else label
    edge = max(1.0, min(w, h) / 20)
    return (
        f'<div role="img" aria-label="{escape(plain(label))}" style="box-sizing:border-box;flex:none;'
        f"width:{px(w, s)};height:{px(h, s)};border:{px(edge, s)} solid #fff;"
        f"border-radius:{px(min(w, h) / 10, s)};outline:1px solid #555;background:#1F4E9A repeating-linear-gradient("
        f'45deg,#2F6BC8 0 {px(edge * 1.4, s)},#1F4E9A {px(edge * 1.4, s)} {px(edge * 2.8, s)});{extra}"></div>'
    )


def card_html(card: Card | str, theme: Theme | str | None = None, scale: float | None = None, face_up: bool = True) -> str:
    """One card: white face, rank and symbol in the corners, a big symbol in the middle.

    >>> "♠" in card_html("♠A")
    True
    """
    if not face_up:
        return card_back_html(scale=scale)
    return _card(Card.parse(card), _theme(theme), _scale(scale))


Card._repr_html_ = card_html  # a card shows itself in a notebook; cards.py cannot import the pictures above it


def card_back_html(theme: Theme | str | None = None, scale: float | None = None) -> str:
    """The back of a card (blue pattern); nothing tells which card it is.

    >>> "data-card" in card_back_html()
    False
    """
    _theme(theme)
    return _back(_scale(scale))


def _fan(pictures: list[str], step: float, s: float | str, label: str, gaps: Iterable[bool] = (),
         w: float = CARD_W) -> str:
    """Overlapping pictures in a row; a gap before each picture marked True in ``gaps``."""
    gaps = list(gaps) or [False] * len(pictures)
    parts = []
    for i, (picture, gap) in enumerate(zip(pictures, gaps)):
        shift = 0 if i == 0 else -(w - step - (8 if gap else 0))
        parts.append(f'<div style="margin-left:{px(shift, s)};flex:none">{picture}</div>')
    return f'<div role="group" aria-label="{escape(plain(label))}" style="display:flex;align-items:flex-start">{"".join(parts)}</div>'


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
    return _fan(faces, FAN_STEP, s, say("render_cards", count=len(cards)), gaps)


def _mini(card: Card, t: Theme, s: float | str) -> str:
    return (
        f'<span role="img" aria-label="{card_words(card)}" data-card="{card.letters}" style="display:inline-block;'
        f"min-width:{px(24, s)};padding:{px(2, s)} {px(3, s)};margin-right:{px(3, s)};background:#fff;"
        f"border:1px solid #888;border-radius:{px(4, s)};color:{t.colour(card.suit)};text-align:center;"
        f'font-weight:bold;font-size:{px(16, s)};line-height:1.1;{FONT}">{card.rank.symbol}'
        f'<span style="font-size:{px(12, s)}">{suit_symbol(card.suit)}</span></span>'
    )


def hand_by_suit_html(cards: Iterable[Card | str], theme: Theme | str | None = None, scale: float | None = None,
                      pack: Pack | None = None) -> str:
    """One row per suit (♠ first) of small text-like cards; a void shows a dash.

    >>> hand_by_suit_html(["♠A", "♠K"]).count("<div")
    5
    """
    t, s = _theme(theme), _scale(scale)
    return _by_suit((pack or BRIDGE_PACK).in_order(Card.parse(c) for c in cards), t, s)


def _by_suit(cards: list[Card], t: Theme, s: float | str) -> str:
    rows = []
    for suit in HAND_ORDER:
        minis = "".join(_mini(c, t, s) for c in cards if c.suit is suit) or "—"
        rows.append(f'<div style="margin:{px(3, s)} 0;white-space:nowrap"><span style="display:inline-block;'
                    f'width:{px(22, s)};font-size:{px(20, s)};color:{t.colour(suit)}">{suit_symbol(suit)}</span>{minis}</div>')
    return f'<div style="{FONT}font-size:{px(16, s)}">{"".join(rows)}</div>'


def _by_suit_width(cards: list[Card]) -> float:
    """How wide ``_by_suit`` draws a hand at scale 1, a little more rather than less: the symbol,
    then the longest suit's small cards (a 10 is wider)."""
    widest = max((sum(41 if c.rank is Rank.TEN else 37 for c in cards if c.suit is suit) for suit in HAND_ORDER),
                 default=0)
    return 22 + max(widest, 20)


def dummy_suit_order(trumps: Suit | None, seat: Seat = Seat.N) -> list[Suit]:
    """Dummy's suits as the picture shows them: left to right (top to bottom for E/W).

    Dummy puts trumps at the right end *as dummy sees it* (the club's guide, docs/rules.md §1.2). The picture has North
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
            column = "".join(_card(c, t, s, f"margin-top:{px(shift, s) if i else 0}", i == len(suit_cards) - 1, True)
                             for i, c in enumerate(suit_cards))
            lines.append(f'<div role="group" aria-label="{escape(plain(label))}" style="display:flex;flex-direction:column">{column}</div>')
    direction = "column" if sideways else "row"
    return (f'<div role="group" aria-label="{escape(plain(say("render_dummy")))}" style="display:flex;flex-direction:{direction};'
            f'gap:{px(6, s)};align-items:flex-start">{"".join(lines)}</div>')


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
        ring = f"box-shadow:0 0 0 {px(4, s)} {GOLD};" if wins else ""
        word = say("render_seat_wins", seat=seat.letter) if wins else seat.letter
        style = (f"font-weight:bold;font-size:{px(14, s)};line-height:{px(label_h, s)};text-align:center;"
                 f"white-space:nowrap;margin:{px(4, s)} {px(-gap / 2, s)} 0;"
                 + (f"background:{GOLD};color:#000;border-radius:{px(4, s)};" if wins else "color:#fff;"))
        parts.append(f'<div style="position:absolute;left:{px(x, s)};top:{px(y, s)};width:{px(CARD_W, s)}">'
                     f'{_card(card, t, s, ring)}<div style="{style}">{word}</div></div>')
    return (f'<div role="group" aria-label="{escape(plain(say("render_trick_label")))}" style="position:relative;flex:none;'
            f'width:{px(width, s)};height:{px(height, s)};background:{FELT};border-radius:{px(10, s)};'
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
    return _label(text_html(text), _scale(scale, table=True), highlight)


def _label(text: str, s: float, highlight: bool = False) -> str:
    colours = f"background:{GOLD};color:#000;" if highlight else "color:#fff;"
    return (f'<div style="{colours}font-weight:bold;font-size:{px(16, s)};padding:{px(2, s)} {px(8, s)};'
            f'border-radius:{px(4, s)};margin-bottom:{px(6, s)};white-space:nowrap">{text}</div>')


# --- the card table: one layout for the picture and for the live table ---------------------
#
# The table is measured in table units (U): 504 × 360 of them, in a 3 × 3 grid. One unit is
# UNIT × scale CSS pixels, or less when the screen (or the notebook's column) is smaller, so
# the whole table always fits one screen: 1024×768 and 1280×720 on a projector, a 1366×768
# laptop at normal scale. The live table (card_tables) draws the very same HTML, with the
# pupil's cards as real buttons.

U = "var(--u)"
UNIT = 1.25  # CSS pixels per table unit at scale 1
TABLE_W, TABLE_H = 504, 360
COLUMNS, ROWS, GAP, PAD = (110, 264, 110), (118, 142, 80), 4, 6
TEXT = 10  # the table's text, in units (20 px on a projector)
HAND = {"w": 46, "h": 64, "index": 13, "inset": 2.5}  # the cards of the hand at the bottom
SMALL = {"w": 36, "h": 50, "index": 11, "inset": 2}  # open hands at the top, dummy's columns
TRICK = {"w": 40, "h": 56, "index": 12, "inset": 2.5}  # the trick in the middle
MINI = {"w": 22, "h": 30, "index": 9, "inset": 1.5}  # the last trick, in a corner
BACK_W, BACK_H, BACK_FAN = 24, 34, 5  # a hidden hand: small backs, 5 units of each showing
DUMMY_ROOM = 94  # the height of dummy's columns at the top
CHOSEN = "#FFE082"  # a choice that is pressed
PICKED = "#0D47A1"  # the card picked as an exercise's answer (not gold: gold marks a winner)


def natural_width(width: str) -> str:
    """The attributes of the box round a picture that fits the width it is given (its unit
    from ``100cqw``): that box has no width of its own, so a box as wide as its content, such
    as a picture set beside its words (``beside_html``), takes ``width``, the picture's width
    at its own scale (exercises.lesson_page).

    >>> natural_width("100px")
    'class="mb-fit" style="container-type:inline-size;width:100%;--natural:100px"'
    """
    return f'class="mb-fit" style="container-type:inline-size;width:100%;--natural:{width}"'


def table_unit(scale: float) -> str:
    """The CSS of one table unit: ``UNIT × scale`` pixels, smaller if the table would not fit
    the width it is given or the height of the screen."""
    return (f"--u:min({UNIT * scale:g}px,calc((100cqw - 2px) / {TABLE_W}),"
            f"calc((100vh - 16px) / {TABLE_H}));")


def _words_cell(text: str, extra: str = "") -> str:
    return f'<div style="font-size:{px(TEXT, U)};line-height:1.25;{extra}">{text}</div>'


def _name_tag(text: str, highlight: bool = False) -> str:
    colours = f"background:{GOLD};color:#000;" if highlight else "color:#fff;"
    return (f'<div style="{colours}font-weight:bold;font-size:{px(TEXT, U)};line-height:1.2;'
            f'padding:{px(1, U)} {px(4, U)};border-radius:{px(3, U)};">{text}</div>')


def _button_face(card: Card, t: Theme, state: str, size: dict, extra: str = "", across: bool = False,
                 pip: bool = False) -> str:
    """One of the pupil's cards as a real button. ``state``: "playable" (may be played now:
    raised, with a gold edge), "other" (the player's turn but not allowed: lowered and dimmed,
    a click says why), "wait" (looks as "other": the player's other hand, declarer's or dummy's, is
    to play) or "off" (not the player's turn: disabled); for an exercise's answer,
    "choice" (may be picked) or "chosen" (picked: a blue ring, never gold). ``pip``: the big
    symbol in the middle too. A hint follows a playable card's state as "playable|lost|kept|unit"
    (``hint_state``): a coloured mark with a sign, never colour alone, and its words."""
    state, _, hint = state.partition("|")
    name, colour, w, h = card_words(card), t.colour(card.suit), size["w"], size["h"]
    mark = ""
    if hint:
        lost, kept, unit = (hint.split("|") + [""])[:3]
        lost, points = int(lost), unit == "points"
        # Amber: one trick fewer, or in Manille up to a manille's worth (5 card points) fewer.
        sign, shade = (("✓", "#1b7f2a") if lost == 0 else ("!", "#b86e00") if lost <= (5 if points else 1)
                       else ("✗", "#b3261e"))
        words = say("hint_best" if lost == 0 else "hint_loses_points" if points else "hint_loses", lost=lost)
        if kept:
            words = f"{words} ({say('hint_kept_points' if points else 'hint_kept', tricks=int(kept))})"
        name = f"{name}: {words}"
        # In a fan the mark sits low in the card's strip; in dummy's columns only the top strip
        # shows, so there it sits on one line beside the index.
        where = (f"right:{px(1, U)};top:{px(size['inset'], U)}" if across else f"left:{px(1, U)};bottom:{px(2, U)}")
        mark = (f'<span aria-hidden="true" style="position:absolute;{where};white-space:nowrap;'
                f"text-align:center;font-size:{px(size['index'] * (0.7 if across else 0.8), U)};font-weight:bold;"
                f"line-height:1.15;padding:0 {px(1 if across else 2, U)};color:#fff;background:{shade};border-radius:{px(3, U)}\">"
                f'{sign}{("" if across else "<br>") + kept if kept else ""}</span>')
    look = {"playable": f"transform:translateY({px(-7, U)});box-shadow:0 0 0 {px(2.5, U)} {GOLD},"
                        f"0 {px(2, U)} {px(5, U)} rgba(0,0,0,.6);cursor:pointer;",
            "other": f"transform:translateY({px(5, U)});filter:grayscale(.7) brightness(.72);cursor:pointer;",
            "wait": f"transform:translateY({px(5, U)});filter:grayscale(.7) brightness(.72);cursor:pointer;",
            "off": "cursor:default;",
            "choice": f"box-shadow:0 {px(1, U)} {px(4, U)} rgba(0,0,0,.5);cursor:pointer;",
            "chosen": f"transform:translateY({px(-5, U)});box-shadow:0 0 0 {px(3, U)} {PICKED},"
                      f"0 0 0 {px(5.5, U)} #fff;cursor:pointer;"}[state]
    pressed = f' aria-pressed="{"true" if state == "chosen" else "false"}"' if state in ("choice", "chosen") else ""
    corner = (f"position:absolute;left:{px(size['inset'], U)};top:{px(size['inset'], U)};line-height:1;"
              f"text-align:center;font-weight:bold;font-variant-emoji:text")
    # The symbol without U+FE0E, drawn as text by the style, as in the corner: a name can hold
    # what the button shows only if the button shows no character the name cannot (axe-core).
    middle = (f'<span aria-hidden="true" style="position:absolute;left:{px(w / 5, U)};right:0;top:{px(h * 0.4, U)};'
              f'text-align:center;line-height:1;font-variant-emoji:text;font-size:{px(w * 0.57, U)}">'
              f'{card.suit.symbol}</span>') if pip else ""
    # The name begins with what the card shows ("K♥"), so a pupil who says or reads the face finds it.
    spoken = say("card_button_name", face=f"{card.rank.symbol}{card.suit.symbol}", words=name)
    return (f'<button type="button" class="mb-card mb-{state}{" mb-across" if across else ""}" data-card="{card.letters}" title="{escape(plain(name))}" '
            f'aria-label="{escape(plain(spoken))}"{pressed}{" disabled" if state == "off" else ""} style="position:relative;flex:none;'
            f"box-sizing:border-box;display:block;width:{px(w, U)};height:{px(h, U)};margin:0;padding:0;"
            f"background:#fff;color:{colour};border:{px(1.5, U)} solid #555;border-radius:{px(w / 10, U)};"
            f'{FONT}font-size:{px(size["index"], U)};{look}{extra}"><span style="{corner}">{_ten(card)}{"" if across else "<br>"}'
            f"{card.suit.symbol}</span>{middle}{mark}</button>")


def hint_state(lost: int, kept: int | None = None, points: bool = False) -> str:
    """A playable card's state with its hint: ``lost`` tricks (``points``: Manille's card points)
    fewer than the best card keeps, ``kept`` (the number, when the pupil asks for it) what it keeps."""
    return f"playable|{lost}|{'' if kept is None else kept}|{'points' if points else ''}"


def _faces(cards: list[Card], t: Theme, size: dict, states: Mapping[Card, str] | None, label: str,
           step: float, gaps: bool = True) -> str:
    """A hand held as a fan: each card overlaps the one before, its left strip showing."""
    parts = []
    for i, card in enumerate(cards):
        gap = gaps and i > 0 and card.suit is not cards[i - 1].suit
        shift = 0 if i == 0 else -(size["w"] - step + (0 if not gap else -3))
        place = f"margin-left:{px(shift, U)};"
        if states is not None:
            parts.append(_button_face(card, t, states.get(card, "off"), size, place))
        else:
            parts.append(_card(card, t, U, place, i == len(cards) - 1, **size))
    # Cards to press say how far apart they lie, so a touch screen's style can spread them to a finger's width.
    fan = ' class="mb-fan"' if states is not None else ""
    spread = f"--step:{step:g};--card-w:{size['w']:g};" if states is not None else ""
    return (f'<div role="group" aria-label="{escape(plain(label))}"{fan} style="{spread}display:flex;align-items:flex-end;'
            f'padding-top:{px(8, U)}">{"".join(parts)}</div>')


def _hidden(count: int, label_count: bool = True) -> str:
    backs = "".join(_back(U, f"margin-left:{px(-(BACK_W - BACK_FAN), U) if i else 0}", w=BACK_W, h=BACK_H)
                    for i in range(count))
    words = say("render_cards", count=count)
    return (f'<div style="display:flex;flex-direction:column;align-items:center;gap:{px(2, U)}">'
            f'<div role="group" aria-label="{escape(plain(say("render_face_down", count=count)))}" style="display:flex">'
            f'{backs}</div>{_words_cell(text_html(words), "color:#fff") if label_count else ""}</div>')


def _chip(card: Card, t: Theme, width: float = 14) -> str:
    return (f'<span role="img" aria-label="{card_words(card)}" data-card="{card.letters}" style="display:inline-block;'
            f"box-sizing:border-box;min-width:{px(width, U)};padding:0 {px(1 if width >= 14 else 0, U)};background:#fff;"
            f"border-radius:{px(2, U)};color:{t.colour(card.suit)};text-align:center;font-weight:bold;"
            f'font-size:{px(TEXT, U)};line-height:{px(15, U)}">{_ten(card)}</span>')


def _rows(cards: list[Card], t: Theme, label: str) -> str:
    """An open hand at the side of the table (as BEN shows West and East): a row per suit."""
    rows = []
    for suit in HAND_ORDER:
        suited = [c for c in cards if c.suit is suit]
        # a long suit's chips narrow (to 11 units) so that up to 8 cards keep one line beside the symbol
        width = max(11, min(14, (COLUMNS[0] - 12) / max(1, len(suited)) - 1))
        chips = "".join(_chip(c, t, width) for c in suited) or '<span style="color:#fff">—</span>'
        rows.append(f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:{px(1, U)};'
                    f'margin-top:{px(1.5, U)}"><span style="display:inline-block;width:{px(11, U)};'
                    f"font-size:{px(TEXT + 1, U)};line-height:{px(15, U)};text-align:center;background:#fff;"
                    f'border-radius:{px(2, U)};color:{t.colour(suit)}">{suit_symbol(suit)}</span>{chips}</div>')
    return f'<div role="group" aria-label="{escape(plain(label))}" style="width:{px(COLUMNS[0], U)}">{"".join(rows)}</div>'


def _columns(cards: list[Card], t: Theme, trumps: Suit | None, seat: Seat, states: Mapping[Card, str] | None) -> str:
    """Dummy at the top of the table: a column per suit, trumps on dummy's right."""
    size = dict(SMALL, index=9.5, inset=1.5)
    columns = []
    for suit in dummy_suit_order(trumps, seat):
        suit_cards = [c for c in cards if c.suit is suit]
        if not suit_cards:
            continue
        n = len(suit_cards)
        step = 14 if n == 1 else max(12, min(14, (DUMMY_ROOM - size["h"]) / (n - 1)))
        height = max(step + 2, min(size["h"], DUMMY_ROOM - step * (n - 1)))
        parts = []
        for i, card in enumerate(suit_cards):
            place = f"margin-top:{px(-(height - step), U) if i else 0};"
            one = dict(size, h=height)
            if states is not None:
                parts.append(_button_face(card, t, states.get(card, "off"), one, place, across=True))
            else:
                parts.append(_card(card, t, U, place, False, True, **one))
        label = suit.word + (f", {say('render_trumps_word')}" if suit is trumps else "")
        columns.append(f'<div role="group" aria-label="{escape(plain(label))}" style="display:flex;flex-direction:column;'
                       f'padding-top:{px(states is not None and 7 or 0, U)}">{"".join(parts)}</div>')
    pressed = ' class="mb-dummy"' if states is not None else ""  # a touch screen's style gives each card a finger's height
    return (f'<div role="group" aria-label="{escape(plain(say("render_dummy")))}"{pressed} style="display:flex;gap:{px(4, U)};'
            f'align-items:flex-start">{"".join(columns)}</div>')


def _cross(plays, t: Theme, winner: Seat | None, viewer: Seat, size: dict, label: str, words: bool = True) -> str:
    """The cards of a trick, each in front of its player, the winner's ringed in gold."""
    w, h = size["w"], size["h"]
    gap = w / 5
    width, height = 3 * w + 2 * gap, 2 * h + h * 0.4
    places = {Seat.N: (w + gap, 0), Seat.S: (w + gap, h * 1.4),
              Seat.W: (0, h * 0.7), Seat.E: (2 * w + 2 * gap, h * 0.7)}
    turn = Seat.S - viewer
    parts = []
    for seat, card in plays:
        seat, card = Seat.parse(seat), Card.parse(card)
        x, y = places[Seat((seat + turn) % 4)]
        wins = seat == winner
        ring = f"box-shadow:0 0 0 {px(w / 12, U)} {GOLD};" if wins else ""
        tag = ""
        if words:
            text = say("render_seat_wins", seat=seat.letter) if wins else seat.letter
            colours = f"background:{GOLD};color:#000;" if wins else "background:rgba(0,0,0,.55);color:#fff;"
            tag = (f'<div style="position:absolute;left:50%;bottom:{px(2, U)};transform:translateX(-50%);'
                   f"white-space:nowrap;font-weight:bold;font-size:{px(TEXT, U)};line-height:1.2;"
                   f'padding:0 {px(3, U)};border-radius:{px(3, U)};{colours}">{text}</div>')
        parts.append(f'<div style="position:absolute;left:{px(x, U)};top:{px(y, U)}">'
                     f"{_card(card, t, U, ring, True, **size)}{tag}</div>")
    return (f'<div role="group" aria-label="{escape(plain(label))}" style="position:relative;flex:none;'
            f'width:{px(width, U)};height:{px(height, U)}">{"".join(parts)}</div>')


# An exercise's trick whose cards are the answer buttons ("Which card wins?"): the cards as
# big as a trick picture's (60 × 84 px at scale 1), drawn in table units so the live view
# shrinks the picture rather than cut it on a small screen.
PICK = {"w": 48, "h": 68, "index": 18, "inset": 3}
PICK_PAD, PICK_TOP, PICK_GAP, PICK_NAME = 10, 14, 10, 18  # felt round the cards, room for a raised card, gaps, a name
PICK_W = 2 * PICK_PAD + 3 * PICK["w"] + 2 * PICK_GAP
PICK_H = PICK_TOP + 2 * (PICK["h"] + PICK_NAME) + PICK_GAP + PICK_PAD


def trick_choice_html(plays: Iterable[tuple[Seat | str, Card | str]], chosen: Card | str | None = None,
                      theme: Theme | str | None = None, scale: float | None = None,
                      bottom: Seat | str = Seat.S) -> str:
    """A trick whose cards are buttons, for a question answered by clicking a card: each
    card in front of its player, the player's name under it, ``chosen`` ringed in blue.
    Nothing marks the winner. The live view (card_tables.base.TableView) sends a
    clicked card's letters back to Python.

    >>> picture = trick_choice_html([("W", "♥5"), ("N", "♥8")], chosen="♥8")
    >>> picture.count("<button"), picture.count('aria-pressed="true"'), "wins" in picture
    (2, 1, False)
    """
    t, s = _theme(theme), _scale(scale, table=True)
    chosen = None if chosen is None else Card.parse(chosen)
    w, h = PICK["w"], PICK["h"]
    slot = h + PICK_NAME
    middle = PICK_PAD + w + PICK_GAP
    places = {Seat.N: (middle, PICK_TOP), Seat.S: (middle, PICK_TOP + slot + PICK_GAP),
              Seat.W: (PICK_PAD, PICK_TOP + (slot + PICK_GAP) / 2),
              Seat.E: (middle + w + PICK_GAP, PICK_TOP + (slot + PICK_GAP) / 2)}
    turn = Seat.S - Seat.parse(bottom)
    parts = []
    for seat, card in plays:
        seat, card = Seat.parse(seat), Card.parse(card)
        x, y = places[Seat((seat + turn) % 4)]
        name = (f'<div style="margin-top:{px(3, U)};text-align:center;white-space:nowrap;color:#fff;font-weight:bold;'
                f'font-size:{px(13, U)};line-height:1.1">{text_html(seat.word)}</div>')
        parts.append(f'<div class="mb-seat-{seat.name}" style="position:absolute;left:{px(x, U)};top:{px(y, U)};'
                     f'width:{px(w, U)}">{_button_face(card, t, "chosen" if card == chosen else "choice", PICK, pip=True)}'
                     f"{name}</div>")
    unit = (f"--u:min({UNIT * s:g}px,calc((100cqw - 2px) / {PICK_W}),calc(60vh / {PICK_H}));")
    natural = natural_width(f"calc(min({UNIT * s:g}px,calc(60vh / {PICK_H})) * {PICK_W} + 2px)")
    return (f'<div {natural}><div role="group" aria-label="{escape(plain(say("render_trick_label")))}" '
            f'class="mb-pick" style="{unit}position:relative;width:{px(PICK_W, U)};height:{px(PICK_H, U)};'
            f'background:{FELT};border-radius:{px(10, U)};{FONT}">{"".join(parts)}</div></div>')


def button_html(action: str, label: str, value: str = "", kind: str = "", pressed: bool | None = None,
                tip: str = "") -> str:
    """A button of the live table (a choice, "Take back", "Next card"...): it sends ``action``
    and ``value`` to Python when pressed. ``kind``: "" (white), "go" (green), "main" (blue),
    "warn" (orange).

    >>> 'data-action="undo"' in button_html("undo", "Take back")
    True
    """
    colours = {"": "background:#fff;color:#000;", "go": "background:#2E7D32;color:#fff;",
               "main": "background:#1565C0;color:#fff;", "warn": "background:#E65100;color:#fff;"}[kind]
    if pressed:
        colours = f"background:{CHOSEN};color:#000;box-shadow:inset 0 0 0 {px(1.5, U)} #000;"
    state = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    return (f'<button type="button" class="mb-action" data-action="{escape(action)}" data-value="{escape(value)}"'
            f'{state} title="{escape(plain(tip or label))}" style="{colours}{FONT}font-size:{px(TEXT, U)};font-weight:bold;'
            f"line-height:1.2;min-height:{px(17, U)};padding:{px(1.5, U)} {px(3.5, U)};border:1px solid #222;"
            f'border-radius:{px(3, U)};cursor:pointer;margin:{px(1, U)}">{text_html(label)}</button>')


def badge_html(text: str, highlight: bool = False, colour: str = "#000") -> str:
    """A note in a corner of the table: the contract, the trumps, the deal's name."""
    colours = f"background:{GOLD};color:#000;" if highlight else f"background:#fff;color:{colour};"
    return (f'<div style="{colours}font-weight:bold;font-size:{px(TEXT, U)};line-height:1.25;'
            f'padding:{px(1.5, U)} {px(4, U)};border-radius:{px(3, U)};margin-bottom:{px(2, U)}">{text}</div>')


def table_record_html(tricks: Iterable, side_of_viewer: Side | Seat | str | Iterable[Seat],
                      words: str | None = None) -> str:
    """The finished tricks in a corner of the table: upright if the viewer's side won them,
    sideways if it lost them, with "Won 5 – Lost 3" (or ``words``)."""
    seats = seats_of(side_of_viewer)
    pictures, won = [], 0
    for number, trick in enumerate(tricks, 1):
        ours = trick.winner in seats
        won += ours
        label = say("render_trick_won" if ours else "render_trick_lost", number=number)
        pictures.append(_back(U, "", sideways=not ours, label=label, w=9, h=13))
    count = text_html(words) if words is not None else say("render_won_lost", won=won, lost=len(pictures) - won)
    return (f'<div style="color:#fff"><div style="font-weight:bold;font-size:{px(TEXT, U)}">{count}</div>'
            f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:{px(2, U)};'
            f'margin-top:{px(2, U)}">{"".join(pictures)}</div></div>')


def table_html(hands: Mapping[Seat | str, Iterable[Card | str] | int], plays=(), names: Mapping | None = None,
               theme: Theme | str | None = None, scale: float | None = None, trumps: Suit | str | None = None,
               dummy: Seat | str | None = None, to_play: Seat | str | None = None,
               declarer: Seat | str | None = None, winner: Seat | str | None = None,
               pack: Pack | None = None, *, viewer: Seat | str = Seat.S,
               buttons: Mapping[Seat, Mapping[Card, str]] | None = None, info: str | None = None,
               record: str = "", last: tuple | None = None, message: str = "", centre: str = "",
               beside: str = "", controls: str = "", turn: str | None = None, near: str = "") -> str:
    """The table seen from above with ``viewer`` at the bottom (South by default): the seats
    and their hands (a number means that many card backs), dummy spread in suit columns,
    the trick in the middle, whose turn it is in words, and the corners' notes.

    The live table passes the rest: ``buttons`` (for each seat the pupil plays, each card's
    state: "playable", "other", "wait" or "off"), ``info`` and ``record`` (top left), ``last`` (the
    last trick's plays and winner, top right), ``message`` (beside the trick), ``centre``
    (choices shown instead of the trick), ``beside`` (under the message), ``near`` (notes
    beside the trick, above whose turn it is: the trumps and the taps) and ``controls``
    (bottom right). ``turn`` replaces the words saying whose turn it is (a caption once the
    hand is over).

    >>> "South to play" in table_html({"N": 13, "E": 13, "S": ["♠A"], "W": 13}, to_play="S")
    True
    """
    t, s = _theme(theme), _scale(scale, table=True)
    pack = pack or BRIDGE_PACK
    names = {Seat.parse(k): v for k, v in (names or {}).items()}
    dummy, to_play, declarer = (None if x is None else Seat.parse(x) for x in (dummy, to_play, declarer))
    viewer = Seat.parse(viewer)
    trumps = None if trumps is None else Suit.parse(trumps)
    buttons = {Seat.parse(k): v for k, v in (buttons or {}).items()}
    drawn = {seat: Seat((seat - viewer + Seat.S) % 4) for seat in Seat}
    parts = []
    for seat, hand in ((Seat.parse(k), v) for k, v in hands.items()):
        words = [seat.word] + ([text_html(str(names[seat]))] if seat in names else [])
        words += [say("render_dummy")] * (seat == dummy) + [say("render_declarer")] * (seat == declarer)
        tag = _name_tag(("▶ " if seat == to_play else "") + " · ".join(words), highlight=seat == to_play)
        where = drawn[seat]
        states = buttons.get(seat)
        cards = None if isinstance(hand, int) else pack.in_order(Card.parse(c) for c in hand)
        label = say("render_cards", count=hand if cards is None else len(cards))
        if cards is None:
            picture = _hidden(hand)
        elif where is Seat.S:
            step = min(HAND["w"] + 3, (COLUMNS[1] - HAND["w"] - 9) / max(1, len(cards) - 1))
            picture = _faces(cards, t, HAND, states, label, step)
        elif where is Seat.N and seat == dummy:
            picture = _columns(cards, t, trumps, where, states)
        elif where is Seat.N:
            step = min(SMALL["w"] + 3, (COLUMNS[1] - SMALL["w"] - 9) / max(1, len(cards) - 1))
            picture = _faces(cards, t, SMALL, states, label, step)
        else:
            picture = _rows(cards, t, label)
        if where is Seat.S:
            place = (f"grid-row:3;grid-column:1 / 3;display:grid;grid-template-columns:{px(COLUMNS[0], U)} "
                     f"{px(COLUMNS[1], U)};gap:{px(GAP, U)};align-items:end")
            body = (f'<div style="align-self:start;justify-self:end;max-width:100%">{tag}</div>'
                    f'<div style="justify-self:center">{picture}</div>')
        else:
            column = {Seat.N: 2, Seat.W: 1, Seat.E: 3}[where]
            row = 1 if where is Seat.N else 2
            place = (f"grid-row:{row};grid-column:{column};display:flex;flex-direction:column;align-items:center;"
                     f"justify-content:{'flex-start' if row == 1 else 'center'};gap:{px(2, U)};min-width:0")
            body = tag + picture
        parts.append(f'<div role="region" aria-label="{seat.word}" class="mb-seat-{seat.name}" '
                     f'style="{place}">{body}</div>')
    if turn is None and to_play is not None:
        chooses = f" ({say('render_chooses', seat=declarer.word)})" if to_play == dummy and declarer is not None else ""
        turn = text_html("▶ " + say("render_to_play", seat=to_play.word) + chooses)
    turn_line = _name_tag(turn, highlight=True) if turn else ""
    note = (f'<div class="mb-message" role="status" aria-live="polite" style="font-size:{px(TEXT, U)};'
            f'line-height:1.3;color:#fff;overflow-wrap:anywhere">{message}</div>')
    if centre:
        middle = (f'<div style="display:flex;flex-direction:column;gap:{px(3, U)};width:100%">'
                  f"{near}{turn_line}{centre}{note}</div>")
    else:
        cross = _cross(plays, t, None if winner is None else Seat.parse(winner), viewer, TRICK,
                       say("render_trick_label"))
        middle = (f'{cross}<div style="display:flex;flex-direction:column;gap:{px(3, U)};min-width:0;flex:1">'
                  f"{near}{turn_line}{note}{beside}</div>")
    parts.append(f'<div class="mb-centre" style="grid-row:2;grid-column:2;display:flex;gap:{px(4, U)};align-items:flex-start;'
                 f'padding:{px(3, U)};background:rgba(0,0,0,.18);border-radius:{px(8, U)};min-width:0">{middle}</div>')
    if info is None and (dummy is not None or trumps is not None):
        info = badge_html(trumps_words(trumps), colour="#000" if trumps is None else t.colour(trumps))
    if info or record:
        parts.append(f'<div class="mb-info" style="grid-row:1;grid-column:1;align-self:start;min-width:0">'
                     f'{info or ""}{record}</div>')
    if last is not None:
        plays_before, won_by = last
        won_by = Seat.parse(won_by)
        title = text_html(say("render_last_trick", seat=won_by.word))
        parts.append(f'<div class="mb-last" style="grid-row:1;grid-column:3;display:flex;flex-direction:column;align-items:center;'
                     f'gap:{px(2, U)}">{_words_cell(title, "color:#fff;font-weight:bold;text-align:center")}'
                     f'{_cross(plays_before, t, won_by, viewer, MINI, say("render_last_trick_label"), False)}</div>')
    if controls:
        parts.append(f'<div class="mb-controls" style="grid-row:3;grid-column:3;display:flex;flex-direction:column;align-items:stretch;'
                     f'justify-content:flex-end;min-width:0">{controls}</div>')
    columns = " ".join(px(c, U) for c in COLUMNS)
    rows = " ".join(px(r, U) for r in ROWS)
    natural = natural_width(f"calc(min({UNIT * s:g}px,calc((100vh - 16px) / {TABLE_H})) * {TABLE_W} + 2px)")
    return (f'<div {natural}><div class="mb-felt" style="{table_unit(s)}'
            f"display:grid;grid-template-columns:{columns};grid-template-rows:{rows};gap:{px(GAP, U)};"
            f"padding:{px(PAD, U)};width:max-content;box-sizing:border-box;background:{FELT};"
            f'border-radius:{px(10, U)};color:#fff;font-size:{px(TEXT, U)};{FONT}">{"".join(parts)}</div></div>')


def trick_record_html(tricks: Iterable, side_of_viewer: Side | Seat | str | Iterable[Seat],
                      theme: Theme | str | None = None, scale: float | None = None) -> str:
    """Finished tricks face down, as the club's guide lays them (docs/rules.md §1.4): upright if the viewer's side won
    the trick, sideways if it lost; with the count "Won 5 – Lost 3".

    >>> trick_record_html([], "NS").count("Won 0")
    1
    """
    _theme(theme)
    s, seats = _scale(scale, table=True), seats_of(side_of_viewer)
    pictures, won = [], 0
    for number, trick in enumerate(tricks, 1):
        ours = trick.winner in seats
        won += ours
        label = say("render_trick_won" if ours else "render_trick_lost", number=number)
        pictures.append(_back(s, f"margin-right:{px(4, s)}", sideways=not ours, label=label))
    count = say("render_won_lost", won=won, lost=len(pictures) - won)
    return (f'<div style="{FONT}"><div style="display:flex;align-items:center;flex-wrap:wrap;gap:{px(2, s)};'
            f'min-height:{px(CARD_H, s)}">{"".join(pictures)}</div>'
            f'<div style="font-weight:bold;font-size:{px(16, s)};margin-top:{px(4, s)}">{count}</div></div>')


def score_pad_html(pad, theme: Theme | str | None = None, scale: float | None = None) -> str:
    """A score pad as a table: one line a deal, a column per side, and the totals.

    >>> from cardlib.minibridge import ScorePad
    >>> pad = ScorePad(); _ = pad.add("S", "♠ game", 10)
    >>> "420" in score_pad_html(pad)
    True
    """
    t, s = _theme(theme), _scale(scale, table=True)
    cell = f"border:1px solid #999;padding:{px(4, s)} {px(8, s)};"
    heads = [say(f"render_pad_{column}") for column in ("deal", "declarer", "contract", "tricks", "total")]
    head = "".join(f'<th style="{cell}background:#EEE">{text_html(h)}</th>' for h in heads[:4] + [str(Side.NS), str(Side.EW)])
    rows = []
    for line in pad.lines:
        d = line.contract.denomination
        sym = text_html(say("nt")) if d is None else f'<span style="color:{t.colour(d)}">{suit_symbol(d)}</span>'
        points = [line.written(side) for side in Side]
        values = [text_html(line.name) or str(line.number), line.declarer.word, f"{sym} {text_html(say(line.contract.level))}",
                  str(line.tricks)] + points
        rows.append("<tr>" + "".join(f'<td style="{cell}text-align:{"left" if i in (1, 2) else "right"}">{v}</td>'
                                     for i, v in enumerate(values)) + "</tr>")
    totals = [pad.written_total(side) for side in Side]
    rows.append(f'<tr style="font-weight:bold"><td colspan="4" style="{cell}">{text_html(heads[4])}</td>'
                + "".join(f'<td style="{cell}text-align:right">{v}</td>' for v in totals) + "</tr>")
    return (f'<table{language_attribute()} style="border-collapse:collapse;background:#fff;color:#000;font-size:{px(16, s)};{FONT}">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def deal_html(deal, theme: Theme | str | None = None, scale: float | None = None,
              headings: Mapping[Seat | str, str] | None = None, face_down: Iterable[Seat | str] = ()) -> str:
    """All hands of a deal round a compass (North at the top), each with its HCP, or with the
    words ``headings`` gives a seat (Manille's card points, say); the seats in ``face_down`` show
    only their cards' backs and their name, as at the table before those cards are played (a deal
    a class will play, shown in the talk).

    The picture is ``scale`` times its size at scale 1, or smaller when the page (or the column
    it is shown in) is narrower: it never needs a sideways scroll, on a projector either.

    >>> from cardlib import Deal
    >>> deal_html(Deal.random(seed=1)).count("HCP")
    4
    >>> "18 card points" in deal_html(Deal.random(seed=1), headings={"N": "North: 18 card points"})
    True
    >>> hidden = deal_html(Deal.random(seed=1), face_down="ES")
    >>> hidden.count("HCP"), hidden.count("13 cards face down") > 0
    (2, True)
    """
    t, s = _theme(theme), _scale(scale)
    given = {Seat.parse(seat): text for seat, text in (headings or {}).items()}
    hidden = {Seat.parse(seat) for seat in face_down}
    d = "var(--d)"  # one pixel of the picture at scale 1
    parts, widths = [], {}
    cells = COMPASS_CELLS | ({Seat.E: "3;grid-row:2"} if deal.aside else {})  # the cards aside sit under East
    for seat, hand in deal.hands.items():
        cards = deal.pack.in_order(hand)
        if seat in hidden:
            words = say("render_face_down", count=len(cards))
            widths[seat] = max(CARD_W + BACK_STEP * (len(cards) - 1), 10 * len(words))
            parts.append(f'<div role="region" aria-label="{seat.word}" style="grid-column:{cells[seat]};font-size:{px(15, d)}">'
                         f'<div style="font-weight:bold">{seat.word}</div>'
                         f'{_fan([_back(d) for _ in cards], BACK_STEP, d, words)}{words}</div>')
            continue
        if seat in given:
            words = text_html(given[seat])
        else:
            words = " · ".join([seat.word, say("render_hcp", points=hand.hcp)]
                               + [say("render_dealer")] * (seat == deal.dealer))
        widths[seat] = max(_by_suit_width(cards), 10 * len(words))  # bold 15 px letters: under 10 px each
        parts.append(f'<div role="region" aria-label="{seat.word}" style="grid-column:{cells[seat]}">'
                     f'<div style="font-weight:bold;font-size:{px(15, d)}">{words}</div>'
                     f"{_by_suit(cards, t, d)}</div>")
    letters = "".join(f'<text x="{x}" y="{y}" text-anchor="middle" dominant-baseline="central" font-size="20" '
                      f'font-weight="bold" fill="#fff">{seat.letter}</text>' for seat, (x, y) in
                      zip(Seat, ((50, 16), (84, 50), (50, 84), (16, 50))))
    compass = (f'<svg role="img" aria-label="{escape(plain(say("render_compass")))}" width="{px(100, s)}" height="{px(100, s)}" '
               f'viewBox="0 0 100 100" style="width:{px(100, d)};height:{px(100, d)}"><rect x="2" y="2" width="96" '
               f'height="96" rx="10" fill="{FELT}"/>{letters}</svg>')
    parts.append(f'<div style="grid-column:2;grid-row:2;justify-self:center">{compass}</div>')
    east = widths.get(Seat.E, 0)
    if deal.aside:
        words = say("render_face_down", count=len(deal.aside))
        aside = _fan([_back(d) for _ in deal.aside], BACK_STEP, d, words)
        parts.append(f'<div style="grid-column:3;grid-row:3;font-size:{px(15, d)}">{aside}{words}</div>')
        east = max(east, CARD_W + BACK_STEP * (len(deal.aside) - 1), 10 * len(words))
    middle = max(widths.get(Seat.N, 0), widths.get(Seat.S, 0), 100)
    natural = 2 * 10 + 2 * 12 + widths.get(Seat.W, 0) + middle + east  # padding, gaps, columns
    unit = f"--d:min({s:g}px,calc((100cqw - 2px) / {natural:g}));"
    return (f'<div {natural_width(f"{natural * s + 2:g}px")}><div style="{unit}display:inline-grid;'
            f"grid-template-columns:auto auto auto;gap:{px(12, d)};align-items:center;background:#fff;color:#000;"
            f'padding:{px(10, d)};{FONT}">{"".join(parts)}</div></div>')


# --- plain pictures for the lesson pages: tables, captions, notes ----------------------------

def language_attribute() -> str:
    """A table's ``lang`` in the Japanese edition: marked Japanese, the browser breaks its labels
    between phrases (exercises.lesson_page), never inside a word (ディクレア|ラー).

    >>> language_attribute()
    ''
    """
    return ' lang="ja"' if current_language() == "ja" else ""


def grid_html(head: Iterable[str], rows: Iterable[Iterable[object]], scale: float | None = None,
              padding: int = 4, align: str = "center") -> str:
    """A big, plain table, black on white: a row of headings, then the rows.

    Headings and values are HTML (a suit in its colour, ``<b>`` for a total); numbers are
    fine too. The text is 17 pixels times the scale: JupyterLab gives tables a small fixed
    font. ``padding`` is the room above and below the words in each cell, in pixels;
    ``align`` "left" suits cells of sentences.

    >>> html = grid_html(["Tricks", "Score"], [[8, 110], [10, "<b>420</b>"]])
    >>> html.count("<tr>"), "<td" in html and "<b>420</b>" in html, "font-size:17px" in html
    (3, True, True)
    """
    size = round(17 * _scale(scale))
    cell = f"border:1px solid #999;padding:{padding}px 14px;text-align:{align};vertical-align:top;font-size:{size}px"
    head = list(head)
    top = "".join(f'<th style="{cell};background:#EEE">{h}</th>' for h in head)
    # An empty corner means the first column names each row: those cells are the rows' headings
    # (a screen reader says them with each value of the row).
    corner = bool(head) and head[0] == ""

    def cells(row) -> str:
        return "".join(f'<th scope="row" style="{cell};font-weight:normal">{v}</th>' if corner and i == 0
                       else f'<td style="{cell}">{v}</td>' for i, v in enumerate(row))

    body = "".join(f"<tr>{cells(row)}</tr>" for row in rows)
    return (f'<table{language_attribute()} style="border-collapse:collapse;background:#fff;color:#000">'
            f"<thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>")


def auction_html(dealer: Seat | str, calls: Iterable[tuple[Seat | str, str]], to_call: Seat | str | None = None,
                 scale: float | None = None, theme: Theme | str | None = None) -> str:
    """An auction as bridge players write it: a column for each seat, West first, the calls in
    rows from the dealer's column, "?" where the player to call will write. Pass each call's
    words in (``auction.call_text``): a picture never imports the game.

    >>> html = auction_html("N", [("N", "1♥"), ("E", "Pass"), ("S", "2♥")], to_call="W")
    >>> html.count("<tr>"), "Pass" in html and html.index("West") < html.index("North")
    (3, True)
    """
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells: list[str] = [""] * order.index(Seat.parse(dealer))
    for _seat, words in calls:
        text = text_html(words)
        for suit in Suit:
            text = text.replace(suit.symbol, f'<span style="color:{suit_colour(suit, theme)}">{suit_symbol(suit)}</span>')
        cells.append(f"<b>{text}</b>")
    if to_call is not None:
        cells.append("?")
    cells += [""] * (-len(cells) % 4)
    rows = [cells[i:i + 4] for i in range(0, len(cells), 4)] or [[""] * 4]
    return grid_html([text_html(seat.word) for seat in order], rows, scale, padding=2)


def suit_name_html(suit: Suit | str, theme: Theme | str | None = None) -> str:
    """A suit's symbol in its colour, then its name, for a line of text or a table cell.

    >>> suit_name_html("♥", theme="four-colour")
    '<span style="color:#B84A00">♥︎</span> hearts'
    """
    suit = Suit.parse(suit)
    return f'<span style="color:{suit_colour(suit, theme)}">{suit_symbol(suit)}</span> {suit.word}'


def captioned_html(*captioned: tuple[str, str], scale: float | None = None, plain: bool = False) -> str:
    """Pictures in a row, black on white, each with its caption (HTML) in bold above it.

    The captions are 17 pixels times the scale; ``plain`` pictures sit without a margin of
    white round them and with captions a little larger than the text round them.

    >>> html = captioned_html(("South", hand_html(["♠A"])), ("North", hand_html(["♥2"])))
    >>> html.count("margin-bottom:6px"), html.index("South") < html.index("North")
    (2, True)
    """
    if plain:
        caption, box = "1.15em", "background:#fff;color:#000"
    else:
        caption, box = f"{round(17 * _scale(scale))}px", "background:#fff;color:#000;padding:8px"
    inner = "".join(f'<div style="margin:0 28px 12px 0"><div style="font-weight:bold;font-size:{caption};'
                    f'margin-bottom:6px">{words}</div>{picture}</div>' for words, picture in captioned)
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start;{box}">{inner}</div>'


def beside_html(picture: str) -> str:
    """A small picture the projector's page sets on the left, with the words after it beside it
    (exercises.lesson_page), where a narrow picture would leave the screen's width empty.

    >>> beside_html("<b>trick</b>")
    '<div class="mb-beside"><b>trick</b></div>'
    """
    return f'<div class="mb-beside">{picture}</div>'


def note_html(words: str) -> str:
    """A sentence (HTML) in a gold box, black on white, to put under a picture.

    >>> note_html("Card points: 4 + 3 = 7").startswith('<div style="border:3px solid #FFC400')
    True
    """
    return (f'<div style="border:3px solid {GOLD};border-radius:10px;padding:8px 16px;font-size:1.2em;'
            f'display:inline-block;margin-top:8px;background:#fff;color:#000">{words}</div>')


def points_bar_html(ours: int, total: int, scale: float | None = None) -> str:
    """A deal's card points as a bar: your pair's share (blue) and the other pair's (orange),
    with a gold line at half of ``total`` (the points in the pack: Manille's 60 puts the line
    at 30), 10 pixels a point times the scale, never wider than the page.

    >>> bar = points_bar_html(36, 60)
    >>> "Your pair: 36" in bar and "They: 24" in bar and "line: 30" in bar and "width:60.00%" in bar
    True
    """
    theirs, width = total - ours, total * 10 * _scale(scale)
    return (f'<div style="max-width:100%;width:{width}px;font-size:1.3em;font-weight:bold;background:#fff;color:#000">'
            f'<div style="position:relative;display:flex;height:2.2em;color:#fff">'
            f'<div style="width:{ours / total:.2%};background:#1F4E9A;display:flex;align-items:center;padding-left:0.5em;'
            f'box-sizing:border-box">{say("render_bar_ours", points=ours)}</div>'
            f'<div style="width:{theirs / total:.2%};background:#B84A00;display:flex;align-items:center;'
            f'justify-content:center">{say("render_bar_theirs", points=theirs)}</div>'
            f'<div style="position:absolute;left:calc(50% - 2px);top:-0.4em;width:4px;height:3em;background:{GOLD}"></div></div>'
            f'<div style="position:relative;height:1.6em;font-size:0.85em;font-weight:normal">'
            f'<span style="position:absolute;left:50%;top:0.3em;transform:translateX(-50%)">'
            f'{say("render_bar_line", points=total // 2)}</span></div></div>')


def ring_table_html(players: list[tuple[str, int | list, Card | None, bool]], hand: list[Card],
                    states: Mapping[Card, str], widow: list[Card | None] = (), message: str = "",
                    controls: str = "", info: str = "", theme: Theme | str | None = None,
                    scale: float | None = None, pack: Pack | None = None) -> str:
    """A table of 3 to 7 players, for games where each plays for himself (Auction Manille):
    along the top, each other player's name, cards (a number: that many backs) and the card
    they put on the trick; in the middle the widow (None: a card face down), the notes and
    the message; at the bottom the pupil's hand as buttons (``states`` as ``table_html``'s)
    and the controls. ``players``: (name, cards, card played, their turn), the pupil last.

    >>> html = ring_table_html([("Player 1", 5, None, True), ("Player 2", ["♠A"], None, False)], [], {})
    >>> html.count("card face down") >= 5, "Player 2" in html
    (True, True)
    """
    t, s = _theme(theme), _scale(scale, table=True)
    pack = pack or BRIDGE_PACK
    seats = []
    for name, cards, played, turn in players[:-1]:
        picture = _hidden(cards) if isinstance(cards, int) else _rows(pack.in_order(cards), t, say("render_cards", count=len(cards)))
        trick = _card(played, t, U, **TRICK) if played is not None else f'<div style="height:{px(TRICK["h"], U)}"></div>'
        seats.append(f'<div role="region" aria-label="{escape(plain(name))}" style="display:flex;flex-direction:column;'
                     f'align-items:center;gap:{px(3, U)};min-width:0">{_name_tag(("▶ " if turn else "") + text_html(name), turn)}'
                     f"{picture}{trick}</div>")
    name, _, played, turn = players[-1]
    widow_cards = "".join(_back(U, f"margin-right:{px(3, U)}", w=BACK_W, h=BACK_H) if c is None
                          else _card(c, t, U, f"margin-right:{px(3, U)}", **SMALL) for c in widow)
    mine = _card(played, t, U, **TRICK) if played is not None else ""
    note = (f'<div class="mb-message" role="status" aria-live="polite" style="font-size:{px(TEXT, U)};'
            f'line-height:1.3;color:#fff;overflow-wrap:anywhere">{message}</div>')
    step = min(HAND["w"] + 3, (TABLE_W - 2 * PAD - HAND["w"] - 6) / max(1, len(hand) - 1))
    faces = _faces(pack.in_order(hand), t, HAND, states, say("render_cards", count=len(hand)), step) if hand else ""
    return (f'<div style="container-type:inline-size;width:100%"><div class="mb-felt" style="{table_unit(s)}'
            f"display:flex;flex-direction:column;gap:{px(GAP, U)};padding:{px(PAD, U)};box-sizing:border-box;"
            f"width:{px(TABLE_W, U)};background:{FELT};border-radius:{px(10, U)};color:#fff;"
            f'font-size:{px(TEXT, U)};{FONT}">'
            f'<div style="display:flex;justify-content:space-around;gap:{px(4, U)};flex-wrap:wrap">{"".join(seats)}</div>'
            f'<div class="mb-centre" style="display:flex;gap:{px(6, U)};align-items:flex-start;padding:{px(3, U)};'
            f'background:rgba(0,0,0,.18);border-radius:{px(8, U)}"><div style="display:flex">{widow_cards}</div>'
            f'<div style="display:flex;flex-direction:column;gap:{px(3, U)};flex:1;min-width:0">{info}{note}</div>{mine}</div>'
            f'<div style="display:flex;flex-direction:column;gap:{px(2, U)}">'
            f'{_name_tag(("▶ " if turn else "") + text_html(name), turn)}{faces}</div>'
            f'<div class="mb-controls" style="display:flex;flex-wrap:wrap;gap:{px(2, U)};justify-content:flex-end">'
            f"{controls}</div></div></div>")
