"""Pupils' clicks in a real browser: an exercise in lesson 3, a whole MiniBridge hand in
lesson 7 (mouse and keyboard), a Manille deal in lesson 15. Meanwhile nothing a pupil may not
see reaches the browser: every websocket frame and the page itself are searched for hidden
cards and unchecked answers. The exercise, the hand and the deal run twice: on the app that
starts a kernel when a page asks, and on the app with kernels kept ready (the lesson run before
any pupil asked: that page must hold nothing hidden either)."""
from __future__ import annotations

import re

import pytest
from app_pages import (CLICK_LIMIT, PIQUET_CARDS, card_of_button, cards_named, choose_contract, click_card, enabled_cards, kernel_answered,
                       following, kernel_of, leaks, led_card, numbered_deal_with_redeals, open_lesson, page_leaks,
                       part_screenshot, play, roots_with_class, screenshot, strings, subtree, trick_cards)
from playwright.sync_api import expect

import exercises  # noqa: F401 (registers the exercises' words: say("ex_hcp_prompt"))
from cardlib import Card, Seat, minibridge, render, say
from cardlib.manille import PACK as MANILLE_PACK
from cardlib.manille import card_points


APPS = pytest.mark.parametrize("served", ["app", "preheated_app"], ids=["on-demand", "ready-kernel"])


def check_ready_kernel(served, page) -> None:
    """On the app with kernels kept ready, the page was given one (else the test proves nothing)."""
    if served.ready_kernels_kept:
        assert served.served_ready(kernel_of(page)), "the page got a new kernel, not a ready one"


# --- lesson 3: counting points ---------------------------------------------------------------

def hand_in_picture(exercise) -> list[Card]:
    letters = exercise.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return [Card.parse(c) for c in letters]


def answer(page, exercise, words: str) -> str:
    """Type an answer, press Enter, and return the feedback once it has changed."""
    feedback = exercise.locator('[role="status"]')
    before = feedback.all_inner_texts()
    box = exercise.get_by_placeholder(say("ex_number_placeholder"))
    box.fill(words)
    box.press("Enter")
    expect(feedback).not_to_have_text(before[0] if before else "", timeout=CLICK_LIMIT)
    return feedback.inner_text()


def practice_asking(page, prompt: str, new: bool = False):
    """The lesson's practice (the exercise with a New question button), moved on until it
    asks ``prompt`` (a practice mixes kinds); ``new``: move on at least once first."""
    practice = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name=say("ex_new"))).last
    for _ in range(20):
        if not new and prompt in practice.inner_text():
            return practice
        new = False
        sent = len(page.frames_log.sent)
        practice.get_by_role("button", name=say("ex_new")).click()
        kernel_answered(page, sent)  # the next question drawn, all of it
    raise AssertionError(f"twenty practice questions and none asks {prompt!r}")


@APPS
def test_lesson_3_a_wrong_count_gets_the_working_and_a_right_one_a_tick(request, served, page):
    app = request.getfixturevalue(served)
    frames = page.frames_log
    response = open_lesson(page, app.lesson("03_points"), ready="[data-card]")
    exercise = practice_asking(page, say("ex_hcp_prompt"))
    expect(exercise.get_by_placeholder(say("ex_number_placeholder"))).to_be_visible()

    hand = hand_in_picture(exercise)
    assert len(hand) == 13, f"the picture shows {len(hand)} cards"
    points = sum(card.hcp for card in hand)
    before_check = len(frames.received)
    page_before = page.content()
    words = answer(page, exercise, str(points + 1))
    assert words.startswith("✘") and "Have another go" in words and f"The answer is {points}." not in words, words
    words = answer(page, exercise, str(points + 2))  # the second try brings the answer and the working
    assert words.startswith("✘") and f"The answer is {points}." in words, words
    assert (f"= {points}" if points else say("ex_hcp_none")) in words, "no working after a wrong answer"
    working = words.split(f"The answer is {points}.", 1)[1].strip()
    unchecked = frames.all_text_before(before_check) + page_before + response.text()
    assert working and working not in unchecked, "the working reached the browser before Check"

    exercise = practice_asking(page, say("ex_hcp_prompt"), new=True)
    expect(exercise.locator('[role="status"]')).to_have_count(0, timeout=CLICK_LIMIT)
    second = hand_in_picture(exercise)
    assert second != hand, "New question drew the same hand"
    points = sum(card.hcp for card in second)
    before_check = len(frames.received)
    words = answer(page, exercise, str(points))
    assert words.startswith("✔") and f"Right: {points}." in words, words
    # the whole sentence: a short working ("J 1 = 1") may be part of the first hand's ("Q 2 + J 1 = 13")
    assert words.strip() not in frames.all_text_before(before_check)
    check_ready_kernel(app, page)
    if not app.ready_kernels_kept:
        screenshot(page, "03_points-answered")
        part_screenshot(exercise, "03_points-exercise")


