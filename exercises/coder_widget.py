"""The coder's corner view: the ``%%check`` cell magic and the checker widget over
``exercises.coder``; in the app, where code can be neither typed nor seen (Voilà shows no code),
a short note and each ``%%check`` cell's code as numbered lines, for a class that runs it by hand.

A pupil's cell::

    %%check
    def hcp(hand):
        ...

runs their code and shows a ``CheckerView``: ✔ or ✘ for each function of the lesson the
cell defines, in words, and a button that checks again with new cards.

>>> from exercises.coder import check_function
>>> view = CheckerView([check_function("card_points", lambda card: 0)])
>>> view.passed, "✘" in view.output.value
(False, True)
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass

import ipywidgets as widgets

from cardlib import CardError, Hand, render, say
from cardlib.messages import plain
from exercises.coder import LIMIT, Report, check_code, check_function, in_app

MAGIC = "check"
APP_LIMIT = 0.25  # seconds: the time limit in the pupils' app
APP_NOTE_CLASS = "mb-app-only-note"
_LAST: list[Report] = []  # the reports of the last %%check cell, for the lesson's own checks


def last_reports() -> list[Report]:
    """The reports of the last ``%%check`` cell that ran (the lesson asserts on them)."""
    return list(_LAST)


class CheckerView(widgets.VBox):
    """The reports of one check, in words, and "Check again with new cards", which runs the
    same functions (as they are now in ``namespace``) on the next seed's cases."""

    def __init__(self, reports: Iterable[Report], namespace: Mapping | None = None, seed: int = 0,
                 scale: float | None = None):
        self.reports = list(reports)
        self.namespace = namespace
        self.seed = seed
        self.scale = render.PREFERENCES.scale if scale is None else scale
        self.output = widgets.HTML()
        self.again_button = widgets.Button(description=plain(say("code_check_again")), icon="refresh",
                                           layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.again_button.on_click(lambda _: self.check_again())
        names = self.names
        self.again_button.layout.display = None if names and namespace is not None else "none"
        super().__init__([self.output, self.again_button])
        self._show()

    @property
    def names(self) -> list[str]:
        """The functions this view checks."""
        return [r.name for r in self.reports if r.name]

    @property
    def passed(self) -> bool:
        """Was every function right on every case?"""
        return bool(self.reports) and all(r.passed for r in self.reports)

    def check_again(self) -> None:
        """Check the same functions again on the next seed's cases (new hands for hcp)."""
        if self.namespace is None or not self.names:
            return
        self.seed += 1
        self.reports = [check_function(name, self.namespace.get(name), seed=self.seed) for name in self.names]
        self._show()

    def _show(self) -> None:
        size = 1.05 * self.scale
        rows = []
        for report in self.reports:
            colour = "#1B5E20" if report.passed else "#B71C1C" if report.words.startswith("✘") else "#333333"
            lines = []
            for line in report.words.split("\n"):
                if line.startswith("    "):  # a line of the pupil's code
                    lines.append(f'<div style="font-family:monospace;background:#F4F4F4;color:#000;'
                                 f'padding:2px 8px;margin:2px 0">{html.escape(line.strip())}</div>')
                else:
                    lines.append(f"<div>{html.escape(line)}</div>")
            rows.append(f'<div style="color:{colour};font-size:{size:g}em;margin:0.4em 0">{"".join(lines)}'
                        f"{self._picture(report)}</div>")
        self.output.value = f'<div role="status" aria-live="polite">{"".join(rows)}</div>'

    def _picture(self, report: Report) -> str:
        """The hand or the card of the case that went wrong, drawn (words alone for contracts)."""
        if report.passed or not report.case:
            return ""
        try:
            if report.name == "hcp":
                return render.hand_html(Hand(report.case[0]).cards, scale=self.scale)
            if report.name == "card_points":
                return render.card_html(report.case[0], scale=self.scale)
        except CardError:
            return ""
        return ""


def check(*functions, seed: int = 0) -> CheckerView:
    """Check functions already defined, by their names: ``check(hcp, score)``.

    >>> def tricks_needed(contract):
    ...     return 7
    >>> check(tricks_needed).passed
    False
    """
    reports = [check_function(getattr(f, "__name__", "?"), f, seed=seed) for f in functions]
    return CheckerView(reports, namespace={r.name: f for r, f in zip(reports, functions)}, seed=seed)


def check_cell(line: str, cell: str, namespace: MutableMapping | None = None) -> CheckerView | CodeLines:
    """The ``%%check`` cell magic: run the cell's code (in the notebook's namespace) and
    check the lesson's functions it defines. In the app (nobody types there) it shows the cell's
    code as numbered lines.

    >>> view = check_cell("", "def card_points(card):\\n    return 0", namespace={})
    >>> "✘" in view.output.value, view.reports[0].problem
    (True, 'differs')
    """
    if namespace is None:
        from IPython import get_ipython

        shell = get_ipython()
        namespace = shell.user_ns if shell is not None else {}
    app = in_app()
    # In the app nobody can type, so the check's result is not what the class reads there: do not
    # keep the page waiting for a loop that never ends; show the code, which Voilà hides.
    reports = check_code(cell, namespace, line_offset=1, limit=APP_LIMIT if app else LIMIT)
    _LAST[:] = reports
    if app:
        return CodeLines(f"%%{MAGIC}" + (f" {line}" if line else "") + "\n" + cell)
    return CheckerView(reports, namespace)


@dataclass(frozen=True)
class CodeLines:
    """A cell's code as numbered lines, for a class that reads it aloud and runs it by hand (the
    app shows no code cells): line 1 is the cell's first line, as the check's words count them.

    >>> "<b>2</b>" in CodeLines("%%check\\ndef hcp(hand):\\n    return 0")._repr_html_()
    True
    """

    code: str

    def _repr_html_(self) -> str:  # the size of the page's text, which the projector's style sheet makes big
        lines = self.code.rstrip("\n").split("\n")
        width = len(str(len(lines)))
        rows = "".join(f'<div><b>{n:>{width}}</b>  {html.escape(line) or " "}</div>'
                       for n, line in enumerate(lines, 1))
        label = html.escape(plain(say("code_lines_label", lines=len(lines))))
        return (f'<div role="group" aria-label="{label}" style="font-family:monospace;white-space:pre;'
                f'font-size:1.1em;line-height:1.25;color:#000;background:#fff;border:2px solid #555;'
                f'border-radius:6px;padding:6px 12px;overflow-x:auto">{rows}</div>')


@dataclass(frozen=True)
class FunctionMachine:
    """A picture: what goes into a function, the function as a machine, and what comes out.

    ``given`` is HTML (a hand, a card) or plain words; ``answer`` what the function gives back.

    >>> "hcp" in FunctionMachine("hcp", "♠AK", "7")._repr_html_()
    True
    """

    name: str
    given: str
    answer: str
    given_is_html: bool = False
    scale: float | None = None

    def _repr_html_(self) -> str:
        big = render.PREFERENCES.scale if self.scale is None else self.scale
        given = self.given if self.given_is_html else (
            f'<span style="font-family:monospace;font-size:{1.4 * big:g}em;border:2px solid #555;'
            f'border-radius:6px;padding:4px 10px;background:#fff;color:#000">{html.escape(self.given)}</span>')
        arrow = f'<span aria-hidden="true" style="font-size:{2 * big:g}em;color:#000">→</span>'
        machine = (f'<span style="font-family:monospace;font-size:{1.5 * big:g}em;font-weight:bold;color:#fff;'
                   f'background:#1F4E9A;border-radius:10px;padding:10px 18px">⚙ {html.escape(self.name)}</span>')
        answer = (f'<span style="font-size:{2 * big:g}em;font-weight:bold;color:#000;border:3px solid {render.GOLD};'
                  f'border-radius:10px;padding:2px 14px;background:#fff">{html.escape(self.answer)}</span>')
        label = html.escape(plain(say("code_machine_label", name=self.name, answer=self.answer)))
        return (f'<div role="img" aria-label="{label}" style="display:flex;flex-wrap:wrap;align-items:center;'
                f'gap:{0.8 * big:g}em">{given}{arrow}{machine}{arrow}{answer}</div>')


def coder_setup(environ: Mapping[str, str] | None = None) -> None:
    """Get the lesson ready: the ``%%check`` magic (in JupyterLab, and in the app too, so the
    lesson's cells still run there); in the app, where nobody types and Voilà shows no code, also
    a short note, and above what a cell prints the code that printed it (``%%check`` cells show
    theirs), so the class reads the lines it runs by hand.

    >>> coder_setup(environ={})  # outside IPython: nothing to register, nothing to show
    """
    from IPython import get_ipython
    from IPython.display import HTML, display

    shell = get_ipython()
    if shell is not None:
        shell.register_magic_function(check_cell, magic_kind="cell", magic_name=MAGIC)
    if in_app(environ):
        display(HTML(app_note_html()))
        if shell is not None and show_printing_code not in shell.events.callbacks["pre_run_cell"]:
            shell.events.register("pre_run_cell", show_printing_code)


def show_printing_code(info) -> None:
    """Before a cell that prints runs (in the app), show its code as numbered lines: what it
    prints means nothing without the lines that printed it."""
    from IPython.display import display

    code = getattr(info, "raw_cell", "") or ""
    if "print(" in code and not code.lstrip().startswith("%%"):
        display(CodeLines(code))


def app_note_html() -> str:
    """The note the app shows for a lesson that needs code: code cannot be typed here; the class
    reads each function's lines (shown numbered) and runs them by hand with real cards, and the
    teacher types the class's lines in JupyterLab, where the check runs."""
    size = 1.2  # of the page's text, which the projector's style sheet already makes big
    # what a cell prints, as large as the code lines above it (the projector's style sheet makes
    # the page's text large, not printed text)
    printed = 2.1 if render.PREFERENCES.projector else 1.2
    return (f"<style>.jp-RenderedText pre {{ font-size: {printed:g}em; }}</style>"
            f'<div class="{APP_NOTE_CLASS}" role="note" style="border:3px solid {render.GOLD};border-radius:10px;'
            f'padding:12px 18px;font-size:{size:g}em;color:#000;background:#fff">'
            f"<p><b>{render.text_html(say('code_app_title'))}</b></p><p>{render.text_html(say('code_app_note'))}</p></div>")
