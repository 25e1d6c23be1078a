"""The short form on the teacher's screen for a table playing with real cards: board, table,
contract, declarer and tricks. cardlib.duplicate checks the result; an impossible one is
refused in words and nothing is written.

>>> from cardlib.duplicate import seeded_boards
>>> written = []
>>> form = ResultForm(seeded_boards(2, seed=7), written.append, tables=6)
>>> form.table.value, form.tricks.value = "2", "14"
>>> form.send(); written, "14 is not a number of tricks" in form.message.value
([], True)
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from cardlib import CardError, render, say
from cardlib.duplicate import Board, Result, check_result, written_score
from cardlib.messages import plain
from cardlib.minibridge import CONTRACTS, Scoring

WRONG, RIGHT = "#B71C1C", "#1B5E20"


class ResultForm(widgets.VBox):
    """``record(result)`` keeps a checked result (the class's results store); ``results_for()``
    gives the results already kept (rows), so a table cannot give two for one board."""

    def __init__(self, boards: list[Board], record: Callable[[Result], None],
                 results_for: Callable[[], list[dict]] | None = None, tables: int | None = None,
                 rules: str | Scoring | None = None):
        self.boards = {b.number: b for b in boards}
        self.record, self.results_for, self.tables, self.rules = record, results_for, tables, rules
        wide = {"description_width": "initial"}
        self.board = widgets.Dropdown(options=[(plain(say("traveller_board", board=b.label)), b.number) for b in boards],
                                      description=plain(say("traveller_form_board")), style=wide)
        self.table = widgets.Text(description=plain(say("desk_results_table")), style=wide,
                                  layout=widgets.Layout(width="10em"))
        self.contract = widgets.Dropdown(options=[(plain(str(c)), c.text) for c in CONTRACTS],
                                         description=plain(say("desk_results_contract")), style=wide)
        self.declarer = widgets.Dropdown(description=plain(say("desk_results_declarer")), style=wide)
        self.tricks = widgets.Text(description=plain(say("traveller_form_tricks")), style=wide,
                                   layout=widgets.Layout(width="16em"))
        self.button = widgets.Button(description=plain(say("traveller_form_send")), button_style="primary")
        self.message = widgets.HTML()
        self.board.observe(lambda _: self._declarers(), "value")
        self.button.on_click(lambda _: self.send())
        self._declarers()
        title = widgets.HTML(f"<b>{render.text_html(say('traveller_form_title'))}</b>")
        super().__init__([title, widgets.HBox([self.board, self.table]), widgets.HBox([self.contract, self.declarer]),
                          self.tricks, self.button, self.message])

    def _declarers(self) -> None:
        """Only the board's declarer: the same at every table (dummy never declares)."""
        board = self.boards.get(self.board.value)
        seats = [] if board is None or board.declarer is None else [board.declarer]
        self.declarer.options = [(plain(s.word), s.name) for s in seats]
        self.declarer.value = seats[0].name if seats else None

    def send(self) -> Result | None:
        """Check the form's result and record it; say what happened either way."""
        board = self.boards.get(self.board.value)
        try:
            if board is None:
                raise CardError("traveller_form_no_board")
            kept = self._kept()
            result = check_result(board, self.table.value, self.declarer.value or "", self.contract.value,
                                  self.tricks.value, source="form", rules=self.rules, tables=self.tables, results=kept)
            self.record(result)
        except CardError as error:
            self._say(str(error), WRONG)
            return None
        self._say(say("traveller_form_done_sides", table=result.table,
                      board=board.label, contract=result.contract, declarer=result.declarer.word, tricks=result.tricks,
                      score=written_score(result.score_ns)), RIGHT)
        self.table.value, self.tricks.value = "", ""
        return result

    def _kept(self) -> list[Result]:
        from cardlib.duplicate import read_results

        return read_results(self.results_for(), list(self.boards.values()), self.rules) if self.results_for else []

    def _say(self, words: str, colour: str) -> None:
        mark = "✔" if colour == RIGHT else "✘"
        self.message.value = f'<div style="color:{colour}">{mark} {render.text_html(words)}</div>'


__all__ = ["ResultForm"]
