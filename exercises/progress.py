"""The class's progress in one SQLite database: one row per answer, one per finished quiz.

The database lives in the progress folder (the directory you name, else
``MINIBRIDGE_PROGRESS_DIR``, else ``~/.minibridge-progress``) as ``class-progress.sqlite``.
Many pupils write at once: every write is one short transaction that starts with
``BEGIN IMMEDIATE`` (the write lock is taken before anything is read, so two writers never
deadlock), and a busy writer waits, and tries the whole transaction again, for up to 30 s.
A class starting together on a fresh folder makes the database one process at a time (a lock
file beside it): the first sets up the schema and the journal, the others find it ready. The journal is WAL on a local disk and
SQLite's rollback journal on a network filesystem, where WAL cannot work (see
``journal_mode``).
A damaged database is kept aside, a fresh one started, and the teacher told (``damage_notes``).

>>> import tempfile
>>> store = ProgressStore(tempfile.mkdtemp())
>>> pupil = store.open("Aiko")
>>> pupil.record("hcp", correct=True, streak=1, lesson=3, seed=12)    # "" means saved
''
>>> store.open("aiko").tried("hcp"), [(a.pupil, a.lesson, a.seed) for a in store.answers()]
(1, [('Aiko', 3, '12')])
"""
from __future__ import annotations

import json
import os
import re
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

try:
    import sqlite3
except ImportError:  # Python in the pupil's browser (the course's website) has no SQLite
    sqlite3 = None

from cardlib import CardError, say, settings
from exercises.answers import shown
from exercises.passport import PASSPORT_SKILLS

DATABASE = "class-progress.sqlite"
SCHEMA_VERSION = 3  # 2: the pages a reload brings back, and the open pages; 3: the passport
LIVE_SECONDS = 45.0  # a page that beat this recently is open
BUSY_SECONDS = 30.0
LOCK_FILE = ".class-progress.lock"
MAX_NAME = 40
MAX_CONNECTIONS = 8
NETWORK_FILESYSTEMS = ("nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs",
                       "lustre", "fuse.sshfs", "davfs", "fuse.gcsfuse", "fuse.s3fs")
_NAME = re.compile(r"[^\W_](?:[\w '\-]*[^\W_])?")  # letters and digits, inner spaces, - and '
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26

SCHEMA = """
CREATE TABLE IF NOT EXISTS pupils (
    key TEXT PRIMARY KEY,               -- the name casefolded: "Aiko" and "aiko" are one pupil
    name TEXT NOT NULL,                 -- as first typed
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    since REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    pupil TEXT NOT NULL,                -- pupils.key
    lesson INTEGER,                     -- the lesson's number, when known
    kind TEXT NOT NULL,
    seed TEXT,                          -- the question's seed: make_question(kind, seed) asks it again
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    slip TEXT,                          -- the slip a wrong answer was named for, if any
    at REAL NOT NULL);                  -- seconds since 1970 (time.time())
CREATE INDEX IF NOT EXISTS answers_by_pupil ON answers (pupil, kind);
CREATE TABLE IF NOT EXISTS quizzes (
    id INTEGER PRIMARY KEY,
    pupil TEXT NOT NULL,
    lesson INTEGER,
    seed TEXT NOT NULL,
    mark INTEGER NOT NULL,
    out_of INTEGER NOT NULL,
    at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS damaged (    -- databases found damaged and kept aside
    kept TEXT NOT NULL,
    at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS pages (      -- what a pupil's lesson page held, so a reload brings it back
    pupil TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    part TEXT NOT NULL,                 -- "practice 1", "quiz 1", "table 4A"
    tab TEXT NOT NULL,                  -- the browser tab: two tabs never write over each other
    state TEXT NOT NULL,                -- JSON: a seed and what was answered, or a table's moves
    at REAL NOT NULL,
    PRIMARY KEY (pupil, lesson, part, tab));
CREATE TABLE IF NOT EXISTS passport (   -- the table skills the teacher has ticked for a pupil
    pupil TEXT NOT NULL,
    skill TEXT NOT NULL,                -- one of exercises.passport.PASSPORT_SKILLS
    at REAL NOT NULL,
    PRIMARY KEY (pupil, skill));
CREATE TABLE IF NOT EXISTS open_pages ( -- each open page's last heartbeat
    pupil TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    tab TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (pupil, lesson, tab));
"""


