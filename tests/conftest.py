"""Shared test set-up. Only the widget tests need ipywidgets: the tests of cardlib and the
exercises run without it (tests/house/test_packaging.py checks that they do)."""
import sys

import pytest



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
SPREAD = {"tests/browser/test_app_lessons.py"}


def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SpreadScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPREAD else path

    return SpreadScheduling(config, log)
