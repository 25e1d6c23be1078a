"""The printouts as a teacher gets them: the PDFs' text, read back with pypdf, holds the
questions and the answers the generators give, the hand records say what cardlib and
endplay say about a deal, the score sheets hold cardlib's scores; the pages, drawn with
pypdfium2, are not blank, have their suits in colour and keep clear of the paper's edge."""
from __future__ import annotations

import base64
import contextlib
import io
import re

import numpy as np
import pytest
from traitlets import TraitError

pypdf = pytest.importorskip("pypdf")
pdfium = pytest.importorskip("pypdfium2")

from cardlib import Card, CardError, Deal, Seat, Side, Suit, manille, messages, minibridge, say  # noqa: E402
from exercises import ProgressStore  # noqa: E402
from exercises.course import COURSE, SetDeal, lesson_of  # noqa: E402
from exercises.passport import PASSPORT_SKILLS  # noqa: E402
from exercises.plans import GAMES  # noqa: E402
from exercises.glossary import GLOSSARY  # noqa: E402
from exercises.set_deals import SET_DEALS  # noqa: E402
from teacher import pack  # noqa: E402
from teacher.aids import RESULTS_TABLES, class_results, dummy_mat, manille_strip, trick_poster  # noqa: E402
from teacher.certificate import certificates  # noqa: E402
from teacher.curtain_cards import curtain_cards, first_cards  # noqa: E402
from teacher.paper import Sheet, without_readings  # noqa: E402
from teacher.passport import passport  # noqa: E402
from teacher.hand_record import double_dummy, hand_records  # noqa: E402
from teacher.reference import contract_card, glossary_sheet  # noqa: E402
from teacher.rulings import rulings_sheet  # noqa: E402
from teacher.score_sheets import club_score_sheet, manille_score_sheet, schools_score_sheet  # noqa: E402
from teacher.worksheet import answer_key, practice_answers, practice_sheet, worksheet  # noqa: E402

POINTS_PER_MM = 72 / 25.4
PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}
BOARD = SetDeal("5A", Deal("N:AK1032.K32.Q52.J2 QJ9.AQJ.K743.K85 874.T9876.A6.A64 65.54.JT98.Q10973",
                          dealer="E").to_pbn(),
                "minibridge", "North and South hold 8 spades: a golden fit.", contract="♠ partscore")


@pytest.fixture
def set_deals(monkeypatch):
    """Give a lesson these set deals for the test (the course's own may not exist yet)."""
    def give(lesson, boards):
        monkeypatch.setitem(SET_DEALS, lesson.number, tuple(boards))
        return lesson
    return give


def pdf_bytes(sheet) -> bytes:
    return bytes(sheet.output())


def drawn_at(picture, width: float) -> dict[str, tuple[float, float]]:
    """Where each line of a picture drawn at (20, 30) in ``width`` starts: its labels and words."""
    from teacher import drawing

    placed = {}
    page = Sheet()
    page.add_page()
    page.coloured_line = lambda line, x, y, *rest, **more: placed.setdefault(line, (x, y)) and 0
    drawing.picture(page, picture, 20, 30, width)
    return placed


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def words_of(data: bytes, smallest: float = 7) -> str:
    """The text of every page without the readings printed small above their words (furigana)."""
    found = []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: found.append(text) if size * tm[0] >= smallest else None)
    return "".join(found)


def squash(text: str) -> str:
    """Text without spaces or line breaks: a sentence wrapped on paper still matches."""
    return "".join(str(text).split())


def pages(data: bytes, scale: float = 0.5):
    pdf = pdfium.PdfDocument(data)
    return [pdf[i].render(scale=scale).to_pil().convert("RGB") for i in range(len(pdf))]


def colour_count(images, colour: str, tolerance: int = 40) -> int:
    """How many pixels of these page images are within ``tolerance`` of a colour."""
    target = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return sum(int((np.abs(np.asarray(image, dtype=int) - target) <= tolerance).all(axis=2).sum()) for image in images)


def ink(image) -> np.ndarray:
    """True where a page image is not white."""
    return (np.asarray(image) != 255).any(axis=2)


# --- worksheets and answer keys ----------------------------------------------------------

@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_the_worksheet_asks_the_quiz_questions_and_the_key_answers_them(lesson):
    questions = lesson.quiz().questions  # the very questions pupils get on screen
    sheet = squash(text_of(pdf_bytes(worksheet(lesson))))
    key = squash(text_of(pdf_bytes(answer_key(lesson))))
    for question in questions:
        assert squash(question.prompt) in sheet
        assert squash(question.rules_line) in sheet, "the rules in force (the trump suit) are printed, as on screen"
        for label, _ in question.options:
            assert squash(label) in sheet
        assert squash(question.right_answer) in key and squash(question.explanation) in key
    assert all(squash(q.explanation) not in sheet for q in questions), "the worksheet gives no working away"


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_the_practice_sheet_is_not_the_quiz_and_its_key_answers_it(lesson):
    practice = lesson.practice_sheet()
    # the lesson's practice kinds, or (lesson 15's sheet_kinds) variants of them
    assert len(practice) == 4 and {q.kind for q in practice} <= set(lesson.sheet_kinds or lesson.practice_kinds())
    assert {q.kind.split(":")[0] for q in practice} <= {k.split(":")[0] for k in lesson.practice_kinds()}
    quiz = lesson.quiz().questions
    assert not [q for q in practice if any(q.prompt == p.prompt and q.picture == p.picture for p in quiz)]
    sheet = squash(text_of(pdf_bytes(practice_sheet(lesson))))
    key = squash(text_of(pdf_bytes(practice_answers(lesson))))
    assert squash(say("desk_practice_sheet_title", number=lesson.number, title=lesson.title)) in sheet
    for question in practice:
        assert squash(question.prompt) in sheet and squash(question.explanation) not in sheet
        assert squash(question.rules_line) in sheet
        assert squash(question.right_answer) in key and squash(question.explanation) in key
        assert question.check(question.answer).correct is True


def test_the_answer_key_is_right_by_the_questions_own_check():
    for lesson in COURSE:
        for question in lesson.quiz().questions:
            assert question.check(question.answer).correct is True


def test_worksheet_cards_are_drawn_in_their_suit_colours():
    lesson = COURSE[1]  # trumps: tricks and hands of every suit
    two = pages(pdf_bytes(worksheet(lesson)), scale=1)
    assert colour_count(two, "#C8102E") > 500, "hearts and diamonds are red"
    four = pages(pdf_bytes(worksheet(lesson, theme="four-colour")), scale=1)
    assert colour_count(four, "#005A9C") > 100 and colour_count(four, "#007A5A") > 100, "diamonds blue, clubs green"
    assert colour_count(four, "#C8102E", 25) == 0


def test_four_one_seat_hands_stand_as_a_compass_in_half_the_height_and_hands_have_their_labels_beside():
    """Lesson 7's long-suit items show a suit in each of the four hands: North above, West and
    East side by side, South below, in under half the height of four rows (the quiz was 4 pages).
    Two 13-card hands have each label on the left of its hand, as they fit there."""
    from teacher import drawing

    sheet = worksheet(COURSE[6])
    width = sheet.inner_width - 9
    items = [q for q in COURSE[6].quiz().questions if len(q.picture.rows) == 4]
    assert len(items) == 3
    for question in items:
        assert drawing.picture_height(question.picture, width) <= drawing.picture_height(question.picture) / 2
        placed = drawn_at(question.picture, width)
        at = {seat: placed[say("ex_hand_of", seat=seat.word)] for seat in Seat}
        assert at[Seat.N][1] < at[Seat.W][1] == at[Seat.E][1] < at[Seat.S][1]
        assert at[Seat.W][0] < at[Seat.N][0] == at[Seat.S][0] < at[Seat.E][0]
    two = [q for q in COURSE[6].quiz().questions if len(q.picture.rows) == 2]  # 13-card hands, labels beside
    assert two
    for question in two:
        assert drawing.picture_height(question.picture, width) == 2 * (drawing.CARD_H + 3) < drawing.picture_height(question.picture)
        placed = drawn_at(question.picture, width)
        (north_x, north_y), (south_x, south_y) = (placed[label] for label, _ in question.picture.rows)
        assert north_x == south_x == 20 and north_y < south_y


def test_short_hands_stand_side_by_side_in_one_band_with_their_labels_beside():
    """Lesson 20's loser items show two short hands (♥K Q 9 and ♥A 8 5): side by side, each label
    on its left, they take one band, not two (the Japanese worksheet's third question then stays
    on page 1); 13-card hands, too wide for it, stay one under the other."""
    from teacher import drawing

    width = worksheet(COURSE[19]).inner_width - 9
    short = [q for q in COURSE[19].quiz().questions if len(q.picture.rows) == 2
             and all(len(cards) <= 5 for _, (_, cards) in q.picture.rows)]
    assert short
    for question in short:
        assert drawing.picture_height(question.picture, width) == drawing.CARD_H + 3
        placed = drawn_at(question.picture, width)
        (north_x, north_y), (south_x, south_y) = (placed[label] for label, _ in question.picture.rows)
        assert north_y == south_y and north_x < south_x
        assert drawing.free_room(question.picture, width) is None  # the answer's line goes under the hands, full width
    long = [q for q in COURSE[19].quiz().questions if any(len(cards) == 13 for _, (_, cards) in q.picture.rows)]
    assert long and all(drawing.picture_height(q.picture, width) == 2 * (drawing.CARD_H + 3) for q in long)


def test_a_trick_or_table_stands_beside_its_hands_and_the_boxes_beside_the_picture():
    """Lesson 11's items show the trick so far and your cards: the trick on the left, the hand on
    its right, the boxes to tick under the hand, all in the trick's height (they took 130 mm
    each, one under the other). Lesson 5's table of points and tricks stands right of its two
    hands, its label in two lines, in no more height than the hands take."""
    from teacher import drawing
    from teacher import worksheet as worksheet_module

    width = Sheet().inner_width - 9
    items = [q for q in COURSE[10].quiz().questions if [what for _, (what, _) in q.picture.rows] == ["trick_so_far", "hand"]]
    assert items
    for question in items:
        stacked = drawing.picture_height(question.picture)
        assert drawing.picture_height(question.picture, width) == drawing.TRICK_H + 5.5 + 3 < stacked - 30
        placed = drawn_at(question.picture, width)
        (trick_x, trick_y), (hand_x, hand_y) = (placed[label] for label, _ in question.picture.rows)
        assert trick_x == 20 and hand_x >= 20 + drawing.TRICK_W and trick_y == hand_y == 30
        left, top, room, tall = drawing.free_room(question.picture, width)
        assert left >= drawing.TRICK_W and top >= 5.5 + drawing.CARD_H and left + room == width
        boxes = []
        page = Sheet()
        page.add_page()
        page.rect = lambda x, y, w, h, *rest, **more: boxes.append((x, y, w))
        worksheet_module._question(page, 1, question)
        boxes = [(x, y) for x, y, w in boxes if round(w, 1) == 3.6]
        assert len(boxes) == len(question.options)
        assert all(page.l_margin + 9 + drawing.TRICK_W < x and y < page.get_y() - 5 for x, y in boxes)
    five = next(q for q in COURSE[4].quiz().questions if len(q.picture.rows) == 3)
    assert drawing.picture_height(five.picture, width) <= 2 * (5.5 + drawing.CARD_H + 3) + 7.5
    placed = drawn_at(five.picture, width)
    table_lines = [at for line, at in placed.items() if line not in {label for label, _ in five.picture.rows}]
    assert len(table_lines) == 2 and all(x > 20 + drawing.hand_width(five.picture.rows[0][1][1]) for x, _ in table_lines)


def test_a_japanese_sheet_prints_the_same_after_an_english_one():
    """Reader S: printed in the same run after an English sheet, lesson 22's Japanese labels were
    cut off by the cards (「あなたのカ」, 「パートナーが捨て」), because labels were measured on a
    page kept from the first language, with its fonts. Each language now measures on its own page."""
    from teacher import drawing

    lesson = COURSE[21]

    def japanese_text() -> str:
        messages.set_language("ja")
        minibridge.use_rules(minibridge.edition_rules("ja"))
        return text_of(pdf_bytes(practice_sheet(lesson))) + text_of(pdf_bytes(worksheet(lesson)))

    try:
        drawing._measuring_sheet_in.cache_clear()
        alone = japanese_text()
        drawing._measuring_sheet_in.cache_clear()
        messages.set_language("en")
        minibridge.use_rules(minibridge.edition_rules("en"))
        pdf_bytes(practice_sheet(lesson)), pdf_bytes(worksheet(lesson))
        assert japanese_text() == alone
        assert "パートナーが捨て" in alone
    finally:
        minibridge.use_rules(minibridge.edition_rules("en"))
        messages.set_language("en")