def progress_dir(directory: str | os.PathLike | None = None) -> Path:
    """Where the class's progress is kept: the directory given, else $MINIBRIDGE_PROGRESS_DIR,
    else ~/.minibridge-progress.

    >>> progress_dir("/tmp/class-5b").name
    'class-5b'
    """
    return Path(directory or settings.read().progress_dir).expanduser()


def check_pupil_name(name: object) -> str:
    """A pupil's name, tidied ("  Aiko  " → "Aiko"); CardError for anything that could
    not be a name ("../x", "a/b", "<b>").

    >>> check_pupil_name(" Aiko  Tanaka "), check_pupil_name("Ｋｅｎ")
    ('Aiko Tanaka', 'Ken')
    """
    if not isinstance(name, str):
        raise CardError("ex_name_empty")
    if len(name) > 4 * MAX_NAME:
        raise CardError("ex_name_long", limit=MAX_NAME)
    tidy = " ".join(unicodedata.normalize("NFKC", name).split())
    if not tidy:
        raise CardError("ex_name_empty")
    if len(tidy) > MAX_NAME:
        raise CardError("ex_name_long", limit=MAX_NAME)
    if not _NAME.fullmatch(tidy):
        raise CardError("ex_name_form", name=shown(tidy))
    return tidy


def pupil_key(name: str) -> str:
    """The key a pupil is kept under: the name casefolded ("Aiko" and "aiko" are one pupil)."""
    return name.casefold()


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
    """Is this error SQLite saying another connection holds the lock (try again later)? The
    class's shared tables (shared_tables.store) use the same rules on the same folder."""
    if not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(error) or "busy" in str(error)


def _damage(error: BaseException) -> bool:
    """Is this error SQLite saying the file is damaged or not a database at all?"""
    if not isinstance(error, sqlite3.DatabaseError):
        return False
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    return type(error) is sqlite3.DatabaseError


class Damaged(Exception):
    """The database file is damaged (found by a check, not by an exception from SQLite)."""


@dataclass(frozen=True)
class Answer:
    """One answer as the database keeps it (``pupil`` is the name as first typed)."""

    pupil: str
    lesson: int | None
    kind: str
    seed: str | None
    correct: bool
    slip: str | None
    at: float


@dataclass(frozen=True)
class QuizMark:
    """One finished quiz."""

    pupil: str
    lesson: int | None
    seed: str
    mark: int
    out_of: int
    at: float


# Databases already checked and prepared by this process: (path, inode). A file replaced
# by another process (a damaged one kept aside) has a new inode and is checked again.
_PREPARED: set[tuple[str, int]] = set()
# Open connections: (path, process, thread) -> (connection, inode of the file it opened).
_CONNECTIONS: dict[tuple[str, int, int], tuple[sqlite3.Connection, int]] = {}


def forget_connections() -> None:
    """Close this process's kept connections and forget which databases were checked, as a
    new process would start (tests use it; a kernel restart does it by itself)."""
    for connection, _ in _CONNECTIONS.values():
        connection.close()
    _CONNECTIONS.clear()
    _PREPARED.clear()


