"""Reading a pupil's answer as they mean it: numbers, seats, cards, yes/no, contracts, and
chances (fractions, percentages, "more or less likely").

Every reader returns the answer in one plain form (an int, or a short text token such as
"N", "♠A", "yes", "♠ game") or raises CardError with a kind sentence, so a typo never
counts as an attempt.

>>> read_number(" １３ "), read_number("−50"), read_seat("north"), read_card("sa")
(13, -50, 'N', '♠A')

Japanese pupils' forms are read too (docs/architecture.md, "The Japanese edition"): full-width digits, kanji numbers (十二,
百二十) and numbers in kana (じゅうに), 「12点」, 12こ and 「12点です」, 北 東 南 西 and 南北 or なんぼく
for a side, スペード, すぺーど or クローバー for a suit, hiragana or katakana for the same word,
4分の1 and よんぶんのいち. In the Japanese edition an answer in romaji (a word in Latin letters)
that cannot be read gets a sentence asking for digits or kana instead; a card's A K Q J is not romaji.

>>> read_number("「十二点です」"), read_seat("みなみ"), read_side("なんぼく"), read_card("クローバーのA")
(12, 'S', 'NS', '♣A')
"""
from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from cardlib import Card, CardError, Seat, Side
from cardlib.messages import current_language
from cardlib.minibridge import Contract

NOBODY = "nobody"
YES, NO = "yes", "no"
MAX_DIGITS = 4  # every answer in these exercises fits in 4 digits (the biggest is 1100)
_MINUSES = "−‐‑‒–—﹣"
_LONG_MARK = "ー"  # the kana long-vowel mark: what a Japanese keyboard often gives for a minus
_NOBODY_WORDS = {"nobody", "none", "no one", "noone", "redeal", "deal again", "-", "誰も", "なし",
                 "だれも", "いない", "だれもいない", "配り直し", "くばりなおし"}
_YES_WORDS = {"yes", "y", "true", "ok", "はい", "うん", "ええ"}
_NO_WORDS = {"no", "n", "false", "いいえ", "ううん", "いや"}
_QUOTES = "「」『』\"'“”‘’"

# Japanese words, folded to hiragana (see _fold), and what they mean
_JA_SEATS = {"北": "N", "きた": "N", "東": "E", "ひがし": "E", "南": "S", "みなみ": "S", "西": "W", "にし": "W"}
_JA_SIDES = {"北南": "NS", "南北": "NS", "東西": "EW", "西東": "EW",
             "なんぼく": "NS", "ほくなん": "NS", "とうざい": "EW", "せいとう": "EW"}  # 南北 and 東西 read aloud
# Many Japanese children call ♣ クローバー (a clover), as on the cards of 大富豪
_JA_SUITS = {"すぺーど": "♠", "はーと": "♥", "だいやもんど": "♦", "だいや": "♦", "くろーばー": "♣", "くろーば": "♣",
             "くらぶ": "♣"}
_JA_RANKS = {"えーす": "A", "きんぐ": "K", "くいーん": "Q", "じゃっく": "J"}
_JA_LEVELS = {"ぱーとすこあ": "partscore", "のーげーむ": "partscore", "げーむ": "game"}
_JA_NO_TRUMPS = ("のーとらんぷ", "切り札なし", "きりふだなし", "切札なし")
# A seat's role: the edition's spelling (tests/japanese_tools.py, WORDS) and the ones a club or a pupil also writes (デクレアラー)
_ROLES = {"declarer": "declarer", "dummy": "dummy", "defender": "defender", "defenders": "defender",
          "でぃくれあらー": "declarer", "でくれあらー": "declarer", "だみー": "dummy",
          "でぃふぇんだー": "defender", "でふぇんだー": "defender"}
_KANJI_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_KANJI_UNITS = {"十": 10, "百": 100, "千": 1000}
# Numbers read aloud in hiragana (じゅうに, ごじゅうに, さんびゃく), each reading as its kanji
_KANA_NUMBERS = {"ぜろ": "〇", "れい": "〇", "いち": "一", "いっ": "一", "に": "二", "さん": "三", "よん": "四",
                 "し": "四", "ご": "五", "ろく": "六", "ろっ": "六", "なな": "七", "しち": "七", "はち": "八",
                 "はっ": "八", "きゅう": "九", "く": "九", "じゅう": "十", "じゅっ": "十", "ひゃく": "百",
                 "びゃく": "百", "ぴゃく": "百", "せん": "千", "ぜん": "千"}
_POLITE_ENDS = ("です", "でした", "だよ")  # 「12点です」: the answer, said politely


