"""Reading a pupil's answer as they mean it: numbers, seats, cards, yes/no, contracts.

Every reader returns the answer in one plain form (an int, or a short text token such as
"N", "♠A", "yes", "♠ game") or raises CardError with a kind sentence, so a typo never
counts as an attempt.

>>> read_number(" １３ "), read_number("−50"), read_seat("north"), read_card("sa")
(13, -50, 'N', '♠A')
"""
from __future__ import annotations

import re
import unicodedata

from cardlib import Card, CardError, Seat
from cardlib.minibridge import Contract

NOBODY = "nobody"
YES, NO = "yes", "no"
MAX_DIGITS = 4  # every answer in these exercises fits in 4 digits (the biggest is 1100)
_MINUSES = "−‐‑‒–—﹣"
_NOBODY_WORDS = {"nobody", "none", "no one", "noone", "redeal", "deal again", "-", "誰も", "なし"}
_YES_WORDS = {"yes", "y", "true", "ok", "はい", "うん"}
_NO_WORDS = {"no", "n", "false", "いいえ", "ううん"}


def shown(given: object, width: int = 20) -> str:
    """The pupil's input, cut short if it is long, for quoting in a message."""
    text = str(given)
    return text if len(text) <= width else text[:width] + "…"


def _plain(given: object) -> str:
    """Full-width characters to plain ones, outer spaces off; refuse empty or huge input."""
    if given is None:
        raise CardError("ex_empty")
    text = str(given)
    if len(text) > 200:
        raise CardError("ex_too_long", text=shown(text))
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    if not text:
        raise CardError("ex_empty")
    return text


# Numbers as children write them: words up to twenty, and a unit after the number.
NUMBER_WORDS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
NUMBER_WORDS.update({"nil": 0, "nought": 0, "none": 0, "nothing": 0})
MINUS_WORDS = ("minus",)
UNITS = ("card points", "card point", "points", "point", "pts", "pt", "hcp", "tricks", "trick",
         "点", "ポイント", "トリック")


def _strip_unit(text: str) -> str:
    """The text without a trailing unit or full stop: "12 points." → "12"."""
    text = text.rstrip(".。! ").strip()
    lower = text.lower()
    for unit in UNITS:
        if lower.endswith(unit):
            head = text[: len(text) - len(unit)]
            if head.strip() and (not head[-1:].isalpha() or not unit.isascii()):
                return head.strip()
    return text


def read_number(given: object) -> int:
    """A whole number as typed: spaces, full-width digits and any minus sign are fine, so
    are number words up to twenty and a unit after it ("12 points", "seven", "3 tricks.").

    >>> read_number("1 3"), read_number("－１００"), read_number("Twelve"), read_number("7 tricks.")
    (13, -100, 12, 7)
    """
    if isinstance(given, int) and not isinstance(given, bool):
        if abs(given) >= 10**MAX_DIGITS:
            raise CardError("ex_too_big", text=shown(given), digits=MAX_DIGITS)
        return given
    text = _strip_unit(_plain(given))
    word = " ".join(text.lower().replace("-", " ").split())
    sign = ""
    for minus in MINUS_WORDS:
        if word.startswith(minus + " "):
            sign, word = "-", word[len(minus) + 1:]
    if word in NUMBER_WORDS:
        return -NUMBER_WORDS[word] if sign else NUMBER_WORDS[word]
    compact = sign + "".join(text.split()) if not sign else sign + word.replace(" ", "")
    for minus in _MINUSES:
        compact = compact.replace(minus, "-")
    match = re.fullmatch(r"([+-]?)([0-9]+)", compact)
    if match is None:
        raise CardError("ex_not_number", text=shown(given))
    digits = match.group(2).lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise CardError("ex_too_big", text=shown(given), digits=MAX_DIGITS)
    return -int(digits) if match.group(1) == "-" else int(digits)


def read_seat(given: object) -> str:
    """A seat letter "N" "E" "S" "W" from "N", "north", Seat.N; or "nobody" (deal again).

    >>> read_seat(" West "), read_seat("deal again")
    ('W', 'nobody')
    """
    if isinstance(given, Seat):
        return given.name
    text = _plain(given)
    if text.lower() in _NOBODY_WORDS:
        return NOBODY
    try:
        return Seat.parse(text).name
    except CardError:
        raise CardError("ex_not_seat", text=shown(given)) from None


def read_card(given: object) -> str:
    """A card in symbol form, "♠A", from "SA", "♠A", "a♠", Card.

    >>> read_card("h10"), read_card("ht")
    ('♥10', '♥10')
    """
    if isinstance(given, Card):
        return str(given)
    text = _plain(given)
    return str(Card.parse(text.replace(" ", "")))


def read_yes_no(given: object) -> str:
    """ "yes" or "no" from yes/y/true/はい or no/n/false/いいえ, or a bool.

    >>> read_yes_no("Yes"), read_yes_no(False)
    ('yes', 'no')
    """
    if isinstance(given, bool):
        return YES if given else NO
    text = _plain(given).lower()
    if text in _YES_WORDS:
        return YES
    if text in _NO_WORDS:
        return NO
    raise CardError("ex_not_yes_no", text=shown(given))


def read_contract(given: object) -> str:
    """A contract in its text form, "♠ game", from "S game", "spades game", Contract.

    >>> read_contract("nt partscore"), read_contract("hearts game")
    ('NT partscore', '♥ game')
    """
    if isinstance(given, Contract):
        return given.text
    text = _plain(given)
    try:
        return Contract(text).text
    except CardError:
        raise CardError("contract_form", text=shown(given)) from None


def read_choice(given: object) -> str:
    """One of a list of choices, as its label (spaces tidied)."""
    return _plain(given)


READERS = {
    "number": read_number,
    "seat": read_seat,
    "card": read_card,
    "yes-no": read_yes_no,
    "contract": read_contract,
    "choice": read_choice,
}
