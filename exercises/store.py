"""The class's databases: SQLite in the class folder (the default), or PostgreSQL on a school's hub.

The pupils' progress (``exercises.progress``) and the tables a class shares
(``shared_tables.store``) both keep their rows through a ``Database``. Its SQL is written once,
with ``?`` placeholders, in what both speak (``ON CONFLICT``, ``CASE``): PostgreSQL's driver gets
``%s``, and in a schema ``REAL`` becomes ``DOUBLE PRECISION`` and ``INTEGER PRIMARY KEY`` an
identity column.

- ``write(work)`` runs ``work(db)`` in one transaction, all or nothing. On SQLite it begins with
  BEGIN IMMEDIATE: the write lock is taken before anything is read, so two writers never meet
  half-way. While the file is busy or PostgreSQL reports a serialization failure, and after a
  lost connection, the whole transaction runs again, for up to BUSY_SECONDS; a hub that cannot be
  reached is tried for REACH_SECONDS. A UNIQUE key already taken raises ``Clash``, with nothing
  written; any other failure of the database ``StoreError``.
- ``snapshot(work)`` runs reads that all see one moment; ``read(sql, *values)`` runs one.
- Each process and thread keeps one connection to each database, made again (the log says so)
  when it was lost: the hub restarted, the network dropped, the file was replaced.
- ``prepare()`` makes the tables, once a process. A class starting together on a fresh folder
  makes the file one process at a time (a lock file beside it) and sets its journal (WAL on a
  local disk, SQLite's rollback journal on a network filesystem: ``journal_mode``); on
  PostgreSQL an advisory lock does the same. A damaged SQLite file is kept aside and a fresh one
  started (``prepare`` returns the name it was kept under).

psycopg, PostgreSQL's driver (the "hub" extra), is imported only for a postgresql:// URL.

>>> import pathlib, tempfile
>>> notes = Database(pathlib.Path(tempfile.mkdtemp()) / "notes.sqlite",
...                  "CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);")
>>> notes.prepare(), notes.write(lambda db: db.insert("INSERT INTO notes (text) VALUES (?)", "hello"))
('', 1)
>>> notes.read("SELECT text FROM notes")
[('hello',)]
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:  # Python in the pupil's browser (the course's website) has no SQLite
    sqlite3 = None

from cardlib import settings

BUSY_SECONDS = 30.0
REACH_SECONDS = 5.0  # how long a write waits for a hub it cannot reach (a restart takes a second or two)
MAX_CONNECTIONS = 8  # kept by one thread: a few folders at most are in use at once
POSTGRES = ("postgresql://", "postgres://")
NETWORK_FILESYSTEMS = ("nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs",
                       "lustre", "fuse.sshfs", "davfs", "fuse.gcsfuse", "fuse.s3fs")
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26
SQLITE = sqlite3 is not None  # False in the pupil's browser
_CREATING = 2020  # the advisory lock under which one server at a time makes the tables


class Clash(Exception):
    """Another writer got there first (a UNIQUE key was already taken): nothing was written."""


class StoreError(Exception):
    """The database could not be read or written; the words are the system's, with no path."""


class _Unreachable(Exception):
    """The hub could not be reached to make a connection (its cause says why)."""


class Damaged(Exception):
    """The database file is damaged (found by a check, not by an exception from SQLite)."""


def is_postgres(where: object) -> bool:
    """Does ``where`` name a PostgreSQL database (a URL), not a SQLite file or folder?"""
    return isinstance(where, str) and where.startswith(POSTGRES)


def is_address(where: object) -> bool:
    """Is ``where`` an address ("postgresql://...", or a wrong one: "mysql://..."), not a folder?"""
    return isinstance(where, str) and "://" in where


def journal_mode(folder: str | os.PathLike, environ=None, mounts: str | None = None) -> str:
    """The journal for a database in ``folder``: "wal", or "delete" (SQLite's rollback
    journal) on a network filesystem, where WAL's shared memory cannot work.
    MINIBRIDGE_PROGRESS_JOURNAL=wal or =delete overrides the guess.

    >>> journal_mode("/home/ann", mounts="1 2 0:1 / / rw - ext4 /dev/sda1 rw\\n"
    ...              "3 1 0:2 / /home rw - nfs4 srv:/home rw")
    'delete'
    >>> journal_mode("/home/ann", environ={"MINIBRIDGE_PROGRESS_JOURNAL": "wal"}, mounts="")
    'wal'
    """
    chosen = settings.read(environ).progress_journal
    if chosen:
        return chosen
    return "delete" if _filesystem(Path(folder), mounts) in NETWORK_FILESYSTEMS else "wal"


