"""The chance lab of lesson 18: guess first, then deal seeded deals and watch a histogram of
what happened settle; the exact chances (counted by ``cardlib.chance``) can be shown as dots.

The logic (``Experiment``: what is counted, the tally, the words, the chart as SVG) has no
ipywidgets; ``ChanceLab`` is the thin view. The chart is drawn in SVG as cardlib.render draws
cards, so it is the same wherever the lesson runs: JupyterLab, Voilà, or the pupil's browser
(the website, where matplotlib cannot be had).

>>> e = Experiment("points", seed="doc")
>>> e.deal(100).tally.deals, 0 < e.share < 1
(100, True)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import anywidget
import ipywidgets as widgets

from cardlib import Card, CardError, Seat, chance, minibridge, render, say, sentences
from cardlib.messages import current_language, number, plain

QUESTIONS = ("points", "long", "redeal", "split")
MAX_DEALS = 200_000  # a pupil clicking all lesson long stays well under this
SMALL, BIG = 10, 1000


@dataclass(frozen=True)
class LabQuestion:
    """What one experiment counts: the outcome of each deal, the outcomes to draw (in order),
    which of them make the event, and the exact chance of each outcome."""

    key: str
    outcome: Callable
    categories: tuple
    event: Callable[[Hashable], bool]
    exact: Callable[[], dict]

    def label(self, category) -> str:
        return f"{category[0]}–{category[1]}" if isinstance(category, tuple) else str(category)


def _question(key: str) -> LabQuestion:
    if key == "points":
        return LabQuestion(key, chance.points_of, tuple(range(0, 38)), lambda p: p >= 12,
                        lambda: chance.points_distribution(13))
    if key == "long":
        return LabQuestion(key, chance.longest_suit_of, tuple(range(4, 14)), lambda n: n >= 5,
                        chance.longest_suit_distribution)
    if key == "redeal":
        return LabQuestion(key, chance.side_points_of, tuple(range(0, 41)), lambda p: p == minibridge.REDEAL_POINTS,
                        lambda: chance.points_distribution(26))
    if key == "split":
        return LabQuestion(key, chance.split_of, ((3, 2), (4, 1), (5, 0)), lambda s: s == (3, 2),
                        lambda: chance.split_chances(5))
    raise CardError("lab_question", text=key, names=", ".join(QUESTIONS))


class Experiment:
    """One question, its guess and its tally of seeded deals (deal i has seed "<seed>:<i>")."""

    def __init__(self, question: str = "points", seed: int | str = "chance lab"):
        self.question = _question(question)
        self.tally = chance.Tally(self.question.outcome, seed=seed)
        self.guess: int | None = None

    def set_guess(self, guess: object) -> int:
        """Write down the pupil's guess: how many out of 100 (a whole number 0 to 100)."""
        if isinstance(guess, bool) or not isinstance(guess, int) or not 0 <= guess <= 100:
            raise CardError("lab_guess_range", text=str(guess)[:20])
        self.guess = guess
        return guess

    def deal(self, n: int) -> Experiment:
        """Deal ``n`` more deals and count them (never past MAX_DEALS)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise CardError("lab_deal_count", text=str(n)[:20])
        self.tally.more(min(n, MAX_DEALS - self.tally.deals))
        return self

    @property
    def exact(self) -> Fraction:
        """The exact chance of the event, counted."""
        return sum((p for c, p in self.question.exact().items() if self.question.event(c)), Fraction(0))

    @property
    def share(self) -> Fraction:
        """The part of the counted deals in which the event happened."""
        return self.tally.share(self.question.event)

    def headline(self) -> str:
        """The chart's title: how many deals, and the share so far."""
        if not self.tally.deals:
            return say("lab_no_deals")
        return say(f"lab_headline_{self.question.key}", deals=self.tally.deals, seen=self.tally.seen,
                   percent=chance.percent(self.share))

    def status(self) -> str:
        """What happened so far, in words (and the guess, once made)."""
        key = self.question.key
        if not self.tally.deals:
            words = say("lab_no_deals")
        else:
            words = say(f"lab_status_{key}", deals=self.tally.deals, seen=self.tally.seen,
                        count=self.tally.count(self.question.event), percent=chance.percent(self.share))
        if self.guess is not None:
            words = sentences(words, say("lab_your_guess", guess=self.guess))
        return words

    def draw(self, show_exact: bool = False, scale: float | None = None) -> str:
        """The histogram as an SVG picture: a bar for the share of each outcome so far (the
        event's bars blue, the others grey), black dots for the exact chances when asked. Each
        bar carries its count in words (a tooltip); the words come from the page's fonts.

        >>> chart = Experiment("split", seed="doc").deal(100).draw(show_exact=True)
        >>> chart.startswith("<svg") and chart.count('class="mb-lab-bar"'), chart.count("<circle")  # and the legend's dot
        (3, 4)
        """
        from html import escape

        big = render.PREFERENCES.scale if scale is None else scale
        question, tally = self.question, self.tally
        seen, exact = tally.seen, question.exact()
        shares = [tally.counts.get(c, 0) / seen if seen else 0 for c in question.categories]
        top = max(max(shares, default=0), max(float(p) for p in exact.values())) * 1.15 or 1
        left, right, plot_top, plot_bottom = 72, CHART_W - 12, 50, CHART_H - 58
        height = plot_bottom - plot_top
        slot = (right - left) / len(question.categories)

        def y(share: float) -> float:
            return plot_bottom - height * share / top

        def text(x, y_, words, size=12, anchor="middle", extra=""):
            return (f'<text x="{x:.1f}" y="{y_:.1f}" font-size="{size}" text-anchor="{anchor}" fill="#000"{extra}>'
                    f"{escape(plain(words))}</text>")

        parts = []
        step = _tick_step(top)
        for i in range(int(top / step) + 1):  # the grid, with its percentages on the left
            at = y(i * step)
            parts.append(f'<line x1="{left}" y1="{at:.1f}" x2="{right}" y2="{at:.1f}" stroke="#DDDDDD"/>')
            parts.append(text(left - 6, at + 4, f"{i * step * 100:.0f}%", anchor="end"))
        every = 1 if len(question.categories) <= 14 else 2
        for i, category in enumerate(question.categories):
            middle, label = left + slot * (i + 0.5), question.label(category)
            count = tally.counts.get(category, 0)
            words = say("lab_bar", outcome=label, count=count, seen=seen)
            colour = EVENT_COLOUR if question.event(category) else OTHER_COLOUR
            parts.append(f'<rect class="mb-lab-bar" data-count="{count}" x="{middle - slot * 0.4:.1f}" '
                         f'y="{y(shares[i]):.1f}" width="{slot * 0.8:.1f}" height="{plot_bottom - y(shares[i]):.1f}" '
                         f'fill="{colour}" stroke="#333333" stroke-width="0.5"><title>{escape(plain(words))}</title></rect>')
            if i % every == 0:
                parts.append(text(middle, plot_bottom + 16, label))
            if show_exact:
                parts.append(f'<circle cx="{middle:.1f}" cy="{y(float(exact.get(category, 0))):.1f}" r="4" fill="#000"/>')
        parts.append(f'<line x1="{left}" y1="{plot_bottom}" x2="{right}" y2="{plot_bottom}" stroke="#000"/>')
        parts.append(f'<line x1="{left}" y1="{plot_top}" x2="{left}" y2="{plot_bottom}" stroke="#000"/>')
        parts.append(text(CHART_W / 2, 22, self.headline(), size=15, extra=' font-weight="bold"'))
        parts.append(text((left + right) / 2, CHART_H - 14, say(f"lab_axis_{question.key}"), size=14))
        side_words = say("lab_axis_share_split" if question.key == "split" else "lab_axis_share")
        parts.append(text(18, (plot_top + plot_bottom) / 2, side_words, size=14,
                          extra=f' transform="rotate(-90 18 {(plot_top + plot_bottom) / 2:.1f})"'))
        parts.append(_legend(right, plot_top, [(EVENT_COLOUR, say(f"lab_event_{question.key}")),
                                               (OTHER_COLOUR, say("lab_legend_other"))]
                             + [(None, say("lab_legend_exact"))] * show_exact))
        return (f'<svg role="img" aria-label="{escape(plain(self.headline()))}" width="{CHART_W * big:g}" '
                f'height="{CHART_H * big:g}" viewBox="0 0 {CHART_W} {CHART_H}" '
                f'style="max-width:100%;height:auto;background:#fff;{render.FONT}">{"".join(parts)}</svg>')