def printed_sheets(language):
    """Every lesson's worksheet and practice sheet in ``language`` (its scoring too), printed and
    read back: (lesson, the maker, its questions, a pypdf reader)."""
    messages.set_language(language)
    was = minibridge.use_rules(minibridge.edition_rules(language))
    try:
        for lesson in COURSE:
            for make, questions in ((worksheet, lesson.quiz().questions), (practice_sheet, lesson.practice_sheet())):
                yield lesson, make, questions, pypdf.PdfReader(io.BytesIO(pdf_bytes(make(lesson))))
    finally:
        minibridge.use_rules(was)
        messages.set_language("en")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_worksheet_leaves_its_last_question_alone_on_page_2(language):
    """Teacher: lesson 3's worksheet (English) printed four questions on page 1 and the fifth alone
    at the top of page 2, the rest of that page empty; lesson 20's (Japanese) its third question
    alone on page 2. Each question's block stays whole on one page, and a sheet of two pages keeps
    at least two questions on page 2: page 1 gives up its last question when it keeps two or more
    (lesson 3: three and two). Only a three-question sheet too tall for one page keeps two and one
    (trick pictures and 13-card hands: no room to save without smaller cards or a smaller space to
    write in). Short hands stand side by side, so lesson 20's three questions fit one page."""
    for lesson, make, questions, reader in printed_sheets(language):
        pages = []
        for page in reader.pages:
            found = []
            page.extract_text(visitor_text=lambda text, cm, tm, font, size: found.append(text) if size * tm[0] >= 7 else None)
            pages.append(squash("".join(found)))
        where = []
        for number, question in enumerate(questions, 1):
            start = f"{number}." + squash(without_readings(question.prompt))[:10]
            on = [i for i, page in enumerate(pages) if start in page]
            assert len(on) == 1, (language, lesson.number, make.__name__, start)
            where.append(on[0])
        counts = [where.count(i) for i in range(len(pages))]
        assert len(pages) <= 2 and all(counts), (language, lesson.number, make.__name__, counts)
        if len(pages) == 2:
            assert counts[1] >= 2 or counts[0] <= 2, (language, lesson.number, make.__name__, counts)
        if (lesson.number, make, language) == (20, worksheet, "ja"):
            assert len(pages) == 1


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_lessons_worksheet_and_practice_sheet_take_at_most_two_pages_in_type_a_child_reads(language):
    """A class of 30 gets each lesson's exit quiz and practice on paper: a third page is 30 sheets
    more. Lessons 2, 5, 11 and 15 took 3 (a trick and the hand that plays to it stood one under
    the other, 100 mm, and lesson 7 before them took 3 with its hands' labels above them); now a
    trick or a table stands beside the hands, the boxes to tick beside the picture, and no word
    got smaller: the questions are 12 pt, the rules under them and the pictures' labels 10 pt."""
    from teacher import drawing

    for lesson, make, questions, reader in printed_sheets(language):
        assert len(reader.pages) <= 2, (language, lesson.number, make.__name__, len(reader.pages))
        sizes = []
        for page in reader.pages:
            page.extract_text(visitor_text=lambda text, cm, tm, font, size: sizes.append((round(size * tm[0], 1), text)))
        said = [(size, squash(text)) for size, text in sizes if len(squash(text)) >= 8]
        prompts = squash(without_readings(" ".join(q.prompt for q in questions)))
        labels = squash(without_readings(" ".join(label for q in questions for label, _ in q.picture.rows)))
        rules = squash(without_readings(" ".join(q.rules_line or "" for q in questions)))
        boxes = squash(" ".join(label for q in questions for label, _ in q.options or ()))  # 11 pt
        where = (language, lesson.number, make.__name__)
        assert all(size >= 12 for size, text in said
                   if text in prompts and not any(text in other for other in (boxes, labels, rules))), where
        assert all(size >= 11 for size, text in said
                   if text in boxes and not any(text in other for other in (labels, rules))), where
        assert all(size >= 10 for size, text in said if text in labels or text in rules), where
        smallest = min(size for size, text in sizes if text.strip() and size >= 7)  # not the readings over kanji
        assert smallest >= 8, where  # the footer, and a trick's seats; everything else a pupil reads is 10 pt or more
    assert drawing.LABEL_SIZE == 10


# --- hand records --------------------------------------------------------------------------

def test_a_hand_record_shows_the_hands_dealer_declarer_contract_and_tricks(set_deals):
    lesson = set_deals(COURSE[4], [BOARD])
    text = text_of(pdf_bytes(hand_records(lesson)))
    flat = squash(text)
    deal = BOARD.deal
    for seat, hand in deal.hands.items():
        for suit in Suit:
            ranks = "".join(c.rank.symbol for c in hand if c.suit is suit)
            assert f"{suit.symbol}{ranks or '—'}" in flat
        assert f"{seat.word}·{hand.hcp}HCP" in flat
    declarer = minibridge.declarer(deal)
    coach = minibridge.suggest_contract(deal[declarer], deal[declarer.partner])
    assert f"Dealer:{deal.dealer.word}" in flat and f"Declarer:{declarer.word}" in flat
    assert squash(f"Played in: {BOARD.contract}") in flat and squash(f"contract: {coach.contract}") in flat
    assert squash(BOARD.why) in flat and squash(" ".join(coach.reasons)) in flat


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_trick_tables_hand_records_say_what_the_lesson_plays_and_solve_it(number):
    """Lessons 1-3 have no declarer: each record says all four play, names the trumps (from
    lesson 2, which teaches the word) and the leader, and gives each side's tricks with best play
    of the deal it prints (never "deal again"). A reader found lesson 1's records saying "Trumps:
    no trumps" and "No declarer, no dummy", words of lessons 2 and 4, on sheets helpers and
    children read."""
    lesson = next(lesson for lesson in COURSE if lesson.number == number)
    flat = squash(text_of(pdf_bytes(hand_records(lesson))))
    assert squash(say("desk_nobody_declares")) not in flat and squash(say("redeal")) not in flat
    assert flat.count(squash(say("desk_all_four_play"))) == len(lesson.deals)
    for word in ("declarer", "dummy") + (("trumps",) if number == 1 else ()):
        assert word not in flat.lower(), word
    expected = {"1B": (9, 4), "1C": (7, 6), "3A": (9, 4), "3B": (5, 8)}
    for board in lesson.deals:
        assert (squash(say("desk_trumps", trumps=board.contract)) in flat) is (number > 1)
        assert squash(say("desk_leads", seat=(board.leader or board.deal.dealer.left).word)) in flat
        if board.name in expected:  # the counts tests/lessons/test_lessons_1_4.py checks against the lessons
            ns, ew = expected[board.name]
            assert squash(say("desk_best_play_sides", ns=ns, ew=ew)) in flat, board.name
    assert say("desk_best_play") not in text_of(pdf_bytes(hand_records(lesson))), "no declarer's table"


def test_lesson_3s_hand_records_say_each_sides_tricks_once_and_without_the_solver_from_the_stored_figures(monkeypatch):
    """Reader ra: 3A's record said "with good play N–S take 9 tricks and E–W 4. More points, more
    tricks. With best play N–S take 9 tricks and E–W 4." (3B the same, its sides swapped): the
    deal's note says it once, and the solved line says it; without the solver the set deals'
    stored figures give the line, so no record loses the numbers."""
    from exercises.course import lesson_of
    from teacher import hand_record as records

    lesson = lesson_of(3)
    for board, (ns, ew) in zip(lesson.deals, [(9, 4), (5, 8)]):
        assert "take" not in board.why and "tricks and" not in board.why  # the note leaves the numbers to the line
        line = squash(say("desk_best_play_sides", ns=ns, ew=ew))
        assert squash(text_of(pdf_bytes(hand_records(lesson)))).count(line) == 1
    monkeypatch.setattr(records, "double_dummy", lambda deal: None)  # a computer without endplay
    flat = squash(text_of(pdf_bytes(hand_records(lesson))))
    assert all(squash(say("desk_best_play_sides", ns=ns, ew=ew)) in flat for ns, ew in [(9, 4), (5, 8)])


@pytest.mark.parametrize("solver", [True, False])
def test_lessons_1_and_2s_hand_records_say_each_sides_tricks_once_and_2A_gives_both_halves_of_the_class(solver, monkeypatch):
    """Reader sa: 1B's record said "with good play N-S take 9 tricks and E-W 4 ... With best play
    N-S take 9 tricks and E-W 4" (1C the same); 2A's said "Trumps: hearts" and gave the hearts'
    tricks alone, while half the class plays it in spades, and its note said "play it twice"
    where the plan has each table play it once. The note leaves the numbers to the solved lines;
    2A names both trump suits and solves both, with the solver or from the stored figures."""
    from exercises.course import lesson_of
    from teacher import hand_record as records

    if not solver:
        monkeypatch.setattr(records, "double_dummy", lambda deal: None)  # a computer without endplay
    expected = {"1A": [(None, 2, 1)], "1B": [(None, 9, 4)], "1C": [(None, 7, 6)], "2A": [("♥", 8, 5), ("♠", 11, 2)],
                "2B": [(None, 10, 3)]}
    for number in (1, 2):
        lesson = lesson_of(number)
        flat = squash(text_of(pdf_bytes(hand_records(lesson))))
        for board in lesson.deals:
            assert "good play" not in board.why and "best play" not in board.why, board.name
            for trumps, ns, ew in expected[board.name]:
                line = (say("desk_best_play_sides", ns=ns, ew=ew) if trumps is None else
                        say("desk_best_play_sides_in", trumps=records.contract_words(trumps), ns=ns, ew=ew))
                assert flat.count(squash(line)) == 1, (board.name, line)
    two_a = lesson_of(2).deals[0]
    assert two_a.also == "♠" and "3 tricks more" in two_a.why and 11 - 8 == 3
    flat = squash(text_of(pdf_bytes(hand_records(lesson_of(2)))))
    assert squash(say("desk_trumps_half", trumps=records.contract_words("♥"), other=records.contract_words("♠"))) in flat


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_hand_records_show_points_from_the_lesson_that_teaches_them(edition):
    """Reader sa: lesson 1's record printed "West · 1 HCP" beside three spades, two lessons before
    points: lessons 1 and 2 count tricks, so their records show each seat without points."""
    from cardlib import messages
    from exercises.course import lesson_of
    from exercises.glossary import TERMS

    was = messages.current_language()
    messages.set_language(edition)
    try:
        assert TERMS["hcp"].lesson.number == 3
        for number in (1, 2, 3):
            lesson = lesson_of(number)
            flat = squash(without_readings(text_of(pdf_bytes(hand_records(lesson)))))
            for board in lesson.deals:
                for seat, hand in board.deal.hands.items():
                    shown = squash(without_readings(f"{seat.word} · {say('render_hcp', points=hand.hcp)}"))
                    assert (shown in flat) == (number >= 3), (board.name, shown)
    finally:
        messages.set_language(was)


