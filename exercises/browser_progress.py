"""The pupil's progress kept in the browser's own storage, for the course's website, where
Python runs in the pupil's browser (Pyodide: no SQLite, no file locks).

The kernel runs in a web worker, which has no localStorage: the page's PupilMemory widget
(exercises.page) reads the pupil's record from localStorage when the page opens and sends it
here (``load``), and again whenever another tab changes it; each answer, quiz and page part
written here goes back to it as rows that it merges into the record (``{"keep": rows}``), so
two tabs add to one record and never write over each other. The record:

    {"pupils":  {key: {"name", "streak", "best_streak", "since", "at"}},
     "answers": {id: {"pupil", "lesson", "kind", "seed", "correct", "slip", "at"}},
     "quizzes": {id: {"pupil", "lesson", "seed", "mark", "out_of", "at"}},
     "pages":   {id: {"pupil", "lesson", "part", "tab", "state", "at"}},
     "open":    {id: {"pupil", "lesson", "tab", "at"}}}

A row that is not what this module writes (an edited or damaged record) is left out with a
sentence for the pupil; a record that is not one at all is kept aside and a fresh one started.
``hand_in`` gives the pupil's answers and quizzes as a file for the teacher, and
``read_handed_in`` reads such a file back (the class view imports it).

>>> store = BrowserStore()
>>> aiko = store.open("Aiko")
>>> aiko.record("hcp", correct=True, streak=1, lesson=3, seed=12), aiko.tried("hcp"), aiko.best_streak
('', 1, 1)
>>> again = BrowserStore(); _ = again.load(json.dumps(store.tables)); again.open("aiko").right("hcp")
1
"""
from __future__ import annotations

import json
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardlib import CardError, render, say, sentences
from exercises.progress import LIVE_SECONDS, Answer, ProgressStore, QuizMark, check_pupil_name, pupil_key

STORAGE_KEY = "minibridge-progress"  # the localStorage entry (the page's widget names it too)
TABLES = ("pupils", "answers", "quizzes", "pages", "open")
HAND_IN_MARK = "minibridge-progress"  # a hand-in file says what it is: {"minibridge-progress": 1, ...}
HAND_IN_VERSION = 1
HAND_IN_PATH = "minibridge/hand-in"  # where the class's app takes work sent from the website (classroom.hand_in)
HAND_IN_LIMIT = 5_000_000  # bytes: the browser keeps no more than this for a site
PAGES_KEPT = 3  # a part's state is kept for this many tabs, the latest ones
OPEN_FORGOTTEN = 3600.0  # seconds: an open page's heartbeat older than this is dropped
MAX_TEXT = 200  # kinds, seeds, slips, parts, tabs


