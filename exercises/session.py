"""Practice (endless questions, hints, a second try, a streak) and Quiz (N questions from the
teacher's seed, one try each, no hints until the end, then a mark out of N). No ipywidgets
here: the widget is a thin view over these, and tests drive them directly.

>>> p = Practice(kinds=["tricks_needed"], seed=1)
>>> p.check(p.question.answer).correct, p.streak
(True, 1)
"""
from __future__ import annotations

import random

from cardlib import CardError, say, sentences
from exercises.kinds import check_kinds, make_question
from exercises.progress import PupilProgress
from exercises.question import Feedback, Question

MAX_QUIZ = 50
MAX_DRAWN = 1000  # questions a page brought back may have drawn: far more than a lesson asks


def _as_kept(given: object) -> object:
    """An answer as the page keeps it (JSON): what the box, the choice or the card held."""
    return given if isinstance(given, (str, int, float)) and not isinstance(given, bool) else str(given)


def _lesson(number) -> int | None:
    """The lesson a session belongs to, for the progress record: its number (the course,
    which sits above this module, passes ``Lesson.number``), or None."""
    if number is None:
        return None
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise CardError("ex_lesson_number", text=number)
    return number


class Practice:
    """Endless questions of the chosen kinds, one at a time.

    The streak and "right out of" count the same answers, this practice's; the best streak is
    the pupil's best ever (from the progress record).

    A question allows ``question.tries`` real answers (two, or one for yes or no): a first
    wrong answer gets the slip named and "Have another go", the last one the working. A
    question counts once, when it is over (right at the first or second go, or wrong); a
    typo counts nothing, nor does the same answer given twice, and pressing Check again once
    the question is over repeats the feedback without counting. ``lesson`` (a lesson number)
    is passed on to the progress record with the seed and the slip.

    >>> p = Practice(kinds=["hcp"], seed=3)
    >>> p.check(p.question.answer + 1).final, p.answered
    (False, False)
    """

    def __init__(self, kinds=None, seed: int | str | None = None, progress: PupilProgress | None = None,
                 lesson: int | None = None):
        self.kinds = check_kinds(kinds)
        self.seed = random.SystemRandom().randrange(10**9) if seed is None else seed
        self._rng = random.Random(f"practice:{self.seed}")
        self.progress = progress
        self.lesson = _lesson(lesson)
        self.streak = 0
        self.best_streak = progress.best_streak if progress else 0
        self.tried = 0
        self.right = 0
        self.slips: dict[str, int] = {}  # how often each slip was made in this session
        self.drawn = 0  # questions drawn so far: the seed and this number ask the current one again
        self.question: Question = self._draw()
        self._fresh()

    def _fresh(self) -> None:
        self.feedback: Feedback | None = None  # the question's final feedback
        self.nudge: Feedback | None = None  # a first wrong answer's feedback
        self.tries_used = 0
        self._given: list[object] = []
        self._kept: list[object] = []  # the same answers as given, for the page kept (state())
        self._slip = ""

    def _draw(self) -> Question:
        self.drawn += 1
        kind = self._rng.choice(self.kinds)
        return make_question(kind, self._rng.randrange(10**9))

    @property
    def answered(self) -> bool:
        """Is the current question over (its working shown)?"""
        return self.feedback is not None

    def check(self, given: object) -> Feedback:
        """Mark an answer to the current question; see the class notes for what counts."""
        question = self.question
        if self.answered:
            feedback = question.check(given)
            if not feedback.attempted:
                return feedback
            # One message, not a second verdict and working under the ones already shown.
            return Feedback(None, say("ex_already_answered", answer=question.right_answer))
        try:
            value = question.read(given)
        except CardError as error:
            return Feedback(None, str(error))
        if value in self._given:
            return Feedback(None, say("ex_same_again"))
        last = self.tries_used + 1 >= question.tries
        feedback = question.check(given, last_try=last, second_go=self.tries_used > 0)
        self.tries_used += 1
        self._given.append(value)
        self._kept.append(_as_kept(given))
        self._slip = self._slip or feedback.slip
        if feedback.slip:
            self.slips[feedback.slip] = self.slips.get(feedback.slip, 0) + 1
        if not feedback.final:
            self.nudge = feedback
            return feedback
        self.feedback = feedback
        self.tried += 1
        if feedback.correct:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        if self.progress is not None:
            problem = self.progress.record(question.kind, bool(feedback.correct), self.streak,
                                           lesson=self.lesson, seed=question.seed, slip=self._slip or None)
            if problem:
                return Feedback(feedback.correct, sentences(feedback.words, problem), feedback.right_answer,
                                feedback.explanation, feedback.slip)
        return feedback

    def hint(self) -> str:
        """A hint for the current question (it does not give the answer away)."""
        return self.question.hint

    @property
    def fresh(self) -> bool:
        """Nothing done yet: the first question, not answered."""
        return self.drawn == 1 and not self._given and self.tried == 0

    def state(self) -> dict:
        """What ``resume`` needs to ask the current question again, with its answers so far."""
        return {"kinds": list(self.kinds), "seed": self.seed, "drawn": self.drawn, "given": list(self._kept),
                "tried": self.tried, "right": self.right, "streak": self.streak}

    def resume(self, state: dict) -> None:
        """Come back to where ``state`` (an earlier session's ``state()``, same kinds) was: the
        same question and the answers given to it, with the count and the streak so far. Nothing
        is written down again. CardError if ``state`` is not such a thing.

        >>> p = Practice(kinds=["hcp"], seed=5); _ = p.next(); again = Practice(kinds=["hcp"])
        >>> again.resume(p.state()); again.question.prompt == p.question.prompt
        True
        """
        try:
            seed, drawn, given = state["seed"], state["drawn"], state["given"]
            tried, right, streak = state["tried"], state["right"], state.get("streak", 0)
            numbers = [drawn, tried, right, streak]
            ok = (state["kinds"] == list(self.kinds) and isinstance(seed, (int, str)) and isinstance(given, list)
                  and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers)
                  and 1 <= drawn <= MAX_DRAWN and streak <= right <= tried)
        except (KeyError, TypeError):
            ok = False
        if not ok:
            raise CardError("ex_page_not_back")
        before = self.seed, self._rng, self.drawn, self.question
        self.seed, self._rng, self.drawn = seed, random.Random(f"practice:{seed}"), 0
        for _ in range(drawn):
            self.question = self._draw()
        if len(given) > self.question.tries:
            self.seed, self._rng, self.drawn, self.question = before
            raise CardError("ex_page_not_back")
        self._fresh()
        progress, best = self.progress, self.best_streak
        self.progress = None  # these answers were written down the first time
        try:
            for answer in given:
                self.check(answer)
        finally:
            self.progress, self.best_streak = progress, max(best, streak)
        self.tried, self.right, self.streak = tried, right, streak

    def next(self) -> Question:
        """Move on to a fresh question."""
        self.question = self._draw()
        self._fresh()
        return self.question

    @property
    def score_words(self) -> str:
        """The streak and the count so far, in words."""
        return say("ex_streak", streak=self.streak, best=self.best_streak, right=self.right, tried=self.tried)


