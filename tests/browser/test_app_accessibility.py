"""An accessibility audit of the app with axe-core (axe-playwright-python bundles it): the contents
page of each edition and lessons with a card table, a quiz, a pre-check (its menu of contracts),
an exercise whose answer is a card, the bidding table, and the chance lab's slider, against WCAG 2.1 A and AA. No serious
or critical violation. axe's check that a control's name holds its visible label is still marked
experimental, so it is asked for by name. Every card a pupil can press is named, in the page's
language, by what it shows and then in words ("K♥, king of hearts")."""
from __future__ import annotations

import contextlib
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from app_pages import WIDGETS_DRAWN, misnamed_cards, open_lesson, serious_violations

PAGES = ["00_contents", "ja/00_contents", "04_declarer_and_dummy", "ja/04_declarer_and_dummy",
         "05_choosing_the_contract", "13_bidding", "15_manille_trumps", "18_chance_and_cards", "ja/18_chance_and_cards"]


def chance_labs(lesson: str) -> int:
    """How many chance labs (each with its guess slider) the lesson shows: ipywidgets draws a
    slider a moment after the page's other widgets, so the audit waits for them."""
    notebook = nbformat.read(Path(__file__).resolve().parents[2] / "notebooks" / f"{lesson}.ipynb", as_version=4)
    return sum(cell.source.count("ChanceLab(") for cell in notebook.cells if cell.cell_type == "code")


@pytest.mark.parametrize("lesson", PAGES)
def test_no_serious_accessibility_violation_and_every_card_named_by_its_face(app, page, lesson):
    open_lesson(page, app.lesson(lesson))
    page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    labs = chance_labs(lesson)
    page.wait_for_function("n => document.querySelectorAll('.widget-slider [role=slider]').length >= n",
                           arg=labs, timeout=60_000)
    if labs:  # the lab's small widget that names sliders may come a moment after the first slider
        with contextlib.suppress(PlaywrightTimeout):  # if it never does, axe says which slider has no name
            page.wait_for_function("() => [...document.querySelectorAll('[role=slider]')].every(s => s.getAttribute('aria-label'))",
                                   timeout=10_000)
    found = serious_violations(page)
    assert found == [], f"{lesson}:\n" + "\n".join(found)
    misnamed = misnamed_cards(page, "ja" if lesson.startswith("ja/") else "en")
    assert misnamed == [], f"{lesson}:\n" + "\n".join(misnamed)
