"""The teacher's screen (``tasks.py app --teacher``) leads and the class screen (``--projector``)
follows, two apps on one class folder: the class screen links to the teacher's lesson (on a line
of its own, covering no heading), scrolls to the section the teacher shows (from her bar or the
button beside each heading) with its table whole on the screen, shows the table the teacher plays
as she plays it, and shows the one answer the teacher chose (no button, no other answer, none of
the teacher's notes) until the teacher hides it. Both editions. The class screen asks no name and
offers no hint, role or scoring menu, and fits deal 10A's seven diamonds on one line.
The class screen is photographed at 1024×768 and 1280×720."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from app_pages import CLICK_LIMIT, open_lesson, screenshot, trick_cards
from app_server import ROOT, running_app
from playwright.sync_api import expect

from cardlib import messages, say
from cardlib.messages import plain
from exercises.plans import plan_of
from teacher.presenter import as_html, as_label, questions, sections

HEADINGS = ", ".join(f".jp-MarkdownCell h{n}" for n in range(1, 7))
FOLLOW_LIMIT = 5_000  # ms: the class screen polls three times a second
PLAY_LIMIT = 10_000  # ms: from the teacher's card on her screen to the same on the class screen


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
        # the talk's last section, before deal A: below the first screen, with a screen's worth after it
        shown_section = next(i for i, s in enumerate(sections(lesson)) if as_label(s).startswith(("Deal A", "ディールA"))) - 1
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


SCREENS = [(1024, 768), (1280, 720)]


def felt_box(page, nth: int = 0) -> dict:
    return page.locator(".mb-table").nth(nth).bounding_box()


def wait_until(check, what: str, limit: float = FOLLOW_LIMIT) -> float:
    """Wait until ``check()`` holds; the seconds it took."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < limit / 1000, what
        time.sleep(0.05)
    return time.monotonic() - started


def menus(page, key: str) -> int:
    """How many of a table's drop-down menus (labelled with the words of ``key``) the page shows."""
    return page.locator(".widget-dropdown", has_text=plain(say(key))).count()


def hands_and_trick(table) -> tuple[list[str], list]:
    """The cards of the hands a pupil sees at a table (the seats the pupil plays, as buttons), and
    the trick in the middle."""
    return table.locator("button.mb-card").evaluate_all("els => els.map(e => e.dataset.card)"), trick_cards(table)


def cards_on(table) -> list[str]:
    """Every card a table shows face up (hands, dummy, the trick), in the page's order."""
    return table.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


