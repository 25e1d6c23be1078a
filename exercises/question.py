"""A practice question and the feedback on one answer.

A Question lives on the Python side only: its answer, explanation and the slips it knows
are private until ``check`` is called, so a widget can show the question without sending
the answer.

>>> from exercises import make_question
>>> q = make_question("hcp", seed=3)
>>> q.check("tenn").correct is None      # not a number: no attempt
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardlib import CardError, minibridge, say
from cardlib.messages import plain
from exercises.answers import READERS

ANSWER_KINDS = tuple(READERS)


@dataclass(frozen=True)
class Slip:
    """A likely mistake: the answer it gives, a short code for progress ("counted_ten"), and
    what went wrong in a child's words."""

    value: object
    code: str
    words: str


@dataclass(frozen=True)
class Feedback:
    """What the pupil is told after Check.

    ``correct`` is True or False for an answer, None when the input could not be read
    (then nothing is counted). ``right_answer`` and ``explanation`` are given only once the
    question is over (``final``): a first wrong answer in practice gets only the slip and a
    nudge to try again. ``slip`` is the code of the mistake recognised, "" if none.
    """

    correct: bool | None
    words: str
    right_answer: str | None = None
    explanation: str | None = None
    slip: str = ""
    final: bool = True

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

    A drawing is ("hand", cards), ("manille_cards", cards) (Manille order), ("trick", plays),
    ("trick_so_far", plays) or ("table", rows of (name, number)). The exercise widget draws a
    card question's "trick" with its cards as buttons, so the pupil answers by clicking the
    card itself; "trick_so_far" is only a picture (the answer is a card of the pupil's hand).
    """

    rows: tuple[tuple[str, tuple[str, tuple]], ...] = ()

    def html(self, theme: str | None = None, scale: float | None = None) -> str:
        """The picture as HTML (cardlib.render does the drawing)."""
        from exercises.pictures import picture_html

        return picture_html(self, theme=theme, scale=scale)


@dataclass(frozen=True, eq=False)
class Question:
    """One question: words and a picture to show, and a private answer to check against.

    ``prompt`` is the question (25 words at most); ``rules_line`` the rules in force, shown
    in small print under it ("" when nothing needs saying). ``options`` are (label, value)
    pairs for the choice kinds; ``accepted`` holds every value that counts as right (several
    for "pick a sensible contract"); ``answer`` is the one the explanation is about.
    ``slips`` are the likely mistakes, most likely first; ``ideas`` the ideas of the course
    this very question uses (exercises.course.IDEAS).
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
    rules_line: str = ""
    slips: tuple[Slip, ...] = field(default=(), repr=False)
    ideas: frozenset = frozenset()

    def __post_init__(self):
        if self.answer_kind not in ANSWER_KINDS:
            raise ValueError(f"unknown answer kind {self.answer_kind!r}")
        if not self.accepted:
            object.__setattr__(self, "accepted", frozenset({self.answer}))
        # A slip never names a right answer, and the first of two slips with the same
        # answer (the more likely one) is the one said.
        kept, seen = [], set(self.accepted)
        for slip in self.slips:
            if slip.value not in seen:
                kept.append(slip)
                seen.add(slip.value)
        object.__setattr__(self, "slips", tuple(kept))
        object.__setattr__(self, "ideas", frozenset(self.ideas))

    @property
    def tries(self) -> int:
        """How many answers practice allows: two, except where a second try could only be a
        guess of what is left (yes or no, or one wrong choice beside the right ones)."""
        wrong = {value for _, value in self.options} - set(self.accepted)
        return 1 if self.answer_kind == "yes-no" or (self.options and len(wrong) <= 1) else 2

    @property
    def base_kind(self) -> str:
        """The kind without its variant: "score" for "score:club"."""
        return self.kind.split(":", 1)[0]

    def read(self, given: object) -> object:
        """The pupil's input in the answer's own form; CardError with a kind sentence if it
        cannot be read or is not one of the choices."""
        value = READERS[self.answer_kind](given)
        values = {v for _, v in self.options}
        if self.answer_kind == "choice" and value not in values:
            # the reading turned full-width marks plain: 「南（ディクレアラー）」 is the button's 「南(ディクレアラー)」
            value = next((v for v in values if READERS["choice"](v) == value), value)
            # a choice whose value is a short code ("draw") may be typed as its label ("Ruff first", 「先に切り札をぬく」)
            value = next((v for label, v in self.options if value.casefold() in _label_forms(label) | {str(v).casefold()}), value)
        if self.options and value not in values:
            labels = say("list_comma").join(label for label, _ in self.options)
            raise CardError("ex_not_an_option", text=_short(given), options=labels)
        return value

    def slip_for(self, value: object) -> Slip | None:
        """The likely mistake that gives this (wrong) answer, if one does."""
        return next((slip for slip in self.slips if slip.value == value), None)

    def check(self, given: object, last_try: bool = True, second_go: bool = False) -> Feedback:
        """Mark one answer; input that cannot be read gets a kind message and no mark.

        A wrong answer that is not the last try gets only the slip (or the hint) and "Have
        another go"; the last try gets the right answer and the working.

        >>> from exercises import make_question
        >>> q = make_question("tricks_needed", seed=1)
        >>> q.check(q.answer).correct
        True
        >>> first = q.check(q.answer + 1, last_try=False)
        >>> first.correct, first.final, first.right_answer
        (False, False, None)
        """
        try:
            value = self.read(given)
        except CardError as error:
            return Feedback(None, str(error))
        if value in self.accepted:
            if callable(self.right_words):
                words = self.right_words(value)
            else:
                words = say("ex_right_second" if second_go else "ex_right", answer=self.label_of(value),
                            explanation=self.explanation)
            return Feedback(True, words, self.right_answer, self.explanation)
        slip = self.slip_for(value)
        code = slip.code if slip else ""
        if not last_try:
            if slip is not None and slip.words:
                words = say("ex_not_yet", slip=slip.words)
            else:
                words = say("ex_not_yet_plain", hint=self.hint)
            return Feedback(False, words, slip=code, final=False)
        if slip is not None and slip.words:
            words = say("ex_wrong_slip", given=self.label_of(value), slip=slip.words, answer=self.right_answer,
                        explanation=self.explanation)
        else:
            words = say("ex_wrong", given=self.label_of(value), answer=self.right_answer, explanation=self.explanation)
        return Feedback(False, words, self.right_answer, self.explanation, slip=code)

    def label_of(self, value: object) -> str:
        """How a value is shown to the pupil (an option's label, else the value itself)."""
        for label, option in self.options:
            if option == value:
                return label
        if isinstance(value, int) and not isinstance(value, bool):
            return minibridge.signed(value)
        return str(value)

    def picture_html(self, theme: str | None = None, scale: float | None = None) -> str:
        """The question's picture as HTML; it never marks the answer."""
        return self.picture.html(theme=theme, scale=scale)


def spoken_list(words: list[str], last_join: str = "ex_list_and") -> str:
    """Words as a sentence lists them: "A, K and Q" (in the language spoken now). last_join names
    the message joining the last word on: numbers with their units read best in Japanese with 、
    all through (「4点、9点、48点」), not と (ex_list_and_numbers)."""
    if len(words) == 1:
        return words[0]
    return say(last_join, items=say("list_comma").join(words[:-1]), last=words[-1])


def _label_forms(label: str) -> set[str]:
    """A choice's label as a pupil may type it: as the button shows it (a reading in brackets
    after its word) and without the reading, folded for case.

    >>> sorted(_label_forms("先に<ruby>切り札<rt>きりふだ</rt></ruby>をぬく"))
    ['先に切り札(きりふだ)をぬく', '先に切り札をぬく']
    """
    forms = (plain(label), re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>|</?ruby>", "", label))
    return {READERS["choice"](form).casefold() for form in forms}


def _short(given: object) -> str:
    from exercises.answers import shown

    return shown(given)
