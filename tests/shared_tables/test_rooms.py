"""Table rooms: one authority (the store and cardlib) for four pupils at one table.

Every test runs on both stores: SQLite in a class folder, and PostgreSQL where a server answers
at MINIBRIDGE_TEST_POSTGRES (CI starts one; locally the PostgreSQL tests skip, saying why).
"""
from __future__ import annotations

import multiprocessing
import select
import uuid

import pytest

from cardlib import minibridge
from cardlib.messages import say
from cardlib.play import acting_seats
from cardlib.seats import Seat, Side
from shared_tables import rooms
from shared_tables.store import RoomStore


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return RoomStore(tmp_path)
    return RoomStore(request.getfixturevalue("postgres_url"))


def new_session(store, tables=1, game="minibridge", count=2, paused=False):
    return rooms.open_session(store, tables, game, rooms.boards_from_seed(game, 11, count),
                              session=f"test-{uuid.uuid4().hex[:10]}", paused=paused)


def seat_all(store, session, table=1, names=("Ann", "Ben", "Cat", "Dan")):
    """Four pupils sit down while the session waits for the teacher, who then starts the play."""
    rooms.pause(store, session, True)
    code = rooms.table_codes(store, session)[table - 1]
    for seat, name in zip(Seat, names):
        rooms.join(store, code, name, seat)
    rooms.pause(store, session, False)
    return dict(zip(Seat, names))


def play_move(store, session, table, seated):
    """The seat to act makes cardlib's first legal move (or the computer's choice of contract)."""
    state = rooms.table_state(store, session, table)
    hand = state.round()
    seat = acting_seats(hand)[0]
    move, value = rooms.computer_move(state.game, hand, state.board)
    return seat, move, value, rooms.act(store, session, table, seat, seated[seat], move, value, seen=state.seq)


def test_codes_are_short_and_unconfusable(store):
    session = new_session(store, tables=8)
    codes = rooms.table_codes(store, session)
    assert len(set(codes)) == 8
    assert all(len(c) == 2 and set(c) <= set(rooms.CODE_SYMBOLS) for c in codes)
    assert not set(rooms.CODE_SYMBOLS) & set("0O1IL2Z5S6G8BUV")
    assert rooms.find_table(store, f" {codes[3].lower()} ") == (session, 4)
    with pytest.raises(Exception, match="not a table code"):
        rooms.read_code("K 7 x")


def test_a_whole_board_by_four_pupils_writes_its_result(store):
    session = new_session(store)
    seated = seat_all(store, session)
    for _ in range(14):  # the contract and 13 tricks' cards: declarer plays dummy's
        state = rooms.table_state(store, session, 1)
        if state.round().is_over:
            break
        for _ in range(4):
            seat, move, value, said = play_move(store, session, 1, seated)
            assert said == "", said
            if rooms.table_state(store, session, 1).round().is_over:
                break
    hand = rooms.table_state(store, session, 1).round()
    assert hand.is_over
    line = hand.result()
    [result] = rooms.results(session, store=store)
    assert result == {"session": session, "board": 1, "table": 1, "declarer": line.declarer.name,
                      "contract": line.contract.text, "tricks": line.tricks,
                      "score_ns": line.scores[Side.NS] - line.scores[Side.EW], "source": "app"}
    # "Next board" waits for the whole table: three pupils ready (one of them twice), then the fourth
    for seat in (Seat.N, Seat.E, Seat.N, Seat.S):
        assert rooms.next_board(store, session, 1, seat, seated[seat]) == ""
        assert rooms.table_state(store, session, 1).board == 1
    assert rooms.waiting_for_next(store, session, 1) == ["Dan"]
    assert rooms.next_board(store, session, 1, Seat.W, "Dan") == ""
    assert rooms.table_state(store, session, 1).board == 2


