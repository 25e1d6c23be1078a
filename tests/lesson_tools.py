"""What the lesson tests share: the set deals by name, the notebooks' cells, and a double-dummy
solver for "with good play" (best play by all four players seeing every card: endplay, an
independent bridge library, so that the lessons' numbers are not checked with our own code)."""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from cardlib import Card, Deal, Seat, Suit
from cardlib.manille_auction import Action, AuctionRules
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


# --- lesson 17's Auction Manille tables ----------------------------------------------------

# The tables as the lesson's code cells make them (each player pays the others).
AUCTION_TABLES = {"AuctionTable(rules=FIRST_TIME)": dict(rules=AuctionRules(form=1, players=4, scale=(1, 1, 1, 1, 1))),
                  "AuctionTable(form=2, players=4)": dict(form=2, players=4),
                  "AuctionTable(form=3, players=5)": dict(form=3, players=5)}


def lesson_17_code() -> str:
    """The code cells of both editions of lesson 17, to check a test plays the lesson's own tables."""
    return "".join(cell_text(c) for name in ("17_more_manille", "ja/17_more_manille")
                   for c in notebook_cells(name) if c["cell_type"] == "code")


def reckless(round_, rng):
    """The pupil who always plays alone and promises all the tricks: the most a pupil can lose."""
    actions = round_.legal_actions()
    for wanted in (Action("take"), Action("bid", "all"), Action("stop")):
        if wanted in actions:
            return wanted
    return rng.choice(actions)


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


SEAT_WORDS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}


def _ecard(types, card: str):
    card = Card(card)
    return types.Card(f"{'SHDC'[[Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS].index(card.suit)]}"
                      f"{card.rank.letter}")


def scripted_play(deal: Deal, boss: Seat, trumps: Suit | None, script=(), lead: str | None = None,
                  declarer_card=None, pass_played: bool = False, defence=()) -> int:
    """Declarer's side plays the next card of ``script`` whenever that card is legal for the
    hand to play, otherwise ``declarer_card(types, board, legal, trump, ours)`` (by default its
    best card); the defenders play their best cards (the opening lead ``lead`` if given). With
    ``pass_played`` a card of the script already played (as the lead made it) is passed over.
    The defenders play ``defence`` the same way when they follow to a trick (a card of it is never
    their lead). Returns the tricks declarer's side takes."""
    types, dds = endplay()
    board = types.Deal(deal.to_pbn())
    board.trump = denom(types, trumps)
    board.first = player(types, boss.left)
    ours = {player(types, boss), player(types, boss.partner)}
    script, theirs = [_ecard(types, c) for c in script], [_ecard(types, c) for c in defence]
    trump = None if trumps is None else denom(types, trumps)
    won = 0
    for number in range(52):
        legal = list(board.legal_moves())
        while pass_played and script and not any(script[0] in board[p] for p in types.Player):
            script.pop(0)
        if number == 0 and lead is not None:
            card = _ecard(types, lead)
        elif board.curplayer in ours and script and script[0] in legal:
            card = script.pop(0)
        elif board.curplayer not in ours and theirs and theirs[0] in legal and len(board.curtrick) > 0:
            card = theirs.pop(0)
        elif board.curplayer in ours and declarer_card is not None:
            card = declarer_card(types, board, legal, trump, ours)
        else:
            results = list(dds.solve_board(board))
            best = max(tricks for _, tricks in results)
            card = next(c for c, tricks in results if tricks == best)
        assert card in legal, f"{card} is not a legal card here"
        board.play(card)
        if len(board.curtrick) == 0 and board.first in ours:
            won += 1
    assert not script and not theirs, f"the scripts' cards {script + theirs} were never played"
    return won


def suit_first_play(deal: Deal, boss: Seat, trumps: Suit | None, lead: str, suit: Suit, rounds: int = 2):
    """West's (declarer's left's) opening ``lead``, then declarer's side leads ``suit`` each time it
    is on lead until ``rounds`` tricks of ``suit`` have been led (the opening lead counts); every
    other card is best play by all four. Returns the tricks declarer's side takes and the cards
    played, trick by trick, as (seat, card) lists."""
    types, dds = endplay()
    board = types.Deal(deal.to_pbn())
    board.trump = denom(types, trumps)
    board.first = player(types, boss.left)
    ours = {player(types, boss), player(types, boss.partner)}
    seats = {player(types, s): s for s in Seat}
    wanted = {Suit.SPADES: types.Denom.spades, Suit.HEARTS: types.Denom.hearts,
              Suit.DIAMONDS: types.Denom.diamonds, Suit.CLUBS: types.Denom.clubs}[suit]
    led = 0
    won, tricks, trick = 0, [], []
    for number in range(52):
        who = board.curplayer
        if number == 0:
            card = _ecard(types, lead)
        else:
            results = list(dds.solve_board(board))
            if who in ours and len(board.curtrick) == 0 and led < rounds:
                results = [(c, t) for c, t in results if c.suit == wanted] or results
            best = max(t for _, t in results)
            card = next(c for c, t in results if t == best)
        if len(board.curtrick) == 0 and card.suit == wanted:
            led += 1
        board.play(card)
        trick.append((seats[who], Card(str(card).replace("T", "10"))))
        if len(board.curtrick) == 0:
            tricks.append(trick)
            trick = []
            won += board.first in ours
    return won, tricks


def lead_results(deal: Deal, boss: Seat, trumps: Suit | None) -> dict[Card, int]:
    """Each opening lead and the tricks declarer's side then takes with best play by all."""
    types, dds = endplay()
    board = types.Deal(deal.to_pbn())
    board.trump = denom(types, trumps)
    board.first = player(types, boss.left)
    out = {}
    for card, defenders in dds.solve_board(board):
        out[Card(str(card).replace("T", "10"))] = 13 - defenders  # endplay writes "♠K", "♥T"
    return out
