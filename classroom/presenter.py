"""The app's presenter cells: what the teacher's screen and the class screen add to each page.

``PresenterCells`` (an nbconvert preprocessor, turned on by ``tasks.voila_command`` for the
teacher's app and the projector's) puts a cell after a lesson's first one (its set-up), and, on
the teacher's screen, one after the teacher's "Ask the class" questions. They call
``teacher.presenter_screens``, which decides by the app's environment what to show (the cells'
code names it; this module never imports teacher, which sits above classroom). The lessons'
files stay as they are: JupyterLab, the pupils' app and the tests never see these cells.

On the class screen it also tags the cells the class does not need on the projector
(``class_screen_tags``): what the lesson's plan does out of class, and all but one of a
lesson's alternatives. The projector's style sheet hides them; the class screen's follower shows
one when the teacher shows it, and lets the teacher choose among the alternatives. A part out of
class in one edition only (a 45-minute Japanese class leaves lesson 21's pre-check out) is tagged
for that edition; the page's own style sheet, which knows its edition, hides it there.

A pupil's own page needs nothing from here: the lesson's file tags each of its alternatives'
cells ``pick_<name>`` itself (lesson 17's games), and the page template's one-choice script (the
same in the app, in Voilà on a school's server and on the website) shows one at a time.
"""
from __future__ import annotations

import re

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_code_cell

from cardlib import render
from exercises.course import TEACHER_TAG, asks_the_class, lesson_of
from exercises.plans import LIMITS, PLANS

TOP = "from teacher.presenter_screens import presenter\npresenter({name!r})"
ANSWERS = "from teacher.presenter_screens import answer_buttons\nanswer_buttons({name!r})"


class PresenterCells(Preprocessor):
    """Add the presenter's cells to a notebook named ``resources["metadata"]["name"]``."""

    def preprocess(self, nb, resources):
        name = (resources or {}).get("metadata", {}).get("name")
        codes = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"]
        if not name or not codes:
            return nb, resources
        asked = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "markdown"
                 and TEACHER_TAG in cell.get("metadata", {}).get("tags", [])
                 and any(asks_the_class(line) for line in cell.source.splitlines())]
        if asked:
            nb.cells.insert(asked[0] + 1, new_code_cell(ANSWERS.format(name=name), metadata={"tags": [TEACHER_TAG]}))
        if render.PREFERENCES.class_screen:
            for index, tags in class_screen_tags(nb.cells, name).items():
                nb.cells[index].setdefault("metadata", {}).setdefault("tags", []).extend(tags)
        nb.cells.insert(codes[0] + 1, new_code_cell(TOP.format(name=name)))
        return nb, resources


# The tags the class screen hides (exercises.lesson_page's projector style sheet): a section the
# plan does out of class, ``off_<section>`` naming it so the follower can show it whole (OFF in
# every edition; ``off_class_screen_<edition>`` when only that edition's plan does it out of
# class, as its shorter class needs); and the alternatives of a choice after its first,
# ``choice_<group>_<name>`` naming each.
OFF, LATER = "off_class_screen", "choice_later"
EDITIONS = tuple(LIMITS)
PRACTICE = re.compile(r"\bExerciseWidget\((?![^)]*\b(quiz|precheck)=True)")  # practice on screen, not a quiz
PRE_CHECK = re.compile(r"\bExerciseWidget\([^)]*\bprecheck=True")
SET_DEAL = re.compile(r"\bLESSON\.deals\[(\d+)\]\.table_widget\(")
LAB = re.compile(r"\bChanceLab\(")


def _is_heading(cell) -> bool:
    return cell.cell_type == "markdown" and cell.source.lstrip().startswith("#")


def off_tag(edition: str | None = None) -> str:
    """The tag of what the class screen leaves out: in every edition, or in ``edition`` only."""
    return OFF if edition is None else f"{OFF}_{edition}"


def _out_in(step) -> set[str]:
    """The editions whose plan does ``step`` out of class."""
    return {edition for edition in EDITIONS if step.where(edition)}


def class_screen_tags(cells, name: str) -> dict[int, list[str]]:
    """The tags the class screen adds to a lesson's cells (by index), from its plan: practice on
    screen (every plan sends it to fast finishers or home) and the set deals no table plays in
    class (a second deal is for a club session or home, on screen) are off
    the class screen, their whole section, and so are the cells whose metadata "path" a step out
    of class names; the alternatives a teacher chooses among (the other cells with a "path", when
    there are two or more: the game of the day; the chance labs, as the plan shows one on the projector and gives the
    others as homework; the two deals of a lesson whose tables play half one and half the
    other) show one at a time. The pre-check is off when the plan leaves it out of class (in one
    edition: ``off_class_screen_<edition>``, as for a "path" out of class in one edition only)."""
    number = int(name[:2]) if name[:2].isdigit() else None
    if number not in PLANS:
        return {}
    lesson = lesson_of(number)
    played = {s.deal for s in PLANS[number] if not s.out and s.deal} | {s.split for s in PLANS[number] if not s.out}
    away = {s.path: _out_in(s) for s in PLANS[number] if s.path and _out_in(s)}
    pre_check_out = set().union(*(_out_in(s) for s in PLANS[number] if s.kind == "pre_check"))
    halves = {letter for s in PLANS[number] if not s.out and s.split for letter in (s.deal, s.split)}
    # a path is an alternative only beside another the class may take (lesson 19's one path in
    # class, its steps by hand, is simply shown)
    kept = {c.get("metadata", {}).get("path") for c in cells} - set(away) - {None}
    sections: list[list[int]] = [[]]
    for index, cell in enumerate(cells):
        if TEACHER_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        if _is_heading(cell) and sections[-1]:
            sections.append([])
        sections[-1].append(index)
    tags: dict[int, list[str]] = {}
    choices: dict[str, list[str]] = {}  # group -> its alternatives, in order

    def leave_out(index: int, number: int, editions: set[str]) -> None:
        here = [OFF] if set(EDITIONS) <= editions else [off_tag(e) for e in sorted(editions)]
        tags.setdefault(index, []).extend([*here, f"off_{number}"])

    def choose(index: int, group: str, alternative: str) -> None:
        known = choices.setdefault(group, [])
        if alternative not in known:
            known.append(alternative)
        tags.setdefault(index, []).append(f"choice_{group}_{alternative}")
        if known.index(alternative):
            tags[index].append(LATER)

    for number, section in enumerate(sections):
        codes = [cells[i].source for i in section if cells[i].cell_type == "code"]
        deals = {lesson.deals[int(d)].name[-1] for code in codes for d in SET_DEAL.findall(code)}
        if any(PRACTICE.search(code) for code in codes) or (deals and not deals & played):
            for index in section:
                leave_out(index, number, set(EDITIONS))
        elif pre_check_out and any(PRE_CHECK.search(code) for code in codes):
            for index in section:
                leave_out(index, number, pre_check_out)
        elif any(LAB.search(code) for code in codes):
            for index in section:
                choose(index, "lab", str(number))
        elif deals and deals <= halves:
            for index in section:
                choose(index, "deal", min(deals))
        for index in section:
            path = cells[index].get("metadata", {}).get("path")
            if path in away:
                leave_out(index, number, away[path])
            elif path is not None and len(kept) > 1:
                choose(index, "path", re.sub(r"\W", "_", str(path)))
    return tags
