"""The four seats round the table and the two sides."""
from __future__ import annotations

import enum
from collections.abc import Iterable

from cardlib.messages import CardError, say


class Seat(enum.IntEnum):
    """A seat: N, E, S, W in clockwise order.

    >>> Seat.N.partner, Seat.N.left, Seat.N.right
    (<Seat.S: 2>, <Seat.E: 1>, <Seat.W: 3>)
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def left(self) -> Seat:
        """The player on this seat's left, who plays next going clockwise."""
        return Seat((self + 1) % 4)

    @property
    def right(self) -> Seat:
        return Seat((self + 3) % 4)

    def next(self, clockwise: bool = True) -> Seat:
        """The next seat in the direction of play."""
        return self.left if clockwise else self.right

    @property
    def side(self) -> Side:
        return Side.NS if self % 2 == 0 else Side.EW

    @property
    def word(self) -> str:
        """The seat's name in the current language: "North"."""
        return say(f"seat_{self.name}")

    @property
    def letter(self) -> str:
        """The seat's letter as pictures show it, in the current language: "N"."""
        return say(f"seat_letter_{self.name}")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Read a seat: "N", "north", Seat.N (or its name in the current language)."""
        if isinstance(text, Seat):
            return text
        key = str(text).strip().upper()
        seat = _SEAT_NAMES.get(key)
        if seat is None:
            seat = next((s for s in cls if key == s.word.upper()), None)
        if seat is None:
            raise CardError("deal_seat", text=text)
        return seat


class Side(enum.Enum):
    """A partnership: North–South or East–West."""

    NS = (Seat.N, Seat.S)
    EW = (Seat.E, Seat.W)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.value

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        """The side as people write it: "N–S"."""
        return say(f"side_{self.name}")

    @classmethod
    def parse(cls, text: str | Side | Seat) -> Side:
        """Read a side: "NS", "N-S", "E–W", Side.NS, or a seat's side."""
        if isinstance(text, Side):
            return text
        if isinstance(text, Seat):
            return text.side
        key = "".join(ch for ch in str(text).upper() if ch.isalpha())
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise CardError("deal_seat", text=text)


def seats_of(who: Side | Seat | str | Iterable[Seat | str]) -> tuple[Seat, ...]:
    """The seats meant by a seat ("N": North alone), a side ("NS", Side.NS) or a group of seats.

    >>> seats_of("E"), seats_of("EW"), seats_of([Seat.S, "N"])
    ((<Seat.E: 1>,), (<Seat.E: 1>, <Seat.W: 3>), (<Seat.S: 2>, <Seat.N: 0>))
    """
    if who.__class__ is str and who in _BY_NAME:  # "NS", "N": the common case, no parsing
        return _BY_NAME[who]
    if isinstance(who, Seat):
        return (who,)
    if isinstance(who, Side):
        return who.seats
    if isinstance(who, str):
        try:
            return (Seat.parse(who),)
        except CardError:
            return Side.parse(who).seats
    from cardlib.checks import many

    return tuple(Seat.parse(s) for s in many(who))


_SEAT_NAMES = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W,
               "NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
_BY_NAME = {**{s.name: (s,) for s in Seat}, "NS": Side.NS.seats, "EW": Side.EW.seats}
