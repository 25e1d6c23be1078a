"""Less on each page (issue 27 §4): the pupil text of each lesson, measured the way the
readability test reads it: words in the English edition, characters in the Japanese one (it has
no spaces between words). The aim is at most 600 words a lesson; the lessons still over it are
reported, and none may grow past what it has now."""
from __future__ import annotations

import warnings

import pytest

from exercises.course import COURSE
from test_notebooks import japanese_characters, plain_words, pupil_markdown

AIM = 600
# Japanese is counted in characters (readings, tags and spaces left out). The lessons at the
# English aim have 1,444 to 1,865 characters in Japanese (lesson 15: 592 words, 1,865), so the
# same aim reads as 1,900 characters.
JA_AIM = 1_900
# Each lesson over the aim, with its words (English) or characters (Japanese) when this was
# measured (2026-12-05): a ceiling that only comes down. A lesson cut to the aim leaves its list.
# One lesson a line: two people cutting two lessons at once touch two lines.
OVER_THE_AIM = {
    10: 619,
    12: 920,
    13: 818,
    14: 980,
    17: 1048,
    18: 1044,
    19: 730,
}
JA_OVER_THE_AIM = {
    12: 2855,
    13: 2409,
    14: 2636,
    17: 2967,
    18: 3192,
    19: 2496,
}


def pupil_words(lesson) -> int:
    return sum(len(plain_words(m).split()) for m in pupil_markdown(lesson.notebook))


def pupil_characters(lesson) -> int:
    return sum(japanese_characters(m) for m in pupil_markdown("ja/" + lesson.notebook))


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