class ProgressStore:
    """The class's progress database in a folder. ``open(name)`` gives one pupil's progress;
    ``pupils()``, ``answers()`` and ``quiz_marks()`` read the whole class (the class view).

    ``notice`` holds a sentence for the teacher when the database was found damaged (and
    kept aside) or could not be used, else "".

    >>> import tempfile
    >>> ProgressStore(tempfile.mkdtemp()).open("../x")
    Traceback (most recent call last):
    ...
    cardlib.messages.CardError: '../x' cannot be used as a name: use letters and digits, spaces, - or '.
    """

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = progress_dir(directory)
        self.path = self.directory / DATABASE
        self.notice = ""
        self.pupil_notice = ""  # the same news for a pupil: no file names, no folders

    # --- connections ---
    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        return connection

    def _kept(self) -> sqlite3.Connection:
        """This process's (and thread's) connection to the database file as it is now: kept
        open between answers, which halves the time a save takes with a class writing at
        once; a new one when the file was replaced (a damaged one kept aside)."""
        key = (str(self.path), os.getpid(), threading.get_ident())
        kept = _CONNECTIONS.get(key)
        inode = self.path.stat().st_ino if self.path.exists() else None
        if kept is None or kept[1] != inode:
            if kept is not None:
                kept[0].close()
            connection = self._connect()
            _CONNECTIONS.pop(key, None)
            while len(_CONNECTIONS) >= MAX_CONNECTIONS:  # a few folders at most are in use at once
                old = next(iter(_CONNECTIONS))
                _CONNECTIONS.pop(old)[0].close()
            _CONNECTIONS[key] = kept = (connection, self.path.stat().st_ino)
        return kept[0]

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: BEGIN IMMEDIATE takes the write lock before anything is
        read, so a write that reads first never meets another writer half-way."""
        connection = self._kept()
        try:
            connection.execute("BEGIN IMMEDIATE")
            yield connection
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def _patiently(self, work: Callable[[sqlite3.Connection], None]) -> None:
        """Run ``work(db)`` in one write transaction; while the database is busy (some locks
        SQLite does not wait for, such as a connection recovering the journal), roll back and
        run the whole transaction again, for up to BUSY_SECONDS."""
        give_up = time.monotonic() + BUSY_SECONDS
        pause = 0.005
        while True:
            try:
                with self._writing() as db:
                    work(db)
                return
            except sqlite3.OperationalError as error:
                if not is_busy(error) or time.monotonic() > give_up:
                    raise
            time.sleep(pause)
            pause = min(0.2, pause * 2)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        connection = self._kept()
        try:
            connection.execute("BEGIN")  # one snapshot for all the reads
            yield connection
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")

    # --- getting the database ready ---
    def prepare(self) -> bool:
        """Make the folder and the database if needed and check it; a damaged database is
        kept aside and a fresh one started.
        Returns False (with ``notice`` set) when the folder cannot be used."""
        if sqlite3 is None:
            self.notice = self.pupil_notice = say("ex_progress_on_this_page")
            return False
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if self._prepared_here():
                return True
            # One process at a time: a class that starts together on a fresh folder would
            # otherwise race to set the journal (which SQLite refuses while others read) and
            # might take a file another process is still making for a damaged one.
            with file_lock(self.directory / LOCK_FILE):
                try:
                    self._create()
                except (sqlite3.DatabaseError, Damaged) as error:
                    if not isinstance(error, Damaged) and not _damage(error):
                        raise
                    self._keep_damaged_aside()
                _PREPARED.add(self._identity())
            return True
        except (OSError, sqlite3.Error) as error:
            self.notice = self.pupil_notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return False

    def _identity(self) -> tuple[str, int]:
        return (str(self.path.resolve()), self.path.stat().st_ino)

    def _prepared_here(self) -> bool:
        try:
            return self._identity() in _PREPARED
        except OSError:
            return False

    def _create(self) -> None:
        """Check the database and give it its journal and tables (under the folder's lock)."""
        connection = self._connect()
        try:
            check = connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise Damaged(check)
            mode = journal_mode(self.directory)
            give_up = time.monotonic() + BUSY_SECONDS
            while connection.execute("PRAGMA journal_mode").fetchone()[0] != mode:
                try:  # needs every other connection closed; SQLite does not wait for that
                    connection.execute(f"PRAGMA journal_mode = {mode}")
                except sqlite3.OperationalError as error:
                    if not is_busy(error) or time.monotonic() > give_up:
                        raise
                    time.sleep(0.05)
            if connection.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                connection.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        finally:
            connection.close()

    def _keep_damaged_aside(self) -> None:
        """Rename the damaged file (and its journal) to class-progress.damaged-<time>.sqlite
        and start a fresh one. Called under the folder's lock, so two processes that both
        found it damaged move it only once."""
        if self._healthy():
            self._create()
            return  # another process has already started a fresh one
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"class-progress.damaged-{stamp}.sqlite")
        n = 1
        while kept.exists():
            n += 1
            kept = self.path.with_name(f"class-progress.damaged-{stamp}-{n}.sqlite")
        os.replace(self.path, kept)
        for suffix in ("-wal", "-shm", "-journal"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                os.replace(extra, kept.with_name(kept.name + suffix))
        self._create()
        self._patiently(lambda db: db.execute("INSERT INTO damaged (kept, at) VALUES (?, ?)",
                                              (kept.name, time.time())))
        self.notice = say("desk_progress_damaged", kept=kept.name)
        self.pupil_notice = say("ex_progress_damaged")

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

    # --- one pupil ---
    def open(self, name: str) -> PupilProgress:
        """A pupil's progress (the name is checked first). A problem with the database is
        never raised: the pupil gets ``notice`` and answers still count on the page."""
        name = check_pupil_name(name)
        pupil = PupilProgress(name, self)
        if not self.prepare():
            pupil.notice = self.pupil_notice
            return pupil
        try:
            self._patiently(lambda db: db.execute("INSERT OR IGNORE INTO pupils (key, name, since) VALUES (?, ?, ?)",
                                                  (pupil_key(name), name, time.time())))
        except sqlite3.Error as error:
            pupil.notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return pupil
        pupil.notice = self.pupil_notice
        return pupil

    # --- the whole class ---
    def pupils(self) -> list[str]:
        """Every pupil's name, in alphabetical order.

        >>> import tempfile
        >>> store = ProgressStore(tempfile.mkdtemp()); _ = store.open("Ben"); _ = store.open("aiko")
        >>> store.pupils()
        ['aiko', 'Ben']
        """
        if not self.path.exists() or not self.prepare():
            return []
        with self._reading() as db:
            names = [row[0] for row in db.execute("SELECT name FROM pupils")]
        return sorted(names, key=str.casefold)

    def answers(self) -> list[Answer]:
        """Every answer of the class, oldest first."""
        if not self.path.exists() or not self.prepare():
            return []
        with self._reading() as db:
            rows = db.execute("SELECT p.name, a.lesson, a.kind, a.seed, a.correct, a.slip, a.at FROM answers a "
                              "JOIN pupils p ON p.key = a.pupil ORDER BY a.at, a.id").fetchall()
        return [Answer(n, lesson, kind, seed, bool(correct), slip, at) for n, lesson, kind, seed, correct, slip, at in rows]

    def quiz_marks(self) -> list[QuizMark]:
        """Every finished quiz of the class, oldest first."""
        if not self.path.exists() or not self.prepare():
            return []
        with self._reading() as db:
            rows = db.execute("SELECT p.name, q.lesson, q.seed, q.mark, q.out_of, q.at FROM quizzes q "
                              "JOIN pupils p ON p.key = q.pupil ORDER BY q.at, q.id").fetchall()
        return [QuizMark(*row) for row in rows]

    def passport(self) -> dict[str, set[str]]:
        """The table skills ticked for each pupil (by name), from the teacher's passport."""
        if not self.path.exists() or not self.prepare():
            return {}
        with self._reading() as db:
            rows = db.execute("SELECT p.name, t.skill FROM passport t JOIN pupils p ON p.key = t.pupil").fetchall()
        ticked: dict[str, set[str]] = {}
        for name, skill in rows:
            ticked.setdefault(name, set()).add(skill)
        return ticked

    def damage_notes(self) -> list[str]:
        """A sentence for the teacher for each damaged database kept aside in this folder."""
        if not self.path.exists() or not self.prepare():
            return [self.notice] if self.notice else []
        with self._reading() as db:
            rows = db.execute("SELECT kept, at FROM damaged ORDER BY at").fetchall()
        return [say("desk_progress_damaged_on", when=time.strftime("%Y-%m-%d %H:%M", time.localtime(at)), kept=kept)
                for kept, at in rows]


class PupilProgress:
    """One pupil's answers and quizzes, read from and written to the class's database.

    ``notice`` holds a sentence for the pupil when something went wrong (the database was
    damaged and started afresh, or could not be written), else "".
    """

    def __init__(self, name: str, store: ProgressStore, notice: str = ""):
        self.name = name
        self.store = store
        self.notice = notice
        self.last_answer_id: int | None = None  # the row record() wrote last

    def __repr__(self) -> str:
        return f"<PupilProgress {self.name!r}>"

    @property
    def key(self) -> str:
        return pupil_key(self.name)

    def _one(self, sql: str, *values, default=0):
        if not self.store.path.exists():
            return default
        try:
            with self.store._reading() as db:
                row = db.execute(sql, (self.key, *values)).fetchone()
        except sqlite3.Error:
            return default
        return default if row is None or row[0] is None else row[0]

    def tried(self, kind: str) -> int:
        """How many questions of this kind the pupil has answered."""
        return self._one("SELECT COUNT(*) FROM answers WHERE pupil = ? AND kind = ?", kind)

    def right(self, kind: str) -> int:
        """How many of them were right."""
        return self._one("SELECT SUM(correct) FROM answers WHERE pupil = ? AND kind = ?", kind)

    @property
    def streak(self) -> int:
        return self._one("SELECT streak FROM pupils WHERE key = ?")

    @property
    def best_streak(self) -> int:
        return self._one("SELECT best_streak FROM pupils WHERE key = ?")

    @property
    def quizzes(self) -> list[dict]:
        """Each finished quiz: seed, mark, out_of, lesson and when ("2025-03-02 10:31")."""
        if not self.store.path.exists():
            return []
        try:
            with self.store._reading() as db:
                rows = db.execute("SELECT seed, mark, out_of, lesson, at FROM quizzes WHERE pupil = ? "
                                  "ORDER BY at, id", (self.key,)).fetchall()
        except sqlite3.Error:
            return []
        return [{"seed": seed, "mark": mark, "out_of": out_of, "lesson": lesson,
                 "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(at))} for seed, mark, out_of, lesson, at in rows]

    def _write(self, statements: list[tuple[str, tuple]], again: bool = True) -> str:
        """Run some writes in one BEGIN IMMEDIATE transaction; a sentence if it failed, else ""."""
        if not self.store.prepare():
            self.notice = self.store.pupil_notice
            return self.notice
        def write(db):
            db.execute("INSERT OR IGNORE INTO pupils (key, name, since) VALUES (?, ?, ?)",
                       (self.key, self.name, time.time()))
            self._row_ids = [db.execute(sql, values).lastrowid for sql, values in statements]
        try:
            self.store._patiently(write)
        except sqlite3.Error as error:
            if again and _damage(error):
                _PREPARED.clear()  # check again: the next prepare() keeps the file aside
                if self.store.prepare():
                    self.notice = self.store.pupil_notice
                    return self._write(statements, again=False) or self.notice
            self.notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return self.notice
        return ""

    def record(self, kind: str, correct: bool, streak: int | None = None, *, lesson: int | None = None,
               seed: int | str | None = None, slip: str | None = None) -> str:
        """Write down one answer; returns a sentence if saving failed, else "".

        ``streak`` is the pupil's streak after this answer (None: leave it, as a quiz does);
        ``lesson`` the lesson's number, ``seed`` the question's, ``slip`` the slip named.
        """
        statements = [("INSERT INTO answers (pupil, lesson, kind, seed, correct, slip, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (self.key, lesson, kind, None if seed is None else str(seed), int(bool(correct)), slip, time.time()))]
        if streak is not None:
            statements.append(("UPDATE pupils SET streak = ?, best_streak = MAX(best_streak, ?) WHERE key = ?",
                               (streak, streak, self.key)))
        problem = self._write(statements)
        self.last_answer_id = None if problem else self._row_ids[0]
        return problem

    def keep_page(self, lesson: int, tab: str, part: str, state: object) -> str:
        """Keep one part of the pupil's page (``state``: JSON data) for this tab; "" when saved."""
        return self._write([("INSERT OR REPLACE INTO pages (pupil, lesson, part, tab, state, at) VALUES (?, ?, ?, ?, ?, ?)",
                             (self.key, lesson, part, tab, json.dumps(state), time.time()))])

    def page(self, lesson: int, tab: str) -> dict[str, object]:
        """What the pupil's page of this lesson held, part by part: this tab's own, else the
        latest any tab kept (a new tab, or a browser that forgot its tabs).

        >>> import tempfile
        >>> ben = ProgressStore(tempfile.mkdtemp()).open("Ben")
        >>> ben.keep_page(4, "tab 1", "table 4A", [{"card": "SA"}]), ben.page(4, "tab 2")
        ('', {'table 4A': [{'card': 'SA'}]})
        """
        if not self.store.path.exists():
            return {}
        try:
            with self.store._reading() as db:
                rows = db.execute("SELECT part, state FROM pages WHERE pupil = ? AND lesson = ? "
                                  "ORDER BY tab = ?, at", (self.key, lesson, tab)).fetchall()
        except sqlite3.Error:
            return {}
        parts = {}
        for part, state in rows:  # the best comes last
            try:
                parts[part] = json.loads(state)
            except ValueError:
                continue
        return parts

    def beat(self, lesson: int, tab: str) -> int:
        """This tab's page is open (a heartbeat); how many other pages of the pupil's for this
        lesson are open now (beat in the last LIVE_SECONDS)."""
        now = time.time()
        if self._write([("INSERT OR REPLACE INTO open_pages (pupil, lesson, tab, at) VALUES (?, ?, ?, ?)",
                         (self.key, lesson, tab, now))]):
            return 0
        return self._one("SELECT COUNT(*) FROM open_pages WHERE pupil = ? AND lesson = ? AND tab != ? AND at > ?",
                         lesson, tab, now - LIVE_SECONDS)

    def change_answer(self, answer_id: int, correct: bool, *, slip: str | None = None) -> str:
        """Put a quiz answer changed before the pupil moved on in place of the one written
        down (row ``answer_id``, from ``last_answer_id``); "" when saved, else a sentence."""
        return self._write([("UPDATE answers SET correct = ?, slip = ?, at = ? WHERE id = ? AND pupil = ?",
                             (int(bool(correct)), slip, time.time(), answer_id, self.key))])

    def tick(self, skill: str, ticked: bool = True) -> str:
        """The teacher ticks (or unticks) one of the passport's table skills for this pupil;
        "" when saved, else a sentence. CardError for a skill the passport does not have."""
        if skill not in PASSPORT_SKILLS:
            raise CardError("desk_passport_no_such_skill", skill=skill)
        if ticked:
            return self._write([("INSERT OR REPLACE INTO passport (pupil, skill, at) VALUES (?, ?, ?)",
                                 (self.key, skill, time.time()))])
        return self._write([("DELETE FROM passport WHERE pupil = ? AND skill = ?", (self.key, skill))])

    def add_handed_in(self, answers: list[Answer], quizzes: list[QuizMark], best_streak: int = 0) -> tuple[int, int]:
        """Add answers and quizzes handed in from the pupil's own browser (the course's
        website), with their own times, in one transaction; those already here (a file handed
        in twice) are left out. Returns how many answers and quizzes were added; sqlite3.Error
        if the database could not be written."""
        added = [0, 0]

        def write(db):  # run again from the start if the database was busy
            added[:] = [0, 0]
            db.execute("INSERT OR IGNORE INTO pupils (key, name, since) VALUES (?, ?, ?)", (self.key, self.name, time.time()))
            have = set(db.execute("SELECT lesson, kind, seed, at FROM answers WHERE pupil = ?", (self.key,)))
            for a in answers:
                if (a.lesson, a.kind, a.seed, a.at) not in have:
                    db.execute("INSERT INTO answers (pupil, lesson, kind, seed, correct, slip, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (self.key, a.lesson, a.kind, a.seed, int(a.correct), a.slip, a.at))
                    have.add((a.lesson, a.kind, a.seed, a.at))
                    added[0] += 1
            have = set(db.execute("SELECT lesson, seed, mark, out_of, at FROM quizzes WHERE pupil = ?", (self.key,)))
            for q in quizzes:
                if (q.lesson, q.seed, q.mark, q.out_of, q.at) not in have:
                    db.execute("INSERT INTO quizzes (pupil, lesson, seed, mark, out_of, at) VALUES (?, ?, ?, ?, ?, ?)",
                               (self.key, q.lesson, q.seed, q.mark, q.out_of, q.at))
                    have.add((q.lesson, q.seed, q.mark, q.out_of, q.at))
                    added[1] += 1
            db.execute("UPDATE pupils SET best_streak = MAX(best_streak, ?) WHERE key = ?", (best_streak, self.key))

        self.store._patiently(write)
        return added[0], added[1]

    def record_quiz(self, seed: int | str, mark: int, size: int, *, lesson: int | None = None) -> str:
        """Write down a finished quiz's mark; returns a sentence if saving failed, else ""."""
        return self._write([("INSERT INTO quizzes (pupil, lesson, seed, mark, out_of, at) VALUES (?, ?, ?, ?, ?, ?)",
                             (self.key, lesson, str(seed), mark, size, time.time()))])


def failure_reason(error: BaseException) -> str:
    """Why something failed, in the system's words, with no path in it."""
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error).split(":")[0]


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