def shown(given: object, width: int = 20) -> str:
    """The pupil's input, cut short if it is long, for quoting in a message."""
    text = str(given)
    return text if len(text) <= width else text[:width] + "…"


def _fold(text: str) -> str:
    """Katakana to hiragana, so either script names the same word: "スペード" → "すぺーど"."""
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def _romaji(text: str) -> bool:
    """Is there a word in Latin letters (two or more together: "juuni", "kita")? A single
    letter is a card's rank (クローバーのA) or a seat (N), not the keyboard left in romaji."""
    return re.search(r"[A-Za-z]{2,}", unicodedata.normalize("NFKC", text)) is not None


def _refuse(key: str, given: object, **values) -> CardError:
    """The error for input that cannot be read: in the Japanese edition, an answer in Latin
    letters (the keyboard left in rōmaji) is asked again in digits or kana."""
    if current_language() == "ja" and _romaji(str(given)):
        return CardError("ex_other_script", text=shown(given))
    return CardError(key, text=shown(given), **values)


def _kanji_number(text: str) -> int | None:
    """A number in kanji: 十二, 二十, 百二十, 千百, or digit by digit (一二〇); None if it is not one."""
    if not text or any(ch not in _KANJI_DIGITS and ch not in _KANJI_UNITS for ch in text):
        return None
    if not any(ch in _KANJI_UNITS for ch in text):
        return int("".join(str(_KANJI_DIGITS[ch]) for ch in text))
    total, digit, last_unit = 0, None, 10**9
    for ch in text:
        if ch in _KANJI_DIGITS:
            if digit is not None:
                return None
            digit = _KANJI_DIGITS[ch]
        else:
            unit = _KANJI_UNITS[ch]
            if unit >= last_unit or digit == 0:
                return None
            total, digit, last_unit = total + (1 if digit is None else digit) * unit, None, unit
    return total + (digit or 0)


def _kana_number(text: str) -> int | None:
    """A number read aloud in kana: じゅうに, ごじゅうに, ヨン; None if it is not one."""
    folded, kanji = _fold(text), ""
    while folded:
        reading = next((r for r in sorted(_KANA_NUMBERS, key=len, reverse=True) if folded.startswith(r)), None)
        if reading is None:
            return None
        kanji, folded = kanji + _KANA_NUMBERS[reading], folded[len(reading):]
    return _kanji_number(kanji)


def _without_polite_end(text: str) -> str:
    """The answer without 「です」 or 「だよ」 after it: "12点です。" → "12点"."""
    text = text.rstrip("。.!！ ")
    for end in _POLITE_ENDS:
        if text.endswith(end) and len(text) > len(end):
            return text[: -len(end)].rstrip()
    return text


def _plain(given: object) -> str:
    """Full-width characters to plain ones, outer spaces off; refuse empty or huge input."""
    if given is None:
        raise CardError("ex_empty")
    text = str(given)
    if len(text) > 200:
        raise CardError("ex_too_long", text=shown(text))
    text = " ".join(unicodedata.normalize("NFKC", text).split()).strip(_QUOTES).strip()
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
         "点", "てん", "ポイント", "ぽいんと", "トリック", "とりっく", "こ", "個", "枚", "まい")


def _strip_unit(text: str) -> str:
    """The text without a trailing unit or full stop: "12 points." → "12"."""
    text = text.rstrip(".。!! ").strip()
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
    text = _strip_unit(_without_polite_end(_plain(given)))
    word = " ".join(text.lower().replace("-", " ").split())
    sign = ""
    for minus in MINUS_WORDS:
        if word.startswith(minus + " "):
            sign, word = "-", word[len(minus) + 1:]
    if word in NUMBER_WORDS:
        return -NUMBER_WORDS[word] if sign else NUMBER_WORDS[word]
    kanji = "".join(text.split())
    kanji_sign = kanji[:1] in _MINUSES + _LONG_MARK + "-" or kanji.startswith(("マイナス", "まいなす"))
    kanji = kanji.removeprefix("マイナス").removeprefix("まいなす").lstrip(_MINUSES + _LONG_MARK + "-")
    kanji_value = _kanji_number(kanji)
    if kanji_value is None:
        kanji_value = _kana_number(kanji)
    if kanji_value is not None:
        if kanji_value >= 10**MAX_DIGITS:
            raise CardError("ex_too_big", text=shown(given), digits=MAX_DIGITS)
        return -kanji_value if kanji_sign else kanji_value
    if word.startswith(("マイナス", "まいなす")):
        sign, word = "-", word[4:].strip()
    compact = sign + "".join(text.split()) if not sign else sign + word.replace(" ", "")
    for minus in _MINUSES + _LONG_MARK:
        compact = compact.replace(minus, "-")
    # 1,100 as lesson 18's table writes it, and 9.0 for 9
    match = re.fullmatch(r"([+-]?)([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.0*)?", compact)
    if match is None:
        if re.fullmatch(r"[+-]?[0-9]*\.[0-9]+", compact):
            raise CardError("ex_not_whole", text=shown(given))
        raise _refuse("ex_not_number", given)
    digits = match.group(2).replace(",", "").lstrip("0") or "0"
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
    text = _without_polite_end(_plain(given))
    if text.lower() in _NOBODY_WORDS or _fold(text) in _NOBODY_WORDS:
        return NOBODY
    japanese = _fold(text).removesuffix("さん")
    if japanese in _JA_SEATS:
        return _JA_SEATS[japanese]
    try:
        return Seat.parse(text).name
    except CardError:
        raise _refuse("ex_not_seat", given) from None


