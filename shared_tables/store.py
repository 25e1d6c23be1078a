"""Where the class's tables keep their state: SQLite in the class folder, or PostgreSQL on a hub.

Both run the same SQL (written with ``?``; PostgreSQL's driver gets ``%s``) in the same kind of
transaction, and in both the UNIQUE key on a table's moves is the arbiter: two pupils who act
at once both try to write the next move number, one of them wins, the other's transaction
fails with ``Clash`` and nothing of it is kept.

- ``RoomStore()`` or ``RoomStore("/path/to/class-folder")``: SQLite, ``class-rooms.sqlite`` in
  the progress folder (``exercises.progress``'s folder, journal and busy rules: a write takes
  the lock first with BEGIN IMMEDIATE and is tried again while the file is busy).
- ``RoomStore("postgresql://user:password@host/db")`` (or MINIBRIDGE_ROOMS_URL): a school's hub,
  for several app servers on several machines. Needs the "hub" extra (psycopg).
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from cardlib import settings
from exercises.progress import BUSY_SECONDS, file_lock, is_busy, journal_mode, progress_dir

DATABASE = "class-rooms.sqlite"
LOCK_FILE = ".class-rooms.lock"
log = logging.getLogger("minibridge.rooms")

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


class Clash(Exception):
    """Another writer got there first (a UNIQUE key was already taken): nothing was written."""


class _Db:
    """One transaction's connection: ``run(sql, *values)`` returns the rows (``?`` placeholders)."""

    def __init__(self, connection, postgres: bool):
        self.connection, self.postgres = connection, postgres

    def run(self, sql: str, *values) -> list[tuple]:
        if self.postgres:
            cursor = self.connection.execute(sql.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description else []
        return self.connection.execute(sql, values).fetchall()


class RoomStore:
    """The rooms' database (see the module's docstring). ``write(work)`` runs ``work(db)`` in one
    transaction and returns what it returns; ``read(sql, *values)`` gives rows.

    >>> import tempfile
    >>> store = RoomStore(tempfile.mkdtemp())
    >>> store.read("SELECT COUNT(*) FROM room_tables")
    [(0,)]
    """

    def __init__(self, where: str | os.PathLike | None = None):
        where = where if where is not None else settings.read().rooms_url or None
        self.postgres = isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))
        self._local = threading.local()
        if self.postgres:
            self.url = where
            self._postgres_errors()
        else:
            self.directory = progress_dir(where)
            self.path = self.directory / DATABASE
            self.url = str(self.path)
        self._create()

    def __repr__(self) -> str:
        return f"RoomStore({self.url.split('@')[-1] if self.postgres else str(self.directory)!r})"

    def _postgres_errors(self):
        import psycopg

        self._unique, self._retry = psycopg.errors.UniqueViolation, psycopg.errors.SerializationFailure

    # --- connections: one per thread, kept (and made again when lost) ---
    def _connect(self):
        if self.postgres:
            import psycopg

            return psycopg.connect(self.url, autocommit=True)
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        return connection

    def _connection(self):
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = self._connect()
        return connection

    def _lost(self, error: BaseException) -> bool:
        """Was the kept connection lost (the hub restarted, the network dropped, it was closed)?
        If so it is dropped, the log says so, and the next call connects again."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            return False
        if self.postgres:
            lost = connection.closed or connection.broken
        else:
            lost = isinstance(error, sqlite3.ProgrammingError) and "closed" in str(error)
        if lost:
            log.warning("The connection to the class's tables at %s was lost (%s); connecting again.",
                        self.url.split("@")[-1], str(error).strip() or type(error).__name__)
            self._local.connection = None
            try:
                connection.close()
            except Exception:  # noqa: BLE001  (it is gone already)
                pass
        return lost

    def _again_if_lost(self, work: Callable[[], Any]) -> Any:
        """``work()``, run once more on a new connection if the kept one was lost."""
        try:
            return work()
        except Exception as error:  # noqa: BLE001
            if not self._lost(error):
                raise
        return work()

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

    def close(self) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None

    def _create(self) -> None:
        if self.postgres:
            with self._connection().transaction():  # one server at a time makes the tables
                self._connection().execute("SELECT pg_advisory_xact_lock(2020)")
                for statement in filter(str.strip, SCHEMA.split(";")):
                    self._connection().execute(statement.replace("REAL", "DOUBLE PRECISION"))
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        with file_lock(self.directory / LOCK_FILE):  # a class's kernels starting together: one makes it
            connection = self._connect()
            try:
                mode = journal_mode(self.directory)
                if connection.execute("PRAGMA journal_mode").fetchone()[0] != mode:
                    connection.execute(f"PRAGMA journal_mode = {mode}")
                connection.executescript(f"BEGIN IMMEDIATE; {SCHEMA} COMMIT;")
            finally:
                connection.close()

    # --- transactions ---
    def write(self, work: Callable[[_Db], Any]) -> Any:
        """Run ``work(db)`` in one transaction (all or nothing). A taken UNIQUE key raises Clash;
        a busy SQLite file or a PostgreSQL serialization failure runs the whole of it again."""
        give_up = time.monotonic() + BUSY_SECONDS
        pause = 0.005
        while True:
            try:
                return self._once(work)
            except Clash:
                raise
            except Exception as error:  # noqa: BLE001  (only "busy" is tried again)
                again = ((self.postgres and isinstance(error, self._retry)) or (not self.postgres and is_busy(error))
                         or self._lost(error))  # a lost commit written again meets the UNIQUE key: Clash
                if not again or time.monotonic() > give_up:
                    raise
            time.sleep(pause)
            pause = min(0.2, pause * 2)

    def _once(self, work):
        connection = self._connection()
        if self.postgres:
            try:
                with connection.transaction():
                    return work(_Db(connection, True))
            except self._unique as error:
                raise Clash(str(error)) from None
        try:
            connection.execute("BEGIN IMMEDIATE")
            done = work(_Db(connection, False))
            connection.execute("COMMIT")
            return done
        except sqlite3.IntegrityError as error:
            connection.execute("ROLLBACK")
            if "UNIQUE" in str(error):
                raise Clash(str(error)) from None
            raise
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def snapshot(self, work: Callable[[_Db], Any]) -> Any:
        """Run ``work(db)``'s reads in one read transaction (they all see one moment; no write lock)."""
        return self._again_if_lost(lambda: self._snapshot(work))

    def _snapshot(self, work):
        connection = self._connection()
        connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" if self.postgres else "BEGIN")
        try:
            return work(_Db(connection, self.postgres))
        finally:
            connection.execute("ROLLBACK")

    def read(self, sql: str, *values) -> list[tuple]:
        """Rows of one query (outside any transaction: one statement sees one moment)."""
        return self._again_if_lost(lambda: _Db(self._connection(), self.postgres).run(sql, *values))
