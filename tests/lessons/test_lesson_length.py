"""Less on each page (issue 27 §4): the pupil text of each lesson, measured the way the
readability test reads it: words in the English edition, characters in the Japanese one (it has
no spaces between words). The aim is at most 600 words a lesson; the lessons still over it are
reported, and none may grow past what it has now. A lesson with a choice (17: one game; 18:
listing the ways or the challenge) is measured by the path a class reads: the common part and one choice (the
cells whose metadata "path" name it), its longest path counting."""
from __future__ import annotations

import warnings

import pytest

from exercises.course import COURSE
from test_notebooks import cells, japanese_characters, plain_words, pupil_markdown, pupil_paths, text

AIM = 600
# Japanese is counted in characters (readings, tags and spaces left out). The lessons at the
# English aim have 1,444 to 1,865 characters in Japanese (lesson 15: 592 words, 1,865), so the
# same aim reads as 1,900 characters.
JA_AIM = 1_900
# Each lesson over the aim, with its words (English) or characters (Japanese) when this was
# measured (2026-12-05): a ceiling that only comes down. A lesson cut to the aim leaves its list.
# One lesson a line: two people cutting two lessons at once touch two lines.
OVER_THE_AIM: dict[int, int] = {}
JA_OVER_THE_AIM: dict[int, int] = {}


def pupil_words(lesson) -> int:
    """Words of pupil text; for a lesson with a choice, of its longest path."""
    return max(sum(len(plain_words(m).split()) for m in path) for path in pupil_paths(lesson.notebook))


def pupil_characters(lesson) -> int:
    return max(sum(japanese_characters(m) for m in path) for path in pupil_paths("ja/" + lesson.notebook))


@pytest.mark.parametrize("edition, measure, aim, ceilings, unit", [
    ("en", pupil_words, AIM, OVER_THE_AIM, "words"),
    ("ja", pupil_characters, JA_AIM, JA_OVER_THE_AIM, "characters"),
])
def test_each_lessons_pupil_text_stays_at_the_aim_or_comes_down(edition, measure, aim, ceilings, unit, record_property):
    counts = {lesson.number: measure(lesson) for lesson in COURSE}
    for number, count in counts.items():
        record_property(f"lesson {number} ({edition})", count)
    over = {n: c for n, c in counts.items() if c > aim}
    if over:
        warnings.warn(f"pupil {unit} over {aim} ({edition}): " + ", ".join(f"lesson {n} {c}" for n, c in sorted(over.items())),
                      stacklevel=1)
    grown = {n: (c, ceilings.get(n, aim)) for n, c in counts.items() if c > ceilings.get(n, aim)}
    assert not grown, f"lessons with more pupil {unit} than their ceiling ({unit}, ceiling): {grown}"
    cut = sorted(n for n in ceilings if counts[n] <= aim)
    assert not cut, f"lessons {cut} are at the aim now: take them out of the ceilings ({edition})"


GAME_LESSON = "17_more_manille"
# What every class reads, whatever game it plays: the exit quiz asks the tap back and the player alone.
QUIZ_IDEAS = {"notebooks": ("tap back", "1 point for each trick"), "ja": ("たたき返", "1トリックにつき1点")}


@pytest.mark.parametrize("folder", QUIZ_IDEAS)
def test_each_game_of_the_choose_one_game_lesson_stands_alone_and_the_quiz_is_in_the_common_part(folder):
    name = ("ja/" if folder == "ja" else "") + GAME_LESSON
    pupil = pupil_markdown(name)
    marked = [c for c in cells(name) if c["cell_type"] == "markdown"][:len(pupil)]
    sections = {}
    for cell in marked:
        if "path" in cell["metadata"]:
            sections.setdefault(cell["metadata"]["path"], []).append(text(cell))
    assert len(sections) >= 2 and len(pupil_paths(name)) == len(sections), "a section for each game"
    titles = {game: section[0].splitlines()[0].removeprefix("## ") for game, section in sections.items()}
    for game, section in sections.items():
        others = [title for other, title in titles.items() if other != game and title in "\n".join(section)]
        assert not others, f"the {titles[game]} section leans on {others}: each game stands alone"
    common = "\n".join(text(c) for c in marked if "path" not in c["metadata"])
    for idea in QUIZ_IDEAS[folder]:
        assert idea in common, f"the quiz asks '{idea}' of every class: the common part teaches it"
