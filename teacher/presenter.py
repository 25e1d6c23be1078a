"""The teacher's screen leads, the class screen follows: one small note in the class folder.

The app run with ``--teacher`` adds (teacher/presenter_screens.py) a presenter bar to each lesson (``PresenterBar``: one
"Show the class" button per section of the pupils' lesson) and, under the teacher's "Ask the
class" questions, a "Show this answer to the class" button for each (``AnswerButtons``). The
app run with ``--projector`` (the class screen) adds ``ClassScreen``, a tiny widget that asks
its kernel three times a second what the teacher chose: it scrolls to that section, shows that one
answer large (and no button), and on another page than the teacher's shows a link to it. A card
table the teacher plays is a demonstration: her screen writes the table's moves in the note, and the
class screen's own copy of that table replays them (each move checked by the rules again), so the
class sees the table she plays, as she plays it, but only what a pupil at that table may see. The
two apps share nothing but the note ``presenter.json`` in the class's progress folder
(``exercises.progress.progress_dir``), written whole and renamed into place, so a reader never
sees half of it. The note names a section or an answer by its number in the lesson, and the
class screen takes the text from its own copy of the lesson: a forged note can show only what
the teacher could, and a garbled one is ignored (the log says so, once).

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> show(folder, page="05_choosing_the_contract.ipynb", section=2).section
2
>>> read_note(folder).page, read_note(folder).answer
('05_choosing_the_contract.ipynb', None)
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from cardlib import messages, render, say
from exercises.course import TEACHER_TAG, asks_the_class
from exercises.progress import progress_dir

NOTE = "presenter.json"
POLL_MS = 300
PAGE = re.compile(r"(?:[a-z]{2}/)?\d\d_[a-z0-9_]+\.ipynb")
MOST = 500  # more sections or questions than any lesson has
TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,20}")  # a set deal's name: "5A", "14B"
MOST_MOVES = 200  # more moves than any table's deal has (52 cards, the calls, the taps)
FIELDS = {"page", "section", "answer", "moves"}
HEADING = re.compile(r"#{1,6}\s+(.+?)\s*#*\s*$")
QUESTION = re.compile(r'- (?:"(.+?)"\s*Answer:|「(.+?)」\s*答え：)\s*(.+)$')
_KEEP = object()

log = logging.getLogger("minibridge.presenter")
if not log.handlers:  # the app's terminal: a kernel's own stderr would print on the page
    log.addHandler(logging.StreamHandler(sys.__stderr__))
    log.setLevel(logging.INFO)


@dataclass(frozen=True)
class Note:
    """What the teacher shows the class: the page (below the lessons' folder), the number of
    a section of it (or None), the number of one answer (or None), how many times the
    teacher chose (so choosing the same section again scrolls again), the table she plays now
    (a set deal's name, or None) and the moves of each table she played on that page
    (``{"5A": {"actions": [...], "choices": {"role": "declarer"}}}``)."""

    page: str
    section: int | None = None
    answer: int | None = None
    moves: int = 0
    table: str | None = None
    tables: dict = field(default_factory=dict)


def _number(value: object) -> bool:
    return value is None or (type(value) is int and 0 <= value < MOST)


def _table_name(value: object) -> bool:
    return isinstance(value, str) and TABLE_NAME.fullmatch(value) is not None


def _moves(value: object) -> bool:
    """A table's moves as the teacher's screen wrote them: its actions (lists of words and numbers,
    which the class screen's table checks again) and the words of its choices."""
    if not (isinstance(value, dict) and set(value) == {"actions", "choices"}):
        return False
    actions, choices = value["actions"], value["choices"]
    return (isinstance(actions, list) and len(actions) <= MOST_MOVES
            and all(isinstance(a, list) and len(a) <= 3 and all(isinstance(x, (str, int)) for x in a) for a in actions)
            and isinstance(choices, dict) and len(choices) <= 4
            and all(_table_name(k) and isinstance(v, str) and len(v) <= 40 for k, v in choices.items()))


def read_note(folder=None) -> Note | None:
    """The teacher's note, or None when there is none yet or it is not one the teacher's screen
    wrote (then the log says why, once for each different reason)."""
    path = progress_dir(folder) / NOTE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeError, ValueError):
        return ignored("not_json")
    if not isinstance(data, dict) or not FIELDS <= set(data) <= FIELDS | {"table", "tables"}:
        return ignored("fields")
    tables = data.get("tables", {})
    if not (isinstance(data["page"], str) and PAGE.fullmatch(data["page"]) and _number(data["section"])
            and _number(data["answer"]) and type(data["moves"]) is int and data["moves"] >= 0
            and (data.get("table") is None or _table_name(data["table"]))
            and isinstance(tables, dict) and len(tables) <= MOST_MOVES
            and all(_table_name(name) and _moves(moves) for name, moves in tables.items())):
        return ignored("values")
    return Note(**data)


_complaints: set[str] = set()


def ignored(why: str) -> None:
    """Say in the log, once for each reason, that the class screen ignores the teacher's note."""
    if why not in _complaints:
        _complaints.add(why)
        log.warning(messages.plain(say("presenter_note_ignored", why=say(f"presenter_note_{why}"))))
    return None


def show(folder=None, *, page: str, section=_KEEP, answer=_KEEP, tables=_KEEP) -> Note:
    """Write what the class screen shows: ``page`` and, if given, a section, an answer and the
    moves of every table (None takes a section or answer away; left out keeps what was shown on
    that page). Returns the new note."""
    before = _before(folder, page)
    chosen = {name: value for name, value in (("section", section), ("answer", answer), ("tables", tables))
              if value is not _KEEP}
    # a section chosen: the class screen goes there, away from the table played before
    return _write(folder, replace(before, moves=before.moves + 1, **chosen,
                                  **({"table": None} if section is not _KEEP else {})))


def played(folder=None, *, page: str, table: str, actions: list, choices: dict[str, str]) -> Note:
    """Write the moves of the table ``table`` the teacher plays on ``page`` (its ``actions`` and
    the words of its ``choices``, such as her role); the class screen's copy replays them, and
    goes to that table when she begins to play another one than before. Returns the new note.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> note = played(folder, page="05_choosing_the_contract.ipynb", table="5A", actions=[["deal", 1]], choices={})
    >>> note.table, note.tables["5A"]["actions"]
    ('5A', [['deal', 1]])
    """
    before = _before(folder, page)
    tables = {**before.tables, table: {"actions": actions, "choices": choices}}
    moves = before.moves + (before.table != table)
    return _write(folder, replace(before, table=table, tables=tables, moves=moves))


def _before(folder, page: str) -> Note:
    if not PAGE.fullmatch(page):
        raise ValueError(f"not a lesson page: {page!r}")
    before = read_note(folder)
    if before is None or before.page != page:
        before = Note(page, moves=before.moves if before else 0)
    return before


def _write(folder, note: Note) -> Note:
    folder = progress_dir(folder)
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=folder, prefix=".presenter-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(note.__dict__, out)
    os.replace(name, folder / NOTE)
    return note


def page_of(folder: Path, lesson_file: str) -> str:
    """The page's name as the app's addresses give it: ``ja/05_x.ipynb`` for the Japanese edition."""
    edition = folder.name if folder.name in messages.languages() and folder.name != "en" else ""
    return f"{edition}/{lesson_file}.ipynb" if edition else f"{lesson_file}.ipynb"


def _cells(notebook: Path, teacher: bool) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"
            and (TEACHER_TAG in cell.get("metadata", {}).get("tags", [])) == teacher]


def sections(notebook: Path) -> list[str]:
    """The headings of the pupils' part of a lesson, in order (as the class screen shows them)."""
    found = []
    for source in _cells(notebook, teacher=False):
        fenced = False
        for line in source.splitlines():
            fenced ^= line.lstrip().startswith("```")
            if not fenced and (heading := HEADING.fullmatch(line)):
                found.append(heading.group(1))
    return found


def questions(notebook: Path) -> list[tuple[str, str]]:
    """The teacher's "Ask the class" questions of a lesson, each with its answer."""
    found = []
    for source in _cells(notebook, teacher=True):
        asking = False
        for line in source.splitlines():
            if asks_the_class(line):
                asking = True
            elif asking and (question := QUESTION.match(line)):
                found.append((question.group(1) or question.group(2), question.group(3)))
            elif asking and found and not line.strip():
                asking = False
    return found


def as_html(text: str) -> str:
    """A line of a lesson's markdown as HTML: its ruby kept (with the readings of a 3rd-grade class,
    cardlib.furigana), its **bold** bold, the rest escaped."""
    text = messages.for_the_class(text)
    text = re.sub(r"</?rp>|<rp>.*?</rp>", "", re.sub(r"<rp>.*?</rp>", "", text))
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", render.text_html(text))


def as_label(text: str) -> str:
    """A heading as a button's words: no markdown, readings in brackets."""
    return messages.plain(messages.for_the_class(re.sub(r"<rp>.*?</rp>", "", text))).replace("**", "").replace("`", "")

