"""The examples in the core modules' docstrings are true (a wrong example misleads the
notebook authors who copy it)."""
import doctest
import importlib

import pytest

MODULES = [f"cardlib.{name}" for name in (
    "cards", "seats", "hand", "deal", "play", "minibridge", "manille", "bots", "render", "messages")] + [
    f"exercises.{name}" for name in ("answers", "kinds", "manille_kinds", "minibridge_kinds", "pictures",
                                     "progress", "question", "session")] + [
    # the maths extensions (lessons 11 and 12)
    "cardlib.chance", "exercises.chance_kinds", "exercises.chance_lab", "exercises.coder", "exercises.coder_widget"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
