"""Each pupil's progress in a small JSON file that survives a kernel restart.

Files live in ``MINIBRIDGE_PROGRESS_DIR`` or ``~/.minibridge-progress`` (or a directory
you name). Writing goes to a temporary file first and then replaces the old one, so a
crash never leaves half a file; a damaged file is kept aside and a fresh one started.

>>> import tempfile
>>> store = ProgressStore(tempfile.mkdtemp())
>>> pupil = store.open("Aiko")
>>> pupil.record("hcp", correct=True, streak=1)    # "" means saved
''
>>> store.open("Aiko").tried("hcp")
1
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from cardlib import CardError, say
from exercises.answers import shown

ENV_VAR = "MINIBRIDGE_PROGRESS_DIR"
DEFAULT_DIR = "~/.minibridge-progress"
VERSION = 1
MAX_NAME = 40
_NAME = re.compile(r"[^\W_](?:[\w '\-]*[^\W_])?")  # letters and digits, inner spaces, - and '


def progress_dir(directory: str | os.PathLike | None = None) -> Path:
    """Where progress files are kept: the directory given, else $MINIBRIDGE_PROGRESS_DIR,
    else ~/.minibridge-progress."""
    chosen = directory or os.environ.get(ENV_VAR) or DEFAULT_DIR
    return Path(chosen).expanduser()


def check_pupil_name(name: object) -> str:
    """A pupil's name, tidied ("  Aiko  " → "Aiko"); CardError for anything that could
    not be a name or would reach outside the progress directory ("../x", "a/b").

    >>> check_pupil_name(" Aiko  Tanaka "), check_pupil_name("Ｋｅｎ")
    ('Aiko Tanaka', 'Ken')
    """
    if not isinstance(name, str):
        raise CardError("ex_name_empty")
    if len(name) > 4 * MAX_NAME:
        raise CardError("ex_name_long", limit=MAX_NAME)
    tidy = " ".join(unicodedata.normalize("NFKC", name).split())
    if not tidy:
        raise CardError("ex_name_empty")
    if len(tidy) > MAX_NAME:
        raise CardError("ex_name_long", limit=MAX_NAME)
    if not _NAME.fullmatch(tidy):
        raise CardError("ex_name_form", name=shown(tidy))
    return tidy


def _file_stem(name: str) -> str:
    return name.casefold().replace(" ", "_")


def _fresh(name: str) -> dict:
    return {"version": VERSION, "pupil": name, "kinds": {}, "streak": 0, "best_streak": 0, "quizzes": []}


def _valid(data: object) -> bool:
    """Is this what a progress file holds (so a hand-edited or half-written file is caught)?"""
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("pupil"), str):
        return False
    kinds, quizzes = data.get("kinds"), data.get("quizzes")
    counts_ok = isinstance(kinds, dict) and all(
        isinstance(v, dict) and all(isinstance(v.get(k), int) and v[k] >= 0 for k in ("tried", "right"))
        for v in kinds.values())
    numbers_ok = all(isinstance(data.get(k), int) and data[k] >= 0 for k in ("streak", "best_streak"))
    return counts_ok and numbers_ok and isinstance(quizzes, list) and all(isinstance(q, dict) for q in quizzes)


@dataclass
class PupilProgress:
    """One pupil's counts per kind of question, streaks and quiz marks; saved after each change.

    ``notice`` holds a sentence for the pupil when something went wrong with the file
    (it was damaged, or could not be written), else "".
    """

    name: str
    path: Path
    data: dict
    notice: str = ""

    def tried(self, kind: str) -> int:
        """How many questions of this kind the pupil has answered."""
        return self.data["kinds"].get(kind, {}).get("tried", 0)

    def right(self, kind: str) -> int:
        """How many of them were right."""
        return self.data["kinds"].get(kind, {}).get("right", 0)

    @property
    def streak(self) -> int:
        return self.data["streak"]

    @property
    def best_streak(self) -> int:
        return self.data["best_streak"]

    @property
    def quizzes(self) -> list[dict]:
        return list(self.data["quizzes"])

    def _reload(self) -> None:
        """Start from the file as it is now: another exercise on the same page (or in another
        tab) may have saved since this one was opened, and its answers must not be lost."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return
        if _valid(data):
            self.data = data

    def record(self, kind: str, correct: bool, streak: int) -> str:
        """Count one answer and save; returns a sentence if saving failed, else ""."""
        self._reload()
        counts = self.data["kinds"].setdefault(kind, {"tried": 0, "right": 0})
        counts["tried"] += 1
        counts["right"] += int(bool(correct))
        self.data["streak"] = streak
        self.data["best_streak"] = max(self.data["best_streak"], streak)
        return self.save()

    def record_quiz(self, seed: int | str, mark: int, size: int) -> str:
        """Write down a finished quiz's mark and save; returns a sentence if saving failed."""
        self._reload()
        self.data["quizzes"].append({"seed": seed, "mark": mark, "out_of": size,
                                     "when": time.strftime("%Y-%m-%d %H:%M")})
        return self.save()

    def save(self) -> str:
        """Write the file atomically (temporary file, then os.replace)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(self.data, out, ensure_ascii=False, indent=1)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(temp, self.path)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError as error:
            self.notice = say("ex_progress_not_saved", folder=self.path.parent, reason=error.strerror or error)
            return self.notice
        return ""


class ProgressStore:
    """The folder of progress files, one per pupil.

    >>> import tempfile
    >>> ProgressStore(tempfile.mkdtemp()).open("../x")
    Traceback (most recent call last):
    ...
    cardlib.messages.CardError: '../x' cannot be used as a name: use letters and digits, spaces, - or '.
    """

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = progress_dir(directory)

    def path_for(self, name: str) -> Path:
        """The file of a pupil's progress (the name is checked first)."""
        name = check_pupil_name(name)
        path = self.directory / f"{_file_stem(name)}.json"
        if path.parent.resolve() != self.directory.resolve():  # belt and braces against path tricks
            raise CardError("ex_name_form", name=shown(name))
        return path

    def open(self, name: str) -> PupilProgress:
        """A pupil's progress, read from their file or started fresh; a damaged file is
        renamed *.damaged-<time> and the pupil is told in plain words (``notice``)."""
        name = check_pupil_name(name)
        path = self.path_for(name)
        if not path.exists():
            return PupilProgress(name, path, _fresh(name))
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            data = None
        if _valid(data):
            return PupilProgress(name, path, data)
        kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while kept.exists():
            n += 1
            kept = kept.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        try:
            os.replace(path, kept)
            notice = say("ex_progress_damaged", name=name, kept=kept.name)
        except OSError as error:
            notice = say("ex_progress_not_saved", folder=path.parent, reason=error.strerror or error)
        pupil = PupilProgress(name, path, _fresh(name), notice)
        save_problem = pupil.save()
        if save_problem:
            pupil.notice = f"{notice} {save_problem}"
        return pupil