def quiz_item(question: Question) -> tuple:
    """What makes two questions of a quiz the same item: the same kind with the same answer
    (two "What did North announce? 14"), or for a yes-or-no question the same prompt too."""
    return question.kind, question.prompt if question.answer_kind == "yes-no" else "", str(question.answer)


def _fresh_question(kind: str, seed: str, asked: list[Question], avoid: frozenset = frozenset()) -> Question:
    """A question of the kind that is not the same item as one already asked, nor one of
    ``avoid`` (prompt and picture): the seed's own, else the first of "seed/1", "seed/2" ...
    that differs (the same on every machine)."""
    seen = {quiz_item(q) for q in asked}
    question, again = make_question(kind, seed), 0
    while (quiz_item(question) in seen or (question.prompt, question.picture) in avoid) and again < 200:
        again += 1
        question = make_question(kind, f"{seed}/{again}")
    return question


class Quiz:
    """A fixed set of questions from the teacher's seed: the whole class gets the same ones.

    Answers are written down, not marked, until the last one; then ``mark`` is out of
    ``size`` and ``review()`` gives each question's feedback with its explanation. Until the
    pupil moves on, another answer to the same question replaces the one written down (in
    the quiz and in the progress record): what the screen says was taken is what counts. ``next()`` moves on, skipping the current question if it has no answer
    yet (``notice`` then says so); after the last question it comes back to the skipped ones.

    >>> quiz = Quiz(seed="class 5B", size=3)
    >>> [q.prompt for q in quiz.questions] == [q.prompt for q in Quiz(seed="class 5B", size=3).questions]
    True
    """

    def __init__(self, seed: int | str, size: int = 10, kinds=None, progress: PupilProgress | None = None,
                 lesson: int | None = None, precheck: bool = False, avoid=()):
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_QUIZ:
            raise CardError("ex_quiz_size", size=size, limit=MAX_QUIZ)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise CardError("seed_kind", kind=type(seed).__name__)
        self.seed, self.size, self.lesson = seed, size, _lesson(lesson)
        self.precheck = precheck  # a lesson's pre-check: the same, with its own words at the end
        self.kinds = check_kinds(kinds)
        rng = random.Random(f"quiz:{seed}")
        order: list[str] = []
        while len(order) < size:  # every kind comes up before any comes twice
            batch = list(self.kinds)
            rng.shuffle(batch)
            order += batch
        self.questions: list[Question] = []
        avoided = frozenset((q.prompt, q.picture) for q in avoid)  # a pre-check avoids its exit quiz's items
        for i, kind in enumerate(order[:size]):
            self.questions.append(_fresh_question(kind, f"{seed}:{i}", self.questions, avoided))
        self.answers: list[Feedback | None] = [None] * size
        self.skipped: set[int] = set()  # positions passed over without an answer
        self.position = 0
        self.progress = progress
        self.notice = ""  # a sentence about saving the mark (empty when all went well)
        self.moved = ""  # what the last next() did, in words ("Question 3 skipped: ...")
        self._rows: dict[int, int] = {}  # position -> its answer's row in the progress record
        self._kept: list[object] = [None] * size  # each answer as given, for the page kept (state())

    @property
    def question(self) -> Question | None:
        """The question to answer now (None when the quiz is finished)."""
        return None if self.finished else self.questions[self.position]

    @property
    def number(self) -> int:
        """The current question's number, counting from 1."""
        return self.position + 1

    @property
    def finished(self) -> bool:
        return all(a is not None for a in self.answers)

    @property
    def answered(self) -> bool:
        """Has the current question been answered?"""
        return self.finished or self.answers[self.position] is not None

    def check(self, given: object) -> Feedback:
        """Write down an answer to the current question (it is marked at the end).

        Input that cannot be read gets a kind message and is not written down; another
        answer before ``next()`` replaces the one written down."""
        if self.finished:
            return Feedback(None, self.result_words)
        question = self.question
        feedback = question.check(given)
        if not feedback.attempted:
            return feedback
        changed = self.answers[self.position] is not None  # a change of mind before moving on
        self.answers[self.position] = feedback
        self._kept[self.position] = _as_kept(given)
        self.skipped.discard(self.position)
        saved = say("ex_quiz_changed" if changed else "ex_quiz_saved", number=self.number, size=self.size)
        if self.progress is not None:  # each answer is written down now; the streak is practice's
            row = self._rows.get(self.position) if changed else None
            if row is not None:
                self.notice = self.progress.change_answer(row, bool(feedback.correct), slip=feedback.slip or None)
            else:
                self.notice = self.progress.record(question.kind, bool(feedback.correct), lesson=self.lesson,
                                                   seed=question.seed, slip=feedback.slip or None)
                if not self.notice:
                    self._rows[self.position] = self.progress.last_answer_id
        if self.finished:
            if self.progress is not None:
                self.notice = self.progress.record_quiz(self.seed, self.mark, self.size,
                                                        lesson=self.lesson) or self.notice
            return Feedback(None, sentences(saved, self.result_words, self.notice))
        return Feedback(None, sentences(saved, self.notice))

    def next(self) -> Question | None:
        """Go to the next question not yet answered (after the last, back to the first
        unanswered one); None when all are answered. Leaving a question without an answer
        skips it, and ``moved`` says so."""
        self.moved = ""
        if self.finished:
            return None
        if self.answers[self.position] is None:
            self.skipped.add(self.position)
            self.moved = say("ex_quiz_skipped", number=self.number)
        for step in range(1, self.size + 1):
            i = (self.position + step) % self.size
            if self.answers[i] is None:
                self.position = i
                return self.questions[i]
        return None  # pragma: no cover - not finished, so some question has no answer

    @property
    def fresh(self) -> bool:
        """Nothing done yet: the first question, no answer, none skipped."""
        return self.position == 0 and not self.skipped and all(a is None for a in self.answers)

    def state(self) -> dict:
        """What ``resume`` needs to bring the quiz back as it is: the answers so far, where it is."""
        return {"seed": self.seed, "given": list(self._kept), "position": self.position,
                "skipped": sorted(self.skipped), "rows": {str(p): row for p, row in self._rows.items()}}

    def resume(self, state: dict) -> None:
        """Bring back the quiz ``state`` (an earlier ``state()`` of the same quiz) held: its
        answers, the question it was on, the skipped ones. Nothing is written down again.
        CardError if ``state`` is not such a thing."""
        try:
            given, position, skipped, rows = state["given"], state["position"], state["skipped"], state["rows"]
            positions = range(self.size)
            ok = (state["seed"] == self.seed and isinstance(given, list) and len(given) == self.size
                  and position in positions and all(p in positions for p in skipped)
                  and all(k.isdigit() and int(k) in positions and isinstance(v, int) for k, v in rows.items()))
        except (KeyError, TypeError, AttributeError):
            ok = False
        if not ok:
            raise CardError("ex_page_not_back")
        progress, self.progress = self.progress, None  # these answers were written down the first time
        try:
            for self.position, answer in enumerate(given):
                if answer is not None:
                    self.check(answer)
        finally:
            self.progress = progress
        self.position, self.skipped, self.notice = position, set(skipped), ""
        self._rows = {int(k): v for k, v in rows.items()}

    def hint(self) -> str:
        """No hints during a quiz (or a pre-check, in its own words); afterwards the review
        explains every question."""
        if self.precheck:
            return say("ex_precheck_review_hint" if self.finished else "ex_precheck_no_hint")
        return say("ex_quiz_review_hint" if self.finished else "ex_quiz_no_hint")

    @property
    def mark(self) -> int:
        """Right answers so far (the mark out of ``size`` once finished)."""
        return sum(1 for a in self.answers if a is not None and a.correct)

    @property
    def result_words(self) -> str:
        return say("ex_precheck_mark" if self.precheck else "ex_quiz_mark", mark=self.mark, size=self.size)

    def review(self) -> list[tuple[Question, Feedback]]:
        """Every question with its feedback and explanation; only once the quiz is finished."""
        if not self.finished:
            raise CardError("ex_quiz_not_finished", left=sum(1 for a in self.answers if a is None))
        return list(zip(self.questions, self.answers))
