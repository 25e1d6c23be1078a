"""Auction Manille's table in a real browser, both editions: the pupil takes the privilege,
draws from the widow, discards the very card drawn by clicking it, stops, names no trumps, and
the play comes round to them (the rule book's order: draw and discard until satisfied, then
trumps). The table is built by a small notebook of its own, not by lesson 17, which changes."""
from __future__ import annotations

import json

import pytest
from app_pages import CLICK_LIMIT, open_lesson
from app_server import running_app
from playwright.sync_api import expect

CODE = ["from exercises.lesson_page import lesson_setup\nlesson_setup()\nfrom card_tables import AuctionTable",
        # the player before the pupil deals the first deal, so the pupil is asked first and takes the privilege
        "T = AuctionTable(form=1, players=3, seed=8)\nT"]
SAYS = {"": ("Draw a card from the widow", "You drew", "name trumps", "Your turn: play a card"),
        "ja/": ("ウィドーから", "を引いたよ", "決めてね", "カードを出してね")}


@pytest.fixture(scope="module")
def served(needs_chromium, tmp_path_factory):
    folder = tmp_path_factory.mktemp("auction-notebooks")
    (folder / "ja").mkdir()
    cells = [{"cell_type": "code", "id": f"a-cell-{i}", "metadata": {}, "execution_count": None, "outputs": [],
              "source": source} for i, source in enumerate(CODE)]
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
    for edition in (folder, folder / "ja"):
        (edition / "auction.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with running_app(notebooks=folder) as app:
        yield app


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_the_pupil_draws_discards_the_card_drawn_then_names_trumps_by_clicking(chromium, served, edition):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        open_lesson(page, served.lesson(f"{edition}auction"), ready=".mb-auction-table")
        table = page.locator(".mb-auction-table").first
        message = table.locator(".mb-message")
        hand = table.locator("button.mb-card")
        draw_now, drew, trumps_now, play_now = SAYS[edition]
        table.locator('[data-action="take"]').click()
        expect(message).to_contain_text(draw_now, timeout=CLICK_LIMIT)
        before = set(hand.evaluate_all("bs => bs.map(b => b.dataset.card)"))
        table.locator('[data-action="draw"][data-value=""]').click()
        expect(message).to_contain_text(drew, timeout=CLICK_LIMIT)
        after = set(hand.evaluate_all("bs => bs.map(b => b.dataset.card)"))
        (drawn,) = after - before
        table.locator(f'button.mb-card[data-card="{drawn}"]').click()  # the card just drawn goes back out
        expect(table.locator(f'button.mb-card[data-card="{drawn}"]')).to_have_count(0, timeout=CLICK_LIMIT)
        assert set(hand.evaluate_all("bs => bs.map(b => b.dataset.card)")) == before
        expect(table.locator('[data-action="trumps"]')).to_have_count(0)  # trumps only once satisfied
        table.locator('[data-action="stop"]').click()
        expect(message).to_contain_text(trumps_now, timeout=CLICK_LIMIT)
        table.locator('[data-action="trumps"][data-value="NT"]').click()
        expect(message).to_contain_text(play_now, timeout=CLICK_LIMIT)
    finally:
        context.close()