CHART_W, CHART_H = 640, 288  # the chart at scale 1, in CSS pixels
EVENT_COLOUR, OTHER_COLOUR = "#1F4E9A", "#BBBBBB"


def _tick_step(top: float) -> float:
    """A round step for the percentages up the side: 4 to 10 lines below ``top``."""
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25):
        if top / step <= 10:
            return step
    return 0.5


def _legend(right: float, top: float, rows: list[tuple[str | None, str]]) -> str:
    """The legend's box in the chart's top right corner: a swatch (a dot for None) and its words."""
    from html import escape

    width = 34 + max(render.text_width(plain(words)) for _, words in rows)
    x = right - width - 4
    parts = [f'<rect x="{x}" y="{top}" width="{width}" height="{8 + 18 * len(rows)}" fill="#fff" stroke="#999"/>']
    for i, (colour, words) in enumerate(rows):
        middle = top + 13 + 18 * i
        if colour is None:
            parts.append(f'<circle cx="{x + 15}" cy="{middle}" r="4" fill="#000"/>')
        else:
            parts.append(f'<rect x="{x + 8}" y="{middle - 6}" width="14" height="12" fill="{colour}" stroke="#333333" stroke-width="0.5"/>')
        parts.append(f'<text x="{x + 28}" y="{middle + 4}" font-size="12" fill="#000">{escape(plain(words))}</text>')
    return "".join(parts)


