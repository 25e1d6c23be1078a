"""The seat page driven from Python: four pages at one table, MiniBridge and Manille, every move
through the store, each page drawing only its seat's cards (and dummy's once it is down)."""
from __future__ import annotations

import re

import pytest

from cardlib import Card
from cardlib.messages import say
from cardlib.seats import Seat
from cardlib.play import acting_seats
from shared_tables import rooms
from shared_tables.store import RoomStore
from shared_tables.seat import SeatPage

NAMES = {Seat.N: "Ann", Seat.E: "Ben", Seat.S: "Cat", Seat.W: "Dan"}


def cards_in(html: str) -> set[Card]:
    return {Card.parse(c) for c in re.findall(r'data-card="([^"]+)"', html)}


def seat_pages(store, game: str, seats=tuple(Seat)) -> tuple[str, dict[Seat, SeatPage]]:
    session = rooms.open_session(store, 1, game, rooms.boards_from_seed(game, 4, 2))
    code = rooms.table_codes(store, session)[0]
    pages = {}
    for seat in seats:
        page = SeatPage(store, poll=False)
        page.code_box.value, page.name_box.value = f" {code.lower()} ", NAMES[seat]
        page.look.click()
        page.seat_buttons[seat].click()
        pages[seat] = page
    rooms.pause(store, session, False)
    for page in pages.values():
        page.refresh()
    return session, pages


def refresh(pages) -> None:
    for page in pages.values():
        page.refresh()


def test_a_minibridge_board_on_four_seat_pages(tmp_path):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "minibridge")
    deal = rooms.table_state(store, session, 1).deal
    declarer = rooms.table_state(store, session, 1).round().declarer
    for seat, page in pages.items():
        shown = cards_in(page.table.view.html)
        visible = set(deal[seat].cards) | (set(deal[declarer.partner].cards) if seat == declarer else set())
        assert shown == visible, seat  # before the contract only declarer sees dummy
        assert NAMES[seat.left] in page.table.view.html or seat.left == declarer.partner
    # a defender presses the contract's buttons: the rules refuse, nothing is written
    defender = pages[declarer.left]
    assert not defender.table.contract_button.visible
    table = pages[declarer].table
    table.denomination_choice.value, table.level_choice.value = "NT", "partscore"
    table.contract_button.click()
    refresh(pages)
    assert rooms.table_state(store, session, 1).actions == [("contract", "NT partscore")]
    told = pages[declarer.left].table.message.value  # a pupil's contract, with their name, not "computer"
    assert NAMES[declarer] in told and say("table_computer") not in told
    dummy = declarer.partner  # dummy's own page says whose hand that is
    assert f"{dummy.word} · {say('table_you')} · {say('render_dummy')}" in pages[dummy].table.view.html
    while not rooms.table_state(store, session, 1).round().is_over:
        hand = rooms.table_state(store, session, 1).round()
        page = pages[acting_seats(hand)[0]]
        others = [p for s, p in pages.items() if p is not page]
        assert all(not any(b.state == "playable" for b in p.table.hand_buttons) for p in others)
        if len(hand.game.plays) < 52:
            for seat, p in pages.items():
                assert cards_in(p.table.view.html) - set(c for _, c in hand.game.plays) <= \
                    set(deal[seat].cards) | set(deal[declarer.partner].cards), seat
        next(b for b in page.table.hand_buttons if b.state == "playable").click()
        refresh(pages)
    [result] = rooms.results(session, store=store)
    assert result["declarer"] == declarer.name and result["contract"] == "NT partscore"
    made = rooms.table_state(store, session, 1).round().game.made
    for seat, page in pages.items():  # the end of the board: ✔ or ✘ from each side's view, and the score
        mark = "✔" if made == (seat.side is declarer.side) else "✘"
        assert mark in page.table.message.value and str(abs(result["score_ns"])) in page.table.message.value, seat
        assert page.table.next_button.visible
    # one pupil's "Next board" waits for the others; the last one's moves the table on
    for seat in (Seat.N, Seat.E, Seat.S):
        pages[seat].table.next_button.click()
        refresh(pages)
        assert all(page.state.board == 1 for page in pages.values())
    assert say("rooms_next_waiting", pupils=NAMES[Seat.W]) in pages[Seat.W].header.value
    pages[Seat.W].table.next_button.click()
    refresh(pages)
    assert all(page.state.board == 2 for page in pages.values())
    assert say("rooms_you_sit", seat=Seat.E.word, table=1, board=2, boards=2) in pages[Seat.E].header.value