# --- lesson 1: which card wins? The pupil clicks the card in the picture ----------------------

def lesson_1_notebook() -> str:
    """The first lesson's notebook: the course's when it is written, else the old one."""
    from pathlib import Path

    from exercises.course import COURSE

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    return COURSE[0].notebook if (notebooks / f"{COURSE[0].notebook}.ipynb").exists() else "01_cards_and_tricks"


def winning_card(exercise) -> tuple[Card, Card]:
    """The card that wins the no-trumps trick shown, and a card that does not (worked out here:
    the highest card of the suit the leader played)."""
    leader = re.search(r"(North|East|South|West) led", exercise.inner_text()).group(1)
    led = card_of_button(exercise.locator(f".mb-seat-{Seat.parse(leader).name} .mb-card").first)
    cards = [card_of_button(b) for b in exercise.locator(".mb-card").all()]
    best = max((c for c in cards if c.suit is led.suit), key=lambda c: c.rank)
    return best, next(c for c in cards if c is not best)


def test_lesson_1_the_winning_card_is_clicked_in_the_picture_by_mouse_and_keyboard(app, page):
    frames = page.frames_log
    open_lesson(page, app.lesson(lesson_1_notebook()), ready=".mb-card")
    exercise = practice_asking(page, "Which card wins the trick?")
    expect(exercise.locator(".mb-card")).to_have_count(4)
    assert exercise.locator(".widget-toggle-buttons button:visible").count() == 0, "small answer buttons are back"
    best, other = winning_card(exercise)
    status = exercise.locator('[role="status"]')
    before_check = len(frames.received)
    button = exercise.locator(f'.mb-card[title="{render.card_words(other)}"]')
    button.click()
    expect(exercise).to_contain_text(f"You chose {other}", timeout=CLICK_LIMIT)
    exercise.get_by_role("button", name=say("ex_check")).click()
    expect(status).to_contain_text("Have another go", timeout=CLICK_LIMIT)
    assert f"The answer is {best}" not in status.inner_text()
    exercise.locator(f'.mb-card[title="{render.card_words(best)}"]').focus()  # Tab to the card, Enter picks it
    page.keyboard.press("Enter")
    expect(exercise).to_contain_text(f"You chose {best}", timeout=CLICK_LIMIT)
    before_final = len(frames.received)
    exercise.get_by_role("button", name=say("ex_check")).click()
    expect(status).to_contain_text("Right at the second go", timeout=CLICK_LIMIT)
    working = status.inner_text().split(f"Right at the second go: {best}.", 1)[1].strip()
    assert working and working not in frames.all_text_before(before_final), "the working reached the browser early"
    assert working not in frames.all_text_before(before_check)
    part_screenshot(exercise, "01_tricks-which-card-wins")


# --- lesson 7: a whole MiniBridge hand -------------------------------------------------------

