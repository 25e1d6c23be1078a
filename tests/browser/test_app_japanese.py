"""The Japanese edition in a real browser: Voilà and JupyterLab both keep the readings (<ruby>
survives their sanitisers and reaches the DOM), JupyterLab's menus are in Japanese, every page
is drawn in a Japanese font (no missing-glyph boxes). Screenshots of the Japanese app at projector size go to docs/screenshots/."""
from __future__ import annotations

import pytest
from app_pages import ROOT, open_lesson
from test_jupyterlab import japanese_lab  # noqa: F401  (JupyterLab as tasks.py lessons --lang ja starts it)

DOCS = ROOT / "docs" / "screenshots"

# The fonts that draw each character of the page's text, as Chromium chose them: a character no
# font has is drawn as a box, and Chromium's "Last Resort" names it.
READINGS = """() => [...document.querySelectorAll('ruby')].map(r => [r.innerText, r.querySelector('rt')?.innerText])"""


def japanese_fonts_used(page) -> list[str]:
    client = page.context.new_cdp_session(page)
    client.send("DOM.enable")
    client.send("CSS.enable")
    root = client.send("DOM.getDocument", {"depth": -1})["root"]
    fonts: set[str] = set()
    node = client.send("DOM.querySelector", {"nodeId": root["nodeId"], "selector": "h1"})["nodeId"]
    for used in client.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]:
        fonts.add(used["familyName"])
    return sorted(fonts)


def test_voila_keeps_the_readings_and_draws_them_in_a_japanese_font(projector_app, chromium):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson("ja/03_points"))
        readings = page.evaluate(READINGS)
        assert ["手札", "てふだ"] in [[word.replace(reading or "", "").strip(), reading] for word, reading in readings]
        fonts = japanese_fonts_used(page)
        assert fonts and not [f for f in fonts if "Last Resort" in f or f == "DejaVu Sans"], fonts
    finally:
        context.close()


def test_jupyterlab_keeps_the_readings_and_shows_its_menus_in_japanese(japanese_lab, chromium):  # noqa: F811
    url, _ = japanese_lab
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        page.goto(f"{url}/lab/tree/notebooks/ja/03_points.ipynb", timeout=120_000)
        page.wait_for_selector(".jp-MarkdownOutput ruby", timeout=120_000)
        menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert "編集" in menus and "Edit" not in menus, menus
        readings = page.evaluate(READINGS)
        assert any(reading == "てふだ" for _, reading in readings), readings
    finally:
        context.close()


@pytest.mark.parametrize("name, page_name", [("ja-contents", "ja/00_contents"), ("ja-lesson-table", "ja/02_trumps")])
def test_screenshots_of_the_japanese_app_at_projector_size(projector_app, chromium, name, page_name):
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, projector_app.lesson(page_name))
        if page_name.endswith("trumps"):
            table = page.locator(".mb-felt").first
            table.wait_for(timeout=60_000)
            table.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.evaluate("() => document.fonts.ready")
        DOCS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOCS / f"{name}-1024x768.png"))
        assert (DOCS / f"{name}-1024x768.png").stat().st_size > 10_000
    finally:
        context.close()
