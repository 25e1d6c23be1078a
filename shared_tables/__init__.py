"""The tables a class shares: four pupils at one table on four devices, the class's sessions,
seats, moves and results (``shared_tables.rooms``), kept in ``shared_tables.store`` (SQLite in
the class folder, or a school hub's PostgreSQL), and a pupil's seat page (``shared_tables.seat``,
shown by notebooks/play_together.ipynb). The teacher's controls are ``teacher.tables_desk``.
"""
from pathlib import Path

from cardlib import messages

messages.register("shared_tables", Path(__file__).parent / "locale")
