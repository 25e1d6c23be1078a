"""The printouts in the teacher's notebook: choose one and the paper, press the button, and
the PDF is written to the printouts folder and offered as a download link (a data: link
inside the page, so it works the same in JupyterLab and in Voilà, with no file server).

>>> desk = PrintoutDesk(out=__import__("tempfile").mkdtemp(), progress_dir=__import__("tempfile").mkdtemp())
>>> desk.choice.value = "glossary"; path = desk.make()
>>> path.name, 'download="glossary-a4.pdf"' in desk.result.value
('glossary.pdf', True)
"""
from __future__ import annotations

import os
from pathlib import Path

import ipywidgets as widgets

from cardlib import CardError, render, say, settings
from cardlib.messages import plain
from teacher.download import download_link
from teacher.pack import class_names, printouts, typed_names



class PrintoutDesk(widgets.VBox):
    """Every printout of the pack in one list; certificates for the class's pupils (from
    the progress folder) and any names typed in. ``out``: where PDFs are written (else
    $MINIBRIDGE_PRINTOUTS_DIR, else a "printouts" folder here)."""

    def __init__(self, out: str | os.PathLike | None = None, progress_dir: str | os.PathLike | None = None):
        self.out = Path(out or settings.read().printouts_dir)
        self.progress_dir = progress_dir
        self.choice = widgets.Dropdown(options=[(p.title, p.name) for p in printouts()],
                                       description=plain(say("desk_choose_printout")), style={"description_width": "initial"},
                                       layout=widgets.Layout(width="40em"))
        self.paper = widgets.ToggleButtons(options=[(plain(say("desk_paper_a4")), "a4"), (plain(say("desk_paper_letter")), "letter")], value="a4",
                                           description=plain(say("desk_paper")), style={"button_width": "auto"})
        self.four_colour = widgets.Checkbox(description=plain(say("desk_four_colour")), value=False, indent=False)
        self.names = widgets.Text(placeholder=plain(say("desk_names_placeholder")), description=plain(say("desk_names_label")),
                                  style={"description_width": "initial"}, layout=widgets.Layout(width="40em"))
        self.button = widgets.Button(description=plain(say("desk_make_pdf")), button_style="primary", icon="print")
        self.result = widgets.HTML()
        self.button.on_click(lambda _: self.make())
        super().__init__([self.choice, self.paper, self.four_colour, self.names, self.button, self.result])

    def make(self) -> Path | None:
        """Write the chosen printout as PDF and show a link to download it; returns the
        file written (None if it could not be made)."""
        try:
            names = class_names(self.progress_dir, typed_names(self.names.value))
        except CardError as error:
            self.result.value = _para(str(error), "#B71C1C")
            return None
        found = {p.name: p for p in printouts(names)}
        printout = found.get(self.choice.value)
        if printout is None or self.paper.value not in ("a4", "letter"):  # a forged value
            self.result.value = _para(say("desk_choose_printout_first"), "#B71C1C")
            return None
        self.result.value = _para(say("desk_making", title=printout.title), "#333")
        data = printout.pdf(self.paper.value, "four-colour" if self.four_colour.value else None)
        filename = f"{printout.name}-{self.paper.value}.pdf"
        path = self.out / self.paper.value / f"{printout.name}.pdf"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            saved = say("desk_saved")
        except OSError as error:
            path, saved = None, say("desk_not_saved", reason=error.strerror or error)
        words = say("desk_download", filename=filename, size=max(1, round(len(data) / 1024)))
        self.result.value = download_link(data, filename, words) + _para(saved, "#555")
        return path


def _para(words: str, colour: str) -> str:
    return f'<div style="color:{colour}">{render.text_html(words)}</div>'
