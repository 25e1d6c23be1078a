"""The traveller (teacher/traveller.py), the result form for tables with real cards
(teacher/result_form.py) and the teacher's duplicate page (teacher/traveller_page.py)."""
import re
from datetime import datetime
from html import unescape
import threading
import time
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardlib import messages, minibridge, pbn, set_language
from cardlib.duplicate import check_result, seeded_boards
from exercises.set_deals import duplicate_boards
from teacher.result_form import ResultForm
from teacher.traveller import Traveller, traveller_html, traveller_pdf
from teacher.traveller_page import TravellerPage

SAMPLE = (Path(__file__).resolve().parents[1] / "data") / "club_night.pbn"
BOARDS = duplicate_boards(6)  # 6A: South declares; par ♠ game, 10 tricks, 420
PLAYED = [("♠ game", 10), ("♠ partscore", 10), ("NT game", 6), ("♠ game", 10), ("♠ game", 11)]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")
    minibridge.use_rules("ebu")


def results(board=BOARDS[0], played=PLAYED):
    return [check_result(board, n, board.declarer, c, t) for n, (c, t) in enumerate(played, start=1)]


def words(html: str) -> str:
    """The page's text: a tag reads as a space, but a <wbr> (where a Japanese line may break) is invisible."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.replace("<wbr>", ""))))


def table_rows(html: str) -> list[list[str]]:
    """The traveller's table as the class reads it: each row's cells, as text."""
    return [[words(cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", html)]


MINUS_SCORE = re.compile(r"[−-]\d")  # "−150": a score with a minus (never "1460 − 150", a subtraction)


def test_the_traveller_ranks_the_tables_with_matchpoints_in_words_the_average_and_the_par():
    # the English schools' rules: each score in its side's column, nobody writes a minus
    html = traveller_html(BOARDS, results(), answers=False)
    heads, *rows = table_rows(html)
    assert heads[5:7] == ["N–S", "E–W"]
    assert [(place, table, ns, ew, mp) for place, table, _, _, _, ns, ew, _, mp in rows] == [
        ("1.", "5", "450", "", "8 · 0"), ("2.", "1", "420 ✔", "", "5 · 3"), ("2.", "4", "420 ✔", "", "5 · 3"),
        ("4.", "2", "170", "", "2 · 6"), ("5.", "3", "", "150", "0 · 8")]  # NT game 3 down: E–W score 150
    page = words(html)
    assert "beat 4 tables" in page and "beat 2 tables, tied with 1" in page and "beat no table" in page
    assert ("The class's average: N–S scored 1460 in all, E–W 150. 1460 − 150 = 1310 more for N–S, and "
            "1310 ÷ 5 = 262: N–S 262.") in page
    assert "Par (best play by all four, seeing every card): ♠ game by South, 10 tricks, N–S 420." in page
    assert "No table has finished this board yet." in page  # 6B and 6C
    assert not MINUS_SCORE.search(page)


def test_the_club_rules_traveller_also_writes_each_score_in_its_sides_column_and_no_minus():
    # the Japanese edition's rules, in English words: 3 down is −300 for N–S, so E–W's column holds 300
    minibridge.use_rules("club")
    html = traveller_html(BOARDS, results(), answers=True)
    heads, *rows = table_rows(html)
    assert heads[5:7] == ["N–S", "E–W"]
    assert [row[5:7] for row in rows] == [["650", ""], ["620 ✔", ""], ["620 ✔", ""], ["170", ""], ["", "300"]]
    page = words(html)
    assert ("The class's average: N–S scored 2060 in all, E–W 300. 2060 − 300 = 1760 more for N–S, and "
            "1760 ÷ 5 = 352: N–S 352.") in page
    assert "Answer: N–S 650, N–S 620 = N–S 620, N–S 170, E–W 300." in page
    assert "Answer: 650 − 170 = 480 more." in page
    assert not MINUS_SCORE.search(page)


def test_the_maths_questions_are_on_the_projector_and_their_answers_only_on_the_teachers_screen():
    projector = words(traveller_html(BOARDS, results(), answers=False))
    teacher = words(traveller_html(BOARDS, results(), answers=True))
    for question in ("The scores, table by table, are N–S 420, N–S 170, E–W 150, N–S 420, N–S 450. Put them in order, "
                     "best for N–S first.", "How many more did N–S score at table 5 than at table 2?",
                     "The par of this board is N–S 420. What does it mean"):
        assert question in projector and question in teacher
    assert "Answer" not in projector
    assert ("Answer: N–S 450, N–S 420 = N–S 420, N–S 170, E–W 150. Any N–S score is better for N–S than any E–W "
            "score") in teacher
    assert "Answer: 450 − 170 = 280 more." in teacher
    assert "2 of 5 tables scored exactly the par; 1 did better for N–S (a defender's slip helped), 2 did worse." in teacher
    assert not MINUS_SCORE.search(teacher)


@pytest.mark.parametrize("played, question, answer", [
    # two E–W scores and one N–S: N–S's column has one table, so E–W's column is compared
    ([("NT game", 6), ("NT game", 8), ("♠ partscore", 10)], "How many more did E–W score at table 1 than at table 2?",
     "150 − 50 = 100 more."),
    # one table in each column: how far apart for N–S, the two scores added
    ([("NT game", 7), ("♠ game", 10)], "Table 2 wrote N–S 420, table 1 E–W 100. How far apart are the two results for N–S?",
     "At table 1 N–S scored nothing and E–W 100; at table 2 N–S scored 420: 100 + 420 = 520 apart."),
    # every table the same score: 0 more
    ([("♠ game", 10), ("♠ game", 10)], "How many more did N–S score at table 1 than at table 2?", "420 − 420 = 0 more."),
])
def test_the_schools_difference_question_never_crosses_zero(played, question, answer):
    teacher = words(traveller_html(BOARDS[:1], results(played=played), answers=True))
    assert question in teacher and f"Answer: {answer}" in teacher
    assert not MINUS_SCORE.search(teacher)


def test_an_e_w_declarer_on_the_schools_traveller_scores_in_e_ws_column():
    board = seeded_boards(2, seed="class 4B")[0]  # West declares
    played = [check_result(board, 1, board.declarer, "NT partscore", 8), check_result(board, 2, board.declarer, "NT partscore", 5)]
    html = traveller_html([board], played, answers=True)
    heads, *rows = table_rows(html)
    # N–S beat table 1 at table 2: E–W 120 is worse for N–S than N–S 100
    assert [(row[1], row[5], row[6], row[8]) for row in rows] == [("2", "100", "", "2 · 0"), ("1", "", "120", "0 · 2")]
    page = words(html)
    assert "E–W 120, N–S 100" in page and "Answer: N–S 100, E–W 120." in page
    assert "The class's average: N–S scored 100 in all, E–W 120. 120 − 100 = 20 more for E–W, and 20 ÷ 2 = 10: E–W 10." in page
    assert not MINUS_SCORE.search(page)


def test_without_figures_the_par_is_a_plain_sentence(monkeypatch):
    board = seeded_boards(1, seed="no figures")[0]
    page = words(traveller_html([board], results(board, [("NT partscore", 7), ("NT partscore", 8)]), answers=True))
    assert "The par is not known for this board" in page
    assert "Which table do you think came closest to it" in page


def test_the_traveller_redraws_itself_within_a_second_of_a_result_and_only_when_it_changed():
    rows, lock = [], threading.Lock()

    def results_for():
        with lock:
            return list(rows)

    traveller = Traveller(BOARDS, results_for, poll=0.1)
    try:
        first = traveller.redraws
        time.sleep(0.35)
        assert traveller.redraws == first  # nothing new: nothing redrawn
        with lock:
            rows.append(results()[0].row("class"))
        start = time.monotonic()
        while "beat no table" not in traveller.view.value and time.monotonic() - start < 1:
            time.sleep(0.02)
        assert "beat no table" in traveller.view.value and time.monotonic() - start < 1
        assert traveller.redraws == first + 1
        with lock:
            rows.append({**results()[1].row("class"), "tricks": 14})  # a forged row: never shown
        time.sleep(0.35)
        assert traveller.redraws == first + 1
    finally:
        traveller.stop()


def test_the_form_records_a_real_card_tables_result_and_refuses_an_impossible_one():
    written = []
    form = ResultForm(BOARDS, written.append, results_for=lambda: [r.row() for r in written], tables=8)
    assert [label for label, _ in form.declarer.options] == ["South"]  # 6A's declarer: dummy never declares
    form.table.value, form.contract.value, form.declarer.value, form.tricks.value = "3", "♠ game", "S", "14"
    assert form.send() is None and written == []
    assert "✘" in form.message.value and "14 is not a number of tricks: it must be 0 to 13." in form.message.value
    form.tricks.value = "10"
    result = form.send()
    assert written == [result] and (result.table, result.score_ns, result.source) == (3, 420, "form")
    assert "Table 3, board 6A: ♠ game by South, 10 tricks, N–S 420." in words(form.message.value)
    form.table.value, form.tricks.value = "3", "9"
    assert form.send() is None and len(written) == 1
    assert "Table 3 has already given its result for board 6A." in words(form.message.value)
    form.table.value = "12"
    assert form.send() is None and "There is no table 12" in form.message.value
    form.declarer.options = [("East", "E")]  # a forged choice: the side that does not play the board
    form.table.value, form.declarer.value = "4", "E"
    assert form.send() is None and "East cannot declare board 6A" in words(form.message.value)
    form.declarer.options = [("North", "N")]  # a forged choice: dummy
    form.declarer.value = "N"
    assert form.send() is None and "North is dummy on board 6A" in words(form.message.value)


def test_the_page_plays_a_lessons_deals_a_seeds_boards_or_a_pbn_file_and_refuses_a_bad_file():
    page = TravellerPage(poll=None)
    page.choose_lesson(6)
    assert [b.label for b in page.boards] == ["6A", "6B", "6C"]
    page.choose_seed("autumn", "ten")
    assert "is not a number of boards" in page.message.value and len(page.boards) == 3  # nothing changed
    page.choose_pbn(SAMPLE.read_text(encoding="utf-8"))
    assert [b.number for b in page.boards] == [1, 2, 3, 4]
    page.choose_pbn('[Board "9"]\n[Dealer "N"]\n')
    assert "Board 9, line 1" in page.message.value and [b.number for b in page.boards] == [1, 2, 3, 4]
    page.choose_pbn(((Path(__file__).resolve().parents[1] / "data") / "championship.pbn").read_text(encoding="utf-8"))
    assert [b.deal.dealer.name for b in page.boards] == ["N", "E", "S", "N"]  # its 4 boards (the club's: N E S W)
    assert "4 boards" in page.message.value and "Left out of this file (5):" in page.message.value
    assert "Board 2, line 69: its [Result] tag is wrong: 99 is not a number of tricks" in words(page.message.value)
    page.upload.value = ({"name": "x.pbn", "content": memoryview(b"\xff\xfe\x00"), "type": "", "size": 3,
                          "last_modified": datetime(2026, 12, 2)},)
    assert "is not a PBN file" in page.message.value


def test_the_form_feeds_the_traveller_and_the_files_hold_every_result():
    page = TravellerPage(poll=None)
    page.choose_lesson(6)
    for table, (contract, tricks) in enumerate(PLAYED, start=1):
        page.form.table.value, page.form.contract.value, page.form.tricks.value = str(table), contract, str(tricks)
        page.form.send()
    assert "1310 ÷ 5 = 262: N–S 262." in words(page.traveller.view.value)
    # the answers are hidden until the teacher ticks the box (her screen may be on the projector)
    assert "Answer" not in words(page.traveller.view.value) and "How many more" in words(page.traveller.view.value)
    page.answers.value = True
    assert "Answer: 450 − 170 = 280 more." in words(page.traveller.view.value)
    data, text = page.make_files()
    assert page.files.value.count("<a download") == 2
    assert [(g.result.table, g.result.score_ns) for g in pbn.read(text).games if g.result] == [
        (1, 420), (2, 170), (3, -150), (4, 420), (5, 450)]
    printed = "\n".join(p.extract_text() for p in PdfReader(BytesIO(data)).pages)
    assert "beat 2 tables, tied with 1" in printed and "1310 ÷ 5 = 262: N–S 262" in printed
    assert "450 − 170 = 280 more." in printed.split("Answers for the teacher")[1]
    assert not MINUS_SCORE.search(printed)  # the printed traveller: nobody writes a minus either
    first = printed.split("Answers for the teacher")[0]
    assert "N–S E–W" in first and "3 NT game South 6 150 beat no table" in first


def test_the_traveller_speaks_japanese():
    set_language("ja")
    minibridge.use_rules(minibridge.edition_rules("ja"))  # as the Japanese lessons' setup names it
    page = words(traveller_html(BOARDS, results(), answers=False))
    # the club's rules: ♠ game with 10 tricks is 620; 3 down is 300 in E–W's column, never −300
    assert "4テーブルに勝ち" in page and "2テーブルに勝ち、1テーブルと同点" in page
    assert "南北2060、東西300。2060 − 300 = 1760で南北が1760多い。1760 ÷ 5 = 352：南北 352" in page
    assert "南北 620、南北 170、東西 300、南北 620、南北 650" in page
    assert not re.search(r"\b(beat|tied|average|Board)\b", page) and not MINUS_SCORE.search(page)
    heads, *rows = table_rows(traveller_html(BOARDS, results()))
    assert heads[5:7] == ["南北", "東西"] and [row[6] for row in rows] == ["", "", "", "", "300"]
    pdf = "".join(p.extract_text() for p in PdfReader(BytesIO(traveller_pdf(BOARDS, results()))).pages)
    assert "4テーブルに勝ち" in pdf and "300" in pdf and not MINUS_SCORE.search(pdf)
    assert messages.current_language() == "ja"


def test_a_class_sessions_tables_and_the_form_write_to_the_rooms_store_and_the_traveller_shows_them(tmp_path):
    from shared_tables import rooms
    from shared_tables.store import RoomStore

    store = RoomStore(tmp_path)
    session = rooms.open_session(store, tables=3, boards=rooms.boards_of_lesson(6))
    page = TravellerPage.for_session(session, store, poll=None)  # redrawn by hand: the poll is tested above
    try:
        assert [b.label for b in page.boards] == ["6A", "6B", "6C"] and page.boards[0].tricks is not None
        page.form.table.value, page.form.contract.value, page.form.tricks.value = "1", "♠ game", "10"
        page.form.send()
        assert [(r["board"], r["table"], r["score_ns"], r["source"]) for r in rooms.results(session, store)] == [
            (1, 1, 420, "form")]
        page.form.table.value = "4"
        assert page.form.send() is None and "There is no table 4" in page.form.message.value
        # a table in the app finishes the board (another pupil's kernel writes the store)
        rooms.record_result(session, 1, 2, "S", "♠ partscore", 10, 170, source="app", store=store)
        assert page.traveller.refresh()
        assert "beat no table" in page.traveller.view.value and "beat 1 table" in page.traveller.view.value
    finally:
        page.traveller.stop()