def read_side(given: object) -> str:
    """A side, "NS" or "EW", from "NS", "N-S", "E–W", 南北, 東西 (or 北南, 西東), read aloud
    (なんぼく, とうざい) or as two seats (北と南, きたとみなみ), or a Side.

    >>> read_side("n-s"), read_side("西東"), read_side("ナンボク"), read_side("ひがしとにし")
    ('NS', 'EW', 'NS', 'EW')
    """
    if isinstance(given, Side):
        return given.name
    text = _fold("".join(_without_polite_end(_plain(given)).split()).replace("・", "").replace("、", ""))
    if text in _JA_SIDES:
        return _JA_SIDES[text]
    seats = _seat_words(text.replace("と", ""))
    if seats in ({"N", "S"}, {"E", "W"}):
        return "NS" if "N" in seats else "EW"
    try:
        return Side.parse(text).name
    except CardError:
        raise _refuse("ex_not_side", given) from None


def _seat_words(text: str) -> set[str] | None:
    """Two seats named one after the other, 北南 or きた みなみ: their letters; None otherwise."""
    seats, rest = [], text
    while rest:
        word = next((w for w in sorted(_JA_SEATS, key=len, reverse=True) if rest.startswith(w)), None)
        if word is None:
            return None
        seats.append(_JA_SEATS[word])
        rest = rest[len(word):]
    return set(seats) if len(seats) == 2 else None


def _japanese_words(text: str, table: dict[str, str]) -> str:
    """Japanese suit, rank and contract words replaced by the symbols and words cardlib reads."""
    folded = _fold(text)
    for words, symbol in table.items():
        folded = folded.replace(words, f" {symbol} ")
    return " ".join(folded.replace("の", " ").split())


def read_card(given: object) -> str:
    """A card in symbol form, "♠A", from "SA", "♠A", "a♠", Card.

    >>> read_card("h10"), read_card("ht")
    ('♥10', '♥10')
    """
    if isinstance(given, Card):
        return str(given)
    text = _without_polite_end(_plain(given))
    try:
        return str(Card.parse(text.replace(" ", "")))
    except CardError as error:
        try:
            return str(Card.parse(_japanese_words(text, {**_JA_SUITS, **_JA_RANKS}).replace(" ", "")))
        except CardError:
            if current_language() == "ja" and _romaji(text) and not re.fullmatch(r"[\s\w♠♥♦♣]{1,4}", text):
                raise _refuse(error.key, given) from None
            raise error from None


def read_yes_no(given: object) -> str:
    """ "yes" or "no" from yes/y/true/はい or no/n/false/いいえ, or a bool.

    >>> read_yes_no("Yes"), read_yes_no(False)
    ('yes', 'no')
    """
    if isinstance(given, bool):
        return YES if given else NO
    text = _fold(_without_polite_end(_plain(given)).lower())
    if text in _YES_WORDS:
        return YES
    if text in _NO_WORDS:
        return NO
    raise _refuse("ex_not_yes_no", given)


def read_contract(given: object) -> str:
    """A contract in its text form, "♠ game", from "S game", "spades game", Contract.

    >>> read_contract("nt partscore"), read_contract("hearts game")
    ('NT partscore', '♥ game')
    """
    if isinstance(given, Contract):
        return given.text
    text = _without_polite_end(_plain(given))
    try:
        return Contract(text).text
    except CardError:
        pass
    words = _fold(text)
    for no_trumps in _JA_NO_TRUMPS:
        words = words.replace(no_trumps, " NT ")
    try:
        return Contract(_japanese_words(words, {**_JA_SUITS, **_JA_LEVELS})).text
    except CardError:
        raise _refuse("contract_form", given) from None


