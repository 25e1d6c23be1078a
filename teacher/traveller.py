"""The traveller on the projector: for each board every table's contract, declarer, tricks and
score, best for N–S first, each pair's matchpoints in words ("beat 4 tables, tied with 1"), the
class's average and the par beside it; under it three maths questions for the class, their
answers on the teacher's own screen only. Nobody writes a minus, in either edition: each score goes
in the column of the side that earned it (N–S 420, E–W 50; under the club's rules a side that goes
down loses 100 a trick, which is E–W 100 here) and the maths never crosses 0. It redraws itself when a table finishes (it asks for
the results twice a second and redraws only when they changed), and prints as a PDF.

Every number comes from cardlib.duplicate; this module only lays it out.

>>> from cardlib.duplicate import check_result, seeded_boards
>>> board = seeded_boards(1, seed=3)[0]
>>> results = [check_result(board, t, board.declarer, "NT partscore", 6 + t) for t in (1, 2, 3)]
>>> "beat 2 tables" in traveller_html([board], results, answers=False)
True
"""
from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable
from fractions import Fraction

from cardlib import render, say
from cardlib.duplicate import Board, Par, Ranked, Result, average, par, rank, read_results, side_of, written_score
from cardlib.messages import current_language, plain
from cardlib.minibridge import Scoring
from cardlib.seats import Side

POLL_SECONDS = 0.5
PAR_TICK, CLASS_BORDER = "#1B5E20", "#555"


def board_figures(board: Board) -> dict | None:
    """The board's double-dummy tricks: from the analysis where it is installed, else the
    figures stored with the board (a lesson's set deals, a PBN file's table), else None."""
    from cardlib import analysis

    if analysis.installed():
        return analysis.tricks_table(board.deal)
    return board.tricks


# --- words -------------------------------------------------------------------------------------

def compared_words(ranked: Ranked) -> str:
    """How N–S did against the other tables, as children read it: "beat 4 tables, tied with 1"."""
    beaten = ranked.beaten
    words = (say("traveller_beat_none") if beaten == 0 else say("traveller_beat_one") if beaten == 1
             else say("traveller_beat_many", count=beaten))
    if ranked.tied:
        words = say("traveller_join", first=words, second=say("traveller_tied", count=ranked.tied))
    return words


def rounded(number: Fraction) -> int:
    """To the nearest whole number as children learn it, a half going away from 0 (Python's
    round() would take 162.5 to 162).

    >>> rounded(Fraction(325, 2)), rounded(Fraction(-325, 2)), rounded(Fraction(649, 4))
    (163, -163, 162)
    """
    whole = math.floor(abs(number) + Fraction(1, 2))
    return whole if number >= 0 else -whole


def average_words(results: list[Result]) -> str:
    """ "The class's average: N–S scored 1460 in all, E–W 150. 1460 − 150 = 1310 more for N–S, ..."
    Each column is added up and the smaller total taken from the larger, so no number is below 0."""
    tables = len(results)
    ns, ew = sum(r.score_ns for r in results if r.score_ns >= 0), sum(-r.score_ns for r in results if r.score_ns < 0)
    if ns == ew:
        return say("traveller_average_sides_even", ns=ns, ew=ew)
    side, difference = side_of(ns - ew), abs(ns - ew)
    key = "traveller_average_sides_exact" if difference % tables == 0 else "traveller_average_sides_about"
    return say(key, ns=ns, ew=ew, high=max(ns, ew), low=min(ns, ew), difference=difference, side=str(side),
               tables=tables, average=rounded(Fraction(difference, tables)))


def par_words(found: Par | None, board: Board) -> str:
    """The par in a sentence, or why there is none."""
    if board.declarer is None:
        return say("duplicate_thrown_in", board=board.label)
    if found is None:
        return say("traveller_par_unknown")
    contracts = say("traveller_or").join(str(c) for c in found.contracts)
    return say("traveller_par_sides", contracts=contracts, declarer=found.declarer.word, tricks=found.tricks,
               score=written_score(found.score_ns))


