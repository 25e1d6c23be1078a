"""The course: the lessons in order, the ideas each one teaches, its practice and quiz, and
its set deals. Lessons, printouts, the teacher's class view and the app all read it here,
so a quiz on paper is the quiz on screen and a lesson asks only about what was taught.

>>> lesson = COURSE[0]
>>> lesson.number, lesson.notebook
(1, '01_tricks')
>>> lesson_of("03").title
'Points'
"""
from __future__ import annotations

from dataclasses import dataclass

from cardlib import CardError
from cardlib.seats import Seat


@dataclass(frozen=True)
class SetDeal:
    """A deal the whole class plays at once (real boards pre-dealt from its hand record).

    ``name`` is how the teacher calls it ("1A" is lesson 1's deal A); ``pbn`` the four hands;
    ``contract`` what it is played in ("NT partscore", "♠ game", or for the trick lessons a
    trump suit or "no trumps"), ``declarer`` who plays it (None before dummy is taught);
    ``why`` tells the teacher what the deal shows.
    """

    name: str
    pbn: str
    dealer: Seat
    contract: str
    why: str
    declarer: Seat | None = None
    leader: Seat | None = None


@dataclass(frozen=True)
class Lesson:
    """One class of 45-60 minutes: its notebook, what it teaches, its exercises, its deals."""

    number: int
    notebook: str
    title: str
    maths: str
    ideas: tuple[str, ...]
    practice: tuple[str, ...]
    quiz_kinds: tuple[str, ...]
    quiz_seed: str
    quiz_size: int = 5
    deals: tuple[SetDeal, ...] = ()
    extension: bool = False

    @property
    def taught_so_far(self) -> frozenset[str]:
        """Every idea this lesson or an earlier one of its course teaches."""
        return frozenset(idea for lesson in COURSE if lesson.number <= self.number
                         and (lesson.extension == self.extension or not lesson.extension)
                         for idea in lesson.ideas)

    def quiz(self, progress=None):
        """This lesson's quiz: the same questions for every pupil and on the printed worksheet."""
        from exercises.session import Quiz

        return Quiz(seed=self.quiz_seed, size=self.quiz_size, kinds=self.quiz_kinds, progress=progress)


# The ideas a lesson can teach, in the order the course teaches them.
IDEAS = (
    "tricks", "follow_suit", "no_trumps",           # 1
    "trumps",                                        # 2
    "hcp", "total_40",                               # 3
    "declarer", "dummy",                             # 4
    "tricks_needed", "golden_fit", "game_points", "defenders_target",  # 5
    "scoring",                                       # 6
    "sure_winners", "long_suits",                    # 7
    "whole_hand",                                    # 8
    "manille_pack", "manille_points", "manille_trick",  # 9
    "manille_trumps", "manille_scoring",             # 10
    "chance", "counting_ways",                       # 11 (an extension)
    "coding",                                        # 12 (an extension)
)

COURSE: tuple[Lesson, ...] = (
    Lesson(1, "01_tricks", "Tricks", "putting cards in order, 52 ÷ 4",
           ideas=("tricks", "follow_suit", "no_trumps"),
           practice=("trick_no_trumps", "may_play"), quiz_kinds=("trick_no_trumps", "may_play"),
           quiz_seed="lesson 1"),
    Lesson(2, "02_trumps", "Trumps", "ordering, following a rule step by step",
           ideas=("trumps",),
           practice=("trick", "may_play"), quiz_kinds=("trick", "may_play"), quiz_seed="lesson 2"),
    Lesson(3, "03_points", "Points", "adding up to 40, the missing number",
           ideas=("hcp", "total_40"),
           practice=("hcp", "announcements"), quiz_kinds=("hcp", "announcements"), quiz_seed="lesson 3"),
    Lesson(4, "04_declarer_and_dummy", "Declarer and dummy", "comparing totals",
           ideas=("declarer", "dummy"),
           practice=("declarer",), quiz_kinds=("declarer", "announcements"), quiz_seed="lesson 4"),
    Lesson(5, "05_choosing_the_contract", "Choosing the contract", "adding suit lengths, comparing with 25",
           ideas=("tricks_needed", "golden_fit", "game_points"),
           practice=("tricks_needed", "contract"), quiz_kinds=("tricks_needed", "contract"),
           quiz_seed="lesson 5"),
    Lesson(6, "06_scoring", "Scoring", "multiplying and adding, tricks over six",
           ideas=("scoring",),
           practice=("score",), quiz_kinds=("score",), quiz_seed="lesson 6"),
    Lesson(7, "07_card_play", "Card play", "counting winners, sharing out a suit",
           ideas=("sure_winners", "long_suits"),
           practice=("tricks_needed", "score"), quiz_kinds=("tricks_needed", "score"), quiz_seed="lesson 7"),
    Lesson(8, "08_a_whole_hand", "A whole hand", "keeping count, adding scores",
           ideas=("whole_hand",),
           practice=("declarer", "contract", "score"), quiz_kinds=("declarer", "contract", "score"),
           quiz_seed="lesson 8"),
    Lesson(9, "09_manille_cards_and_points", "Manille: cards and points", "adding points to 60",
           ideas=("manille_pack", "manille_points", "manille_trick"),
           practice=("manille_points",), quiz_kinds=("manille_points",), quiz_seed="lesson 9"),
    Lesson(10, "10_manille_trumps_and_scoring", "Manille: trumps and scoring",
           "taking away 30, doubling",
           ideas=("manille_trumps", "manille_scoring"),
           practice=("manille_points", "manille_score"), quiz_kinds=("manille_points", "manille_score"),
           quiz_seed="lesson 10"),
    # Extensions for maths classes, after the course.
    Lesson(11, "11_chance_and_cards", "Chance and cards",
           "fractions and percentages, chance, counting ways with combinations",
           ideas=("chance", "counting_ways"),
           practice=("chance_fraction", "chance_percent", "chance_compare"),
           quiz_kinds=("chance_fraction", "chance_percent", "chance_compare"), quiz_seed="lesson 11",
           extension=True),
    Lesson(12, "12_coders_corner", "Coder's corner",
           "rules as step-by-step instructions: functions, if, loops, testing",
           ideas=("coding",),
           practice=("hcp", "tricks_needed", "score", "manille_points"),
           quiz_kinds=("hcp", "tricks_needed", "score", "manille_points"), quiz_seed="lesson 12",
           quiz_size=4, extension=True),
)


def lesson_of(which: int | str) -> Lesson:
    """A lesson by number (3, "3", "03") or by notebook name ("03_points").

    >>> lesson_of("03_points").number
    3
    """
    key = str(which).strip()
    for lesson in COURSE:
        if key in (str(lesson.number), f"{lesson.number:02d}", lesson.notebook, lesson.notebook + ".ipynb"):
            return lesson
    raise CardError("course_lesson", text=key, first=COURSE[0].number, last=COURSE[-1].number)
