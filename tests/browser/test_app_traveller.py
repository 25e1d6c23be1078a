"""The traveller in a real browser, served with the projector option as the class screen: the
teacher picks a lesson's deals, writes real-card tables' results on the form, and the
traveller shows them ranked with matchpoints in words, the average and the par, with the
maths questions but never their answers; under the English schools' rules each score is in the
column of the side that earned it and nobody writes a minus; it fits 1024×768 and 1280×720 without a sideways
scroll. Screenshots go to docs/screenshots/traveller-*.png."""
from __future__ import annotations

import re

import pytest
from app_server import ROOT, running_app
from test_app_screens import SCREENS, assert_fits_the_projector

LOAD_LIMIT_MS = 180_000
SHOTS = ROOT / "docs" / "screenshots"
# 4A: South declares; the lesson plays NT partscore (9 tricks with good play); the par is ♠ game, 420
PLAYED = [("1", "NT partscore", "9"), ("2", "NT game", "9"), ("3", "NT game", "8"), ("4", "NT partscore", "9")]


@pytest.fixture(scope="module")
def projector_teacher_pages(needs_chromium):
    with running_app(projector=True, notebooks=ROOT / "teacher") as app:
        yield app


def test_the_traveller_on_the_projector(projector_teacher_pages, chromium):
    context = chromium.new_context(viewport={"width": SCREENS[0][0], "height": SCREENS[0][1]})
    page = context.new_page()
    try:
        page.goto(f"{projector_teacher_pages.url}/voila/render/traveller.ipynb", timeout=LOAD_LIMIT_MS)
        page.get_by_role("button", name="Play these deals").click(timeout=LOAD_LIMIT_MS)
        page.get_by_text("No table has finished this board yet.").first.wait_for(timeout=60_000)
        for table, contract, tricks in PLAYED:
            page.get_by_label("Table", exact=True).fill(table)
            page.get_by_label("Contract", exact=True).select_option(label=contract)
            page.get_by_label("Tricks declarer took").fill(tricks)
            page.get_by_role("button", name="Put it on the traveller").click()
            page.get_by_text(f"Table {table}, board 4A").wait_for(timeout=30_000)
        page.get_by_label("Table", exact=True).fill("5")
        page.get_by_label("Tricks declarer took").fill("14")
        page.get_by_role("button", name="Put it on the traveller").click()
        page.get_by_text("14 is not a number of tricks").wait_for(timeout=30_000)
        traveller = page.locator(".mb-traveller")
        text = traveller.inner_text()
        assert "beat 3 tables" in text and "beat 1 table, tied with 1" in text
        # 400 + 150 + 150 for N–S, 50 for E–W (table 3, one down)
        assert "N–S scored 700 in all, E–W 50. 700 − 50 = 650 more for N–S, and 650 ÷ 4 = about 163" in text
        assert "♠ game by South, 10 tricks, N–S 420" in text
        assert "How many more did N–S score at table 2 than at table 4?" in text and "Answer" not in text
        assert not re.search(r"[−-]\d", text)  # no score with a minus
        columns = traveller.locator("tr").first.locator("td").all_inner_texts()
        row = traveller.locator("tr", has_text="beat no table").locator("td").all_inner_texts()
        assert columns[5:7] == ["N–S", "E–W"] and row[5:7] == ["", "50"]  # in E–W's column
        assert_fits_the_projector(page, "the traveller")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => document.querySelector('.mb-traveller').scrollIntoView({block: 'start'})")
            page.screenshot(path=str(SHOTS / f"traveller-projector-{width}x{height}.png"))
    finally:
        context.close()
