"""The class's progress database: answers kept across restarts, many pupils writing at once
(processes, not threads), a damaged database kept aside, and no pupil ever shown a folder.

The tests marked with the ``place`` fixture run twice: on SQLite in a class folder, and on
PostgreSQL (a fresh schema of the server at MINIBRIDGE_TEST_POSTGRES; they skip, saying why,
where none answers)."""
from __future__ import annotations

import logging
import multiprocessing
import subprocess
import sys
import time

import pytest

from cardlib import CardError
from exercises import KINDS, Practice, ProgressStore, Quiz, check_pupil_name
from exercises import progress as progress_module
from exercises import store as store_module
from exercises.course import COURSE, lesson_of
from exercises.question import Feedback
from exercises.store import is_postgres
from shared_tables.store import RoomStore

DB = progress_module.DATABASE


@pytest.fixture(params=["sqlite", "postgresql"])
def places(request, tmp_path):
    """``new(name)`` gives a new, empty place for a class's progress: a folder, or a database
    on PostgreSQL."""
    if request.param == "sqlite":
        return lambda name: tmp_path / name
    new = request.getfixturevalue("fresh_databases")
    return lambda name: new()


@pytest.fixture
def place(places):
    return places("class")


def wrong(question, nth: int = 0):
    """A wrong answer (the ``nth`` one: a second try must be another answer)."""
    if question.answer_kind == "number":
        return question.answer + 1 + nth
    if question.answer_kind == "percent":  # typed, like "25%"
        return f"{int(str(question.answer).rstrip('%')) + 1 + nth}%"
    return [v for _, v in question.options if v not in question.accepted][nth]


def fail(practice) -> list:
    """Answer wrongly until the question is over (practice gives a second try); the feedbacks."""
    said = []
    for nth in range(practice.question.tries):
        said.append(practice.check(wrong(practice.question, nth)))
        if said[-1].final:
            break
    return said


def forget_prepared():
    """As a new process would: no connection open, nothing checked yet."""
    store_module.forget_connections()


def rows(place, sql):
    """What a query finds in the class's database, on a connection of its own."""
    database = ProgressStore(place).database
    try:
        return database.read(sql)
    finally:
        database.close()


# --- answers kept -------------------------------------------------------------------------

def test_progress_survives_a_restart(place):
    store = ProgressStore(place)
    practice = Practice(seed=4, progress=store.open("Aiko"), lesson=3)
    for _ in range(3):
        practice.check(practice.question.answer)
        practice.next()
    forget_prepared()  # a "kernel restart": new objects that only read the database
    again = ProgressStore(place).open("aiko")
    assert again.streak == 3 and again.best_streak == 3 and again.notice == ""
    assert sum(again.tried(k) for k in KINDS) == 3 and sum(again.right(k) for k in KINDS) == 3
    resumed = Practice(seed=5, progress=again)
    assert resumed.best_streak == 3 and (resumed.streak, resumed.right, resumed.tried) == (0, 0, 0)
    fail(resumed)
    final = ProgressStore(place).open("Aiko")
    assert final.streak == 0 and final.best_streak == 3 and sum(final.tried(k) for k in KINDS) == 4
    forget_prepared()  # the kernel stops
    if not is_postgres(place):  # the journal is folded back in when all close (the lock file stays: an empty file)
        assert sorted(p.name for p in place.iterdir()) == [".class-progress.lock", DB]


def test_each_answer_is_a_row_with_pupil_lesson_kind_seed_result_slip_and_time(place):
    store = ProgressStore(place)
    practice = Practice(kinds=["hcp"], seed=7, progress=store.open("Ben"), lesson=3)
    before = time.time()
    question = practice.question
    slips = [feedback.slip for feedback in fail(practice) if feedback.slip]
    [answer] = store.answers()
    assert (answer.pupil, answer.lesson, answer.kind, answer.seed, answer.correct, answer.slip) == (
        "Ben", 3, "hcp", str(question.seed), False, (slips or [None])[0])
    assert before <= answer.at <= time.time()


