"""Four pupils at one table on four devices: class sessions, tables, seats, and every move.

The authority is the store (``shared_tables.store``) and cardlib together. A table's state is
nothing but its list of moves for the board being played, rows numbered 1, 2, ... under a
UNIQUE key. A pupil's kernel that wants to act reads the moves, rebuilds the round with
cardlib, asks cardlib whether the move is allowed (``round.act``), and writes the next number,
all in one transaction; when that number is already taken somebody acted first, nothing is
written, and the pupil is told so in words. So no kernel trusts another's state, and a move
from the wrong seat, a card not in that seat's hand or a move made on an old picture of the
table is refused in words and changes nothing. The same kernel, in the same transaction, makes
the computer's moves for the empty seats that come next (the computer players decide from what
their seat may see), and writes the board's result when its last card falls.

>>> import tempfile
>>> store = RoomStore(tempfile.mkdtemp())
>>> session = open_session(store, tables=2, boards=boards_from_seed("minibridge", 7, 2))
>>> [len(code) for code in table_codes(store, session)]
[2, 2]
"""
from __future__ import annotations

import dataclasses
import functools
import json
import random
import time
import unicodedata

from cardlib import bots, manille, minibridge
from cardlib.deal import Deal
from cardlib.messages import CardError, say
from cardlib.play import Action, acting_seats, action_text
from cardlib.seats import Seat, Side
from exercises.progress import check_pupil_name
from exercises.store import Clash
from shared_tables.store import RoomStore

GAMES = ("minibridge", "manille")
CODE_SYMBOLS = "ACDEFHJKMNPRTWXY3479"  # no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V
CODE_LENGTH = 2
MAX_TABLES = 40
SOURCES = ("app", "form")
AWAY_SECONDS = 45  # a seat whose page has not been heard from for this long is away (closed, asleep)


# --- boards: numbered deals, each with its dealer ------------------------------------------

def boards_from_seed(game: str, seed: int | str, count: int) -> list[tuple[int, str]]:
    """``count`` boards dealt from a seed the teacher names: the same at every table and on every
    machine; the dealer moves round as on real boards (1 North, 2 East, ...). A MiniBridge deal
    where both sides hold 20 is dealt again from the next seed, as the table would redeal it.

    >>> boards_from_seed("minibridge", 7, 2) == boards_from_seed("minibridge", 7, 2)
    True
    """
    _check_game(game)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 99:
        raise CardError("rooms_board_count", count=count)
    boards = []
    for number in range(1, count + 1):
        dealer = Seat((number - 1) % 4)
        for again in range(100):
            if game == "manille":
                deal = manille.deal(seed=f"boards:{seed}:{number}:{again}", dealer=dealer)
            else:
                deal = Deal.random(seed=f"boards:{seed}:{number}:{again}", dealer=dealer)
            if game == "manille" or minibridge.declarer(deal) is not None:
                break
        boards.append((number, deal.to_pbn()))
    return boards


def boards_of_lesson(lesson: int, game: str = "minibridge") -> list[tuple[int, str]]:
    """A lesson's set deals (those its game's table plays) as the session's boards."""
    from exercises.set_deals import SET_DEALS

    deals = [d for d in SET_DEALS.get(lesson, ()) if d.table == game]
    if not deals:
        raise CardError("rooms_lesson_no_boards", lesson=lesson)
    return [(number, d.deal.to_pbn()) for number, d in enumerate(deals, start=1)]


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise CardError("rooms_game", game=game, games=", ".join(GAMES))


# --- the rules of each game, as cardlib has them --------------------------------------------

ROUNDS = {"minibridge": lambda deal, moves, rules: minibridge.Round(deal, rules=rules, actions=moves),
          "manille": lambda deal, moves, rules: manille.Round(deal, actions=moves)}  # each game's round


def rebuild(game: str, deal: Deal, moves, rules: str = "ebu"):
    """The round of a board rebuilt from its moves (cardlib checks every one)."""
    return ROUNDS[game](deal, moves, rules)


def computer_move(game: str, hand, board: int) -> tuple[str, str]:
    """The computer's action for the seat to act, in words as a page sends one (move, value):
    a computer player sees only its seat's View."""
    seat = acting_seats(hand)[0]
    action = bots.make(game, "club", seed=board * 4 + seat).action(hand)
    return (action_text(action) + ("",))[:2]


