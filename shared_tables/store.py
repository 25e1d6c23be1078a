"""Where the class's tables keep their state: the class's database (``exercises.store``), SQLite
in the class folder or PostgreSQL on a hub.

In both the UNIQUE key on a table's moves is the arbiter: two pupils who act at once both try to
write the next move number, one of them wins, the other's transaction fails with ``Clash`` and
nothing of it is kept.

- ``RoomStore()`` or ``RoomStore("/path/to/class-folder")``: SQLite, ``class-rooms.sqlite`` in
  the progress folder, beside the progress.
- ``RoomStore("postgresql://user:password@host/db")`` (or MINIBRIDGE_ROOMS_URL, else
  MINIBRIDGE_PROGRESS_URL): a school's hub, for several app servers on several machines. Needs
  the "hub" extra (psycopg).
"""
from __future__ import annotations

import os

from cardlib import settings
from exercises.progress import progress_dir
from exercises.store import Database, is_address

DATABASE = "class-rooms.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS room_sessions (
    session TEXT PRIMARY KEY,
    game TEXT NOT NULL,                 -- "minibridge" or "manille"
    rules TEXT NOT NULL,                -- MiniBridge's scoring preset ("ebu", "club")
    boards TEXT NOT NULL,               -- JSON: [[number, PBN deal with its dealer first], ...]
    paused INTEGER NOT NULL DEFAULT 0,
    opened REAL NOT NULL);
CREATE TABLE IF NOT EXISTS room_tables (
    session TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,          -- what a pupil types to join ("K7")
    board INTEGER NOT NULL DEFAULT 1,   -- the board played now (1, 2, ...)
    version INTEGER NOT NULL DEFAULT 0, -- goes up when a seat changes hands or a board starts
    PRIMARY KEY (session, table_no));
CREATE TABLE IF NOT EXISTS room_seats (
    session TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    seat TEXT NOT NULL,                 -- "N", "E", "S", "W" (a seat with no row is the computer's)
    pupil TEXT NOT NULL,
    PRIMARY KEY (session, table_no, seat));
CREATE TABLE IF NOT EXISTS room_moves (
    session TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seq INTEGER NOT NULL,               -- 1, 2, ... within the board: the arbiter of who acted first
    seat TEXT NOT NULL,
    by_computer INTEGER NOT NULL,
    move TEXT NOT NULL,
    value TEXT NOT NULL,
    UNIQUE (session, table_no, board, seq));
CREATE TABLE IF NOT EXISTS room_presence (
    session TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    seat TEXT NOT NULL,
    seen REAL NOT NULL,                 -- when the pupil's open page last said it is there
    PRIMARY KEY (session, table_no, seat));
CREATE TABLE IF NOT EXISTS room_ready (
    session TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seat TEXT NOT NULL,                 -- a pupil who pressed "Next board" once the board was over
    PRIMARY KEY (session, table_no, board, seat));
CREATE TABLE IF NOT EXISTS results (
    session TEXT NOT NULL,
    board INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    declarer TEXT,
    contract TEXT,
    tricks INTEGER NOT NULL,
    score_ns INTEGER NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (session, board, table_no));
"""


class RoomStore(Database):
    """The rooms' database (see the module's docstring): ``write(work)`` runs ``work(db)`` in one
    transaction and returns what it returns; ``snapshot(work)`` reads one moment; ``read(sql,
    *values)`` gives rows; on PostgreSQL ``listen(channel)`` hears a table's news.

    >>> import tempfile
    >>> store = RoomStore(tempfile.mkdtemp())
    >>> store.read("SELECT COUNT(*) FROM room_tables")
    [(0,)]
    """

    def __init__(self, where: str | os.PathLike | None = None):
        where = where if where is not None else settings.read().rooms_url or None
        if is_address(where):
            super().__init__(where, SCHEMA, what="the class's tables", log="minibridge.rooms")
            self.directory = None
        else:
            self.directory = progress_dir(where)
            super().__init__(self.directory / DATABASE, SCHEMA, what="the class's tables", log="minibridge.rooms")
        self.prepare()

    def __repr__(self) -> str:
        return f"RoomStore({self.shown if self.directory is None else str(self.directory)!r})"

    # --- a table's news (PostgreSQL only): rooms NOTIFYs in the move's transaction, a seat page LISTENs ---
    def listen(self, channel: str):
        """A connection of its own listening on ``channel`` (None on SQLite, which has no such news):
        its ``fileno()`` is readable when news comes, ``heard(connection)`` reads it."""
        if not self.postgres:
            return None
        from psycopg import sql

        connection = self._connect()
        connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        return connection

    @staticmethod
    def heard(connection) -> bool:
        """Was there news on a listening connection (read without waiting)?"""
        return bool(list(connection.notifies(timeout=0)))