def test_a_slip_named_by_the_feedback_is_written_down(place):
    """A wrong answer that is a known slip (an HCP count with the 10s as 1) keeps its name."""
    practice = Practice(kinds=["hcp"], seed=1, progress=ProgressStore(place).open("Cleo"))
    while not practice.question.slips:
        practice.next()
    slip = practice.question.slips[0]
    assert practice.check(slip.value).slip == slip.code  # first go: the slip named, a nudge
    practice.check(wrong(practice.question, 5))  # second go: over
    assert [a.slip for a in ProgressStore(place).answers()] == [slip.code]


def test_a_quiz_writes_each_answer_and_its_mark_with_the_lesson(place):
    lesson = COURSE[5]
    pupil = ProgressStore(place).open("Ken")
    pupil.record("score", True, streak=4)
    quiz = lesson.quiz(progress=pupil)
    for i in range(quiz.size):
        quiz.check(quiz.question.answer if i else wrong(quiz.question))
        quiz.next()
    store = ProgressStore(place)
    quiz_rows = [a for a in store.answers() if a.lesson == lesson.number]
    assert [a.seed for a in quiz_rows] == [str(q.seed) for q in quiz.questions]
    assert [a.correct for a in quiz_rows] == [False] + [True] * (quiz.size - 1)
    [mark] = store.quiz_marks()
    assert (mark.pupil, mark.lesson, mark.seed, mark.mark, mark.out_of) == ("Ken", 6, lesson.quiz_seed,
                                                                             quiz.size - 1, quiz.size)
    assert store.open("Ken").streak == 4, "a quiz leaves practice's streak alone"
    assert store.open("Ken").quizzes[0]["mark"] == quiz.size - 1


def test_an_unknown_lesson_is_refused_in_plain_words():
    with pytest.raises(CardError, match="not a lesson"):
        lesson_of(99)
    with pytest.raises(CardError, match="not a lesson number"):
        Practice(kinds=["hcp"], seed=1, lesson=0)
    with pytest.raises(CardError, match="not a lesson number"):
        Quiz(seed=1, size=2, lesson="ninety")


def test_reading_an_empty_folder_creates_nothing(place):
    store = ProgressStore(place)
    assert store.pupils() == [] and store.answers() == [] and store.quiz_marks() == []
    assert store.damage_notes() == [] and store.passport() == {}
    if not is_postgres(place):
        assert not place.exists()


# --- many pupils at once ------------------------------------------------------------------

ANSWERS_EACH = 20


def _pupil_at_work(place: str, number: int, start: float) -> list[str]:
    """One pupil's kernel: answers questions as fast as it can, some under a shared name
    (one pupil with two tabs open), and finishes a quiz."""
    while time.time() < start:  # all 30 begin together
        time.sleep(0.001)
    store = ProgressStore(place)
    own, shared = store.open(f"Pupil {number}"), store.open("Twin Tabs")
    problems = []
    for i in range(ANSWERS_EACH):
        problems.append(own.record("hcp", i % 2 == 0, streak=i, lesson=3, seed=i))
        problems.append(shared.record("score", True, streak=i, lesson=6, seed=f"{number}:{i}"))
    problems.append(own.record_quiz("lesson 3", 4, 5, lesson=3))
    return [p for p in problems if p]


@pytest.mark.slow
def test_thirty_processes_writing_at_once_lose_nothing(place):
    pupils = 30
    context = multiprocessing.get_context("spawn")
    start = time.time() + 8  # time for 30 interpreters to start on a small machine
    with context.Pool(pupils) as pool:
        results = pool.starmap(_pupil_at_work, [(str(place), n, start) for n in range(pupils)])
    assert [p for r in results for p in r] == [], "no pupil was told that saving failed"
    store = ProgressStore(place)
    assert len(store.pupils()) == pupils + 1
    assert rows(place, "SELECT COUNT(*) FROM answers") == [(2 * pupils * ANSWERS_EACH,)]
    assert store.open("Twin Tabs").tried("score") == pupils * ANSWERS_EACH
    for n in range(pupils):
        pupil = store.open(f"Pupil {n}")
        assert pupil.tried("hcp") == ANSWERS_EACH and pupil.right("hcp") == ANSWERS_EACH // 2
        assert pupil.best_streak == ANSWERS_EACH - 1 and len(pupil.quizzes) == 1
    print(f"{pupils} processes wrote {2 * pupils * ANSWERS_EACH} answers and {pupils} quizzes: none lost")