def test_double_dummy_tricks_are_endplays_and_printed_per_seat(set_deals):
    endplay = pytest.importorskip("endplay.dds")
    from endplay.types import Deal as EndplayDeal, Denom, Player

    deal = Deal.from_pbn(BOARD.pbn)
    ours = double_dummy(deal)
    theirs = endplay.calc_dd_table(EndplayDeal(BOARD.pbn.replace("10", "T")))
    denoms = (Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs)
    players = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    flat = squash(text_of(pdf_bytes(hand_records(set_deals(COURSE[4], [BOARD])))))
    for seat in Seat:
        row = [theirs[d, players[seat]] for d in denoms]
        assert [ours[seat, d] for d in (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == row
        assert seat.name + "".join(map(str, row)) in flat


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_hand_records_corner_lines_keep_inside_the_page_and_clear_of_the_hands(language):
    """The facts in the top right corner wrap inside the last column and end above East's name
    (the Japanese "coach's contract: no trumps partscore" ran 20 mm past the right margin, lessons
    1-3's "no declarer, no dummy" line off the page), and the caption of the table of tricks with
    best play ends before South's name (the Japanese one ran into it)."""
    from teacher import drawing, hand_record

    messages.set_language(language)
    try:
        sheet = Sheet()
        sheet.add_page()
        placed = []
        sheet.coloured_line = lambda line, x, y, height, size, style="", *rest, **more: placed.append(
            (line, x, y, height, size, style)) or 0
        right, block = sheet.l_margin + sheet.inner_width, drawing.block_height(sheet)
        for lesson in COURSE:
            for board in lesson.deals:
                placed.clear()
                hand_record._top_right(sheet, board, hand_record.facts(board), right - hand_record.COLUMN, 0)
                for line, x, y, height, size, style in placed:
                    sheet.set_font("sans", style, size)
                    assert x + sheet.get_string_width(line) <= right + 0.01, (board.name, line)
                    assert y + height <= block - 0.5, (board.name, line)
        sheet.set_font("sans", "B", 8)
        assert sheet.get_string_width(say("desk_best_play")) <= hand_record.COLUMN - 4
    finally:
        messages.set_language("en")


def test_a_manille_set_deal_shows_card_points_and_no_bridge_facts(set_deals):
    deal = manille.deal(seed=4, dealer="N")
    board = SetDeal("14A", deal.to_pbn(), "manille", "Count the card points.", contract="♥ hearts")
    flat = squash(text_of(pdf_bytes(hand_records(set_deals(COURSE[8], [board])))))
    for seat, hand in deal.hands.items():
        assert squash(f"{seat.word} · {manille.pile_points(hand)} card points") in flat
    assert "Declarer" not in flat and "Trumps:♥hearts" in flat and double_dummy(deal) is None


def test_a_lesson_without_set_deals_prints_no_hand_records_or_curtain_cards(set_deals):
    lesson = set_deals(COURSE[0], [])
    for make in (hand_records, curtain_cards):
        with pytest.raises(CardError, match="no set deals, so there are no hand records"):
            make(lesson)
    assert not [p.name for p in pack.printouts(course=[lesson]) if "hand-records" in p.name or "curtain" in p.name]
    bare = [lesson.number for lesson in COURSE if not lesson.deals]
    assert bare and not [p.name for p in pack.printouts() if any(f"lesson-{n:02d}-hand" in p.name
                                                               or f"lesson-{n:02d}-curtain" in p.name for n in bare)]


def test_each_set_deals_note_is_in_the_catalogue_as_the_course_writes_it_and_in_japanese_by_the_clubs_scores():
    """The hand records print a set deal's note from the catalogue (so the Japanese pack has it in
    Japanese): a note changed in the course must be changed there too, or the pack prints the course's."""
    from cardlib import messages

    deals = [deal for deals in SET_DEALS.values() for deal in deals]
    english, japanese = messages.texts("en"), messages.texts("ja")
    assert {d.name: english.get(f"desk_why_{d.name}") for d in deals} == {d.name: d.why for d in deals}
    assert all(japanese.get(f"desk_why_{d.name}") for d in deals)
    # the club's scores: a game bonus of 500, 100 a trick short in the other side's column (no minus)
    assert "30 × 4 + 500 = 620" in japanese["desk_why_6A"] and "東西に 100 × 2 = 200" in japanese["desk_why_6B"]
    assert "東西に 100 × 3 = 300" in japanese["desk_why_11B"] and "620" in japanese["desk_why_12A"]
    assert not any(re.search(r"(?<![0-9 ])[−-]\d", japanese[f"desk_why_{d.name}"]) for d in deals)
    assert not any(re.search(r"\b(?:420|300 =|50 = 100)\b", japanese[f"desk_why_{d.name}"]) for d in deals)


# --- score sheets, glossary, contract card, certificates ----------------------------------

@pytest.mark.parametrize("rules, make", [("ebu", schools_score_sheet), ("club", club_score_sheet)])
def test_score_sheets_give_the_rules_and_a_worked_example_and_leave_the_sums_to_the_pupils(rules, make):
    preset = minibridge.scoring_rules(rules)
    flat = squash(text_of(pdf_bytes(make())))
    assert f"{preset.game_bonus}forgame" in flat and str(minibridge.score("♠ game", 10, preset)) in flat
    assert squash(minibridge.score_working("♠ game", 10, preset, declarer="S")) in flat
    assert squash(say("desk_example_sum", over=4, each=30, bonus=preset.game_bonus)) in flat
    # no ready-reckoner: no other contract's score is printed for the pupils to copy
    others = {minibridge.score(c, t, preset) for c in minibridge.CONTRACTS for t in range(c.tricks_needed, 14)}
    others -= {minibridge.score("♠ game", 10, preset), minibridge.trick_points(Suit.SPADES, 4), preset.game_bonus,
               preset.partscore_bonus}  # the example line and its working
    assert not [n for n in others if f"{n}" in flat and n > 100], sorted(n for n in others if f"{n}" in flat)


def test_the_manille_sheet_plays_to_the_target_with_its_example_worked():
    flat = squash(text_of(pdf_bytes(manille_score_sheet())))
    example = manille.ManilleResult.from_points(Side.NS, 38, 2)
    assert f"firstto{manille.ManilleRules().target}" in flat and squash(example.words) in flat
    assert f"({manille.pile_points(manille.PACK)}inthepack)" in flat


def test_the_glossary_holds_every_word_and_the_contract_card_the_rules_numbers():
    flat = squash(text_of(pdf_bytes(glossary_sheet())))
    for term in GLOSSARY:
        word, meaning, example = term
        assert squash(word) in flat and squash(meaning) in flat and squash(example) in flat
        # each word with the lesson whose "New words" box brings it in, beside it
        assert squash(word) + squash(say("desk_glossary_lesson", number=term.lesson.number)) in flat, word
    card = squash(text_of(pdf_bytes(contract_card())))
    assert f"{minibridge.GAME_POINTS}ormore:promiseagame" in card
    for contract, tricks in (("NT game", 9), ("♠ game", 10), ("♣ game", 11), ("♥ partscore", 7)):
        assert minibridge.Contract.parse(contract).tricks_needed == tricks and f"{tricks}tricks" in card


def test_certificates_carry_each_name_and_one_blank():
    data = pdf_bytes(certificates(COURSE[2], ["Aiko", "ゆうき"]))
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    assert len(texts) == 3 and "Aiko" in texts[0] and "ゆうき" in texts[1]
    assert all("Lesson 3: Points" in t for t in texts) and "Aiko" not in texts[2]


# --- curtain cards and the passport ------------------------------------------------------

def test_the_japanese_certificate_hand_records_and_worksheet_are_written_as_a_japanese_school_writes_them():
    from cardlib import messages
    from tests.japanese_tools import english_left
    messages.set_language("ja")
    try:
        certificate = text_of(pdf_bytes(certificates(COURSE[5], ["アイコ"])))
        records_text = text_of(pdf_bytes(hand_records(COURSE[5])))
        records = squash(records_text)
        sheet = text_of(pdf_bytes(worksheet(COURSE[5])))
    finally:
        messages.set_language("en")
    assert certificate.count("修了証") == 2 and "アイコ さん" in certificate and "さん" in certificate.split("アイコ さん")[1]
    assert "そして" not in certificate
    assert "30×4+500=620点" in records and "コントラクト：子どもが決めます" in records
    assert all(seat in records for seat in "北東南西") and english_left(records_text) == []
    assert sheet.count("式：") == sheet.count("答え：") == 3  # lesson 6's quiz in a 45-minute class: three scores to work out


def test_curtain_cards_give_each_seat_a_slip_with_its_cards_in_suit_order_after_the_starter(set_deals):
    other = SET_DEALS[4][0]  # a deal of the course, dealt by another seat
    lesson = set_deals(COURSE[4], [BOARD, other])
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson))))
    starter, *slip_pages = [page.extract_text() for page in reader.pages]
    assert squash(say("desk_curtain_before_heading")) in squash(starter)  # lesson 5's plan: boards dealt before the lesson
    assert squash(say("desk_curtain_step_find")) in squash(starter)
    assert squash(say("desk_curtain_check_whole", boards="", sum="4 × 13 = 52")) in squash(starter)
    assert len(slip_pages) == 2  # two deals: a page each
    slips = squash("".join(slip_pages))
    for board in (BOARD, other):
        deal = board.deal
        for seat in Seat:
            rows = "".join(f"{suit.symbol}{''.join(c.rank.symbol for c in deal.pack.in_order(deal[seat]) if c.suit is suit) or '—'}"
                           for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
            head = squash(f"{say('desk_board', name=board.name)} · {seat.word}")
            dealer = re.escape(squash(say("desk_curtain_dealer"))) if seat == deal.dealer else ""
            assert re.search(re.escape(head) + dealer + re.escape(rows), slips), (board.name, seat)
    assert slips.count(squash(say("desk_curtain_dealer"))) == 2  # one dealer a deal


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_curtain_cards_first_page_says_what_the_plan_says_about_making_up_the_boards(edition):
    """Reader M: the first page said "5-minute starter: make up the boards … so nobody sorts them
    before the lesson" while the plans of lessons 5 and 11 say "deal the boards before the lesson".
    The page follows the plan: the starter where the plan has time for it, else before the lesson."""
    from cardlib import messages
    from exercises.plans import MAKE_UP_A_BOARD, SORT_A_BOARD, plan_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        said = set()
        for lesson in COURSE:
            if not any(b.table == "minibridge" for b in lesson.deals):
                continue
            plan = plan_of(lesson)
            first = squash(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson)))).pages[0].extract_text())
            starter = squash(without_readings(say("desk_curtain_starter_heading", make=MAKE_UP_A_BOARD)))
            before = squash(without_readings(say("desk_curtain_before_heading")))
            if plan.tables_make_up_boards:
                assert starter in first and before not in first, lesson.number
                # reader ra: the heading's 5-minute starter and the plan's "3 minutes more" agree, said so
                assert plan.made_up_at_tables == MAKE_UP_A_BOARD - SORT_A_BOARD == 5 - 2, lesson.number
                minutes = {"en": f"{MAKE_UP_A_BOARD} minutes where taking the hands out of a board dealt before takes "
                                 f"{SORT_A_BOARD}, so {plan.made_up_at_tables} minutes more",
                           "ja": f"カードを出すだけなら{SORT_A_BOARD}分なので、{plan.made_up_at_tables}分ふえて"}[edition]
                assert squash(minutes) in first, lesson.number
            else:
                assert before in first and starter not in first, lesson.number
            said.add(plan.tables_make_up_boards)
        assert False in said  # lessons 5 and 11 among them
        assert not plan_of(5).tables_make_up_boards and not plan_of(11).tables_make_up_boards
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_curtain_cards_first_page_names_the_boards_the_plan_plays_in_class_and_checks_each_by_its_own_count(edition):
    """Reader O: lesson 1's page checked every board as a whole pack ("4 × 13 = 52. No card left
    over means no mistake") though board 1A holds 12 spades, listed 1C (a club deal) among
    today's boards, and lessons 3-6 listed every deal with no count. The page now names the
    boards the plan plays in class and how many of each, which add up to the plan's packs; the
    other deals are for a club session or home; and a board of part of a pack is checked as
    4 × 3 = 12. Lesson 1's 1A is in 1B's hands (each hand's spades), so it has no board of its own:
    the page says so instead of naming 1A boards, and the boards add up to 7 packs, one a table."""
    from cardlib import messages
    from exercises.plans import plan_of

    def plain(text: str) -> str:
        return squash(without_readings(text))

    was = messages.current_language()
    messages.set_language(edition)
    try:
        for lesson in COURSE[:6]:
            plan = plan_of(lesson)
            made_up = [(d, n) for d, n in plan.class_boards if d not in plan.inside_boards]
            assert sum(n for _, n in made_up) == plan.packs, lesson.number
            first = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson)))).pages[0].extract_text()))
            today = plain(say("desk_curtain_and").join(say("desk_curtain_boards", board=f"{lesson.number}{d}", count=n)
                                                        for d, n in made_up))
            assert any(f"{a}{today}{b}" in first for a, b in (("(", ")"), ("（", "）"), ("are", "."), ("は", "です"))), (lesson.number, today)
            later = say("desk_curtain_and").join(f"{lesson.number}{deal}" for deal in plan.later_boards)
            assert (plain(say("desk_curtain_later", boards=later)) in first) == bool(later), lesson.number
        assert plan_of(6).class_boards == [("A", 4), ("B", 3)] and plan_of(1).later_boards == ["C"]
        first = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(COURSE[0])))).pages[0].extract_text()))
        twelve = plain(say("desk_curtain_sum", cards=3, total=12))
        # 1A has no board and no slips, so the steps count only the whole packs (a helper would make 1A boards)
        assert twelve not in first and ("4×13=52" in first or "13×4=52" in first)
        check = plain(say("desk_curtain_check_part", boards=say("desk_curtain_of_boards", boards="1A"), sum=twelve))
        short = plain(say("desk_curtain_inside_board", board="1A", whole="1B", total=12, high="♠A", low="♠3"))
        if edition == "ja":  # the page prints each line's readings after it: compare up to the first ruby
            check = check[:check.index("分で") + 2]
        assert check not in first and short in first and plan_of(1).packs == 7 and plan_of(1).inside_boards == {"A": "B"}
        assert plain(say("desk_curtain_boards", board="1A", count=7)) not in first
        from teacher.curtain_cards import _checks
        assert "。 " not in _checks(SET_DEALS[1])[0]  # Japanese sentences follow one another with no space
        # the spade suit of board 1A is all it holds: 12 cards, ♠A down to ♠3, none left for 52
        board = COURSE[0].deals[0]
        assert sorted({c.suit for h in board.deal.hands.values() for c in h}) == [Suit.SPADES]
        assert sum(len(h) for h in board.deal.hands.values()) == 12
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_curtain_cards_first_page_gives_the_plans_own_reason_to_deal_before_the_lesson(edition):
    """A club teacher read lesson 13's curtain cards in Japanese: made up at the tables the boards
    would take 「45分のうち44分」, which reads as fitting, and the plan's reason (no spare minutes
    for a late start and tidying up) was left off. The first page now says the plan's cards line's
    own words, for each lesson whose boards are dealt before the lesson."""
    from exercises.plans import plan_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        before = [lesson for lesson in (COURSE[0], COURSE[12]) if not plan_of(lesson).tables_make_up_boards]
        assert [lesson.number for lesson in before] == [1, 13]
        for lesson in before:
            reason = plan_of(lesson).made_up_reason
            assert reason and reason in plan_of(lesson).lines()[3]
            first = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson)))).pages[0].extract_text()))
            assert squash(without_readings(reason)) in first, (lesson.number, reason, first)
        if edition == "ja":
            assert "おくれてはじまるときとかたづけのための2分がのこりません" in plan_of(13).made_up_reason
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_curtain_cards_first_page_says_to_print_the_slips_once_a_board(edition):
    """Reader sa: lesson 1's page asked for 7 boards of 1A and 7 of 1B, each keeping its four slips
    in its pockets, but printed one set of slips and never said to print more: a teacher who
    printed the pack once had slips for one table."""
    from cardlib import messages
    from exercises.plans import plan_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        for lesson in [*COURSE[:6], lesson_of(22)]:
            plan = plan_of(lesson)
            counts = [(f"{lesson.number}{d}", n) for d, n in plan.class_boards]
            copies = max((n for _, n in counts), default=1)
            first = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson)))).pages[0].extract_text()))
            line = squash(without_readings(say("desk_curtain_copies", copies=copies)))
            line = line[:line.index("印刷")] if edition == "ja" else line  # the page prints each line's readings after it
            each = len({n for _, n in counts}) > 1  # readers: "print 4 times" made one board of 22B too many (3 needed)
            assert (line in first) == (copies > 1 and not each), (lesson.number, copies)
            for board, n in counts:
                assert (squash(say("desk_curtain_copies_board", board=board, count=n)) in first) == each, (lesson.number, board)
        assert max(n for _, n in plan_of(1).class_boards) == 7 and plan_of(22).class_boards == [("A", 4), ("B", 3)]  # 1B's boards (1A is played from them)
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_each_page_of_slips_holds_one_boards_four_slips(edition):
    """Reader: the first page says to print today's boards' slips 7 times (lesson 1) or 9A 4 times
    and 9B 3 times (lesson 9), and a teacher prints pages; but lesson 1's second page held 1C's
    slips with 1B's (1C is for a club session or home) and lesson 9's pages 9A's with half of 9B's.
    After the teacher's page each page holds the four slips of one board, every board made up has
    its page, and the first page says so (a board a page) wherever it says how often to print."""
    from exercises.plans import plan_of

    messages.set_language(edition)
    try:
        for lesson in (lesson for lesson in COURSE if lesson.deals):
            plan = plan_of(lesson)
            made_up = [b for b in lesson.deals if b.name[-1] not in plan.inside_boards]
            first, *slips = [squash(without_readings(page.extract_text()))
                             for page in pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(lesson)))).pages]
            heads = {b.name: [squash(f"{say('desk_board', name=b.name)} · {seat.word}") for seat in b.deal.hands]
                     for b in lesson.deals}
            assert not any(head in first for names in heads.values() for head in names), lesson.number
            on_pages = [[name for name, names in heads.items() if any(head in page for head in names)] for page in slips]
            assert on_pages == [[b.name] for b in made_up], (edition, lesson.number, on_pages)
            for page, board in zip(slips, made_up):
                assert all(head in page for head in heads[board.name]), (edition, board.name)
            a_page = squash(without_readings(say("desk_curtain_copies", copies=7)))
            a_page = a_page[:a_page.index("印刷")] if edition == "ja" else a_page
            a_page = a_page[:a_page.index("ページ") + 3] if edition == "ja" else a_page[:a_page.index(".") + 1]
            counts = {n for d, n in plan.class_boards if d not in plan.inside_boards}
            assert (a_page in first) == (max(counts) > 1), (edition, lesson.number)  # "a page of their own"
    finally:
        messages.set_language("en")


