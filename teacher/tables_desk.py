"""The teacher's tables: open a class's tables (or choose tables already open: the newest
first, those ``tasks.py app --tables`` opened), give out their codes, pause them all or let
them play, end the board at one table, move a pupil, and read the traveller of their results
(``TablesDesk``, shown by teacher/class_tables.ipynb). Every button calls one function of
``shared_tables.rooms``."""
from __future__ import annotations

import time

import ipywidgets as w

from cardlib import render
from cardlib.messages import CardError, plain, say
from cardlib.seats import Seat
from shared_tables import rooms
from shared_tables.store import RoomStore


class TablesDesk:
    """The teacher's controls over a class session's tables.

    >>> import tempfile
    >>> desk = TablesDesk(RoomStore(tempfile.mkdtemp()))
    >>> desk.tables_box.value = 2; desk.open_button.click(); len(desk.codes())
    2
    """

    def __init__(self, store: RoomStore | None = None, session: str | None = None, poll: float | None = None):
        from teacher.traveller import POLL_SECONDS

        self.store = store or RoomStore()
        self.session = session or rooms.newest_session(self.store)
        self.poll = POLL_SECONDS if poll is None else poll
        self.traveller = None
        self.session_choice = w.Dropdown(description=plain(say("rooms_teacher_session")),
                                         style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self._listing = False
        self.session_choice.observe(lambda change: None if self._listing else self.choose(change["new"]), "value")
        self.tables_box = w.BoundedIntText(value=8, min=1, max=rooms.MAX_TABLES,
                                           description=plain(say("rooms_teacher_tables")))
        self.game_box = w.Dropdown(options=list(rooms.GAMES), value="minibridge",
                                   description=plain(say("rooms_teacher_game")))
        self.boards_box = w.Text(value="1:8", description=plain(say("rooms_teacher_boards")),
                                 style={"description_width": "initial"})
        self.open_button = w.Button(description=plain(say("rooms_teacher_open")), button_style="primary")
        self.open_button.on_click(lambda _b: self.open())
        self.pause_button = w.Button(description=plain(say("rooms_teacher_pause")), button_style="warning")
        self.pause_button.on_click(lambda _b: self._do(lambda: rooms.pause(self.store, self.session, True)))
        self.go_button = w.Button(description=plain(say("rooms_teacher_go_on")), button_style="success")
        self.go_button.on_click(lambda _b: self._do(lambda: rooms.pause(self.store, self.session, False)))
        self.end_table = w.BoundedIntText(value=1, min=1, max=rooms.MAX_TABLES,
                                          description=plain(say("rooms_teacher_end")), style={"description_width": "initial"})
        self.end_button = w.Button(description=plain(say("rooms_teacher_end")))
        self.end_button.on_click(lambda _b: self._do(lambda: rooms.end_deal(self.store, self.session, self.end_table.value)))
        seats = [(s.word, s.name) for s in Seat]
        self.from_table = w.BoundedIntText(value=1, min=1, max=rooms.MAX_TABLES,
                                           description=plain(say("rooms_teacher_from")), style={"description_width": "initial"})
        self.from_seat = w.Dropdown(options=seats, value="N", layout=w.Layout(width="120px"))
        self.to_table = w.BoundedIntText(value=1, min=1, max=rooms.MAX_TABLES,
                                         description=plain(say("rooms_teacher_to")), style={"description_width": "initial"})
        self.to_seat = w.Dropdown(options=seats, value="N", layout=w.Layout(width="120px"))
        self.move_button = w.Button(description=plain(say("rooms_teacher_move")))
        self.move_button.on_click(lambda _b: self._do(lambda: rooms.move_pupil(
            self.store, self.session, self.from_table.value, self.from_seat.value, self.to_table.value,
            self.to_seat.value)))
        self.words = w.HTML()
        self.board = w.HTML()
        self.traveller_place = w.VBox()
        self.controls = w.VBox([w.HBox([self.pause_button, self.go_button]),
                                w.HBox([self.end_table, self.end_button]),
                                w.HBox([self.from_table, self.from_seat, self.to_table, self.to_seat, self.move_button],
                                       layout=w.Layout(flex_flow="row wrap"))])
        self.widget = w.VBox([w.HTML(f"<h3>{render.text_html(say('rooms_teacher_title'))}</h3>"),
                              w.HBox([self.tables_box, self.game_box, self.boards_box, self.open_button],
                                     layout=w.Layout(flex_flow="row wrap")),
                              self.session_choice, self.words, self.board, self.controls, self.traveller_place])
        self._list_sessions()
        self.choose(self.session)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def open(self) -> None:
        """Open the tables: the boards from the seed typed, the codes shown big for the board."""
        def opening() -> None:
            seed, count = rooms.read_boards(self.boards_box.value)
            boards = rooms.boards_from_seed(self.game_box.value, seed, count)
            self.session = rooms.open_session(self.store, self.tables_box.value, self.game_box.value, boards,
                                              rules=None)
            self._list_sessions()
            self.choose(self.session)
        self._do(opening, need_session=False)

    def _list_sessions(self) -> None:
        """The sessions to choose from, the newest first, named by when they opened."""
        found = rooms.session_list(self.store)
        options = [(say("rooms_teacher_session_row", opened=time.strftime("%Y-%m-%d %H:%M", time.localtime(s["opened"])),
                        tables=s["tables"]), s["session"]) for s in found]
        self._listing = True  # the list changes: not the teacher's choice
        try:
            self.session_choice.options = options
            self.session_choice.value = self.session if any(v == self.session for _, v in options) else None
        finally:
            self._listing = False
        self.session_choice.layout.display = "" if options else "none"

    def choose(self, session: str | None) -> None:
        """Show these tables (a session from the list) and their traveller."""
        if session is None:
            self.show()
            return
        self.session = session
        if self.session_choice.value != session:
            self.session_choice.value = session
        self.show()
        self._show_traveller()

    def _show_traveller(self) -> None:
        from teacher.traveller_page import TravellerPage

        if self.traveller is not None and self.traveller.traveller is not None:
            self.traveller.traveller.stop()
        self.traveller = None
        heading = w.HTML(f"<h3>{render.text_html(say('rooms_teacher_traveller'))}</h3>")
        try:
            self.traveller = TravellerPage.for_session(self.session, self.store, poll=self.poll or None)
        except CardError as error:  # a Manille session: the traveller compares MiniBridge boards
            self.traveller_place.children = [heading, w.HTML(f"<p>{render.text_html(str(error))}</p>")]
            return
        self.traveller_place.children = [heading, self.traveller]

    def codes(self) -> list[str]:
        return [] if self.session is None else rooms.table_codes(self.store, self.session)

    def _do(self, work, need_session: bool = True) -> None:
        if need_session and self.session is None:
            return
        try:
            work()
        except CardError as error:
            self.words.value = f"<p>✘ {render.text_html(str(error))}</p>"
            return
        self.words.value = f"<p>✔ {render.text_html(say('rooms_teacher_done'))}</p>"
        self.show()

    def show(self) -> None:
        """The tables as they are now: codes, boards, who sits where."""
        self.controls.layout.display = "none" if self.session is None else ""
        if self.session is None:
            self.board.value = f"<p>{render.text_html(say('rooms_teacher_no_session'))}</p>"
            return
        rows = rooms.seating(self.store, self.session)
        paused = rooms.table_state(self.store, self.session, 1).paused if rows else False
        lines = [say("rooms_teacher_row", table=row["table"], code=row["code"], board=min(row["board"], row["boards"]),
                     boards=row["boards"], seats=", ".join(
                         f"{Seat.parse(s).word} {name or '—'}" + (f" {say('rooms_teacher_away')}" if s in row["away"] else "")
                         for s, name in row["seats"].items())) for row in rows]
        codes = " ".join(f'<span style="font-size:200%;font-weight:bold;margin-right:1em">{row["code"]}</span>'
                         for row in rows)
        self.board.value = (f"<p>{render.text_html(say('rooms_teacher_paused' if paused else 'rooms_teacher_playing'))}</p>"
                            f"<p>{codes}</p>" + "".join(f"<p>{render.text_html(line)}</p>" for line in lines))
