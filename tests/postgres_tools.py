"""The PostgreSQL server the store tests run on as well as on SQLite: MINIBRIDGE_TEST_POSTGRES
(CI starts one: .ci/run; locally a test skips, saying why, when none answers)."""
from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

POSTGRES = os.environ.get("MINIBRIDGE_TEST_POSTGRES", "postgresql://minibridge:minibridge@127.0.0.1/minibridge_rooms")


def postgres_url() -> str:
    """The test server's URL; the test skips when none answers (and fails on CI, which starts one)."""
    try:
        import psycopg

        psycopg.connect(POSTGRES, connect_timeout=2).close()
    except Exception as error:  # noqa: BLE001  (no driver, no server: the reason is the skip's)
        if os.environ.get("CI"):  # .ci/run starts one: a CI run without it has not tested the hub
            pytest.fail(f"CI has no PostgreSQL server at MINIBRIDGE_TEST_POSTGRES: {error}")
        pytest.skip(f"no PostgreSQL server answers at MINIBRIDGE_TEST_POSTGRES ({type(error).__name__}: {error})")
    return POSTGRES


@contextmanager
def fresh_databases() -> Iterator:
    """``new()`` gives the URL of an empty database of its own on the test server (a schema,
    chosen by the URL's search_path, as a fresh class folder is an empty folder); all are
    dropped at the end."""
    import psycopg

    url, made = postgres_url(), []

    def new() -> str:
        schema = f"test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
        made.append(schema)
        return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"

    try:
        yield new
    finally:
        from exercises.store import forget_connections

        forget_connections()  # this process's connections into them close first
        with psycopg.connect(url, autocommit=True) as connection:
            for schema in made:
                connection.execute(f"DROP SCHEMA {schema} CASCADE")