def test_a_manille_board_with_two_pupils_and_the_computer(tmp_path):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "manille", seats=(Seat.N, Seat.E))
    deal = rooms.table_state(store, session, 1).deal
    for seat, page in pages.items():
        assert cards_in(page.table.view.html) == set(deal[seat].cards)
        assert say("table_computer") in page.table.view.html  # South and West
    for _ in range(40):
        state = rooms.table_state(store, session, 1)
        hand = state.round()
        if hand.is_over:
            break
        who = next(s for s in acting_seats(hand) if s in pages)
        table = pages[who].table
        if hand.phase in ("trumps", "en face"):
            assert table.trump_button.visible
            table.trump_choice.value = "♥"
            table.trump_button.click()
        elif hand.phase == "tapping":
            table.no_tap_button.click()
        else:
            next(b for b in table.hand_buttons if b.state == "playable").click()
        refresh(pages)
        assert rooms.table_state(store, session, 1).seq > state.seq
    [result] = rooms.results(session, store=store)
    assert result["declarer"] is None and 0 <= result["tricks"] <= 60
    assert all(rooms.table_state(store, session, 1).round().result().words in p.table.message.value
               for p in pages.values())


def test_the_seat_page_says_what_is_wrong_in_words(tmp_path):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "minibridge", seats=(Seat.N,))
    code = rooms.table_codes(store, session)[0]
    page = SeatPage(store, poll=False)
    page.code_box.value = "QQQ"
    page.look.click()
    assert "not a table code" in page.words.value and page.session is None
    page.code_box.value, page.name_box.value = code, "Ben"
    page.look.click()
    assert "Ann" in page.seat_buttons[Seat.N].description
    page.seat_buttons[Seat.N].click()
    assert say("rooms_seat_taken", seat=Seat.N.word, pupil="Ann") in page.words.value.replace("&#x27;", "'")
    assert page.seat is None


@pytest.mark.parametrize("seat", [Seat.E])
def test_a_forged_card_from_another_seat_is_refused(tmp_path, seat):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "minibridge")
    state = rooms.table_state(store, session, 1)
    north = state.deal[Seat.N].cards[0].letters
    pages[seat].table._on_view_message(None, {"card": north}, [])
    assert say("table_cannot_play") in pages[seat].table.message.value
    assert rooms.table_state(store, session, 1).moves == state.moves


def test_a_tablet_asleep_five_minutes_mid_board_wakes_in_its_seat(tmp_path, monkeypatch):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "minibridge", seats=(Seat.N, Seat.E))
    sleeper, awake = Seat.E, pages[Seat.N]
    pages[sleeper].stop()  # East's tablet sleeps: its page polls no more
    for _ in range(20):  # North and the computer play on, up to East's turn
        hand = rooms.table_state(store, session, 1).round()
        if sleeper in acting_seats(hand) and hand.game is not None and hand.game.plays:
            break
        if sleeper in acting_seats(hand):  # East names the contract before sleeping
            pages[sleeper].send(*rooms.computer_move("minibridge", hand, 1))
        else:
            awake.send(*rooms.computer_move("minibridge", hand, 1))
    assert rooms.table_state(store, session, 1).round().game.plays
    asleep_for = 5 * 60
    real = __import__("time").time
    monkeypatch.setattr("time.time", lambda: real() + asleep_for)
    monkeypatch.setattr("time.monotonic", (lambda m: lambda: m() + asleep_for)(__import__("time").monotonic))
    now = rooms.table_state(store, session, 1)
    assert now.seats[sleeper] == NAMES[sleeper]  # nobody took the seat while it slept
    pages[sleeper].refresh()  # woken: the page polls again
    woken = pages[sleeper].table
    assert woken.round.actions == now.round().actions
    assert cards_in(woken.view.html) - {c for _, c in now.round().game.plays} <= \
        set(now.deal[sleeper].cards) | set(now.deal[now.round().dummy].cards)
    assert set(now.round().game.hands[sleeper]) <= cards_in(woken.view.html)
    reloaded = SeatPage(store, poll=False)  # or the browser dropped the page: typed again
    reloaded.code_box.value, reloaded.name_box.value = now.code, NAMES[sleeper]
    reloaded.look.click()
    reloaded.seat_buttons[sleeper].click()
    assert reloaded.seat == sleeper and reloaded.table.round.actions == now.round().actions


