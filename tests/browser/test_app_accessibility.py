"""An accessibility audit of the app with axe-core (axe-playwright-python bundles it): the contents
page of each edition and lessons with a card table, a quiz, a pre-check (its menu of contracts),
an exercise whose answer is a card, the bidding table, and the chance lab's slider, against WCAG 2.1 A and AA. No serious
or critical violation. axe's check that a control's name holds its visible label is still marked
experimental, so it is asked for by name. Every card a pupil can press is named, in the page's
language, by what it shows and then in words ("K♥, king of hearts")."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from app_pages import WIDGETS_DRAWN, in_every_language, open_lesson

from cardlib import say

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RULES = {"runOnly": {"type": "tag", "values": WCAG + ["experimental"]}, "resultTypes": ["violations"]}
PAGES = ["00_contents", "ja/00_contents", "04_declarer_and_dummy", "ja/04_declarer_and_dummy",
         "05_choosing_the_contract", "13_bidding", "15_manille_trumps", "18_chance_and_cards", "ja/18_chance_and_cards"]
SUITS = in_every_language(lambda: [say(f"suit_{s}") for s in ("spades", "hearts", "diamonds", "clubs")])

# What each card button shows in words (its corner; the big symbol and a hint's mark are hidden
# from screen readers) and the name a screen reader or a voice command uses.
CARD_NAMES = """() => [...document.querySelectorAll('button.mb-card')].map(b => {
  const shown = b.cloneNode(true);
  shown.querySelectorAll('[aria-hidden="true"]').forEach(e => e.remove());
  return [shown.textContent.replace(/\\s+/g, '').replace(/\\ufe0e/g, ''), b.getAttribute('aria-label')];
})"""


def chance_labs(lesson: str) -> int:
    """How many chance labs (each with its guess slider) the lesson shows: ipywidgets draws a
    slider a moment after the page's other widgets, so the audit waits for them."""
    notebook = nbformat.read(Path(__file__).resolve().parents[2] / "notebooks" / f"{lesson}.ipynb", as_version=4)
    return sum(cell.source.count("ChanceLab(") for cell in notebook.cells if cell.cell_type == "code")


def serious(response: dict) -> list[str]:
    """The WCAG A/AA violations axe calls serious or critical, one line each with its first element."""
    return [f"{v['id']} ({v['impact']}) ×{len(v['nodes'])}: {v['nodes'][0]['html'][:160]}"
            for v in response["violations"]
            if set(v["tags"]) & set(WCAG) and v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lesson", PAGES)
def test_no_serious_accessibility_violation_and_every_card_named_by_its_face(app, page, lesson):
    from axe_playwright_python.sync_playwright import Axe

    open_lesson(page, app.lesson(lesson))
    page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    page.wait_for_function("n => document.querySelectorAll('.widget-slider [role=slider]').length >= n",
                           arg=chance_labs(lesson), timeout=60_000)
    found = serious(Axe().run(page, options=RULES).response)
    assert found == [], f"{lesson}:\n" + "\n".join(found)

    language = "ja" if lesson.startswith("ja/") else "en"
    for face, name in page.evaluate(CARD_NAMES):
        assert name.replace("\ufe0e", "").startswith(face), f"{lesson}: a card showing {face} is named {name!r}"
        assert any(suit in name for suit in SUITS[language]), f"{lesson}: {name!r} is not in the page's language"
