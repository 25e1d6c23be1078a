"""exercises: practice questions made from a seed, checked and explained with cardlib.

>>> from exercises import make_question
>>> q = make_question("hcp", seed=12)
>>> q.check(q.answer).correct, q.check("1O").correct       # a typo is not an attempt
(True, None)

Kinds (``KINDS``; with their variants, ``ALL_KINDS``): hcp, announcements (:side, :fourth),
declarer (:dummy), trick (:no_trumps), may_play (:trumps), tricks_needed (:defenders), score (:club),
contract, points_to_tricks, sure_winners (:hands), trumps_out, long_suit_tricks, unblock,
ruff_where (:gain), finesse (:chance, :entry), manille_points, manille_trick (:no_ten, :trumps),
manille_may_play (:must_trump, :must_follow, :may), manille_score (:tap, :both, :tap_back, :blind), manille_match,
manille_alone; for the chance lesson chance_fraction, chance_percent, chance_compare, chance_ways (``CHANCE_KINDS``).
Each declares the ideas it uses (``kind_ideas``);
``exercises.course`` says which lesson teaches them. ``Practice`` and ``Quiz`` hold the
logic; ``exercises.widget.ExerciseWidget`` (imports ipywidgets) is the view.
``ProgressStore`` keeps the class's progress in one SQLite database, a row per answer;
``exercises.course`` is the course, ``exercises.glossary`` its words.
"""
from pathlib import Path

from cardlib import messages

messages.register("exercises", Path(__file__).parent / "locale")  # before any module says something
messages.register("glossary", Path(__file__).parent / "locale")
messages.register("plans", Path(__file__).parent / "locale")

from exercises.kinds import ALL_KINDS, CHANCE_KINDS, KINDS, MANILLE_KINDS, MINIBRIDGE_KINDS, kind_ideas, make_question
from exercises.progress import ProgressStore, PupilProgress, check_pupil_name
from exercises.question import Feedback, Picture, Question, Slip
from exercises.session import Practice, Quiz

__all__ = [
    "ALL_KINDS", "CHANCE_KINDS", "KINDS", "MANILLE_KINDS", "MINIBRIDGE_KINDS", "Feedback", "Picture", "Practice", "ProgressStore",
    "PupilProgress", "Question", "Quiz", "Slip", "check_pupil_name", "kind_ideas", "make_question",
]