def _listed(items: list[str]) -> str:
    """Items one after another, as the language writes a list: "420, 170, −150" or "420、170、−150"."""
    words = items[0]
    for item in items[1:]:
        words = say("traveller_join", first=words, second=item)
    return words


def _best_first(ranked: list[Ranked]) -> str:
    """Side scores best for N–S first, equal ones joined by "=": "N–S 450, N–S 420 = N–S 420, E–W 50"."""
    chain = written_score(ranked[0].result.score_ns)
    for before, now in zip(ranked, ranked[1:]):
        if now.result.score_ns == before.result.score_ns:
            chain += " = " + written_score(now.result.score_ns)
        else:
            chain = say("traveller_join", first=chain, second=written_score(now.result.score_ns))
    return chain


def how_many_more(ranked: list[Ranked]) -> tuple[str, str]:
    """The schools' difference question, with no number below 0: two tables' scores in one column
    (N–S's if it has two tables, else E–W's), the highest and the lowest; with one table in each
    column, how far apart the two results are for N–S (the two scores added).

    >>> from cardlib.duplicate import check_result, rank, seeded_boards
    >>> board = seeded_boards(1, seed=3)[0]
    >>> how_many_more(rank([check_result(board, t, board.declarer, "NT partscore", n) for t, n in ((1, 8), (2, 6))]))[1]
    'At table 2 N–S scored nothing and E–W 50; at table 1 N–S scored 120: 50 + 120 = 170 apart.'
    """
    columns = {side: [r.result for r in ranked if side_of(r.result.score_ns) is side] for side in Side}
    for side in sorted(Side, key=lambda s: (len({r.score_ns for r in columns[s]}) < 2, s is not Side.NS)):
        column = columns[side]
        if len(column) >= 2:
            high = max(column, key=lambda r: (abs(r.score_ns), -r.table))
            low = min((r for r in column if r is not high), key=lambda r: (abs(r.score_ns), -r.table))
            return (say("traveller_q_more", side=str(side), table=high.table, other=low.table),
                    say("traveller_a_more", high=abs(high.score_ns), low=abs(low.score_ns),
                        difference=abs(high.score_ns) - abs(low.score_ns)))
    ns, ew = columns[Side.NS][0], columns[Side.EW][0]
    return (say("traveller_q_more_across", table=ns.table, ns=ns.score_ns, other=ew.table, ew=-ew.score_ns),
            say("traveller_a_more_across", table=ns.table, ns=ns.score_ns, other=ew.table, ew=-ew.score_ns,
                difference=ns.score_ns - ew.score_ns))


def questions(board: Board, ranked: list[Ranked], found: Par | None) -> list[tuple[str, str]]:
    """Three questions for the class on one board, each with its answer: ordering the scores,
    a difference between two tables (never across 0), and what the par means."""
    scores = [r.result.score_ns for r in ranked]
    by_table = sorted(ranked, key=lambda r: r.result.table)
    out = [(say("traveller_q_order_sides", scores=_listed([written_score(r.result.score_ns) for r in by_table])),
            say("traveller_a_order_sides", scores=_best_first(ranked))), how_many_more(ranked)]
    top = ranked[0].result
    if found is None:
        out.append((say("traveller_q_par_unknown"), say("traveller_a_par_unknown_sides", table=top.table,
                                                        score=written_score(top.score_ns))))
        return out
    out.append((say("traveller_q_par_sides", score=written_score(found.score_ns)), _par_answer(board, found, scores)))
    return out


def _par_answer(board: Board, found: Par, scores: list[int]) -> str:
    """What the par means and how many tables reached it, did better or worse for declarer's side."""
    side = found.declarer.side
    ours = [s if side.name == "NS" else -s for s in scores]
    goal = found.score_ns if side.name == "NS" else -found.score_ns
    return say("traveller_a_par", meaning=par_words(found, board), reached=ours.count(goal), tables=len(ours),
               better=sum(s > goal for s in ours), worse=sum(s < goal for s in ours), side=str(side))


