"""PBN files of many boards (Portable Bridge Notation 2.1): the class's boards with their
results written out, and a club's or a tournament's file read in as boards to play. A deal
string alone is ``Deal.from_pbn``; this module reads and writes whole files, tag by tag.

Reading takes every game a file holds, as PBN's import format allows: comments (``; …`` to the
end of a line, ``{ … }`` across lines), tags several to a line, the "#" that copies a tag's value
from the game before, and games that leave out the board's tags to play the board of the game
before (as tournament files write a board's second table). What a board has that cannot be used
(no cards, an irregular declarer or result marked with PBN's ``^``, 99 tricks, table 0, a
tricks table that is not whole) is left out and said in one sentence naming the board, the line,
the tag and its value; the rest of the file is imported.

>>> reading = read('[Board "1"]\\n[Dealer "E"]\\n[Deal "N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973"]\\n'
...                '[Declarer "^S"]\\n[Contract "4S"]\\n[Result "10"]\\n')
>>> [(b.number, b.deal.dealer.name) for b in reading.boards], reading.games[0].result
([(1, 'E')], None)
>>> print(reading.left_out[0])  # doctest: +ELLIPSIS
Board 1, line 4: its [Declarer] tag is '^S': PBN's ^ marks an irregular declarer... This table's result was left out; the board is imported.
>>> read_boards(write(reading.boards)) == list(reading.boards)
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardlib import checks
from cardlib.deal import Deal
from cardlib.duplicate import DENOMINATIONS, Board, Result, score_ns
from cardlib.messages import CardError, say
from cardlib.minibridge import Contract, Scoring, scoring_rules
from cardlib.seats import Seat

_LETTERS = {None: "NT", **{d: d.name[0] for d in DENOMINATIONS if d is not None}}
_BY_LETTER = {letters: d for d, letters in _LETTERS.items()}
_TRICKS_HEADER = r"Declarer;Denomination\2R;Result\2R"
SCORING_NAME = "MiniBridge"  # PBN's Scoring tag names MiniBridge's preset: [Scoring "MiniBridge club"]

# PBN's import format: a tag is [Name "value"] with any spaces between its tokens (a quote in the
# value written \" and a backslash \\); several may share a line, and one may run onto the next.
_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOT_DATA = re.compile(r"[\[;{]")  # a section's data runs to the next tag or comment
# Tags of one table's play: never carried to the next game, which is another table's.
_TABLES_OWN = frozenset({"Declarer", "Contract", "Result", "Auction", "Play", "Note", "Table", "Room", "Source",
                         "West", "North", "East", "South"})
# Tags of one board: carried only to a game that plays the same board (it gives no [Deal] of its own).
_BOARDS_OWN = frozenset({"Board", "Dealer", "Vulnerable", "Deal", "SetDeal", "OptimumResultTable",
                         "DoubleDummyTricks", "OptimumScore", "OptimumPlayTable", "ParContract"})


@dataclass(frozen=True)
class Game:
    """One game of a PBN file: the board, and the result one table had on it (None if none)."""

    board: Board
    result: Result | None = None


@dataclass(frozen=True)
class Reading:
    """A PBN file as read: its games in the file's order, its boards (each number once, with the
    first cards the file gives it), and one sentence for each thing of a board that could not be
    used and was left out (the board, the line, the tag and its value)."""

    games: tuple[Game, ...]
    boards: tuple[Board, ...]
    left_out: tuple[str, ...] = ()


def read_boards(text: str) -> list[Board]:
    """The boards of a PBN file, each once, in the file's order (results, and the sentences on
    what was left out, are ``read(text)``'s)."""
    return list(read(text).boards)


def read(text: str) -> Reading:
    """Every game of a PBN file, its boards, and what of it was left out. Raises a CardError only
    when no board of the file can be played (the sentence says why, board by board)."""
    if not isinstance(text, str):
        raise CardError("pbn_file_kind")
    games, left_out = [], []
    boards: dict[int, Board] = {}
    numbers: dict[tuple[int | None, Deal], int] = {}  # (the file's board number, the cards) -> the board's number
    tables: dict[int, set[int]] = {}  # board number -> the tables that gave a result on it
    deals: dict[tuple[str, str], Deal | tuple] = {}  # a board's cards are read once, however many tables
    last: dict[str, _Tag] = {}  # the game before, as it was played (with what it took from the one before)
    latest: dict[str, _Tag] = {}  # each tag's latest value other than "#"
    for written in _scan(text.lstrip("\ufeff")):
        tags = {}
        for name, tag in written.tags.items():
            if tag.value == "#":  # PBN 2.1 §4.8: the value of the nearest game before that gives one
                earlier = latest.get(name)
                tag = _Tag(earlier.value if earlier else "", tag.line, earlier.data if earlier else [])
            tags[name] = latest[name] = tag
        same_board = "Deal" not in tags and ("Board" not in tags or "Board" in last
                                             and tags["Board"].value == last["Board"].value)
        tags = {**{name: tag for name, tag in last.items() if name not in _TABLES_OWN
                   and (same_board or name not in _BOARDS_OWN)}, **tags}
        last = tags
        game = _game(tags, written, boards, numbers, tables, deals, left_out)
        if game is not None:
            games.append(game)
    if not boards:
        raise CardError("pbn_nothing_read", report=" ".join(left_out)) if left_out else CardError("pbn_no_boards")
    return Reading(tuple(games), tuple(boards.values()), tuple(left_out))