def _as_action(move: str, value: str) -> tuple:
    return (move, value) if value else (move,)


# --- a table as the store has it ----------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class TableState:
    """One table now: its board (number and deal), the moves so far, who sits where."""

    session: str
    table: int
    code: str
    game: str
    rules: str
    board: int
    boards: int
    deal: Deal | None  # None once every board has been played
    moves: tuple[tuple[int, str, str, str], ...]  # (seq, seat letter, move, value)
    seats: dict[Seat, str]  # the pupils sitting; a seat not here is the computer's
    paused: bool
    version: int

    @property
    def seq(self) -> int:
        """The number of the last move (0 before the first)."""
        return self.moves[-1][0] if self.moves else 0

    @property
    def actions(self) -> list[tuple]:
        return [_as_action(move, value) for _, _, move, value in self.moves]

    def round(self):
        """The board's round, rebuilt by cardlib from the moves."""
        return None if self.deal is None else rebuild(self.game, self.deal, self.actions, self.rules)


@functools.lru_cache(maxsize=64)
def _boards(text: str) -> list:
    return json.loads(text)


@functools.lru_cache(maxsize=256)
def _deal(pbn: str) -> Deal:
    return Deal(pbn)  # a Deal is immutable: the same object for every read of the board


def _session_row(db, session: str):
    rows = db.run("SELECT game, rules, boards, paused FROM room_sessions WHERE session = ?", session)
    if not rows:
        raise CardError("rooms_no_session")
    game, rules, boards, paused = rows[0]
    return game, rules, json.loads(boards), bool(paused)


def _state(db, session: str, table: int) -> TableState:
    # three queries (a hub's server is a round trip away): the table with its session, its moves, its seats
    rows = db.run("SELECT s.game, s.rules, s.boards, s.paused, t.code, t.board, t.version FROM room_sessions s"
                  " JOIN room_tables t ON t.session = s.session WHERE s.session = ? AND t.table_no = ?", session, table)
    if not rows:
        _session_row(db, session)  # says which is missing: the session, or only the table
        raise CardError("rooms_no_table", table=table)
    game, rules, boards, paused, code, board, version = rows[0]
    boards, paused = _boards(boards), bool(paused)
    moves = db.run("SELECT seq, seat, move, value FROM room_moves WHERE session = ? AND table_no = ? AND board = ?"
                   " ORDER BY seq", session, table, board)
    seats = {Seat.parse(s): p for s, p in db.run(
        "SELECT seat, pupil FROM room_seats WHERE session = ? AND table_no = ?", session, table)}
    deal = _deal(boards[board - 1][1]) if board <= len(boards) else None
    return TableState(session, table, code, game, rules, board, len(boards), deal,
                      tuple((s, seat, m, v) for s, seat, m, v in moves), seats, paused, version)


def table_state(store: RoomStore, session: str, table: int) -> TableState:
    """The table as the store has it now (one consistent read)."""
    return store.snapshot(lambda db: _state(db, session, table))


def last_change(store: RoomStore, session: str, table: int) -> tuple:
    """What a seat's page polls (one cheap query): the board, the last move's number, the seats'
    version and whether the session is paused. A page redraws when it changes."""
    rows = store.read(
        "SELECT t.board, t.version, s.paused, (SELECT MAX(m.seq) FROM room_moves m WHERE m.session = t.session"
        " AND m.table_no = t.table_no AND m.board = t.board) FROM room_tables t JOIN room_sessions s"
        " ON s.session = t.session WHERE t.session = ? AND t.table_no = ?", session, table)
    return tuple(rows[0]) if rows else ()


# --- the teacher opens a session ------------------------------------------------------------

