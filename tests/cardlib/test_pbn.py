"""Deal files as real ones are (cardlib.pbn): every game a file holds is read, what a board has
that cannot be used is said board by board and left out, and the rest is imported. endplay's
PBN reader is the oracle where it reads the file. The fixtures in tests/data/ are made up in
the layouts real files use: championship.pbn as tournament files write a board's later tables
(the board's tags left out) with irregular and mistyped results; commented.pbn as a club's
file typed by hand (comments of both kinds, "#" copies, several tags on a line)."""
from pathlib import Path

import pytest

from cardlib import CardError, Seat, set_language
from cardlib import pbn
from cardlib.cards import Suit
from exercises.set_deals import DOUBLE_DUMMY_FILE, SET_DEALS, double_dummy

DATA = (Path(__file__).resolve().parents[1] / "data")
CHAMPIONSHIP = (DATA / "championship.pbn").read_text(encoding="utf-8")
COMMENTED = (DATA / "commented.pbn").read_text(encoding="utf-8")
DEAL = "N:AJT4.A4.T7543.A9 K9765.K6.K6.KQT8 Q8.Q8753.A98.654 32.JT92.QJ2.J732"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def played(reading: pbn.Reading) -> list:
    """Each game as (board number, table, declarer, contract, tricks, score for N–S), or the board's number alone."""
    return [(g.board.number, g.result.table, g.result.declarer.name, g.result.contract.text, g.result.tricks,
             g.result.score_ns) if g.result else g.board.number for g in reading.games]


def test_a_championship_file_imports_every_board_and_says_each_thing_it_left_out():
    reading = pbn.read(CHAMPIONSHIP)
    assert [(b.number, b.deal.dealer.name) for b in reading.boards] == [(1, "N"), (2, "E"), (3, "S"), (4, "N")]
    assert played(reading) == [(1, 1, "S", "♠ game", 10, 420), 1, (2, 1, "E", "♠ game", 11, -450), 2, 3, 3,
                               (4, 1, "N", "NT game", 9, 400)]
    assert list(reading.left_out) == [
        "Board 1, line 30: its [Declarer] tag is '^N': PBN's ^ marks an irregular declarer (declarer and dummy "
        "swapped at the table), so the score cannot be worked out. This table's result was left out; the board is "
        "imported.",
        "Board 2, line 69: its [Result] tag is wrong: 99 is not a number of tricks: it must be 0 to 13. This "
        "table's result was left out; the board is imported.",
        "Board 3, line 75: its [Table] tag is wrong: '0' is not a table number: tables are numbered 1, 2, 3 and so "
        "on. This table's result was left out; the board is imported.",
        "Board 3, line 82: its [Result] tag is '^8': PBN's ^ marks a number of tricks that is not the number "
        "really won. This table's result was left out; the board is imported.",
        "Board 1, line 88: an earlier board 1 of this file has other cards. It is imported as board 4.",
    ]


def test_a_later_table_that_leaves_out_the_boards_tags_plays_the_board_of_the_game_before():
    games = pbn.read(CHAMPIONSHIP).games
    assert games[1].board == games[0].board and games[3].board == games[2].board
    assert games[3].board.tricks == games[2].board.tricks  # its double-dummy table too


def test_a_tricks_table_followed_by_another_tag_is_read():
    board = pbn.read(CHAMPIONSHIP).boards[1]  # [OptimumResultTable] ... then [OptimumScore "EW 650"]
    assert len(board.tricks) == 20
    assert (board.tricks[Suit.SPADES, Seat.E], board.tricks[None, Seat.N], board.tricks[Suit.DIAMONDS, Seat.W]) == (
        11, 0, 9)


def test_the_report_is_in_japanese_too():
    set_language("ja")
    left_out = pbn.read(CHAMPIONSHIP).left_out
    assert left_out[0].startswith("ボード1、30行目：[Declarer] タグが「^N」です。")
    assert left_out[0].endswith("このテーブルの<ruby>結果<rt>けっか</rt></ruby>は読みこまず、ボードだけ読みこみました。")
    assert left_out[-1] == "ボード1、88行目：このファイルの前のほうにも、ちがうカードのボード1があります。ボード4として読みこみました。"


