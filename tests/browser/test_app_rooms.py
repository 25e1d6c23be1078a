"""Four pupils at one table on four pages of the app: each page gets only what its seat may see
(every websocket frame of every seat read), a forged or replayed click is refused in words, and a
page closed and opened again comes back to its seat with the play so far."""
from __future__ import annotations

import re
import time
import uuid

import pytest
from app_pages import CLICK_LIMIT, Frames, cards_named, click_card, leaks, open_lesson, screenshot, strings
from playwright.sync_api import expect

from cardlib import Card, say
from cardlib.messages import current_language, set_language
from cardlib.seats import Seat
from cardlib.play import acting_seats
from shared_tables import rooms
from shared_tables.store import RoomStore

NAMES = {Seat.N: "Ann", Seat.E: "Ben", Seat.S: "Cat", Seat.W: "Dan"}
SEAT_PAGE = "play_together"

# A second socket to the page's kernel sending one widget message, as anyone could from the
# browser's console: the table's view gets {"card": ...} as if that card had been clicked.
FORGE = """async ([url, comm, content]) => {
  const session = crypto.randomUUID();
  const ws = new WebSocket(url.replace(/session_id=[^&]*/, "session_id=" + session));
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  ws.send(JSON.stringify({
    header: {msg_id: crypto.randomUUID(), msg_type: "comm_msg", username: "pupil", session: session,
             date: new Date().toISOString(), version: "5.3"},
    parent_header: {}, metadata: {}, channel: "shell", buffers: [],
    content: {comm_id: comm, data: {method: "custom", content: content}}}));
  await new Promise((ok) => setTimeout(ok, 1500));
  ws.close();
}"""


def join(page, app, code: str, seat: Seat, limit: float = 120_000, table: str = ".mb-minibridge-table",
         edition: str = ""):
    """Join from the seat page of an edition ("" or "ja/"), reading its buttons in the test's
    current language (set it to the edition's first)."""
    open_lesson(page, app.lesson(edition + SEAT_PAGE), ready=".mb-seat-page")
    boxes = page.locator(".mb-seat-page input[type=text]")
    boxes.nth(0).fill(code)
    boxes.nth(1).fill(NAMES[seat])
    page.get_by_role("button", name=say("rooms_look")).click()
    page.get_by_role("button", name=seat.word, exact=False).first.click()
    page.locator(table).wait_for(timeout=limit)


def table_models(frames: Frames) -> set[str]:
    return {mid for _, mid, state in frames.states() if "mb-table" in (state.get("_dom_classes") or ())}


def on_page(page, seat: Seat) -> set[Card]:
    hand = page.locator(f".mb-view .mb-seat-{seat.name} [data-card]")
    return {Card.parse(c) for c in hand.evaluate_all("els => els.map(e => e.dataset.card)")}


def click_move(page, hand) -> Card | None:
    """The page of the seat to act makes its move: the contract (no trumps, partscore) or a legal
    card (returned)."""
    view = page.locator(".mb-view")
    if hand.phase == "contract":
        view.locator('button[data-action="trumps"][data-value="NT"]').click()
        view.locator('button[data-action="level"][data-value="partscore"]').click()
        view.locator('button[data-action="contract"]').click()
        return None
    card = hand.game.legal_plays()[0]
    click_card(view.locator(f'button[data-card="{card.letters}"]'))
    return card


def forge(page, content: dict) -> None:
    socket = next(u for u in page.frames_log.kernel_urls if "/api/kernels/" in u)
    [view] = table_models(page.frames_log)
    page.evaluate(FORGE, [socket, view, content])


@pytest.fixture
def four(chromium):
    contexts = [chromium.new_context(viewport={"width": 1024, "height": 768}) for _ in Seat]
    pages = {}
    for seat, context in zip(Seat, contexts):
        tab = context.new_page()
        tab.frames_log = Frames().attach(tab)
        pages[seat] = tab
    yield pages, contexts
    for context in contexts:
        context.close()


@pytest.fixture(params=["", "ja/"], ids=["en", "ja"])
def edition(request):
    """The edition's seat page; the test reads its words in the edition's language."""
    was = current_language()
    set_language("ja" if request.param else "en")
    yield request.param
    set_language(was)


def english_words(text: str) -> list[str]:
    """Words in Latin letters left on a Japanese page (the pupils' names and card letters apart)."""
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in NAMES.values()]