def open_session(store: RoomStore, tables: int, game: str = "minibridge", boards: list | None = None,
                 rules: str = "ebu", session: str | None = None, paused: bool = True) -> str:
    """Open a class session with ``tables`` tables playing ``boards`` in order (every table the
    same ones: duplicate); each table gets a short code. Returns the session's name.

    It opens paused: pupils take their seats, then the teacher starts the play (``pause(store,
    session, False)``), so the computer has not played the seats of pupils still arriving."""
    _check_game(game)
    if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
        raise CardError("rooms_table_count", count=tables, most=MAX_TABLES)
    rules = minibridge.scoring_rules(rules).name
    boards = boards_from_seed(game, 1, 8) if boards is None else [(int(n), str(pbn)) for n, pbn in boards]
    for _number, pbn in boards:
        Deal(pbn)  # a deal cardlib cannot read is refused now, not at a table
    pick = random.SystemRandom()
    session = session or time.strftime("class-%Y%m%d-%H%M%S-") + "".join(pick.choices("0123456789abcdef", k=4))

    def work(db):
        db.run("INSERT INTO room_sessions (session, game, rules, boards, paused, opened) VALUES (?, ?, ?, ?, ?, ?)",
               session, game, rules, json.dumps(boards), int(bool(paused)), time.time())
        taken = {c for (c,) in db.run("SELECT code FROM room_tables")}
        free = [a + b for a in CODE_SYMBOLS for b in CODE_SYMBOLS if a + b not in taken]
        if len(free) < tables:
            raise CardError("rooms_no_codes")
        for table, code in enumerate(pick.sample(free, tables), start=1):
            db.run("INSERT INTO room_tables (session, table_no, code) VALUES (?, ?, ?)", session, table, code)

    store.write(work)
    return session


def table_codes(store: RoomStore, session: str) -> list[str]:
    """The session's table codes, table 1 first."""
    return [c for (c,) in store.read("SELECT code FROM room_tables WHERE session = ? ORDER BY table_no", session)]


def sessions(store: RoomStore) -> list[str]:
    """Every session in the store, the newest first."""
    return [s for (s,) in store.read("SELECT session FROM room_sessions ORDER BY opened DESC")]


def session_list(store: RoomStore) -> list[dict]:
    """Every session for the teacher to choose from, the newest first (keys: session, game,
    opened (seconds since the epoch), tables)."""
    rows = store.read("SELECT s.session, s.game, s.opened, COUNT(t.table_no) FROM room_sessions s"
                      " LEFT JOIN room_tables t ON t.session = s.session"
                      " GROUP BY s.session, s.game, s.opened ORDER BY s.opened DESC")
    return [{"session": session, "game": game, "opened": opened, "tables": tables}
            for session, game, opened, tables in rows]


def newest_session(store: RoomStore) -> str | None:
    """The session opened last (the one ``tasks.py app --tables`` has just opened), or None."""
    found = store.read("SELECT session FROM room_sessions ORDER BY opened DESC LIMIT 1")
    return found[0][0] if found else None


# --- pupils join ------------------------------------------------------------------------------

def read_code(text: object) -> str:
    """A table code as a pupil types it: " k7 " → "K7"; CardError in words for anything else."""
    tidy = unicodedata.normalize("NFKC", text).strip().upper() if isinstance(text, str) else ""
    if len(tidy) != CODE_LENGTH or any(c not in CODE_SYMBOLS for c in tidy):
        raise CardError("rooms_code_form", code=tidy[:10] if tidy else "", length=CODE_LENGTH)
    return tidy


def find_table(store: RoomStore, code: object) -> tuple[str, int]:
    """The session and table a code names (the newest session holding it)."""
    code = read_code(code)
    rows = store.read("SELECT session, table_no FROM room_tables WHERE code = ?", code)
    if not rows:
        raise CardError("rooms_code_unknown", code=code)
    return rows[0][0], rows[0][1]


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def join(store: RoomStore, code: object, pupil: object, seat: Seat | str) -> tuple[str, int, Seat]:
    """Sit ``pupil`` at the table ``code`` names, in ``seat`` (a free seat, or the one they had:
    a reload comes back to it). Returns (session, table, seat); CardError in words if taken."""
    session, table = find_table(store, code)
    pupil, seat = check_pupil_name(pupil), Seat.parse(seat)

    def work(db):
        for other_seat, other in db.run("SELECT seat, pupil FROM room_seats WHERE session = ? AND table_no = ?",
                                        session, table):
            if other_seat == seat.name and not _same(other, pupil):
                raise CardError("rooms_seat_taken", seat=seat.word, pupil=other)
            if other_seat != seat.name and _same(other, pupil):
                raise CardError("rooms_already_seated", pupil=pupil, seat=Seat.parse(other_seat).word)
        if not db.run("SELECT 1 FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?",
                      session, table, seat.name):
            _taking_seat(db, session, table, seat)
            db.run("INSERT INTO room_seats (session, table_no, seat, pupil) VALUES (?, ?, ?, ?)",
                   session, table, seat.name, pupil)
            db.run("UPDATE room_tables SET version = version + 1 WHERE session = ? AND table_no = ?", session, table)
            _computer_turns(db, _state(db, session, table))

    store.write(work)
    return session, table, seat


