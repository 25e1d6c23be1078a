"""An accessibility audit of the app with axe-core (axe-playwright-python bundles it): the contents
page of each edition and lessons with a card table, a quiz, a pre-check (its menu of contracts),
an exercise whose answer is a card, the bidding table, and the chance lab's slider, against WCAG 2.1 A and AA. No serious
or critical violation. axe's check that a control's name holds its visible label is still marked
experimental, so it is asked for by name. Every card a pupil can press is named, in the page's
language, by what it shows and then in words ("K♥, king of hearts")."""
from __future__ import annotations

import pytest
from app_pages import WIDGETS_DRAWN, misnamed_cards, open_lesson, serious_violations, sliders_drawn

PAGES = ["00_contents", "ja/00_contents", "04_declarer_and_dummy", "ja/04_declarer_and_dummy",
         "05_choosing_the_contract", "13_bidding", "15_manille_trumps", "18_chance_and_cards", "ja/18_chance_and_cards"]


@pytest.mark.parametrize("lesson", PAGES)
def test_no_serious_accessibility_violation_and_every_card_named_by_its_face(app, page, lesson):
    open_lesson(page, app.lesson(lesson))
    page.wait_for_function(WIDGETS_DRAWN, timeout=60_000)
    sliders_drawn(page, lesson)
    found = serious_violations(page)
    assert found == [], f"{lesson}:\n" + "\n".join(found)
    misnamed = misnamed_cards(page, "ja" if lesson.startswith("ja/") else "en")
    assert misnamed == [], f"{lesson}:\n" + "\n".join(misnamed)