def test_four_seats_see_only_their_own_and_forged_clicks_change_nothing(app, four, edition):
    pages, contexts = four
    store = RoomStore(app.progress_dir)
    session = rooms.open_session(store, 2, boards=rooms.boards_from_seed("minibridge", 5, 1),
                                 session=f"browser-{uuid.uuid4().hex[:8]}")
    code = rooms.table_codes(store, session)[0]
    for seat, page in pages.items():
        join(page, app, code, seat, edition=edition)
    rooms.pause(store, session, False)
    deal = rooms.table_state(store, session, 1).deal
    for seat, page in pages.items():
        expect(page.locator(f".mb-view .mb-seat-{seat.name} [data-card]").first).to_be_attached(timeout=CLICK_LIMIT)
        assert on_page(page, seat) == set(deal[seat].cards)
        header = page.locator(".mb-seat-page p b").first.inner_text()
        assert header == say("rooms_you_sit", seat=seat.word, table=1, board=1, boards=1)
        if edition:
            assert english_words(page.locator(".mb-seat-page").inner_text()) == [], f"{seat.word}: English left"

    def moves():
        return rooms.table_state(store, session, 1)

    # a forged click from East's page for a card of North's: refused in words, nothing written
    east = pages[Seat.E]
    before = moves().moves
    # first East's page settles on waiting for the contract (a later redraw would say it over the refusal)
    waiting = re.compile(re.escape(say("rooms_waiting", seat="\0")).replace(re.escape("\0"), ".+"))
    expect(east.locator(".mb-message")).to_contain_text(waiting, timeout=CLICK_LIMIT)
    start = len(east.frames_log.received)
    forge(east, {"card": deal[Seat.N].cards[0].letters})
    # The refusal is read in what the kernel sent the page: a redraw from the store (another seat
    # joining, the pause lifted) may say "Wait for ..." over it a moment later.
    end = time.monotonic() + CLICK_LIMIT / 1000
    while say("table_cannot_play") not in strings(east.frames_log.messages(start)) and time.monotonic() < end:
        east.wait_for_timeout(100)
    assert say("table_cannot_play") in strings(east.frames_log.messages(start)), "the forged card was not refused"
    assert moves().moves == before

    ends, at_contract, replayed = {}, {}, False
    while True:
        state = moves()
        hand = state.round()
        if hand.is_over:
            break
        seat = acting_seats(hand)[0]
        page = pages[seat]
        if hand.phase == "contract":
            at_contract = {s: len(p.frames_log.received) for s, p in pages.items()}
        if hand.phase == "play" and len(hand.game.plays) == 51:
            ends = {s: len(p.frames_log.received) for s, p in pages.items()}  # then every hand is shown
        card = click_move(page, hand)
        end = time.monotonic() + CLICK_LIMIT / 1000
        while moves().seq == state.seq and time.monotonic() < end:
            time.sleep(0.05)
        assert moves().seq > state.seq, f"{seat.word}'s move was not written"
        if card is not None and not replayed:  # the same click again, sent by hand: refused, nothing written
            replayed = True
            written = moves().moves
            forge(page, {"card": card.letters})
            assert moves().moves == written
    assert rooms.results(session, store=store)[0]["source"] == "app"

    for seat, page in pages.items():
        frames = page.frames_log
        dummy = hand.dummy
        hidden = {c for s in Seat if s not in (seat, dummy) for c in deal[s].cards}
        models = table_models(frames)
        seen = set()
        for _, mid, state in frames.states(ends[seat]):
            if mid in models:
                seen |= cards_named(strings(state))[0]
        assert set(deal[seat].cards) <= seen, "the search for hidden cards does not even find the seat's own cards"
        assert leaks(frames, hidden, None, ends[seat]) == [], f"{seat.word}'s page got hidden cards"
        if seat is not hand.declarer:  # until the contract, only declarer sees dummy's hand
            assert leaks(frames, set(deal[dummy].cards) - set(deal[seat].cards), None, at_contract[seat]) == []
    if edition:
        for seat, page in pages.items():
            assert english_words(page.locator(".mb-seat-page").inner_text()) == [], f"{seat.word}: English left"
    name = "play_together" + ("-ja" if edition else "")
    screenshot(pages[Seat.S], f"{name}-1024x768")
    pages[Seat.S].set_viewport_size({"width": 1366, "height": 768})
    screenshot(pages[Seat.S], f"{name}-1366x768")


