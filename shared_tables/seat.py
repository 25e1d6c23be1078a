"""A pupil's seat at a shared table: the page where a pupil types the table's code and their
name, picks a seat, and plays it (``SeatPage``, shown by notebooks/play_together.ipynb).

The table on the page is the lessons' own MiniBridge or Manille table turned to the pupil's seat
and showing only what that seat may see; it keeps no state of its own. Every card, contract,
trump call or tap is sent to ``shared_tables.rooms.act`` (the store and cardlib decide), and the
page polls the table's last move number (``rooms.last_change``, one small query every
``POLL`` seconds; on PostgreSQL it also LISTENs for the table's NOTIFY, and looks at once) and,
when it changes, rebuilds the table from the store's moves (``table.replay``). The computer's
moves are made by the store, never by the page.
"""
from __future__ import annotations

import asyncio
import time

import anywidget
import ipywidgets as w

from cardlib import manille, render
from cardlib.messages import plain, say
from cardlib.minibridge import Contract
from cardlib.play import acting_seats
from cardlib.seats import Seat
from card_tables.base import Control
from card_tables.manille_table import TRUMP_CHOICES, ManilleTable
from card_tables.minibridge_table import MiniBridgeTable
from shared_tables import rooms
from shared_tables.store import RoomStore
from exercises.progress import check_pupil_name

POLL = 0.15  # seconds between two looks at the table's last move


BEAT_SECONDS = 15  # how often an open seat page says it is there (rooms.AWAY_SECONDS: three missed)
MEMORY_ESM = """
function render({ model, el }) {
  const store = (kind) => { try { return window[kind]; } catch (e) { return null; } };
  const local = store("localStorage"), tab = store("sessionStorage");
  model.send({ name: (local && local.getItem("minibridge-pupil")) || "",
               code: (tab && tab.getItem("minibridge-table-code")) || "",
               seat: (tab && tab.getItem("minibridge-table-seat")) || "" });
  const heard = (msg) => {
    if (!msg || typeof msg.remember !== "object") return;
    if (local) local.setItem("minibridge-pupil", msg.remember.name);
    if (tab) { tab.setItem("minibridge-table-code", msg.remember.code); tab.setItem("minibridge-table-seat", msg.remember.seat); }
  };
  model.on("msg:custom", heard);
  const beat = setInterval(() => model.send({ beat: true }), BEAT_MS);
  return () => { clearInterval(beat); model.off("msg:custom", heard); };
}
export default { render };
""".replace("BEAT_MS", str(BEAT_SECONDS * 1000))


class TableMemory(anywidget.AnyWidget):
    """The browser's memory of the seat page: the pupil's name (the lessons' own, kept in the
    browser) and, for this tab, the table's code and the seat; sent once when the page opens
    (``{"name", "code", "seat"}``), then ``{"beat": true}`` every BEAT_SECONDS while the page is
    open; told ``remember(code, name, seat)`` when the pupil sits. It draws nothing."""

    _esm = MEMORY_ESM

    def remember(self, code: str, name: str, seat: Seat) -> None:
        self.send({"remember": {"code": code, "name": name, "seat": seat.name}})


class Hidden(Control):
    """A table control a shared table never shows (take back, play again): a forged click on it
    is refused as any control not on the screen."""

    visible = property(lambda self: False, lambda self, value: None)


class SharedSeat:
    """What both games' shared tables add to the lessons' table: the seat is the pupil's, the
    computer plays nothing here, and every move goes to the page (``send``)."""

    page: SeatPage

    def share(self, page: SeatPage) -> None:
        self.page = page
        self.pace = 0
        for name, action in (("undo_button", "undo"), ("again_button", "again_same"), ("other_button", "again_other"),
                             ("hint_button", "hint")):
            if hasattr(self, name):
                setattr(self, name, Hidden(self, action, lambda: "", lambda: None))
        self.next_button = Control(self, "next", lambda: say("rooms_next_board"), self.page.next_board, "main")

    def computer_to_play(self) -> bool:
        return False  # the store plays the empty seats

    def seat_names(self) -> dict[Seat, str]:
        state = self.page.state
        return {s: say("table_you") if s == self.page.seat else state.seats.get(s) or say("table_computer")
                for s in Seat}

    def _on_card(self, button) -> None:
        card = self._buttons.get(button)
        reason = self.refusal(card)
        if reason:
            self.say(reason, good=False)
            return
        self.page.send("card", card.letters)

    def finish(self) -> None:
        """The board's result with ✔ or ✘ from the pupil's side, and the score (the class's results
        are kept by the store; a shared table keeps no score pad)."""
        r = self.round
        if r is None or r.phase != "over":
            return
        if isinstance(r, manille.Round):
            result = r.result()
            ours = result.scores[self.pupil_seat.side]
            self.say(result.words, good=ours > 0 if any(result.scores.values()) else None)
            return
        declaring = self.pupil_seat.side is r.declarer.side
        key = {(True, True): "table_verdict_made", (True, False): "table_verdict_down",
               (False, True): "table_verdict_not_beaten", (False, False): "table_verdict_beaten"}[declaring, r.game.made]
        line = r.result()
        self.say(say("table_result", verdict=say(key), result=line.words, working=line.working),
                 good=r.game.made == declaring)