# --- the file's text: games of tags, each tag with the lines of its section ---

@dataclass
class _Tag:
    value: str
    line: int
    data: list = field(default_factory=list)  # (line, text) of the section the tag opens


@dataclass
class _Written:
    """One game as the file writes it: its tags (the first of each name; PBN ignores a repeat),
    what looked like a tag but was not, and the line it starts on."""

    tags: dict
    broken: list
    line: int


def _scan(text: str) -> list[_Written]:
    games, tags, broken, first = [], {}, [], 0
    section = None  # the tag whose section the data lines belong to
    in_comment = False  # inside { … }, which may run over lines (blank ones too)
    begun = None  # (line, text) of a tag that runs onto the next line

    def end_game():
        nonlocal tags, broken, section, first
        if tags or broken:
            games.append(_Written(tags, broken, first))
        tags, broken, section, first = {}, [], None, 0

    for number, line in enumerate(text.splitlines(), start=1):
        pos = 0
        if in_comment:
            close = line.find("}")
            if close < 0:
                continue
            in_comment, pos = False, close + 1
        elif line.startswith("%"):  # PBN's escape: a line for programs, not part of a game
            continue
        elif not line.strip():  # a semi-empty line ends a game
            if begun:
                broken.append(begun)
                begun = None
            end_game()
            continue
        at = number
        if begun:
            at, line, pos = begun[0], begun[1] + " " + line[pos:], 0
            begun = None
        elif pos == 0 and not _NOT_DATA.search(line):  # the usual line of a section: an auction's calls, a row
            if section is not None:
                section.data.append((at, line.strip()))
            continue
        while pos < len(line):
            if line[pos].isspace():
                pos += 1
            elif line[pos] == ";":
                break
            elif line[pos] == "{":
                close = line.find("}", pos)
                if close < 0:
                    in_comment = True
                    break
                pos = close + 1
            elif line[pos] == "[":
                found = _TAG.match(line, pos)
                first = first or at
                if found:
                    name = found[1]
                    section = None if name in tags else tags.setdefault(name, _Tag(_unescape(found[2]), at))
                    pos = found.end()
                else:  # not a tag: up to its "]", or the next "[" (or the next line's, if it runs on)
                    close, after = line.find("]", pos), line.find("[", pos + 1)
                    if close < 0 and after < 0:
                        begun = (at, line[pos:])
                        break
                    close = after if close < 0 or 0 <= after < close else close + 1
                    broken.append((at, line[pos:close]))
                    section, pos = None, close
            else:
                ends = _NOT_DATA.search(line, pos)
                close = ends.start() if ends else len(line)
                if section is not None:
                    section.data.append((at, line[pos:close].strip()))
                pos = close
    if begun:
        broken.append(begun)
    end_game()
    return games


def _unescape(value: str) -> str:
    """A tag's value as meant: PBN writes a quote in it \\" and a backslash \\\\ (any other
    backslash is itself, as in the tricks table's column Denomination\\2R)."""
    return re.sub(r'\\(["\\])', r"\1", value) if "\\" in value else value


# --- a game's tags as a board and a result ---

