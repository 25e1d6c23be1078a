"""What the lesson tests share: the set deals by name, the notebooks' cells, and a double-dummy
solver for "with good play" (best play by all four players seeing every card: endplay, an
independent bridge library, so that the lessons' numbers are not checked with our own code)."""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from cardlib import Deal, Seat, Suit
from exercises.course import lesson_of

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def deal_named(name: str):
    """The set deal called ``name`` ("1A", "16A"): the lesson's number, then a letter."""
    return next(d for d in lesson_of(int(name[:-1])).deals if d.name == name)


def notebook_cells(name: str) -> list[dict]:
    """The cells of notebooks/``name``.ipynb, as stored."""
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def cell_text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


# --- double dummy ----------------------------------------------------------------------------

def endplay():
    """endplay's types and solver modules; the test is skipped where endplay is missing."""
    types = pytest.importorskip("endplay.types")
    dds = pytest.importorskip("endplay.dds")
    return types, dds


def denom(types, trumps: Suit | None):
    return {None: types.Denom.nt, Suit.SPADES: types.Denom.spades, Suit.HEARTS: types.Denom.hearts,
            Suit.DIAMONDS: types.Denom.diamonds, Suit.CLUBS: types.Denom.clubs}[trumps]


def player(types, seat: Seat):
    return {Seat.N: types.Player.north, Seat.E: types.Player.east,
            Seat.S: types.Player.south, Seat.W: types.Player.west}[seat]


@functools.lru_cache(maxsize=None)
def _dd_table(pbn: str):
    types, dds = endplay()
    return dds.calc_dd_table(types.Deal(pbn.replace("10", "T")))


def dd_tricks(deal: Deal, declarer: Seat, trumps: Suit | None) -> int:
    """Tricks ``declarer``'s side takes with best play by all four, declarer's left leading."""
    types, _ = endplay()
    return _dd_table(deal.to_pbn("N"))[denom(types, trumps), player(types, declarer)]
