"""A hand of cards: parsing, sorting by suit, high-card points, shape."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import attrgetter

from cardlib.cards import RANK_NAMES, SUIT_NAMES, Card, Rank, Suit, plain_text
from cardlib.messages import CardError

SUITS_IN_HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_INDEX, _HCP, _SUIT = attrgetter("index"), attrgetter("hcp"), attrgetter("suit")


class Hand:
    """The cards one player holds, kept sorted by suit (♠ ♥ ♦ ♣) and rank.

    >>> h = Hand("♠AK1032 ♥K32 ♦Q52 ♣J2")
    >>> h.hcp, h.shape, h.is_balanced
    (13, (5, 3, 3, 2), True)
    >>> Hand.parse(str(h)) == h == Hand("AK1032.K32.Q52.J2")
    True
    >>> h
    Hand("♠AK1032 ♥K32 ♦Q52 ♣J2")
    """

    # _held: the cards in any order; _cards (sorted) and _set are made when first needed,
    # so that Deal.random_where can try thousands of deals without sorting them.
    __slots__ = ("_held", "_cards", "_set")

    def __init__(self, cards: str | Iterable[Card | str] = ()):
        """``Hand("♠AK1032 ♥K32 ♦Q52 ♣J2")``, ``Hand("AK1032.K32.Q52.J2")`` or ``Hand(cards)``."""
        if isinstance(cards, str):
            text = cards
            s = plain_text(text)
            chosen = _parse_dotted(s, text) if "." in s else _parse_symbols(s, text)
        else:
            text = None
            if isinstance(cards, (bytes, dict)) or not hasattr(cards, "__iter__"):
                raise CardError("not_a_card", text=cards)
            chosen = [Card.parse(c) for c in cards]
        unique = frozenset(chosen)
        if len(unique) != len(chosen):
            twice = next(c for c in chosen if chosen.count(c) > 1)
            raise CardError("hand_twice", card=twice, text=text or " ".join(map(str, chosen)))
        self._set = unique
        self._held = self._cards = tuple(sorted(unique, key=_INDEX, reverse=True))

    @classmethod
    def _trusted(cls, cards: Iterable[Card]) -> Hand:
        """A hand from cards already known to be distinct (fast path for dealing)."""
        hand = object.__new__(cls)
        hand._held = tuple(cards)
        hand._cards = hand._set = None
        return hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, sorted by suit (♠ ♥ ♦ ♣) and rank (A first)."""
        if self._cards is None:
            self._cards = tuple(sorted(self._held, key=_INDEX, reverse=True))
        return self._cards

    def _card_set(self) -> frozenset[Card]:
        if self._set is None:
            self._set = frozenset(self._held)
        return self._set

    @classmethod
    def parse(cls, text: str | Hand) -> Hand:
        """Read a hand: "♠AK1032 ♥K32 ♦Q52 ♣J2", "SAK1032 HK32 DQ52 CJ2" or "AK1032.K32.Q52.J2".

        A void is written "-" or left empty ("AKQJ.-.5432.5432", "♠AKQJ ♥ ♦..."). Ten is 10 or T.
        """
        if isinstance(text, Hand):
            return text
        if not isinstance(text, str):
            raise CardError("not_a_card", text=text)
        return cls(text)

    # --- what a hand is made of ---
    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return card in self._card_set()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._card_set() == other._card_set()

    def __hash__(self) -> int:
        return hash(self._card_set())

    def suit(self, suit: Suit | str) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        suit = Suit.parse(suit)
        return tuple(c for c in self.cards if c.suit is suit)

    def length(self, suit: Suit | str) -> int:
        """How many cards of a suit."""
        suit = Suit.parse(suit)
        return list(map(_SUIT, self._held)).count(suit)

    @property
    def suit_lengths(self) -> dict[Suit, int]:
        """Cards in each suit, ♠ first: {Suit.SPADES: 5, ...}."""
        return {s: self.length(s) for s in SUITS_IN_HAND_ORDER}

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(map(_HCP, self._held))

    @property
    def shape(self) -> tuple[int, ...]:
        """Suit lengths, longest first: (5, 3, 3, 2)."""
        return tuple(sorted(self.suit_lengths.values(), reverse=True))

    @property
    def is_balanced(self) -> bool:
        """No void, no singleton, at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2)."""
        return self.shape in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))

    # --- text forms ---
    def __str__(self) -> str:
        return " ".join(s.symbol + ("".join(c.rank.symbol for c in self.suit(s)) or "-") for s in SUITS_IN_HAND_ORDER)

    def __repr__(self) -> str:
        return f'Hand("{self}")'

    def to_pbn(self) -> str:
        """The dotted PBN form, ten as T: "AKT32.K32.Q52.J2"."""
        return ".".join("".join(c.rank.letter for c in self.suit(s)) for s in SUITS_IN_HAND_ORDER)

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.hand_html(self)


def _parse_dotted(s: str, text: str) -> list[Card]:
    groups = s.strip().split(".")
    if len(groups) != 4:
        raise CardError("hand_suits", text=text, count=len(groups))
    cards: list[Card] = []
    position = len(s) - len(s.lstrip()) + 1
    for suit, group in zip(SUITS_IN_HAND_ORDER, groups):
        cards += _ranks(suit, group, position, text)
        position += len(group) + 1
    return cards


def _ranks(suit: Suit, group: str, position: int, text: str) -> list[Card]:
    cards = []
    i = 0
    while i < len(group):
        ch = group[i]
        if ch in " -—–":
            i += 1
            continue
        if group[i : i + 2] == "10":
            rank, i = Rank.TEN, i + 2
        else:
            rank = RANK_NAMES.get(ch.upper())
            if rank is None or ch == "1":
                raise CardError("hand_symbol", symbol=ch, position=position + i, text=text)
            i += 1
        cards.append(Card(suit, rank))
    return cards


def _parse_symbols(s: str, text: str) -> list[Card]:
    cards: list[Card] = []
    suit: Suit | None = None
    i = 0
    while i < len(s):
        ch = s[i]
        if ch in " -—–:,\t\n":
            i += 1
            continue
        as_suit = SUIT_NAMES.get(ch.lower())
        if as_suit is not None:
            suit = as_suit
            i += 1
            continue
        if s[i : i + 2] == "10":
            rank, width = Rank.TEN, 2
        else:
            rank, width = RANK_NAMES.get(ch.upper()), 1
            if rank is None or ch == "1":
                raise CardError("hand_symbol", symbol=ch, position=i + 1, text=text)
        if suit is None:
            raise CardError("hand_rank_before_suit", symbol=s[i : i + width], position=i + 1, text=text)
        cards.append(Card(suit, rank))
        i += width
    return cards
