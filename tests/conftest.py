"""Shared test set-up. Only the widget tests need ipywidgets: the tests of cardlib and the
exercises run without it (tests/test_packaging.py checks that they do)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # widget_tools, for the widget tests


def _close_widgets() -> None:
    if "ipywidgets" in sys.modules:  # a test that made widgets imported it
        from widget_tools import close_all

        close_all()
    if "exercises.page" in sys.modules:  # and each test is a page of its own
        sys.modules["exercises.page"].new_page()


@pytest.fixture(autouse=True)
def _no_widgets_left_over():
    """Widget tests read the state of every live widget: each test starts and ends with none."""
    _close_widgets()
    yield
    _close_widgets()
