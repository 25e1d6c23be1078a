"""The teacher's duplicate page: choose the boards every table plays (a lesson's set deals, N
boards named by a seed, or a club's PBN file), then the traveller for the projector, the short
form for tables playing with real cards, the traveller as a PDF and the boards with their
results as a PBN file.

Results come from ``results_for()`` (the class's results store, as rows) and go to ``record``;
without them the page keeps the form's results itself, for a class playing with real cards only.

>>> page = TravellerPage(poll=None)
>>> page.choose_seed("autumn", "3"); [b.number for b in page.boards]
[1, 2, 3]
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from cardlib import CardError, Deal, pbn, render, say
from cardlib.duplicate import Board, Result, seeded_boards
from cardlib.messages import plain
from cardlib.minibridge import Scoring
from exercises.course import COURSE
from exercises.set_deals import SET_DEALS, double_dummy, duplicate_boards
from teacher.download import download_link
from teacher.result_form import WRONG, ResultForm
from teacher.traveller import POLL_SECONDS, Traveller, traveller_pdf


def lessons_with_boards() -> list[tuple[str, int]]:
    """The lessons whose set deals are MiniBridge boards, as (title, number)."""
    return [(plain(say("traveller_lesson", number=l.number, title=l.title)), l.number)
            for l in COURSE if duplicate_boards(l.number)]


def boards_of(pairs: list[tuple[int, str]]) -> list[Board]:
    """Boards from (number, PBN deal) pairs; a lesson's set deal keeps its name and stored figures."""
    known = {d.deal: d for deals in SET_DEALS.values() for d in deals if d.table == "minibridge"}
    boards = []
    for number, text in pairs:
        deal = Deal(text)
        found = known.get(deal)
        boards.append(Board(number, deal, found.name if found else "", double_dummy(found.name) if found else None))
    return boards


