"""The MiniBridge table of lesson 7 in the middle of a hand, in both colour themes at normal
and projector scale: the suit colours a pupil sees, and pictures of it in
test-output/screenshots/table-widget-<theme>-<scale>.png (the best copied into docs/)."""
from __future__ import annotations

import pytest
from app_pages import (choose_contract, enabled_cards, following, led_card, numbered_deal_with_redeals,
                       open_lesson, part_screenshot, play, tricks_done)

from cardlib import Suit, minibridge, render
from exercises.course import lesson_of

SERVERS = {("two-colour", "normal"): "app", ("two-colour", "projector"): "projector_app",
           ("four-colour", "normal"): "four_colour_app", ("four-colour", "projector"): "four_colour_projector_app"}


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize("theme, scale", list(SERVERS))
def test_table_mid_hand_in_each_theme_and_scale(request, page, theme, scale):
    served = request.getfixturevalue(SERVERS[(theme, scale)])
    page.set_viewport_size({"width": 1600 if scale == "projector" else 1280, "height": 1000})
    open_lesson(page, served.lesson("12_a_whole_hand"), ready=".mb-minibridge-table")
    # the full table, deal after deal (the one with a deal number); the class screen leaves that
    # practice out (it is for fast finishers) and shows deal A, which the class plays
    numbered = page.locator(".mb-minibridge-table:visible").filter(has=page.locator("input[type=number]"))
    if scale == "normal":
        table = numbered.first
        deal, declarer = numbered_deal_with_redeals(int(table.locator("input[type=number]").first.input_value()))
    else:
        assert numbered.count() == 0
        table = page.locator(".mb-minibridge-table:visible").first
        deal = lesson_of(12).deals[0].deal
        declarer = minibridge.declarer(deal)
    choose_contract(table, deal, declarer)
    while tricks_done(table) < 5 or led_card(table) is None:
        play(page, following(enabled_cards(table), led_card(table))[0][0], keyboard=False)

    colours = {Suit(s): render.suit_colour(Suit(s), theme) for s in Suit}
    for button in table.locator(".mb-card").all():
        suit = Suit.parse(button.inner_text().strip()[-1].replace("\ufe0e", ""))
        assert button.evaluate("b => getComputedStyle(b).color") == rgb(colours[suit]), button.inner_text()
    for picture in table.locator("[data-card]").all()[:12]:
        suit = Suit.parse(picture.get_attribute("data-card")[0])
        assert picture.evaluate("e => getComputedStyle(e).color") == rgb(colours[suit])
    part_screenshot(table, f"table-widget-{theme}-{scale}")