def test_a_page_closed_mid_board_comes_back_to_its_seat(app, chromium):
    store = RoomStore(app.progress_dir)
    session = rooms.open_session(store, 1, boards=rooms.boards_from_seed("minibridge", 9, 1),
                                 session=f"browser-{uuid.uuid4().hex[:8]}", paused=False)
    code = rooms.table_codes(store, session)[0]
    hand = rooms.table_state(store, session, 1).round()
    seat = hand.declarer.left  # leads: the computer plays the other three
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.frames_log = Frames().attach(page)
    join(page, app, code, seat)
    page.locator(f'.mb-view button[data-card]:not([disabled])').first.wait_for(timeout=CLICK_LIMIT)
    card = rooms.table_state(store, session, 1).round().game.legal_plays()[0]
    click_card(page.locator(f'.mb-view button[data-card="{card.letters}"]'))
    end = time.monotonic() + CLICK_LIMIT / 1000
    while len(rooms.table_state(store, session, 1).round().game.plays) < 4 and time.monotonic() < end:
        time.sleep(0.05)
    context.close()  # the tablet sleeps: its page and websocket are gone
    state = rooms.table_state(store, session, 1)
    assert state.seats == {seat: NAMES[seat]}  # the seat stays the pupil's however long it sleeps
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.frames_log = Frames().attach(page)
    join(page, app, code, seat)  # woken: the same code, name and seat
    hand = state.round()
    expect(page.locator(f".mb-view .mb-seat-{seat.name} [data-card]").first).to_be_attached(timeout=CLICK_LIMIT)
    left = set(hand.game.hands[seat])
    end = time.monotonic() + CLICK_LIMIT / 1000
    while on_page(page, seat) != left and time.monotonic() < end:  # a busy machine draws late
        time.sleep(0.1)
    assert on_page(page, seat) == left  # the same hand, less the card played
    assert f"{len(hand.game.tricks)}" in page.locator(".mb-view").inner_text()
    context.close()


def manille_move(page, hand) -> None:
    """The page of a seat to act in Manille: hearts as trumps, no tap, or a legal card."""
    view = page.locator(".mb-view")
    if hand.phase in ("trumps", "en face"):
        view.locator('button[data-action="trumps"][data-value="♥"]').click()
        view.locator('button[data-action="name_trumps"]').click()
    elif hand.phase == "tapping":
        view.locator('button[data-action="play_on"]').click()
    else:
        click_card(view.locator(f'button[data-card="{hand.game.legal_plays()[0].letters}"]'))


def test_four_manille_seats_see_only_their_own_hands(app, four):
    pages, _contexts = four
    store = RoomStore(app.progress_dir)
    session = rooms.open_session(store, 1, "manille", rooms.boards_from_seed("manille", 5, 1),
                                 session=f"browser-{uuid.uuid4().hex[:8]}")
    code = rooms.table_codes(store, session)[0]
    for seat, page in pages.items():
        join(page, app, code, seat, table=".mb-manille-table")
    rooms.pause(store, session, False)
    deal = rooms.table_state(store, session, 1).deal
    ends = {}
    while True:
        state = rooms.table_state(store, session, 1)
        hand = state.round()
        if hand.is_over:
            break
        seat = acting_seats(hand)[0]
        if hand.phase == "play" and len(hand.game.plays) == 31:
            ends = {s: len(p.frames_log.received) for s, p in pages.items()}
        expect(pages[seat].locator(".mb-view button:not([disabled])").first).to_be_attached(timeout=CLICK_LIMIT)
        manille_move(pages[seat], hand)
        end = time.monotonic() + 3 * CLICK_LIMIT / 1000  # four pages and their kernels on a busy machine
        while rooms.table_state(store, session, 1).seq == state.seq and time.monotonic() < end:
            time.sleep(0.05)
        assert rooms.table_state(store, session, 1).seq > state.seq, f"{seat.word}'s move was not written"
    assert rooms.results(session, store=store)[0]["declarer"] is None
    for seat, page in pages.items():
        hidden = {c for s in Seat if s != seat for c in deal[s].cards}
        assert set(deal[seat].cards) <= {c for _, mid, st in page.frames_log.states(ends[seat])
                                         if mid in table_models(page.frames_log) for c in cards_named(strings(st))[0]}
        assert leaks(page.frames_log, hidden, None, ends[seat]) == [], f"{seat.word}'s page got hidden cards"
    screenshot(pages[Seat.E], "play_together-manille-1024x768")