def _taking_seat(db, session: str, table: int, seat: Seat) -> None:
    """A pupil takes a computer's seat only between boards: before anybody has played a card
    (the computer may have named the contract or trumps) or once the board is over."""
    state = _state(db, session, table)
    hand = state.round()
    if hand is None or hand.is_over or hand.game is None or not hand.game.plays:
        return
    raise CardError("rooms_seat_between_boards", seat=seat.word)


def leave(store: RoomStore, session: str, table: int, seat: Seat | str) -> None:
    """The seat goes back to the computer (which plays it from its next turn)."""
    seat = Seat.parse(seat)

    def work(db):
        db.run("DELETE FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?", session, table, seat.name)
        db.run("UPDATE room_tables SET version = version + 1 WHERE session = ? AND table_no = ?", session, table)
        _computer_turns(db, _state(db, session, table))

    store.write(work)


# --- a move -------------------------------------------------------------------------------------

def act(store: RoomStore, session: str, table: int, seat: Seat | str, pupil: str, move: str, value: str = "",
        seen: int | None = None) -> str:
    """``pupil``, sitting at ``seat``, makes a move (an action of the round in words: "card" with
    a card's letters, "contract", "trumps", "tap", "pass"), having seen the table at move ``seen``. Returns "" when it is
    written (with the computer's replies for the empty seats), else the sentence that says why
    not; a refused move changes nothing."""
    try:
        seat = Seat.parse(seat)
        if not isinstance(move, str) or not isinstance(value, str) or len(value) > 20:
            raise CardError("rooms_cannot_do")
        store.write(lambda db: _act(db, session, table, seat, pupil, move, value, seen))
    except Clash:
        state = table_state(store, session, table)
        last = Seat.parse(state.moves[-1][1]).word if state.moves else ""
        return say("rooms_acted_first", seat=last)
    except CardError as error:
        return str(error)
    return ""


def _act(db, session, table, seat: Seat, pupil, move, value, seen) -> None:
    state = _state(db, session, table)
    if state.paused:
        raise CardError("rooms_paused")
    if not _same(state.seats.get(seat, ""), str(pupil)):
        raise CardError("rooms_not_your_seat", seat=seat.word)
    if seen is not None and seen != state.seq:
        last = Seat.parse(state.moves[-1][1]).word if state.moves else seat.word
        raise CardError("rooms_acted_first", seat=last)
    hand = state.round()
    if hand is None:
        raise CardError("rooms_all_played")
    if seat not in acting_seats(hand):
        if hand.is_over:
            raise CardError("rooms_board_over")
        who = acting_seats(hand)
        raise CardError("rooms_not_your_turn", seat=who[0].word if who else "")
    hand.act(move, value)  # cardlib decides: CardError (in words) if the rules refuse it
    _computer_turns(db, _write_move(db, state, state.seq + 1, seat, False, hand.actions[-1]))


def _write_move(db, state: TableState, seq: int, seat: Seat, by_computer: bool, action: Action) -> TableState:
    """Write the move; returns the table with it (so the same transaction need not read it back)."""
    move, value = (action_text(action) + ("",))[:2]
    db.run("INSERT INTO room_moves (session, table_no, board, seq, seat, by_computer, move, value)"
           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", state.session, state.table, state.board, seq, seat.name,
           int(by_computer), move, value)
    return dataclasses.replace(state, moves=state.moves + ((seq, seat.name, move, value),))


def news_channel(session: str, table: int) -> str:
    """Where a table's pages hear that it changed (PostgreSQL's LISTEN/NOTIFY; SQLite's pages poll)."""
    return f"rooms:{session}:{table}"[:63]


def _tell_pages(db, state: TableState) -> None:
    """The table's pages hear of the change when the transaction commits (not if it fails)."""
    if db.postgres:
        db.run("SELECT pg_notify(?, '')", news_channel(state.session, state.table))


