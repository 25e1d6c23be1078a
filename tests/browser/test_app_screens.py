"""Every page of the app on the classroom's projector (1024×768 and 1280×720 with the projector
option): nothing is wider than the window, so nobody has to scroll sideways to see the end of a
deal, a score pad, a table of numbers, a dropdown or an exercise. Checked once the lesson has
run and its widgets are drawn: the page itself does not scroll sideways, and nothing inside it
sticks out past the window's right edge (an output that scrolls inside its own box hides its
end just as well)."""
from __future__ import annotations

import json

import pytest
from app_pages import ROOT, open_lesson
from app_server import running_app

# Both editions: the Japanese pages (notebooks/ja/) have longer words in other fonts.
PAGES = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) + \
    sorted(f"ja/{p.stem}" for p in (ROOT / "notebooks" / "ja").glob("[0-9][0-9]_*.ipynb"))
SCREENS = [(1024, 768), (1280, 720)]

# Every widget drawn: Voilà leaves a widget's output box empty until it has drawn the widget.
WIDGETS_DRAWN = """() => [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
  .every(output => output.childNodes.length > 0)"""

# The page's sideways scroll; the outermost things that stick out past the window's right edge;
# boxes that scroll sideways inside themselves (an output or a widget too narrow for its picture).
TOO_WIDE = """() => {
  const width = window.innerWidth, found = [];
  const words = el => (el.innerText || '').replace(/\\s+/g, ' ').slice(0, 60);
  for (const el of document.querySelectorAll('#rendered_cells *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > width + 1 && el.parentElement.getBoundingClientRect().right <= width + 1)
      found.push(`${el.tagName.toLowerCase()} ${Math.round(box.right - width)} px past the edge: ${words(el)}`);
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(`${el.tagName.toLowerCase()} scrolls ${el.scrollWidth - el.clientWidth} px sideways: ${words(el)}`);
  }
  return {scroll: document.scrollingElement.scrollWidth - width, found};
}"""


def assert_fits_the_projector(page, name: str) -> None:
    page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    page.evaluate("() => document.fonts.ready")
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        measured = page.evaluate(TOO_WIDE)
        where = f"{name} at {width}×{height}:\n" + "\n".join(measured["found"])
        assert measured["scroll"] <= 0, f"the page scrolls sideways: {where}"
        assert measured["found"] == [], where


@pytest.mark.parametrize("notebook", PAGES)
def test_no_lesson_is_wider_than_the_projector_screen(projector_app, chromium, notebook):
    context = chromium.new_context(viewport={"width": SCREENS[0][0], "height": SCREENS[0][1]})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson(notebook))
        assert_fits_the_projector(page, notebook)
    finally:
        context.close()


# The lessons' practice draws questions at random, so the widest pictures an exercise can show
# are drawn here on purpose: a 13-card hand, a Manille hand and the chance lesson's pile of 20.
WIDEST_PICTURES = """from IPython.display import HTML, display
from exercises import make_question

def widest(kind, size):
    return next(q for q in (make_question(kind, s) for s in range(2000))
                if q.picture.rows and len(q.picture.rows[0][1][1]) == size)

for kind, size in (("hcp", 13), ("manille_points", 8), ("chance_percent", 20)):
    display(HTML(widest(kind, size).picture.html()))
"""


def test_the_widest_exercise_pictures_fit_the_projector_screen(chromium, tmp_path):
    cell = {"cell_type": "code", "id": "w-cell-0", "metadata": {}, "execution_count": None, "outputs": [],
            "source": WIDEST_PICTURES}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
    (tmp_path / "widest.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with running_app(projector=True, notebooks=tmp_path) as app:
        context = chromium.new_context(viewport={"width": SCREENS[0][0], "height": SCREENS[0][1]})
        page = context.new_page()
        try:
            open_lesson(page, app.lesson("widest"))
            # Voilà streams the cell's output: on a busy machine the last pictures come after the page loads.
            page.wait_for_function("document.querySelectorAll('[data-card]').length >= 41", timeout=120_000)
            assert page.locator("[data-card]").count() == 13 + 8 + 20
            assert_fits_the_projector(page, "the widest exercise pictures")
        finally:
            context.close()
