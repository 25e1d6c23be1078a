"""Every sentence a person reads, in one catalogue by owner, so the lessons can be translated.

``say(key, **values)`` gives the sentence in the current language; ``set_language("ja")``
switches, ``current_language()`` and ``languages()`` tell. A key a language has not translated
yet falls back to English. The errors cardlib raises carry their sentence, so a widget shows
``str(error)``.

The catalogue is gettext PO files, read (compiled to .mo) by the standard library's gettext.
Each package keeps its own and registers it when it is imported (``register``), so the game's
words never depend on the packages above them:

    cardlib/locale/<lang>/LC_MESSAGES/cardlib.po      the game's words, cardlib's errors, pictures, tables
    exercises/locale/<lang>/LC_MESSAGES/exercises.po  the exercises and the pupils' progress
    exercises/locale/<lang>/LC_MESSAGES/glossary.po   the glossary
    shared_tables/locale/<lang>/LC_MESSAGES/shared_tables.po  the shared tables
    exercises/locale/<lang>/LC_MESSAGES/plans.po      the lessons' plans (for the teacher)
    teacher/locale/<lang>/LC_MESSAGES/teacher.po      the teacher's desk

To add a message: add ``msgid "key"`` / ``msgstr "The English text."`` to the owner's en PO
file, then run ``python -m translators.catalogue compile`` (it also gives every other language the
key, untranslated, and writes the .mo files). To add a language: copy every owner's en folder as
``<lang>``, translate each msgstr (Poedit or Weblate read them), and run the same command. No
program changes either way.

Japanese marks a kanji's reading with HTML ruby, ``<ruby>札<rt>ふだ</rt></ruby>``; ``say()``
keeps it. HTML is made with ``render.text_html`` (escapes all but ruby); plain text (button
labels, options, aria-labels, ``str(CardError)``) with ``plain()``, which writes the reading in
brackets after the word: 札（ふだ）. The printouts take the ruby as it is and print each reading
small above its word (``teacher.paper``). For a 3rd-grade class (``set_class_grade(3)``, read
from MINIBRIDGE_CLASS_GRADE) the Japanese messages give the kanji of grade 3 their readings too
(``cardlib.furigana``).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from types import MappingProxyType

# Each registered catalogue (its gettext domain) and the folder holding <lang>/LC_MESSAGES/<domain>.mo.
DOMAINS: dict[str, Path] = {"cardlib": Path(__file__).parent / "locale"}

_language = "en"
_class_grade: int | None = None  # the class's school year; None: the settings' (MINIBRIDGE_CLASS_GRADE)
_tables: dict[str, dict[str, str]] = {}  # language -> key -> text, read on first use


def _read(domain: str, language: str) -> dict[str, str]:
    import gettext  # on first use: ``import cardlib`` stays quick

    found = gettext.translation(domain, DOMAINS[domain], [language], fallback=True)
    # gettext has no public way to list a catalogue; _catalog is its key -> text dict
    table = {key: text for key, text in getattr(found, "_catalog", {}).items() if key}
    if language == "ja" and class_grade() == 3:
        from cardlib import furigana

        table = {key: furigana.add_readings(text) for key, text in table.items()}
    return table


def for_the_class(text: str, brackets: bool = False) -> str:
    """``text`` as the class reads it: with the readings of ``furigana.add_readings`` for a
    3rd-grade class (``class_grade()``), as it is otherwise."""
    if class_grade() != 3:
        return text
    from cardlib import furigana

    return furigana.add_readings(text, brackets)


def class_grade() -> int:
    """The class's school year (3 to 6): 3 gives the Japanese messages' kanji of grade 3 their
    readings too. ``set_class_grade`` chooses it; else MINIBRIDGE_CLASS_GRADE does (4 if unset).

    >>> class_grade() if not os.environ.get("MINIBRIDGE_CLASS_GRADE") else 4
    4
    """
    if _class_grade is None:
        from cardlib import settings

        return settings.read().class_grade
    return _class_grade


def set_class_grade(grade: int | str) -> None:
    """Choose the class's school year: 3 (3年生) gives the kanji of grade 3 their readings in
    every Japanese message; 4 to 6 (4年生以上) only those above grade 3, as the edition is written.
    Anything else is refused, and nothing changes."""
    from cardlib import settings

    found = None if isinstance(grade, bool) else settings.class_grade(str(grade))
    if found is None:
        raise ValueError(f"A class's school year is 3, 4, 5 or 6 (3年生 …), not {grade!r}.")
    global _class_grade
    _class_grade = found
    _tables.pop("ja", None)  # read again, with or without the readings


def _table(language: str) -> dict[str, str]:
    if language not in _tables:
        table: dict[str, str] = {}
        for domain in DOMAINS:
            table.update(_read(domain, language))
        _tables[language] = table
    return _tables[language]


def register(domain: str, folder: str | os.PathLike) -> None:
    """Add a package's own catalogue: its gettext domain and the folder holding
    ``<lang>/LC_MESSAGES/<domain>.mo``. Each package above cardlib calls it when imported
    (``exercises/__init__.py``); registering a domain again changes nothing.

    >>> register("cardlib", DOMAINS["cardlib"]); say("yes")
    'Yes'
    """
    if domain in DOMAINS:
        return
    DOMAINS[domain] = Path(folder)
    for language, table in _tables.items():  # the languages read already take the new messages in
        table.update(_read(domain, language))


def languages() -> list[str]:
    """The languages the lessons can speak, English first.

    >>> languages()[0]
    'en'
    """
    found = {p.parent.parent.name for p in DOMAINS["cardlib"].glob("*/LC_MESSAGES/cardlib.mo")} | set(_tables)
    return ["en"] + sorted(found - {"en"})


def set_language(language: str) -> None:
    """Choose the language of every message: "en" or "ja"."""
    if language not in languages():
        raise ValueError(f"No messages for language '{language}': choose from {languages()}.")
    global _language
    _language = language


def edition_language(folder: str | os.PathLike | None = None) -> str:
    """The language of the lesson in ``folder`` (the working directory by default): the
    environment variable MINIBRIDGE_LANG if set, else the folder's name if it is a language
    (``notebooks/ja`` -> "ja"), else English.

    >>> edition_language("notebooks/ja") if not os.environ.get("MINIBRIDGE_LANG") else "ja"
    'ja'
    """
    from cardlib import settings

    chosen = settings.read().language
    if chosen:
        return chosen
    name = Path(os.getcwd() if folder is None else folder).name
    return name if name in languages() else "en"


def current_language() -> str:
    """The language messages are in now.

    >>> current_language()
    'en'
    """
    return _language


def texts(language: str = "en"):
    """Every message of a language as a read-only mapping key -> text (translated ones only).

    >>> texts()["yes"]
    'Yes'
    """
    return MappingProxyType(_table(language))


def say(key: str, **values) -> str:
    """The sentence for ``key`` in the current language, with values filled in.

    >>> say("must_follow", suit="hearts")
    'You must follow suit: you have hearts.'
    """
    template = _table(_language).get(key) or _table("en")[key]
    return _SPACE_AFTER_MARU.sub("", template.format(**values))


# Japanese puts no space between sentences: a space after 。 (a value ending its sentence, then the
# message's own space before the next) is dropped; a line's end (a markdown line break) is kept.
_SPACE_AFTER_MARU = re.compile(r"(?<=。)[ \t]+(?=\S)")


def sentences(*parts: str) -> str:
    """Sentences one after another, as the current language writes them: a space between them,
    none after a Japanese 。. Empty parts are left out.

    >>> sentences("Not yet.", "", "Try again.")
    'Not yet. Try again.'
    >>> sentences("まだです。", "もう一度やってみましょう。"), sentences("おしい！", "答えは6です。")
    ('まだです。もう一度やってみましょう。', 'おしい！ 答えは6です。')
    """
    return _SPACE_AFTER_MARU.sub("", " ".join(p for p in parts if p))


def number(n: int) -> str:
    """A whole number as the current language writes it: 7,054,320 in English; in Japanese by
    万, 億 and 兆 (705万4320, 1万), as Japanese classrooms and the Japanese lessons write them.

    >>> number(7_054_320)
    '7,054,320'
    """
    if _language != "ja" or abs(n) < 10_000:
        return f"{n:,}" if _language != "ja" else str(n)
    groups, rest = [], abs(n)
    for unit in ("", "万", "億", "兆"):
        rest, group = divmod(rest, 10_000)
        if group:
            groups.append(f"{group}{unit}")
        if not rest:
            break
    return ("−" if n < 0 else "") + "".join(reversed(groups))


_RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


def plain(text: str) -> str:
    """A message as plain text: each ruby reading in brackets after its word.

    >>> plain("<ruby>切り札<rt>きりふだ</rt></ruby>はハート")
    '切り札（きりふだ）はハート'
    """
    return _RUBY.sub(r"\1（\2）", text)


class CardError(ValueError):
    """Bad input about cards, hands or deals; ``str(error)`` is a sentence for a person."""

    def __init__(self, key: str, **values):
        self.key = key
        self.values = values
        super().__init__(plain(say(key, **values)))


class IllegalPlay(CardError):
    """A card that may not be played now; the state is unchanged."""