class TravellerPage(widgets.VBox):
    """The page: the choice of boards, then the traveller, the form and the files. With the
    projector option (the class screen) the maths answers are never shown; on the teacher's
    own screen a tick box shows them, off until she ticks it (her screen may be on the projector)."""

    def __init__(self, results_for: Callable[[], list[dict]] | None = None,
                 record: Callable[[Result], None] | None = None, tables: int | None = None,
                 rules: str | Scoring | None = None, poll: float | None = POLL_SECONDS):
        self.rows: list[dict] = []  # the form's results when no store is given
        self.results_for = results_for or (lambda: list(self.rows))
        self.record = record or (lambda result: self.rows.append(result.row()))
        self.tables, self.rules, self.poll = tables, rules, poll
        self.boards: list[Board] = []
        self.traveller: Traveller | None = None
        wide = {"description_width": "initial"}
        self.lesson = widgets.Dropdown(options=lessons_with_boards(), description=plain(say("traveller_choose_lesson")),
                                       style=wide)
        self.lesson_button = widgets.Button(description=plain(say("traveller_use_lesson")))
        self.seed = widgets.Text(description=plain(say("traveller_seed")), placeholder=plain(say("traveller_seed_hint")),
                                 style=wide, layout=widgets.Layout(width="24em"))
        self.count = widgets.Text(value="4", description=plain(say("traveller_count")), style=wide,
                                  layout=widgets.Layout(width="12em"))
        self.seed_button = widgets.Button(description=plain(say("traveller_use_seed")))
        self.upload = widgets.FileUpload(accept=".pbn", multiple=False, description=plain(say("traveller_use_pbn")))
        self.message = widgets.HTML()
        self.place = widgets.VBox()
        self.lesson_button.on_click(lambda _: self.choose_lesson(self.lesson.value))
        self.seed_button.on_click(lambda _: self.choose_seed(self.seed.value, self.count.value))
        self.upload.observe(lambda _: self._uploaded(), "value")
        super().__init__([
            widgets.HTML(f"<b>{render.text_html(say('traveller_choose'))}</b>"),
            widgets.HBox([self.lesson, self.lesson_button], layout=widgets.Layout(flex_flow="row wrap")), widgets.HBox([self.seed, self.count, self.seed_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.upload, self.message, self.place])

    @classmethod
    def for_session(cls, session: str, store=None, poll: float | None = POLL_SECONDS) -> TravellerPage:
        """The page for a class session of table rooms: its boards, its scoring rules and its
        results store (results from the tables in the app, and the form's, go there)."""
        from shared_tables import rooms

        game, rules, pairs = rooms.session_boards(session, store)
        if game != "minibridge":
            raise CardError("traveller_minibridge_only")

        def record(result: Result) -> None:
            rooms.record_result(session, result.board, result.table, result.declarer.name, result.contract.text,
                                result.tricks, result.score_ns, result.source, store=store)

        tables = len(rooms.table_codes(store or rooms.RoomStore(), session))
        page = cls(lambda: rooms.results(session, store), record, tables, rules, poll)
        page.use(boards_of(pairs))
        page.children = (page.message, page.place)  # the session's boards: nothing to choose
        return page

    # --- the boards ---
    def choose_lesson(self, number) -> None:
        boards = duplicate_boards(number) if isinstance(number, int) else []
        if not boards:
            self._refuse(say("traveller_no_lesson_boards"))
            return
        self.use(boards)

    def choose_seed(self, seed: str, count) -> None:
        try:
            count = int(str(count).strip()) if str(count).strip().isdigit() else count
            self.use(seeded_boards(count, str(seed).strip()))
        except CardError as error:
            self._refuse(str(error))

    def choose_pbn(self, text: str) -> None:
        """Play a PBN file's boards; what the file has that cannot be used is listed under them."""
        try:
            reading = pbn.read(text)
        except CardError as error:
            self._refuse(str(error))
            return
        self.use(list(reading.boards))
        if reading.left_out:
            self.message.value += (f"<div>{render.text_html(say('traveller_pbn_left_out', count=len(reading.left_out)))}"
                                   "<ul>" + "".join(f"<li>{render.text_html(s)}</li>" for s in reading.left_out)
                                   + "</ul></div>")

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        try:
            text = bytes(files[0]["content"]).decode("utf-8-sig")
        except (UnicodeDecodeError, KeyError, TypeError, IndexError):
            self._refuse(say("traveller_pbn_not_text"))
            return
        self.choose_pbn(text)

    def _refuse(self, words: str) -> None:
        self.message.value = f'<div style="color:{WRONG}">✘ {render.text_html(words)}</div>'

    def use(self, boards: list[Board]) -> None:
        """Play these boards: a new traveller and form for them (the old traveller stops)."""
        if self.traveller is not None:
            self.traveller.stop()
        self.boards = list(boards)
        self.message.value = render.text_html(say("traveller_boards_ready", count=len(self.boards)))
        # the answers stay hidden until the teacher ticks the box: her screen may be on the projector
        self.traveller = Traveller(self.boards, self.results_for, self.rules, answers=False, poll=self.poll)
        self.form = ResultForm(self.boards, self._record, self.results_for, self.tables, self.rules)
        self.pdf_button = widgets.Button(description=plain(say("traveller_pdf_button")), icon="print")
        self.files = widgets.HTML()
        self.pdf_button.on_click(lambda _: self.make_files())
        parts = [self.traveller.view, self.form, self.pdf_button, self.files]
        if not render.PREFERENCES.projector:
            self.answers = widgets.Checkbox(value=False, indent=False, description=plain(say("traveller_show_answers")))
            self.answers.observe(lambda change: self.traveller.show_answers(change["new"]), "value")
            parts.insert(1, self.answers)
        self.place.children = tuple(parts)

    def _record(self, result: Result) -> None:
        self.record(result)
        self.traveller.refresh()

    def make_files(self) -> tuple[bytes, str]:
        """The traveller as a PDF and the boards with their results as PBN, offered as downloads."""
        self.traveller.refresh()
        results = self.traveller.results
        data = traveller_pdf(self.boards, results, self.traveller.figures, rules=self.rules)
        text = pbn.write(self.boards, results, rules=self.rules)
        self.files.value = (download_link(data, "traveller.pdf", say("desk_download", filename="traveller.pdf",
                                                                     size=max(1, round(len(data) / 1024))))
                            + "<br>" + download_link(text.encode("utf-8"), "boards.pbn",
                                                     say("traveller_pbn_link", size=max(1, round(len(text) / 1024))),
                                                     mime="text/plain"))
        return data, text


__all__ = ["TravellerPage", "lessons_with_boards"]