def many_deals(deals: int, seed: int | str) -> dict[str, Experiment]:
    """Every question of the lab over the same ``deals`` deals (dealt once), for the lesson's
    table of what the deals gave against the exact count.

    >>> results = many_deals(200, seed="doc")
    >>> sorted(results), results["points"].tally.deals
    (['long', 'points', 'redeal', 'split'], 200)
    """
    experiments = {key: Experiment(key, seed) for key in QUESTIONS}
    counted = chance.tallies({key: e.question.outcome for key, e in experiments.items()}, deals, seed)
    for key, experiment in experiments.items():
        experiment.tally = counted[key]
    return experiments


class SliderNames(anywidget.AnyWidget):
    """Every slider of the page named for screen readers and voice control by the words beside
    it ("My guess"): ipywidgets draws a slider's handle (role="slider") with no name, its words
    being a label of the row only. One watcher for the page, from the first lab on: a slider is
    named as it is drawn (a watcher's call comes before the browser draws again). Draws nothing."""

    _esm = """
const name = () => {
  for (const handle of document.querySelectorAll(".widget-slider [role=slider]:not([aria-label])")) {
    const words = handle.closest(".widget-slider").querySelector(".widget-label");
    const text = words && words.textContent.replace(/[:：\\s]+$/, "");
    if (text) handle.setAttribute("aria-label", text);
  }
};
if (!window.mbSliderNames) {
  window.mbSliderNames = new MutationObserver(name);
  window.mbSliderNames.observe(document.documentElement, { childList: true, subtree: true });
}
function render() { name(); }
export default { render };
"""


