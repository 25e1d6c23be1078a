"""Less on each page (issue 27 §4): the words of pupil text in each lesson of the English edition,
measured the way the readability test reads them. The aim is at most 600 a lesson; the lessons
still over it are reported, and none may grow past what it has now. A lesson with a choice (17:
one game; 18: listing or ``comb``) is measured by the path a class reads: the common part and
one choice (the cells whose metadata "path" name it), its longest path counting."""
from __future__ import annotations

import warnings

import pytest

from exercises.course import COURSE
from test_notebooks import cells, plain_words, pupil_markdown, pupil_paths, text

AIM = 600
# Each lesson over the aim, with its words when this was measured (2026-12-05): a ceiling that
# only comes down. A lesson cut to the aim leaves this list.
OVER_THE_AIM = {1: 903, 2: 755, 3: 760, 4: 791, 5: 1046, 6: 1030, 7: 940, 10: 619}


def pupil_words(lesson) -> int:
    """Words of pupil text; for a lesson with a choice, of its longest path (the common part and
    one choice)."""
    return max(sum(len(plain_words(m).split()) for m in path) for path in pupil_paths(lesson.notebook))


def test_each_lessons_pupil_words_stay_at_the_aim_or_come_down(record_property):
    words = {lesson.number: pupil_words(lesson) for lesson in COURSE}
    for number, count in words.items():
        record_property(f"lesson {number}", count)
    over = {n: w for n, w in words.items() if w > AIM}
    if over:
        warnings.warn("pupil words over 600: " + ", ".join(f"lesson {n} {w}" for n, w in sorted(over.items())),
                      stacklevel=1)
    grown = {n: (w, OVER_THE_AIM.get(n, AIM)) for n, w in words.items() if w > OVER_THE_AIM.get(n, AIM)}
    assert not grown, f"lessons with more pupil words than their ceiling (words, ceiling): {grown}"
    cut = sorted(n for n in OVER_THE_AIM if words[n] <= AIM)
    assert not cut, f"lessons {cut} are at the aim now: take them out of OVER_THE_AIM"



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
