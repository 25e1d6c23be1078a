"""The app's presenter cells: what the teacher's screen and the class screen add to each page.

``PresenterCells`` (an nbconvert preprocessor, turned on by ``tasks.voila_command`` for the
teacher's app and the projector's) puts a cell after a lesson's first one (its set-up), and, on
the teacher's screen, one after the teacher's "Ask the class" questions. They call
``teacher.presenter_screens``, which decides by the app's environment what to show (the cells'
code names it; this module never imports teacher, which sits above classroom). The lessons'
files stay as they are: JupyterLab, the pupils' app and the tests never see these cells.
"""
from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_code_cell

from exercises.course import TEACHER_TAG, asks_the_class

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
        nb.cells.insert(codes[0] + 1, new_code_cell(TOP.format(name=name)))
        return nb, resources
