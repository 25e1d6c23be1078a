"""Shared test set-up."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # widget_tools, for the widget tests

from widget_tools import close_all  # noqa: E402


@pytest.fixture(autouse=True)
def _no_widgets_left_over():
    """Widget tests read the state of every live widget: each test starts and ends with none."""
    close_all()
    yield
    close_all()
