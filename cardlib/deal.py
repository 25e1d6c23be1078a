"""Deals: shuffling from a seed, dealing as the rules say, PBN strings, constrained deals."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from collections import namedtuple

from cardlib import checks
from cardlib.cards import BRIDGE_PACK, PIQUET_PACK, Card, Pack, Suit
from cardlib.hand import Hand
from cardlib.messages import CardError
from cardlib.seats import Seat, Side, seats_of

Seed = int | str | None


def rng_for(seed: Seed) -> tuple[random.Random, int | str]:
    """A private random generator for a seed (a new seed is picked and returned when None).

    ``random.Random(seed)`` gives the same numbers on every machine and Python version
    for whole-number and text seeds, which is what lets a teacher say "everyone play deal 17".
    """
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise CardError("seed_kind", kind=type(seed).__name__)
    return random.Random(seed), seed


def _shuffle(cards: list, rng: random.Random) -> None:
    """Shuffle in place exactly as CPython's ``rng.shuffle`` does (Fisher–Yates, drawing with
    ``getrandbits`` and rejecting too-big numbers), written out because it is the hot loop of
    ``random_where``; it also ties every deal to ``getrandbits`` alone, which never changes."""
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = [(i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)]
    for i, below, bits in steps:
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS: dict[int, list[tuple[int, int, int]]] = {}  # pack size -> (place, draw below, bits)


_SEATS = tuple(Seat)


class Deal:
    """A deal: every seat's hand, and who dealt.

    >>> d = Deal("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973")
    >>> d["N"].hcp, d[Seat.E].hcp, d.hcp("NS"), d.hcp("N")
    (13, 16, 21, 13)
    >>> Deal.from_pbn(d.to_pbn()) == d == eval(repr(d))
    True
    """

    __slots__ = ("hands", "dealer", "pack", "aside", "seed")

    def __init__(
        self,
        hands: str | Mapping[Seat | str, Hand | str | Iterable[Card]],
        dealer: Seat | str | None = None,
        pack: Pack | None = None,
        aside: Iterable[Card | str] = (),
        seed: int | str | None = None,
    ):
        """``Deal("N:<north> <east> <south> <west>")`` (PBN; the first seat named deals unless
        ``dealer`` says) or ``Deal({"N": hand, ...}, dealer="N")``."""
        if isinstance(hands, str):
            first, hands = _pbn_hands(hands)
            dealer = first if dealer is None else dealer
        if not isinstance(hands, Mapping):
            raise CardError("pbn_form", text=hands)
        self.hands: dict[Seat, Hand] = {}
        for seat, hand in hands.items():
            seat = Seat.parse(seat)
            try:
                self.hands[seat] = hand if isinstance(hand, Hand) else Hand(hand)
            except CardError as error:
                raise CardError("in_hand", seat=seat.word, message=str(error)) from None
        self.hands = {s: self.hands[s] for s in Seat if s in self.hands}
        self.dealer = Seat.N if dealer is None else Seat.parse(dealer)
        self.aside = tuple(Card.parse(c) for c in checks.many(aside))
        self.seed = seed
        self.pack = pack or _guess_pack(self)
        _check(self)

    @classmethod
    def _trusted(cls, hands: dict[Seat, Hand], dealer: Seat, pack: Pack, aside=(), seed=None) -> Deal:
        deal = object.__new__(cls)
        deal.hands, deal.dealer, deal.pack, deal.aside, deal.seed = hands, dealer, pack, tuple(aside), seed
        return deal

    # --- making deals ---
    @classmethod
    def random(
        cls,
        seed: Seed = None,
        dealer: Seat | str = Seat.N,
        pack: Pack = BRIDGE_PACK,
        packets: tuple[int, ...] | None = None,
        clockwise: bool = True,
        seats: Iterable[Seat] = tuple(Seat),
        aside: int = 0,
    ) -> Deal:
        """Shuffle the pack from a seed and deal it as the rules say.

        The dealer gives cards round the table starting on their left: one at a time by
        default (bridge), or in packets, e.g. ``packets=(2, 2, 2, 2)`` for Manille.
        ``aside`` cards are kept back face down (three-player Manille).

        >>> Deal.random(seed=17) == Deal.random(seed=17)
        True
        """
        rng, seed = rng_for(seed)
        pack = checks.kind(pack, Pack, "BRIDGE_PACK")
        seats = tuple(dict.fromkeys(Seat.parse(s) for s in checks.many(seats)))
        if not seats:
            raise CardError("no_seats")
        aside = checks.whole(aside, 0, len(pack))
        if packets is not None:
            packets = tuple(checks.whole(p, 1, len(pack)) for p in checks.many(packets))
        if not isinstance(clockwise, bool):
            raise CardError("rules_flag", text=clockwise, option="clockwise")
        order = list(pack.cards)
        _shuffle(order, rng)
        return cls._deal_out(order, Seat.parse(dealer), pack, packets, clockwise, seats, aside, seed)

    @classmethod
    def _deal_out(cls, order, dealer, pack, packets, clockwise, seats, aside, seed) -> Deal:
        players = playing_order(dealer, seats, clockwise)
        players = players[1:] + players[:1]  # the dealer's neighbour receives first
        size = (len(order) - aside) // len(players)
        if packets is None:
            packets = (1,) * size
        if sum(packets) != size:
            raise CardError("pattern_form", pattern="-".join(map(str, packets)), size=size)
        received: dict[Seat, list[Card]] = {s: [] for s in players}
        i = 0
        for packet in packets:
            for seat in players:
                received[seat] += order[i : i + packet]
                i += packet
        hands = {s: Hand._trusted(received[s]) for s in Seat if s in received}
        return cls._trusted(hands, dealer, pack, order[i:], seed)

    @classmethod
    def numbered(cls, number: int, deal_set: str = "minibridge") -> Deal:
        """Deal number ``number`` of a named set: the same on every machine.

        The dealer moves round as on bridge boards: deal 1 North, 2 East, 3 South, 4 West.
        """
        number = checks.whole(number, 1, 10**9)
        return cls.random(seed=f"{deal_set}:{number}", dealer=Seat((number - 1) % 4))

    @classmethod
    def random_where(
        cls,
        condition: Callable[[Deal], bool],
        seed: Seed = None,
        dealer: Seat | str = Seat.N,
        max_tries: int = 100_000,
    ) -> Deal:
        """A random deal for which ``condition(deal)`` is true, e.g. for an exercise.

        >>> d = Deal.random_where(lambda d: d.hcp("NS") >= 25 and d.length("NS", "♥") >= 8, seed=1)
        >>> d.hcp("NS") >= 25 and d.length("NS", "♥") >= 8
        True

        Gives up with a clear error after ``max_tries`` deals.
        """
        rng, seed = rng_for(seed)
        dealer = Seat.parse(dealer)
        if not callable(condition):
            raise CardError("wrong_kind", text=condition, example="lambda deal: deal.hcp(\"NS\") >= 25")
        max_tries = checks.whole(max_tries, 1, 10**7)
        order = list(BRIDGE_PACK.cards)
        # Dealing one at a time from the dealer's left gives each seat every 4th card.
        firsts = [(s, (s - dealer - 1) % 4) for s in _SEATS]
        hand, make_deal = Hand._trusted, cls._trusted
        for _ in range(max_tries):
            _shuffle(order, rng)
            deal = make_deal({s: hand(order[i::4]) for s, i in firsts}, dealer, BRIDGE_PACK, (), seed)
            if condition(deal):
                return deal
        raise CardError("deal_not_found", tries=max_tries)

    @classmethod
    def parse(cls, text: str | Deal) -> Deal:
        """A deal, or its PBN text read as one: ``Deal.parse("N:AK1032.K32.Q52.J2 ...")``."""
        if isinstance(text, Deal):
            return text
        if isinstance(text, str):
            return cls(text)
        raise CardError("pbn_form", text=text)

    # --- reading a deal ---
    def __getitem__(self, seat: Seat | str) -> Hand:
        seat = Seat.parse(seat)
        if seat not in self.hands:
            raise CardError("seat_not_dealt", seat=seat.word)
        return self.hands[seat]

    def __iter__(self):
        return iter(self.hands)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Deal) and self.hands == other.hands and self.dealer == other.dealer
                and set(self.aside) == set(other.aside))

    def __hash__(self) -> int:
        return hash((tuple(self.hands.items()), self.dealer))

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(self.hands)

    def hcp(self, who: Seat | Side | str) -> int:
        """High-card points of a seat ("N": North alone) or a side: ``deal.hcp("NS")``."""
        hands, total = self.hands, 0
        for seat in seats_of(who):
            hand = hands.get(seat)
            if hand is None:
                raise CardError("seat_not_dealt", seat=seat.word)
            total += hand.hcp
        return total

    def length(self, who: Seat | Side | str, suit: Suit | str) -> int:
        """Cards in a suit held by a seat or a side: ``deal.length("NS", "♥")``."""
        hands, total = self.hands, 0
        for seat in seats_of(who):
            hand = hands.get(seat)
            if hand is None:
                raise CardError("seat_not_dealt", seat=seat.word)
            total += hand.length(suit)
        return total

    # --- text forms ---
    @classmethod
    def from_pbn(cls, text: str, dealer: Seat | str | None = None) -> Deal:
        """Read a PBN deal string "N:<north> <east> <south> <west>" (the first seat may be any).

        The dealer is the first seat named unless given. ``Deal(text)`` does the same.
        """
        if not isinstance(text, str):
            raise CardError("pbn_form", text=text)
        return cls(text, dealer=dealer)

    def to_pbn(self, first: Seat | str | None = None) -> str:
        """The PBN deal string, starting with the dealer (or ``first``)."""
        first = self.dealer if first is None else Seat.parse(first)
        seats = [Seat((first + i) % 4) for i in range(4)]
        return f"{first.name}:" + " ".join(self.hands[s].to_pbn() if s in self.hands else "-" for s in seats)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        aside = f", aside={[str(c) for c in self.aside]}".replace("'", '"') if self.aside else ""
        return f'Deal("{self.to_pbn()}"{aside})'

    def _repr_html_(self) -> str:
        from cardlib import render

        return render.deal_html(self)


def _pbn_hands(text: str) -> tuple[Seat, dict[Seat, Hand]]:
    """The first seat named and the hands of a PBN deal string; a "-" hand is unknown."""
    if not isinstance(text, str):
        raise CardError("pbn_form", text=text)
    s = text.strip().strip('"')
    if len(s) < 2 or s[1] != ":" or s[0].upper() not in "NESW":
        raise CardError("pbn_form", text=text)
    first = Seat[s[0].upper()]
    parts = s[2:].split()
    if len(parts) != 4:
        raise CardError("pbn_hands", count=len(parts))
    hands = {}
    for i, part in enumerate(parts):
        seat = Seat((first + i) % 4)
        if part == "-":
            continue
        try:
            hands[seat] = Hand(part if "." in part else part + "...")
        except CardError as error:
            raise CardError("in_hand", seat=seat.word, message=str(error)) from None
    return first, hands


def playing_order(first: Seat, seats: tuple[Seat, ...], clockwise: bool) -> list[Seat]:
    """The seats in playing order starting with ``first`` (skipping empty seats).

    >>> [s.name for s in playing_order(Seat.W, (Seat.E, Seat.S, Seat.W), clockwise=True)]
    ['W', 'E', 'S']
    """
    order, seat = [], first
    for _ in range(4):
        if seat in seats:
            order.append(seat)
        seat = seat.next(clockwise)
    return order


def _guess_pack(deal: Deal) -> Pack:
    # Manille hands hold 8 cards (10 with three players); a few bridge cards each (a
    # one-suit game for beginners) stay bridge cards even if they are all 7 or above.
    cards = [c for h in deal.hands.values() for c in h] + list(deal.aside)
    if (cards and len(cards) <= 32 and all(len(h) in (8, 10) for h in deal.hands.values())
            and all(c in PIQUET_PACK for c in cards)):
        return PIQUET_PACK
    return BRIDGE_PACK


def _check(deal: Deal) -> None:
    # Only a deal with cards set aside has fewer players; a PBN "-" hand is unknown, not absent.
    players = len(deal.hands) if deal.aside else 4
    size = (len(deal.pack) - len(deal.aside)) // max(1, players)
    sizes = {len(hand) for hand in deal.hands.values()}
    if len(sizes) == 1 and 0 < min(sizes) < size and not deal.aside:
        size = min(sizes)  # part of a deal, every hand the same size: 3 cards each for a one-suit game
    where: dict[Card, Seat | str] = {c: "the cards set aside" for c in deal.aside}
    for seat, hand in deal.hands.items():
        if len(hand) != size:
            raise CardError("deal_size", seat=seat.word, count=len(hand), size=size)
        for card in hand:
            if card not in deal.pack:
                raise CardError("hand_not_in_pack", card=card, pack=deal.pack.words)
            if card in where:
                first = where[card]
                raise CardError("deal_twice", card=card, first=getattr(first, "word", first), second=seat.word)
            where[card] = seat


class Draw(namedtuple("Draw", "cards pairs dealer")):
    """The card draw that picks partners and the first dealer (docs/rules.md §1.1): the card each
    player drew, the two pairs (highest two first) and who deals first."""

    __slots__ = ()

    @property
    def seats(self) -> dict[str, Seat]:
        """Where everyone sits: the dealer North, their partner South, the others East and West."""
        (a, b), (c, d) = self.pairs
        if self.dealer in (b, d):
            a, b, c, d = (b, a, d, c) if self.dealer == b else (d, c, b, a)
        elif self.dealer == c:
            a, b, c, d = c, d, a, b
        return {a: Seat.N, b: Seat.S, c: Seat.E, d: Seat.W}


def draw_for_partners(players: Iterable[str] = ("N", "E", "S", "W"), seed: Seed = None) -> Draw:
    """Everyone draws a card: the two highest play together, the highest deals first.

    Equal ranks are broken by suit, ♠ > ♥ > ♦ > ♣.

    >>> draw = draw_for_partners(["Ann", "Ben", "Cat", "Dan"], seed=3)
    >>> draw.dealer in draw.pairs[0]
    True
    """
    players = list(checks.many(players))
    if len(players) != 4 or not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) != 4:
        raise CardError("draw_four")
    rng, _ = rng_for(seed)
    drawn = rng.sample(BRIDGE_PACK.cards, 4)
    cards = dict(zip(players, drawn))
    ranked = sorted(players, key=lambda p: (cards[p].rank, cards[p].suit), reverse=True)
    return Draw(cards, ((ranked[0], ranked[1]), (ranked[2], ranked[3])), ranked[0])
