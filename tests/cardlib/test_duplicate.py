"""Duplicate boards, results, matchpoints and par (cardlib.duplicate), and PBN files of many
boards (cardlib.pbn), with endplay's PBN reader as the oracle (real files' oddities: tests/cardlib/test_pbn.py)."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardlib import CardError, Deal, Seat, set_language
from cardlib import duplicate, pbn
from cardlib.duplicate import Board, check_result, par, rank, seeded_boards
from cardlib.minibridge import CONTRACTS, score
from exercises.set_deals import SET_DEALS, double_dummy, duplicate_boards

SAMPLE = (Path(__file__).resolve().parents[1] / "data") / "club_night.pbn"
BOARD = seeded_boards(1, seed="club night")[0]  # South declares (N–S hold more points)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_seeded_boards_are_the_same_on_every_machine_and_the_dealer_moves_round():
    boards = seeded_boards(4, seed="club night")
    assert boards == seeded_boards(4, seed="club night") != seeded_boards(4, seed="other night")
    assert [b.deal.dealer for b in boards] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert boards[0].deal.to_pbn() == "N:J93.T9743.K9.K86 T72.QJ652.T64.T9 KQ65.AK8.J.AQJ75 A84..AQ87532.432"
    assert all(b.declarer is not None for b in seeded_boards(36, seed=5))


@pytest.mark.parametrize("table, declarer, contract, tricks, words", [
    (1, "S", "♠ game", 14, "14 is not a number of tricks: it must be 0 to 13."),
    (1, "S", "♠ game", "ten", "ten is not a number of tricks"),
    (1, "S", "♠ slam", 10, "'♠ slam' is not a contract"),
    (1, "X", "♠ game", 10, "'X'"),
    (1, "E", "♠ game", 10, "East cannot declare board 1: N–S hold more points"),
    (1, "N", "♠ game", 10, "North is dummy on board 1: the declarer is South."),
    (0, "S", "♠ game", 10, "There is no table 0: the tables are numbered 1 to 8."),
    (9, "S", "♠ game", 10, "There is no table 9"),
    ("3b", "S", "♠ game", 10, "'3b' is not a table number"),
])
def test_an_impossible_result_is_refused_in_words(table, declarer, contract, tricks, words):
    with pytest.raises(CardError) as refused:
        check_result(BOARD, table, declarer, contract, tricks, tables=8)
    assert words in str(refused.value)


@pytest.mark.parametrize("tables", [0, -1, 41, "eight", None])
def test_the_number_of_tables_is_checked_not_taken_as_forty(tables):
    if tables is None:  # not given: up to 40 tables
        assert check_result(BOARD, 40, "S", "♠ game", 10, tables=tables).table == 40
    else:
        with pytest.raises(CardError, match="is not a whole number from 1 to 40"):
            check_result(BOARD, 1, "S", "♠ game", 10, tables=tables)


def test_a_table_gives_one_result_a_board_and_its_score_is_from_north_souths_view():
    first = check_result(BOARD, "3", "S", "♥ partscore", "8", source="form")
    assert (first.table, first.declarer, first.tricks, first.score_ns) == (3, Seat.S, 8, 110)
    with pytest.raises(CardError, match="Table 3 has already given its result for board 1"):
        check_result(BOARD, 3, "S", "NT game", 9, results=[first])
    east = seeded_boards(2, seed="club night")[1]
    assert east.declarer.name == "W"
    assert check_result(east, 1, "W", "NT game", 9).score_ns == -400
    assert check_result(east, 1, "W", "NT game", 8).score_ns == 50  # E–W one down: N–S score 50
    assert check_result(east, 1, "W", "NT game", 8, rules="club").score_ns == 100


def test_the_class_store_rows_are_read_back_and_bad_rows_are_left_out():
    good = check_result(BOARD, 2, "S", "♠ game", 10)
    rows = [good.row("class"), {**good.row("class"), "table": 4, "tricks": 15}, {**good.row(), "board": "99"},
            {**good.row(), "table": 5, "contract": "NT partscore", "tricks": 7}]
    kept = duplicate.read_results(rows, [BOARD])
    assert [(r.table, r.contract.text, r.score_ns) for r in kept] == [(2, "♠ game", 420), (5, "NT partscore", 90)]


def referee_matchpoints(scores: list[int], mine: int) -> int:
    """Written apart from cardlib: 2 for every other table below, 1 for every other equal."""
    others = list(scores)
    others.remove(mine)
    return sum(2 if s < mine else 1 if s == mine else 0 for s in others)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CONTRACTS), st.integers(0, 13)), min_size=1, max_size=9))
def test_matchpoints_places_and_words_add_up(played):
    results = [check_result(BOARD, n, "S", c, t) for n, (c, t) in enumerate(played, start=1)]
    ranked = rank(results)
    scores = [r.score_ns for r in results]
    assert [r.result.score_ns for r in ranked] == sorted(scores, reverse=True)
    for r in ranked:
        assert r.matchpoints_ns == referee_matchpoints(scores, r.result.score_ns)
        assert r.matchpoints_ns + r.matchpoints_ew == 2 * (len(results) - 1)
        assert r.place == 1 + sum(s > r.result.score_ns for s in scores)
    assert sum(r.matchpoints_ns for r in ranked) == len(results) * (len(results) - 1)
    assert duplicate.average(results) * len(results) == sum(scores)


def test_ties_share_a_place_and_a_matchpoint():
    results = [check_result(BOARD, n, "S", c, t) for n, (c, t) in
               enumerate([("♠ game", 10), ("♠ game", 10), ("♠ partscore", 10), ("♠ game", 9)], start=1)]
    assert [(r.result.table, r.place, r.beaten, r.tied, r.matchpoints_ns) for r in rank(results)] == [
        (1, 1, 2, 1, 5), (2, 1, 2, 1, 5), (3, 3, 1, 0, 2), (4, 4, 0, 0, 0)]


def test_par_is_declarers_best_contract_with_best_play():
    board = duplicate_boards(6)[0]  # 6A: South takes exactly 10 tricks in spades, 6 in no trumps
    found = par(board, board.tricks)
    assert (found.declarer, found.score_ns, [c.text for c in found.contracts], found.tricks) == (
        Seat.S, 420, ["♠ game"], 10)
    for contract in CONTRACTS:
        assert score(contract, board.tricks[contract.denomination, Seat.S]) <= found.score_ns
    assert par(board, None) is None


def test_a_lessons_set_deals_are_its_boards_with_their_stored_figures():
    boards = duplicate_boards(5)
    assert [b.label for b in boards] == [d.name for d in SET_DEALS[5]]
    assert all(b.tricks == double_dummy(b.name) and len(b.tricks) == 20 for b in boards)
    assert duplicate_boards(14) == []  # Manille deals are not MiniBridge boards


def test_the_sample_club_file_reads_as_endplay_reads_it():
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    text = SAMPLE.read_text(encoding="utf-8")
    ours, theirs = pbn.read_boards(text), endplay_pbn.loads(text)
    assert [b.number for b in ours] == [b.board_num for b in theirs] == [1, 2, 3, 4]
    for board, other in zip(ours, theirs):
        assert board.deal.to_pbn("N").replace("10", "T") == other.deal.to_pbn()
        assert board.deal.dealer.name == "NESW"[int(other.dealer)]
    games = pbn.read(text).games
    assert [(g.result.contract.text, g.result.tricks) if g.result else None for g in games] == [
        ("♥ partscore", 8), ("NT game", 9), None, ("♠ game", 11)]


def test_boards_with_results_round_trip_and_endplay_reads_them():
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    boards = duplicate_boards(6) + seeded_boards(2, seed="round trip")
    boards = [Board(n, b.deal, b.name, b.tricks) for n, b in enumerate(boards, start=1)]
    results = [check_result(boards[0], 1, "S", "♠ game", 10), check_result(boards[0], 2, "S", "NT game", 6),
               check_result(boards[1], 1, boards[1].declarer, "♥ partscore", 8, source="form")]
    text = pbn.write(boards, results, event="Lesson 6")
    games = pbn.read(text).games
    assert pbn.read_boards(text) == boards
    assert [g.board.tricks for g in games[:2]] == [boards[0].tricks] * 2
    assert [g.result for g in games if g.result] == results
    theirs = endplay_pbn.loads(text)
    assert len(theirs) == len(games) == 6  # board 1 twice (two tables), each other board once
    assert [str(b.contract) for b in theirs[:3]] == ["4♠S=", "3NTS-3", "1♥" + boards[1].declarer.name + "+1"]
    assert theirs[0].info["OptimumResultTable"]["rows"][0] == ["N", "NT", str(boards[0].tricks[None, Seat.N])]


@pytest.mark.parametrize("rules", ["ebu", "club"])
def test_the_score_from_north_souths_view_is_what_the_score_pad_writes_for_ns_less_ew(rules):
    """The class's results store checks a result's score_ns as the score pad's N–S column less
    its E–W column: the traveller's score is the same number for every result."""
    from cardlib.minibridge import score_hand
    from cardlib.seats import Side

    for seat in Seat:
        for contract in CONTRACTS:
            for tricks in range(14):
                line = score_hand(seat, contract, tricks, rules)
                assert duplicate.score_ns(seat, contract, tricks, rules) == line.scores[Side.NS] - line.scores[Side.EW]


def test_a_result_row_has_the_keys_the_class_results_store_keeps():
    row = check_result(BOARD, 2, "S", "♠ game", 10, source="form").row("class 5B")
    assert row == {"session": "class 5B", "board": 1, "table": 2, "declarer": "S", "contract": "♠ game", "tricks": 10,
                   "score_ns": 420, "source": "form"}