@pytest.mark.parametrize("number, scripted", [(7, ("7A", "7B")), (8, ("8A", "8B")), (9, ("9A", "9B")), (11, ("11A", "11B")), (20, ("20A", "20B")), (22, ("22A", "22B"))])
def test_the_curtain_cards_tell_each_seat_the_cards_it_plays_before_the_pupils_question(number, scripted):
    """A table with real cards plays the tricks the screen plays: each scripted card is on the
    slip of the seat holding it, at its trick, and dummy's also on declarer's, who plays it:
    declarer's two cards of a trick on one line ("Trick 3: lead the ♠K, then dummy's ♠5.")."""
    lesson = COURSE[number - 1]
    text = squash(text_of(pdf_bytes(curtain_cards(lesson))))
    assert tuple(board.name for board in lesson.deals if board.script) == scripted
    for board in (b for b in lesson.deals if b.script):
        deal, lines = board.deal, first_cards(board)
        declarer = minibridge.declarer(deal)
        script = [Card(name) for name in board.script.split()]
        for i, card in enumerate(script):
            holder = next(seat for seat in Seat if card in deal[seat].cards)
            verb = "lead" if i % 4 == 0 else "play"
            trick = f"Trick {i // 4 + 1}:"
            if holder == declarer.partner:
                assert say("desk_curtain_dummy_card", trick=i // 4 + 1, card=card) in lines[holder], (board.name, card)
            elif holder != declarer:
                assert say(f"desk_curtain_{verb}", trick=i // 4 + 1, card=card) in lines[holder], (board.name, card)
            if holder in (declarer, declarer.partner):  # declarer's line of that trick names it, dummy's as dummy's
                mine = [line for line in lines[declarer] if line.startswith(trick + " ")]
                assert len(mine) == 1 and str(card) in mine[0], (board.name, card, lines[declarer])
                assert (f"dummy's {card}" in mine[0]) == (holder == declarer.partner), mine
        tricks = {i // 4 for i, card in enumerate(script) if card in deal[declarer].cards or card in deal[declarer.partner].cards}
        assert len(lines[declarer]) == len(tricks), (board.name, lines[declarer])
        assert sum(map(len, lines.values())) == len(script) + len(tricks) - sum(card in deal[declarer].cards for card in script)
        for seat, mine in lines.items():
            head = squash(f"{say('desk_board', name=board.name)} · {seat.word}")
            for line in mine:  # on that seat's own slip: no other slip's heading between
                assert re.search(re.escape(head) + "[^·]*" + re.escape(squash(line)), text), (head, line)
    assert not any(first_cards(board) for n in SET_DEALS if n not in (7, 8, 9, 11, 20, 22) for board in SET_DEALS[n])


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_curtain_cards_give_the_cards_after_the_pupils_answer_that_the_lesson_plays(edition):
    """Teacher: 11A's slips stopped at trick 2's ♦5 lead. After East's ♦7 the screen plays dummy's
    ♦2 and West's ♦3, and East's ♠Q next (the set deal's replies), but the slips of dummy and West
    said nothing, and a table with real cards did not know what to play: a West who took the ♦Q
    over partner's ♦7 lost the lesson's trick. Every set deal with replies (11A, 22A, 22B) prints,
    on each other seat's slip, "If East plays the ♦7 at trick 2:" and that seat's cards of the
    lesson's tricks; the pupil's slip keeps its question and answer off (11A's East gets only its
    lead after winning trick 2, as the page's answer and the notes say). The cards are played by
    cardlib, and the solver bears out what the lines show: 11A, 8 tricks for the defenders after
    the ♦7 and the ♠Q (the ♠9 lead gives 5, the ♦A at trick 2 also 5); 22A, 10 for South after
    the ♥5 (9 after the cover); 22B, 8 for South after the ♠5. The slips still fit: one page a board."""
    from cardlib.analysis import card_tricks
    from exercises.plans import plan_of
    from teacher import curtain_cards as cards
    from teacher.curtain_cards import defenders_next, next_cards, questioned

    with_replies = [b for n in SET_DEALS for b in SET_DEALS[n] if b.replies]
    assert [b.name for b in with_replies] == ["11A", "22A", "22B"]

    def played(board, line):
        deal = board.deal
        game = minibridge.start_play(deal, minibridge.declarer(deal), board.contract)
        for card in line.split():
            game.play(Card(card))
        return game

    def side_tricks(board, line, side):  # the side's tricks with best play from here
        game = played(board, line)
        best = card_tricks(game)
        return max(best.values()) if game.to_play.side == side else len(game.deal[Seat.N]) - max(best.values())

    eleven = with_replies[0]
    after = played(eleven, f"{eleven.script} ♦7 ♦2 ♦3")
    tricks = {str(c): t for c, t in card_tricks(after).items()}
    assert after.to_play == Seat.E and tricks["♠Q"] == 8 and tricks["♠9"] == 5
    assert side_tricks(eleven, f"{eleven.script} {eleven.replies[0]}", Side.EW) == 8
    assert side_tricks(eleven, f"{eleven.script} ♦A", Side.EW) == 5
    twenty_two_a, twenty_two_b = with_replies[1:]
    for reply in twenty_two_a.replies:
        assert side_tricks(twenty_two_a, f"{twenty_two_a.script} {reply}", Side.NS) == 10
    assert side_tricks(twenty_two_a, f"{twenty_two_a.script} ♥K", Side.NS) == 9
    assert side_tricks(twenty_two_b, f"{twenty_two_b.script} {twenty_two_b.replies[0]}", Side.NS) == 8

    messages.set_language(edition)
    try:
        for number in (11, 22):
            lesson = COURSE[number - 1]
            for paper in ("a4", "letter"):
                made_up = [b for b in lesson.deals if b.name[-1] not in plan_of(lesson).inside_boards]
                feet = []  # each slip's words end above the cut line under it (two rows of slips a page)
                with pytest.MonkeyPatch.context() as patch:
                    def measured(sheet, board, seat, x, y, width, dealer_taught=True, slip=cards._slip):
                        slip(sheet, board, seat, x, y, width, dealer_taught)
                        feet.append(sheet.get_y() - y)
                    patch.setattr(cards, "_slip", measured)
                    sheet = curtain_cards(lesson, paper)
                assert sheet.page_no() == 1 + len(made_up), (edition, paper, number)
                assert max(feet) < (sheet.bottom - sheet.t_margin) / 2, (edition, paper, number, max(feet))
            text = squash(without_readings(text_of(pdf_bytes(curtain_cards(lesson)))))
            for board in (b for b in lesson.deals if b.replies):
                pupil, said = questioned(board), next_cards(board)
                answers = {line.split()[0] for line in board.replies}
                assert not said[pupil]
                for seat in Seat:
                    head = re.escape(squash(f"{say('desk_board', name=board.name)} · {seat.word}"))
                    slip = re.search(head + "[^·]*", text).group(0)  # that seat's slip, to the next heading
                    if seat == pupil:  # the answer's card is the pupil's to find: not named below the hand
                        below = slip.split(squash(say("desk_curtain_count", count=len(board.deal[seat]))))[-1]
                        assert not any(a in below for a in answers), (board.name, below)
                        continue
                    assert [heading for heading, _ in said[seat]] == [  # the page's answer: the first line's card
                        say("desk_curtain_reply_if", seat=pupil.word, card=board.replies[0].split()[0],
                            trick=len(board.script.split()) // 4 + 1)]
                    for heading, lines in said[seat]:
                        assert lines and re.search(re.escape(squash(heading)) + "".join(re.escape(squash(line)) for line in lines)
                                                   + re.escape(squash(say("desk_curtain_reply_else", seat=pupil.word))), slip), (seat, slip)
            if number == 11:  # the old slips: nothing after trick 2's ♦5 for dummy or West, nothing for East after its lead
                slips = {seat: re.search(re.escape(squash(f"{say('desk_board', name='11A')} · {seat.word}")) + "[^·]*", text).group(0)
                         for seat in Seat}
                assert squash(say("desk_curtain_play", trick=2, card=Card("♦3"))) in slips[Seat.W]
                assert squash(say("desk_curtain_play", trick=3, card=Card("♠3"))) in slips[Seat.W]
                assert squash(say("desk_curtain_dummy_card", trick=2, card=Card("♦2"))) in slips[Seat.S]
                assert squash(say("desk_curtain_play_dummy", trick=2, card=Card("♦2"))) in slips[Seat.N]
                assert squash(say("desk_curtain_play_dummy_then", trick=3, card=Card("♠10"), dummy=Card("♠6"))) in slips[Seat.N]
                assert squash(without_readings(defenders_next(eleven, Seat.E))) in slips[Seat.E]
    finally:
        messages.set_language("en")


@pytest.mark.parametrize("number, order, sum_", [(14, "10AKQJ987", "4×8=32"), (5, "AKQJ1098765432", "4×13=52")])
def test_the_curtain_card_starter_uses_the_games_own_pack_and_order(number, order, sum_):
    starter = squash(pypdf.PdfReader(io.BytesIO(pdf_bytes(curtain_cards(COURSE[number - 1])))).pages[0].extract_text())
    assert order in starter and sum_ in starter
    other = {"10AKQJ987": "AKQJ109", "AKQJ1098765432": "10AKQJ987"}[order]
    assert other not in starter and ("4×13=52" in starter) == (number == 5)
    assert (squash(say("desk_curtain_manille_pack")) in starter) == (number == 14)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_a_manille_dealers_slip_names_the_deals_trumps_and_fits_the_slip(edition):
    """Reader se: 16A's West slip said only "You are the dealer", and the notes asked the teacher
    to tell seven Wests to name clubs; a West who forgot changed South's tap question. In Manille the
    dealer names trumps (cardlib's Round asks the dealer first), so the dealer's slip of a set deal
    with a trump suit (15A, 16A) names it, and the line fits inside the slip's cut lines."""
    from teacher.curtain_cards import COLUMNS, dealers_trumps
    from teacher.hand_record import contract_words

    messages.set_language(edition)
    try:
        for number in (14, 15, 16):
            lesson = COURSE[number - 1]
            text = squash(words_of(pdf_bytes(curtain_cards(lesson))))
            sheet = Sheet("a4", None, "")
            sheet.set_font("sans", "", 11)
            room = sheet.inner_width / COLUMNS - 2 * 5  # the slip's width less its two 5 mm pads
            for board in lesson.deals:
                suit = board.contract if board.contract not in ("", "no trumps") else ""
                if suit:
                    rnd = manille.Round(board.deal)
                    assert rnd.phase == "trumps" and rnd.to_call == board.deal.dealer  # the dealer names trumps
                    rnd.name_trumps(suit)
                    assert rnd.tapping_side is not board.deal.dealer.side  # then the other pair may tap
                words = say("desk_curtain_dealer_trumps", trumps=contract_words(suit)) if suit else ""
                assert dealers_trumps(board) == (contract_words(suit) if suit else ""), board.name
                if suit:
                    assert squash(without_readings(words)) in text, board.name
                    assert sheet.get_string_width(without_readings(words)) <= room, words
            assert ("16A" in text) == (number == 16)
        assert squash(without_readings(say("desk_curtain_dealer_trumps", trumps=contract_words("♣")))) in \
            squash(words_of(pdf_bytes(curtain_cards(COURSE[15]))))  # 16A's West: clubs
    finally:
        messages.set_language("en")


def test_the_passport_lists_the_courses_table_skills_for_each_pupil_and_blank_cards():
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(passport(names=["Aiko", "Ben", "Chen", "Dara", "Eli"]))))
    assert len(reader.pages) == 2  # four cards a page: five names and three blank cards
    text = squash(text_of(pdf_bytes(passport(names=["Aiko", "Ben", "Chen", "Dara", "Eli"]))))
    assert len(PASSPORT_SKILLS) == 6
    for skill in PASSPORT_SKILLS:
        assert text.count(squash(say(f"passport_skill_{skill}"))) == 8, skill
    assert all(text.count(name) == 1 for name in ("Aiko", "Ben", "Chen", "Dara", "Eli"))
    assert text.count(squash(say("desk_passport_title"))) == 8


def test_the_manille_strip_shows_cardlibs_order_over_its_card_points():
    text = squash(text_of(pdf_bytes(manille_strip())))
    order = "".join(rank.symbol for rank in manille.PACK.ranks)
    points = "".join(str(manille.card_points(f"♠{rank.symbol}")) for rank in manille.PACK.ranks)
    assert (order, points) == ("10AKQJ987", "54321000")
    assert text.count(squash(say("desk_strip_card")) + order) == 4 and text.count(squash(say("desk_strip_points")) + points) == 4


def test_the_poster_asks_the_two_questions_and_the_mat_puts_trumps_on_dummys_right():
    poster = squash(text_of(pdf_bytes(trick_poster())))
    assert squash(say("desk_poster_q1")) in poster and squash(say("desk_poster_q2")) in poster
    assert poster.index(squash(say("desk_poster_q1"))) < poster.index(squash(say("desk_poster_q2")))
    mat = pdf_bytes(dummy_mat())
    page = pypdf.PdfReader(io.BytesIO(mat)).pages[0]
    found = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: found.append((tm[4], text)) if text.strip() else None)
    suits = [x for x, text in found if text.strip() == say("desk_mat_suit")]
    trumps = [x for x, text in found if text.strip().startswith("Trumps here")]
    assert len(suits) == 3 and len(trumps) == 1 and trumps[0] > max(suits)  # the rightmost column, as dummy sits


def test_the_class_results_sheet_has_a_page_a_minibridge_deal_with_a_row_a_table(set_deals):
    manille_deal = next(board for boards in SET_DEALS.values() for board in boards if board.table == "manille")
    boards = [BOARD, SET_DEALS[4][0], manille_deal]
    lesson = set_deals(COURSE[4], boards)
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson))))
    assert len(reader.pages) == 2  # the Manille deal has no contract to compare
    for page, board in zip(reader.pages, boards):
        text = squash(page.extract_text())
        assert squash(say("desk_results_board", name=board.name)) in text
        assert squash(" ".join(say(k) for k in ("desk_results_table", "desk_results_contract", "desk_results_declarer",
                                                  "desk_results_tricks"))) in text
        assert "12345678910" in text
    assert "lesson-05-class-results" in [p.name for p in pack.printouts(course=[lesson])]
    assert "lesson-01-class-results" not in [p.name for p in pack.printouts(course=[set_deals(COURSE[0], [])])]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_4s_hand_records_say_the_trumps_and_tricks_the_class_plays_and_no_coach(edition):
    """Reader hd: 4A's record said "Played in: NT partscore" beside "The coach's contract: NT
    game", with no word of why; lesson 4 plays the deal as given (the coach chooses in lesson 5)."""
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        lesson = lesson_of(4)
        text = squash(" ".join(page.extract_text() for page in
                               pypdf.PdfReader(io.BytesIO(pdf_bytes(hand_records(lesson)))).pages))
        assert not re.search(r"partscore|パートスコア|coach|コーチ|contract|コントラクト", text, flags=re.I), text
        trumps = {"4A": say("no_trumps"), "4B": f"♠ {Suit.SPADES.word}", "4C": f"♥ {Suit.HEARTS.word}"}
        for board in lesson.deals:
            needed = minibridge.Contract.parse(board.contract).tricks_needed
            assert needed == 7
            at = text.index(squash(say("desk_board", name=board.name)))
            assert squash(say("desk_trumps", trumps=trumps[board.name]) + say("desk_tricks_to_take", tricks=7)) \
                in text[at:at + 120], board.name
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_4s_results_sheet_compares_declarers_not_contracts(edition):
    """Reader hd: lesson 4's sheet had a "Contract" column and asked for "two tables that played
    the same contract", when every table plays the deal it is given and "contract" is lesson 5's
    word: it records who declared, the first card led and the tricks."""
    from cardlib import messages
    from exercises.course import lesson_of
    from exercises.glossary import TERMS

    assert TERMS["contract"].taught_in == 5
    was = messages.current_language()
    messages.set_language(edition)
    try:
        text = squash(" ".join(page.extract_text() for page in
                               pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(4))))).pages))
        assert not re.search(r"contract|コントラクト|partscore|パートスコア", text, flags=re.I), text
        for key in ("desk_results_declarer", "desk_results_first_lead", "desk_results_how_declarer",
                    "desk_results_compare_same_declarer", "desk_results_compare_tricks_1"):
            assert squash(say(key)) in text, key
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_the_class_results_sheet_asks_for_scores_only_once_scoring_is_taught(edition):
    """Reader M: lesson 5's sheet asked "N–S score", "E–W score" and "Which table scored the most
    for N–S?" (JA 「両方のペアの得点」); scoring is lesson 6, and lesson 5's plan records each
    table's contract and tricks."""
    from cardlib import messages
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        texts = {n: squash(" ".join(page.extract_text() for page in
                                    pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(n))))).pages))
                 for n in (5, 6)}
        if edition == "en":
            score_words = [squash(say(k)) for k in ("desk_results_ns", "desk_results_ew", "desk_results_how",
                                                    "desk_results_compare_1", "desk_results_compare_3")]
            assert squash(say("desk_results_how_tricks")) in texts[5]
            assert squash(say("desk_results_compare_tricks_2")) in texts[5]
        else:
            score_words = ["得点"]  # the score, in every score line of the Japanese sheet
            assert "トリックがいちばん多かった" in texts[5]
        assert not [w for w in score_words if w in texts[5]]
        assert all(w in texts[6] for w in score_words)
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_where_the_deal_sets_the_contract_the_sheet_does_not_ask_if_the_same_tricks_score_the_same(edition):
    """Reader r19: lesson 9's sheet asked "Find two tables that took the same tricks: are their
    scores the same?" where every table plays NT game: the answer is always yes. A deal that sets
    the contract (lessons 7-10, 20) asks which tables made it instead; lesson 6's, whose tables
    choose, still asks it."""
    from cardlib import messages
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        def text(n):
            return squash(without_readings(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(n))))).pages)))
        same = squash(without_readings(say("desk_results_compare_3")))
        assert all(same not in text(n) for n in (7, 8, 9, 10, 20)) and same in text(6)
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_11s_class_results_ask_the_defenders_questions_not_which_contract_scored_more(edition):
    """Readers R and W: lesson 11's sheet asked "Which table scored the most for N–S?" and "Which
    contract scored more?", though the deal sets the contract (NT partscore at every table) and
    the pupils defend. Each page asks whether E–W took the tricks they need to beat it (14 − 7 = 7),
    which card made the difference, and whether East played its deal's card, the one cardlib's rule
    chooses where the deal's script stops (11A second hand low: the ♦7 on North's ♦5; 11B third hand
    high: the ♥A after North's ♥J), not "which rule did the defenders use?" (each half plays one);
    lesson 12 keeps its questions."""
    from cardlib import Hand, defence, messages
    from exercises.course import lesson_of

    lesson = lesson_of(11)
    positions = []
    for board in lesson.deals:
        game = minibridge.start_play(board.deal, Seat.N, board.contract)
        for card in board.script.split():
            game.play(card)
        positions.append((game.to_play, [c for _, c in game.current], Hand(game.hands[Seat.E])))
    (a_seat, a_trick, a_hand), (b_seat, b_trick, b_hand) = positions
    assert a_seat is b_seat is Seat.E and a_trick == [Card("♦5")] and b_trick == [Card("♥2"), Card("♥J")]
    assert defence.second_hand(a_hand, a_trick) == (Card("♦7"), "second_hand_low")
    assert defence.third_hand(b_hand, b_trick) == (Card("♥A"), "third_hand_high")
    was = messages.current_language()
    messages.set_language(edition)
    try:
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        assert [b.contract for b in lesson.deals] == ["NT partscore"] * len(pages) == ["NT partscore"] * 2
        rules = {"en": ("At which tables did East play low, the ♦7, when North led the ♦5? Did E–W beat NT partscore there?",
                        "At which tables did East play high, the ♥A, after North's ♥J? Did E–W beat NT partscore there?"),
                 "ja": ("北が♦5をリードしたとき、東が小さい♦7を出したのはどのテーブル？",
                        "北が♥Jを出したあと、東が大きい♥Aを出したのはどのテーブル？")}[edition]
        for page, board, rule in zip(pages, lesson.deals, rules):
            text = squash(without_readings(page.extract_text()))
            assert minibridge.declarer(board.deal) is Seat.N and minibridge.Contract.parse(board.contract).tricks_to_defeat == 7
            asked = {"en": ("E–W defended NT partscore: they need 7 tricks to beat it, so declarer's side takes 13 − 7 = 6 or fewer.",
                            "At which tables did E–W beat it?"),
                     "ja": ("東西はノートランプのパートスコアのディフェンダー", "ダウンさせるには7トリックいります",
                            "13 − 7 = 6 か、それより少なくなります")}[edition]
            assert all(squash(words) in text for words in asked + (rule,)), text
            assert squash(without_readings(say("desk_results_compare_defence_3"))) not in text
            for key in ("desk_results_compare_1", "desk_results_compare_2"):
                assert squash(without_readings(say(key))) not in text
        twelve = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(12))))).pages[0].extract_text()))
        assert squash(without_readings(say("desk_results_compare_2"))) in twelve
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lessons_8_and_9s_class_results_ask_whether_each_table_used_its_deals_technique(edition):
    """Reader r1: lesson 8's plan asks where drawing trumps first helped and where it lost a ruff,
    and lesson 9's compares a 9A table with a 9B table (the same play, the ♥K moved), but their
    sheets asked only which tables made the contract. Each page now asks its deal's technique: 8A
    trumps drawn before the second diamond (East ruffs it otherwise), 8B a heart ruffed in North
    first, 9A/9B the small heart led towards the ♥A Q, and where the ♥K was."""
    from cardlib import messages
    from exercises.course import lesson_of
    from exercises.set_deals import SET_DEALS

    eight = {d.name: d.deal for d in SET_DEALS[8]}
    assert len(eight["8A"][Seat.E].suit(Suit.DIAMONDS)) == 1  # East ruffs the second diamond
    assert [str(c) for c in eight["8B"][Seat.N].suit(Suit.HEARTS)] == ["♥8", "♥4"]
    nine = {d.name: d.deal for d in SET_DEALS[9]}
    assert Card("♥K") in nine["9A"][Seat.E] and Card("♥K") in nine["9B"][Seat.W]
    assert all(nine[n][seat] == nine["9A"][seat] for n in nine for seat in (Seat.N, Seat.S))
    was = messages.current_language()
    messages.set_language(edition)
    try:
        for number, keys in ((8, ("desk_results_compare_8A", "desk_results_compare_8B")),
                             (9, ("desk_results_compare_finesse", "desk_results_compare_finesse"))):
            pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(number))))).pages
            assert len(pages) == 2
            for page, key in zip(pages, keys):
                text = squash(without_readings(page.extract_text())).replace("きりふだ", "")  # 切り札's reading, a line lower
                assert squash(without_readings(say(key))) in text, text
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_every_class_results_heading_fits_its_column(edition, monkeypatch):
    """Reader r11: lesson 7's Japanese column said only 「かならず取れる」 ("sure to win"); as
    「かならず取れるトリック」 it ran into the next column. A heading too long for its column now takes two
    lines; every line drawn in the heading row fits its column, and a short word (テーブル) is not cut."""
    from teacher.paper import Sheet

    drawn = []
    original = Sheet.cell

    def cell(self, w=None, h=None, text="", *args, **kwargs):
        if self.font_style == "B" and self.font_size_pt == 9 and text:
            drawn.append((text, self.get_string_width(without_readings(text)), w))
        return original(self, w, h, text, *args, **kwargs)

    monkeypatch.setattr(Sheet, "cell", cell)
    was = messages.current_language()
    messages.set_language(edition)
    try:
        for lesson in COURSE:
            class_results(lesson)
        table = say("desk_results_table")
    finally:
        messages.set_language(was)
    assert drawn
    for text, width, room in drawn:
        assert width <= room, (text, width, room)
    lines = {text for text, _, _ in drawn}
    assert table in lines  # whole, on one line
    if edition == "ja":
        assert {"かならず取れる", "トリック"} <= lines and "かならず取れるトリック" not in lines


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_a_class_results_sheet_has_a_sure_tricks_column_where_its_plans_results_step_asks_for_them(edition):
    """A review of lesson 7: its plan reports "each table's sure tricks and tricks" (declarers count them
    aloud before the first card), but its sheet had no column for them. Every lesson's sheet has
    the column, and says to fill it in, exactly where its plan's results step asks for sure tricks;
    lesson 7's pages ask what the difference, tricks − sure tricks, came from in each deal."""
    from exercises.plans import plan_of

    sure_words = {"en": "sure tricks", "ja": "かならず取れる"}[edition]  # the plan's words
    was = messages.current_language()
    messages.set_language(edition)
    try:
        asked = set()
        for lesson in COURSE:
            sheet = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
            texts = [squash(without_readings(page.extract_text())) for page in sheet]
            if squash(say("desk_results_none")) in texts[0]:
                continue
            report = " ".join(say(step.note) for step in plan_of(lesson.number, edition).steps
                              if step.kind == "report" and step.note)
            wants = sure_words in report
            for text in texts:
                has = squash(say("desk_results_sure")) in text and squash(without_readings(say("desk_results_how_sure"))) in text
                assert has == wants, (lesson.number, report)
            if wants:
                asked.add(lesson.number)
        assert asked == {7}
        for page, key in zip(pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(7))))).pages,
                             ("desk_results_compare_7A", "desk_results_compare_7B")):
            assert squash(without_readings(say(key))) in squash(without_readings(page.extract_text())), key
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_20s_class_results_ask_whether_each_table_used_its_deals_technique(edition):
    """Readers (club teachers): lesson 20's sheet asked only contract, declarer and tricks. Each
    page now asks its deal's play, as lessons 8 and 9 do: 20A the ♥A K Q with a diamond thrown
    before trumps (10 tricks; trumps first 9), 20B the round South won the ♥A (the third makes;
    the first or second, and East's heart back on the ♦A, 8). The solver checks the figures."""
    from cardlib import messages
    from cardlib.analysis import card_tricks
    from exercises.course import lesson_of

    lesson = lesson_of(20)
    a, b = lesson.deals
    assert [str(c) for c in a.deal[Seat.N].suit(Suit.HEARTS)] == ["♥A", "♥K", "♥Q"] and a.deal[Seat.S].length(Suit.HEARTS) == 2
    assert a.tricks_table[(Suit.SPADES, Seat.S)] == 10 and b.tricks_table[(None, Seat.S)] == 10
    assert minibridge.hold_up_round(b.deal[Seat.S], Suit.HEARTS) == 3
    for ducks in (["♥A"], ["♥3", "♥Q", "♥8", "♥5", "♥A"]):  # South wins the ♥A on round 1, or on round 2
        game = minibridge.start_play(b.deal, Seat.S, b.contract)
        for card in ["♥K", "♥4", "♥2"] + ducks + ["♦Q", "♦2", "♦3", "♦A"]:
            game.play(card)
        assert {13 - n for card, n in card_tricks(game).items() if card.suit is Suit.HEARTS} == {8}, ducks
    was = messages.current_language()
    messages.set_language(edition)
    try:
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        assert len(pages) == 2
        for page, key in zip(pages, ("desk_results_compare_20A", "desk_results_compare_20B")):
            text = squash(without_readings(page.extract_text())).replace("きりふだ", "").replace("す", "")
            assert squash(without_readings(say(key))).replace("す", "") in text, text
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_20Bs_east_slip_leads_a_heart_back_only_if_east_still_has_one(edition):
    """Reader r12: East's slip said "When you win the ♦A, lead a heart back at once", but East holds three
    hearts and South's right hold-up wins the third round: then East has none left to lead."""
    from cardlib import messages
    from exercises.course import lesson_of

    b = lesson_of(20).deals[1]
    assert b.deal[Seat.E].length(Suit.HEARTS) == minibridge.hold_up_round(b.deal[Seat.S], Suit.HEARTS) == 3
    was = messages.current_language()
    messages.set_language(edition)
    try:
        said = say("desk_curtain_next_20B_E")
        text = squash(without_readings(words_of(pdf_bytes(curtain_cards(lesson_of(20))))))
    finally:
        messages.set_language(was)
    assert {"en": "if you still have one", "ja": "ハートがのこっていれば"}[edition] in said
    assert squash(without_readings(said)) in text


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_13s_class_results_have_each_tables_calls_and_the_two_rules_auction(edition):
    """Helper se: lesson 13's plan gives 3 minutes to each table's auction and tricks, but the pack
    printed no results sheet for a deal with an auction. Deal 13A (the one the class plays) has a
    page with a Calls column; it gives the calls the two rules make (cardlib's bots, every seat
    calling by them), the declarer they find, and the tricks the contract needs, 6 + its level.
    It asks no score: the lesson does not say how a bid contract scores."""
    from cardlib import messages
    from cardlib.bots import auction_by_the_rules
    from exercises.course import lesson_of

    lesson = lesson_of(13)
    auction = auction_by_the_rules(lesson.deals[0].deal)
    assert [str(call) for _, call in auction.calls] == ["1♥", "pass", "2♥", "pass", "pass", "pass"]
    assert auction.declarer is Seat.N and auction.contract.tricks_needed == 8
    was = messages.current_language()
    messages.set_language(edition)
    try:
        assert "lesson-13-class-results" in [p.name for p in pack.printouts(course=[lesson])]
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        assert len(pages) == 1  # 13B is for a club session
        text = squash(without_readings(pages[0].extract_text()))
        asked = {"en": ("North 1♥, East Pass, South 2♥, West Pass, North Pass, East Pass: North declares 2♥.",
                        "2♥ needs 6 + 2 = 8 tricks.", "the player of the side who named the suit first"),
                 "ja": ("北 1♥、東 パス、南 2♥、西 パス、北 パス、東 パス。北が2♥のディクレアラーです。",
                        "2♥には 6 + 2 = 8 トリックいります。", "先にそのスーツを言ったペア")}[edition]
        assert all(squash(words) in text for words in asked + (say("desk_results_calls"),)), text
        # the lesson does not say how a bid contract scores: reader r2 found the sheet asking for scores
        assert squash(without_readings(say("desk_results_ns"))) not in text and "得点" not in text
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_10s_class_results_ask_whether_the_leader_led_the_rules_card(edition):
    """Lesson 10's sheet asked "Which table scored the most for N–S?", though every table plays the
    deal's set contract and the pupils' lead decides it (the plan's step: each table's opening lead
    and its tricks). Each page asks which tables made the contract, whether the leader led the card
    cardlib.defence.opening_lead chooses (10A West the ♠6, 10B North the ♠2), and which card made the
    difference; not the defenders' target, which lesson 11 teaches."""
    from cardlib import Hand, defence, messages
    from exercises.course import lesson_of

    lesson = lesson_of(10)
    a, b = lesson.deals
    assert defence.opening_lead(Hand(a.deal[Seat.W]), None) == (Card("♠6"), "fourth")
    assert defence.opening_lead(Hand(b.deal[Seat.N]), Suit.HEARTS) == (Card("♠2"), "no_ace")
    assert [minibridge.declarer(d.deal).left for d in (a, b)] == [Seat.W, Seat.N]
    was = messages.current_language()
    messages.set_language(edition)
    try:
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        asked = {"en": [("Every table played NT game, which needs 9 tricks. Which tables made it?",
                         "At which tables did West lead the ♠6, as the rules say? Did E–W beat NT game there?"),
                        ("Every table played ♥ game, which needs 10 tricks. Which tables made it?",
                         "At which tables did North lead the ♠2, as the rules say? Did N–S beat ♥ game there?")],
                 "ja": [("西がルールどおりに♠6をリードしたのはどのテーブル？", "東西はノートランプのゲームをダウンさせたかな？"),
                        ("北がルールどおりに♠2をリードしたのはどのテーブル？", "南北は♥のゲームをダウンさせたかな？")]}[edition]
        assert len(pages) == 2
        for page, words in zip(pages, asked):
            text = squash(without_readings(page.extract_text()))
            assert all(squash(w) in text for w in words), text
            for key in ("desk_results_compare_1", "desk_results_compare_defence_3"):
                assert squash(without_readings(say(key))) not in text
            assert "13 −" not in text  # the defenders' target is lesson 11's
            # reader r1: the plan writes each table's lead, and the deal sets contract and declarer:
            # the lead's column comes where those were, next to the table's number
            assert squash(without_readings(say("desk_results_lead") + say("desk_results_tricks"))) in text  # the headings
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lesson_22s_class_results_ask_whether_west_covered_or_kept_the_clubs(edition):
    """Reader ra: lesson 22's sheet asked "Which contract scored more?", though every table plays
    the deal's set contract (22A ♠ game, 22B NT game) and the pupils defend. Each page asks the
    defenders' questions (the most declarer's side may take, read off the sheet's Tricks column,
    which is declarer's side's: 13 − 4 = 9, 13 − 5 = 8), and the rule its deal shows, read from where its script stops: at 22A
    South leads the ♥Q and West covers with the ♥K; at 22B West, out of diamonds, keeps the clubs."""
    from cardlib import Hand, defence, messages
    from exercises.course import lesson_of

    lesson = lesson_of(22)
    a, b = lesson.deals
    assert (a.contract, b.contract) == ("♠ game", "NT game")
    game = minibridge.start_play(a.deal, Seat.S, a.contract)
    for card in a.script.split():
        game.play(card)
    assert game.to_play is Seat.W and game.current[0] == (Seat.S, Card("♥Q"))
    assert defence.cover_honour(Hand(game.hands[Seat.W]), ["♥Q"]) == (Card("♥K"), "cover")
    game = minibridge.start_play(b.deal, Seat.S, b.contract)
    for card in b.script.split():
        game.play(card)
    west = Hand(game.hands[Seat.W])
    assert game.to_play is Seat.W and game.current[0][0] is Seat.S and game.suit_led is Suit.DIAMONDS
    assert not west.suit("♦") and west.length("♣") == 4 == max(west.length(s) for s in Suit)
    assert [minibridge.Contract.parse(d.contract).tricks_to_defeat for d in (a, b)] == [4, 5]
    was = messages.current_language()
    messages.set_language(edition)
    try:
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        asked = {"en": [("E–W defended ♠ game: they need 4 tricks to beat it, so declarer's side takes 13 − 4 = 9 or fewer.",
                         "At which tables did West cover South's ♥Q with the ♥K? Did E–W beat ♠ game there?"),
                        ("E–W defended NT game: they need 5 tricks to beat it, so declarer's side takes 13 − 5 = 8 or fewer.",
                         "At which tables did West keep all the clubs while South played the diamonds?")],
                 "ja": [("東西は♠のゲームのディフェンダー", "ダウンさせるには4トリックいります", "13 − 4 = 9 か、それより少なく",
                         "西が南の♥Qに♥Kを出してカバーした"),
                        ("ダウンさせるには5トリックいります", "13 − 5 = 8 か、それより少なく",
                         "南がダイヤを出しているあいだ、西がクラブをぜんぶ守った")]}[edition]
        assert len(pages) == 2
        for page, words in zip(pages, asked):
            text = squash(without_readings(page.extract_text()))
            assert all(squash(w) in text for w in words), text
            for key in ("desk_results_compare_1", "desk_results_compare_2", "desk_results_compare_defence_3"):
                assert squash(without_readings(say(key))) not in text
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_a_deal_with_a_set_contract_asks_which_tables_made_it_not_which_contract_scored_more(edition):
    """Lesson 20's tables all play the deal's contract (20A ♠ game, 20B NT game), as in lessons 7-10
    (22's defenders get their own questions): its sheet asked "Did every table play the same contract? Which contract scored more?".
    It names the contract and the tricks it needs, from cardlib, and asks which tables made it;
    a deal whose contract the pupils choose (lesson 6) keeps the question."""
    from cardlib import messages
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        lesson = lesson_of(20)
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        assert [(b.contract, minibridge.Contract.parse(b.contract).tricks_needed) for b in lesson.deals] == [
            ("♠ game", 10), ("NT game", 9)]
        for page, board in zip(pages, lesson.deals):
            text = squash(without_readings(page.extract_text()))
            contract = minibridge.Contract.parse(board.contract)
            asked = say("desk_results_compare_set", contract=contract, tricks=contract.tricks_needed)
            assert squash(without_readings(asked)) in text and str(contract.tricks_needed) in asked
            assert squash(without_readings(say("desk_results_compare_2"))) not in text
        six = squash(without_readings(pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(6))))).pages[0].extract_text()))
        assert not lesson_of(6).deals[0].contract and squash(without_readings(say("desk_results_compare_2"))) in six
    finally:
        messages.set_language(was)