class ChanceLab(widgets.VBox):
    """Guess (a slider, then "That's my guess"), then deal 10 or 1000 more and watch the
    histogram settle; a check box shows the exact chances as black dots.

    >>> lab = ChanceLab("split", seed="doc")
    >>> lab.guess_slider.value = 60; lab.guess_button.click(); lab.big_button.click()
    >>> lab.experiment.guess, lab.experiment.tally.deals
    (60, 1000)
    """

    def __init__(self, question: str = "points", seed: int | str = "chance lab", scale: float | None = None):
        self.experiment = Experiment(question, seed)
        self.scale = render.PREFERENCES.scale if scale is None else scale
        key = self.experiment.question.key
        self.ask = widgets.HTML(_para(say(f"lab_ask_{key}"), bold=True, size=1.15))  # the page makes text big
        self.guess_slider = widgets.IntSlider(value=50, min=0, max=100, step=1, description=plain(say("lab_guess_label")),
                                              readout=False, style={"description_width": "initial"},
                                              layout=widgets.Layout(width=f"{24 * self.scale:g}em"))
        # The guess in words beside the slider, as big as the lesson's text (the slider's own
        # number stays small on a projector).
        self.guess_unit = widgets.HTML()
        self.guess_slider.observe(lambda _: self._show_guess(), names="value")
        self._show_guess()
        def fit():  # as wide as its words (「これがわたしの予想」 was cut)
            return {"layout": widgets.Layout(width="auto")}

        self.guess_button = widgets.Button(description=plain(say("lab_guess_button")), button_style="primary", icon="check", **fit())
        self.small_button = widgets.Button(description=plain(say("lab_deal_more", count=SMALL)), disabled=True, **fit())
        self.big_button = widgets.Button(description=plain(say("lab_deal_more", count=BIG)), disabled=True, icon="refresh", **fit())
        self.exact_box = widgets.Checkbox(value=False, description=plain(say("lab_show_exact")), indent=False)
        self.status = widgets.HTML()
        # The picture is 640 pixels wide at scale 1; on a narrower screen it shrinks to the column's width.
        self.chart = widgets.HTML(layout=widgets.Layout(max_width="100%", margin="2px 0"))
        self.guess_button.on_click(lambda _: self.save_guess())
        self.small_button.on_click(lambda _: self.deal(SMALL))
        self.big_button.on_click(lambda _: self.deal(BIG))
        self.exact_box.observe(lambda _: self._redraw(), names="value")
        # On a narrow screen (a projector's 1024 pixels) what does not fit a row goes below.
        wrap = {"flex_flow": "row wrap", "align_items": "center"}
        slider_name = SliderNames(layout=widgets.Layout(display="none"))
        super().__init__([self.ask, widgets.HBox([self.guess_slider, slider_name, self.guess_unit, self.guess_button],
                                                 layout=widgets.Layout(**wrap)),
                          widgets.HBox([self.small_button, self.big_button, self.exact_box], layout=widgets.Layout(**wrap)),
                          self.status, self.chart])
        self._say(say("lab_guess_first"))
        self._redraw()

    def _show_guess(self) -> None:
        self.guess_unit.value = (f'<span class="mb-guess" style="color:#000;font-weight:bold">'
                                 f'{say("lab_out_of_100", guess=self.guess_slider.value)}</span>')

    def save_guess(self) -> None:
        """Write down the slider's guess and let the dealing start."""
        try:
            guess = self.experiment.set_guess(self.guess_slider.value)
        except CardError as error:  # a forged value from the browser
            self._say(str(error))
            return
        self.guess_slider.disabled = self.guess_button.disabled = True
        self.small_button.disabled = self.big_button.disabled = False
        self._say(say("lab_you_guessed", guess=guess))

    def deal(self, n: int) -> None:
        """Deal ``n`` more (a click on a dealing button; refused before the guess)."""
        if self.experiment.guess is None:
            self._say(say("lab_guess_first"))
            return
        self.experiment.deal(n)
        self._redraw()

    def _redraw(self) -> None:
        self.chart.value = self.experiment.draw(show_exact=self.exact_box.value, scale=self.scale)
        if self.experiment.tally.deals:
            self._say(self.experiment.status())

    def _say(self, words: str) -> None:
        self.status.value = _para(words, size=1.1)