def _computer_turns(db, state: TableState) -> None:
    """The computer's moves for the empty seats, until a pupil's turn or the board's end; then
    the result, if the last card has fallen. A table nobody sits at waits for its first pupil."""
    _tell_pages(db, state)
    hand = state.round()
    if hand is None or not state.seats:
        return
    seq = state.seq
    while not hand.is_over and not state.paused:
        who = acting_seats(hand)
        if any(s in state.seats for s in who):
            break
        hand.act(*computer_move(state.game, hand, state.board))
        seq += 1
        _write_move(db, state, seq, who[0], True, hand.actions[-1])
    if hand.is_over and not db.run("SELECT 1 FROM results WHERE session = ? AND board = ? AND table_no = ?",
                                 state.session, state.board, state.table):
        _record_board(db, state, hand)


def _record_board(db, state: TableState, hand) -> None:
    if state.game == "manille":
        result = hand.result()
        _record(db, state.session, state.board, state.table, None, None, hand.game.card_points(Side.NS),
                result.scores[Side.NS] - result.scores[Side.EW], "app")
        return
    line = hand.result()
    _record(db, state.session, state.board, state.table, line.declarer.name, line.contract.text, line.tricks,
            line.scores[Side.NS] - line.scores[Side.EW], "app")


def next_board(store: RoomStore, session: str, table: int, seat: Seat | str, pupil: str) -> str:
    """A pupil at the table is ready for the next board once this one is over; the table moves on
    when every pupil sitting there is ready (the teacher's "End the board" moves it on at once).
    Returns "" when noted (``waiting_for_next`` says who is still to press), else why not."""
    seat = Seat.parse(seat)

    def work(db):
        state = _state(db, session, table)
        if not _same(state.seats.get(seat, ""), str(pupil)):
            raise CardError("rooms_not_your_seat", seat=seat.word)
        hand = state.round()
        if hand is None:
            raise CardError("rooms_all_played")
        if not hand.is_over:
            raise CardError("rooms_board_not_over")
        if not _waiting(db, state, also_ready=seat):
            _advance(db, state)
            return
        db.run("INSERT INTO room_ready (session, table_no, board, seat) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
               session, table, state.board, seat.name)
        db.run("UPDATE room_tables SET version = version + 1 WHERE session = ? AND table_no = ?", session, table)
        _tell_pages(db, state)

    try:
        store.write(work)
    except CardError as error:
        return str(error)
    return ""


def _waiting(db, state: TableState, also_ready: Seat | None = None) -> list[Seat]:
    ready = {Seat.parse(s) for (s,) in db.run("SELECT seat FROM room_ready WHERE session = ? AND table_no = ?"
                                               " AND board = ?", state.session, state.table, state.board)}
    return [s for s in Seat if s in state.seats and s not in ready and s != also_ready]


def waiting_for_next(store: RoomStore, session: str, table: int) -> list[str]:
    """The pupils at the table who have not yet pressed "Next board" (seat order)."""
    def work(db):
        state = _state(db, session, table)
        return [state.seats[s] for s in _waiting(db, state)]
    return store.snapshot(work)


def _advance(db, state: TableState) -> None:
    db.run("UPDATE room_tables SET board = board + 1, version = version + 1 WHERE session = ? AND table_no = ?"
           " AND board = ?", state.session, state.table, state.board)
    _computer_turns(db, _state(db, state.session, state.table))


# --- the teacher's controls ---------------------------------------------------------------------

def pause(store: RoomStore, session: str, paused: bool = True) -> None:
    """Pause every table of the session (no move is taken), or go on (the computer moves again)."""
    def work(db):
        db.run("UPDATE room_sessions SET paused = ? WHERE session = ?", int(bool(paused)), session)
        if not paused:
            for (table,) in db.run("SELECT table_no FROM room_tables WHERE session = ?", session):
                _computer_turns(db, _state(db, session, table))

    store.write(work)


def end_deal(store: RoomStore, session: str, table: int) -> None:
    """End the board a table is playing (no result is written) and start the next one."""
    store.write(lambda db: _advance(db, _state(db, session, table)))