# --- the page ------------------------------------------------------------------------------------

_RUBY = re.compile(r"<ruby>.*?</ruby>", re.S)
_BREAK = "\x00"  # where a <wbr> goes, through the escaping


def phrased_html(text: str) -> str:
    """A message as HTML (``render.text_html``) that, in Japanese, may break only between its
    phrases: a ``<wbr>`` where the printouts may break a line (``teacher.paper.break_points``:
    between BudouX's phrases, never inside a word, a number or before 。、ー); the cell holding it
    keeps the rest together (``word-break: keep-all``). A reading stays with its word.

    >>> phrased_html("<ruby>順位<rt>じゅんい</rt></ruby>"), phrased_html("N–S")
    ('<ruby>順位<rt>じゅんい</rt></ruby>', 'N–S')
    >>> phrased_html("2テーブルに勝ち、1テーブルと同点")
    '2テーブルに<wbr>勝ち、<wbr>1テーブルと<wbr>同点'
    """
    from teacher.paper import break_points, is_japanese  # here: the printouts' fpdf, only for Japanese

    if not is_japanese(text):
        return render.text_html(text)
    pieces = []  # (what it reads as, its source): a ruby whole, or one character
    at = 0
    for ruby in _RUBY.finditer(text):
        pieces += [(ch, ch) for ch in text[at:ruby.start()]]
        pieces.append((re.sub(r"<rt>.*?</rt>|<[^>]+>", "", ruby.group(0)), ruby.group(0)))
        at = ruby.end()
    pieces += [(ch, ch) for ch in text[at:]]
    breaks = break_points("".join(reads for reads, _ in pieces))
    out, at = [], 0
    for reads, source in pieces:
        out.append((_BREAK if at in breaks else "") + source)
        at += len(reads)
    return render.text_html("".join(out)).replace(_BREAK, "<wbr>")


def _cell(text: str, bold: bool = False, align: str = "center", wrap: bool = True) -> str:
    """A cell of the table; ``wrap`` False keeps an English cell on one line, while Japanese,
    much wider at the same size, wraps there too but only between phrases, as everywhere. Japanese
    cells have narrower sides: eight columns of whole words fit 1024 pixels then."""
    from teacher.paper import is_japanese

    style = ("font-weight:bold;" if bold else "") + ("white-space:nowrap;" if not (wrap or is_japanese(text)) else "word-break:keep-all;")
    side = "0.3em" if current_language() == "ja" else "0.5em"
    return f'<td style="padding:0.15em {side};border:1px solid #999;text-align:{align};{style}">{phrased_html(text)}</td>'


def columns() -> list[str]:
    """The traveller's headings: a score column for each side."""
    return [say("traveller_place"), say("desk_results_table"), say("desk_results_contract"), say("desk_results_declarer"),
            say("desk_results_tricks"), str(Side.NS), str(Side.EW), say("traveller_compared"), say("traveller_matchpoints")]


def score_cells(score_ns: int) -> list[str]:
    """A table's score in the score columns: the points in the column of the side that earned
    them, the other column empty.

    >>> score_cells(-50), score_cells(420)
    (['', '50'], ['420', ''])
    """
    return [str(score_ns), ""] if score_ns >= 0 else ["", str(-score_ns)]


