"""The glossary: every word of the lessons' "New words" boxes, what it means in words for
children, and an example, in the order the course teaches them. The words live in the message
table (keys ``glossary_<key>``, ``glossary_<key>_means``, ``glossary_<key>_example``), so the
printed glossary, the lessons' "New words" boxes and the contents page read the same sentences
in the pupil's language. Each word names the lesson whose "New words" box brings it in.

>>> word, meaning, example = GLOSSARY[0]
>>> word, TERMS["golden_fit"].lesson.number
('suit', 5)
>>> [term.word for term in terms_taught_in(4)]
['declarer', 'dummy', "declarer's side", 'defenders', 'redeal']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from cardlib import messages, render, say
from exercises.course import COURSE, Lesson, lesson_of


@dataclass(frozen=True)
class Term:
    """One word of the glossary, new in lesson number ``taught_in`` (its "New words" box).
    Unpacks as (word, meaning, example), read from the message table when asked, so a change
    of language changes them.

    >>> term = TERMS["dealer"]
    >>> term.word, term.lesson.number, term.lesson.title
    ('dealer', 3, 'Points')
    """

    key: str
    taught_in: int

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
    def lesson(self) -> Lesson:
        """The lesson whose "New words" box brings this word in."""
        return lesson_of(self.taught_in)

    @property
    def reading(self) -> str:
        """How the word is read: in Japanese its kana (each ruby's reading; a word with kanji a
        pupil reads without ruby has its reading in the catalogue), in English the word."""
        key = f"glossary_{self.key}_reading"
        return say(key) if key in messages.texts("en") else _RT.sub(r"\1", self.word)

    def __iter__(self) -> Iterator[str]:
        return iter((self.word, self.meaning, self.example))


_RT = re.compile(r"<ruby>.*?<rt>(.*?)</rt>.*?</ruby>")
# Each kana's vowel, so a long-vowel mark sorts as the vowel it lengthens (スーツ as すうつ), as
# Japanese dictionaries do.
_VOWEL = {kana: vowel for vowel, row in {"あ": "あぁかがさざただなはばぱまやゃらわ", "い": "いぃきぎしじちぢにひびぴみり",
                                          "う": "うぅくぐすずつづっぬふぶぷむゆゅる", "え": "えぇけげせぜてでねへべぺめれ",
                                          "お": "おぉこごそぞとどのほぼぽもよょろを"}.items() for kana in row}


def _in_gojuon(reading: str) -> str:
    kana = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in reading)
    out = ""
    for c in kana:
        if c == "ー":
            c = _VOWEL.get(out[-1:], "")
        if "ぁ" <= c <= "ゖ":
            out += c
    return out


def in_word_order(terms: Iterable[Term]) -> list[Term]:
    """Terms in the dictionary order of the language spoken now: alphabetical in English,
    五十音順 in Japanese (by the words' readings, katakana as hiragana).

    >>> [term.word for term in in_word_order([TERMS["trick"], TERMS["bid"], TERMS["suit"]])]
    ['bid', 'suit', 'trick']
    """
    if messages.current_language() == "ja":
        return sorted(terms, key=lambda term: (not _in_gojuon(term.reading), _in_gojuon(term.reading) or term.reading))  # a word in letters last
    return sorted(terms, key=lambda term: messages.plain(term.word).lower())


# Each lesson's new words, in the order of its "New words" box: at most MOST_NEW_WORDS, each
# in the lesson where a pupil first needs it.
MOST_NEW_WORDS = 6
_NEW_WORDS: dict[int, tuple[str, ...]] = {
    1: ("suit", "side", "trick", "lead", "follow_suit", "sure_trick"),  # a sure trick is a side's: "side" comes first
    2: ("hand", "deal", "trumps", "to_trump", "discard", "no_trumps"),  # a discard, told from a trump
    3: ("partner", "dealer", "clockwise", "hcp", "announce"),
    4: ("declarer", "dummy", "declarers_side", "defenders", "redeal"),
    5: ("contract", "partscore", "game", "major", "minor", "golden_fit"),
    6: ("score_pad", "trick_points", "make", "bonus", "down"),
    7: ("long_suit", "knock_out", "unblock"),  # lesson 7 counts lesson 1's sure tricks: no new word for them
    8: ("draw_trumps", "ruff"),
    9: ("entry", "finesse"),
    10: ("opening_lead", "sequence", "fourth_highest"),
    11: ("second_hand", "third_hand", "second_hand_low", "third_hand_high", "defenders_target"),
    12: ("eight_steps",),
    13: ("auction", "bid", "pass", "open", "raise"),
    14: ("manille", "manillon", "packet", "card_points"),  # the pack is lesson 1's (its text says what it is): no new word
    15: ("en_face", "en_voiture"),
    16: ("tap", "match"),
    17: ("widow", "eldest", "promise"),
    18: ("chance", "fraction", "percent", "exact", "split", "ways_to_choose"),
    19: ("function", "list", "loop", "if", "test", "bug"),
    20: ("loser", "duck", "hold_up"),
    21: ("duplicate", "board", "traveller", "matchpoints"),
    22: ("honour", "cover", "signal"),
}
GLOSSARY: tuple[Term, ...] = tuple(Term(key, number) for number, keys in _NEW_WORDS.items() for key in keys)
TERMS: dict[str, Term] = {term.key: term for term in GLOSSARY}
assert len(TERMS) == len(GLOSSARY), "each word is new in one lesson only"
assert set(_NEW_WORDS) <= {lesson.number for lesson in COURSE}, "every word is new in a lesson of the course"
assert all(len(keys) <= MOST_NEW_WORDS for keys in _NEW_WORDS.values()), "at most 6 new words a lesson"


def terms_taught_in(lesson: int | str | Lesson) -> list[Term]:
    """The new words of a lesson (a number, notebook name or Lesson), in the order of its box.

    >>> [term.word for term in terms_taught_in("02_trumps")]
    ['hand', 'deal', 'trumps', 'to trump', 'discard', 'no trumps (NT)']
    """
    number = lesson_of(getattr(lesson, "number", lesson)).number
    return [term for term in GLOSSARY if term.taught_in == number]


@dataclass(frozen=True)
class NewWords:
    """A lesson's "New words" box, read from the glossary in the pupil's language: leave it last
    in a cell and the lesson shows it.

    >>> box = NewWords(lesson_of(9))
    >>> [term.word for term in box.terms]
    ['entry', 'finesse']
    >>> "<b>finesse</b>" in box._repr_html_()
    True
    """

    lesson: Lesson

    @property
    def terms(self) -> list[Term]:
        return terms_taught_in(self.lesson)

    def _repr_html_(self) -> str:
        # The class screen gives each word its meaning alone: there the talk's pictures are the
        # examples, and the box would fill a screen (lesson 1: 770 of 768 pixels).
        example = (lambda term: "") if render.PREFERENCES.class_screen else (
            lambda term: f'<br><i>{render.text_html(say("glossary_for_example", example=term.example))}</i>')
        items = "".join(f'<li><b>{render.text_html(term.word)}</b>: {render.text_html(term.meaning)}{example(term)}</li>'
                        for term in self.terms)
        return f'<div class="mb-new-words"><h3>{render.text_html(say("glossary_new_words"))}</h3><ul>{items}</ul></div>'