@dataclass(frozen=True)
class ChanceLine:
    """A picture: the line of chances from 0 (never) to 1 (always), with some chances marked.

    Each mark's words hang under the line at the end of a dashed line from its dot, one row a
    mark, laid out (``label_places``) so that no dashed line crosses another mark's words.

    >>> "1/4" in ChanceLine((("a heart", Fraction(1, 4)),))._repr_html_()
    True
    """

    marks: tuple[tuple[str, Fraction], ...]
    scale: float | None = None

    WIDTH, LEFT, LINE_Y, ROW, FONT = 760, 40, 40, 22, 15

    def labels(self) -> list[str]:
        return [plain(f"{value.numerator if value.denominator == 1 else value}: {words}") for words, value in self.marks]

    def _repr_html_(self) -> str:
        import html

        big = render.PREFERENCES.scale if self.scale is None else self.scale
        width, left, line_y = self.WIDTH, self.LEFT, self.LINE_Y
        span = width - 2 * left
        parts = [f'<line x1="{left}" y1="{line_y}" x2="{left + span}" y2="{line_y}" stroke="#000" stroke-width="3"/>']
        for value, words in ((0, say("lab_never")), (1, say("lab_always"))):
            x = left + span * value
            parts.append(f'<line x1="{x}" y1="{line_y - 10}" x2="{x}" y2="{line_y + 10}" stroke="#000" stroke-width="3"/>')
            parts.append(f'<text x="{x}" y="{line_y - 16}" text-anchor="middle" font-size="15">{value}</text>')
            # Above the line, read inward beside the 0 and the 1: centred under the line, a long word
            # ("ぜったい起こらない") ran off the picture and the marks' dashed lines crossed it.
            anchor, at = ("start", x + 14) if value == 0 else ("end", x - 14)
            parts.append(f'<text x="{at}" y="{line_y - 16}" text-anchor="{anchor}" font-size="14">{html.escape(plain(words))}</text>')
        xs, labels = [left + span * float(value) for _, value in self.marks], self.labels()
        places = label_places(xs, [label_width(label, self.FONT) for label in labels], width)
        for x, label, (row, anchor, at) in zip(xs, labels, places):
            y = line_y + 52 + self.ROW * row
            parts.append(f'<circle cx="{x:.1f}" cy="{line_y}" r="7" fill="#1F4E9A"/>')
            parts.append(f'<line x1="{x:.1f}" y1="{line_y}" x2="{x:.1f}" y2="{y - 14}" stroke="#1F4E9A" stroke-dasharray="3 3"/>')
            parts.append(f'<text x="{at:.1f}" y="{y}" text-anchor="{anchor}" font-size="{self.FONT}" fill="#000">{html.escape(label)}</text>')
        width = max([width] + [at + label_width(label, self.FONT) + 4 for label, (_, anchor, at) in zip(labels, places)
                               if anchor == "start"])
        height = line_y + 60 + self.ROW * len(self.marks)
        return (f'<svg role="img" aria-label="{html.escape(plain(say("lab_line_label")))}" width="{width * big:g}" '
                f'height="{height * big:g}" viewBox="0 0 {width:g} {height}" style="background:#fff;'
                f'font-family:sans-serif">{"".join(parts)}</svg>')


LABEL_GAP = 5  # between a mark's dashed line and the first letter of its words


def label_width(words: str, font_size: float) -> float:
    """The most room ``words`` take: each character as wide as the font's size, the widest a
    Japanese character is (a Latin one is narrower)."""
    return len(words) * font_size


def label_places(xs: list[float], widths: list[float], width: float) -> list[tuple[int, str, float]]:
    """Where each mark's words go under a line of chances: (row, text-anchor, x of the text).

    One row a mark, from the line down. Row by row, a mark whose words, beside its own dashed
    line, cover the dashed line of no mark still to place (those run down past this row) and fit
    in the picture: words right of the line in the left half and left of it in the right half
    where they can, the mark nearest the middle first. The rightmost mark's words on its right
    always cover no other line; the picture grows to hold them when nothing else fits.

    >>> label_places([40.0, 60.0], [100.0, 100.0], 760)  # close marks: the nearer the middle on top
    [(1, 'start', 45.0), (0, 'start', 65.0)]
    """
    places: dict[int, tuple[int, str, float]] = {}
    middle = width / 2
    for row in range(len(xs)):
        waiting = [i for i in range(len(xs)) if i not in places]
        options = []
        for i in waiting:
            for anchor in ("start", "end"):
                at = xs[i] + LABEL_GAP if anchor == "start" else xs[i] - LABEL_GAP
                low, high = (at, at + widths[i]) if anchor == "start" else (at - widths[i], at)
                fits = 0 <= low and high <= width
                clear = not any(low <= xs[k] <= high for k in waiting if k != i)
                if fits and clear:
                    usual = (anchor == "start") == (xs[i] < middle)
                    options.append((not usual, abs(xs[i] - middle), xs[i], i, anchor, at))
        if options:
            *_, i, anchor, at = min(options)
        else:
            i = max(waiting, key=lambda k: (xs[k], k))
            anchor, at = "start", xs[i] + LABEL_GAP
        places[i] = (row, anchor, at)
    return [places[i] for i in range(len(xs))]


