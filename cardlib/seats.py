"""The four seats round the table and the two sides."""
from __future__ import annotations

import enum
from collections.abc import Iterable

from cardlib.messages import CardError


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
        return ("North", "East", "South", "West")[self]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Read a seat: "N", "north", Seat.N."""
        if isinstance(text, Seat):
            return text
        key = str(text).strip().upper()
        for seat in cls:
            if key in (seat.name, seat.word.upper()):
                return seat
        raise CardError("deal_seat", text=text)


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
        return "N–S" if self is Side.NS else "E–W"

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
    """The seats of a side ("NS", Side.NS), of a seat's side ("E" → E and W), or a group of seats.

    >>> seats_of("E"), seats_of([Seat.S])
    ((<Seat.E: 1>, <Seat.W: 3>), (<Seat.S: 2>,))
    """
    if isinstance(who, (Side, Seat, str)):
        try:
            return Side.parse(who).seats
        except CardError:
            return Seat.parse(who).side.seats
    return tuple(Seat.parse(s) for s in who)
