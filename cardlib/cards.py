"""Suits, ranks, cards and the two packs (52-card bridge pack, 32-card piquet pack)."""
from __future__ import annotations

import enum
import unicodedata

from cardlib.messages import CardError, say


class Suit(enum.IntEnum):
    """A suit. Higher value sorts first in a hand: ♠ ♥ ♦ ♣.

    >>> Suit.parse("♥").name
    'HEARTS'
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Suit.HEARTS, Suit.SPADES)

    @property
    def word(self) -> str:
        """The suit's name in the current language: "spades"."""
        return say(f"suit_{self.name.lower()}")

    @property
    def one_word(self) -> str:
        """One card's suit in words: "spade", as in "the highest spade"."""
        return say(f"suit_one_{self.name.lower()}")

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from "♠", "S", "spades", "spade" (any case)."""
        if isinstance(text, Suit):
            return text
        if text.__class__ is str and text in SUIT_NAMES:  # "♠", "s": no need to normalise
            return SUIT_NAMES[text]
        key = plain_text(str(text)).strip().lower()
        suit = SUIT_NAMES.get(key)
        if suit is None:
            suit = next((s for s in cls if key in (s.word.lower(), s.one_word.lower())), None)
        if suit is None:
            raise CardError("unknown_suit", text=text)
        return suit


SUIT_NAMES: dict[str, Suit] = {}
for _s in Suit:
    for _name in (_s.symbol, _s.letter.lower(), _s.name.lower(), _s.name.lower()[:-1]):
        SUIT_NAMES[_name] = _s
# The outlined symbols some keyboards and fonts give.
SUIT_NAMES.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


# One list of the words for "no trumps", for both games (Manille's French names too).
NO_TRUMPS_WORDS = ("nt", "no trumps", "no trump", "notrumps", "notrump", "no-trumps", "no-trump",
                   "sans atout", "en voiture")


def parse_denomination(text: str | Suit | None) -> Suit | None:
    """A trump suit, or None for no trumps: "♥", "hearts", "NT", "notrump", "en voiture".

    >>> parse_denomination("notrump"), parse_denomination("s")
    (None, <Suit.SPADES: 3>)
    """
    if text is None or isinstance(text, Suit):
        return text
    words = " ".join(plain_text(str(text)).lower().split())
    if words in NO_TRUMPS_WORDS or words == say("no_trumps").lower() or words == say("nt").lower():
        return None
    return Suit.parse(words)


class Rank(enum.IntEnum):
    """A rank; the value is its place in the bridge order (A high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank as printed on a card: "A", "K", "10", "9"."""
        return _RANK_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """One character, as PBN writes it: ten is "T"."""
        return "T" if self is Rank.TEN else self.symbol

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read a rank from "A", "k", "10", "T", "9"."""
        if isinstance(text, Rank):
            return text
        rank = RANK_NAMES.get(plain_text(str(text)).strip().upper())
        if rank is None:
            raise CardError("unknown_rank", text=text)
        return rank


_RANK_SYMBOLS = {r: str(r.value) for r in Rank if r.value <= 10}
_RANK_SYMBOLS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
RANK_NAMES = {sym: r for r, sym in _RANK_SYMBOLS.items()}
RANK_NAMES["T"] = Rank.TEN


def plain_text(text: str) -> str:
    """Full-width letters and digits (as a Japanese keyboard types them) to plain ones.

    >>> plain_text("\uff33\uff21\uff11\uff10")
    'SA10'
    """
    return unicodedata.normalize("NFKC", text)


class Card:
    """One playing card. Cards are unique: ``Card.parse("SA") is Card.parse("♠A")``. In a
    notebook a card shows itself as a picture once ``cardlib.render`` is loaded (every lesson
    loads it; so does showing a hand or a deal): the pictures sit above the cards.

    >>> Card("♠A"), Card.parse("H10"), Card("dt"), Card("♠", "A")
    (Card("♠A"), Card("♥10"), Card("♦10"), Card("♠A"))
    """

    __slots__ = ("suit", "rank", "index", "hcp")
    _all: dict[tuple[Suit, Rank], Card] = {}
    suit: Suit
    rank: Rank
    index: int
    hcp: int  # high-card points: A 4, K 3, Q 2, J 1 (kept on the card: hands add them up often)

    def __new__(cls, suit: Suit | str | Card, rank: Rank | str | int | None = None) -> Card:
        """``Card("♠A")``, ``Card("SA")`` or ``Card(Suit.SPADES, Rank.ACE)``."""
        if rank is None:
            return cls.parse(suit)
        suit = Suit.parse(suit)
        if isinstance(rank, int) and not isinstance(rank, bool) and rank in Rank._value2member_map_:
            rank = Rank(rank)
        rank = Rank.parse(rank if isinstance(rank, Rank) else str(rank))
        return cls._all[suit, rank]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", suit * 13 + rank - 2)
        object.__setattr__(card, "hcp", max(0, rank - 10))
        cls._all[suit, rank] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards cannot be changed")

    def __reduce__(self):
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        """Sort order in a hand: by suit (♠ first), then rank (A first)."""
        return self.index > other.index

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.symbol

    def __repr__(self) -> str:
        return f'Card("{self}")'

    @property
    def letters(self) -> str:
        """Plain-letter form, "SA", "HT"."""
        return self.suit.letter + self.rank.letter

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: "♠A", "SA", "sa", "♥10", "HT", "10♥", "spade ace" is not accepted."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError("not_a_card", text=text)
        s = plain_text(text).strip()
        if len(s) >= 2:
            for suit_part, rank_part in ((s[0], s[1:]), (s[-1], s[:-1])):
                suit = SUIT_NAMES.get(suit_part.lower())
                rank = RANK_NAMES.get(rank_part.strip().upper())
                if suit is not None and rank is not None:
                    return cls._all[suit, rank]
        raise CardError("not_a_card", text=text)


for _s in Suit:
    for _r in Rank:
        Card._make(_s, _r)


class Pack:
    """A pack of cards and the order of its ranks, strongest first.

    >>> len(BRIDGE_PACK), len(PIQUET_PACK)
    (52, 32)
    >>> PIQUET_PACK.beats(Card.parse("♥10"), Card.parse("♥A"))
    True
    """

    def __init__(self, name: str, rank_order: str):
        self.name = name
        self.ranks: tuple[Rank, ...] = tuple(Rank.parse(r) for r in rank_order.split())
        self.cards: tuple[Card, ...] = tuple(
            Card(s, r) for s in sorted(Suit, reverse=True) for r in self.ranks
        )
        # strength[card.index]: a bigger number beats a smaller one in the same suit.
        self.strength: list[int] = [-1] * 52
        for card in self.cards:
            self.strength[card.index] = len(self.ranks) - self.ranks.index(card.rank)
        # place[card.index]: a number that sorts cards as in_order does (suit ♠ first, strongest first).
        self._place = [(3 - i // 13) * 64 + 32 - self.strength[i] for i in range(52)]

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self.strength[card.index] >= 0

    def __iter__(self):
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {len(self)} cards>"

    @property
    def words(self) -> str:
        """The pack's name as a sentence says it: "bridge", in Japanese ブリッジ."""
        return say(f"pack_{self.name}")

    def beats(self, a: Card, b: Card) -> bool:
        """Is card a higher than card b of the same suit?"""
        return self.strength[a.index] > self.strength[b.index]

    def in_order(self, cards) -> list[Card]:
        """Cards sorted as a player holds them: by suit ♠ ♥ ♦ ♣, strongest first."""
        return sorted(cards, key=self.place_of)

    def place_of(self, card: Card) -> int:
        """Where ``card`` comes in this pack's sorting order (a hand's sort key).

        >>> BRIDGE_PACK.place_of(Card("♠A")) < BRIDGE_PACK.place_of(Card("♠K"))
        True
        """
        return self._place[card.index]


BRIDGE_PACK = Pack("bridge", "A K Q J 10 9 8 7 6 5 4 3 2")
PIQUET_PACK = Pack("piquet", "10 A K Q J 9 8 7")