def _filesystem(folder: Path, mounts: str | None = None) -> str:
    """The type of the filesystem holding ``folder`` ("ext4", "nfs4"; "" when unknown)."""
    if mounts is None:
        try:
            mounts = Path("/proc/self/mountinfo").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
    try:
        target = os.path.realpath(folder)
    except (OSError, ValueError):
        return ""
    best, kind = "", ""
    for line in mounts.splitlines():
        fields = line.split()
        if "-" not in fields or len(fields) < 5:
            continue
        point = fields[4].replace("\\040", " ")
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fields[fields.index("-") + 1]
    return kind


def is_busy(error: BaseException) -> bool:
    """Is this error SQLite saying another connection holds the lock (try again later)?"""
    if sqlite3 is None or not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(error) or "busy" in str(error)


def is_damaged(error: BaseException | None) -> bool:
    """Is this error SQLite saying the file is damaged or not a database at all?"""
    if sqlite3 is None or not isinstance(error, sqlite3.DatabaseError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    return type(error) is sqlite3.DatabaseError


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock between processes (fcntl where there is one; none elsewhere)."""
    try:
        import fcntl
    except ImportError:  # Windows: one teacher's machine, no crowd of writers to keep apart
        yield
        return
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Db:
    """One transaction's connection: ``run(sql, *values)`` gives the rows, ``insert`` the new row's id."""

    def __init__(self, connection, postgres: bool):
        self.connection, self.postgres = connection, postgres

    def run(self, sql: str, *values) -> list[tuple]:
        if self.postgres:
            cursor = self.connection.execute(sql.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description else []
        return self.connection.execute(sql, values).fetchall()

    def insert(self, sql: str, *values) -> int:
        """Run an INSERT into a table with an ``id INTEGER PRIMARY KEY``; the id it was given."""
        if self.postgres:
            return self.run(f"{sql} RETURNING id", *values)[0][0]
        return self.connection.execute(sql, values).lastrowid


# This process's connections: (database, thread) -> (connection, inode of the SQLite file it
# opened). A file replaced by another process (a damaged one kept aside) has a new inode.
_CONNECTIONS: dict[tuple[str, int], tuple[Any, int | None]] = {}
# Databases this process has made ready: (database, inode); a replaced file is checked again.
_PREPARED: set[tuple[str, int | None]] = set()
_FORKED_AWAY: list = []  # a forked child never uses, nor closes, its parent's connections


def _forked() -> None:
    _FORKED_AWAY.extend(_CONNECTIONS.values())
    _CONNECTIONS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def _close(connection) -> None:
    try:
        connection.close()
    except Exception:  # noqa: BLE001  (it is gone already)
        pass


def forget_connections() -> None:
    """Close this process's kept connections and forget which databases were made ready, as a
    new process would start (tests use it; a kernel restart does it by itself)."""
    for connection, _ in _CONNECTIONS.values():
        _close(connection)
    _CONNECTIONS.clear()
    _PREPARED.clear()


class Database:
    """One database (see the module's docstring): ``where`` is a postgresql:// URL or the path of
    a SQLite file; ``schema`` its CREATE ... IF NOT EXISTS statements; ``what`` names it in the
    log ("the class's tables")."""

    def __init__(self, where: str | os.PathLike, schema: str, *, version: int = 1, what: str = "the class's database",
                 log: str = "minibridge.store"):
        self.postgres = is_postgres(where)
        self.path = None if self.postgres else Path(where)
        self.url = str(where)
        self.schema, self.version, self.what = schema, version, what
        self.refused = is_address(where) and not self.postgres  # "mysql://hub/db" names no folder
        self.log = logging.getLogger(log)
        self._driver = None if self.postgres else sqlite3

    def __repr__(self) -> str:
        return f"Database({self.shown!r})"

    @property
    def shown(self) -> str:
        """Where it is, as the log may say it: never a password."""
        return self.url.split("@")[-1] if self.postgres else self.url

    def exists(self) -> bool:
        """Is there a database to read (False for a SQLite file not made yet)?"""
        return self.postgres or self.path.exists()

    # --- connections ---
    def _psycopg(self):
        if self._driver is None:
            try:
                import psycopg
            except ImportError:
                raise StoreError("PostgreSQL's driver is not installed: pip install -e '.[hub]'") from None
            self._driver = psycopg
        return self._driver

    def _connect(self):
        if self.postgres:
            return self._psycopg().connect(self.url, autocommit=True, connect_timeout=5)  # about REACH_SECONDS
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        return connection

    def _inode(self) -> int | None:
        if self.postgres:
            return None
        try:
            return self.path.stat().st_ino
        except OSError:
            return None

    def _key(self) -> tuple[str, int]:
        return (self.url, threading.get_ident())

    def _connection(self):
        """This thread's connection, kept open between transactions (a save takes half the time
        with a class writing at once); a new one when the SQLite file was replaced."""
        if self.postgres:
            self._psycopg()  # another Database of the same URL may have made the connection
        key = self._key()
        kept = _CONNECTIONS.get(key)
        if kept is not None and kept[1] == self._inode():
            return kept[0]
        if kept is not None:
            _close(_CONNECTIONS.pop(key)[0])
        try:
            connection = self._connect()
        except self._errors() as error:
            if self.postgres:
                raise _Unreachable() from error
            raise
        mine = [k for k in list(_CONNECTIONS) if k[1] == key[1]]  # list(): other threads add theirs
        while len(mine) >= MAX_CONNECTIONS:
            _close(_CONNECTIONS.pop(mine.pop(0))[0])
        _CONNECTIONS[key] = (connection, self._inode())
        return connection

    def close(self) -> None:
        """Close this thread's connection (the next use makes it again)."""
        kept = _CONNECTIONS.pop(self._key(), None)
        if kept is not None:
            _close(kept[0])

    def _lost(self, error: BaseException) -> bool:
        """Was the kept connection lost (the hub restarted, the network dropped, it was closed)?
        If so it is dropped, the log says so, and the next call connects again."""
        kept = _CONNECTIONS.get(self._key())
        if kept is None:
            return False
        connection = kept[0]
        if self.postgres:
            lost = connection.closed or connection.broken
        else:
            lost = isinstance(error, sqlite3.ProgrammingError) and "closed" in str(error)
        if lost:
            self.log.warning("The connection to %s at %s was lost (%s); connecting again.",
                             self.what, self.shown, str(error).strip() or type(error).__name__)
            self.close()
        return lost

    def _errors(self) -> tuple[type[BaseException], ...]:
        return (self._driver.Error,) if self._driver is not None else ()

    def _again(self, error: BaseException) -> bool:
        """Should a transaction that failed so run again (after a pause)?"""
        if self._lost(error):
            return True
        if self.postgres:
            errors = self._driver.errors
            return isinstance(error, (errors.SerializationFailure, errors.DeadlockDetected))
        return is_busy(error)

    # --- transactions ---
    def write(self, work: Callable[[Db], Any]) -> Any:
        """Run ``work(db)`` in one transaction and return what it returns (see the module)."""
        give_up = time.monotonic() + BUSY_SECONDS
        reach = time.monotonic() + REACH_SECONDS
        pause = 0.005
        while True:
            try:
                return self._once(work)
            except Clash:
                raise
            except _Unreachable as unreachable:
                if time.monotonic() > reach:
                    raise StoreError(_reason(unreachable.__cause__)) from unreachable.__cause__
            except self._errors() as error:
                if not self._again(error) or time.monotonic() > give_up:
                    raise StoreError(_reason(error)) from error
            time.sleep(pause)
            pause = min(0.2, pause * 2)

    def _once(self, work):
        connection = self._connection()
        if self.postgres:
            try:
                with connection.transaction():
                    return work(Db(connection, True))
            except self._driver.errors.UniqueViolation as error:
                raise Clash(str(error)) from None
        try:
            connection.execute("BEGIN IMMEDIATE")
            done = work(Db(connection, False))
            connection.execute("COMMIT")
            return done
        except sqlite3.IntegrityError as error:
            _roll_back(connection)
            if "UNIQUE" in str(error):
                raise Clash(str(error)) from None
            raise
        except BaseException:
            _roll_back(connection)
            raise

    def _reading(self, work: Callable[[], Any]) -> Any:
        """``work()``, run once more on a new connection if the kept one was lost."""
        try:
            try:
                return work()
            except self._errors() as error:
                if not self._lost(error):
                    raise
            return work()
        except _Unreachable as unreachable:
            raise StoreError(_reason(unreachable.__cause__)) from unreachable.__cause__
        except self._errors() as error:
            raise StoreError(_reason(error)) from error

    def snapshot(self, work: Callable[[Db], Any]) -> Any:
        """Run ``work(db)``'s reads in one read transaction (they all see one moment; no write lock)."""
        return self._reading(lambda: self._snapshot(work))

    def _snapshot(self, work):
        connection = self._connection()
        connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" if self.postgres else "BEGIN")
        try:
            return work(Db(connection, self.postgres))
        finally:
            _roll_back(connection)

    def read(self, sql: str, *values) -> list[tuple]:
        """Rows of one query (outside any transaction: one statement sees one moment)."""
        return self._reading(lambda: Db(self._connection(), self.postgres).run(sql, *values))

    # --- getting the database ready ---
    def prepare(self) -> str:
        """Make the database ready: on SQLite its folder, a check and its journal, then the
        tables; once a process. Returns the name a damaged SQLite file was kept under, else "".
        StoreError when the database cannot be used, OSError when the folder cannot be."""
        if self.refused:
            raise StoreError("only a PostgreSQL address names a hub's database")
        if self.postgres:
            if (self.url, None) not in _PREPARED:
                self.write(self._create_tables)
                _PREPARED.add((self.url, None))
            return ""
        if sqlite3 is None:
            raise StoreError("this Python has no SQLite")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if (self.url, self._inode()) in _PREPARED:
            return ""
        kept = ""
        # One process at a time: a class that starts together on a fresh folder would otherwise
        # race to set the journal (which SQLite refuses while others read) and might take a file
        # another process is still making for a damaged one.
        with file_lock(self.path.with_name(f".{self.path.stem}.lock")):
            try:
                try:
                    self._create()
                except (sqlite3.DatabaseError, Damaged) as error:
                    if not isinstance(error, Damaged) and not is_damaged(error):
                        raise
                    kept = self._keep_damaged_aside()
            except sqlite3.Error as error:
                raise StoreError(_reason(error)) from error
            _PREPARED.add((self.url, self._inode()))
        return kept

    def check_again(self) -> None:
        """The next ``prepare()`` checks the file again (a write found it damaged)."""
        _PREPARED.discard((self.url, self._inode()))

    def _create_tables(self, db: Db) -> None:
        db.run("SELECT pg_advisory_xact_lock(?)", _CREATING)  # one server at a time makes the tables
        for statement in filter(str.strip, self.schema.split(";")):
            db.run(statement.replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
                   .replace("REAL", "DOUBLE PRECISION"))

    def _create(self) -> None:
        """Check the file and give it its journal and tables (under the folder's lock)."""
        connection = self._connect()
        try:
            check = connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise Damaged(check)
            mode = journal_mode(self.path.parent)
            give_up = time.monotonic() + BUSY_SECONDS
            while connection.execute("PRAGMA journal_mode").fetchone()[0] != mode:
                try:  # needs every other connection closed; SQLite does not wait for that
                    connection.execute(f"PRAGMA journal_mode = {mode}")
                except sqlite3.OperationalError as error:
                    if not is_busy(error) or time.monotonic() > give_up:
                        raise
                    time.sleep(0.05)
            if connection.execute("PRAGMA user_version").fetchone()[0] != self.version:
                connection.executescript(f"BEGIN IMMEDIATE; {self.schema} PRAGMA user_version = {self.version}; COMMIT;")
        finally:
            connection.close()

    def _keep_damaged_aside(self) -> str:
        """Rename the damaged file (and its journal) to <name>.damaged-<time>.sqlite and start a
        fresh one; the name it was kept under. Called under the folder's lock, so two processes
        that both found it damaged move it only once ("" for the second)."""
        if self._healthy():
            self._create()
            return ""  # another process has already started a fresh one
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"{self.path.stem}.damaged-{stamp}{self.path.suffix}")
        n = 1
        while kept.exists():
            n += 1
            kept = self.path.with_name(f"{self.path.stem}.damaged-{stamp}-{n}{self.path.suffix}")
        os.replace(self.path, kept)
        for suffix in ("-wal", "-shm", "-journal"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                os.replace(extra, kept.with_name(kept.name + suffix))
        self._create()
        self.log.warning("%s was damaged: kept aside as %s, and a fresh one started.", self.what, kept.name)
        return kept.name

    def _healthy(self) -> bool:
        """Is the file there now sound? A busy database is not a damaged one."""
        if not self.path.exists():
            return True
        try:
            connection = self._connect()
            try:
                check = connection.execute("PRAGMA quick_check").fetchone()
                return check is not None and check[0] == "ok"
            finally:
                connection.close()
        except sqlite3.DatabaseError as error:
            return is_busy(error)


def _roll_back(connection) -> None:
    """End a transaction that did not commit (a lost connection has nothing to end)."""
    try:
        if getattr(connection, "in_transaction", True):  # psycopg's: ROLLBACK outside one only warns
            connection.execute("ROLLBACK")
    except Exception:  # noqa: BLE001
        pass


def _reason(error: BaseException) -> str:
    """The first line of what the driver said."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
