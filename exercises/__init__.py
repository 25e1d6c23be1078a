"""exercises: practice questions made from a seed, checked and explained with cardlib.

>>> from exercises import make_question
>>> q = make_question("hcp", seed=12)
>>> q.check(q.answer).correct, q.check("1O").correct       # a typo is not an attempt
(True, None)

Kinds (``KINDS``): hcp, announcements, declarer, trick, may_play, tricks_needed, score,
contract, manille_points, manille_score; for the chance lesson chance_fraction, chance_percent,
chance_compare (``CHANCE_KINDS``). ``Practice`` and ``Quiz`` hold the logic;
``exercises.widget.ExerciseWidget`` (imports ipywidgets) is the view. ``ProgressStore``
keeps each pupil's progress in a JSON file.
"""
from exercises.kinds import CHANCE_KINDS, KINDS, MANILLE_KINDS, MINIBRIDGE_KINDS, make_question
from exercises.progress import ProgressStore, PupilProgress, check_pupil_name
from exercises.question import Feedback, Picture, Question
from exercises.session import Practice, Quiz

__all__ = [
    "CHANCE_KINDS", "KINDS", "MANILLE_KINDS", "MINIBRIDGE_KINDS", "Feedback", "Picture", "Practice", "ProgressStore",
    "PupilProgress", "Question", "Quiz", "check_pupil_name", "make_question",
]