def read_role(given: object) -> str:
    """A seat's role, "declarer", "dummy" or "defender", in English or in kana.

    >>> read_role("ディクレアラー"), read_role("デクレアラー"), read_role("だみー"), read_role("Defenders")
    ('declarer', 'declarer', 'dummy', 'defender')
    """
    text = _fold(_without_polite_end(_plain(given)).lower())
    if text in _ROLES:
        return _ROLES[text]
    raise _refuse("ex_not_role", given)


def read_choice(given: object) -> str:
    """One of a list of choices, as its label (spaces tidied)."""
    return _plain(given)


# --- chances: fractions, percentages, "more or less likely" (the chance lesson) ---------------

class Chance(Fraction):
    """A chance as the pupil wrote it: equal to its value ("13/52" == 1/4), shown as written.

    >>> c = read_fraction(" 13/52 ")
    >>> c == Fraction(1, 4), str(c)
    (True, '13/52')
    """

    __slots__ = ("written",)

    def __new__(cls, value: Fraction, written: str):
        self = super().__new__(cls, value.numerator, value.denominator)
        self.written = written
        return self

    def __str__(self) -> str:
        return self.written

    def __repr__(self) -> str:
        return f"Chance({Fraction(self)!r}, {self.written!r})"


class Percent(int):
    """A whole number of percent, shown with its sign: ``str(Percent(35)) == "35%"``."""

    def __str__(self) -> str:
        return f"{int(self)}%"

    __repr__ = __str__


MORE, LESS, SAME = "more", "less", "same"
_LIKELY_WORDS = {
    MORE: {"more", "more likely", "likelier", "more likely than", "bigger", "higher", "greater", "more often",
           "起こりやすい", "おこりやすい", "多い", "おおい", "大きい", "おおきい"},
    LESS: {"less", "less likely", "fewer", "less likely than", "smaller", "lower", "less often",
           "起こりにくい", "おこりにくい", "少ない", "すくない", "小さい", "ちいさい"},
    SAME: {"same", "the same", "just as likely", "as likely", "equal", "equally likely", "equally",
           "same chance", "the same chance", "even", "同じ", "おなじ", "同じくらい", "おなじくらい"},
}
_SMALL_NUMBERS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_TENS = {word: 10 * n for n, word in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if n >= 2}
_PARTS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
          "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
          "twentieth": 20, "hundredth": 100}
_PERCENT_SIGNS = ("%", "percent", "per cent", "pc", "pct", "パーセント", "ぱーせんと")
_NUMBER = r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+"


def _word_number(text: str) -> int | None:
    """A whole number written in words, up to one hundred: "seven", "twenty-five"."""
    text = text.replace("-", " ").strip()
    if text in _SMALL_NUMBERS:
        return _SMALL_NUMBERS[text]
    if text in ("one hundred", "a hundred", "hundred"):
        return 100
    words = text.split()
    if words and words[0] in _TENS and (len(words) == 1 or (len(words) == 2 and words[1] in _SMALL_NUMBERS
                                                            and 1 <= _SMALL_NUMBERS[words[1]] <= 9)):
        return _TENS[words[0]] + (_SMALL_NUMBERS[words[1]] if len(words) == 2 else 0)
    return None


def _any_number(text: str) -> Fraction | None:
    """Digits ("25", "0.25", ".5") or a number in words ("twenty five", 十三, よん)."""
    if re.fullmatch(_NUMBER, text):
        return Fraction(text)
    number = _word_number(text)
    if number is None:
        number = _kanji_number(text) if _kanji_number(text) is not None else _kana_number(text)
    return None if number is None else Fraction(number)


def _chance_text(given: object) -> tuple[str, str, bool]:
    """The typed text tidied for reading a chance: (text to quote, lower-case text, minus?)."""
    text = _without_polite_end(_plain(given))
    quoted = shown(given)
    low = text.lower().replace("⁄", "/").replace("÷", "/").replace("∕", "/")
    for minus in _MINUSES:
        low = low.replace(minus, "-")
    low = re.sub(r"(?<![0-9.,])[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9,])", lambda m: m.group().replace(",", ""),
                 low)  # 2,500/10,000 as lesson 18 writes its counts
    low = re.sub(r"(?<=[0-9]),(?=[0-9])", ".", low)  # 0,25 is 0.25 in much of Europe
    negative = low.startswith("-")
    low = low.lstrip("+-").strip()
    return quoted, low, negative


