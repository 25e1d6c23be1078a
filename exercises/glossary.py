"""The glossary: every word the course uses, what it means in words for children, and an
example, in the order the course teaches them. The words live in the message table (keys
``glossary_<key>``, ``glossary_<key>_means``, ``glossary_<key>_example``), so the printed
glossary, the lessons' "New words" boxes and the contents page read the same sentences in
the pupil's language.

>>> word, meaning, example = GLOSSARY[0]
>>> word, TERMS["golden_fit"].lesson.number
('trick', 5)
>>> [term.word for term in terms_taught_in(4)]
['declarer', 'dummy', 'defenders']
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardlib import say
from exercises.course import COURSE, IDEAS, Lesson, lesson_of


@dataclass(frozen=True)
class Term:
    """One word of the glossary; ``idea`` is the idea of the course (exercises.course.IDEAS)
    that teaches it. Unpacks as (word, meaning, example), read from the message table when
    asked, so a change of language changes them."""

    key: str
    idea: str

    @property
    def word(self) -> str:
        return say(f"glossary_{self.key}")

    @property
    def meaning(self) -> str:
        return say(f"glossary_{self.key}_means")

    @property
    def example(self) -> str:
        return say(f"glossary_{self.key}_example")

    @property
    def lesson(self) -> Lesson | None:
        """The first lesson that teaches this word (None if no lesson teaches its idea)."""
        return next((lesson for lesson in COURSE if self.idea in lesson.ideas), None)

    def __iter__(self) -> Iterator[str]:
        return iter((self.word, self.meaning, self.example))


GLOSSARY: tuple[Term, ...] = tuple(Term(key, idea) for key, idea in (
    ("trick", "tricks"), ("suit", "tricks"), ("hand", "tricks"), ("deal", "tricks"), ("partner", "tricks"),
    ("lead", "tricks"), ("follow_suit", "follow_suit"), ("discard", "follow_suit"),
    ("no_trumps", "no_trumps"),
    ("trumps", "trumps"),
    ("hcp", "hcp"), ("dealer", "hcp"), ("total_40", "total_40"),
    ("declarer", "declarer"), ("dummy", "dummy"), ("defenders", "dummy"),
    ("contract", "tricks_needed"), ("partscore", "tricks_needed"), ("golden_fit", "golden_fit"),
    ("majors_minors", "golden_fit"), ("game", "game_points"),
    ("trick_points", "scoring"), ("bonus", "scoring"), ("down", "scoring"),
    ("sure_winner", "sure_winners"), ("long_suit", "long_suits"),
    ("piquet_pack", "manille_pack"), ("manille", "manille_pack"), ("manillon", "manille_pack"),
    ("card_points", "manille_points"),
    ("en_voiture", "manille_trumps"), ("en_face", "manille_trumps"),
    ("tap", "manille_scoring"), ("match", "manille_scoring"),
))
TERMS: dict[str, Term] = {term.key: term for term in GLOSSARY}
assert all(term.idea in IDEAS for term in GLOSSARY), "every word belongs to an idea of the course"


def terms_taught_in(lesson) -> list[Term]:
    """The new words of a lesson (a number, notebook name or Lesson), in glossary order."""
    ideas = lesson_of(getattr(lesson, "number", lesson)).ideas
    return [term for term in GLOSSARY if term.idea in ideas]