def test_the_class_results_sheet_has_pages_only_for_the_boards_the_plan_plays_in_class():
    """Reader W: lesson 4's sheet had pages for 4B and 4C and lesson 21's for 21B, which no class
    plays (a club session or home does): a page a board of the plan's class, as the curtain cards'
    first page names them."""
    from exercises.course import lesson_of
    from exercises.plans import plan_of

    for number, names in ((4, ["4A"]), (5, ["5A", "5B"]), (11, ["11A", "11B"]), (21, ["21A"])):
        lesson = lesson_of(number)
        assert [f"{number}{deal}" for deal, _ in plan_of(lesson).class_boards] == names
        pages = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson)))).pages
        assert len(pages) == len(names), number
        for page, name in zip(pages, names):
            assert squash(say("desk_results_board", name=name)) in squash(page.extract_text())


def test_the_rulings_page_is_one_page_with_every_ruling_and_the_handling_starter_as_the_contents_page_shows():
    import json

    from exercises.rulings import HANDLING, RULINGS, RulingsPage
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(rulings_sheet())))
    assert len(reader.pages) == 1
    text = squash(reader.pages[0].extract_text())
    keys = [f"ex_ruling_{name}_{part}" for name in RULINGS for part in ("what", "do")] + [f"ex_handling_{s}" for s in HANDLING]
    assert all(squash(say(key)) in text for key in keys)
    assert text.index(squash(say("ex_handling_heading"))) > text.index(squash(say("ex_ruling_no_laptops_do")))
    page = RulingsPage()._repr_html_()
    assert all(say(key).replace("'", "&#x27;") in page for key in keys)
    for edition in ("notebooks/00_contents.ipynb", "notebooks/ja/00_contents.ipynb"):
        cells = ["".join(c["source"]) for c in json.load(open(edition, encoding="utf-8"))["cells"]]
        assert any(c.endswith("RulingsPage()") for c in cells), edition


