"""PBN files of many boards (Portable Bridge Notation 2.1): the class's boards with their
results written out, and a club's file read in as boards to play. A deal string alone is
``Deal.from_pbn``; this module reads and writes whole files, tag by tag.

Reading is all or nothing: a bad file raises a CardError that names the board and the line,
and no board of it is returned.

>>> boards = read_boards('[Board "1"]\\n[Dealer "E"]\\n[Deal "N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973"]\\n')
>>> boards[0].number, boards[0].deal.dealer.name
(1, 'E')
>>> read_boards(write(boards)) == boards
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardlib.deal import Deal
from cardlib.duplicate import DENOMINATIONS, Board, Result, score_ns
from cardlib.messages import CardError
from cardlib.minibridge import Contract
from cardlib.seats import Seat

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_LETTERS = {None: "NT", **{d: d.name[0] for d in DENOMINATIONS if d is not None}}
_BY_LETTER = {letters: d for d, letters in _LETTERS.items()}
_TRICKS_HEADER = r"Declarer;Denomination\2R;Result\2R"


@dataclass(frozen=True)
class Game:
    """One game of a PBN file: the board, and the result one table had on it (None if none)."""

    board: Board
    result: Result | None = None


def read_boards(text: str) -> list[Board]:
    """The boards of a PBN file, each once, in the file's order (results are left aside)."""
    boards: dict[int, Board] = {}
    for game in read(text):
        boards.setdefault(game.board.number, game.board)
    return list(boards.values())


def read(text: str) -> list[Game]:
    """Every game of a PBN file: its board and, if it has one, its result."""
    if not isinstance(text, str):
        raise CardError("pbn_file_kind")
    games, tags, lines, previous, rows = [], {}, {}, {}, None
    for number, line in enumerate(text.splitlines() + [""], start=1):
        line = line.strip()
        if line.startswith("%") or line.startswith(";"):
            continue
        if not line:
            if tags:
                games.append(_game(tags, lines, previous, rows, len(games) + 1))
                previous, tags, lines, rows = {**previous, **tags}, {}, {}, None
            continue
        found = _TAG.match(line)
        if found:
            name, value = found.groups()
            tags[name], lines[name] = value, number
            rows = [] if name == "OptimumResultTable" else None
        elif line.startswith("["):
            raise _error(tags.get("Board"), number, "pbn_tag_form", text=line[:40])
        elif rows is not None:
            rows.append((number, line))
        # other lines are a section's data (Auction, Play, notes): not needed to play the board
    if not games:
        raise CardError("pbn_no_boards")
    return games


def _error(board, line: int, key: str, **values) -> CardError:
    from cardlib.messages import say

    return CardError("pbn_board_line", board=board or "?", line=line, message=say(key, **values))


def _game(tags: dict, lines: dict, previous: dict, rows, position: int) -> Game:
    # PBN's "#" repeats the value the tag had in the game before.
    tags = {k: previous.get(k, "") if v == "#" else v for k, v in tags.items()}
    label = tags.get("Board", "")
    first_line = min(lines.values())

    def fail(where: str, key: str, **values):
        return _error(label or str(position), lines.get(where, first_line), key, **values)

    if "Deal" not in tags:
        raise fail("Board", "pbn_no_deal")
    try:
        deal = Deal(tags["Deal"])
    except CardError as error:
        raise fail("Deal", "pbn_bad_tag", tag="Deal", message=str(error)) from None
    if len(deal.hands) != 4 or any(len(h) != 13 for h in deal.hands.values()):
        raise fail("Deal", "pbn_not_whole")
    if tags.get("Dealer"):
        try:
            deal = Deal(deal.hands, dealer=tags["Dealer"])
        except CardError as error:
            raise fail("Dealer", "pbn_bad_tag", tag="Dealer", message=str(error)) from None
    number, name = (int(label), tags.get("SetDeal", "")) if label.isdigit() else (position, label)
    board = Board(number, deal, name, _tricks_table(rows, label or str(position), fail) if rows else None)
    result = None
    contract = tags.get("Contract", "")
    if contract and contract.lower() != "pass" and "?" not in contract:
        try:
            played = _contract(contract)
            declarer = Seat.parse(tags.get("Declarer", ""))
        except CardError as error:
            raise fail("Contract", "pbn_bad_tag", tag="Contract", message=str(error)) from None
        tricks = tags.get("Result", "")
        if not tricks.isdigit() or int(tricks) > 13:
            raise fail("Result", "pbn_bad_tag", tag="Result", message=CardError("tricks_range", tricks=tricks))
        table = int(tags["Table"]) if tags.get("Table", "").isdigit() else 1
        result = Result(board.number, table, declarer, played, int(tricks), score_ns(declarer, played, int(tricks)),
                        tags.get("Source", "app") if tags.get("Source") in ("app", "form") else "app")
    return Game(board, result)


def _tricks_table(rows, label: str, fail) -> dict:
    table = {}
    for line, row in rows:
        parts = row.split()
        try:
            seat, trumps, tricks = Seat.parse(parts[0]), _BY_LETTER[parts[1].upper()], int(parts[2])
        except (CardError, IndexError, KeyError, ValueError):
            raise _error(label, line, "pbn_tricks_row", text=row[:40]) from None
        table[trumps, seat] = tricks
    if len(table) != 20:
        raise fail("OptimumResultTable", "pbn_tricks_count", count=len(table))
    return table


def _contract(text: str) -> Contract:
    """PBN's bridge contract ("4S", "3NT", "2HX") as MiniBridge's: game if it is at game level."""
    found = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)X{0,2}", text.strip().upper())
    if not found:
        raise CardError("contract_form", text=text)
    trumps = _BY_LETTER["NT" if found[2] in ("N", "NT") else found[2]]
    game = Contract(trumps, game=True)
    return Contract(trumps, game=int(found[1]) >= _level(game))


def _level(contract: Contract) -> int:
    """The bridge level that asks for the contract's tricks: 1 for 7, 3 for 9, 4 for 10, 5 for 11."""
    return contract.tricks_needed - 6


def write(boards: list[Board], results: list[Result] = (), event: str = "") -> str:
    """A PBN file of the boards, one game for each table's result (a board nobody played yet
    once, with no result), with the double-dummy table where known. endplay reads it."""
    out = ["% PBN 2.1", "% EXPORT", ""]
    for board in boards:
        played = sorted((r for r in results if r.board == board.number), key=lambda r: r.table) or [None]
        for result in played:
            out += [f'[Event "{event}"]', '[Site ""]', '[Date ""]', f'[Board "{board.number}"]']
            if board.name and board.name != str(board.number):
                out.append(f'[SetDeal "{board.name}"]')
            out += [f'[Dealer "{board.deal.dealer.name}"]', '[Vulnerable "None"]',
                    f'[Deal "{board.deal.to_pbn().replace("10", "T")}"]']
            if result is not None:
                out += [f'[Table "{result.table}"]', f'[Declarer "{result.declarer.name}"]',
                        f'[Contract "{_level(result.contract)}{_LETTERS[result.contract.denomination]}"]',
                        f'[Result "{result.tricks}"]', f'[Score "NS {result.score_ns}"]',
                        f'[Source "{result.source}"]']
            if board.tricks:
                out.append(f'[OptimumResultTable "{_TRICKS_HEADER}"]')
                out += [f"{seat.name} {_LETTERS[d]} {board.tricks[d, seat]}" for seat in Seat for d in DENOMINATIONS]
            out.append("")
    return "\n".join(out)
