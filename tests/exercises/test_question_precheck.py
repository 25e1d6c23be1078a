"""The pre-check at the start of every lesson and the class view's gains: three questions
of the exit quiz's kinds, saved like the quiz; per pupil and skill the pre-check beside the
exit quiz; the skills the class still misses."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from exercises import ProgressStore
from exercises.course import COURSE, is_precheck, lesson_of
from teacher.class_view import ClassView

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_every_lesson_has_a_precheck_of_its_quiz_kinds(lesson):
    check = lesson.precheck()
    again = lesson.precheck()
    assert check.size == 3
    assert [q.prompt for q in check.questions] == [q.prompt for q in again.questions]
    assert {q.kind for q in check.questions} <= set(lesson.quiz_kinds)
    assert [q.prompt for q in check.questions] != [q.prompt for q in lesson.quiz().questions][:3]


@pytest.mark.parametrize("edition", ["", "ja/"])
@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_every_lesson_notebook_asks_its_precheck_first(lesson, edition):
    cells = json.loads((ROOT / "notebooks" / f"{edition}{lesson.notebook}.ipynb").read_text("utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    wanted = f"ExerciseWidget(lesson={lesson.number}, precheck=True)"
    assert wanted in code
    assert code.index(wanted) < code.index(f"ExerciseWidget(lesson={lesson.number}, quiz=True)")


def _answer(quiz, right):
    for question, good in zip(list(quiz.questions), right):
        quiz.check(quiz.question.answer if good else quiz.question.answer + 1)
        quiz.next()


def test_the_class_view_shows_the_gain_and_what_the_class_still_misses(tmp_path):
    store = ProgressStore(tmp_path)
    lesson = lesson_of(3)
    for name in ("Aiko", "Ben"):
        pupil = store.open(name)
        check = lesson.precheck(progress=pupil)
        _answer(check, [False] * 3)
        assert check.result_words.startswith("Pre-check done: 0 out of 3")
        quiz = lesson.quiz(progress=pupil)
        # hcp right in the quiz, the missing number (announcements:fourth) wrong
        _answer(quiz, [q.kind == "hcp" for q in quiz.questions])
    view = ClassView(tmp_path)
    assert [m.seed for m in view.quizzes if is_precheck(m.seed)] == ["pre-check 3", "pre-check 3"]
    cell = view.cells["Aiko", 3]
    assert cell.precheck == (0, 3) and cell.quiz == (2, 5)  # the pre-check is not the lesson's mark
    marks = view.skill_marks("Aiko", 3)
    assert marks["hcp"][1] == (2, 2) and marks["hcp"][0][0] == 0
    assert marks["announcements:fourth"][1] == (0, 2)
    assert "announcements:fourth" in view.class_misses(3) and "hcp" not in view.class_misses(3)
    page = view.gains(3)
    assert "pre-check 0/1 → quiz 2/2" in page
    assert "Still missed by the class" in page and "counting high-card points" in page
    assert "pre-check 0/3" in view.table()


def test_a_lesson_nobody_has_started_says_so(tmp_path):
    store = ProgressStore(tmp_path)
    store.open("Cleo")
    assert "No pupil has done this lesson&#x27;s pre-check or quiz yet." in ClassView(tmp_path).gains(5)


def test_the_precheck_keeps_its_own_place_on_the_page():
    from exercises.page import new_page
    from exercises.widget import ExerciseWidget

    new_page()
    check, quiz = ExerciseWidget(lesson=2, precheck=True), ExerciseWidget(lesson=2, quiz=True)
    assert (check.part, quiz.part) == ("pre-check 1", "quiz 1")


def test_the_teacher_ticks_passport_skills_and_the_certificate_names_them(tmp_path):
    from pypdf import PdfReader
    import io

    from cardlib import CardError
    from exercises.passport import PASSPORT_SKILLS
    from teacher.certificate import certificates
    from teacher.passport_ticks import PassportTicks

    store = ProgressStore(tmp_path)
    store.open("Aiko"), store.open("Ben")
    ticks = PassportTicks(tmp_path)
    assert len(ticks.boxes) == 2 * len(PASSPORT_SKILLS) == 12
    ticks.boxes["Aiko", "follows_suit"].value = True
    ticks.boxes["Aiko", "checks_the_40"].value = True
    assert "Saved: Aiko — Checks the 40 ✔" in ticks.note.value
    ticks.boxes["Aiko", "checks_the_40"].value = False
    assert ProgressStore(tmp_path).passport() == {"Aiko": {"follows_suit"}}
    again = PassportTicks(tmp_path)  # the ticks come back when the view is opened again
    assert again.boxes["Aiko", "follows_suit"].value and not again.boxes["Ben", "follows_suit"].value
    with pytest.raises(CardError, match="no skill called"):
        store.open("Ben").tick("juggles")
    assert ProgressStore(tmp_path).passport() == {"Aiko": {"follows_suit"}}
    pdf = certificates(COURSE[0], ["Aiko", "Ben"], passport=ProgressStore(tmp_path).passport())
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(bytes(pdf.output()))).pages]
    assert "Follows suit" in pages[0] and "Checks the 40" not in pages[0]
    assert "Table skills" not in pages[1]