def test_the_computer_plays_empty_seats_and_refusals_change_nothing(store):
    session = new_session(store)
    code = rooms.table_codes(store, session)[0]
    state = rooms.table_state(store, session, 1)
    hand = state.round()
    declarer = hand.declarer
    defender = declarer.left  # leads to the first trick
    rooms.join(store, code, "Ann", defender)
    state = rooms.table_state(store, session, 1)
    assert state.actions[0][0] == "contract"  # the computer declarer named the contract
    assert acting_seats(state.round()) == (defender,)
    before = state.moves
    mine = state.round().game.hands[defender]
    other = next(c for c in state.round().game.hands[declarer])
    # another seat's card, another seat, someone not sitting there, an old move number, a forged move
    refusals = [
        rooms.act(store, session, 1, defender, "Ann", "play", other.letters, seen=state.seq),
        rooms.act(store, session, 1, declarer, "Ann", "play", other.letters, seen=state.seq),
        rooms.act(store, session, 1, defender, "Eve", "play", mine[0].letters, seen=state.seq),
        rooms.act(store, session, 1, defender, "Ann", "play", mine[0].letters, seen=state.seq - 1),
        rooms.act(store, session, 1, defender, "Ann", "contract", "NT game", seen=state.seq),
        rooms.act(store, session, 1, defender, "Ann", {"x": 1}, "", seen=state.seq),
    ]
    assert all(refusals), refusals
    assert refusals[2] == say("rooms_not_your_seat", seat=defender.word)
    assert refusals[3] == say("rooms_acted_first", seat=Seat.parse(state.moves[-1][1]).word)
    assert rooms.table_state(store, session, 1).moves == before
    legal = state.round().game.legal_plays()[0]
    assert rooms.act(store, session, 1, defender, "Ann", "play", legal.letters, seen=state.seq) == ""
    after = rooms.table_state(store, session, 1)
    assert after.moves[len(before)][1:] == (defender.name, "card", legal.letters)
    assert all(by == "card" for _, _, by, _ in after.moves[len(before):])
    assert len(after.round().game.tricks) == 1  # the computer finished the trick for the other three
    assert acting_seats(after.round()) == (defender,)  # and played on up to Ann's turn
    # the same message again (a replayed frame) is refused: its move number is old
    assert rooms.act(store, session, 1, defender, "Ann", "play", legal.letters, seen=state.seq)
    assert rooms.table_state(store, session, 1).moves == after.moves


def _race(url, session, seat, pupil, card, seen, out):
    out.put(rooms.act(RoomStore(url), session, 1, seat, pupil, "play", card, seen=seen))


