"""A newcomer finds the test of a module by its name: tests/<package>/test_<module>*.py (a
module of a sub-package, cardlib/bots/view.py, by its sub-package's name: test_bots*.py). The
modules tested under another name are listed here, each with the test file that tests it;
the list is the modules without a test of their own, kept honest both ways."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("translators", "cardlib", "card_tables", "exercises", "shared_tables", "classroom", "teacher")

TESTED_ELSEWHERE = {
    "cardlib/seats.py": "tests/cardlib/test_cards.py",
    "card_tables/auction_table.py": "tests/cardlib/test_manille_auction.py",
    "card_tables/base.py": "tests/card_tables/test_trick_table.py",
    "card_tables/bidding_table.py": "tests/cardlib/test_bots_bidding.py",
    "exercises/coder_widget.py": "tests/exercises/test_coder.py",
    "exercises/course.py": "tests/lessons/test_notebooks.py",
    "exercises/japanese_words.py": "tests/japanese/test_japanese.py",
    "exercises/lesson_page.py": "tests/lessons/test_notebooks.py",
    "exercises/manille_kinds.py": "tests/exercises/test_kinds.py",
    "exercises/passport.py": "tests/teacher/test_printouts.py",
    "exercises/pictures.py": "tests/lessons/test_lessons_5_12.py",
    "exercises/rulings.py": "tests/teacher/test_printouts.py",
    "exercises/session.py": "tests/lessons/test_taught_ideas.py",
    "exercises/tables.py": "tests/card_tables/test_trick_table.py",
    "shared_tables/store.py": "tests/shared_tables/test_rooms.py",
    "classroom/readings.py": "tests/cardlib/test_furigana.py",
    "classroom/contents.py": "tests/browser/test_app_contents.py",
    "classroom/kernel.py": "tests/classroom/test_pools.py",
    "classroom/pages.py": "tests/classroom/test_pools.py",
    "classroom/presenter.py": "tests/teacher/test_presenter.py",
    "teacher/aids.py": "tests/teacher/test_printouts.py",
    "teacher/certificate.py": "tests/teacher/test_printouts.py",
    "teacher/curtain_cards.py": "tests/teacher/test_printouts.py",
    "teacher/desk.py": "tests/teacher/test_printouts.py",
    "teacher/download.py": "tests/browser/test_teacher_download.py",
    "teacher/drawing.py": "tests/teacher/test_printouts.py",
    "teacher/hand_record.py": "tests/teacher/test_printouts.py",
    "teacher/pack.py": "tests/teacher/test_printouts.py",
    "teacher/passport.py": "tests/teacher/test_printouts.py",
    "teacher/passport_ticks.py": "tests/exercises/test_question_precheck.py",
    "teacher/presenter_screens.py": "tests/teacher/test_presenter.py",
    "teacher/reference.py": "tests/teacher/test_printouts.py",
    "teacher/result_form.py": "tests/teacher/test_traveller.py",
    "teacher/rules_card.py": "tests/teacher/test_printouts.py",
    "teacher/rulings.py": "tests/teacher/test_printouts.py",
    "teacher/score_sheets.py": "tests/teacher/test_printouts.py",
    "teacher/tables_desk.py": "tests/shared_tables/test_rooms.py",
    "teacher/traveller_page.py": "tests/teacher/test_traveller.py",
    "teacher/worksheet.py": "tests/teacher/test_printouts.py",
}


def modules() -> list[Path]:
    return sorted(path.relative_to(ROOT) for package in PACKAGES for path in (ROOT / package).rglob("*.py")
                  if path.name not in ("__init__.py", "__main__.py"))


def own_tests(module: Path) -> list[Path]:
    """tests/<package>/test_<name>*.py, named by the module or by its sub-package."""
    name = module.stem if len(module.parts) == 2 else module.parts[1]
    return sorted((ROOT / "tests" / module.parts[0]).glob(f"test_{name}*.py"))


def test_every_module_has_a_test_named_after_it_or_is_listed_with_the_test_that_tests_it():
    missing = [str(module) for module in modules()
               if not own_tests(module) and module.as_posix() not in TESTED_ELSEWHERE]
    assert not missing, ("modules with no test found by name: write tests/<package>/test_<module>.py, "
                         f"or list the test that tests them in TESTED_ELSEWHERE: {missing}")


def test_the_list_of_modules_tested_elsewhere_is_true():
    named = {module.as_posix(): module for module in modules()}
    for module, test in TESTED_ELSEWHERE.items():
        assert module in named, f"{module} is gone: take it off the list"
        assert not own_tests(named[module]), f"{module} has a test of its own now: take it off the list"
        assert (ROOT / test).is_file(), f"{module}: its test {test} is gone"


def test_every_test_file_is_in_the_folder_of_what_it_tests():
    loose = sorted(path.name for path in (ROOT / "tests").glob("test_*.py"))
    assert not loose, f"test files outside a folder: {loose}"