# --- every printout on both papers (and in Japanese, its readings above the words): not blank, nothing off the edge---------------------

@pytest.fixture
def language(request):
    from cardlib import messages
    messages.set_language(request.param)
    yield request.param
    messages.set_language("en")


@pytest.mark.parametrize("paper, language", [("a4", "en"), ("letter", "en"), ("a4", "ja")], indirect=["language"])
def test_every_printout_has_ink_inside_the_margins_and_the_right_size(paper, language, set_deals):
    lesson = set_deals(COURSE[4], [BOARD])
    for printout in pack.printouts(["Aiko Tanaka"], course=[lesson]):
        data = printout.pdf(paper)
        reader = pypdf.PdfReader(io.BytesIO(data))
        for page in reader.pages:
            size = sorted((round(float(page.mediabox.width)), round(float(page.mediabox.height))))
            assert size == sorted(PAPER_POINTS[paper]), printout.name
        for number, image in enumerate(pages(data)):
            marked = ink(image)
            height, width = marked.shape
            # Blank: nothing above the footer (a last page with one glossary entry is not blank).
            assert marked[: height * 9 // 10].mean() > 0.002, f"{printout.name} page {number + 1} is blank"
            edge = round(5 * POINTS_PER_MM * 0.5)  # 5 mm at this scale
            assert not (marked[:, :edge].any() or marked[:, -edge:].any() or marked[:edge].any() or marked[-edge:].any()), (
                f"{printout.name} page {number + 1} has ink within 5 mm of the paper's edge")


# --- the pack and the teacher's button ------------------------------------------------------

@pytest.mark.slow
def test_the_pack_command_writes_every_printout_with_the_class_names(tmp_path, capsys):
    ProgressStore(tmp_path / "class").open("Ken").record("hcp", True, 1, lesson=3)
    code = pack.main(["--out", str(tmp_path / "out"), "--paper", "a4", "--names", "Aiko, Ben",
                      "--progress-dir", str(tmp_path / "class")])
    assert code == 0
    files = sorted(p.name for p in (tmp_path / "out" / "a4").iterdir())
    assert files == sorted(f"{p.name}.pdf" for p in pack.printouts())
    with_results = sum(any(b.table in RESULTS_TABLES for b in lesson.deals) for lesson in COURSE)
    with_deals = sum(bool(lesson.deals) for lesson in COURSE)  # hand records and curtain cards
    games = sum(len(GAMES.get(lesson.number, ())) for lesson in COURSE)  # lesson 17: a rules card a game
    # 5: worksheet, answers, practice sheet and its answers, certificates
    assert len(files) == 5 * len(COURSE) + 2 * with_deals + with_results + games + 10
    certificates_3 = pypdf.PdfReader(tmp_path / "out" / "a4" / "lesson-03-certificates.pdf")
    assert [("Ken" in p.extract_text(), "Aiko" in p.extract_text(), "Ben" in p.extract_text())
            for p in certificates_3.pages] == [(True, False, False), (False, True, False), (False, False, True),
                                                (False, False, False)]
    assert "PDF files" in capsys.readouterr().out


def test_the_pack_command_writes_the_pack_in_the_language_asked(tmp_path, monkeypatch):
    from cardlib import messages
    real = pack.printouts
    monkeypatch.setattr(pack, "printouts", lambda names: [p for p in real(names) if p.name == "when-things-go-wrong"])
    try:
        assert pack.main(["--out", str(tmp_path), "--paper", "a4", "--lang", "ja", "--progress-dir", str(tmp_path / "c")]) == 0
        data = (tmp_path / "a4" / "when-things-go-wrong.pdf").read_bytes()
        assert squash(without_readings(say("ex_ruling_revoke_what"))) in squash(words_of(data))
        assert "テーブルでこまったときは" in text_of(data)
        assert not re.search(r"[\u4e00-\u9fff]（[ぁ-ゖ]+）", text_of(data))  # readings above their words, not in brackets
    finally:
        messages.set_language("en")


def test_a_bad_name_for_the_pack_is_refused_in_plain_words(tmp_path, capsys):
    assert pack.main(["--out", str(tmp_path), "--names", "../etc", "--progress-dir", str(tmp_path)]) == 2
    assert "cannot be used as a name" in capsys.readouterr().err and not any(tmp_path.iterdir())


def test_the_desk_button_writes_the_pdf_and_offers_it_for_download(tmp_path):
    pytest.importorskip("ipywidgets")  # the desk is a widget
    from teacher.desk import PrintoutDesk

    desk = PrintoutDesk(out=tmp_path / "out", progress_dir=tmp_path / "class")
    assert [value for _, value in desk.choice.options] == [p.name for p in pack.printouts()]
    desk.choice.value, desk.paper.value, desk.names.value = "lesson-06-answers", "letter", "Zoe"
    desk.button.click()
    written = tmp_path / "out" / "letter" / "lesson-06-answers.pdf"
    link = re.search(r'download="([^"]+)" href="data:application/pdf;base64,([^"]+)"', desk.result.value)
    assert link and link.group(1) == "lesson-06-answers-letter.pdf"
    data = base64.b64decode(link.group(2))
    assert data == written.read_bytes() and data.startswith(b"%PDF")
    assert squash(COURSE[5].quiz().questions[0].right_answer) in squash(text_of(data))


def test_names_typed_on_a_japanese_keyboard_are_split_at_its_commas(tmp_path):
    # 、 and the full-width ， are what a Japanese keyboard gives for a comma.
    assert pack.typed_names("Ann, あいこ、けん，ゆい,, ") == ["Ann", " あいこ", "けん", "ゆい"]
    assert pack.class_names(tmp_path / "class", pack.typed_names("あいこ、けん")) == ["あいこ", "けん"]


def test_the_desk_refuses_forged_choices_and_bad_names(tmp_path):
    pytest.importorskip("ipywidgets")  # the desk is a widget
    from teacher.desk import PrintoutDesk

    desk = PrintoutDesk(out=tmp_path / "out", progress_dir=tmp_path / "class")
    desk.names.value = "<script>"
    assert desk.make() is None and "cannot be used as a name" in desk.result.value and "<script>" not in desk.result.value
    desk.names.value = ""
    with contextlib.suppress(TraitError):  # a forged message: the Dropdown itself refuses it
        desk.choice.set_state({"value": "../../etc/passwd"})
    assert desk.choice.value in {value for _, value in desk.choice.options}
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_the_printouts_notebook_runs_under_nbval_and_is_committed_clean(tmp_path):
    pytest.importorskip("ipywidgets")  # the teacher's notebook shows widgets
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    notebook = root / "teacher" / "printouts.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    assert [c["id"] for c in cells] == [f"print-cell-{i:02d}" for i in range(len(cells))]
    assert all(c["outputs"] == [] for c in cells if c["cell_type"] == "code")
    env = dict(os.environ, MINIBRIDGE_PROGRESS_DIR=str(tmp_path / "class"), MINIBRIDGE_PRINTOUTS_DIR=str(tmp_path / "out"))
    result = subprocess.run([sys.executable, "-m", "pytest", "--nbval-lax", "-p", "no:cacheprovider", "-q", str(notebook)],
                            cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]


def test_the_duplicate_lessons_class_results_sheet_is_a_traveller_slip_with_matchpoints():
    from exercises.course import lesson_of

    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(21)))))
    assert len(reader.pages) == 1  # board 21A: 21B is played at home, on screen
    for page in reader.pages:
        text = squash(page.extract_text())
        assert squash(say("traveller_matchpoints")) in text and squash(say("desk_results_compare_matchpoints")) in text
    other = squash(reader.pages[0].extract_text())
    assert squash(say("desk_results_compare_2")) not in other  # the matchpoint questions instead
    # one slip for 7 tables: it stays on the teacher's desk and each table's North comes to write its line
    assert squash("This sheet stays on the teacher's desk.") in other and squash("your North comes and writes") in other