def test_a_suit_picked_for_trumps_survives_the_table_being_drawn_again(tmp_path):
    """The dealer picks a suit, the page redraws (another seat's news), then names it: it counts."""
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "manille", seats=tuple(Seat))
    hand = rooms.table_state(store, session, 1).round()
    table = pages[acting_seats(hand)[0]].table
    table.trump_choice.value = "♥"
    pages[acting_seats(hand)[0]].refresh(force=True)
    table = pages[acting_seats(hand)[0]].table
    table.trump_button.click()
    assert rooms.table_state(store, session, 1).actions[:1] == [("trumps", "♥")]


def test_a_moved_pupils_page_follows_the_move_and_a_seat_given_back_asks_again(tmp_path):
    store = RoomStore(tmp_path)
    session = rooms.open_session(store, 2, "minibridge", rooms.boards_from_seed("minibridge", 4, 1))
    page = SeatPage(store, poll=False)
    page.code_box.value, page.name_box.value = rooms.table_codes(store, session)[0], "Dev"
    page.look.click()
    page.seat_buttons[Seat.W].click()
    rooms.move_pupil(store, session, 1, Seat.W, 2, Seat.S)
    page.refresh()
    deal = rooms.table_state(store, session, 2).deal
    assert say("rooms_you_sit", seat=Seat.S.word, table=2, board=1, boards=1) in page.header.value
    assert set(deal[Seat.S].cards) <= cards_in(page.table.view.html)
    assert not set(deal[Seat.W].cards) & cards_in(page.table.view.html)
    rooms.leave(store, session, 2, Seat.S)
    page.refresh()
    assert page.table is None and say("rooms_seat_given_back") in page.words.value
    assert page.joining.layout.display == ""


def test_the_browser_remembers_the_table_so_a_reload_sits_again(tmp_path):
    store = RoomStore(tmp_path)
    session = rooms.open_session(store, 1, "minibridge", rooms.boards_from_seed("minibridge", 4, 1))
    code = rooms.table_codes(store, session)[0]
    rooms.join(store, code, "Eve", Seat.N)
    page = SeatPage(store, poll=False)  # the page after a reload: the browser sends what it kept
    page.remembered({"name": "Eve", "code": code, "seat": "N"})
    assert page.seat is Seat.N and page.table is not None
    stranger = SeatPage(store, poll=False)  # a forged memory cannot take another pupil's seat
    stranger.remembered({"name": "Zoe", "code": code, "seat": "N"})
    assert stranger.seat is None and stranger.name_box.value == "Zoe"
    fresh = SeatPage(store, poll=False)  # a new tab: the lessons' name is typed in already
    fresh.remembered({"name": "Eve", "code": "", "seat": ""})
    assert fresh.name_box.value == "Eve" and fresh.seat is None


def test_while_a_pair_decides_to_tap_the_others_wait_for_either_of_them(tmp_path):
    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "manille")
    hand = rooms.table_state(store, session, 1).round()
    caller = acting_seats(hand)[0]
    pages[caller].table.trump_choice.value = "♥"
    pages[caller].table.trump_button.click()
    refresh(pages)
    hand = rooms.table_state(store, session, 1).round()
    assert hand.phase == "tapping"
    first, second = acting_seats(hand)
    for seat, page in pages.items():
        if seat in (first, second):  # either may tap or play on, and the page does not say to wait
            assert page.table.no_tap_button.visible and "Wait" not in page.table.message.value
        else:
            assert say("rooms_waiting_pair", seat=first.word, other=second.word) in page.table.message.value


def test_a_page_closed_is_said_on_the_others_pages_and_on_the_teachers_desk(tmp_path):
    from teacher.tables_desk import TablesDesk

    store = RoomStore(tmp_path)
    session, pages = seat_pages(store, "minibridge")
    pages[Seat.E].remembered({"beat": True})  # open pages say they are there every few seconds
    assert rooms.away(store, session, 1) == []
    # East's tab closes: no more beats; AWAY_SECONDS later the table and the teacher are told
    store.write(lambda db: db.run("UPDATE room_presence SET seen = seen - ? WHERE seat = 'E'", rooms.AWAY_SECONDS + 1))
    assert rooms.away(store, session, 1) == [Seat.E]
    pages[Seat.N].refresh(force=True)
    assert say("rooms_away", pupils=NAMES[Seat.E]) in pages[Seat.N].header.value
    desk = TablesDesk(store, poll=0)
    assert f"{Seat.E.word} {NAMES[Seat.E]} {say('rooms_teacher_away')}" in desk.board.value
    assert f"{Seat.N.word} {NAMES[Seat.N]} {say('rooms_teacher_away')}" not in desk.board.value
    pages[Seat.E].remembered({"beat": True})  # the tab is opened again
    assert rooms.away(store, session, 1) == []