def board_html(board: Board, results: list[Result], found: Par | None, answers: bool) -> str:
    """One board's part of the traveller."""
    parts = [f'<h3 style="margin:0.6em 0 0.2em">{render.text_html(say("traveller_board", board=board.label))}</h3>']
    if board.declarer is not None:
        parts.append(f'<div>{render.text_html(say("traveller_who", dealer=board.deal.dealer.word, declarer=board.declarer.word))}</div>')
    parts.append(f'<div style="color:{PAR_TICK};font-weight:bold">{render.text_html(par_words(found, board))}</div>')
    if not results:
        parts.append(f'<div style="color:#555">{render.text_html(say("traveller_waiting"))}</div>')
        return "".join(parts)
    heads = columns()
    sides = {str(Side.NS), str(Side.EW)}  # "E–W" kept on one line: a browser may break after the dash
    rows = ["<tr>" + "".join(_cell(h, bold=True, wrap=h not in sides) for h in heads) + "</tr>"]
    ranked = rank(results)
    for r in ranked:
        res = r.result
        mark = " ✔" if found is not None and res.score_ns == found.score_ns else ""
        rows.append("<tr>" + "".join([
            _cell(say("traveller_place_n", place=r.place), bold=True), _cell(str(res.table)), _cell(str(res.contract), wrap=False),
            _cell(res.declarer.word), _cell(str(res.tricks))]
            + [_cell(written + mark if written else "", bold=True) for written in score_cells(res.score_ns)] + [
            _cell(compared_words(r), align="left"),
            _cell(say("traveller_matchpoints_pair", ns=r.matchpoints_ns, ew=r.matchpoints_ew))]) + "</tr>")
    # 0.8 of the page's text: eight or nine columns fit a projector's 1024 pixels at its large text size
    parts.append(f'<table style="border-collapse:collapse;margin:0.3em 0;font-size:0.8em">{"".join(rows)}</table>')
    parts.append(f'<div style="font-weight:bold">{render.text_html(average_words(results))}</div>')
    if found is not None:
        parts.append(f'<div style="color:#555">{render.text_html(say("traveller_par_tick"))}</div>')
    if len(results) >= 2:
        asked = questions(board, ranked, found)
        items = []
        for number, (question, answer) in enumerate(asked, start=1):
            item = f"<li>{render.text_html(question)}"
            if answers:
                item += f'<div style="color:#8A4B00;font-style:italic">{render.text_html(say("traveller_answer", answer=answer))}</div>'
            items.append(item + "</li>")
        parts.append(f'<div style="border-left:4px solid {CLASS_BORDER};padding-left:0.6em;margin:0.4em 0">'
                     f'<b>{render.text_html(say("traveller_maths"))}</b><ol style="margin:0.2em 0">{"".join(items)}</ol></div>')
    return "".join(parts)


def traveller_html(boards: list[Board], results: list[Result], figures: dict | None = None,
                   answers: bool | None = None, rules: str | Scoring | None = None) -> str:
    """The whole traveller. ``figures``: {board number: double-dummy tricks}; ``answers``: show
    the maths answers (by default only on the teacher's screen, never with the projector option)."""
    answers = (not render.PREFERENCES.projector) if answers is None else answers
    figures = figures or {}
    parts = [f'<div class="mb-traveller" style="line-height:1.35">'
             f'<h2 style="margin:0.2em 0">{render.text_html(say("traveller_title"))}</h2>']
    for board in boards:
        found = par(board, figures.get(board.number, board.tricks), rules)
        parts.append(board_html(board, [r for r in results if r.board == board.number], found, answers))
    return "".join(parts) + "</div>"