def _game(tags: dict, written: _Written, boards: dict, numbers: dict, tables: dict, deals: dict,
          left_out: list) -> Game | None:
    board_tag = tags.get("Board")
    label = board_tag.value.strip() if board_tag else ""
    number = int(label) if label.isdigit() and int(label) > 0 else None
    called = label or "?"  # how the sentences call the board: the file's name for it, else the number it gets

    def leave(kind: str, where: str | int, key: str, **values) -> None:
        """Say what is left out (kind), where (a tag's line, or a line), and why (key)."""
        line = where if isinstance(where, int) else tags[where].line if where in tags else \
            board_tag.line if board_tag else written.line
        left_out.append(say(kind, board=called, line=line, message=say(key, **values), number=number))

    for line, text in written.broken:
        left_out.append(say("pbn_tag_left_out", board=called, line=line,
                            message=say("pbn_tag_form", text=text.strip()[:40])))
    if "Deal" not in tags:
        leave("pbn_board_left_out", "Board", "pbn_no_deal")
        return None
    dealer = tags["Dealer"].value.strip() if "Dealer" in tags else ""
    key = (tags["Deal"].value, "" if dealer == "?" else dealer)
    if key not in deals:
        deals[key] = _deal(*key)
    deal = deals[key]
    if isinstance(deal, tuple):  # (the tag, why)
        leave("pbn_board_left_out", deal[0], deal[1], **deal[2])
        return None
    if (number, deal) in numbers:  # another table's game of a board already read
        number = numbers[number, deal]
    elif number is None or number in boards:  # no board number, or one an earlier board with other cards has
        given, number = number, max(boards, default=0) + 1
        numbers[given, deal] = number
        if label and given is None:
            leave("pbn_renumbered", "Board", "pbn_bad_tag", tag="Board", message=say("pbn_board_number", value=label))
        elif label:
            leave("pbn_renumbered", "Deal", "pbn_same_number", board=given)
    else:
        numbers[number, deal] = number
    called = label or str(number)
    earlier = boards.get(number)
    name = tags["SetDeal"].value if "SetDeal" in tags else (label if label and not label.isdigit() else "")
    tricks = _tricks_table(tags["OptimumResultTable"], leave) if "OptimumResultTable" in tags else None
    board = Board(number, deal, name, tricks)
    if earlier is None or (earlier.tricks is None and tricks):
        boards[number] = board
    return Game(board, _result(tags, board, tables.setdefault(number, set()), leave))


def _deal(cards: str, dealer: str) -> Deal | tuple[str, str, dict]:
    """The board's cards, or what is wrong with them: (the tag, a message key, its values)."""
    try:
        dealer = Seat.parse(dealer) if dealer else None
    except CardError as error:
        return "Dealer", "pbn_bad_tag", {"tag": "Dealer", "message": str(error)}
    try:
        deal = Deal(cards, dealer=dealer)
    except CardError as error:
        return "Deal", "pbn_bad_tag", {"tag": "Deal", "message": str(error)}
    if len(deal.hands) != 4 or any(len(h) != 13 for h in deal.hands.values()):
        return "Deal", "pbn_not_whole", {}
    return deal


def _result(tags: dict, board: Board, taken: set, leave) -> Result | None:
    """The result of the game's table, or None: passed out, not played, or something in it that
    cannot be scored (said, and left out)."""
    contract = tags["Contract"].value.strip() if "Contract" in tags else ""
    if not contract or contract.lower() == "pass" or contract == "?":
        return None
    declarer = tags["Declarer"].value.strip() if "Declarer" in tags else ""
    tricks = tags["Result"].value.strip() if "Result" in tags else ""
    table = tags["Table"].value.strip() if "Table" in tags else ""
    try:
        played = _contract(contract)
    except CardError:
        return leave("pbn_result_left_out", "Contract", "pbn_bad_tag", tag="Contract",
                     message=say("pbn_contract_form", value=contract))
    if declarer.startswith("^"):
        return leave("pbn_result_left_out", "Declarer", "pbn_irregular_declarer", value=declarer)
    if declarer in ("", "?"):
        return leave("pbn_result_left_out", "Contract", "pbn_no_declarer")
    try:
        seat = Seat.parse(declarer)
    except CardError as error:
        return leave("pbn_result_left_out", "Declarer", "pbn_bad_tag", tag="Declarer", message=str(error))
    if tricks.startswith("^"):
        return leave("pbn_result_left_out", "Result", "pbn_irregular_result", value=tricks)
    if tricks in ("", "?"):
        return leave("pbn_result_left_out", "Contract", "pbn_no_result")
    won = _tricks_won(tricks, seat)
    if won is None:
        return leave("pbn_result_left_out", "Result", "pbn_bad_tag", tag="Result",
                     message=say("tricks_range", tricks=tricks))
    if table in ("", "?"):  # no table named: the board's next table
        number = max(taken, default=0) + 1
    elif table.isdigit() and int(table) > 0:
        number = int(table)
    else:
        return leave("pbn_result_left_out", "Table", "pbn_bad_tag", tag="Table",
                     message=say("pbn_table_number", value=table))
    scoring = tags["Scoring"].value.split() if "Scoring" in tags else []
    rules = None  # a file that does not name a MiniBridge scoring: the rules in use
    if scoring and scoring[0].lower() == SCORING_NAME.lower():
        try:
            rules = scoring_rules(" ".join(scoring[1:]))
        except CardError as error:
            return leave("pbn_result_left_out", "Scoring", "pbn_bad_tag", tag="Scoring", message=str(error))
    taken.add(number)
    source = tags["Source"].value if "Source" in tags and tags["Source"].value in ("app", "form") else "app"
    return Result(board.number, number, seat, played, won, score_ns(seat, played, won, rules), source)