@APPS
def test_lesson_8_a_whole_hand_by_mouse_and_keyboard_with_no_hidden_card_in_the_browser(request, served, page):
    app = request.getfixturevalue(served)
    frames = page.frames_log
    open_lesson(page, app.lesson("12_a_whole_hand"), ready=".mb-minibridge-table")
    # The full table, deal after deal (the one with a deal number; deals A and B are set deals).
    table = page.locator(".mb-minibridge-table").filter(has=page.locator("input[type=number]")).first
    number = int(table.locator("input[type=number]").first.input_value())
    deal, declarer = numbered_deal_with_redeals(number)
    me = table.locator(f".mb-seat-{declarer.name}")
    assert "you" in me.inner_text(), "lesson 12's full table has the pupil as declarer"
    mine = {Card.parse(c) for c in me.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")}
    assert mine == set(deal[declarer].cards), "the deal on the page is not the numbered deal"
    hidden = set(deal[declarer.left].cards) | set(deal[declarer.right].cards)
    assert not page_leaks(table.inner_html(), hidden)

    contract = choose_contract(table, deal, declarer)

    message = table.locator(".mb-message")
    illegal_tried = keyboard_plays = 0
    mid_hand_shot = None
    end = None
    while end is None:
        cards = enabled_cards(table)
        led = led_card(table)
        legal = following(cards, led)
        if not illegal_tried and len(legal) < len(cards):
            wrong = next(b for b, c in cards if (b, c) not in legal)
            click_card(wrong)
            expect(message).to_contain_text("must follow suit", timeout=CLICK_LIMIT)  # "You", or dummy named
            assert wrong.is_visible(), "an illegal card left the hand"
            illegal_tried += 1
        before = len(frames.received)
        keyboard = keyboard_plays < 4
        play(page, legal[0][0], keyboard)
        keyboard_plays += keyboard
        assert not page_leaks(table.inner_html(), hidden) or "Score:" in message.inner_text(), \
            "a hidden card is on the page"
        if table.get_by_role("button", name="Next deal").is_visible():
            end = before  # from here on all four hands are shown, as they should be
        elif not mid_hand_shot and table.locator('[aria-label^="trick "]').count() >= 5:
            mid_hand_shot = True if app.ready_kernels_kept else screenshot(page, "12_a_whole_hand-mid-hand")

    assert illegal_tried, "no chance to try an illegal card in a whole hand"
    words = message.inner_text()
    won = int(re.search(r"Won (\d+)", table.inner_text()).group(1))
    working = minibridge.score_working(contract, won, "ebu", declarer)  # what the score pad writes, in words
    assert "Score:" in words and words.strip().endswith(working), (working, words)
    assert words.startswith("✔" if won >= contract.tricks_needed else "✘"), words
    check_ready_kernel(app, page)
    if not app.ready_kernels_kept:
        screenshot(page, "12_a_whole_hand-scored")
        part_screenshot(table, "12_a_whole_hand-table-scored")

    number_boxes = {mid for _, mid, s in frames.states()
                    if s.get("_model_name") == "BoundedIntTextModel" and s.get("value") == number}
    roots = [r for r in roots_with_class(frames, "mb-minibridge-table") if subtree(frames, r) & number_boxes]
    assert len(roots) == 1, "cannot tell lesson 12's full table from the other ones in the frames"
    models = subtree(frames, roots[0])
    seen = set()
    for _, mid, state in frames.states(end):
        if mid in models:
            seen |= cards_named(strings(state))[0]
    assert mine <= seen, "the search for hidden cards does not even find the pupil's own cards"
    assert leaks(frames, hidden, models, end) == []


# --- lesson 16: Manille -----------------------------------------------------------------------

def manille_choice(table, cards):
    """A legal card: follow suit; else the highest trump (always allowed); else any."""
    led = led_card(table)
    corner = table.inner_text()
    trumps = re.search(r"Trumps: ([♠♥♦♣])", corner)
    if led is not None and any(c.suit is led.suit for _, c in cards):
        return next((b, c) for b, c in cards if c.suit is led.suit)
    if led is not None and trumps:
        mine = [(b, c) for b, c in cards if c.suit.symbol == trumps.group(1)]
        if mine:
            best = MANILLE_PACK.in_order([c for _, c in mine])[0]
            return next((b, c) for b, c in mine if c is best)
    return cards[0]


def card_points_shown(table) -> tuple[int, int]:
    found = re.search(r"Card points: N–S (\d+) · E–W (\d+)", table.inner_text())
    assert found, "the table does not show the card points"
    return int(found.group(1)), int(found.group(2))


def test_lesson_16_a_manille_deal_of_the_short_match_shows_the_card_points(app, page):
    """Lesson 16 ends with a short match (4 deals) on the full Manille table, after its set deals."""
    frames = page.frames_log
    open_lesson(page, app.lesson("16_manille_scoring"), ready=".mb-manille-table")
    table = page.locator(".mb-manille-table").last
    table.scroll_into_view_if_needed()
    if table.get_by_role("button", name="Name trumps").is_visible():
        table.get_by_role("button", name="♠", exact=True).click()
        table.get_by_role("button", name="Name trumps").click()
    play_on = table.get_by_role("button", name="Play on")
    if play_on.is_visible():
        play_on.click()
    cards = enabled_cards(table)
    mine = {c for _, c in cards} | {card_of_button(b) for b in table.locator(".mb-card").all()}
    assert len(mine) == 8
    hidden = set(PIQUET_CARDS) - mine

    end, tricks_seen = None, []
    while end is None:
        before = len(frames.received)
        button, _card = manille_choice(table, enabled_cards(table))
        play(page, button, keyboard=False)
        shown = trick_cards(table)
        if table.get_by_role("button", name=re.compile("Next deal|New match")).first.is_visible():
            end = before
        elif len(shown) == 4 and table.locator('[aria-label^="trick "]').count() == 1:
            tricks_seen.append(shown)  # the first trick, just finished: its points are all there are
            ns, ew = card_points_shown(table)
            assert ns + ew == sum(card_points(c) for c in shown), (ns, ew, shown)
            screenshot(page, "10_manille-first-trick")
        assert not page_leaks(table.inner_html(), hidden) or end is not None
    ns, ew = card_points_shown(table)
    assert ns + ew == 60, f"all eight tricks hold 60 card points, the table says {ns} + {ew}"
    assert re.search(r"\d+ card points", table.locator(".mb-message").inner_text())
    screenshot(page, "10_manille-deal-over")
    part_screenshot(table, "10_manille-table-deal-over")
    models = set()
    for root in roots_with_class(frames, "mb-manille-table")[-1:]:  # the last table: the short match
        models = subtree(frames, root)
    assert models and leaks(frames, hidden, models, end) == []
