"""Checks for Japanese text that every test may use (JAPANESE.md): kanji above grade 3 must
carry their reading in <ruby>, and no English may be left for a pupil to read."""
from __future__ import annotations

import re

from kanji_lists import KYOIKU

TAUGHT_BY_GRADE_3 = frozenset(KYOIKU.GRADE1) | frozenset(KYOIKU.GRADE2) | frozenset(KYOIKU.GRADE3)
_RUBY = re.compile(r"<ruby>.*?</ruby>", re.S)
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々]")
# What may stay in Latin letters: cards ("♠A", "10♥"), the ranks A K Q J, seat letters (N, "N–S").
_ALLOWED = re.compile(r"[♠♥♦♣][\ufe0e]?(?:10|[AKQJ2-9])|(?:10|[AKQJ2-9])[♠♥♦♣]|\b[AKQJNESW]\b")


def kanji_needing_ruby(text: str) -> list[str]:
    """The kanji above grade 3 in ``text`` that are not inside <ruby>…</ruby>, each once, in order.

    >>> kanji_needing_ruby("<ruby>切り札<rt>きりふだ</rt></ruby>の点数、札、宣言")
    ['札', '宣']
    """
    outside = _RUBY.sub("", text)
    return list(dict.fromkeys(k for k in _KANJI.findall(outside) if k not in TAUGHT_BY_GRADE_3 and k != "々"))


def english_left(text: str) -> list[str]:
    """The Latin words left in a text once cards, ranks and seat letters are taken out.

    >>> english_left("♠Aはハート、N–S 12点"), english_left("Trumps: ♥")
    ([], ['Trumps'])
    """
    return re.findall(r"[A-Za-z]+", _ALLOWED.sub(" ", text))