FRESH_ROUNDS, FRESH_ANSWERS = 12, 18


def _first_minute(place: str, number: int, start: float) -> list[str]:
    """One pupil's kernel in the first minute of a new class: opens the class's folder (not
    made yet) at the same moment as everyone else and saves its first answers."""
    store_module.forget_connections()  # as a kernel that has never opened this folder
    while time.time() < start:
        time.sleep(0.0005)
    pupil = ProgressStore(place).open(f"Pupil {number}")
    told = [pupil.notice]
    for i in range(FRESH_ANSWERS):
        told.append(pupil.record("hcp", i % 2 == 0, streak=i, lesson=3, seed=i))
    return [t for t in told if t]


@pytest.mark.slow
def test_thirty_pupils_starting_together_on_a_fresh_folder_lose_nothing_and_are_not_warned(places):
    """Making the database (schema, journal) raced when a class started together: answers
    were lost (a busy file taken for a damaged one and put aside) or pupils told "could not
    be saved (database is locked)". Many rounds, each on a new folder."""
    pupils = 30
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(pupils) as pool:
        pool.starmap(_first_minute, [(str(places("warm-up")), n, 0) for n in range(pupils)])  # imports done
        for round_ in range(FRESH_ROUNDS):
            place = places(f"class-{round_}")
            start = time.time() + 0.5
            told = pool.starmap(_first_minute, [(str(place), n, start) for n in range(pupils)], chunksize=1)
            assert [t for each in told for t in each] == [], f"round {round_}: a pupil was warned"
            assert rows(place, "SELECT COUNT(*) FROM answers") == [(pupils * FRESH_ANSWERS,)], f"round {round_}"
            assert len(ProgressStore(place).pupils()) == pupils
            assert not is_postgres(place) or rows(place, "SELECT COUNT(*) FROM damaged") == [(0,)]
            assert is_postgres(place) or not list(place.glob("*damaged*")), f"round {round_}: a sound database was put aside"
    print(f"{FRESH_ROUNDS} rounds of {pupils} pupils starting together: {time.perf_counter() - began:.1f} s")


def test_every_write_takes_the_write_lock_first(tmp_path, monkeypatch):
    """A write that reads first inside a plain BEGIN can find another writer got there
    first, and fail at once with "database is locked" whatever the busy timeout; BEGIN
    IMMEDIATE waits for the lock instead. So every transaction that writes starts with it."""
    statements: list[list[str]] = []
    connect = store_module.Database._connect

    def traced(self):
        connection = connect(self)
        log: list[str] = []
        statements.append(log)
        connection.set_trace_callback(log.append)
        return connection

    monkeypatch.setattr(store_module.Database, "_connect", traced)
    store = ProgressStore(tmp_path)
    pupil = store.open("Dan")
    pupil.record("hcp", True, streak=1, lesson=3, seed=1)
    pupil.record_quiz("lesson 3", 3, 5, lesson=3)
    writing = ("INSERT", "UPDATE", "CREATE", "DELETE")
    begun, writes = None, 0
    for statement in (s for log in statements for s in log):
        word = statement.split()[0].upper().rstrip(";")
        if word == "BEGIN":
            begun = " ".join(statement.upper().rstrip("; ").split())
        elif word in ("COMMIT", "ROLLBACK", "END"):
            begun = None
        elif word in writing:
            writes += 1
            assert begun == "BEGIN IMMEDIATE", f"{statement!r} was written after {begun!r}"
    assert writes >= 6


def test_the_journal_is_wal_on_a_local_disk_and_can_be_switched_for_network_homes(tmp_path, monkeypatch):
    ProgressStore(tmp_path / "local").open("Eve").record("hcp", True, 1)
    assert rows(tmp_path / "local", "PRAGMA journal_mode") == [("wal",)]
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_JOURNAL", "delete")
    ProgressStore(tmp_path / "nfs").open("Eve").record("hcp", True, 1)
    assert rows(tmp_path / "nfs", "PRAGMA journal_mode") == [("delete",)]


