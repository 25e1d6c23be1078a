"""What a caller gives, checked at the door: each check returns the value in the form the rules
use, or refuses in plain words (a CardError) before anything is changed.

>>> whole("12", 0, 40), whole(7, 0, 13)
(12, 7)
>>> whole("x", 0, 13)
Traceback (most recent call last):
...
cardlib.messages.CardError: 'x' is not a whole number from 0 to 13.
"""
from __future__ import annotations

import math
from fractions import Fraction

from cardlib.messages import CardError


def whole(value, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (digits as text are read too)."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = int(value)  # a seat or suit (IntEnum) counts as the plain number it is
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value.strip()) < 12:
        number = int(value.strip())
    if number is None or not low <= number <= high:
        raise CardError("whole_number", text=_short(value), low=low, high=high)
    return number


def flag(value, option: str) -> bool:
    """``value`` as yes or no (True or False) for ``option``."""
    if not isinstance(value, bool):
        raise CardError("rules_flag", text=_short(value), option=option)
    return value


def many(value) -> tuple:
    """The things of a list, tuple or set (not of a text, a number or None)."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise CardError("not_a_list", text=_short(value))
    return tuple(value)


def share(value) -> float | Fraction:
    """A chance: a number from 0 to 1."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or math.isnan(value) \
            or not 0 <= value <= 1:
        raise CardError("not_a_chance", text=_short(value))
    return value


def kind(value, cls: type, example: str):
    """``value`` itself if it is a ``cls``; else a sentence that shows what to give."""
    if not isinstance(value, cls):
        raise CardError("wrong_kind", text=_short(value), example=example)
    return value


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