class SeatMiniBridge(SharedSeat, MiniBridgeTable):
    """The MiniBridge table at one pupil's seat."""

    def __init__(self, page: SeatPage):
        self.page = page
        state = page.state
        super().__init__(deal=state.deal, rules=state.rules, hints=False, pace=0)
        self.share(page)
        self.widget = w.VBox([self.announce_html, self.view, self.review_html])
        self.widget.add_class("mb-minibridge-table")

    def _seat_pupil(self) -> None:
        self.pupil_seat = self.page.seat
        self.pupil_seats = {self.page.seat}

    def start(self, contract: Contract) -> None:
        """Declarer's contract goes to the store; another seat waits for declarer."""
        if self.declarer in self.pupil_seats and getattr(self.page, "table", None) is self:
            self.page.send("contract", contract.text)
        else:
            self.say(say("rooms_waiting", seat=self.declarer.word))

    def _started(self) -> None:
        """A pupil's contract is said with their name, not as the computer's."""
        pupil = self.page.state.seats.get(self.declarer)
        if self.declarer in self.pupil_seats or not pupil:
            super()._started()
            return
        contract = self.round.contract
        self.say(say("rooms_pupil_chose", seat=self.declarer.word, pupil=pupil, contract=contract,
                     tricks=contract.tricks_needed))
        self.after_card()

    def show_state(self, state: rooms.TableState) -> None:
        self.set_deal = state.deal
        self.replay([("deal", 1)] + state.actions)
        if self.game is not None and not self.game.is_over and self.pupil_seat == self.round.dummy:
            self.act(lambda: self.say(say("rooms_you_are_dummy")))


class SeatManille(SharedSeat, ManilleTable):
    """The Manille table at one pupil's seat."""

    # The page's seat from the first picture on: the lessons' table seats its pupil South while
    # it is made, and that first picture is in the widget's state the browser receives.
    pupil_seat = property(lambda self: self.page.seat, lambda self, value: None)
    pupil_seats = property(lambda self: {self.page.seat}, lambda self, value: None)

    def __init__(self, page: SeatPage):
        self.page = page
        super().__init__(deal=page.state.deal, pace=0, hints=False)  # a hint reads every hand
        self.share(page)
        self.widget = w.VBox([self.deal_words, self.view])
        self.widget.add_class("mb-manille-table")

    def _first_moves(self, deal):
        hand = manille.Round(deal)
        return hand, hand.game

    def _go_on(self) -> None:
        r = self.round
        who = acting_seats(r) if r is not None else ()
        if r is not None and r.game is None and self.pupil_seat not in who:
            # a pair decides to tap: either of them may
            self.say(say("rooms_waiting_pair", seat=who[0].word, other=who[1].word) if len(who) == 2
                     else say("rooms_waiting", seat=who[0].word if who else ""))
            return
        super()._go_on()

    def _on_trumps(self) -> None:
        choice = self.trump_choice.value
        if choice not in TRUMP_CHOICES:
            self.say(say("table_choose_trumps"), good=False)
            return
        self.page.send("trumps", choice)

    def _on_tap(self, tap: bool) -> None:
        self.page.send("tap" if tap else "pass")

    def show_state(self, state: rooms.TableState) -> None:
        self.set_deal = state.deal

        def rebuild() -> None:
            chosen = self.trump_choice.value  # a suit picked but not yet named survives a redraw
            hand = manille.Round(state.deal, actions=state.actions)
            self.new_deal(state.board, (hand, hand.game))
            if chosen is not None and self.trump_choice.visible:
                self.trump_choice.value = chosen
        self.act(rebuild)


