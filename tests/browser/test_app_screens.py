"""The widest pictures an exercise can show fit the classroom's projector (1024×768 and 1280×720
with the projector option): nothing is wider than the window, so nobody has to scroll sideways.
Every lesson's page is checked the same way (app_pages.assert_fits_the_projector) in
test_app_lessons.py, on the page load that checks what the class screen shows."""
from __future__ import annotations

import json

import pytest
from app_pages import SCREENS, assert_fits_the_projector, open_lesson
from app_server import running_app

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
