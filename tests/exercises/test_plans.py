"""Every lesson's plan fits one class with real cards by the timing model (exercises.plans), in
both editions (50 minutes in English, 45 in Japanese); its length is computed, never typed; one
full deal in class; what does not fit says where it goes; and every lesson's teacher section
shows the plan the model computes, in both editions, with no minutes typed in its text."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib import messages
from exercises.course import COURSE, lesson_of
from exercises.plans import (FULL_DEAL_MINUTES, LIMITS, MINUTES, PLANS, TABLES, WHERE, Plan, Step, minutes_of,
                             plan_of)

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"en": ROOT / "notebooks", "ja": ROOT / "notebooks" / "ja"}
PLAN_CELL = "from exercises.plans import plan_of\n\nplan_of(LESSON)"
TYPED_MINUTES = re.compile(r"^- \d+ ?(min|分)[:：]", re.M)

BOTH = [pytest.param(edition, lesson.number, id=f"{edition}-{lesson.number:02d}") for edition in LIMITS for lesson in COURSE]


@pytest.fixture
def language():
    yield messages.set_language
    messages.set_language("en")


def test_every_lesson_has_a_plan():
    assert sorted(PLANS) == [lesson.number for lesson in COURSE]


def problems(plan: Plan) -> list[str]:
    """What is wrong with a plan by the model (nothing: it fits its class)."""
    found = []
    if plan.minutes > plan.limit:
        found.append(f"{plan.minutes} minutes in a class of {plan.limit}")
    if plan.full_deals > 1:
        found.append(f"{plan.full_deals} full deals in class")
    kinds = [step.kind for _, step in plan.in_class]
    quiz_at_home = any(s.kind == "quiz" and s.where(plan.edition) == "home" for s in plan.steps)
    if kinds.count("talk") != 1 or kinds.count("recap") > 1 or not ("quiz" in kinds or quiz_at_home) or "pre_check" not in kinds:
        found.append(f"not the routine: {kinds}")
    if set(kinds) & {"board", "deal", "count_deals"} and not {"report", "matchpoints"} & set(kinds):
        found.append("the tables' results are not compared in class")
    if "practice" in kinds:
        found.append("practice on screen in class: it is for fast finishers, the next lesson's start or home")
    if "deal" in kinds and plan.lesson.number != 17:  # lesson 17's game is dealt at each table
        found.append("free play (a new deal shuffled at the table) in class")
    if not any(step.kind == "practice_sheet" for step in plan.steps):
        found.append("no practice sheet, in class or at home")
    found += [f"{step.kind} goes to {step.where(plan.edition)!r}" for _, step in plan.out_of_class
              if step.where(plan.edition) not in WHERE]
    return found


@pytest.mark.parametrize("edition, number", BOTH)
def test_the_plan_fits_its_class_by_the_model(edition, number):
    plan = plan_of(number, edition)
    assert plan.minutes == sum(minutes_of(step, plan.lesson, edition) for _, step in plan.in_class)
    assert problems(plan) == [], f"lesson {number} ({edition})"


@pytest.mark.parametrize("number", [lesson.number for lesson in COURSE])
def test_a_step_out_of_class_in_english_is_out_in_japanese_too(number):
    """The Japanese class is shorter: it may move more out, never bring more in."""
    english, japanese = plan_of(number, "en"), plan_of(number, "ja")
    assert {id(s) for _, s in japanese.in_class} <= {id(s) for _, s in english.in_class}


def test_a_japanese_class_asks_the_first_four_questions_of_the_quiz_and_keeps_the_comparison(language):
    """45 minutes, not 50: the quiz is a question shorter, so the tables' results (half the tables
    against the other half in lessons 8, 9, 11, 20 and 22) are compared in the same class."""
    for lesson in COURSE:
        english = [(q.kind, q.seed) for q in lesson.quiz().questions]
        language("ja")
        japanese = lesson.quiz().questions
        language("en")
        assert len(japanese) == min(lesson.quiz_size, 4) and [(q.kind, q.seed) for q in japanese] == english[:4]
    for number in (8, 9, 11, 20, 22):
        assert "report" in [step.kind for _, step in plan_of(number, "ja").in_class]
    assert minutes_of(Step("quiz"), lesson_of(8), "ja") == 6 and minutes_of(Step("quiz"), lesson_of(8), "en") == 7


def test_the_model_takes_the_slow_end_of_the_teachers_figures():
    lesson = lesson_of(5)
    full = Step("board", deal="A")  # 13 cards a hand, from a board, with announcing and the contract
    assert FULL_DEAL_MINUTES == 15 and minutes_of(full, lesson) == 2 + 2 + 15
    assert minutes_of(Step("pre_check"), lesson) == 4 and minutes_of(Step("quiz"), lesson) == 7  # 3 questions, 5
    assert MINUTES["recap"] + MINUTES["talk"] == 10  # recap and talk: 10 minutes together at most
    assert minutes_of(Step("make_up", deal="B"), lesson) == 5 + 2 + 15  # a board made up from the curtain cards
    assert minutes_of(Step("board", deal="A"), lesson_of(1)) == 1 + 4  # the one-suit game: 3 tricks
    assert minutes_of(Step("board", deal="A"), lesson_of(14)) == 2 + 10  # Manille: 8 tricks, no trumps yet
    assert minutes_of(Step("board", deal="A"), lesson_of(15)) == 2 + 1 + 10  # the dealer names trumps



def test_lesson_21s_draw_for_partners_is_timed_on_top_of_the_move_to_the_tables():
    """The draw is a step of its own: moving to tables (3) and then the draw at every table (1);
    timed as a plain move it had no minute for drawing and changing seats."""
    draw = [s for s in PLANS[21] if s.note == "plan_21_draw"]
    assert [s.kind for s in draw] == ["draw"]
    assert minutes_of(draw[0], lesson_of(21)) == MINUTES["move"] + 1 == 4
    assert all(not s.where(edition) for s in draw for edition in LIMITS)  # in class in both editions
    assert "plan_21_draw" not in {s.note for n, steps in PLANS.items() if n != 21 for s in steps}


def test_a_plan_that_does_not_fit_is_seen():
    lesson = lesson_of(5)
    crowded = Plan(lesson, "ja", PLANS[5] + (Step("board", deal="B"), Step("practice"), Step("practice_sheet", out="later")))
    assert problems(crowded) == ["69 minutes in a class of 45", "2 full deals in class",
                                 "practice on screen in class: it is for fast finishers, the next lesson's start or home",
                                 "practice_sheet goes to 'later'"]


def test_the_packs_a_class_needs():
    assert plan_of(5, "en").packs == TABLES == 7  # one board a table
    assert plan_of(1, "en").packs == 14  # the one-suit game and the whole deal, each its own board
    assert plan_of(17, "en").packs == 10  # each table shuffles its own pack; three-player Manille: 10 tables of 3
    assert "tables of four need 7" in str(plan_of(17, "en"))
    assert plan_of(19, "en").packs == 2  # by hand: a hand of 13 a table, and a pack makes four
    assert plan_of(19, "en").with_devices.packs == 0  # a computer for each pupil or pair, no cards


@pytest.mark.parametrize("edition", LIMITS)
def test_lesson_19_runs_by_hand_in_class_and_the_devices_path_fits_instead(edition):
    """A class with one projector and no devices is the computer: its steps by hand are the plan's
    class; a class with a computer for each pupil or pair codes the same two functions instead,
    and that plan fits its class too, with no step by hand left in it."""
    plan = plan_of(19, edition)
    in_class = [s for _, s in plan.in_class]
    assert [s.kind for s in in_class if s.path == "by_hand"] == ["move", "by_hand", "by_hand"]
    assert not problems(plan) and plan.minutes <= plan.limit
    devices = plan.with_devices
    assert [s.kind for _, s in devices.in_class] == ["recap", "pre_check", "talk", "move", "code", "code", "quiz"]
    assert not problems(devices) and devices.minutes == plan.minutes
    assert not any(s.where(edition) == "devices" for s in devices.steps)
    assert plan_of(5, edition).with_devices == plan_of(5, edition)  # no other lesson has a devices path


@pytest.mark.parametrize("edition", LIMITS)
def test_the_plan_reads_in_its_editions_language(edition, language):
    language(edition)
    plan = plan_of(5)
    assert plan.edition == edition and plan.limit == LIMITS[edition]
    html = plan._repr_html_()
    assert str(plan.minutes) in html and str(plan.limit) in html
    text = str(plan)
    if edition == "ja":
        assert "45分のうち" in text and "min" not in text and "ディールA" in text
    else:
        assert "of 50 minutes" in text and "Deal A" in text and "If time" in text
    for minutes, _ in plan.in_class:
        assert (f"{minutes}分：" if edition == "ja" else f"{minutes} min:") in text


@pytest.mark.parametrize("edition, number", BOTH)
def test_the_teacher_section_shows_the_computed_plan_and_types_no_minutes(edition, number):
    notebook = FOLDERS[edition] / f"{lesson_of(number).notebook}.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    plan_cells = [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]) == PLAN_CELL]
    assert len(plan_cells) == 1 and "teacher" in plan_cells[0]["metadata"].get("tags", [])
    teacher = "\n".join("".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", []))
    assert not TYPED_MINUTES.search(teacher), f"minutes typed in {notebook.name}: the plan computes them"
    assert "Timing (" not in teacher and "時間配分（" not in teacher