def _read_chance(given: object, bare_is_percent: bool, not_key: str) -> tuple[Fraction, str]:
    """Read a chance in any form a pupil writes it; returns (value, the text as written).

    Forms: a percentage ("25%", "25 percent", "twenty-five per cent"), a fraction ("1/4",
    "1 in 4", "13 out of 52"), parts in words ("one quarter", "a half", "two thirds"), or a
    bare number in digits ("0.25"; "25" is 25% when ``bare_is_percent``). A number in words
    alone ("ten") is not read: it is too easily a slip."""
    quoted, low, negative = _chance_text(given)
    value, bare = _percentage(low), False
    if value is None:
        value = _fraction(low, quoted)
    if value is None:
        value = _parts(low)
    if value is None and re.fullmatch(_NUMBER, low):
        value, bare = Fraction(low), True
        if bare_is_percent and value >= 1:
            value /= 100
    if value is None:
        raise CardError(not_key, text=quoted)
    if negative and value:
        raise CardError("ch_below_zero", text=quoted)
    if value > 1:
        key = "ch_above_100" if bare_is_percent else "ch_bare_number" if bare else "ch_above_one"
        raise CardError(key, text=quoted)
    return value, " ".join(_plain(given).split())


def _percentage(low: str) -> Fraction | None:
    for sign in _PERCENT_SIGNS:
        if low.endswith(sign) and len(low) > len(sign):
            number = _any_number(low[: -len(sign)].strip())
            return None if number is None else number / 100
    return None


def _fraction(low: str, quoted: str) -> Fraction | None:
    japanese = re.fullmatch(r"(.+?)\s*(?:分|ぶん)の\s*(.+)", _fold(low))  # 4分の1: the bottom number comes first
    if japanese:
        low = f"{japanese.group(2)}/{japanese.group(1)}"
    match = re.fullmatch(r"(.+?)\s*(?:/|\bin\b|\bout of\b)\s*(.+)", low)
    if not match:
        return None
    top, bottom = _any_number(match.group(1).strip()), _any_number(match.group(2).strip())
    if top is None or bottom is None or top.denominator != 1 or bottom.denominator != 1:
        return None
    if bottom == 0:
        raise CardError("ch_zero_bottom", text=quoted)
    return top / bottom


def _parts(low: str) -> Fraction | None:
    words = low.split()
    if not words:
        return None
    last = words[-1]
    part = _PARTS.get(last) or (_PARTS.get(last[:-1]) if last.endswith("s") else None)
    if part is None:
        return None
    count = Fraction(1) if words[:-1] in ([], ["a"], ["an"]) else _any_number(" ".join(words[:-1]))
    return None if count is None or count.denominator != 1 else count / part


def read_fraction(given: object) -> Chance:
    """A chance from 0 to 1, written as a fraction ("1/4", "13 / 52", "1 in 4", "13 out of
    52", "one quarter"), a decimal ("0.25") or a percentage ("25%", "25 percent").

    >>> [read_fraction(t) == Fraction(1, 4) for t in ("1/4", "13/52", "1 / 4", "25%", "25 %", "0.25", "25 percent", "one quarter", "¼")]
    [True, True, True, True, True, True, True, True, True]
    """
    if isinstance(given, Fraction) and not isinstance(given, Chance) and 0 <= given <= 1:
        return Chance(given, str(given))
    value, written = _read_chance(given, bare_is_percent=False, not_key="ch_not_fraction")
    return Chance(value, written)


def read_percent(given: object) -> Percent:
    """A whole number of percent: "35", "35%", "35 %", "35 percent", "0.35" or "7/20".

    >>> read_percent("35 percent"), read_percent("35"), read_percent("0.35"), read_percent("7/20")
    (35%, 35%, 35%, 35%)
    """
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given <= 100:
        return Percent(given)
    value, _ = _read_chance(given, bare_is_percent=True, not_key="ch_not_percent")
    percent = value * 100
    if percent.denominator != 1:
        raise CardError("ch_whole_percent", text=shown(given))
    return Percent(int(percent))


def read_likely(given: object) -> str:
    """ "more", "less" or "same", from the words a pupil uses for them.

    >>> read_likely("More likely"), read_likely("less"), read_likely("just as likely")
    ('more', 'less', 'same')
    """
    text = _fold(_without_polite_end(_plain(given)).lower().rstrip(".!。!"))
    for token, words in _LIKELY_WORDS.items():
        if text in words or text.removesuffix("ほうが") in words:
            return token
    raise _refuse("ch_not_likely", given)


READERS = {
    "number": read_number,
    "seat": read_seat,
    "side": read_side,
    "card": read_card,
    "yes-no": read_yes_no,
    "contract": read_contract,
    "role": read_role,
    "choice": read_choice,
    # the chance lesson
    "fraction": read_fraction,
    "percent": read_percent,
    "likely": read_likely,
}
