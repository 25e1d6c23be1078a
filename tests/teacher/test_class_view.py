"""The teacher's class view, from a seeded progress database: pupils × lessons with done,
mark and time spent; the slips each pupil makes most; a chart for each lesson; CSV. The
notebook teacher/class_progress.ipynb runs under nbval with the seeded database and with
none at all."""
from __future__ import annotations

import csv
import io
import re
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from exercises import ProgressStore
from exercises.course import COURSE
from teacher.class_view import ClassView, time_spent

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "teacher" / "class_progress.ipynb"
START = 1_700_000_000.0  # a Tuesday morning


def seed(folder: Path) -> None:
    """Aiko finishes lesson 3's quiz (4 of 5) over 12 minutes, then comes back the next day
    for 3 minutes of practice; Ben practises lesson 1 and slips twice the same way; Cleo
    has typed her name and nothing else; an answer from the JSON days has no lesson."""
    store = ProgressStore(folder)
    aiko, ben = store.open("Aiko"), store.open("Ben")
    store.open("Cleo")
    quiz = COURSE[2].quiz(progress=aiko)
    for i in range(quiz.size):
        quiz.check(quiz.question.answer if i else quiz.question.answer + 1)
        quiz.next()
    aiko.record("hcp", True, 1, lesson=3, seed=1)
    aiko.record("hcp", True, 2, lesson=3, seed=2)
    for slip in ("played_a_discard_to_win", "played_a_discard_to_win", None):
        ben.record("trick_no_trumps", False, 0, lesson=1, seed=3, slip=slip)
    ben.record("may_play", True, 1, lesson=1, seed=4)
    ben.record("hcp", True, 2)  # no lesson named
    with sqlite3.connect(folder / "class-progress.sqlite") as db:  # the clock, as it was
        ids = [row[0] for row in db.execute("SELECT a.id FROM answers a WHERE pupil = 'aiko' ORDER BY id")]
        times = [START + minutes * 60 for minutes in (0, 3, 6, 9, 12)] + [START + 86400, START + 86400 + 180]
        db.executemany("UPDATE answers SET at = ? WHERE id = ?", list(zip(times, ids)))


@pytest.fixture
def seeded(tmp_path):
    seed(tmp_path)
    return tmp_path


def test_time_spent_counts_sittings_not_the_nights_between():
    assert time_spent([]) == 0 and time_spent([START]) == 0
    assert time_spent([START, START + 600, START + 86400, START + 86400 + 60]) == 660


def test_the_table_shows_done_mark_right_answers_and_time(seeded):
    view = ClassView(seeded)
    assert view.pupils == ["Aiko", "Ben", "Cleo"]
    aiko = view.cells["Aiko", 3]
    assert aiko.done and aiko.quiz == (4, 5) and (aiko.answers, aiko.right) == (7, 6)
    assert aiko.seconds == 15 * 60, "12 minutes on Tuesday and 3 on Wednesday"
    words, _ = ClassView.cell_words(aiko)
    assert words.splitlines() == ["✔ quiz 4/5", "6 of 7 right", "15 min"]
    ben = view.cells["Ben", 1]
    assert not ben.done and ClassView.cell_words(ben)[0].splitlines()[0] == "1 of 4 right"
    table = view.table()
    assert "Aiko" in table and "Cleo" in table and "✔ quiz 4/5" in table and "3. Points" in table
    assert "Earlier (no lesson named)" in table, "answers from before lessons were named have a column"


def test_slips_each_pupil_makes_most(seeded):
    slips = ClassView(seeded).slips()
    ben = next(line for line in slips.split("<li>") if "Ben" in line)
    assert "played a discard to win (2×)" in ben and "which card wins (no trumps) (3 wrong of 3)" in ben
    cleo = next(line for line in slips.split("<li>") if "Cleo" in line)
    assert "no answers yet" in cleo


def test_a_chart_for_each_lesson_with_answers(seeded):
    view = ClassView(seeded)
    chart = view.lesson_chart(3)
    assert chart.startswith('<svg role="img" aria-label="3. Points"') and ">3. Points</text>" in chart
    assert ">Aiko</text>" in chart and ">quiz 4/5</text>" in chart
    # Aiko's 7 answers in lesson 3: 6 right, 1 wrong (striped, not told by colour alone)
    assert "<title>right: 6</title>" in chart and "<title>wrong: 1</title>" in chart and 'fill="url(#mb-wrong-3)"' in chart
    right, wrong = (float(w) for w in re.findall(r'width="([\d.]+)" height="\d+" fill="(?:#1B5E20|url\(#mb-wrong-3\))"><title>', chart))
    assert abs(right - 6 * wrong) < 0.5  # the bars' lengths are the numbers
    assert view.charts().count("<svg") == 3  # lessons 1, 3 and the answers with no lesson


def test_csv_export_has_a_line_for_each_pupil_and_lesson(seeded):
    rows = list(csv.reader(io.StringIO(ClassView(seeded).csv_text())))
    assert rows[0][:3] == ["pupil", "lesson", "lesson title"]
    by_key = {(r[0], r[1]): r for r in rows[1:]}
    assert by_key["Aiko", "3"][3:9] == ["7", "6", "4", "5", "15.0", "yes"]
    assert by_key["Ben", "1"][-1] == "played_a_discard_to_win"
    assert "data:text/csv;base64," in ClassView(seeded).csv_link()


def test_with_no_pupils_every_part_says_so(tmp_path):
    view = ClassView(tmp_path / "empty")
    for part in (view._repr_html_(), view.table(), view.slips()):
        assert "No pupil has typed their name" in part
    assert "No answers yet" in view.charts() and len(view.csv_text().splitlines()) == 1
    assert not (tmp_path / "empty").exists(), "looking creates nothing"


def test_a_damaged_database_is_told_to_the_teacher(tmp_path):
    (tmp_path / "class-progress.sqlite").write_bytes(b"not a database" * 100)
    ProgressStore(tmp_path).open("Dan")
    assert "was found damaged" in ClassView(tmp_path)._repr_html_()


def run_notebook(folder: Path, out: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, MINIBRIDGE_PROGRESS_DIR=str(folder))
    return subprocess.run([sys.executable, "-m", "pytest", "--nbval-lax", "-p", "no:cacheprovider", "-q",
                           str(NOTEBOOK), f"--junitxml={out}"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("seeded_class", [True, False], ids=["seeded", "no pupils"])
def test_the_class_view_notebook_runs_under_nbval(tmp_path, seeded_class):
    pytest.importorskip("ipywidgets")  # the teacher's notebook shows widgets
    folder = tmp_path / "class"
    if seeded_class:
        seed(folder)
    result = run_notebook(folder, tmp_path / "report.xml")
    assert result.returncode == 0, result.stdout[-3000:]
    cells = [c for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    assert f"{len(cells)} passed" in result.stdout


def test_the_class_view_notebook_is_committed_clean_and_shows_what_it_says():
    notebook = json.loads(NOTEBOOK.read_text())
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    ids = [c["id"] for c in notebook["cells"]]
    assert ids == [f"class-cell-{i:02d}" for i in range(len(ids))]
    source = "".join("".join(c["source"]) for c in code)
    for part in ("HandIns()", "view.table()", "view.slips()", "view.learning()", "PassportTicks()", "view.charts()",
                 "view.csv_link()"):
        assert part in source
