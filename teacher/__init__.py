"""The teacher's desk: printouts (worksheets, answer keys, hand records, score sheets, the
glossary, the contract card, certificates) as PDFs, and the class's progress at a glance.

Imports point down: teacher uses shared_tables, exercises and cardlib; nothing
below imports teacher.
``python3 tasks.py print`` runs ``teacher.pack``; the notebooks ``teacher/printouts.ipynb``
and ``teacher/class_progress.ipynb`` are the teacher's pages.
"""
from pathlib import Path

from cardlib import messages

messages.register("teacher", Path(__file__).parent / "locale")