class Traveller:
    """The traveller as a widget that keeps itself up to date: ``results_for()`` gives the
    results store's rows (dicts with board, table, declarer, contract, tricks, source); a
    thread asks every POLL_SECONDS and redraws only when they changed. ``stop()`` ends it."""

    def __init__(self, boards: list[Board], results_for: Callable[[], list[dict]], rules: str | Scoring | None = None,
                 answers: bool | None = None, poll: float | None = POLL_SECONDS):
        import ipywidgets as widgets

        self.boards, self.results_for, self.rules, self.answers = list(boards), results_for, rules, answers
        self.figures = {b.number: board_figures(b) for b in self.boards}
        self.results: list[Result] = []
        self.view = widgets.HTML()
        self.redraws = 0
        self._seen = None
        self._stop = threading.Event()
        self.refresh()
        if poll:
            threading.Thread(target=self._watch, args=(poll,), daemon=True).start()

    def refresh(self) -> bool:
        """Read the results once; redraw if they changed (True then)."""
        try:
            rows = self.results_for()
        except Exception:  # noqa: BLE001 - a store that cannot be read now is asked again next time
            return False
        results = read_results(rows, self.boards, self.rules)
        if results == self._seen:
            return False
        self._seen, self.results = results, results
        self.view.value = traveller_html(self.boards, results, self.figures, self.answers, self.rules)
        self.redraws += 1
        return True

    def show_answers(self, shown: bool) -> None:
        """Show or hide the maths answers (never on the class screen: see TravellerPage)."""
        self.answers = bool(shown)
        self.view.value = traveller_html(self.boards, self.results, self.figures, self.answers, self.rules)

    def _watch(self, poll: float) -> None:
        while not self._stop.wait(poll):
            self.refresh()

    def stop(self) -> None:
        self._stop.set()


# --- on paper ------------------------------------------------------------------------------------

def traveller_pdf(boards: list[Board], results: list[Result], figures: dict | None = None, paper: str = "a4",
                  rules: str | Scoring | None = None, when: str = "") -> bytes:
    """The traveller printed in the pack's style: a table a board, the average, the par and the
    questions (answers on a last page for the teacher)."""
    from teacher.paper import GREY, Sheet
    from teacher.score_sheets import ruled_table

    title = say("traveller_title")
    sheet = Sheet(paper, title=plain(title), landscape=True)
    sheet.add_page()
    sheet.heading(plain(title + (f" · {when}" if when else "")))
    figures = figures or {}
    answers = []
    heads = columns()
    widths = [8, 7, 20, 10, 8, 8, 8, 22, 14] if current_language() == "ja" else [8, 7, 16, 10, 8, 8, 8, 26, 14]  # room for ノートランプのパートスコア
    for board in boards:
        found = par(board, figures.get(board.number, board.tricks), rules)
        mine = [r for r in results if r.board == board.number]
        sheet.room_for(40)
        sheet.heading(plain(say("traveller_board", board=board.label)), size=14)
        sheet.words(plain(par_words(found, board)), size=10, colour=GREY)
        if not mine:
            sheet.words(plain(say("traveller_waiting")), size=10)
            continue
        ranked = rank(mine)
        rows = [[plain(say("traveller_place_n", place=r.place)), str(r.result.table), plain(str(r.result.contract)),
                 plain(r.result.declarer.word), str(r.result.tricks), *score_cells(r.result.score_ns),
                 plain(compared_words(r)), plain(say("traveller_matchpoints_pair", ns=r.matchpoints_ns, ew=r.matchpoints_ew))]
                for r in ranked]
        ruled_table(sheet, [plain(h) for h in heads], widths, rows, size=9, row_h=6.5)
        sheet.words(plain(average_words(mine)), size=10, style="B")
        if len(mine) >= 2:
            for number, (question, answer) in enumerate(questions(board, ranked, found), start=1):
                sheet.words(f"{number}. {plain(question)}", size=10)
                answers.append((board.label, number, plain(answer)))
        sheet.ln(3)
    if answers:
        sheet.add_page()
        sheet.heading(plain(say("traveller_answers_page")), size=14)
        for label, number, answer in answers:
            sheet.words(plain(say("traveller_board", board=label)) + f" · {number}. {answer}", size=10)
    return bytes(sheet.output())


__all__ = ["POLL_SECONDS", "Traveller", "average_words", "board_figures", "columns", "compared_words",
           "how_many_more", "par_words", "phrased_html", "questions", "score_cells",
           "traveller_html", "traveller_pdf"]
