"""The class at a glance, from the class's progress database: a table of pupils × lessons
(done, score, time spent), the slips each pupil makes most, a chart for each lesson, and
the same numbers as CSV. Each view is an object that shows itself in a notebook.

Time spent in a lesson is counted honestly from what the database knows, the times of
answers: from the first to the last answer of each sitting, where a pause of more than 15
minutes between two answers starts a new sitting. Reading before the first answer and
after the last is not counted, so it is a lower bound.

>>> import tempfile
>>> view = ClassView(tempfile.mkdtemp())
>>> "No pupil" in view.table()
True
"""
from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import ipywidgets as widgets

from cardlib import CardError, render, say, sentences
from cardlib.messages import plain, texts
from exercises.browser_progress import add_handed_in
from exercises.course import COURSE, is_precheck, lesson_of
from exercises.progress import ProgressStore, failure_reason
from exercises.store import StoreError
from teacher.download import download_link

SITTING_GAP = 15 * 60  # seconds: a longer pause between two answers starts a new sitting
DONE, STARTED = "#E3F1E5", "#FFF4D6"  # cell backgrounds; the words say the same
RIGHT, WRONG = "#1B5E20", "#B84A00"


def import_hand_ins(files: dict[str, bytes], progress_dir=None) -> list[str]:
    """Add the work pupils handed in from the course's website (the files their "Hand in my
    work" button downloaded: name -> contents) to the class's progress; a sentence for each
    file. A wrong file is refused in its sentence and nothing is taken from it; work added
    before (a file handed in twice) is not counted again."""
    said = []
    for name, data in files.items():
        try:
            work, answers, quizzes = add_handed_in(bytes(data), progress_dir)
        except CardError as error:
            said.append(say("desk_hand_in_refused", file=name, reason=str(error)))
            continue
        except StoreError as error:
            said.append(say("desk_hand_in_refused", file=name, reason=say("ex_progress_not_saved", reason=failure_reason(error))))
            continue
        if answers or quizzes:
            said.append(say("desk_hand_in_added", file=name, pupil=work.pupil, answers=answers, quizzes=quizzes))
        else:
            said.append(say("desk_hand_in_nothing_new", file=name, pupil=work.pupil))
    return said


class HandIns(widgets.VBox):
    """Pupils' handed-in files chosen (several at once) and added to the class's progress,
    with a sentence for each file."""

    def __init__(self, progress_dir=None):
        self.progress_dir = progress_dir
        self.upload = widgets.FileUpload(accept=".json", multiple=True, description=say("desk_hand_ins_label"),
                                         layout=widgets.Layout(width="auto"))
        self.said = widgets.HTML()
        self.upload.observe(lambda _: self.add(), names="value")
        super().__init__([self.upload, self.said])

    def add(self) -> None:
        files = {item["name"]: item["content"] for item in self.upload.value}
        if not files:
            return
        lines = import_hand_ins(files, self.progress_dir) + [say("desk_hand_in_run_again")]
        self.said.value = "".join(f"<p>{render.text_html(line)}</p>" for line in lines)


class Page(str):
    """Some HTML that shows itself in a notebook (leave it last in a cell)."""

    def _repr_html_(self) -> str:
        return str(self)


def time_spent(times: Iterable[float], gap: float = SITTING_GAP) -> float:
    """Seconds from first to last answer of each sitting (a pause over ``gap`` splits).

    >>> time_spent([0, 60, 120, 5000, 5030])
    150.0
    """
    times = sorted(times)
    total = 0.0
    for before, after in zip(times, times[1:]):
        if after - before <= gap:
            total += after - before
    return float(total)


def minutes_words(seconds: float) -> str:
    """ "12 min", or "under 1 min"."""
    return say("desk_minutes", minutes=round(seconds / 60)) if seconds >= 60 else say("desk_under_a_minute")


def _words(prefix: str, name: str) -> str:
    """A name in words from the message table (key prefix + name), else the name itself."""
    key = prefix + name
    return say(key) if key in texts("en") else name.replace("_", " ")


