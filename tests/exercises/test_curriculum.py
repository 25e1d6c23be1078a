"""The school maths of each lesson: National Curriculum objectives (English edition) and
学習指導要領 contents (Japanese edition), shown under every lesson's plan and in docs/plans.md."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from cardlib import messages
from exercises.course import COURSE
from exercises.curriculum import JAPAN, contents_of, objectives_of
from exercises.plans import plan_of

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "plans.md"


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_every_lesson_names_its_curriculum_in_both_editions(lesson):
    objectives, contents = objectives_of(lesson), contents_of(lesson)
    assert objectives and contents
    assert all(1 <= o.year <= 6 and o.statement == o.statement.strip() and o.statement[0].islower()
               for o in objectives)  # a statement as the document writes it, after "Pupils should be taught to"
    assert all(1 <= c.grade <= 6 and c.item[0] in "ABCD" and c.title for c in contents)
    assert any(c.grade >= 3 for lesson in COURSE for c in contents_of(lesson))
    shown = html.unescape(plan_of(lesson, "en")._repr_html_())
    assert all(f"Year {o.year}: “{o.statement}”" in shown for o in objectives)
    assert "National Curriculum in England" in shown
    try:
        messages.set_language("ja")
        shown = html.unescape(plan_of(lesson, "ja")._repr_html_())
        text = str(plan_of(lesson, "ja"))
    finally:
        messages.set_language("en")
    assert all(f"小{c.grade} {c.item} {c.title}" in shown and f"小{c.grade} {c.item} {c.title}" in text for c in contents)
    assert "学習指導要領" in shown and "National Curriculum" not in shown


def test_the_japanese_grades_are_those_of_the_arithmetic():
    """52 ÷ 4 and 60 ÷ 4 (two digits by one, with regrouping) are 小4, as are 以上 and
    brackets; 32 ÷ 4 is a 九九 division (小3); no lesson claims probability (中2). Lesson 15
    multiplies, 15 × 4 = 60 (小3), and divides nothing: it named 小4's division (reader K)."""
    division = {n: [c.grade for c in contents_of(n) if "除法" in c.title] for n in (1, 14, 15)}
    assert division == {1: [4], 14: [3], 15: []}
    assert [(c.grade, c.title) for c in contents_of(15)][0] == (3, "乗法")
    # lesson 5 says 「13の半分より多い数」 once and adds no fractions (reader M), and rounds nothing: it adds
    # two numbers and compares the sum with 25 (小2), and says 以上 (小4's word) another way (reader Q)
    assert not any("分数" in c.title or "概数" in c.title for c in contents_of(5))
    assert [(c.grade, c.title) for c in contents_of(5)] == [(2, "加法及び減法"), (2, "数の構成と表し方")]
    # the Japanese lesson 16 splits (46 − 30) × 2 into two sums and writes 15 × 4 = 60, not 60 ÷ 4 (its
    # notes say so): no brackets (小4's 式) and no division; 101 − 22 and 16 × 2 are 小3 (reader Q)
    assert [(c.grade, c.title) for c in contents_of(16)] == [(3, "加法及び減法"), (3, "乗法")]
    notes = json.loads((ROOT / "notebooks" / "ja" / "16_manille_scoring.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in notes["cells"] if c["cell_type"] == "markdown")
    assert "(46 − 30) × 2 = 32 のように（ ）を使って1つの式にするのは小4" in text and "60 ÷ 4" not in text
    assert not any("確率" in c.title for contents in JAPAN.values() for c in contents)
    # lesson 9's finesse works 2回に1回, a half (小2's simple fractions): it lists no cases (小6)
    assert [(c.grade, c.item) for c in contents_of(9)][0] == (2, "A(1)")
    assert [n for n, contents in JAPAN.items() if any(c.item == "D(2)" for c in contents)] == [18]


def test_the_plans_document_lists_every_lessons_curriculum():
    doc = html.unescape(DOC.read_text(encoding="utf-8"))
    rows = {line.split("|")[1].strip(): line for line in doc.splitlines() if line.startswith("| ") and "Year " in line}
    for lesson in COURSE:
        row = rows[str(lesson.number)]
        assert all(f"Year {o.year}: “{o.statement}”" in row for o in objectives_of(lesson))
        assert all(f"小{c.grade} {c.item} {c.title}" in row for c in contents_of(lesson))