def test_the_traveller_slip_says_each_score_goes_in_its_sides_column_by_either_rules():
    from exercises.course import lesson_of

    def slip_text() -> str:
        return squash(pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(21))))).pages[0].extract_text())

    english = slip_text()  # the English schools' rules: the side that scored writes it, nobody a minus
    assert squash("in the column of the side that earned it. Nobody writes a minus.") in english
    assert squash(say("desk_results_ns")) in english and squash(say("desk_results_ew")) in english
    assert squash("of two E–W scores, the smaller is better for N–S") in english
    was = minibridge.use_rules("club")  # the Japanese edition's rules: down is 100 a trick in the other column
    try:
        club = slip_text()
    finally:
        minibridge.use_rules(was)
    assert squash("in the column of the side that earned it. Nobody writes a minus.") in club


def test_lesson_15s_may_play_hands_are_in_manille_order_on_screen_and_on_paper():
    """Lesson 15 teaches the order 10 A K Q J 9 8 7: "May West play …?" draws the hand in it,
    the 10 before the ace and the ace before the courts, on the class screen and on paper
    (it drew the hand in MiniBridge order, the ace first and the 10 after the jack)."""
    from cardlib import PIQUET_PACK
    from exercises import make_question
    from exercises.pictures import _draw
    from teacher import drawing

    order = "10 A K Q J 9 8 7".split()
    checked = 0
    for seed in range(60):
        question = make_question("manille_may_play", seed)
        _, (what, data) = question.picture.rows[1]
        cards = [Card.parse(c) for c in data]
        if not any(c.rank.symbol == "10" for c in cards) or not any(c.rank.symbol in "AKQJ" for c in cards):
            continue
        checked += 1
        on_screen = [Card.parse(c[0] + ("10" if c[1] == "T" else c[1]))
                     for c in re.findall(r'data-card="(\w\w)"', _draw(what, data, None, 1.0))]
        drawn = []
        page = Sheet()
        page.add_page()
        real_card = drawing.card
        drawing.card = lambda sheet, card, *rest, **more: drawn.append(card)
        try:
            drawing.picture(page, question.picture, 20, 30, page.inner_width - 9)
        finally:
            drawing.card = real_card
        on_paper = drawn[-len(cards):]
        for shown in (on_screen, on_paper):
            assert sorted(map(str, shown)) == sorted(map(str, cards))
            for a, b in zip(shown, shown[1:]):
                if a.suit is b.suit:
                    assert order.index(a.rank.symbol) < order.index(b.rank.symbol), (shown, question.prompt)
        assert on_screen == on_paper == PIQUET_PACK.in_order(cards)
    assert checked >= 10


def test_lesson_21s_japanese_results_sheet_asks_for_matchpoints_not_points():
    """Reader sd: the Japanese slip's last question said 「東西はのこり：テーブルごとに何点？」, and 点 is
    a card point or a score to a child; it asks for matchpoints, as the English "what do they get"."""
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language("ja")
    try:
        text = squash(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf_bytes(class_results(lesson_of(21))))).pages))
        assert "何点" not in text and squash("1つのペアがもらえるマッチポイントは") in text
    finally:
        messages.set_language(was)


def test_lesson_18s_printed_sheets_never_tell_a_pupil_with_a_pencil_to_type():
    """Reader sd: the chance questions' rules line said "Type a fraction, like 1/2" and "Type a
    percentage", which the worksheet and the practice sheet printed for pupils who write. The line
    now says "Answer with", true on screen and on paper."""
    from exercises.course import lesson_of

    lesson = lesson_of(18)
    for sheet in (worksheet(lesson), practice_sheet(lesson)):
        text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf_bytes(sheet))).pages)
        assert "Type" not in text and "Answer with a" in text


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_a_printed_sum_with_brackets_stays_on_one_line(language):
    """A club teacher read lesson 16's hand records: "(38 − 30) ×" ended one line and "2 = 16"
    began the next (in Japanese; in English "(46 − 30)" and "× 2 = 32"). A sum, its brackets
    too, never breaks: no line of a lesson 16 hand record's words ends or starts with an operator,
    and each sum the words hold is on one line."""
    from teacher.hand_record import _explanation, facts

    sheet = Sheet("a4", None, "x")
    sheet.add_page()
    for board in SET_DEALS[16]:
        words = _explanation(facts(board), board)
        lines = sheet.text_lines(words, sheet.inner_width, 10)
        assert not [line for line in lines if re.search(r"[+−×÷=]\s*$|^\s*[+−×÷=]", line)], lines
        for sum_ in re.findall(r"\(\d+ − 30\) × \d+ = \d+", words):
            assert any(sum_ in line for line in lines), (sum_, lines)
    assert sheet.text_lines("a " * 40 + "(38 − 30) × 2 = 16", 60, 10)[-1].endswith("(38 − 30) × 2 = 16")


# --- lesson 17: a rules card for each game, one a table ----------------------------------------

def _card_words(game: str) -> str:
    """A rules card's printed words, without the readings above them, squashed."""
    from teacher.rules_card import rules_card
    card = rules_card(17, game)
    return squash(without_readings(words_of(pdf_bytes(card), smallest=card.type_size * 0.75)))


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_each_of_lesson_17s_games_has_a_one_page_rules_card_in_large_type_in_the_pack(language):
    """A reader who runs a MiniBridge club: with one projector and real cards no table has the page,
    so the tables could not read the game's steps. Each game has a card in the pack, named by the
    game, one page in both papers, in type larger than a worksheet's, inside the margins."""
    from exercises.plans import GAMES
    from teacher.rules_card import CARD_NAMES, rules_card

    listed = {p.name: p for p in pack.printouts() if p.name.startswith("lesson-17-rules-card-")}
    assert sorted(listed) == sorted(f"lesson-17-rules-card-{CARD_NAMES[g.path]}" for g in GAMES[17])
    for game in GAMES[17]:
        printout = listed[f"lesson-17-rules-card-{CARD_NAMES[game.path]}"]
        assert say(f"plan_game_{game.path}") in printout.title
        for paper in ("a4", "letter"):
            sheet = rules_card(17, game.path, paper, "four-colour")
            assert sheet.page_no() == 1 and sheet.type_size >= 14, (game.path, paper)
            data = pdf_bytes(sheet)
            size = pypdf.PdfReader(io.BytesIO(data)).pages[0].mediabox
            assert sorted((round(float(size.width)), round(float(size.height)))) == sorted(PAPER_POINTS[paper])
            marked = ink(pages(data)[0])
            edge = round(5 * POINTS_PER_MM * 0.5)
            assert not (marked[:, :edge].any() or marked[:, -edge:].any() or marked[:edge].any() or marked[-edge:].any())


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_a_rules_card_prints_the_pages_own_words_and_not_its_question(language):
    """The rules are written once: the card's words are the page's (the game's cells of the edition's
    lesson 17), the page's question and its answer stay on the page, and a game whose page gives
    no score ends with lesson 16's, in the Manille score sheet's words."""
    import json

    from exercises.plans import GAMES
    from teacher.rules_card import PAIRS_SCORE, notebook_path, pairs_score_words, rules_blocks

    cells = json.loads(notebook_path(17).read_text(encoding="utf-8"))["cells"]
    for game in GAMES[17]:
        page = "".join("".join(c["source"]) for c in cells if c["metadata"].get("path") == game.path
                       and c["cell_type"] == "markdown")
        page = squash(re.sub(r"<[^>]+>|\*\*", "", re.sub(r"<rp>.*?</rp>|<rt>.*?</rt>", "", page)))
        printed = _card_words(game.path)
        blocks = rules_blocks(17, game.path)
        words = [b[-1] for b in blocks if b[0] != "table"]
        own = words[:-2] if game.path in PAIRS_SCORE else words
        for text in own:
            plain = squash(without_readings(text))
            assert plain in printed, (game.path, text)
            assert plain in page or plain[:1].lower() + plain[1:] in page, (game.path, text)
        assert all(squash(without_readings(c)) in page for b in blocks if b[0] == "table" for row in b[1] for c in row)
        raw = [p for c in cells if c["metadata"].get("path") == game.path and c["cell_type"] == "markdown"
               for p in re.split(r"\n\s*\n", "".join(c["source"]))]
        question = raw[next(i for i, p in enumerate(raw) if p.startswith("<details>")) - 1]
        question = squash(re.sub(r"<[^>]+>|\*\*", "", re.sub(r"<rp>.*?</rp>|<rt>.*?</rt>", "", question)))
        assert question.endswith(("?", "？", "count.", "う。")) and question not in printed, (game.path, question)
        assert "Answer" not in printed and "答え" not in printed[-40:]
        if game.path in PAIRS_SCORE:
            assert squash(without_readings(pairs_score_words())) in printed
            assert squash(without_readings(say("desk_rules_card_score"))) in printed


# What each card says, in each edition's words, and cardlib's number or rule for it
CARD_FACTS = {
    "widow": {"en": ["needs {goal} points: card points and 1 for each trick. With 3 players, {goal3}.",
                     "starts with {counters} points", "The eldest leads first.",
                     "If all pass, nobody scores: the eldest deals again.", "each other player pays them 1 point"],
              "ja": ["15点<ruby>必要<rt>ひつよう</rt></ruby>です".replace("15", "{goal}"), "3人なら{goal3}点です",
                     "みんな{counters}点から始めて", "一番手が、はじめにリードします。",
                     "全員がパスしたら、だれも点をもらいません。一番手が配り直します。", "ほかの人がみんな1点ずつはらいます"]},
    "promises": {"en": ["30 ÷ 3 = {hand3} cards each", "no card goes out: {hand4} each", "Everyone starts with {counters2} points",
                        "The eldest leads first, but after \"all the tricks\" the player alone leads.",
                        "60 card points + 8 tricks = {all4} points"],
                 "ja": ["30 ÷ 3 = {hand3}まいずつ", "一人{hand4}まいです", "みんな{counters2}点から始めます",
                        "一番手が、はじめにリードします。「トリックを全部」の", "60 + 8 = {all4}"]},
    "up_and_down": {"en": ["Both make × {both}.", "Everyone starts with 1,000 points.",
                           "The player on the dealer's left leads first, but after \"all the tricks\" the player alone leads."],
                    "ja": ["両方なら × {both} です", "みんな{counters3}点から始めます", "ディーラーの左の人が、はじめにリードします。"]},
    "three": {"en": ["Each player gets {hand_three} cards", "The last {aside} cards go face down.",
                     "The player on the dealer's left leads first.", "more than {half} card points"],
              "ja": ["一人に{hand_three}まいずつ", "りの{aside}まいは", "ディーラーの左の人が、はじめにリードします。", "{half}点より多く"]},
}


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_every_rule_a_rules_card_states_agrees_with_cardlib(language):
    """Each card's points target, who leads, what happens when all pass and today's score, checked
    against cardlib's games (the card's numbers are filled in from cardlib here, then looked for)."""
    from cardlib.manille_auction import LAYOUT, AuctionMatch, AuctionRound, AuctionRules
    from teacher.rules_card import rules_blocks

    first_time = AuctionRules(form=1, players=4, scale=(1, 1, 1, 1, 1))  # the lesson's table
    assert {first_time.winnings(taken) for taken in range(5)} == {1}
    nobody = AuctionRound(first_time, seed=17)
    for _ in range(4):
        nobody.pass_on()
    assert nobody.phase == "thrown in" and set(nobody.result().scores.values()) == {0}
    match = AuctionMatch(first_time)
    match.add(nobody.result())
    assert match.next_dealer == nobody.eldest
    for form in (1, 2, 3):  # who leads: the eldest, or after all the tricks the player alone
        for promise in ((None,) if form == 1 else (25, "all")):
            deal = AuctionRound(AuctionRules(form=form, players=4), seed=17)
            deal.pass_on()
            deal.take() if form == 1 else deal.bid(promise)
            while deal.phase == "bidding":
                deal.pass_on()
            if deal.phase == "draw":
                deal.stop()
            deal.name_trumps("♠")
            assert deal.to_act == (deal.declarer if promise == "all" else deal.eldest) != (deal.declarer if promise != "all" else None)
    three = manille.deal_three(seed=22, dealer="S")
    values = dict(goal=AuctionRules(form=1, players=4).goal, goal3=AuctionRules(form=1, players=3).goal,
                  counters=first_time.counters, hand3=AuctionRules(form=2, players=3).hand_size,
                  hand4=AuctionRules(form=2, players=4).hand_size, counters2=AuctionRules(form=2).counters,
                  counters3=AuctionRules(form=3).counters, all4=AuctionRules(form=2, players=4).bid_value("all"),
                  both=AuctionRules(form=3, players=4).times(0, True), hand_three=len(three[Seat.S]),
                  aside=len(three.aside), half=manille.HALF)
    assert manille.start_play_three(three, trumps="♠").to_play == Seat.W  # South deals: West, on the dealer's left
    assert values["counters3"] == 1000
    for game, facts in CARD_FACTS.items():
        printed = squash("".join(b[-1] for b in rules_blocks(17, game) if b[0] != "table"))
        for fact in facts[language]:
            assert squash(fact.format(**values)) in printed, (game, fact)
    table = next(b[1] for b in rules_blocks(17, "up_and_down") if b[0] == "table")
    players = [int(n) for n in table[0][1:]]
    assert [int(n) for n in table[1][1:]] == [AuctionRules(form=3, players=n).hand_size for n in players]
    assert [(int(u), int(d)) for u, d in zip(table[2][1:], table[3][1:])] == [LAYOUT[n] for n in players]


