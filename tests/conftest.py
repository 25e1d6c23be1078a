"""Shared test set-up. Only the widget tests need ipywidgets: the tests of cardlib and the
exercises run without it (tests/house/test_packaging.py checks that they do)."""
import sys

import pytest

import card_tables  # noqa: F401  (its catalogue: tests compare the tables' words with what a page shows)



def _close_widgets() -> None:
    if "ipywidgets" in sys.modules:  # a test that made widgets imported it
        from tests.widget_tools import close_all

        close_all()
    if "exercises.page" in sys.modules:  # and each test is a page of its own
        sys.modules["exercises.page"].new_page()


@pytest.fixture(autouse=True)
def _no_widgets_left_over():
    """Widget tests read the state of every live widget: each test starts and ends with none."""
    _close_widgets()
    yield
    _close_widgets()


@pytest.fixture(autouse=True)
def _the_schools_scoring():
    """Each test starts with the scoring a new kernel has (the English schools'): the pack command
    and a lesson's setup in Japanese name the club's rules for the rest of their process, and
    tests share one."""
    from cardlib import minibridge

    minibridge.use_rules("ebu")


# pytest-xdist with "--dist loadfile" (tasks.py test) gives a worker a whole file at a time: a
# notebook's cells run in order in one kernel, and a file's module-wide fixtures start once.
# These files' tests each open pages of their own on the session's apps, so they are handed out
# one by one instead: as one file they kept one worker busy for the length of the whole run.
SPREAD = {"tests/browser/test_app_lessons.py", "tests/browser/test_app_accessibility.py"}
# And these files share one worker: they share the session's one build of the website (two builds
# at once on two workers would share, and pull from under each other, the build's working folders).
TOGETHER = {"tests/browser/test_site.py", "tests/browser/test_site_access.py"}


def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SpreadScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPREAD else "the website" if path in TOGETHER else path

    return SpreadScheduling(config, log)


# --- the PostgreSQL server the store tests run on as well as on SQLite ----------------------

@pytest.fixture
def postgres_url() -> str:
    """MINIBRIDGE_TEST_POSTGRES (CI starts one: .ci/run); where none answers the test skips,
    saying why, and on CI it fails (a CI run without it has not tested the hub)."""
    import os

    url = os.environ.get("MINIBRIDGE_TEST_POSTGRES", "postgresql://minibridge:minibridge@127.0.0.1/minibridge_rooms")
    try:
        import psycopg

        psycopg.connect(url, connect_timeout=2).close()
    except Exception as error:  # noqa: BLE001  (no driver, no server: the reason is the skip's)
        if os.environ.get("CI"):
            pytest.fail(f"CI has no PostgreSQL server at MINIBRIDGE_TEST_POSTGRES: {error}")
        pytest.skip(f"no PostgreSQL server answers at MINIBRIDGE_TEST_POSTGRES ({type(error).__name__}: {error})")
    return url


@pytest.fixture
def fresh_databases(postgres_url):
    """``new()`` gives the URL of an empty database of its own on the test server (a schema,
    chosen by the URL's search_path, as a fresh class folder is an empty folder); all are
    dropped at the end."""
    import uuid

    import psycopg

    made = []

    def new() -> str:
        schema = f"test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(postgres_url, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
        made.append(schema)
        return f"{postgres_url}{'&' if '?' in postgres_url else '?'}options=-csearch_path%3D{schema}"

    yield new
    from exercises.store import forget_connections

    forget_connections()  # this process's connections into them close first
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        for schema in made:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")