@dataclass(frozen=True)
class Comparison:
    """A table: for each question, what the deals gave, the exact count, and the gap.

    ``rows`` are (question words, count seen, out of, exact chance).
    """

    rows: tuple[tuple[str, int, int, Fraction], ...]
    scale: float | None = None

    @classmethod
    def of(cls, experiments: dict[str, Experiment]) -> Comparison:
        """The table for experiments already dealt (``many_deals``)."""
        return cls(tuple((say(f"lab_event_{key}"), e.tally.count(e.question.event), e.tally.seen, e.exact)
                         for key, e in experiments.items()))

    def _repr_html_(self) -> str:
        rows = []
        for words, seen, total, exact in self.rows:
            share = Fraction(seen, total)
            rows.append((words, f"{seen} / {total} = {chance.percent(share)}", chance.percent(exact),
                         chance.percent(abs(share - exact))))
        return _table_html(say("lab_table_columns").split("|"), rows, self.scale)


@dataclass(frozen=True)
class SplitTable:
    """A table: how ``missing`` cards can split between the two defenders, with the number
    of ways (East's 13 cards chosen from the defenders' 26), the fraction and the percent.

    >>> "78/115" in SplitTable(5)._repr_html_()
    True
    """

    missing: int = 5
    scale: float | None = None

    def rows(self) -> list[tuple[str, int, Fraction]]:
        """(split, ways, chance) for each split, most likely first."""
        from math import comb

        deals = comb(2 * chance.HAND, chance.HAND)  # the ways East's 13 cards can be chosen
        return [(f"{more}–{fewer}", int(p * deals), p) for (more, fewer), p in chance.split_chances(self.missing).items()]

    def _repr_html_(self) -> str:
        from math import comb

        total = comb(2 * chance.HAND, chance.HAND)
        rows = [(split, number(ways), f"{number(ways)} / {number(total)} = {p.numerator}/{p.denominator}", chance.percent(p))
                for split, ways, p in self.rows()]
        return _table_html(say("lab_split_columns").split("|"), rows, self.scale)


@dataclass(frozen=True)
class EveryWay:
    """Every way a few missing cards can lie between East and West, one row a way, to count
    by listing (each card is with East or with West, like a coin that falls one way or the
    other): East's cards, West's cards and the split. ``folded`` shows it closed, under a line
    to open it by: the lesson asks the class to list the ways on paper first, and the picture is
    what they check their lists against, so it does not give the answers away beside the task.

    >>> ways = EveryWay(("♥K", "♥Q"))
    >>> [split for _, _, split in ways.rows()], ways.count(1, 1)
    (['2–0', '1–1', '1–1', '0–2'], 2)
    >>> EveryWay(("♥K", "♥Q"), folded=True)._repr_html_().startswith("<details>")
    True
    """

    missing: tuple[str, ...]
    scale: float | None = None
    folded: bool = False

    def rows(self) -> list[tuple[list[Card], list[Card], str]]:
        cards = [Card(card) for card in self.missing]
        rows = []
        for places in product((Seat.E, Seat.W), repeat=len(cards)):
            east = [card for card, seat in zip(cards, places) if seat is Seat.E]
            west = [card for card, seat in zip(cards, places) if seat is Seat.W]
            rows.append((east, west, f"{len(east)}–{len(west)}"))
        return rows

    def count(self, more: int, fewer: int) -> int:
        """The ways one defender has ``more`` cards and the other ``fewer``, either way round."""
        return sum(1 for east, west, _ in self.rows() if sorted((len(east), len(west))) == sorted((more, fewer)))

    def _repr_html_(self) -> str:
        def cards(held):
            return render.hand_html(held) if held else "—"

        head = [render.text_html(Seat.E.word), render.text_html(Seat.W.word), render.text_html(say("lab_every_way_split"))]
        rows = [[cards(east), cards(west), split] for east, west, split in self.rows()]
        grid = render.grid_html(head, rows, self.scale, padding=4)
        if self.folded:
            return f"<details><summary>{render.text_html(say('lab_every_way_check'))}</summary>{grid}</details>"
        return grid


def _table_html(head: list[str], rows, scale: float | None) -> str:
    """The lab's tables: plain text (escaped) in the lessons' plain table."""
    return render.grid_html([render.text_html(h) for h in head], [[render.text_html(str(v)) for v in values] for values in rows],
                            scale=scale, padding=6)


def _para(words: str, bold: bool = False, size: float = 1.0) -> str:
    weight = "font-weight:bold;" if bold else ""
    return f'<div role="status" style="color:#000;{weight}font-size:{size:g}em">{render.text_html(words)}</div>'
