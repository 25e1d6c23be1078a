"""The MiniBridge passport in the class view: the table skills (exercises.passport.PASSPORT_SKILLS)
the teacher ticks while walking round, one box a pupil and skill, saved in the progress store
at once, so a certificate can say which skills were ticked.

>>> import tempfile
>>> folder = tempfile.mkdtemp(); _ = ProgressStore(folder).open("Aiko")
>>> ticks = PassportTicks(folder); ticks.boxes["Aiko", "follows_suit"].value = True
>>> ProgressStore(folder).passport()
{'Aiko': {'follows_suit'}}
"""
from __future__ import annotations

import ipywidgets as widgets

from cardlib import render, say
from cardlib.messages import plain
from exercises.passport import PASSPORT_SKILLS
from exercises.progress import ProgressStore
from teacher.passport import skill_words


class PassportTicks(widgets.VBox):
    """A row of boxes for each pupil, a column for each skill; a tick is saved when it is made."""

    def __init__(self, progress_dir=None):
        self.store = ProgressStore(progress_dir)
        ticked = self.store.passport()
        self.note = widgets.HTML()
        self.boxes: dict[tuple[str, str], widgets.Checkbox] = {}
        pupils = self.store.pupils()
        rows = []
        for pupil in pupils:
            row = [widgets.HTML(f"<b>{render.text_html(pupil)}</b>", layout=widgets.Layout(width="10em"))]
            for skill in PASSPORT_SKILLS:
                box = widgets.Checkbox(value=skill in ticked.get(pupil, set()), indent=False,
                                       description=plain(skill_words(skill)), layout=widgets.Layout(width="auto"))
                box.observe(lambda change, pupil=pupil, skill=skill: self._tick(pupil, skill, change), "value")
                self.boxes[pupil, skill] = box
                row.append(box)
            rows.append(widgets.HBox(row, layout=widgets.Layout(flex_flow="row wrap")))
        if not pupils:
            self.note.value = f"<p>{render.text_html(say('desk_no_pupils'))}</p>"
        super().__init__([*rows, self.note])

    def _tick(self, pupil: str, skill: str, change) -> None:
        value = change["new"]
        if not isinstance(value, bool):  # a forged message: put the box back as the store holds it
            self.boxes[pupil, skill].value = skill in self.store.passport().get(pupil, set())
            self.note.value = f"<p>{render.text_html(say('desk_passport_not_a_tick'))}</p>"
            return
        problem = self.store.open(pupil).tick(skill, value)
        words = problem or say("desk_passport_saved" if value else "desk_passport_unticked",
                               pupil=pupil, skill=skill_words(skill))
        self.note.value = f"<p>{render.text_html(words)}</p>"
