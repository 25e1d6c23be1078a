"""The app's readings for a 3rd-grade class: the Japanese lessons' text with the kanji of grade 3 read.

``ClassGradeReadings`` (an nbconvert preprocessor, turned on by ``tasks.voila_command`` when the
app is started with ``--class-grade 3``) gives each markdown cell's words of ``cardlib.furigana``
their ruby, in the lessons' own form (``<ruby>取<rp>（</rp><rt>と</rt><rp>）</rp></ruby>る``).
The lessons' files stay as they are; English text has none of these words and is left alone.
The messages the lesson's code shows read the same setting (MINIBRIDGE_CLASS_GRADE) themselves.
"""
from __future__ import annotations

from nbconvert.preprocessors import Preprocessor

from cardlib import furigana


class ClassGradeReadings(Preprocessor):
    """Readings on the kanji of grade 3 in every markdown cell."""

    def preprocess(self, nb, resources):
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                cell.source = furigana.add_readings(cell.source, brackets=True)
        return nb, resources