# Reader: the three-player card said "South" where the dealer is meant (the dealer changes each deal);
# the Blind Manille card did not say how the players hold their cards; the Auction Manille 2 card did
# not say which sevens come out. What each printed card now says, with cardlib's numbers filled in.
CARD_SAYS = {
    "three": {"en": ["If the dealer takes more than {half} card points, the dealer scores card points − {half}.",
                     "If the other two take more than {half} together, each of them scores"],
              "ja": ["ディーラーがカードの点を{half}点より多く取ったら、ディーラーが（カードの点 − {half}）点。",
                     "ほかの2人が合わせて{half}点より多く取ったら、2人がそれぞれ"]},
    "blind": {"en": ["Hold your cards fanned out, with their faces turned towards the other players: everyone sees them but you."],
              "ja": ["カードは、表をほかの人に向けて広げて持ちます。自分のカードは見えませんが、ほかの手札は全部見えます。"]},
    "promises": {"en": ["so that each player gets the same number of cards: first the {first}, then the {second}, "
                        "the {third} and the {fourth}.", "With 3 players the {out_a} and the {out_b} go out: "
                        "{pack} − {out} = {left}, and {left} ÷ 3 = {hand3} cards each."],
                 "ja": ["ぬくのは{first}、{second}、{third}、{fourth}のじゅんです。",
                        "3人なら{out_a}と{out_b}をぬきます：{pack} − {out} = {left}、{left} ÷ 3 = {hand3}まいずつ。"]},
}


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_the_three_player_blind_and_promises_cards_say_the_dealer_how_cards_are_held_and_which_sevens(language):
    """The printed cards say what cardlib's games do: in three-player Manille the dealer, whoever
    deals, plays alone against the other two, who score together; in Blind Manille nobody sees their
    own cards and everyone sees the others'; in Auction Manille 2 the sevens come out ♣ first, then
    ♦ ♥ ♠, as many as an equal deal needs (two with 3 players, none with 4)."""
    from cardlib import Rank
    from cardlib.manille_auction import PACK, SEVENS_OUT, AuctionRules
    from cardlib.manille_variants import BlindRound

    for dealer in (Seat.E, Seat.S, Seat.W):  # the dealer alone, whoever deals; the other two together
        deal = manille.deal_three(seed=22, dealer=dealer)
        others = tuple(s for s in (Seat.E, Seat.S, Seat.W) if s != dealer)
        for trumps in ("♠", "♣", None):
            game = manille.start_play_three(deal, trumps=trumps)
            assert [set(team) for team in game.teams] == [{dealer}, set(others)]
            while not game.is_over:
                game.play(game.legal_plays()[0])
            match = manille.Match()
            match.add(game.result())
            alone, together = game.card_points(dealer), game.card_points(others)
            times = manille.multiplier(trumps, 0)
            assert alone + together == manille.PACK_POINTS
            assert match.totals[dealer] == max(alone - manille.HALF, 0) * times
            assert all(match.totals[s] == max(together - manille.HALF, 0) * times for s in others)
    for viewer in Seat:  # Blind Manille: the faces turned out, so everyone sees a hand but its owner
        assert [BlindRound.can_see(viewer, seat) for seat in Seat] == [seat != viewer for seat in Seat]
    sevens = [Card(suit, Rank.SEVEN) for suit in SEVENS_OUT]
    assert [str(c) for c in sevens] == ["♣7", "♦7", "♥7", "♠7"]
    for players in range(3, 8):  # the sevens come out in that order, as many as an equal deal needs
        out = [c for c in PACK if c not in AuctionRules(form=2, players=players).pack]
        assert sorted(out, key=sevens.index) == sevens[:len(PACK) % players]
    out3 = sorted((c for c in PACK if c not in AuctionRules(form=2, players=3).pack), key=sevens.index)
    assert len(AuctionRules(form=2, players=4).pack) == len(PACK)
    values = dict(half=manille.HALF, first=sevens[0], second=sevens[1], third=sevens[2], fourth=sevens[3],
                  out_a=out3[0], out_b=out3[1], pack=len(PACK), out=len(out3), left=len(PACK) - len(out3),
                  hand3=AuctionRules(form=2, players=3).hand_size)
    for game, says in CARD_SAYS.items():
        printed = _card_words(game)
        for said in says[language]:
            assert squash(said.format(**values)) in printed, (game, said)
    printed = _card_words("three")
    assert not [seat.word for seat in (Seat.E, Seat.S, Seat.W) if squash(seat.word) in printed]  # no seat for the dealer


# Reader r11: the three-player card did not say that nobody taps, the Blind Manille card not who says a
# drawn card may not be played, and the Auction Manille 2 and 3 cards neither what "made" is nor what
# happens when everyone passes.
CARD_ALSO_SAYS = {
    "three": {"en": ["They say the trumps first, and nobody taps."], "ja": ["テーブルはたたきません。"]},
    "blind": {"en": ["If it may not be played, the others say so: it goes back and another is drawn."],
              "ja": ["出してはいけないカードなら、ほかの人がそう言います。もどして、もう1まい引きます。"]},
    "promises": {"en": ["If they make at least what they promised, they win it from each player; if not, they pay it.",
                        "If everyone passes, nobody scores."],
                 "ja": ["約束した点と同じか、それより多く取れたら、その点を一人ずつからもらいます。取れなかったら、はらいます。",
                        "みんながパスしたら、だれも点をもらいません。"]},
}
CARD_ALSO_SAYS["up_and_down"] = CARD_ALSO_SAYS["promises"]


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_the_cards_say_nobody_taps_with_three_who_says_a_card_goes_back_and_what_a_promise_needs(language):
    """What the printed cards now say is what cardlib's games do: three-player Manille has no tap;
    in Auction Manille 2 and 3 a player alone who makes exactly the points promised wins, one short
    pays, and a deal everyone passes scores nothing."""
    from cardlib.manille_auction import ALL, AuctionRound, AuctionRules

    assert "tap" not in manille.ThreeRound.KINDS
    round_ = manille.ThreeRound(manille.deal_three(seed=5, dealer="W"))
    assert {action.kind for action in round_.legal_actions()} == {"trumps"}
    seen = set()
    for form in (2, 3):
        passed = AuctionRound(AuctionRules(form=form, players=4), seed=1)
        while passed.phase == "bidding":
            passed.pass_on()
        assert passed.phase == "thrown in" and set(passed.result().scores.values()) == {0}
        for seed in range(200):  # a promise, then everyone else passes; the play as it comes
            r = AuctionRound(AuctionRules(form=form, players=4), seed=seed)
            bids = [a for a in r.legal_actions() if a.kind == "bid" and a.value != ALL]
            r.act(bids[seed % 20])
            while r.phase not in ("play", "over"):
                actions = r.legal_actions()
                r.act(next((a for a in actions if a.kind in ("pass", "stop")), actions[0]))
            while r.phase == "play":
                actions = r.legal_actions()
                r.act(actions[seed % len(actions)])
            short = r.bids[r.declarer] - r.declarer_points()
            if short in (0, 1):
                seen.add(short)
                assert (r.result().scores[r.declarer] > 0) is (short == 0), (form, seed)
    assert seen == {0, 1}
    for game, says in CARD_ALSO_SAYS.items():
        printed = _card_words(game)
        for said in says[language]:
            assert squash(said) in printed, (game, said)


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_10As_east_slip_tells_east_to_win_the_spade_with_the_jack_and_lead_a_spade_back(edition):
    """Reader: East's curtain card for 10A printed only East's cards, while the notes say West's
    spade lead beats NT game only if East wins it and leads a spade back at once (returning
    partner's suit is not taught), and ask the teacher to tell seven Easts. East's slip says it,
    inside the slip, and the solver bears its words out: after a small spade (♠10, ♠9, ♠6 or ♠2)
    and dummy's ♠7, East's ♠J beats South's ♠8 5 3, and then any spade back takes the defenders
    5 tricks (1 down) while any other card leaves them 1 at most; the ♠4 at trick 1 after the ♠6 or
    ♠2 leaves them none."""
    from cardlib.analysis import card_tricks
    from teacher.curtain_cards import defenders_next

    board = next(b for b in SET_DEALS[10] if b.name == "10A")
    deal = board.deal
    boss = minibridge.declarer(deal)
    assert (boss, boss.left, boss.left.partner) == (Seat.S, Seat.W, Seat.E) and Card("♠J") in deal[Seat.E]
    assert all(Card("♠J").rank > c.rank for c in deal[Seat.S].suit(Suit.SPADES))

    def after(line):
        game = minibridge.start_play(deal, boss, board.contract)
        for card in line:
            game.play(Card(card))
        return {str(card): tricks for card, tricks in card_tricks(game).items()}

    for lead in ("♠10", "♠9", "♠6", "♠2"):
        third = after([lead, "♠7"])
        assert third["♠J"] == 5 and (third["♠4"] == 0) == (lead in ("♠6", "♠2")), lead
        for south in ("♠8", "♠5", "♠3"):
            back = after([lead, "♠7", "♠J", south])
            assert all(t == 5 for c, t in back.items() if c[0] == "♠") and max(t for c, t in back.items() if c[0] != "♠") <= 1
    messages.set_language(edition)
    try:
        line = defenders_next(board, Seat.E)
        assert line and "♠J" in line and all(not defenders_next(b, s) for b in SET_DEALS[10] for s in Seat if (b.name, s) != ("10A", Seat.E))
        text = squash(without_readings(text_of(pdf_bytes(curtain_cards(COURSE[9])))))
        head = squash(f"{say('desk_board', name='10A')} · {Seat.E.word}")
        assert re.search(re.escape(head) + "[^·]*" + re.escape(squash(without_readings(line))), text)
        from teacher.curtain_cards import COLUMNS

        sheet = Sheet("a4", None, "")
        sheet.add_page()
        room = sheet.inner_width / COLUMNS - 2 * 5
        assert len(sheet.text_lines(line, room, 10, "B")) <= 3  # the slip keeps room for three lines (a row fewer)
    finally:
        messages.set_language("en")


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_a_worksheet_of_tick_boxes_only_says_tick_a_box_not_write_a_sum(edition):
    """Reader hd: lessons 2 and 4's Japanese worksheets said 式と答えは線の上に書きます over items
    that are all tick boxes. Reader r12: lesson 3's, all lines, said "or tick one box"."""
    from exercises.course import lesson_of

    was = messages.current_language()
    messages.set_language(edition)
    try:
        for number in (2, 3, 4):
            lesson = lesson_of(number)
            ticks = all(q.options for q in lesson.quiz().questions)
            lines = not any(q.options for q in lesson.quiz().questions)
            text = squash(pypdf.PdfReader(io.BytesIO(pdf_bytes(worksheet(lesson)))).pages[0].extract_text())
            said = "desk_worksheet_intro_ticks" if ticks else "desk_worksheet_intro_lines" if lines else "desk_worksheet_intro"
            assert squash(say(said)) in text
            assert (ticks, lines) == ((False, True) if number == 3 else (True, False))
            assert ("tick" in say(said) or "✔" in say(said)) is ticks
    finally:
        messages.set_language(was)


def test_an_english_worksheets_title_stays_on_one_line():
    """Readers (club teachers): lesson 14's practice sheet title wrapped its last word onto a
    second line. An English title now shrinks (18 down to 14 points) until it fits."""
    messages.set_language("en")
    for number in (14, 20, 22):
        lesson = lesson_of(number)
        for make, key in ((practice_sheet, "desk_practice_sheet_title"), (worksheet, "desk_worksheet_title")):
            title = say(key, number=number, title=lesson.title)
            first = pypdf.PdfReader(io.BytesIO(pdf_bytes(make(lesson)))).pages[0].extract_text().splitlines()[0]
            assert first.strip() == title, (number, first)


def test_a_line_whose_word_was_printed_with_ruby_before_has_room_for_its_reading():
    """Readers (club teachers): in lesson 15's Japanese hand records, 15B's 切り札 (plain in its
    text, its reading drawn because the title printed it with ruby) ran into the line above. A
    line gets a ruby line's height wherever a reading will be drawn over it; the two boards
    still share one page."""
    from teacher.hand_record import hand_records
    from teacher.paper import RUBY_LINE

    sheet = Sheet("a4", None, "t")
    sheet.add_page()
    plain = sheet.line_height(10, "北がクラブを切り札にします")
    sheet.words("<ruby>切り札<rt>きりふだ</rt></ruby>", size=10)
    assert sheet.line_height(10, "北がクラブを切り札にします") == 10 / sheet.k * RUBY_LINE > plain
    assert sheet.line_height(10, "Play trumps") == plain  # English text has no readings
    was = messages.current_language()
    messages.set_language("ja")
    try:
        assert len(pypdf.PdfReader(io.BytesIO(pdf_bytes(hand_records(lesson_of(15))))).pages) == 1
    finally:
        messages.set_language(was)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_hand_record_names_the_first_card_of_a_set_deal_that_has_one(language):
    """Reader (a teacher): 20B's record said only "Leads first: West". Boards made up from the
    hand records without the curtain cards told no West to lead the ♥K, and after another lead
    South takes 11 tricks: there is no hold-up to see. Every set deal with a script (the cards the
    lesson's question starts from) names its first card on the record, the leader's own card."""
    scripted = [board for deals in SET_DEALS.values() for board in deals if board.script]
    assert {"20B", "20A", "22A"} <= {board.name for board in scripted}
    messages.set_language(language)
    try:
        for number in sorted({int(board.name[:-1]) for board in scripted}):
            lesson = lesson_of(number)
            flat = squash(words_of(pdf_bytes(hand_records(lesson))))
            for board in lesson.deals:
                if not board.script:
                    continue
                first = Card(board.script.split()[0])
                leader = board.leader or minibridge.start_play(board.deal, minibridge.declarer(board.deal),
                                                               board.contract or "NT partscore").to_play
                assert first in board.deal[leader].cards, board.name
                assert squash(say("desk_leads_card", seat=leader.word, card=str(first))) in flat, board.name
                assert str(first) in say("desk_leads_card", seat=leader.word, card=str(first))
    finally:
        messages.set_language("en")
