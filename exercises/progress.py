"""The class's progress: one row per answer, one per finished quiz, in the class's database.

The database (``exercises.store``) is SQLite, ``class-progress.sqlite`` in the progress folder
(the directory you name, else ``MINIBRIDGE_PROGRESS_DIR``, else ``~/.minibridge-progress``), or
PostgreSQL on a school's hub that runs the app on several machines (a postgresql:// URL given
instead of the folder, or ``MINIBRIDGE_PROGRESS_URL``). Many pupils write at once: every save is
one short transaction, run again whole while the database is busy (see ``exercises.store``).
A damaged SQLite file is kept aside, a fresh one started, and the teacher told (``damage_notes``).
No trouble with the database is ever raised at a pupil: the page says it in words and the
answer still counts on the page.

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
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlib import CardError, say, settings
from exercises.answers import shown
from exercises.passport import PASSPORT_SKILLS
from exercises.store import SQLITE, Database, Db, StoreError, is_address, is_damaged

DATABASE = "class-progress.sqlite"
SCHEMA_VERSION = 3  # 2: the pages a reload brings back, and the open pages; 3: the passport
LIVE_SECONDS = 45.0  # a page that beat this recently is open
MAX_NAME = 40
_NAME = re.compile(r"[^\W_](?:[\w '\-]*[^\W_])?")  # letters and digits, inner spaces, - and '
ADD_PUPIL = "INSERT INTO pupils (key, name, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"

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


class ProgressStore:
    """The class's progress database: ``ProgressStore()`` (the settings say where),
    ``ProgressStore("/path/to/class-folder")`` or ``ProgressStore("postgresql://...")``.
    ``open(name)`` gives one pupil's progress;
    ``pupils()``, ``answers()`` and ``quiz_marks()`` read the whole class (the class view).

    ``notice`` holds a sentence for the teacher when the database was found damaged (and
    kept aside) or could not be used, else "".

    >>> import tempfile
    >>> ProgressStore(tempfile.mkdtemp()).open("../x")
    Traceback (most recent call last):
    ...
    cardlib.messages.CardError: '../x' cannot be used as a name: use letters and digits, spaces, - or '.
    """

    def __init__(self, where: str | os.PathLike | None = None):
        where = where if where is not None else settings.read().progress_url or None
        if is_address(where):  # the hub's PostgreSQL (or an address refused in words)
            self.directory = self.path = None
        else:
            self.directory = progress_dir(where)
            self.path = self.directory / DATABASE
        self.database = Database(self.path or where, SCHEMA, version=SCHEMA_VERSION, what="the class's progress",
                                 log="minibridge.progress")
        self.notice = ""
        self.pupil_notice = ""  # the same news for a pupil: no file names, no folders

    def __repr__(self) -> str:
        return f"ProgressStore({self.database.shown if self.directory is None else str(self.directory)!r})"

    # --- getting the database ready ---
    def prepare(self) -> bool:
        """Make the folder and the database if needed and check it; a damaged database is
        kept aside and a fresh one started.
        Returns False (with ``notice`` set) when the database cannot be used."""
        if not SQLITE and not self.database.postgres:
            self.notice = self.pupil_notice = say("ex_progress_on_this_page")
            return False
        try:
            kept = self.database.prepare()
            if kept:
                self.database.write(lambda db: db.run("INSERT INTO damaged (kept, at) VALUES (?, ?)", kept, time.time()))
                self.notice = say("desk_progress_damaged", kept=kept)
                self.pupil_notice = say("ex_progress_damaged")
            return True
        except (OSError, StoreError) as error:
            self.notice = self.pupil_notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return False

    def _ready(self) -> bool:
        """Is there a database to read, ready? (Reading an empty folder makes nothing.)"""
        return self.database.exists() and self.prepare()

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
            self.database.write(lambda db: db.run(ADD_PUPIL, pupil_key(name), name, time.time()))
        except StoreError as error:
            pupil.notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return pupil
        pupil.notice = self.pupil_notice
        return pupil

    # --- the whole class ---
    def _rows(self, sql: str) -> list[tuple]:
        """The rows of one query over the whole class; none when there is no database yet."""
        if not self._ready():
            return []
        return self.database.read(sql)

    def pupils(self) -> list[str]:
        """Every pupil's name, in alphabetical order.

        >>> import tempfile
        >>> store = ProgressStore(tempfile.mkdtemp()); _ = store.open("Ben"); _ = store.open("aiko")
        >>> store.pupils()
        ['aiko', 'Ben']
        """
        return sorted((name for (name,) in self._rows("SELECT name FROM pupils")), key=str.casefold)

    def answers(self) -> list[Answer]:
        """Every answer of the class, oldest first."""
        rows = self._rows("SELECT p.name, a.lesson, a.kind, a.seed, a.correct, a.slip, a.at FROM answers a "
                          "JOIN pupils p ON p.key = a.pupil ORDER BY a.at, a.id")
        return [Answer(n, lesson, kind, seed, bool(correct), slip, at) for n, lesson, kind, seed, correct, slip, at in rows]

    def quiz_marks(self) -> list[QuizMark]:
        """Every finished quiz of the class, oldest first."""
        return [QuizMark(*row) for row in self._rows("SELECT p.name, q.lesson, q.seed, q.mark, q.out_of, q.at FROM quizzes q "
                                                     "JOIN pupils p ON p.key = q.pupil ORDER BY q.at, q.id")]

    def passport(self) -> dict[str, set[str]]:
        """The table skills ticked for each pupil (by name), from the teacher's passport."""
        ticked: dict[str, set[str]] = {}
        for name, skill in self._rows("SELECT p.name, t.skill FROM passport t JOIN pupils p ON p.key = t.pupil"):
            ticked.setdefault(name, set()).add(skill)
        return ticked

    def damage_notes(self) -> list[str]:
        """A sentence for the teacher for each damaged database kept aside in this folder."""
        if self.database.exists() and not self.prepare():
            return [self.notice] if self.notice else []
        return [say("desk_progress_damaged_on", when=time.strftime("%Y-%m-%d %H:%M", time.localtime(at)), kept=kept)
                for kept, at in self._rows("SELECT kept, at FROM damaged ORDER BY at")]


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

    def _read(self, sql: str, *values) -> list[tuple]:
        """The rows of one query about this pupil (its first ``?`` is the pupil); none if the
        database cannot be read."""
        if not self.store.database.exists():
            return []
        try:
            return self.store.database.read(sql, self.key, *values)
        except StoreError:
            return []

    def _one(self, sql: str, *values, default=0):
        rows = self._read(sql, *values)
        return default if not rows or rows[0][0] is None else rows[0][0]

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
        rows = self._read("SELECT seed, mark, out_of, lesson, at FROM quizzes WHERE pupil = ? ORDER BY at, id")
        return [{"seed": seed, "mark": mark, "out_of": out_of, "lesson": lesson,
                 "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(at))} for seed, mark, out_of, lesson, at in rows]

    def _write(self, work: Callable[[Db], Any], again: bool = True) -> tuple[str, Any]:
        """Run ``work(db)`` in one transaction that first makes sure the pupil has a row: ("",
        what it returned), or a sentence for the pupil if it failed (and None)."""
        if not self.store.prepare():
            self.notice = self.store.pupil_notice
            return self.notice, None

        def write(db):
            db.run(ADD_PUPIL, self.key, self.name, time.time())
            return work(db)
        try:
            return "", self.store.database.write(write)
        except StoreError as error:
            if again and is_damaged(error.__cause__):
                self.store.database.check_again()  # the next prepare() keeps the file aside
                if self.store.prepare():
                    self.notice = self.store.pupil_notice
                    problem, done = self._write(work, again=False)
                    return problem or self.notice, done
            self.notice = say("ex_progress_not_saved", reason=failure_reason(error))
            return self.notice, None

    def record(self, kind: str, correct: bool, streak: int | None = None, *, lesson: int | None = None,
               seed: int | str | None = None, slip: str | None = None) -> str:
        """Write down one answer; returns a sentence if saving failed, else "".

        ``streak`` is the pupil's streak after this answer (None: leave it, as a quiz does);
        ``lesson`` the lesson's number, ``seed`` the question's, ``slip`` the slip named.
        """
        def write(db):
            answer = db.insert("INSERT INTO answers (pupil, lesson, kind, seed, correct, slip, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               self.key, lesson, kind, None if seed is None else str(seed), int(bool(correct)), slip,
                               time.time())
            if streak is not None:
                db.run("UPDATE pupils SET streak = ?, best_streak = CASE WHEN best_streak > ? THEN best_streak ELSE ? END "
                       "WHERE key = ?", streak, streak, streak, self.key)
            return answer
        problem, self.last_answer_id = self._write(write)
        return problem

    def keep_page(self, lesson: int, tab: str, part: str, state: object) -> str:
        """Keep one part of the pupil's page (``state``: JSON data) for this tab; "" when saved."""
        return self._write(lambda db: db.run(
            "INSERT INTO pages (pupil, lesson, part, tab, state, at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT "
            "(pupil, lesson, part, tab) DO UPDATE SET state = excluded.state, at = excluded.at",
            self.key, lesson, part, tab, json.dumps(state), time.time()))[0]

    def page(self, lesson: int, tab: str) -> dict[str, object]:
        """What the pupil's page of this lesson held, part by part: this tab's own, else the
        latest any tab kept (a new tab, or a browser that forgot its tabs).

        >>> import tempfile
        >>> ben = ProgressStore(tempfile.mkdtemp()).open("Ben")
        >>> ben.keep_page(4, "tab 1", "table 4A", [{"card": "SA"}]), ben.page(4, "tab 2")
        ('', {'table 4A': [{'card': 'SA'}]})
        """
        parts = {}
        for part, state in self._read("SELECT part, state FROM pages WHERE pupil = ? AND lesson = ? "
                                      "ORDER BY tab = ?, at", lesson, tab):  # the best comes last
            try:
                parts[part] = json.loads(state)
            except ValueError:
                continue
        return parts

    def beat(self, lesson: int, tab: str) -> int:
        """This tab's page is open (a heartbeat); how many other pages of the pupil's for this
        lesson are open now (beat in the last LIVE_SECONDS)."""
        now = time.time()
        if self._write(lambda db: db.run("INSERT INTO open_pages (pupil, lesson, tab, at) VALUES (?, ?, ?, ?) "
                                         "ON CONFLICT (pupil, lesson, tab) DO UPDATE SET at = excluded.at",
                                         self.key, lesson, tab, now))[0]:
            return 0
        return self._one("SELECT COUNT(*) FROM open_pages WHERE pupil = ? AND lesson = ? AND tab != ? AND at > ?",
                         lesson, tab, now - LIVE_SECONDS)

    def change_answer(self, answer_id: int, correct: bool, *, slip: str | None = None) -> str:
        """Put a quiz answer changed before the pupil moved on in place of the one written
        down (row ``answer_id``, from ``last_answer_id``); "" when saved, else a sentence."""
        return self._write(lambda db: db.run("UPDATE answers SET correct = ?, slip = ?, at = ? WHERE id = ? AND pupil = ?",
                                             int(bool(correct)), slip, time.time(), answer_id, self.key))[0]

    def tick(self, skill: str, ticked: bool = True) -> str:
        """The teacher ticks (or unticks) one of the passport's table skills for this pupil;
        "" when saved, else a sentence. CardError for a skill the passport does not have."""
        if skill not in PASSPORT_SKILLS:
            raise CardError("desk_passport_no_such_skill", skill=skill)
        if ticked:
            return self._write(lambda db: db.run("INSERT INTO passport (pupil, skill, at) VALUES (?, ?, ?) "
                                                 "ON CONFLICT (pupil, skill) DO UPDATE SET at = excluded.at",
                                                 self.key, skill, time.time()))[0]
        return self._write(lambda db: db.run("DELETE FROM passport WHERE pupil = ? AND skill = ?", self.key, skill))[0]

    def add_handed_in(self, answers: list[Answer], quizzes: list[QuizMark], best_streak: int = 0) -> tuple[int, int]:
        """Add answers and quizzes handed in from the pupil's own browser (the course's
        website), with their own times, in one transaction; those already here (a file handed
        in twice) are left out. Returns how many answers and quizzes were added; StoreError
        if the database could not be written."""
        def write(db):  # run again from the start if the database was busy
            added = [0, 0]
            db.run(ADD_PUPIL, self.key, self.name, time.time())
            # Writing the pupil's row before reading what is there: on PostgreSQL that row's
            # lock makes a second hand-in of the same work wait for the first (SQLite's
            # BEGIN IMMEDIATE already does), so its reads then see the first one's rows.
            db.run("UPDATE pupils SET best_streak = CASE WHEN best_streak > ? THEN best_streak ELSE ? END WHERE key = ?",
                   best_streak, best_streak, self.key)
            have = set(db.run("SELECT lesson, kind, seed, at FROM answers WHERE pupil = ?", self.key))
            for a in answers:
                if (a.lesson, a.kind, a.seed, a.at) not in have:
                    db.run("INSERT INTO answers (pupil, lesson, kind, seed, correct, slip, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           self.key, a.lesson, a.kind, a.seed, int(a.correct), a.slip, a.at)
                    have.add((a.lesson, a.kind, a.seed, a.at))
                    added[0] += 1
            have = set(db.run("SELECT lesson, seed, mark, out_of, at FROM quizzes WHERE pupil = ?", self.key))
            for q in quizzes:
                if (q.lesson, q.seed, q.mark, q.out_of, q.at) not in have:
                    db.run("INSERT INTO quizzes (pupil, lesson, seed, mark, out_of, at) VALUES (?, ?, ?, ?, ?, ?)",
                           self.key, q.lesson, q.seed, q.mark, q.out_of, q.at)
                    have.add((q.lesson, q.seed, q.mark, q.out_of, q.at))
                    added[1] += 1
            return added[0], added[1]

        return self.store.database.write(write)

    def record_quiz(self, seed: int | str, mark: int, size: int, *, lesson: int | None = None) -> str:
        """Write down a finished quiz's mark; returns a sentence if saving failed, else ""."""
        return self._write(lambda db: db.run("INSERT INTO quizzes (pupil, lesson, seed, mark, out_of, at) VALUES (?, ?, ?, ?, ?, ?)",
                                             self.key, lesson, str(seed), mark, size, time.time()))[0]


def failure_reason(error: BaseException) -> str:
    """Why something failed, in the system's words, with no path in it."""
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error).split(":")[0]