def test_two_kernels_acting_at_once_one_wins_the_other_is_told(store):
    """Two processes write the same move number: the unique key lets one in; the other is told in words."""
    session = new_session(store)
    seated = seat_all(store, session)
    play_move(store, session, 1, seated)  # the contract
    state = rooms.table_state(store, session, 1)
    seat = acting_seats(state.round())[0]
    card = state.round().game.legal_plays()[0].letters
    out = multiprocessing.get_context("fork").Queue()
    racers = [multiprocessing.get_context("fork").Process(
        target=_race, args=(store.url if store.postgres else str(store.directory), session, seat, seated[seat],
                            card, state.seq, out)) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    said = sorted(out.get(timeout=5) for _ in racers)
    assert said[0] == "" and said[1] == say("rooms_acted_first", seat=seat.word)
    assert len(rooms.table_state(store, session, 1).moves) == state.seq + 1


def test_a_restart_loses_nothing(store):
    session = new_session(store)
    seated = seat_all(store, session)
    for _ in range(6):
        play_move(store, session, 1, seated)
    before = rooms.table_state(store, session, 1)
    store.close()
    again = RoomStore(store.url if store.postgres else store.directory)  # a new server on the same store
    after = rooms.table_state(again, session, 1)
    assert after.moves == before.moves and after.seats == before.seats
    assert after.round().game.snapshot() == before.round().game.snapshot()


def test_a_lost_connection_is_made_again_and_the_log_says_so(store, caplog):
    """The hub restarts or the network drops under a kept connection: the next poll and the
    next move connect again, nothing is lost, and the log says what happened in words."""
    session = new_session(store)
    seated = seat_all(store, session)
    play_move(store, session, 1, seated)
    before = rooms.table_state(store, session, 1)
    if store.postgres:
        with RoomStore(store.url)._connect() as other:  # the server drops this store's connection
            other.execute("SELECT pg_terminate_backend(%s)", (store._connection().info.backend_pid,))
    else:
        store._connection().close()
    with caplog.at_level("WARNING", logger="minibridge.rooms"):
        assert rooms.last_change(store, session, 1)[3] == before.seq
    assert "was lost" in caplog.text and "connecting again" in caplog.text
    hand = before.round()
    seat = acting_seats(hand)[0]
    move, value = rooms.computer_move(before.game, hand, before.board)
    if store.postgres:
        with RoomStore(store.url)._connect() as other:
            other.execute("SELECT pg_terminate_backend(%s)", (store._connection().info.backend_pid,))
    else:
        store._connection().close()
    assert rooms.act(store, session, 1, seat, seated[seat], move, value, seen=before.seq) == ""
    assert rooms.table_state(store, session, 1).moves[len(before.moves)][1:3] == (seat.name, move)


def test_on_postgresql_a_tables_pages_hear_a_move_at_once(tmp_path, postgres_url):
    store = RoomStore(postgres_url)
    session = new_session(store, tables=2)
    seated = seat_all(store, session)
    seat_all(store, session, table=2)
    news, elsewhere = (store.listen(rooms.news_channel(session, t)) for t in (1, 2))
    try:
        def heard(connection, wait: float) -> bool:  # as the page does: wait for the socket, then read
            select.select([connection.fileno()], [], [], wait)
            return RoomStore.heard(connection)

        state = rooms.table_state(store, session, 1)
        seat = acting_seats(state.round())[0]
        assert rooms.act(store, session, 1, seat, seated[seat], "play", "SA", seen=state.seq + 5) != ""
        assert not heard(news, 0.5)  # a refused move: nothing written, nothing to hear
        play_move(store, session, 1, seated)
        assert heard(news, 5) and not heard(elsewhere, 0.5)
    finally:
        news.close(), elsewhere.close()
    assert RoomStore(tmp_path).listen("anything") is None  # SQLite's pages poll


def test_reload_comes_back_to_the_same_seat_and_others_are_kept_out(store):
    session = new_session(store)
    code = rooms.table_codes(store, session)[0]
    rooms.join(store, code, "Ann", "N")
    assert rooms.join(store, code, "ann", "N")[2] == Seat.N  # a reload: her seat again
    with pytest.raises(Exception) as taken:
        rooms.join(store, code, "Ben", "N")
    assert str(taken.value) == say("rooms_seat_taken", seat=Seat.N.word, pupil="Ann")
    with pytest.raises(Exception):
        rooms.join(store, code, "Ann", "E")  # one pupil, one seat
    with pytest.raises(Exception, match="name"):
        rooms.join(store, code, "<b>", "E")


def test_a_pupil_takes_a_computer_seat_only_between_boards(store):
    session = new_session(store)
    code = rooms.table_codes(store, session)[0]
    hand = rooms.table_state(store, session, 1).round()
    leader = hand.declarer.left
    rooms.join(store, code, "Ann", leader)
    state = rooms.table_state(store, session, 1)
    rooms.act(store, session, 1, leader, "Ann", "play", state.round().game.legal_plays()[0].letters, seen=state.seq)
    empty = next(s for s in Seat if s != leader)
    with pytest.raises(Exception) as refused:
        rooms.join(store, code, "Ben", empty)
    assert str(refused.value) == say("rooms_seat_between_boards", seat=empty.word)
    rooms.end_deal(store, session, 1)  # the teacher ends the board
    assert rooms.join(store, code, "Ben", empty)[2] == empty


def test_a_session_opens_paused_so_pupils_can_sit_down(store):
    session = rooms.open_session(store, 1, boards=rooms.boards_from_seed("minibridge", 3, 1),
                                 session=f"test-{uuid.uuid4().hex[:10]}")
    code = rooms.table_codes(store, session)[0]
    for seat, name in zip(Seat, ("Ann", "Ben", "Cat")):
        rooms.join(store, code, name, seat)
    assert rooms.table_state(store, session, 1).moves == ()  # nothing played while the class sits down
    rooms.pause(store, session, False)
    hand = rooms.table_state(store, session, 1).round()
    assert acting_seats(hand)[0] in (Seat.N, Seat.E, Seat.S)  # the computer played West up to a pupil


def test_teacher_pauses_moves_a_pupil_and_ends_a_board(store):
    session = new_session(store, tables=2)
    seated = seat_all(store, session)
    rooms.pause(store, session)
    state = rooms.table_state(store, session, 1)
    seat = acting_seats(state.round())[0]
    assert rooms.act(store, session, 1, seat, seated[seat], "contract", "NT partscore", seen=state.seq) == \
        say("rooms_paused")
    rooms.pause(store, session, False)
    rooms.move_pupil(store, session, 1, Seat.N, 2, Seat.S)
    assert rooms.table_state(store, session, 2).seats == {Seat.S: "Ann"}
    assert Seat.N not in rooms.table_state(store, session, 1).seats
    # the moved pupil's old page cannot act for North any more
    state = rooms.table_state(store, session, 1)
    assert rooms.act(store, session, 1, Seat.N, "Ann", "play", "SA", seen=state.seq) == \
        say("rooms_not_your_seat", seat=Seat.N.word)
    rooms.end_deal(store, session, 1)
    assert rooms.table_state(store, session, 1).board == 2
    assert [row["table"] for row in rooms.seating(store, session)] == [1, 2]


def test_record_result_from_a_form_is_checked(store):
    session = new_session(store, tables=2)
    score = minibridge.score_hand("S", "♠ game", 10, "ebu")
    rooms.record_result(session, 1, 2, "S", "♠ game", 10, score.scores[Side.NS], "form", store=store)
    assert rooms.results(session, store=store)[0]["score_ns"] == 420
    for bad in [(1, 2, "S", "♠ game", 10, 420),     # twice
                (1, 1, "S", "♠ game", 14, 420),     # 14 tricks
                (1, 1, "S", "♠ game", 10, 999),     # a score that is not that result's
                (9, 1, "S", "♠ game", 10, 420),     # no such board
                (1, 7, "S", "♠ game", 10, 420)]:    # no such table
        with pytest.raises(Exception):
            rooms.record_result(session, *bad, "form", store=store)
    assert len(rooms.results(session, store=store)) == 1


def test_manille_tables_play_through_the_store(store):
    session = new_session(store, game="manille")
    seated = seat_all(store, session)
    for _ in range(60):
        state = rooms.table_state(store, session, 1)
        if state.round().is_over:
            break
        seat, move, value, said = play_move(store, session, 1, seated)
        assert said == "", (move, value, said)
    hand = rooms.table_state(store, session, 1).round()
    assert hand.is_over
    [result] = rooms.results(session, store=store)
    assert result["declarer"] is None and result["contract"] is None
    assert result["tricks"] == hand.game.card_points(Side.NS)
    assert result["score_ns"] == hand.result().scores[Side.NS] - hand.result().scores[Side.EW]


def test_the_teachers_buttons_open_pause_end_and_move(tmp_path):
    from teacher.tables_desk import TablesDesk

    store = RoomStore(tmp_path)
    desk = TablesDesk(store, poll=0)
    assert say("rooms_teacher_no_session") in desk.board.value and desk.controls.layout.display == "none"
    desk.tables_box.value, desk.boards_box.value = 2, "4:3"
    desk.open_button.click()
    session = desk.session
    codes = rooms.table_codes(store, session)
    assert all(code in desk.board.value for code in codes) and say("rooms_teacher_paused") in desk.board.value
    rooms.join(store, codes[0], "Ann", "E")
    desk.go_button.click()
    assert not rooms.table_state(store, session, 1).paused
    desk.from_table.value, desk.from_seat.value, desk.to_table.value, desk.to_seat.value = 1, "E", 2, "W"
    desk.move_button.click()
    assert rooms.table_state(store, session, 2).seats == {Seat.W: "Ann"} and "Ann" in desk.board.value
    desk.end_table.value = 2
    desk.end_button.click()
    assert rooms.table_state(store, session, 2).board == 2
    desk.move_button.click()  # nobody sits at table 1's East now: refused in words
    assert say("rooms_seat_empty", seat=Seat.E.word, table=1) in desk.words.value
    desk.boards_box.value = "x"
    desk.open_button.click()
    assert desk.session == session and "does not name boards" in desk.words.value


def test_a_table_nobody_sits_at_is_not_in_the_class_results(store):
    session = new_session(store, tables=2, count=1, paused=True)
    seated = seat_all(store, session, table=1)
    while not rooms.table_state(store, session, 1).round().is_over:
        assert play_move(store, session, 1, seated)[3] == ""
    assert [r["table"] for r in rooms.results(session, store=store)] == [1]
    assert rooms.table_state(store, session, 2).moves == ()


def test_a_moved_pupil_is_found_at_the_new_seat_and_the_newest_session_is_offered_first(store):
    older = new_session(store, tables=2, paused=True)
    session = new_session(store, tables=3, paused=True)
    assert rooms.newest_session(store) == session
    listed = [s for s in rooms.session_list(store) if s["session"] in (older, session)]
    assert [(s["session"], s["tables"]) for s in listed] == [(session, 3), (older, 2)]
    rooms.join(store, rooms.table_codes(store, session)[0], "Dev", Seat.W)
    assert rooms.where_is(store, session, "dev") == (1, Seat.W)
    rooms.move_pupil(store, session, 1, Seat.W, 3, Seat.N)
    assert rooms.where_is(store, session, "Dev") == (3, Seat.N)
    assert rooms.where_is(store, older, "Dev") is None


def test_the_desk_opens_on_the_tables_the_app_opened_and_shows_their_traveller(tmp_path):
    from teacher.tables_desk import TablesDesk

    store = RoomStore(tmp_path)
    older = rooms.open_session(store, 1, boards=rooms.boards_from_seed("minibridge", 3, 1))
    assert rooms.main(["--tables", "2", "--boards", "5:2", "--rooms-url", str(tmp_path)]) == 0  # tasks.py app --tables 2
    opened = rooms.newest_session(store)
    desk = TablesDesk(store, poll=0)  # as the page's cell has it: no session typed
    assert desk.session == opened and [v for _, v in desk.session_choice.options] == [opened, older]
    assert desk.controls.layout.display == "" and say("rooms_teacher_paused") in desk.board.value
    desk.go_button.click()
    assert not rooms.table_state(store, opened, 1).paused
    assert "Board 2" in desk.traveller.traveller.view.value and len(desk.traveller.boards) == 2
    desk.session_choice.value = older  # the teacher picks other tables from the list
    assert desk.session == older and rooms.table_codes(store, older)[0] in desk.board.value
    assert len(desk.traveller.boards) == 1


def test_a_seat_whose_page_is_not_heard_from_is_away(store):
    session = new_session(store, paused=True)
    code = rooms.table_codes(store, session)[0]
    rooms.join(store, code, "Ann", Seat.N)
    rooms.join(store, code, "Ben", Seat.E)
    rooms.here(store, session, 1, Seat.N)
    rooms.here(store, session, 1, Seat.N)  # again: one row, a newer time
    assert rooms.away(store, session, 1) == [Seat.E]  # Ben's page never said it was open
    rooms.here(store, session, 1, "E")
    assert rooms.away(store, session, 1) == []
    assert [row["away"] for row in rooms.seating(store, session)] == [[]]