def test_endplay_reads_the_same_deals_and_results_once_the_irregular_marks_are_taken_out():
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    ours = pbn.read(CHAMPIONSHIP.replace("^", "")).games  # endplay stops at the first '^'
    theirs = endplay_pbn.loads(CHAMPIONSHIP.replace("^", ""))
    assert len(ours) == len(theirs) == 7
    for game, other in zip(ours, theirs):
        if other.board_num is not None:  # endplay leaves a later table's cards empty; ours are the board's
            assert game.board.deal.to_pbn("N").replace("10", "T") == other.deal.to_pbn()
            assert game.board.deal.dealer.name == "NESW"[int(other.dealer)]
        if game.result is not None:
            assert (game.result.declarer.name, game.result.tricks) == ("NESW"[int(other.contract.declarer)],
                                                                        other.contract.level + 6 + other.contract.result)


def test_comments_of_both_kinds_hash_copies_and_tags_several_to_a_line():
    reading = pbn.read(COMMENTED)
    assert [(b.number, b.deal.dealer.name) for b in reading.boards] == [(1, "W"), (2, "N")]
    # [Result "7"] after [Result "10"] is ignored (PBN keeps a game's first tag); [Table "#"] is the 3 before;
    # "NS 8" is N–S's tricks, declarer South's; [Dealer "N"] runs over two lines
    assert played(reading) == [(1, 3, "E", "NT game", 10, -430), (2, 3, "S", "♣ partscore", 8, 90)]
    assert reading.left_out == ()
    assert pbn.read("\ufeff" + COMMENTED.replace("\n", "\r\n")) == reading  # as Windows programs save it


@pytest.mark.parametrize("declarer, result, tricks", [
    ("N", "9", 9), ("N", "NS 9", 9), ("N", "EW 4", 9), ("E", "NS 9 EW 4", 4), ("E", "ns 9", 4)])
def test_a_result_is_declarers_tricks_however_pbn_writes_it(declarer, result, tricks):
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "{declarer}"]\n[Contract "3NT"]\n[Result "{result}"]\n'
    assert pbn.read(text).games[0].result.tricks == tricks


@pytest.mark.parametrize("contract, text", [
    ("3NT", "NT game"), ("3N", "NT game"), ("2nt", "NT partscore"), ("4SX", "♠ game"), ("4SXX", "♠ game"),
    ("3NR", "NT game"), ("5DD", "♦ game"), ("1D", "♦ partscore")])
def test_a_contract_is_read_as_endplay_reads_it_doubled_or_redoubled_however_written(contract, text):
    """MiniBridge has no doubles: a doubled contract is the contract (tournament files write 'R' for redoubled)."""
    text_file = f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "{contract}"]\n[Result "9"]\n'
    assert pbn.read(text_file).games[0].result.contract.text == text


@pytest.mark.parametrize("tags, words", [
    ('[Board "1"]\n[Dealer "Q"]\n[Deal "{deal}"]\n', "Board 1, line 2: its [Dealer] tag is wrong: 'Q' is not a seat"),
    ('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n',
     "Board 1, line 2: every hand must hold 13 cards to play the board. This board was left out."),
    ('[Board "1"]\n[Deal "{deal}"]\n[Declarer "N"]\n[Contract "8S"]\n[Result "9"]\n',
     "Board 1, line 4: its [Contract] tag is wrong: '8S' is not a contract: PBN writes a level from 1 to 7"),
    ('[Board "1"]\n[Deal "{deal}"]\n[Declarer "Q"]\n[Contract "4S"]\n[Result "9"]\n',
     "Board 1, line 3: its [Declarer] tag is wrong: 'Q' is not a seat"),
    ('[Board "1"]\n[Deal "{deal}"]\n[Contract "4S"]\n[Result "9"]\n',
     "Board 1, line 3: it has a [Contract] tag but no [Declarer] tag saying who played it."),
    ('[Board "1"]\n[Deal "{deal}"]\n[Declarer "S"]\n[Contract "4S"]\n',
     "Board 1, line 4: it has a [Contract] tag but its [Result] tag gives no number of tricks."),
    ('[Board "1"]\n[Deal "{deal}"]\n[Table "two"]\n[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n',
     "Board 1, line 3: its [Table] tag is wrong: 'two' is not a table number"),
    ('[Board "1B"]\n[Deal "{deal}"]\n',
     "Board 1B, line 1: its [Board] tag is wrong: '1B' is not a board number: boards are numbered 1, 2, 3 and so "
     "on. It is imported as board 1."),
    ('[Board "1"]\n[Deal "{deal}"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\nN Z 4\n',
     "Board 1, line 5: 'N Z 4' is not a line of the tricks table: it should look like N NT 9. The board is "
     "imported without its double-dummy table."),
    ('[Board "1"]\n[Deal "{deal}"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\n',
     "Board 1, line 3: the tricks table has 1 lines: it needs 20"),
    ('[Board "1"]\n[Deal "{deal}"]\n[OptimumResultTable "Declarer;Strain;Tricks"]\nN NT 9\n',
     "Board 1, line 3: its [OptimumResultTable] tag does not name the columns Declarer, Denomination and Result."),
    ('[Board "1"]\n[Deal "{deal}"]\n[Dealer "N"\n[Vulnerable "None"]\n',
     "Board 1, line 3: '[Dealer \"N\"' is not a tag: a tag looks like [Dealer \"N\"]. It was left out."),
    ('[Board "1"]\n[Deal "N:AJT4.A4.T7543.A9 K9765.K6.K6.KQT8 Q8.Q8753.A98.654 32.JT92.QJ2.J73A"]\n',
     "Board 1, line 2: its [Deal] tag is wrong: ♣A is in both North and West. This board was left out."),
    ('[Board "1"]\n[Deal "{deal}"]\n[Vulnerable None]\n',
     "Board 1, line 3: '[Vulnerable None]' is not a tag: a tag looks like [Dealer \"N\"]. It was left out."),
])
def test_what_a_board_has_that_cannot_be_used_is_said_and_the_next_board_is_imported(tags, words):
    good = f'[Board "2"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n'
    reading = pbn.read(tags.format(deal=DEAL) + "\n" + good)
    assert len(reading.left_out) == 1 and reading.left_out[0].startswith(words)
    assert reading.games[-1].result.tricks == 9  # the good board after it