class SeatPage:
    """The seat page: code and name, the seat buttons, then the table for that seat.

    >>> import tempfile
    >>> store = RoomStore(tempfile.mkdtemp())
    >>> session = rooms.open_session(store, 1, boards=rooms.boards_from_seed("minibridge", 2, 1))
    >>> page = SeatPage(store, poll=False)
    >>> page.code_box.value, page.name_box.value = rooms.table_codes(store, session)[0], "Aiko"
    >>> page.look.click(); page.seat_buttons[2].click(); page.seat
    <Seat.S: 2>
    """

    def __init__(self, store: RoomStore | None = None, poll: bool = True):
        self.store = store or RoomStore()
        self.poll = poll
        self.session: str | None = None
        self.table_no: int | None = None
        self.seat: Seat | None = None
        self.pupil = ""
        self.state: rooms.TableState | None = None
        self.table = None
        self._seen: tuple = ()
        self._away: list[Seat] = []  # the seats whose pages are closed, as last shown
        self._away_checked = 0.0
        self._board = 0
        self._timer: asyncio.TimerHandle | None = None
        self._news = None  # PostgreSQL: a connection hearing the table's news, so a move is drawn at once
        self.code_box = w.Text(description=plain(say("rooms_code_label")), layout=w.Layout(width="220px"),
                               style={"description_width": "initial"})
        self.name_box = w.Text(description=plain(say("rooms_name_label")), layout=w.Layout(width="260px"),
                               style={"description_width": "initial"})
        self.look = w.Button(description=plain(say("rooms_look")), button_style="primary")
        self.look.on_click(lambda _b: self.find())
        self.words = w.HTML(f"<p>{render.text_html(say('rooms_intro'))}</p>")
        self.seat_buttons = [w.Button(layout=w.Layout(width="auto", display="none")) for _ in Seat]
        for seat, button in zip(Seat, self.seat_buttons):
            button.on_click(lambda _b, seat=seat: self.sit(seat))
        self.seats_row = w.HBox(self.seat_buttons, layout=w.Layout(flex_flow="row wrap"))
        self.header = w.HTML()
        self.place = w.VBox()
        self.joining = w.VBox([self.words, w.HBox([self.code_box, self.name_box, self.look],
                                                  layout=w.Layout(flex_flow="row wrap")), self.seats_row])
        self.memory = TableMemory()
        self.memory.on_msg(lambda _w, content, _b: self.remembered(content))
        self.widget = w.VBox([self.memory, self.joining, self.header, self.place])
        self.widget.add_class("mb-seat-page")

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _tell(self, words: str, good: bool | None = None) -> None:
        mark = {True: "✔ ", False: "✘ ", None: ""}[good]
        self.words.value = f"<p>{mark}{render.text_html(words)}</p>"

    # --- joining ---
    def remembered(self, content: object) -> None:
        """What the browser remembered (any message can be forged: a name or code that does not
        read is left out; the page sits only where that name already sits, as a reload does)."""
        if not isinstance(content, dict):
            return
        if content.get("beat") is True:
            if self.seat is not None:
                rooms.here(self.store, self.session, self.table_no, self.seat)
            return
        if self.seat is not None:
            return
        name, code, seat = (content.get(k) for k in ("name", "code", "seat"))
        if isinstance(name, str) and name and not self.name_box.value:
            try:
                self.name_box.value = check_pupil_name(name)
            except rooms.CardError:
                return
        if not (isinstance(code, str) and code and isinstance(seat, str) and seat in Seat.__members__):
            return
        self.code_box.value = code[:10]
        self.find_quietly()
        if self.session is not None:
            state = rooms.table_state(self.store, self.session, self.table_no)
            if state.seats.get(Seat[seat], "").casefold() == self.name_box.value.casefold():
                self.sit(Seat[seat])

    def find(self) -> None:
        """Look up the code: show the table's four seats, free or whose."""
        try:
            self.session, self.table_no = rooms.find_table(self.store, self.code_box.value)
        except rooms.CardError as error:
            self._tell(str(error), good=False)
            return
        state = rooms.table_state(self.store, self.session, self.table_no)
        self._tell(say("rooms_choose_seat", table=self.table_no))
        for seat, button in zip(Seat, self.seat_buttons):
            taken = state.seats.get(seat)
            button.description = plain(say("rooms_seat_of", seat=seat.word, pupil=taken) if taken
                                       else say("rooms_seat_free", seat=seat.word))
            button.button_style = "" if taken else "success"
            button.layout.display = ""

    def sit(self, seat: Seat) -> None:
        """Take the seat (a free one, or the pupil's own after a reload) and show its table."""
        if self.session is None:
            self._tell(say("rooms_intro"), good=False)
            return
        code = rooms.table_codes(self.store, self.session)[self.table_no - 1]
        try:
            self.session, self.table_no, self.seat = rooms.join(self.store, code, self.name_box.value, seat)
        except rooms.CardError as error:
            self._tell(str(error), good=False)
            self.find_quietly()
            return
        self.pupil = " ".join(self.name_box.value.split())
        rooms.here(self.store, self.session, self.table_no, self.seat)
        self.memory.remember(code, self.pupil, self.seat)
        self.joining.layout.display = "none"
        self.refresh(force=True)
        if self.poll and self._timer is None:
            self._schedule()

    def find_quietly(self) -> None:
        words = self.words.value
        self.find()
        self.words.value = words

    # --- the table ---
    def refresh(self, force: bool = False) -> None:
        """Redraw the table from the store if it changed since it was last drawn."""
        if self.session is None or self.seat is None:
            return
        changed = rooms.last_change(self.store, self.session, self.table_no)
        if changed == self._seen and not force:
            return
        table = self.table_no
        if not self._follow():
            return
        self._seen = changed if table == self.table_no else rooms.last_change(self.store, self.session, self.table_no)
        self.state = state = rooms.table_state(self.store, self.session, self.table_no)
        hand = state.round()
        waiting = rooms.waiting_for_next(self.store, self.session, self.table_no) if (
            hand is not None and hand.is_over) else []
        notes = [say("rooms_paused")] if state.paused else []
        if waiting and len(waiting) < len(state.seats):
            notes.append(say("rooms_next_waiting", pupils=", ".join(waiting)))
        self._away = rooms.away(self.store, self.session, self.table_no)
        gone = [state.seats[s] for s in self._away if s != self.seat and s in state.seats]
        if gone:
            notes.append(say("rooms_away", pupils=", ".join(gone)))
        self.header.value = f"<p><b>{render.text_html(self._where())}</b></p>" + "".join(
            f"<p>{render.text_html(note)}</p>" for note in notes)
        if state.deal is None:
            self.place.children = [w.HTML(f"<p>{render.text_html(say('rooms_all_played'))}</p>")]
            self.table = None
            return
        if self.table is None or self._board != state.board:  # a new board: a fresh table
            # drawn with the store's moves before it goes on the page, so a pupil back from a
            # reload never sees the cards they played still in their hand
            self.table = (SeatManille if state.game == "manille" else SeatMiniBridge)(self)
            self._board = state.board
            self.table.show_state(state)
            self.place.children = [self.table.widget]
            return
        self.table.show_state(state)

    def _follow(self) -> bool:
        """Where the pupil sits now: the teacher may have moved them (the page goes to the new
        seat, saying so) or given their seat back to the computer (the page asks for a seat again)."""
        here = rooms.where_is(self.store, self.session, self.pupil)
        if here == (self.table_no, self.seat):
            return True
        self._stop_news()
        if here is None:
            self.seat, self.table, self._board = None, None, 0
            self.place.children, self.header.value = [], ""
            self.joining.layout.display = ""
            self._tell(say("rooms_seat_given_back"), good=False)
            self.find_quietly()
            return False
        self.table_no, self.seat = here
        self.table, self._board = None, 0
        self.code_box.value = rooms.table_codes(self.store, self.session)[self.table_no - 1]
        self.memory.remember(self.code_box.value, self.pupil, self.seat)
        return True

    def _where(self) -> str:
        state = self.state
        return say("rooms_you_sit", seat=self.seat.word, table=self.table_no, board=min(state.board, state.boards),
                   boards=state.boards)

    def send(self, move: str, value: str = "") -> None:
        """One move of this seat's, to the store; the table is drawn again from what the store holds."""
        said = rooms.act(self.store, self.session, self.table_no, self.seat, self.pupil, move, value,
                         seen=self.state.seq)
        self.refresh(force=True)
        if said and self.table is not None:
            self.table.act(lambda: self.table.say(said, good=False))

    def next_board(self) -> None:
        said = rooms.next_board(self.store, self.session, self.table_no, self.seat, self.pupil)
        self.refresh(force=True)
        if said and self.table is not None:
            self.table.act(lambda: self.table.say(said, good=False))

    # --- polling: on the kernel's own loop ---
    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
        self._timer = loop.call_later(POLL, self._tick)
        if self._news is None and self.session is not None:
            self._news = self.store.listen(rooms.news_channel(self.session, self.table_no))
            if self._news is not None:
                loop.add_reader(self._news.fileno(), self._heard)

    def _heard(self) -> None:
        try:
            if RoomStore.heard(self._news):
                self.refresh()
        except Exception:  # noqa: BLE001  (the news connection was lost: the poll goes on alone)
            self._stop_news()

    def _tick(self) -> None:
        try:
            self.refresh()
            if self.seat is not None and time.monotonic() > self._away_checked + BEAT_SECONDS:
                self._away_checked = time.monotonic()  # a page closed or opened again changes no move
                if rooms.away(self.store, self.session, self.table_no) != self._away:
                    self.refresh(force=True)
        finally:
            self._schedule()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._stop_news()

    def _stop_news(self) -> None:
        if self._news is not None:
            try:
                asyncio.get_event_loop().remove_reader(self._news.fileno())
            except Exception:  # noqa: BLE001  (closed already)
                pass
            self._news.close()
            self._news = None


def seat_page(store: RoomStore | str | None = None) -> SeatPage:
    """The seat page for a notebook: ``seat_page()`` (the class folder's store, or the hub's
    when MINIBRIDGE_PROGRESS_URL or MINIBRIDGE_ROOMS_URL names one)."""
    return SeatPage(store if isinstance(store, RoomStore) else RoomStore(store))

