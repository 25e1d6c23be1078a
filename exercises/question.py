"""A practice question and the feedback on one answer.

A Question lives on the Python side only: its answer and explanation are private until
``check`` is called, so a widget can show the question without sending the answer.

>>> from exercises import make_question
>>> q = make_question("hcp", seed=3)
>>> q.check("ten").correct is None      # not a number: no attempt
True
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardlib import CardError, say
from exercises.answers import READERS

ANSWER_KINDS = tuple(READERS)


@dataclass(frozen=True)
class Feedback:
    """What the pupil is told after Check.

    ``correct`` is True or False for an answer, None when the input could not be read
    (then nothing is counted). ``right_answer`` and ``explanation`` are given only for an
    answer that was read.
    """

    correct: bool | None
    words: str
    right_answer: str | None = None
    explanation: str | None = None

    @property
    def attempted(self) -> bool:
        """Was this a real answer (right or wrong), not a typo?"""
        return self.correct is not None

    @property
    def mark(self) -> str:
        """✔, ✘, or nothing for an input that was not read."""
        return {True: "✔", False: "✘", None: ""}[self.correct]


@dataclass(frozen=True)
class Picture:
    """What to draw for a question: a list of (label, drawing) rows for cardlib.render.

    A drawing is ("hand", cards), ("manille_cards", cards) (Manille order), ("trick", plays)
    or ("table", rows of (name, number)).
    """

    rows: tuple[tuple[str, tuple[str, tuple]], ...] = ()

    def html(self, theme: str | None = None, scale: float | None = None) -> str:
        """The picture as HTML (cardlib.render does the drawing)."""
        from exercises.pictures import picture_html

        return picture_html(self, theme=theme, scale=scale)


@dataclass(frozen=True, eq=False)
class Question:
    """One question: words and a picture to show, and a private answer to check against.

    ``options`` are (label, value) pairs for the choice kinds; ``accepted`` holds every
    value that counts as right (several for "pick a sensible contract"); ``answer`` is the
    one the explanation is about.
    """

    kind: str
    seed: int | str
    prompt: str
    answer_kind: str
    answer: object = field(repr=False)
    right_answer: str = field(repr=False)
    explanation: str = field(repr=False)
    hint: str = ""
    options: tuple[tuple[str, str], ...] = ()
    accepted: frozenset = field(default=frozenset(), repr=False)
    picture: Picture = Picture()
    right_words: object = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.answer_kind not in ANSWER_KINDS:
            raise ValueError(f"unknown answer kind {self.answer_kind!r}")
        if not self.accepted:
            object.__setattr__(self, "accepted", frozenset({self.answer}))

    def read(self, given: object) -> object:
        """The pupil's input in the answer's own form; CardError with a kind sentence if it
        cannot be read or is not one of the choices."""
        value = READERS[self.answer_kind](given)
        if self.options and value not in {v for _, v in self.options}:
            labels = ", ".join(label for label, _ in self.options)
            raise CardError("ex_not_an_option", text=_short(given), options=labels)
        return value

    def check(self, given: object) -> Feedback:
        """Mark one answer; input that cannot be read gets a kind message and no mark.

        >>> from exercises import make_question
        >>> q = make_question("tricks_needed", seed=1)
        >>> q.check(q.answer).correct
        True
        """
        try:
            value = self.read(given)
        except CardError as error:
            return Feedback(None, str(error))
        correct = value in self.accepted
        if correct and callable(self.right_words):
            words = self.right_words(value)
        elif correct:
            words = say("ex_right", answer=self.label_of(value), explanation=self.explanation)
        else:
            words = say("ex_wrong", given=self.label_of(value), answer=self.right_answer,
                        explanation=self.explanation)
        return Feedback(correct, words, self.right_answer, self.explanation)

    def label_of(self, value: object) -> str:
        """How a value is shown to the pupil (an option's label, else the value itself)."""
        for label, option in self.options:
            if option == value:
                return label
        return str(value)

    def picture_html(self, theme: str | None = None, scale: float | None = None) -> str:
        """The question's picture as HTML; it never marks the answer."""
        return self.picture.html(theme=theme, scale=scale)


def _short(given: object) -> str:
    from exercises.answers import shown

    return shown(given)