def move_pupil(store: RoomStore, session: str, table: int, seat: Seat | str, to_table: int,
               to_seat: Seat | str) -> None:
    """Move the pupil sitting at (table, seat) to a free seat (to_table, to_seat)."""
    seat, to_seat = Seat.parse(seat), Seat.parse(to_seat)

    def work(db):
        rows = db.run("SELECT pupil FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?",
                      session, table, seat.name)
        if not rows:
            raise CardError("rooms_seat_empty", seat=seat.word, table=table)
        if db.run("SELECT pupil FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?",
                  session, to_table, to_seat.name):
            taken = db.run("SELECT pupil FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?",
                           session, to_table, to_seat.name)[0][0]
            raise CardError("rooms_seat_taken", seat=to_seat.word, pupil=taken)
        _state(db, session, to_table)  # the table exists
        db.run("DELETE FROM room_seats WHERE session = ? AND table_no = ? AND seat = ?", session, table, seat.name)
        db.run("INSERT INTO room_seats (session, table_no, seat, pupil) VALUES (?, ?, ?, ?)",
               session, to_table, to_seat.name, rows[0][0])
        for changed in {table, to_table}:
            db.run("UPDATE room_tables SET version = version + 1 WHERE session = ? AND table_no = ?", session, changed)
            _computer_turns(db, _state(db, session, changed))

    store.write(work)


def seating(store: RoomStore, session: str) -> list[dict]:
    """Every table of the session for the teacher: code, board, who sits where, whose turn."""
    found = []
    for (table,) in store.read("SELECT table_no FROM room_tables WHERE session = ? ORDER BY table_no", session):
        state = table_state(store, session, table)
        hand = state.round()
        found.append({"table": table, "code": state.code, "board": state.board, "boards": state.boards,
                      "seats": {s.name: state.seats.get(s, "") for s in Seat},
                      "away": [s.name for s in away(store, session, table)],
                      "turn": "" if hand is None else "".join(s.name for s in acting_seats(hand)),
                      "over": hand is None or hand.is_over})
    return found


def here(store: RoomStore, session: str, table: int, seat: Seat | str) -> None:
    """The pupil's page at this seat is open (its browser says so every few seconds)."""
    seat = Seat.parse(seat)
    store.write(lambda db: db.run(
        "INSERT INTO room_presence (session, table_no, seat, seen) VALUES (?, ?, ?, ?) ON CONFLICT"
        " (session, table_no, seat) DO UPDATE SET seen = excluded.seen", session, table, seat.name, time.time()))


def away(store: RoomStore, session: str, table: int) -> list[Seat]:
    """The seats a pupil holds whose page has not been heard from for AWAY_SECONDS (closed or asleep)."""
    rows = store.read("SELECT s.seat, p.seen FROM room_seats s LEFT JOIN room_presence p ON p.session = s.session"
                      " AND p.table_no = s.table_no AND p.seat = s.seat WHERE s.session = ? AND s.table_no = ?",
                      session, table)
    late = time.time() - AWAY_SECONDS
    return sorted((Seat.parse(seat) for seat, seen in rows if seen is None or seen < late), key=int)


def where_is(store: RoomStore, session: str, pupil: str) -> tuple[int, Seat] | None:
    """Where a pupil sits in the session now (table, seat), or None (a moved pupil's page follows them)."""
    for table, seat, name in store.read("SELECT table_no, seat, pupil FROM room_seats WHERE session = ?", session):
        if _same(name, str(pupil)):
            return table, Seat.parse(seat)
    return None


# --- results: the traveller's door --------------------------------------------------------------

def record_result(session: str, board: int, table: int, declarer: str | None, contract: str | None, tricks: int,
                  score_ns: int, source: str = "form", store: RoomStore | None = None) -> None:
    """Write one table's result for one board (``source`` "app" as the last card falls, "form"
    for a table playing with real cards). MiniBridge: ``declarer`` "N"/"E"/"S"/"W", ``contract``
    as cardlib writes it, ``tricks`` declarer's, ``score_ns`` signed from N-S's side; Manille:
    declarer and contract None, ``tricks`` N-S's card points. CardError in words when refused."""
    store = store or RoomStore()
    store.write(lambda db: _record(db, session, board, table, declarer, contract, tricks, score_ns, source))