@pytest.mark.parametrize("width, height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_class_screen_shows_the_table_the_teacher_demonstrates(chromium, two_screens, width, height):
    """"Show the class" beside the Deal A heading brings the whole table onto the class screen;
    the cards the teacher plays on her screen appear on it, and no other card."""
    teacher_app, projector_app = two_screens
    lesson = "05_choosing_the_contract"
    class_tab = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    teacher_tab = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        open_lesson(class_tab, projector_app.lesson(lesson))
        open_lesson(teacher_tab, teacher_app.lesson(lesson))
        heading = teacher_tab.locator("h2", has_text="Deal A: a golden fit")
        heading.get_by_role("button", name=say("presenter_show_here")).click()
        wait_until(lambda: 0 <= felt_box(class_tab)["y"] < height / 2, "the class screen did not go to deal A")
        class_tab.wait_for_timeout(300)  # scrolled in one go: nothing moves after
        felt = felt_box(class_tab)
        assert felt["y"] >= 0 and felt["y"] + felt["height"] <= height + 1, f"the table is not whole: {felt}"
        screenshot_of_screen(class_tab, f"presenter-class-screen-deal-a-{width}x{height}")

        # the teacher shows another section, then plays at deal A: the class screen comes back to it
        teacher_tab.locator(".mb-presenter-bar").get_by_role("button", name="Last time", exact=True).click()
        wait_until(lambda: felt_box(class_tab)["y"] > height, "the class screen did not go to 'Last time'")
        table = teacher_tab.locator(".mb-table").first
        table.get_by_role("button", name="♠", exact=True).click()
        table.get_by_role("button", name="game", exact=True).click()
        table.get_by_role("button", name="Play this contract").click()
        shown = class_tab.locator(".mb-table").first
        for _card in range(5):  # dummy's and declarer's cards, the computer answering at once
            playable = table.locator("button.mb-playable")
            playable.first.wait_for(timeout=CLICK_LIMIT)
            card = playable.last.get_attribute("data-card")
            playable.last.dispatch_event("click")  # as Enter on a card reached with Tab
            expect(table.locator(f'button[data-card="{card}"]')).to_have_count(0, timeout=CLICK_LIMIT)
            table.locator("button.mb-playable").first.wait_for(timeout=CLICK_LIMIT)  # her turn again
            seconds = wait_until(lambda: hands_and_trick(shown) == hands_and_trick(table),
                                 f"the class screen does not show the teacher's table after {card}", PLAY_LIMIT)
        print(f"the class screen showed the teacher's card {seconds:.2f} s after her screen ({width}x{height})")
        felt = felt_box(class_tab)
        assert felt["y"] >= 0 and felt["y"] + felt["height"] <= height + 1, "the class screen went to the table"
        class_tab.wait_for_timeout(1000)
        assert hands_and_trick(shown) == hands_and_trick(table), "the class screen plays no card of its own"
        # nothing the class cannot use: no hint at its turn, no role or scoring menu
        assert shown.get_by_role("button", name=say("table_hint")).count() == 0
        assert table.get_by_role("button", name=say("table_hint")).count() == 1, "the teacher's own table has it"
        assert menus(class_tab, "table_you_play") == 0 and menus(teacher_tab, "table_you_play") >= 1
        before = cards_on(shown)
        shown.locator("button.mb-playable").last.dispatch_event("click")  # a card the teacher may play
        expect(shown).to_contain_text("the cards are played on the teacher", timeout=FOLLOW_LIMIT)
        assert cards_on(shown) == before
        screenshot_of_screen(class_tab, f"presenter-class-screen-demonstration-{width}x{height}")
    finally:
        class_tab.context.close()
        teacher_tab.context.close()


def test_the_link_to_the_teachers_lesson_covers_no_heading(chromium, two_screens):
    teacher_app, projector_app = two_screens
    class_tab = chromium.new_context(viewport={"width": 1024, "height": 768}).new_page()
    teacher_tab = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        open_lesson(class_tab, projector_app.lesson("01_tricks"))
        open_lesson(teacher_tab, teacher_app.lesson("05_choosing_the_contract"))
        banner = class_tab.locator(".mb-teacher-elsewhere")
        expect(banner).to_be_visible(timeout=FOLLOW_LIMIT)
        band, title = banner.bounding_box(), class_tab.locator("h1").first.bounding_box()
        assert band["y"] + band["height"] <= title["y"], f"the link {band} covers the lesson's title {title}"
        screenshot_of_screen(class_tab, "presenter-class-screen-link-1024x768")
    finally:
        class_tab.context.close()
        teacher_tab.context.close()


@pytest.mark.parametrize("width, height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_class_screen_asks_no_name_and_fits_a_long_suit(chromium, two_screens, width, height):
    """No "Name: That's me" box, no Hint, no role or Scoring menu on the class screen; in 10A,
    dummy's seven diamonds on one line."""
    _teacher_app, projector_app = two_screens
    class_tab = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    try:
        for lesson in ("06_scoring", "10_the_opening_lead"):
            open_lesson(class_tab, projector_app.lesson(lesson), ready=".mb-table")
            assert class_tab.get_by_placeholder(plain(say("ex_name_placeholder"))).count() == 0
            assert class_tab.get_by_role("button", name=say("ex_name_button")).count() == 0
            assert class_tab.get_by_role("button", name=say("ex_hint"), exact=True).count() == 0
            for menu in ("table_scoring", "table_you_play"):
                assert menus(class_tab, menu) == 0, f"{lesson}: the {menu} menu"
        diamonds = class_tab.locator(".mb-table").first.locator('[data-card^="D"][role="img"]')
        tops = sorted(box["y"] for box in (d.bounding_box() for d in diamonds.all()))
        lines = 1 + sum(b - a > 4 for a, b in zip(tops, tops[1:]))  # a wrapped card sits a card's height lower
        assert diamonds.count() == 7 and lines == 1, f"dummy's diamonds on {lines} lines: {tops}"
        diamonds.first.scroll_into_view_if_needed()
        screenshot_of_screen(class_tab, f"presenter-class-screen-10a-{width}x{height}")
    finally:
        class_tab.context.close()


def test_the_class_screen_shows_one_game_at_a_time_and_what_the_teacher_shows(chromium, two_screens):
    """Lesson 17's class screen shows one game, the first until a button of the bar above the games
    (or the teacher's "Show the class") chooses another; practice on screen (for fast finishers)
    is left out until the teacher shows it. The teacher's screen shows everything."""
    teacher_app, projector_app = two_screens
    lesson = ROOT / "notebooks" / "17_more_manille.ipynb"
    games = ["Three players", "Manille parlée: you may talk", "Auction Manille 1: the widow",
             "Auction Manille 2: promises", "Auction Manille 3: cards up and down", "Blind Manille"]
    assert set(games) <= set(sections(lesson))
    class_tab = chromium.new_context(viewport={"width": 1024, "height": 768}).new_page()
    teacher_tab = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    heading = lambda tab, words: tab.locator(".jp-MarkdownCell h2", has_text=words)  # noqa: E731
    try:
        open_lesson(class_tab, projector_app.lesson(lesson.stem))
        bar = class_tab.locator(".mb-choice-bar")
        expect(bar).to_have_count(1, timeout=FOLLOW_LIMIT)
        assert [b.strip() for b in bar.get_by_role("button").all_inner_texts()] == games
        expect(heading(class_tab, games[0])).to_be_visible()
        for hidden in games[1:] + ["Practice"]:
            expect(heading(class_tab, hidden)).to_be_hidden()
        assert class_tab.locator(".mb-table:visible").count() == 1, "one game's table"
        bar.get_by_role("button", name="Blind Manille").click()
        expect(heading(class_tab, "Blind Manille")).to_be_visible()
        expect(heading(class_tab, games[0])).to_be_hidden()
        expect(bar.get_by_role("button", name="Blind Manille")).to_have_attribute("aria-pressed", "true")
        screenshot_of_screen(class_tab, "class-screen-17-one-game-1024x768")

        open_lesson(teacher_tab, teacher_app.lesson(lesson.stem))
        for shown in games + ["Practice"]:
            expect(heading(teacher_tab, shown)).to_be_visible()
        presenter_bar = teacher_tab.locator(".mb-presenter-bar")
        presenter_bar.get_by_role("button", name=games[1], exact=True).click()
        expect(heading(class_tab, games[1])).to_be_visible(timeout=FOLLOW_LIMIT)
        expect(heading(class_tab, "Blind Manille")).to_be_hidden()
        table = class_tab.locator(".mb-table:visible")
        wait_until(lambda: heading(class_tab, games[1]).bounding_box()["y"] < 100 and 0 <= table.bounding_box()["y"] < 768,
                   "the class screen went to the game's table")
        presenter_bar.get_by_role("button", name="Practice", exact=True).click()
        expect(heading(class_tab, "Practice")).to_be_visible(timeout=FOLLOW_LIMIT)
    finally:
        class_tab.context.close()
        teacher_tab.context.close()
