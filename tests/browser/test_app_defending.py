"""Lesson 11 in a real browser, in both editions: on deal A the pupil (East) leads the ♠2 by
clicking it, the computer declarer wins and leads the ♦5, and the pupil, second hand, is told to
follow suit when a club is clicked, and plays the ♦7; on deal B, after the ♥4 lead and partner's ♥Q, partner returns
the ♥2, declarer plays the ♥J and the pupil plays the ♥A (half the tables play each deal: the
class screen shows one at a time, chosen on its bar). The table at the moment of the rule is photographed at a
projector's 1024×768 and a laptop's 1366×768 (test-output/screenshots/)."""
from __future__ import annotations

import pytest
from app_pages import CLICK_LIMIT, click_card, open_lesson, part_screenshot, play
from playwright.sync_api import expect

from cardlib import BRIDGE_PACK, Card, Suit, render, say
from cardlib.messages import current_language, plain, set_language

SIZES = {"projector": ("projector_app", {"width": 1024, "height": 768}),
         "laptop": ("app", {"width": 1366, "height": 768})}


def words_of(language: str):
    """The trick picture's label and each card button's name, in the edition's language."""
    before = current_language()
    set_language(language)
    try:
        return (say("render_trick_label"), {render.card_words(c): c for c in BRIDGE_PACK.cards},
                {suit: plain(say("must_follow", suit=suit.word)) for suit in Suit})
    finally:
        set_language(before)


def enabled(table, names) -> dict[Card, object]:
    buttons = table.locator(".mb-card:not([disabled]):not(.mb-wait)")
    buttons.first.wait_for(timeout=CLICK_LIMIT)
    return {names[b.get_attribute("title")]: b for b in buttons.all()}


def wait_for_trick(table, label: str, cards: list[str]) -> None:
    """Wait until the trick in progress shows exactly ``cards`` (the computer plays at a pace)."""
    trick = table.locator(f'[role="group"][aria-label="{label}"] [data-card]')
    letters = [Card(c).letters for c in cards]
    expect(trick).to_have_count(len(letters), timeout=3 * CLICK_LIMIT)
    for i, card in enumerate(letters):
        expect(trick.nth(i)).to_have_attribute("data-card", card, timeout=3 * CLICK_LIMIT)


@pytest.mark.parametrize("edition", ["en", "ja"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_pupil_defends_deal_a_second_hand_low_and_deal_b_third_hand_high(request, chromium, edition, size):
    fixture, viewport = SIZES[size]
    served = request.getfixturevalue(fixture)
    label, names, follow_words = words_of(edition)
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    try:
        open_lesson(page, served.lesson(("ja/" if edition == "ja" else "") + "11_defending"))
        tables = page.locator(".mb-minibridge-table:visible")
        bar = page.locator('.mb-choice-bar[data-group="deal"]')
        # half the tables play each deal in class (the plan): the pupil's page shows both, the
        # class screen one at a time, deal A first
        expect(tables).to_have_count(1 if size == "projector" else 2, timeout=CLICK_LIMIT)
        expect(bar).to_have_count(1 if size == "projector" else 0)
        deals = (("♠2", ["♦5"], "♦7"), ("♥4", ["♥2", "♥J"], "♥A"))
        for n, (lead, trick, rule_card) in enumerate(deals):
            if size == "projector":
                bar.locator("button").nth(n).click()
                expect(tables).to_have_count(1)
            table = tables.nth(0 if size == "projector" else n)
            table.scroll_into_view_if_needed()
            play(page, enabled(table, names)[Card(lead)], keyboard=False)
            wait_for_trick(table, label, trick)
            suit = Card(trick[0]).suit
            cards = enabled(table, names)
            wrong = next(b for c, b in cards.items() if c.suit is not suit)
            click_card(wrong)  # a card that does not follow suit is refused, and the trick stays
            expect(table.locator(".mb-message")).to_contain_text(follow_words[suit], timeout=CLICK_LIMIT)
            assert wrong.is_visible()
            wait_for_trick(table, label, trick)
            playable = enabled(table, names)
            part_screenshot(table, f"11_defending-{edition}-{'A' if rule_card == '♦7' else 'B'}-{size}")
            play(page, playable[Card(rule_card)], keyboard=False)
            played = table.locator(f'[role="group"][aria-label="{label}"] [data-card="{Card(rule_card).letters}"]')
            expect(played).to_have_count(1, timeout=CLICK_LIMIT)
    finally:
        context.close()
