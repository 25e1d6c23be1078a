"""The examples in the modules' docstrings are true (a wrong example misleads the
notebook authors who copy it)."""
import doctest
import importlib
import pkgutil

import pytest

import card_tables
import cardlib
import exercises
import shared_tables
import teacher
import translators

MODULES = sorted(
    info.name for package in (translators, cardlib, card_tables, exercises, shared_tables, teacher)
    for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + "."))
# Views over the rules: they import ipywidgets, and a widget's example is shown, not run.
WIDGET_MODULES = {name for name in MODULES if name.startswith("card_tables")} | {
    "exercises.widget", "exercises.page", "exercises.lesson_page", "shared_tables.seat", "exercises.tables", "exercises.chance_lab", "exercises.coder_widget",
    "teacher.desk", "teacher.presenter_screens"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    if name in WIDGET_MODULES:
        pytest.importorskip("ipywidgets")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name not in WIDGET_MODULES:
        assert result.attempted > 0, f"{name} has no examples"