def _tricks_won(text: str, declarer: Seat) -> int | None:
    """Declarer's tricks from PBN's Result: "9", "NS 9", "EW 4", "NS 9 EW 4" (None if not a count 0–13)."""
    parts = text.upper().split()
    if len(parts) == 1 and parts[0].isdigit():
        won = int(parts[0])
    elif len(parts) in (2, 4) and all(p in ("NS", "EW") for p in parts[::2]) and all(p.isdigit() for p in parts[1::2]):
        sides = dict(zip(parts[::2], map(int, parts[1::2])))
        mine = declarer.side.name
        won = sides[mine] if mine in sides else 13 - sides["EW" if mine == "NS" else "NS"]
    else:
        return None
    return won if 0 <= won <= 13 else None


def _tricks_table(tag: _Tag, leave) -> dict | None:
    """PBN's OptimumResultTable as {(trumps or None, declarer seat): tricks}; None (said) if it is
    not the whole table of 4 declarers × 5 denominations."""
    columns = [re.sub(r"\\.*$", "", name).strip().lstrip("+-") for name in tag.value.split(";")]
    if not {"Declarer", "Denomination", "Result"} <= set(columns):
        return leave("pbn_tricks_left_out", "OptimumResultTable", "pbn_tricks_columns")
    where = [columns.index(name) for name in ("Declarer", "Denomination", "Result")]
    table = {}
    for line, row in tag.data:
        parts = row.split()
        try:
            if len(parts) != len(columns):
                raise ValueError
            seat, trumps = Seat.parse(parts[where[0]]), _BY_LETTER[parts[where[1]].upper()]
            tricks = int(parts[where[2]])
            if not 0 <= tricks <= 13:
                raise ValueError
        except (CardError, KeyError, ValueError):
            return leave("pbn_tricks_left_out", line, "pbn_tricks_row", text=row[:40])
        table[trumps, seat] = tricks
    if len(table) != 20:
        return leave("pbn_tricks_left_out", "OptimumResultTable", "pbn_tricks_count", count=len(table))
    return table


def _contract(text: str) -> Contract:
    """PBN's bridge contract ("4S", "3NT", "2HX"; "D" and "R" for doubled and redoubled, as some
    scoring programs write them) as MiniBridge's: game if it is at game level."""
    found = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X|XX|D|R)?", text.strip().upper())
    if not found:
        raise CardError("contract_form", text=text)
    trumps = _BY_LETTER["NT" if found[2] in ("N", "NT") else found[2]]
    game = Contract(trumps, game=True)
    return Contract(trumps, game=int(found[1]) >= _level(game))


def _level(contract: Contract) -> int:
    """The bridge level that asks for the contract's tricks: 1 for 7, 3 for 9, 4 for 10, 5 for 11."""
    return contract.tricks_needed - 6


def write(boards: list[Board], results: list[Result] = (), event: str = "",
          rules: str | Scoring | None = None) -> str:
    """A PBN file of the boards, one game for each table's result (a board nobody played yet
    once, with no result), with the double-dummy table where known. A result's game names the
    scoring its score was worked out with (``rules``; None: the rules in use), as
    ``[Scoring "MiniBridge club"]``, so the file reads back with the same scores. endplay reads it."""
    rules = scoring_rules(rules)
    boards = [checks.kind(b, Board, "read_boards(text)") for b in checks.many(boards)]
    results = [checks.kind(r, Result, "check_result(...)") for r in checks.many(results)]
    event = checks.kind(event, str, '"Lesson 6"').replace("\\", "\\\\").replace('"', '\\"')  # PBN's escapes
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
                        f'[Result "{result.tricks}"]', f'[Scoring "{SCORING_NAME} {rules.name}"]',
                        f'[Score "NS {result.score_ns}"]',
                        f'[Source "{result.source}"]']
            if board.tricks:
                out.append(f'[OptimumResultTable "{_TRICKS_HEADER}"]')
                out += [f"{seat.name} {_LETTERS[d]} {board.tricks[d, seat]}" for seat in Seat for d in DENOMINATIONS]
            out.append("")
    return "\n".join(out)
