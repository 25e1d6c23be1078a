"""Duplicate in class: every table plays the same boards, and each table's result is compared
with the others' on the same board (docs/rules.md §1.8): the score from N–S's view, the
ranking, matchpoints (2 for each table beaten, 1 for each tie) and the par, the best score
declarer could reach with best play by all four.

>>> boards = seeded_boards(2, seed="class 4B")
>>> board = boards[0]
>>> first = check_result(board, 1, board.declarer, "NT partscore", 8)
>>> second = check_result(board, 2, board.declarer, "NT partscore", 7)
>>> board.declarer.name, first.score_ns, second.score_ns  # West declares: minus for N–S
('W', -120, -90)
>>> [(r.result.table, r.beaten, r.tied, r.matchpoints_ns) for r in rank([first, second])]
[(2, 1, 0, 2), (1, 0, 0, 0)]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from cardlib import checks
from cardlib.cards import Suit
from cardlib.deal import Deal, Seed
from cardlib.messages import CardError
from cardlib.minibridge import CONTRACTS, Contract, Scoring, declarer as declarer_of, score, scoring_rules, signed
from cardlib.seats import Seat, Side

SOURCES = ("app", "form")  # a result comes from a table in the app, or from the teacher's form
MAX_TABLES = 40


@dataclass(frozen=True)
class Board:
    """One board every table plays: its number, the deal (the dealer is the deal's), a name
    for a lesson's set deal ("5A"), and its double-dummy figures where known:
    {(trumps or None, declarer seat): tricks}."""

    number: int
    deal: Deal
    name: str = ""
    tricks: dict | None = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        """How the class calls it: the set deal's name, else its number."""
        return self.name or str(self.number)

    @property
    def declarer(self) -> Seat | None:
        """Who declares (docs/rules.md §1.2): the same at every table; None when both sides hold 20."""
        return declarer_of(self.deal)


def seeded_boards(count: int, seed: Seed) -> list[Board]:
    """``count`` boards named by a seed, the same on every machine; the dealer moves round
    (board 1 North, 2 East...), and a deal where both sides hold 20 is dealt again from the
    next seed, as the table would redeal it (the class's table rooms deal the same boards).

    >>> [b.deal.dealer.name for b in seeded_boards(3, seed=17)]
    ['N', 'E', 'S']
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 36:
        raise CardError("duplicate_board_count", count=count)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or str(seed).strip() == "":
        raise CardError("seed_kind", kind=type(seed).__name__)
    boards = []
    for number in range(1, count + 1):
        dealer = Seat((number - 1) % 4)
        for again in range(100):
            deal = Deal.random(seed=f"boards:{seed}:{number}:{again}", dealer=dealer)
            if declarer_of(deal) is not None:
                break
        boards.append(Board(number, deal))
    return boards


@dataclass(frozen=True)
class Result:
    """One table's result on one board, checked: ``tricks`` are declarer's; ``score_ns`` is
    the score from N–S's view (minus when N–S lose points, or E–W score them)."""

    board: int  # the board's number
    table: int
    declarer: Seat
    contract: Contract
    tricks: int
    score_ns: int
    source: str = "app"

    def row(self, session: str = "") -> dict:
        """The result as the class's results store keeps it."""
        return {"session": session, "board": self.board, "table": self.table, "declarer": self.declarer.name,
                "contract": self.contract.text, "tricks": self.tricks, "score_ns": self.score_ns,
                "source": self.source}


def score_ns(declarer: Seat, contract: Contract | str, tricks: int, rules: str | Scoring | None = None) -> int:
    """The score from N–S's view: ``score_ns(Seat.E, "♠ game", 10)`` is −420."""
    points = score(contract, tricks, rules)
    return points if Seat.parse(declarer).side is Side.NS else -points


def check_result(board: Board, table, declarer, contract, tricks, source: str = "app",
                 rules: str | Scoring | None = None, tables: int | None = None,
                 results: list[Result] = ()) -> Result:
    """A table's result, checked against the board; an impossible one raises a CardError
    that says why in plain words (nothing is kept). ``tables``: how many tables play;
    ``results``: those already given, so a table cannot give two for one board."""
    board = checks.kind(board, Board, "seeded_boards(8, seed=1)[0]")
    table = _whole_number(table, "duplicate_table_form")
    limit = MAX_TABLES if tables is None else checks.whole(tables, 1, MAX_TABLES)  # tables=0 is not 40 tables
    if not 1 <= table <= limit:
        raise CardError("duplicate_table_range", table=table, tables=limit)
    seat = Seat.parse(declarer)
    if board.declarer is None:
        raise CardError("duplicate_thrown_in", board=board.label)
    if seat.side is not board.declarer.side:
        raise CardError("duplicate_wrong_side", board=board.label, seat=seat.word, side=str(board.declarer.side))
    if seat is not board.declarer:  # the same at every table (docs/rules.md §1.2): dummy never declares
        raise CardError("duplicate_dummy", board=board.label, seat=seat.word, declarer=board.declarer.word)
    results = [checks.kind(r, Result, "check_result(...)") for r in checks.many(results)]
    contract = Contract.parse(contract)
    tricks = _whole_number(tricks, "tricks_range", key_value="tricks")
    if not 0 <= tricks <= 13:
        raise CardError("tricks_range", tricks=tricks)
    if source not in SOURCES:
        raise CardError("duplicate_source", source=source)
    if any(r.board == board.number and r.table == table for r in results):
        raise CardError("duplicate_twice", board=board.label, table=table)
    return Result(board.number, table, seat, contract, tricks, score_ns(seat, contract, tricks, rules), source)


def _whole_number(value, key: str, key_value: str = "text") -> int:
    if isinstance(value, bool):
        raise CardError(key, **{key_value: value})
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not text.isdigit():
        raise CardError(key, **{key_value: value})
    return int(text)


def read_results(rows, boards: list[Board], rules: str | Scoring | None = None) -> list[Result]:
    """The results store's rows (dicts) as checked results for these boards; a row for
    another board or one that does not check out is left out, never shown."""
    by_number = {str(b.number): b for b in checks.many(boards) if isinstance(b, Board)}
    kept: list[Result] = []
    for row in checks.many(rows):
        if not isinstance(row, dict):
            continue
        board = by_number.get(str(row.get("board")))
        if board is None:
            continue
        try:
            kept.append(check_result(board, row.get("table"), row.get("declarer"), row.get("contract"),
                                     row.get("tricks"), row.get("source", "app"), rules, results=kept))
        except CardError:
            continue
    return kept


# --- comparing the tables ----------------------------------------------------------------------

@dataclass(frozen=True)
class Ranked:
    """A result among the others on its board: its place (1: best for N–S), how many tables
    N–S beat and tied with, and the matchpoints of each pair."""

    result: Result
    place: int
    beaten: int
    tied: int
    top: int  # the most matchpoints a pair can get on this board: 2 for each other table

    @property
    def matchpoints_ns(self) -> int:
        return 2 * self.beaten + self.tied

    @property
    def matchpoints_ew(self) -> int:
        return self.top - self.matchpoints_ns


def rank(results: list[Result]) -> list[Ranked]:
    """One board's results, best for N–S first: 2 matchpoints for each table beaten, 1 for each tie.

    Equal scores share a place, as in sport: 420, 420, 170 are 1st, 1st and 3rd.
    """
    results = [checks.kind(r, Result, "check_result(...)") for r in checks.many(results)]
    scores = [r.score_ns for r in results]
    ranked = []
    for result in sorted(results, key=lambda r: (-r.score_ns, r.table)):
        beaten = sum(s < result.score_ns for s in scores)
        tied = sum(s == result.score_ns for s in scores) - 1
        place = 1 + sum(s > result.score_ns for s in scores)
        ranked.append(Ranked(result, place, beaten, tied, 2 * (len(results) - 1)))
    return ranked


def side_of(score_ns: int) -> Side:
    """The side that earned a score written from N–S's view (a minus is E–W's score)."""
    return Side.NS if score_ns >= 0 else Side.EW


def written_score(score_ns: int) -> str:
    """A table's score as the traveller writes it, in every edition: the side that earned it and
    its points, never a minus (docs/rules.md §1.8). Under the club's rules a side that goes down
    loses 100 a trick, so the other side's column gets the 100: the maths is the same, and pupils
    order only whole numbers of one column at a time.

    >>> written_score(-50), written_score(420)
    ('E–W 50', 'N–S 420')
    """
    return f"{side_of(score_ns)} {abs(score_ns)}"


def average(results: list[Result]) -> Fraction | None:
    """The class's average score from N–S's view (exact; None with no result yet)."""
    results = [checks.kind(r, Result, "check_result(...)") for r in checks.many(results)]
    if not results:
        return None
    return Fraction(sum(r.score_ns for r in results), len(results))


DENOMINATIONS: tuple[Suit | None, ...] = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True)
class Par:
    """The best score declarer can reach on a board if all four play their best seeing every
    card: the contracts that reach it and the tricks they take."""

    declarer: Seat
    score_ns: int
    contracts: tuple[Contract, ...]
    tricks: int


def par(board: Board, tricks_table: dict, rules: str | Scoring | None = None) -> Par | None:
    """The par of a board from its double-dummy figures {(trumps, seat): tricks}; declarer
    picks the contract, so the par is the best contract for declarer's side (no bidding in
    MiniBridge). None for a board nobody declares."""
    seat = checks.kind(board, Board, "seeded_boards(8, seed=1)[0]").declarer
    if seat is None or tricks_table is None:
        return None
    if not isinstance(tricks_table, dict) or not all(
            isinstance(tricks_table.get((c.denomination, seat)), int) for c in CONTRACTS):
        raise CardError("wrong_kind", text=tricks_table, example="analysis.tricks_table(deal)")
    best, found = None, []
    for contract in CONTRACTS:
        tricks = tricks_table[contract.denomination, seat]
        points = score(contract, tricks, rules)
        if best is None or points > best[0]:
            best, found = (points, tricks), [contract]
        elif points == best[0]:
            found.append(contract)
    sign = 1 if seat.side is Side.NS else -1
    return Par(seat, sign * best[0], tuple(found), best[1])
