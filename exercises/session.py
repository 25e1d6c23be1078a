"""Practice (endless questions, hints, a streak) and Quiz (N questions from the teacher's
seed, no hints until the end, then a mark out of N). No ipywidgets here: the widget is a
thin view over these, and tests drive them directly.

>>> p = Practice(kinds=["tricks_needed"], seed=1)
>>> p.check(p.question.answer).correct, p.streak
(True, 1)
"""
from __future__ import annotations

import random

from cardlib import CardError, say
from exercises.course import lesson_number
from exercises.kinds import check_kinds, make_question
from exercises.progress import PupilProgress
from exercises.question import Feedback, Question

MAX_QUIZ = 50


class Practice:
    """Endless questions of the chosen kinds, one at a time.

    The first real answer to a question counts (right or wrong); a typo counts nothing,
    and pressing Check again on the same question repeats the feedback without counting.
    """

    def __init__(self, kinds=None, seed: int | str | None = None, progress: PupilProgress | None = None,
                 lesson=None):
        self.kinds = check_kinds(kinds)
        self.lesson = lesson_number(lesson)
        self.seed = random.SystemRandom().randrange(10**9) if seed is None else seed
        self._rng = random.Random(f"practice:{self.seed}")
        self.progress = progress
        self.streak = progress.streak if progress else 0
        self.best_streak = progress.best_streak if progress else 0
        self.tried = 0
        self.right = 0
        self.question: Question = self._draw()
        self.feedback: Feedback | None = None

    def _draw(self) -> Question:
        kind = self._rng.choice(self.kinds)
        return make_question(kind, self._rng.randrange(10**9))

    @property
    def answered(self) -> bool:
        """Has the current question had its real answer?"""
        return self.feedback is not None

    def check(self, given: object) -> Feedback:
        """Mark an answer to the current question; see the class notes for what counts."""
        feedback = self.question.check(given)
        if not feedback.attempted:
            return feedback
        if self.answered:
            return Feedback(feedback.correct, say("ex_already_answered", words=feedback.words),
                            feedback.right_answer, feedback.explanation)
        self.feedback = feedback
        self.tried += 1
        if feedback.correct:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        if self.progress is not None:
            problem = self.progress.record(self.question.kind, feedback.correct, self.streak, lesson=self.lesson,
                                           seed=self.question.seed, slip=getattr(feedback, "slip", None))
            if problem:
                return Feedback(feedback.correct, f"{feedback.words} {problem}",
                                feedback.right_answer, feedback.explanation)
        return feedback

    def hint(self) -> str:
        """A hint for the current question (it does not give the answer away)."""
        return self.question.hint

    def next(self) -> Question:
        """Move on to a fresh question."""
        self.question = self._draw()
        self.feedback = None
        return self.question

    @property
    def score_words(self) -> str:
        """The streak and the count so far, in words."""
        return say("ex_streak", streak=self.streak, best=self.best_streak, right=self.right, tried=self.tried)


class Quiz:
    """A fixed set of questions from the teacher's seed: the whole class gets the same ones.

    Answers are written down, not marked, until the last one; then ``mark`` is out of
    ``size`` and ``review()`` gives each question's feedback with its explanation.

    >>> quiz = Quiz(seed="class 5B", size=3)
    >>> [q.prompt for q in quiz.questions] == [q.prompt for q in Quiz(seed="class 5B", size=3).questions]
    True
    """

    def __init__(self, seed: int | str, size: int = 10, kinds=None, progress: PupilProgress | None = None,
                 lesson=None):
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_QUIZ:
            raise CardError("ex_quiz_size", size=size, limit=MAX_QUIZ)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.seed, self.size = seed, size
        self.kinds = check_kinds(kinds)
        self.lesson = lesson_number(lesson)
        rng = random.Random(f"quiz:{seed}")
        order: list[str] = []
        while len(order) < size:  # every kind comes up before any comes twice
            batch = list(self.kinds)
            rng.shuffle(batch)
            order += batch
        self.questions: list[Question] = [make_question(kind, f"{seed}:{i}") for i, kind in enumerate(order[:size])]
        self.answers: list[Feedback | None] = [None] * size
        self.position = 0
        self.progress = progress
        self.notice = ""

    @property
    def question(self) -> Question | None:
        """The question to answer now (None when the quiz is finished)."""
        return None if self.finished else self.questions[self.position]

    @property
    def finished(self) -> bool:
        return all(a is not None for a in self.answers)

    @property
    def answered(self) -> bool:
        """Has the current question been answered?"""
        return self.finished or self.answers[self.position] is not None

    def check(self, given: object) -> Feedback:
        """Write down an answer to the current question (it is marked at the end).

        Input that cannot be read gets a kind message and is not written down; a
        question already answered keeps its first answer."""
        if self.finished:
            return Feedback(None, self.result_words)
        question = self.question
        feedback = question.check(given)
        if not feedback.attempted:
            return feedback
        if self.answers[self.position] is not None:
            return Feedback(None, say("ex_quiz_already", number=self.position + 1))
        self.answers[self.position] = feedback
        if self.progress is not None:  # each answer is written down now; the streak is practice's
            self.notice = self.progress.record(question.kind, feedback.correct, lesson=self.lesson,
                                               seed=question.seed, slip=getattr(feedback, "slip", None))
        if self.finished:
            if self.progress is not None:
                self.notice = self.progress.record_quiz(self.seed, self.mark, self.size, lesson=self.lesson) or self.notice
            return Feedback(None, f"{self.result_words} {self.notice}".strip())
        return Feedback(None, f"{say('ex_quiz_saved', number=self.position + 1, size=self.size)} {self.notice}".strip())

    def next(self) -> Question | None:
        """Go to the next question not yet answered (after the last, back to the first
        unanswered one); None when all are answered."""
        if self.finished:
            return None
        for step in range(1, self.size + 1):
            i = (self.position + step) % self.size
            if self.answers[i] is None:
                self.position = i
                return self.questions[i]
        return None

    def hint(self) -> str:
        """No hints during a quiz; afterwards the review explains every question."""
        if not self.finished:
            return say("ex_quiz_no_hint")
        return say("ex_quiz_review_hint")

    @property
    def mark(self) -> int:
        """Right answers so far (the mark out of ``size`` once finished)."""
        return sum(1 for a in self.answers if a is not None and a.correct)

    @property
    def result_words(self) -> str:
        return say("ex_quiz_mark", mark=self.mark, size=self.size)

    def review(self) -> list[tuple[Question, Feedback]]:
        """Every question with its feedback and explanation; only once the quiz is finished."""
        if not self.finished:
            raise CardError("ex_quiz_not_finished", left=sum(1 for a in self.answers if a is None))
        return list(zip(self.questions, self.answers))
