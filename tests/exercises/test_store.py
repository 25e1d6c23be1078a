"""The class's database (exercises.store), on SQLite and on PostgreSQL: one transaction is all or
nothing, a taken UNIQUE key is a Clash, numbers come back as they went in, a busy file is waited
for, and a forked kernel never shares its parent's connection. (The progress and the tables
tests run the stores built on it on both, too.)"""
from __future__ import annotations

import logging
import multiprocessing
import sqlite3
import threading
import time

import pytest

from exercises.store import Clash, Database, StoreError, forget_connections

SCHEMA = """
CREATE TABLE IF NOT EXISTS moves (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    at REAL NOT NULL);
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        yield Database(tmp_path / "class-moves.sqlite", SCHEMA)
        forget_connections()
        return
    yield Database(request.getfixturevalue("fresh_databases")(), SCHEMA)


def add(database, *seqs):
    def work(db):
        return [db.insert("INSERT INTO moves (seq, at) VALUES (?, ?)", seq, time.time()) for seq in seqs]
    return database.write(work)


def test_a_taken_unique_key_is_a_clash_and_nothing_of_its_transaction_is_kept(database):
    database.prepare()
    assert add(database, 1, 2) == [1, 2]
    with pytest.raises(Clash):
        add(database, 3, 2)  # 3 goes in first, then 2 is taken: neither is kept
    assert database.read("SELECT seq FROM moves ORDER BY seq") == [(1,), (2,)]
    add(database, 3)
    assert database.read("SELECT seq FROM moves ORDER BY seq") == [(1,), (2,), (3,)]


def test_times_and_ids_come_back_as_they_went_in(database):
    database.prepare()
    now = time.time()
    database.write(lambda db: db.run("INSERT INTO moves (seq, at) VALUES (?, ?)", 7, now))
    [(row_id, at)] = database.read("SELECT id, at FROM moves")
    assert at == now and isinstance(row_id, int)  # REAL is double precision on PostgreSQL too


def test_a_failure_of_the_database_is_said_in_its_words_and_changes_nothing(database):
    database.prepare()
    add(database, 1)
    with pytest.raises(StoreError, match="moovs|no such table|does not exist"):
        database.write(lambda db: (db.run("DELETE FROM moves"), db.run("SELECT * FROM moovs")))
    assert database.read("SELECT COUNT(*) FROM moves") == [(1,)]
    with pytest.raises(StoreError):
        database.snapshot(lambda db: db.run("SELECT nothing FROM moves"))
    assert add(database, 2) and database.read("SELECT COUNT(*) FROM moves") == [(2,)]


def test_a_write_waits_while_another_process_holds_sqlites_write_lock(tmp_path):
    database = Database(tmp_path / "class-moves.sqlite", SCHEMA)
    database.prepare()
    other = sqlite3.connect(tmp_path / "class-moves.sqlite", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another kernel in the middle of its save
    threading.Timer(0.5, lambda: other.execute("COMMIT")).start()
    began = time.monotonic()
    assert add(database, 1) == [1]
    assert time.monotonic() - began >= 0.4
    other.close()
    forget_connections()


def _child_adds(where: str, seqs: range, told, go) -> None:
    database = Database(where, SCHEMA)
    told.put(database.read("SELECT pg_backend_pid()")[0][0] if database.postgres else None)
    go.wait()
    for seq in seqs:
        add(database, seq)


def test_a_forked_kernel_makes_its_own_connection_and_leaves_its_parents_alone(database, caplog):
    """A kernel forked from one that had its connection open (the app's kernels are) writes
    at the same time as its parent: each on its own connection, so neither spoils the other's."""
    database.prepare()
    add(database, 0)  # the parent's connection is open when the child is forked
    fork = multiprocessing.get_context("fork")
    told, go = fork.Queue(), fork.Event()
    child = fork.Process(target=_child_adds, args=(database.url, range(1, 200, 2), told, go))
    child.start()
    childs = told.get(timeout=30)
    if database.postgres:  # one server process per connection: the child's is not the parent's
        assert childs != database.read("SELECT pg_backend_pid()")[0][0], "the child took its parent's connection"
    with caplog.at_level(logging.WARNING):
        go.set()
        for seq in range(2, 201, 2):
            add(database, seq)
        child.join(60)
        assert child.exitcode == 0
        assert database.read("SELECT seq FROM moves ORDER BY seq") == [(n,) for n in range(201)]
    assert "was lost" not in caplog.text, "the child closed or used the parent's connection"