# --- the rows, checked ---
def _text(value, empty: bool = False) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT and (empty or bool(value))


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def _time(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _lesson(value, needed: bool = False) -> bool:
    return _count(value) if needed else value is None or _count(value)


def _optional_text(value) -> bool:
    return value is None or _text(value)


CHECKS: dict[str, Callable[[dict], bool]] = {
    "answers": lambda r: (_lesson(r.get("lesson")) and _text(r.get("kind")) and _optional_text(r.get("seed"))
                          and isinstance(r.get("correct"), bool) and _optional_text(r.get("slip")) and _time(r.get("at"))),
    "quizzes": lambda r: (_lesson(r.get("lesson")) and _text(r.get("seed")) and _count(r.get("mark"))
                          and _count(r.get("out_of")) and 0 < r["out_of"] and r["mark"] <= r["out_of"] and _time(r.get("at"))),
    "pages": lambda r: (_lesson(r.get("lesson"), needed=True) and _text(r.get("part")) and _text(r.get("tab"))
                        and "state" in r and _time(r.get("at"))),
    "open": lambda r: _lesson(r.get("lesson"), needed=True) and _text(r.get("tab")) and _time(r.get("at")),
}


def _good_pupil(key: str, row) -> bool:
    if not isinstance(row, dict):
        return False
    try:
        name = check_pupil_name(row.get("name"))
    except CardError:
        return False
    return (name == row["name"] and pupil_key(name) == key and _count(row.get("streak")) and _count(row.get("best_streak"))
            and _time(row.get("since")) and _time(row.get("at")))


def _good_row(table: str, row, pupils: dict) -> bool:
    return isinstance(row, dict) and row.get("pupil") in pupils and CHECKS[table](row)


def _new_id() -> str:
    """A row's id: a number (a quiz keeps its answers' ids in its page state), random so
    that two tabs never pick the same one."""
    return str(secrets.randbits(52) + 1)


class BrowserStore:
    """The progress of the pupils of this browser (a tablet may be shared), as ProgressStore
    offers it to the lessons: ``open(name)`` gives a pupil's progress."""

    directory = None  # one store for the whole browser (ProgressStore: the class's folder)

    def __init__(self):
        self.tables: dict[str, dict[str, dict]] = {table: {} for table in TABLES}
        self.notice = self.pupil_notice = ""
        self._send: Callable[[dict], None] | None = None
        self._waiting: list[dict] = []  # changes made before the page's widget could take them

    # --- the browser ---
    def connect(self, send: Callable[[dict], None]) -> None:
        """``send(message)`` takes changes to the browser's widget from now on (and those
        made before it was there)."""
        self._send = send
        for message in self._waiting:
            send(message)
        self._waiting = []

    def load(self, text: object) -> str:
        """Take in the record the browser keeps (its text; None or "" when it has none). Rows
        that are not what this module writes are left out (and left as they are in the
        browser), with a sentence for the pupil; a record that is not one at all is kept
        aside by the browser and a fresh one started. Returns the sentence, or ""."""
        if text is None or text == "":
            return ""
        try:
            record = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            record = None
        if not isinstance(record, dict) or not all(isinstance(record.get(t, {}), dict) for t in TABLES):
            self._out({"aside": True})
            self.notice = self.pupil_notice = say("ex_progress_browser_damaged")
            return self.notice
        left_out = 0
        pupils = {}
        for key, row in record.get("pupils", {}).items():
            if _good_pupil(key, row):
                pupils[key] = row
            else:
                left_out += 1
        incoming = {"pupils": pupils}
        for table in TABLES[1:]:
            rows = {}
            for row_id, row in record.get(table, {}).items():
                if _text(row_id) and _good_row(table, row, pupils):
                    rows[row_id] = row
                else:
                    left_out += 1
            incoming[table] = rows
        for table, rows in incoming.items():  # the newer of two copies of a row wins
            mine = self.tables[table]
            for row_id, row in rows.items():
                if row_id not in mine or row["at"] >= mine[row_id]["at"]:
                    mine[row_id] = row
        self.notice = self.pupil_notice = say("ex_progress_browser_rows", count=left_out) if left_out else ""
        return self.notice

    def _out(self, message: dict) -> None:
        if self._send is None:
            self._waiting.append(message)
        else:
            self._send(message)

    def change(self, rows: dict[str, dict[str, dict]], drop: dict[str, list[str]] | None = None) -> str:
        """Write rows (table -> id -> row) and drop others, here and in the browser; ""."""
        for table, new in rows.items():
            self.tables[table].update(new)
        for table, ids in (drop or {}).items():
            for row_id in ids:
                self.tables[table].pop(row_id, None)
        message = {"keep": json.loads(json.dumps(rows))}
        if drop:
            message["drop"] = drop
        self._out(message)
        return ""

    # --- as ProgressStore ---
    def prepare(self) -> bool:
        return True

    def open(self, name: str) -> BrowserPupil:
        """A pupil's progress (the name is checked first: CardError for a name that is not one)."""
        name = check_pupil_name(name)
        key = pupil_key(name)
        if key not in self.tables["pupils"]:
            now = time.time()
            self.change({"pupils": {key: {"name": name, "streak": 0, "best_streak": 0, "since": now, "at": now}}})
        notice = sentences(self.pupil_notice, say("ex_progress_on_this_device"))
        return BrowserPupil(self.tables["pupils"][key]["name"], self, notice)

    def pupils(self) -> list[str]:
        return sorted((row["name"] for row in self.tables["pupils"].values()), key=str.casefold)

    def answers(self) -> list[Answer]:
        names = {key: row["name"] for key, row in self.tables["pupils"].items()}
        rows = sorted(self.tables["answers"].values(), key=lambda r: r["at"])
        return [Answer(names[r["pupil"]], r["lesson"], r["kind"], r["seed"], r["correct"], r["slip"], r["at"]) for r in rows]

    def quiz_marks(self) -> list[QuizMark]:
        names = {key: row["name"] for key, row in self.tables["pupils"].items()}
        rows = sorted(self.tables["quizzes"].values(), key=lambda r: r["at"])
        return [QuizMark(names[r["pupil"]], r["lesson"], r["seed"], r["mark"], r["out_of"], r["at"]) for r in rows]

    # --- the teacher's file ---
    def hand_in(self, name: str) -> tuple[str, str]:
        """The pupil's answers and quizzes as a file for the teacher: (file name, its text)."""
        key = pupil_key(check_pupil_name(name))
        pupil = self.tables["pupils"].get(key) or {"name": check_pupil_name(name), "best_streak": 0}
        answers = [{f: r[f] for f in ("lesson", "kind", "seed", "correct", "slip", "at")}
                   for r in sorted(self.tables["answers"].values(), key=lambda r: r["at"]) if r["pupil"] == key]
        quizzes = [{f: r[f] for f in ("lesson", "seed", "mark", "out_of", "at")}
                   for r in sorted(self.tables["quizzes"].values(), key=lambda r: r["at"]) if r["pupil"] == key]
        now = time.time()
        text = json.dumps({HAND_IN_MARK: HAND_IN_VERSION, "pupil": pupil["name"], "handed_in": now,
                           "best_streak": pupil["best_streak"], "answers": answers, "quizzes": quizzes},
                          ensure_ascii=False, indent=1)
        day = time.strftime("%Y-%m-%d", time.localtime(now))
        return f"minibridge-{pupil['name'].replace(' ', '-')}-{day}.json", text


class BrowserPupil:
    """One pupil's progress in the browser's record, as PupilProgress offers it."""

    def __init__(self, name: str, store: BrowserStore, notice: str = ""):
        self.name = name
        self.store = store
        self.notice = notice
        self.last_answer_id: int | None = None

    def __repr__(self) -> str:
        return f"<BrowserPupil {self.name!r}>"

    @property
    def key(self) -> str:
        return pupil_key(self.name)

    def _mine(self, table: str) -> list[dict]:
        return [row for row in self.store.tables[table].values() if row["pupil"] == self.key]

    def _row(self) -> dict:
        return self.store.tables["pupils"][self.key]

    def tried(self, kind: str) -> int:
        return sum(1 for row in self._mine("answers") if row["kind"] == kind)

    def right(self, kind: str) -> int:
        return sum(1 for row in self._mine("answers") if row["kind"] == kind and row["correct"])

    @property
    def streak(self) -> int:
        return self._row()["streak"]

    @property
    def best_streak(self) -> int:
        return self._row()["best_streak"]

    @property
    def quizzes(self) -> list[dict]:
        return [{"seed": r["seed"], "mark": r["mark"], "out_of": r["out_of"], "lesson": r["lesson"],
                 "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(r["at"]))}
                for r in sorted(self._mine("quizzes"), key=lambda r: r["at"])]

    def record(self, kind: str, correct: bool, streak: int | None = None, *, lesson: int | None = None,
               seed: int | str | None = None, slip: str | None = None) -> str:
        now = time.time()
        row_id = _new_id()
        rows = {"answers": {row_id: {"pupil": self.key, "lesson": lesson, "kind": kind,
                                     "seed": None if seed is None else str(seed), "correct": bool(correct),
                                     "slip": slip, "at": now}}}
        if streak is not None:
            pupil = dict(self._row(), streak=streak, best_streak=max(self.best_streak, streak), at=now)
            rows["pupils"] = {self.key: pupil}
        self.last_answer_id = int(row_id)
        return self.store.change(rows)

    def change_answer(self, answer_id: int, correct: bool, *, slip: str | None = None) -> str:
        row = self.store.tables["answers"].get(str(answer_id))
        if row is None or row["pupil"] != self.key:
            return ""
        return self.store.change({"answers": {str(answer_id): dict(row, correct=bool(correct), slip=slip, at=time.time())}})

    def record_quiz(self, seed: int | str, mark: int, size: int, *, lesson: int | None = None) -> str:
        return self.store.change({"quizzes": {_new_id(): {"pupil": self.key, "lesson": lesson, "seed": str(seed),
                                                          "mark": mark, "out_of": size, "at": time.time()}}})

    def keep_page(self, lesson: int, tab: str, part: str, state: object) -> str:
        """Keep one part of the page for this tab; the same part of older tabs beyond the
        latest PAGES_KEPT is dropped (each reload of a new tab would add one)."""
        row_id = json.dumps([self.key, lesson, part, tab], ensure_ascii=False)
        row = {"pupil": self.key, "lesson": lesson, "part": part, "tab": tab,
               "state": json.loads(json.dumps(state)), "at": time.time()}
        others = sorted(((r["at"], i) for i, r in self.store.tables["pages"].items()
                         if r["pupil"] == self.key and r["lesson"] == lesson and r["part"] == part and i != row_id),
                        reverse=True)
        old = [i for _, i in others[PAGES_KEPT - 1:]]
        return self.store.change({"pages": {row_id: row}}, {"pages": old} if old else None)

    def page(self, lesson: int, tab: str) -> dict[str, object]:
        """What the pupil's page of this lesson held, part by part: this tab's own, else the
        latest any tab kept."""
        rows = sorted((r for r in self._mine("pages") if r["lesson"] == lesson), key=lambda r: (r["tab"] == tab, r["at"]))
        return {row["part"]: row["state"] for row in rows}

    def beat(self, lesson: int, tab: str) -> int:
        """This tab's page is open; how many other pages of the pupil's for this lesson are
        open now (their beats reach this page through the browser's storage)."""
        now = time.time()
        row_id = json.dumps([self.key, lesson, tab], ensure_ascii=False)
        stale = [i for i, r in self.store.tables["open"].items() if r["at"] < now - OPEN_FORGOTTEN]
        self.store.change({"open": {row_id: {"pupil": self.key, "lesson": lesson, "tab": tab, "at": now}}},
                          {"open": stale} if stale else None)
        return sum(1 for r in self._mine("open") if r["lesson"] == lesson and r["tab"] != tab and r["at"] > now - LIVE_SECONDS)


_STORE: BrowserStore | None = None


def progress_store(directory=None) -> ProgressStore | BrowserStore:
    """Where the lessons keep a pupil's progress: the class's database in the progress folder,
    or, when Python runs in the pupil's browser (the course's website: no SQLite, no file locks,
    and the browser's own storage out of the kernel's reach), the record this browser keeps for
    its pupils. Both offer ``open(name)``."""
    return browser_store() if render.in_browser() else ProgressStore(directory)


def browser_store() -> BrowserStore:
    """This kernel's store (one page, one kernel: the page's widget feeds it)."""
    global _STORE
    if _STORE is None:
        _STORE = BrowserStore()
    return _STORE


# --- the teacher's side: a handed-in file read back ---
@dataclass(frozen=True)
class HandedIn:
    """One pupil's handed-in work: their name, best streak, answers and quizzes."""

    pupil: str
    best_streak: int
    answers: list[Answer]
    quizzes: list[QuizMark]


def read_handed_in(data: bytes) -> HandedIn:
    """A hand-in file read and checked; CardError (a plain sentence) if it is not one.

    >>> store = BrowserStore(); _ = store.open("Ben").record("hcp", True, 1, lesson=3, seed=7)
    >>> work = read_handed_in(store.hand_in("Ben")[1].encode())
    >>> work.pupil, [(a.kind, a.lesson, a.correct) for a in work.answers]
    ('Ben', [('hcp', 3, True)])
    >>> read_handed_in(b"name,score")
    Traceback (most recent call last):
    ...
    cardlib.messages.CardError: This is not a file of a pupil's work from the lessons.
    """
    if len(data) > HAND_IN_LIMIT:
        raise CardError("desk_hand_in_not_one")
    try:
        found = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise CardError("desk_hand_in_not_one") from None
    if not isinstance(found, dict) or found.get(HAND_IN_MARK) is None:
        raise CardError("desk_hand_in_not_one")
    if found[HAND_IN_MARK] != HAND_IN_VERSION:
        raise CardError("desk_hand_in_newer")
    try:
        name = check_pupil_name(found.get("pupil"))
    except CardError:
        raise CardError("desk_hand_in_damaged") from None
    answers, quizzes = found.get("answers"), found.get("quizzes")
    key = pupil_key(name)
    pupils = {key: {}}
    if (not _count(found.get("best_streak")) or not isinstance(answers, list) or not isinstance(quizzes, list)
            or not all(_good_row("answers", dict(row, pupil=key) if isinstance(row, dict) else row, pupils) for row in answers)
            or not all(_good_row("quizzes", dict(row, pupil=key) if isinstance(row, dict) else row, pupils) for row in quizzes)):
        raise CardError("desk_hand_in_damaged")
    return HandedIn(name, found["best_streak"],
                    [Answer(name, r["lesson"], r["kind"], r["seed"], r["correct"], r["slip"], r["at"]) for r in answers],
                    [QuizMark(name, r["lesson"], r["seed"], r["mark"], r["out_of"], r["at"]) for r in quizzes])


def add_handed_in(data: bytes, directory=None) -> tuple[HandedIn, int, int]:
    """A pupil's handed-in work (a file, or sent from the website to the class's app) added to
    the class's progress: the work, and how many answers and quizzes were new. CardError (a
    plain sentence) if it is not a pupil's work, StoreError if the class's progress could
    not be written: nothing is added then."""
    work = read_handed_in(data)
    answers, quizzes = ProgressStore(directory).open(work.pupil).add_handed_in(work.answers, work.quizzes, work.best_streak)
    return work, answers, quizzes
