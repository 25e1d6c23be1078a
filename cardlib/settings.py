"""The settings an app, a class server or a teacher's machine gives by environment variables,
read here and nowhere else. ``tasks.py`` sets them for the apps it starts; a school's server sets
them in its service file.

=============================  ===========================================================
MINIBRIDGE_LANG                the lessons' language ("ja"); unset: the edition's folder says
MINIBRIDGE_AUDIENCE            "pupils" (the pupils' app: no teacher's sections or tools) or
                               "teacher"; unset counts as the teacher (JupyterLab, nbval)
MINIBRIDGE_PROJECTOR           1: the class screen's scale and contrast
MINIBRIDGE_THEME               "four-colour" for four-colour suits
MINIBRIDGE_TAP_TO_RAISE        1: a first tap raises a card, a second plays it (tablets)
MINIBRIDGE_PACE                seconds between the computer's cards, 0 to 5 (0.8)
MINIBRIDGE_PROGRESS_DIR        the class folder of the pupils' progress (~/.minibridge-progress)
MINIBRIDGE_PROGRESS_JOURNAL    SQLite's journal there: "wal" or "delete" (guessed from the disk)
MINIBRIDGE_PROGRESS_URL        a school hub's PostgreSQL for the class's progress and, unless
                               MINIBRIDGE_ROOMS_URL says otherwise, its shared tables (unset: SQLite
                               files in the class folder)
MINIBRIDGE_ROOMS_URL           a school hub's PostgreSQL for the shared tables alone
MINIBRIDGE_PRINTOUTS_DIR       where the teacher's printouts are written ("printouts")
MINIBRIDGE_CLASS_GRADE         the class's school year, 3 to 6 (3年生, 小3 too); 3: the Japanese
                               edition gives the kanji of grade 3 their readings as well
                               (cardlib.furigana); unset or another value: 4, readings above grade 3
MINIBRIDGE_SITE                the class app: the course's website (its address), whose pages may
                               send pupils' work here (classroom.hand_in)
MINIBRIDGE_CLASS_SERVER        the website: the class's app (its address), to send work to
=============================  ===========================================================

>>> read({"MINIBRIDGE_PACE": "9", "MINIBRIDGE_PROJECTOR": "yes"}).pace, read({}).projector
(5.0, False)
>>> read({"MINIBRIDGE_CLASS_GRADE": "3年生"}).class_grade, read({"MINIBRIDGE_CLASS_GRADE": "2"}).class_grade
(3, 4)
"""
from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

PACE = 0.8  # seconds between two computer cards
PROGRESS_DIR = "~/.minibridge-progress"
PRINTOUTS_DIR = "printouts"
JOURNALS = ("wal", "delete", "truncate", "persist")
_YES = ("1", "yes", "true", "on")
CLASS_GRADE = 4  # readings above grade 3, as the Japanese edition is written


@dataclass(frozen=True)
class Settings:
    """What the environment says, tidied; "" where it says nothing."""

    language: str = ""
    audience: str = ""
    projector: bool = False
    theme: str = ""
    tap_to_raise: bool = False
    pace: float = PACE
    progress_dir: str = PROGRESS_DIR
    progress_journal: str = ""
    progress_url: str = ""
    rooms_url: str = ""
    printouts_dir: str = PRINTOUTS_DIR
    class_grade: int = CLASS_GRADE
    site: str = ""
    class_server: str = ""

    @property
    def for_pupils(self) -> bool:
        """The pupils' app: anything but MINIBRIDGE_AUDIENCE=pupils is the teacher's."""
        return self.audience == "pupils"


def _pace(text: str) -> float:
    try:
        pace = float(text) if text else PACE
    except ValueError:
        return PACE
    return min(5.0, max(0.0, pace)) if pace == pace else PACE  # NaN is not a pace


def class_grade(text: str) -> int | None:
    """A class's school year as a teacher writes it: 3, ３, 3年, 3年生, 小3; None if it is not 3 to 6.

    >>> class_grade("小３"), class_grade("2年生")
    (3, None)
    """
    found = re.fullmatch(r"小?([3-6])(?:年生?)?", unicodedata.normalize("NFKC", text).strip())
    return int(found[1]) if found else None


def read(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings in ``environ`` (the process's environment by default)."""
    environ = os.environ if environ is None else environ

    def get(name: str) -> str:
        return environ.get(f"MINIBRIDGE_{name}", "").strip()

    journal = get("PROGRESS_JOURNAL").lower()
    return Settings(
        language=get("LANG"),
        audience=get("AUDIENCE").lower(),
        projector=get("PROJECTOR").lower() in _YES,
        theme=get("THEME").lower().replace("color", "colour"),
        tap_to_raise=get("TAP_TO_RAISE").lower() in _YES,
        pace=_pace(get("PACE")),
        progress_dir=get("PROGRESS_DIR") or PROGRESS_DIR,
        progress_journal=journal if journal in JOURNALS else "",
        progress_url=get("PROGRESS_URL"),
        rooms_url=get("ROOMS_URL") or get("PROGRESS_URL"),
        printouts_dir=get("PRINTOUTS_DIR") or PRINTOUTS_DIR,
        class_grade=class_grade(get("CLASS_GRADE")) or CLASS_GRADE,
        site=get("SITE"),
        class_server=get("CLASS_SERVER"),
    )