def test_a_file_with_no_board_that_can_be_played_is_refused_board_by_board():
    with pytest.raises(CardError) as refused:
        pbn.read('[Board "7"]\n[Dealer "N"]\n\n[Board "8"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')
    assert str(refused.value) == (
        "No board of this file can be played. Board 7, line 1: this board has no [Deal] tag, so there are no cards "
        "to play. This board was left out. Board 8, line 5: every hand must hold 13 cards to play the board. This "
        "board was left out.")
    with pytest.raises(CardError, match="This file has no board in it"):
        pbn.read("% nothing but a comment\n{ and another }\n")
    with pytest.raises(CardError, match="A PBN file is text"):
        pbn.read(b'[Board "1"]')


def test_endplay_reads_the_set_deals_file_and_finds_our_names_for_the_deals():
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    theirs = endplay_pbn.loads(DOUBLE_DUMMY_FILE.read_text(encoding="utf-8"))
    named = {d.name: d for deals in SET_DEALS.values() for d in deals}
    assert [b.board_num for b in theirs] == list(range(1, len(theirs) + 1))
    for board in theirs:
        name = board.info["SetDeal"]
        assert board.deal.to_pbn() == named[name].deal.to_pbn("N").replace("10", "T")
        rows = board.info["OptimumResultTable"]["rows"]
        letters = {"NT": None, "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
        assert {(letters[d], Seat.parse(s)): int(t) for s, d, t in rows} == double_dummy(name)
    # endplay takes a board's dealer from its number when no contract is given; we read the [Dealer] tag
    ours = pbn.read_boards(DOUBLE_DUMMY_FILE.read_text(encoding="utf-8"))
    assert [(b.name, b.deal) for b in ours] == [(b.info["SetDeal"], named[b.info["SetDeal"]].deal) for b in theirs]


def test_a_result_keeps_the_scoring_it_was_written_with():
    from cardlib import minibridge
    from cardlib.duplicate import check_result, seeded_boards
    board = seeded_boards(1, seed="scoring tag")[0]
    down = check_result(board, 1, board.declarer, "NT game", 6, rules="club")  # 3 down: the club loses 300
    assert abs(down.score_ns) == 300
    text = pbn.write([board], [down], rules="club")
    assert '[Scoring "MiniBridge club"]' in text
    assert [g.result.score_ns for g in pbn.read(text).games] == [down.score_ns]  # not the schools' 150
    was = minibridge.use_rules("club")
    try:  # a file that names the schools' rules reads by them, whatever rules are in use
        schools = pbn.write([board], [check_result(board, 1, board.declarer, "NT game", 6, rules="ebu")], rules="ebu")
        assert [abs(g.result.score_ns) for g in pbn.read(schools).games] == [150]
    finally:
        minibridge.use_rules(was)
    unknown = pbn.read(text.replace("MiniBridge club", "MiniBridge acbl"))
    assert [g.result for g in unknown.games] == [None] and list(unknown.boards) == [board]
    assert "[Scoring]" in unknown.left_out[0] and "'acbl' is not a scoring preset" in unknown.left_out[0]