def _record(db, session, board, table, declarer, contract, tricks, score_ns, source) -> None:
    game, rules, boards, _ = _session_row(db, session)
    if source not in SOURCES:
        raise CardError("rooms_result_source", source=source)
    if not (isinstance(board, int) and 1 <= board <= len(boards)):
        raise CardError("rooms_result_board", board=board, boards=len(boards))
    if not db.run("SELECT 1 FROM room_tables WHERE session = ? AND table_no = ?", session, table):
        raise CardError("rooms_no_table", table=table)
    if game == "minibridge":
        line = minibridge.score_hand(Seat.parse(declarer), contract, tricks, rules)
        declarer, contract = line.declarer.name, line.contract.text
        if score_ns != line.scores[Side.NS] - line.scores[Side.EW]:
            raise CardError("rooms_result_score", score=score_ns)
    elif declarer is not None or contract is not None or not (isinstance(tricks, int) and 0 <= tricks <= 60):
        raise CardError("rooms_result_manille")
    if db.run("SELECT 1 FROM results WHERE session = ? AND board = ? AND table_no = ?", session, board, table):
        raise CardError("rooms_result_twice", table=table, board=board)
    db.run("INSERT INTO results (session, board, table_no, declarer, contract, tricks, score_ns, source)"
           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", session, board, table, declarer, contract, tricks, score_ns, source)


def session_boards(session: str, store: RoomStore | None = None) -> tuple[str, str, list[tuple[int, str]]]:
    """The session's game, scoring rules and boards (number, PBN deal), for the traveller."""
    store = store or RoomStore()
    game, rules, boards, _ = store.snapshot(lambda db: _session_row(db, session))
    return game, rules, [(number, pbn) for number, pbn in boards]


def results(session: str, store: RoomStore | None = None) -> list[dict]:
    """Every result of the session, board by board, table by table (keys: session, board, table,
    declarer, contract, tricks, score_ns, source)."""
    store = store or RoomStore()
    rows = store.read("SELECT session, board, table_no, declarer, contract, tricks, score_ns, source FROM results"
                      " WHERE session = ? ORDER BY board, table_no", session)
    keys = ("session", "board", "table", "declarer", "contract", "tricks", "score_ns", "source")
    return [dict(zip(keys, row)) for row in rows]


__all__ = ["GAMES", "TableState", "act", "boards_from_seed", "boards_of_lesson", "end_deal", "find_table", "join",
           "last_change", "leave", "move_pupil", "next_board", "open_session", "pause", "read_code",
           "newest_session", "record_result", "results", "seating", "session_boards", "session_list",
           "sessions", "table_codes", "table_state", "waiting_for_next", "where_is", "here", "away"]


# --- the command line: python -m shared_tables.rooms (tasks.py app --tables N runs it) -----------------

def read_boards(text: str) -> tuple[str, int]:
    """``--boards SEED:N`` as the teacher types it: "7:8" is 8 boards dealt from seed 7."""
    seed, _, count = str(text).partition(":")
    if not seed.strip() or not count.strip().isdigit():
        raise CardError("rooms_boards_form", text=text)
    return seed.strip(), int(count)


def main(argv: list[str] | None = None) -> int:
    """Open a class session and print its table codes, one line a table."""
    import argparse

    from cardlib.messages import set_language

    command = argparse.ArgumentParser(prog="python -m shared_tables.rooms", description=main.__doc__)
    command.add_argument("--tables", type=int, required=True)
    command.add_argument("--game", choices=GAMES, default="minibridge")
    command.add_argument("--boards", default="1:8", help="SEED:N, N boards dealt from SEED")
    command.add_argument("--lesson", type=int, default=None, help="the lesson whose set deals are the boards")
    command.add_argument("--lang", default="en")
    command.add_argument("--rooms-url", default=None, help="postgresql://... (else the class folder's SQLite)")
    options = command.parse_args(argv)
    set_language(options.lang)
    try:
        if options.lesson is not None:
            boards = boards_of_lesson(options.lesson, options.game)
        else:
            seed, count = read_boards(options.boards)
            boards = boards_from_seed(options.game, seed, count)
        store = RoomStore(options.rooms_url)
        session = open_session(store, options.tables, options.game, boards,
                               rules=minibridge.edition_rules(options.lang).name)
    except CardError as error:
        print(error)
        return 2
    print(say("rooms_teacher_codes", codes=", ".join(
        f"{table}: {code}" for table, code in enumerate(table_codes(store, session), start=1))))
    print(session)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
