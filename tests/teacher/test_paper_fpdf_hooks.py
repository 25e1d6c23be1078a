"""The printouts' sheet (teacher/paper.py) overrides one private method of fpdf2 to print each
kanji's reading above its word: pyproject.toml pins fpdf2 below its next version, and this test
fails, naming the part, as soon as an installed fpdf2 moves or renames what the sheet uses."""
from __future__ import annotations

import inspect
from pathlib import Path

import fpdf
from fpdf.line_break import Fragment, TextLine
from packaging.requirements import Requirement
from packaging.version import Version

from teacher.paper import Sheet

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def test_the_installed_fpdf2_is_the_pinned_one():
    lessons = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["lessons"]
    [pin] = [Requirement(r) for r in lessons if Requirement(r).name == "fpdf2"]
    assert any(s.operator == "<" for s in pin.specifier), "fpdf2 needs an upper bound: the method we override may move"
    assert pin.specifier.contains(Version(fpdf.__version__)), f"fpdf2 {fpdf.__version__} is not {pin.specifier}"


def test_every_line_of_text_goes_through_the_method_the_sheet_overrides():
    assert "_render_styled_text_line" in vars(Sheet)
    parameters = inspect.signature(fpdf.FPDF._render_styled_text_line).parameters
    assert list(parameters)[:3] == ["self", "text_line", "h"] and {"center", "padding"} <= parameters.keys()
    for caller in (fpdf.FPDF.cell, fpdf.FPDF.multi_cell):
        assert "self._render_styled_text_line(" in inspect.getsource(caller), caller.__name__
    assert "current_font_is_set_on_page" in inspect.getsource(fpdf.FPDF._render_styled_text_line)


def test_a_line_and_its_pieces_have_what_the_readings_are_placed_by():
    assert {"fragments", "text_width", "max_width", "align"} <= set(TextLine._fields)
    assert callable(TextLine.get_ordered_fragments)
    assert all(hasattr(Fragment, name) for name in ("get_width", "font_size", "font_size_pt", "text_color"))
    assert "self.characters" in inspect.getsource(Fragment.__init__)
