"""The teacher's screen (``tasks.py app --teacher``) leads and the class screen (``--projector``)
follows, two apps on one class folder: the class screen links to the teacher's lesson, scrolls
to the section the teacher shows, and shows the one answer the teacher chose (no button, no
other answer, none of the teacher's notes) until the teacher hides it. Both editions.
The class screen with one answer shown is photographed at 1024×768 and 1280×720."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from app_pages import open_lesson, screenshot
from app_server import ROOT, running_app
from playwright.sync_api import expect

from cardlib import messages, say
from exercises.plans import plan_of
from teacher.presenter import as_html, as_label, questions, sections

HEADINGS = ", ".join(f".jp-MarkdownCell h{n}" for n in range(1, 7))
FOLLOW_LIMIT = 5_000  # ms: the class screen polls three times a second


@pytest.fixture(scope="module")
def two_screens(needs_chromium, tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    with running_app(audience="teacher", progress=folder) as teacher, \
            running_app(projector=True, progress=folder) as projector:
        yield teacher, projector


def plain(markdown: str) -> str:
    return re.sub(r"<rt>.*?</rt>|<[^>]+>", "", as_html(markdown)).replace("&amp;", "&")


def heading_top(page, number: int) -> float:
    return page.locator(HEADINGS).nth(number).bounding_box()["y"]


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_the_class_screen_follows_the_teachers_screen(chromium, two_screens, edition):
    teacher_app, projector_app = two_screens
    lesson = ROOT / "notebooks" / edition / "05_choosing_the_contract.ipynb"
    messages.set_language("ja" if edition else "en")
    try:
        shown_section = next(i for i, s in enumerate(sections(lesson)) if i > 8)
        label, asked = as_label(sections(lesson)[shown_section]), questions(lesson)
        teacher_words = [say("presenter_show_answer"), say("presenter_hide_answer"), say("presenter_bar_title")]
        link_words = say("presenter_teacher_is_on", number=5)
        plan = plan_of(5)
        plan_heading = say("plan_heading", used=plan.minutes, limit=plan.limit)  # the plan computed in the edition
    finally:
        messages.set_language("en")
    class_tab = chromium.new_context(viewport={"width": 1024, "height": 768}).new_page()
    teacher_tab = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        open_lesson(class_tab, projector_app.lesson(f"{edition}01_tricks"))
        open_lesson(teacher_tab, teacher_app.lesson(f"{edition}05_choosing_the_contract"))
        # the class screen on lesson 1 is told where the teacher is, and the link opens it
        link = class_tab.locator(".mb-teacher-elsewhere a")
        expect(class_tab.locator(".mb-teacher-elsewhere")).to_contain_text(link_words, timeout=FOLLOW_LIMIT)
        teachers_page = f"../{edition}05_choosing_the_contract.ipynb" if edition else "05_choosing_the_contract.ipynb"
        expect(link).to_have_attribute("href", teachers_page, timeout=FOLLOW_LIMIT)  # now, not the page before
        link.click()
        class_tab.wait_for_url(f"**/voila/render/{edition}05_choosing_the_contract.ipynb")
        expect(teacher_tab.locator("body")).to_contain_text(plan_heading)  # the teacher's screen shows the plan
        open_lesson(class_tab, class_tab.url)
        expect(class_tab.locator(".mb-teacher-elsewhere")).to_be_hidden(timeout=FOLLOW_LIMIT)

        # a section: the class page scrolls to its heading
        assert heading_top(class_tab, shown_section) > 768, "the section starts below the class screen"
        started = time.monotonic()
        teacher_tab.locator(".mb-presenter-bar").get_by_role("button", name=label, exact=True).click()
        while not 0 <= heading_top(class_tab, shown_section) < 100:
            assert time.monotonic() - started < FOLLOW_LIMIT / 1000, "the class screen did not scroll there"
            class_tab.wait_for_timeout(50)
        print(f"class screen scrolled {time.monotonic() - started:.2f} s after the click ({edition or 'en'})")

        # one answer: on the class screen large, with no button; the other answers never sent
        teacher_tab.get_by_role("button", name=teacher_words[0]).nth(2).click()
        card = class_tab.locator(".mb-shown-answer")
        expect(card).to_contain_text(plain(asked[2][1])[:12], timeout=FOLLOW_LIMIT)
        assert card.locator("button").count() == 0
        assert float(card.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 32
        sent = class_tab.content()
        others = [plain(a) for n, (_q, a) in enumerate(asked) if n != 2 and len(plain(a)) >= 8]
        assert others and not [a for a in others if a in sent], "another answer is on the class screen"
        assert not [word for word in teacher_words if word in class_tab.inner_text("body")]
        assert plan_heading not in class_tab.content(), "the teacher's plan is not on the class screen"
        name = f"presenter-class-screen-answer{'-ja' if edition else ''}"
        screenshot_of_screen(class_tab, f"{name}-1024x768")
        class_tab.set_viewport_size({"width": 1280, "height": 720})
        screenshot_of_screen(class_tab, f"{name}-1280x720")
        teacher_tab.get_by_role("button", name=teacher_words[1]).click()
        expect(card).to_be_hidden(timeout=FOLLOW_LIMIT)
    finally:
        class_tab.context.close()
        teacher_tab.context.close()


def screenshot_of_screen(page, name: str) -> Path:
    """What the class sees: the screen as it is, not the whole lesson."""
    from app_pages import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