# --- a damaged database -------------------------------------------------------------------

def _not_a_database(path):
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)


def _torn_pages(path):
    store = ProgressStore(path.parent)
    for n in range(40):
        store.open(f"Pupil {n}").record("hcp", True, 1, lesson=3, seed=n)
    forget_prepared()  # every connection closed: the journal is folded into the file
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page, len(data), page):  # every page after the first, scribbled on
        data[start + 8:start + 200] = b"\xff" * 192
    path.write_bytes(bytes(data))
    forget_prepared()


@pytest.mark.parametrize("damage", [_not_a_database, _torn_pages])
def test_a_damaged_database_is_kept_aside_and_a_fresh_one_started(tmp_path, damage):
    path = tmp_path / DB
    damage(path)
    before = path.read_bytes()
    store = ProgressStore(tmp_path)
    pupil = store.open("Mia")
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("class-progress.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before, "the damaged file is kept, untouched"
    assert "damaged" in pupil.notice and str(tmp_path) not in pupil.notice and ".sqlite" not in pupil.notice
    assert kept[0].name in store.notice and "fresh one" in store.notice
    assert pupil.record("hcp", True, 1) == ""
    forget_prepared()
    teacher = ProgressStore(tmp_path)  # the teacher's class view, later, in another process
    assert teacher.pupils() == ["Mia"]
    [note] = teacher.damage_notes()
    assert kept[0].name in note and "damaged" in note
    assert teacher.open("Mia").notice == ""


# --- names, folders, and what a pupil reads ------------------------------------------------

@pytest.mark.parametrize("name", ["../x", "..", "a/b", "a\\b", "", "   ", ".hidden", "x" * 41, "nul\x00",
                                  "/etc/passwd", "~root", None, 42, "C:evil", "<b>"])
def test_bad_pupil_names_are_refused_and_write_nothing(place, name):
    with pytest.raises(CardError):
        ProgressStore(place).open(name)
    assert ProgressStore(place).pupils() == []
    if not is_postgres(place):
        assert not place.exists()


def test_good_names_are_tidied():
    assert check_pupil_name("  Aiko   Tanaka ") == "Aiko Tanaka"
    assert check_pupil_name("O'Brien-Smith") == "O'Brien-Smith"
    assert check_pupil_name("ゆうき") == "ゆうき"
    assert check_pupil_name("Ｋｅｎ２") == "Ken2"
    assert check_pupil_name("a\nb") == "a b"


def test_progress_folder_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_DIR", str(tmp_path / "class"))
    ProgressStore().open("Sam").record("hcp", True, 1)
    assert (tmp_path / "class" / DB).exists()
    monkeypatch.delenv("MINIBRIDGE_PROGRESS_DIR")
    assert ProgressStore().directory == ProgressStore("~/.minibridge-progress").directory


def test_a_folder_that_cannot_be_written_is_reported_not_raised_and_names_no_path(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    practice = Practice(seed=2, progress=ProgressStore(blocker / "progress").open("Lea"))
    feedback = practice.check(practice.question.answer)
    assert feedback.correct is True and "could not be saved" in feedback.words
    assert str(tmp_path) not in feedback.words
    assert practice.streak == 1


# --- a school's hub: PostgreSQL ------------------------------------------------------------

def test_one_setting_puts_the_progress_and_the_tables_on_the_hub(tmp_path, monkeypatch, fresh_databases):
    hub = fresh_databases()
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_DIR", str(tmp_path))
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_URL", hub)
    assert ProgressStore().open("Sam").record("hcp", True, 1, lesson=3) == ""
    assert RoomStore().postgres and RoomStore().url == hub
    assert [a.pupil for a in ProgressStore(hub).answers()] == ["Sam"]
    assert list(tmp_path.iterdir()) == [], "nothing is written in the class folder"
    monkeypatch.delenv("MINIBRIDGE_PROGRESS_URL")
    monkeypatch.setenv("MINIBRIDGE_ROOMS_URL", hub)  # the tables alone on the hub, as before
    assert RoomStore().postgres and ProgressStore().database.path == tmp_path / DB


def _drop_the_connection(store):
    """The hub restarts (or the network drops) under the store's kept connection."""
    database = store.database
    if database.postgres:
        import psycopg

        with psycopg.connect(database.url, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", (database._connection().info.backend_pid,))
    else:
        database._connection().close()


def test_a_lost_connection_loses_no_answer_and_the_log_says_so(place, caplog):
    store = ProgressStore(place)
    pupil = store.open("Ola")
    assert pupil.record("hcp", True, streak=1, lesson=3, seed=1) == ""
    _drop_the_connection(store)
    with caplog.at_level(logging.WARNING, logger="minibridge.progress"):
        assert pupil.record("hcp", False, streak=0, lesson=3, seed=2) == ""
    assert "was lost" in caplog.text and "connecting again" in caplog.text and "minibridge:minibridge" not in caplog.text
    _drop_the_connection(store)
    assert pupil.tried("hcp") == 2 and pupil.best_streak == 1
    assert [(a.seed, a.correct) for a in ProgressStore(place).answers()] == [("1", True), ("2", False)]


def test_a_hub_that_cannot_be_reached_is_said_in_words_and_the_answer_still_counts(monkeypatch):
    monkeypatch.setattr(store_module, "REACH_SECONDS", 0.5)
    nowhere = "postgresql://minibridge:secret-word@127.0.0.1:9/class_5b"  # nothing listens on port 9
    began = time.monotonic()
    practice = Practice(seed=2, progress=ProgressStore(nowhere).open("Lea"))
    feedback = practice.check(practice.question.answer)
    assert feedback.correct is True and "could not be saved" in feedback.words and practice.streak == 1
    assert not any(word in feedback.words for word in ("secret-word", "127.0.0.1", "class_5b", "postgresql"))
    assert time.monotonic() - began < 10, "the pupil is not kept waiting"


def test_sqlite_progress_never_loads_postgresqls_driver(tmp_path):
    code = ("import sys; from exercises import ProgressStore; from shared_tables.store import RoomStore; "
            f"ProgressStore({str(tmp_path)!r}).open('Kim').record('hcp', True, 1); RoomStore({str(tmp_path)!r}); "
            "print('psycopg' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


def test_an_address_that_is_not_postgresql_is_refused_in_words_and_makes_no_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_URL", "mysql://hub.school/class_5b")
    pupil = ProgressStore().open("Ann")
    assert "could not be saved" in pupil.notice and "only a PostgreSQL address" in pupil.notice
    assert pupil.record("hcp", True, 1) != "" and list(tmp_path.iterdir()) == []


def test_the_same_work_handed_in_by_two_teachers_at_once_is_added_once(place):
    """Two teachers' class views add the same handed-in file at the same moment: each reads
    what is there before adding, so the second must wait for the first (both backends)."""
    from concurrent.futures import ThreadPoolExecutor
    from threading import Barrier

    from exercises.browser_progress import BrowserStore, read_handed_in

    web = BrowserStore()
    ben = web.open("Ben")
    for i in range(20):
        ben.record("hcp", i % 2 == 0, streak=i, lesson=3, seed=i)
    work = read_handed_in(web.hand_in("Ben")[1].encode())
    store = ProgressStore(place)
    together = Barrier(4)

    def hand_in(_):
        pupil = store.open(work.pupil)
        together.wait()
        return pupil.add_handed_in(work.answers, work.quizzes, work.best_streak)

    with ThreadPoolExecutor(4) as pool:
        added = sorted(pool.map(hand_in, range(4)))
    assert added == [(0, 0), (0, 0), (0, 0), (20, 0)]
    assert store.open("Ben").tried("hcp") == 20 and store.open("Ben").right("hcp") == 10


def test_a_hub_without_postgresqls_driver_installed_is_said_in_words(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on a machine without the "hub" extra
    pupil = ProgressStore("postgresql://minibridge:secret-word@hub.school/class_5b").open("Ann")
    assert "could not be saved" in pupil.notice and "driver is not installed" in pupil.notice
    assert "secret-word" not in pupil.notice and pupil.record("hcp", True, 1) != ""