def kind_words(kind: str) -> str:
    """A kind of question as the teacher reads it: "hcp" → "counting high-card points"; a
    variant ("announcements:fourth") by its own words if it has them, else by its kind's."""
    variant = kind.replace(":", "_")
    return _words("desk_kind_", variant if "desk_kind_" + variant in texts("en") else kind.split(":")[0])


def slip_words(slip: str) -> str:
    """A slip as the teacher reads it (its message if the exercises give one, else its name)."""
    return _words("slip_", slip)


@dataclass
class Cell:
    """One pupil in one lesson."""

    answers: int = 0
    right: int = 0
    times: list[float] = field(default_factory=list)
    quiz: tuple[int, int] | None = None  # the best mark and its size
    precheck: tuple[int, int] | None = None  # the pre-check's mark and its size (the first one)

    @property
    def done(self) -> bool:
        """A lesson is done when its quiz is finished."""
        return self.quiz is not None

    @property
    def seconds(self) -> float:
        return time_spent(self.times)


class ClassView:
    """The class's progress (the progress folder given, else $MINIBRIDGE_PROGRESS_DIR, else
    ~/.minibridge-progress), read once; ``ClassView()`` again to read it afresh."""

    def __init__(self, progress_dir=None):
        store = ProgressStore(progress_dir)
        self.pupils = store.pupils()
        self.answers = store.answers()
        self.quizzes = store.quiz_marks()
        self.notes = store.damage_notes()
        self.cells: dict[tuple[str, int | None], Cell] = {}
        for answer in self.answers:
            cell = self.cell(answer.pupil, answer.lesson)
            cell.answers += 1
            cell.right += answer.correct
            cell.times.append(answer.at)
        for quiz in self.quizzes:
            cell = self.cell(quiz.pupil, quiz.lesson)
            if is_precheck(quiz.seed):
                cell.precheck = cell.precheck or (quiz.mark, quiz.out_of)
            elif cell.quiz is None or quiz.mark / quiz.out_of > cell.quiz[0] / cell.quiz[1]:
                cell.quiz = (quiz.mark, quiz.out_of)

    def cell(self, pupil: str, lesson: int | None) -> Cell:
        return self.cells.setdefault((pupil, lesson), Cell())

    @property
    def lessons(self) -> list[int | None]:
        """Every lesson of the course, and None if some answers name no lesson (older ones)."""
        numbers: list[int | None] = [lesson.number for lesson in COURSE]
        if any(lesson is None for _, lesson in self.cells):
            numbers.append(None)
        return numbers

    def _lesson_name(self, number: int | None) -> str:
        if number is None:
            return say("desk_no_lesson")
        return say("desk_lesson_short", number=number, title=lesson_of(number).title)

    def _repr_html_(self) -> str:
        notes = "".join(f'<p style="color:#B71C1C"><b>{render.text_html(n)}</b></p>' for n in self.notes)
        if not self.pupils:
            return notes + f"<p>{render.text_html(say('desk_no_pupils'))}</p>"
        done = sum(1 for c in self.cells.values() if c.done)
        return notes + "<p>" + render.text_html(say("desk_class_summary", pupils=len(self.pupils), answers=len(self.answers),
                                                   quizzes=len(self.quizzes), done=done)) + "</p>"

    # --- the table ---
    def table(self) -> Page:
        """Pupils down, lessons across; each cell: ✔ and the quiz mark when done, the answers
        right, and the time spent."""
        if not self.pupils:
            return Page(f"<p>{render.text_html(say('desk_no_pupils'))}</p>")
        style = "border:1px solid #BBB;padding:4px 6px;vertical-align:top"
        heads = "".join(f'<th style="{style};background:#EEE">{render.text_html(self._lesson_name(n))}</th>'
                        for n in self.lessons)
        rows = []
        for pupil in self.pupils:
            cells = []
            for number in self.lessons:
                cell = self.cells.get((pupil, number))
                words, colour = self.cell_words(cell)
                cells.append(f'<td style="{style};white-space:nowrap;background:{colour}">{render.text_html(words).replace(chr(10), "<br>")}</td>')
            rows.append(f'<tr><th style="{style};text-align:left">{render.text_html(pupil)}</th>{"".join(cells)}</tr>')
        return Page(f'<table style="border-collapse:collapse;font-size:0.9em"><thead><tr><th style="{style}">'
                    f'{render.text_html(say("desk_pupil"))}</th>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>')

    @staticmethod
    def cell_words(cell: Cell | None) -> tuple[str, str]:
        """What a cell says, and its background."""
        if cell is None or (cell.answers == 0 and not cell.done and cell.precheck is None):
            return "", "#FFFFFF"
        lines = []
        if cell.precheck is not None:
            lines.append(say("desk_cell_precheck", mark=cell.precheck[0], out_of=cell.precheck[1]))
        if cell.done:
            lines.append(say("desk_cell_done", mark=cell.quiz[0], out_of=cell.quiz[1]))
        if cell.answers:
            lines.append(say("desk_cell_right", right=cell.right, answers=cell.answers))
            lines.append(minutes_words(cell.seconds))
        return "\n".join(lines), DONE if cell.done else STARTED

    # --- learning shown: pre-check and exit quiz ---
    def skill_marks(self, pupil: str, number: int) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        """For each skill (kind of question) of a lesson's exit quiz: (right, asked) in the
        pupil's pre-check and (right, asked) in their exit quiz (their first try of each)."""
        lesson = lesson_of(number)
        marks: dict[str, list[list[int]]] = {}
        seen: set[str] = set()  # a question answered again (the quiz taken twice) counts once
        for answer in self.answers:
            if answer.pupil != pupil or answer.lesson != number or answer.seed is None or answer.seed in seen:
                continue
            if is_precheck(answer.seed):
                which = 0
            elif answer.seed.startswith(f"{lesson.quiz_seed}:"):
                which = 1
            else:
                continue
            seen.add(answer.seed)
            pair = marks.setdefault(answer.kind, [[0, 0], [0, 0]])[which]
            pair[0] += answer.correct
            pair[1] += 1
        return {kind: (tuple(pre), tuple(exit_)) for kind, (pre, exit_) in marks.items()}

    def gains(self, number: int) -> Page:
        """One lesson: per pupil and per skill, the pre-check and the exit quiz side by side,
        then the skills the class as a whole still misses."""
        lesson = lesson_of(number)
        rows_of = {p: self.skill_marks(p, number) for p in self.pupils}
        rows_of = {p: m for p, m in rows_of.items() if m}
        title = f"<h4>{render.text_html(self._lesson_name(number))}</h4>"
        if not rows_of:
            return Page(title + f"<p>{render.text_html(say('desk_gain_nothing_yet'))}</p>")
        kinds = list(dict.fromkeys(k for m in rows_of.values() for k in m))
        style = "border:1px solid #BBB;padding:4px 6px;vertical-align:top;white-space:nowrap"
        heads = "".join(f'<th style="{style};background:#EEE">{render.text_html(kind_words(k))}</th>' for k in kinds)
        rows = []
        for pupil, marks in rows_of.items():
            cells = []
            for kind in kinds:
                pre, exit_ = marks.get(kind, ((0, 0), (0, 0)))
                words = say("desk_gain_cell", pre=self._mark_words(pre), exit=self._mark_words(exit_))
                cells.append(f'<td style="{style}">{render.text_html(words)}</td>')
            rows.append(f'<tr><th style="{style};text-align:left">{render.text_html(pupil)}</th>{"".join(cells)}</tr>')
        table = (f'<table style="border-collapse:collapse;font-size:0.9em"><thead><tr><th style="{style}">'
                 f'{render.text_html(say("desk_pupil"))}</th>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        missed = self.class_misses(number)
        if missed:
            words = say("desk_class_misses", skills=", ".join(kind_words(k) for k in missed))
        elif any(m[k][1][1] for m in rows_of.values() for k in m):
            words = say("desk_class_misses_none")
        else:
            words = say("desk_class_no_exit_yet")
        return Page(title + table + f"<p><b>{render.text_html(words)}</b></p>")

    def learning(self) -> Page:
        """The gains of every lesson someone has done a pre-check or a quiz in."""
        done = {n for (_, n), c in self.cells.items() if c.precheck is not None or c.quiz is not None}
        pages = [self.gains(n) for n in self.lessons if n in done]
        return Page("".join(pages) or f"<p>{render.text_html(say('desk_gain_nothing_yet'))}</p>")

    @staticmethod
    def _mark_words(mark: tuple[int, int]) -> str:
        return say("desk_gain_mark", right=mark[0], asked=mark[1]) if mark[1] else say("desk_gain_not_done")

    def class_misses(self, number: int) -> list[str]:
        """The skills of a lesson that fewer than half of the class's exit-quiz answers got right."""
        totals: dict[str, list[int]] = {}
        for pupil in self.pupils:
            for kind, (_, (right, asked)) in self.skill_marks(pupil, number).items():
                total = totals.setdefault(kind, [0, 0])
                total[0] += right
                total[1] += asked
        return [kind for kind, (right, asked) in totals.items() if asked and 2 * right < asked]

    # --- slips ---
    def slips(self, top: int = 3) -> Page:
        """For each pupil, the slips named most often in their wrong answers, and the kinds
        of question they get wrong most."""
        if not self.pupils:
            return Page(f"<p>{render.text_html(say('desk_no_pupils'))}</p>")
        items = []
        for pupil in self.pupils:
            wrong = [a for a in self.answers if a.pupil == pupil and not a.correct]
            slips = Counter(a.slip for a in wrong if a.slip)
            kinds = Counter(a.kind for a in wrong)
            tried = Counter(a.kind for a in self.answers if a.pupil == pupil)
            if not wrong:
                words = say("desk_no_wrong_answers") if tried else say("desk_no_answers_yet")
            else:
                slip_part = ", ".join(say("desk_slip_count", slip=slip_words(s), count=n) for s, n in slips.most_common(top))
                kind_part = ", ".join(say("desk_kind_count", kind=kind_words(k), wrong=n, tried=tried[k])
                                      for k, n in kinds.most_common(top))
                words = sentences(say("desk_slips_most", slips=slip_part) if slips else say("desk_no_slips_named"),
                                  say("desk_wrong_most", kinds=kind_part))
            items.append(f"<li><b>{render.text_html(pupil)}</b>: {render.text_html(words)}</li>")
        return Page(f"<ul>{''.join(items)}</ul>")

    # --- charts ---
    def lesson_chart(self, number: int | None) -> str:
        """An SVG chart: each pupil's right and wrong answers in one lesson (wrong ones striped,
        so colour is never the only sign), with the quiz mark written beside the bar. Drawn as
        cardlib.render draws cards, in the page's fonts (Japanese names too)."""
        from html import escape

        pupils = [p for p in self.pupils if (p, number) in self.cells]
        rights = [self.cells[p, number].right for p in pupils]
        wrongs = [self.cells[p, number].answers - self.cells[p, number].right for p in pupils]
        left = 16 + max([render.text_width(p) for p in pupils] + [40])
        width, top, row = left + 420, 40, 26
        height = top + row * len(pupils) + 44
        most = max([r + w for r, w in zip(rights, wrongs)] + [1]) * 1.25
        unit = (width - left - 110) / most  # room on the right for the quiz mark

        def text(x, y, words, anchor="start", size=12, extra=""):
            return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="#000"{extra}>'
                    f"{escape(plain(words))}</text>")

        stripes = f"mb-wrong-{number}"  # one id a chart: a page shows several
        parts = [f'<defs><pattern id="{stripes}" width="6" height="6" patternUnits="userSpaceOnUse" '
                 f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{WRONG}"/>'
                 f'<line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-width="2"/></pattern></defs>',
                 text(width / 2, 20, self._lesson_name(number), "middle", 15, ' font-weight="bold"')]
        step = max(1, round(most / 6))
        for tick in range(0, int(most) + 1, step):
            x = left + tick * unit
            parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + row * len(pupils)}" stroke="#DDDDDD"/>')
            parts.append(text(x, top + row * len(pupils) + 16, str(tick), "middle"))
        for i, pupil in enumerate(pupils):
            y = top + row * i
            parts.append(text(left - 8, y + row / 2 + 4, pupil, "end"))
            parts.append(f'<rect x="{left}" y="{y + 4}" width="{rights[i] * unit:.1f}" height="{row - 8}" fill="{RIGHT}">'
                         f'<title>{escape(plain(say("desk_chart_right")))}: {rights[i]}</title></rect>')
            parts.append(f'<rect x="{left + rights[i] * unit:.1f}" y="{y + 4}" width="{wrongs[i] * unit:.1f}" '
                         f'height="{row - 8}" fill="url(#{stripes})"><title>{escape(plain(say("desk_chart_wrong")))}: '
                         f"{wrongs[i]}</title></rect>")
            quiz = self.cells[pupil, number].quiz
            if quiz is not None:
                parts.append(text(left + (rights[i] + wrongs[i]) * unit + 6, y + row / 2 + 4,
                                  say("desk_chart_quiz", mark=quiz[0], out_of=quiz[1])))
        parts.append(text((left + width) / 2, height - 8, say("desk_chart_answers"), "middle", 13))
        for j, (fill, key) in enumerate(((RIGHT, "desk_chart_right"), (f"url(#{stripes})", "desk_chart_wrong"))):
            x = width - 100
            parts.append(f'<rect x="{x}" y="{top + 18 * j}" width="14" height="12" fill="{fill}"/>')
            parts.append(text(x + 20, top + 18 * j + 11, say(key)))
        return (f'<svg role="img" aria-label="{escape(plain(self._lesson_name(number)))}" width="{width:g}" '
                f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" style="display:block;margin:6px 0;'
                f'max-width:100%;height:auto;background:#fff;{render.FONT}">{"".join(parts)}</svg>')

    def charts(self) -> Page:
        """A chart for each lesson with answers (SVG in the page, so they show in JupyterLab and
        Voilà alike); a sentence when there are none."""
        numbers = [n for n in self.lessons if any(lesson == n and c.answers for (_, lesson), c in self.cells.items())]
        if not numbers:
            return Page(f"<p>{render.text_html(say('desk_no_answers_chart'))}</p>")
        return Page("".join(self.lesson_chart(number) for number in numbers))

    # --- CSV ---
    def csv_text(self) -> str:
        """One line for each pupil and lesson they have worked on."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(say("desk_csv_columns").split("|"))
        for pupil in self.pupils:
            for number in self.lessons:
                cell = self.cells.get((pupil, number))
                if cell is None:
                    continue
                slips = Counter(a.slip for a in self.answers if a.pupil == pupil and a.lesson == number and a.slip)
                writer.writerow([pupil, "" if number is None else number, self._lesson_name(number), cell.answers,
                                 cell.right, "" if cell.quiz is None else cell.quiz[0],
                                 "" if cell.quiz is None else cell.quiz[1], round(cell.seconds / 60, 1),
                                 say("desk_yes") if cell.done else say("desk_no"),
                                 slips.most_common(1)[0][0] if slips else ""])
        return out.getvalue()

    def csv_link(self) -> Page:
        """A link that downloads the CSV (a spreadsheet opens it)."""
        data = self.csv_text().encode("utf-8-sig")  # the mark tells spreadsheets it is UTF-8
        return Page(download_link(data, "class-progress.csv", say("desk_csv_download"), mime="text/csv"))
