"""The examples in the core modules' docstrings are true (a wrong example misleads the
notebook authors who copy it)."""
import doctest
import importlib

import pytest

CORE = ["cards", "seats", "hand", "deal", "play", "minibridge", "messages"]


@pytest.mark.parametrize("name", CORE)
def test_docstring_examples_hold(name):
    module = importlib.import_module(f"cardlib.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"cardlib.{name} has no examples"
    assert result.failed == 0
