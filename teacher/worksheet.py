"""A lesson's worksheet and its answer key: the very questions of the lesson's quiz
(``Lesson.quiz()``: same kinds, same seed), with their pictures drawn as cards; and its practice
sheet with its answers (``Lesson.practice_sheet()``: the practice kinds, none a quiz question),
for a class that practises on paper before the quiz.

>>> from exercises.course import COURSE
>>> key = answer_key(COURSE[5])
>>> key.page_no() >= 1
True
"""
from __future__ import annotations

from cardlib import say
from exercises.course import Lesson
from teacher import drawing
from teacher.paper import GREY, LIGHT, Sheet, is_japanese

INDENT = 9.0  # the question's number stands in the margin this makes
BOX = 3.6  # a tick box, mm
OPTION_SIZE = 11
RULE_GAP = 3  # mm from a question's answer space down to the rule under it
WORKED = ("number", "fraction", "percent")  # answers worked out by a sum: a line for the sum (式) before the answer's, on its row


ANSWER_LINE = 40  # mm to write the answer on
ANSWER_GAP = 8  # mm between the line for the sum and the answer's label


def _line(sheet: Sheet, label: str, x: float, y: float, length: float) -> float:
    """A label and a line to write on after it; returns where the line ends."""
    sheet.set_font("sans", "B", 12)
    sheet.set_xy(x, y + 2)
    sheet.cell(sheet.get_string_width(label) + 2, 6, label)
    sheet.set_draw_color(GREY)
    sheet.line(sheet.get_x(), y + 8, sheet.get_x() + length, y + 8)
    return sheet.get_x() + length


def _label_width(sheet: Sheet, label: str) -> float:
    sheet.set_font("sans", "B", 12)
    return sheet.get_string_width(label) + 2


def worksheet(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """The lesson's quiz on paper: a name line, then each question with its picture and
    a place for the answer (a line, or a box to tick for each choice; a line for the sum
    before the answer's, on the same row, when the answer is worked out by one)."""
    return _questions_sheet(say("desk_worksheet_title", number=lesson.number, title=lesson.title),
                            lesson.quiz().questions, paper, theme)


def practice_sheet(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """The lesson's practice on paper, laid out as the worksheet: other questions than the quiz's."""
    return _questions_sheet(say("desk_practice_sheet_title", number=lesson.number, title=lesson.title),
                            lesson.practice_sheet(), paper, theme)


def _questions_sheet(title: str, questions, paper: str, theme) -> Sheet:
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title, size=_title_size(sheet, title))
    sheet.words(say("desk_name_date"), size=12)
    sheet.ln(2)
    questions = list(questions)
    # a sheet of tick boxes only (lessons 2 and 4) says so, with no line for a sum (reader hd)
    ticks = all(question.options for question in questions)
    # and a sheet with no box says nothing of boxes (reader r12: lesson 3's)
    lines = not any(question.options for question in questions)
    intro = "desk_worksheet_intro_ticks" if ticks else "desk_worksheet_intro_lines" if lines else "desk_worksheet_intro"
    sheet.words(say(intro), size=10, colour=GREY)
    sheet.ln(3)
    early = _early_break(sheet, questions)
    for number, question in enumerate(questions, 1):
        if number == early:
            sheet.add_page()
        _question(sheet, number, question)
    return sheet


def _pages(sheet: Sheet, questions) -> list[list[int]]:
    """The questions' numbers on each page as ``_question`` lays them out from the writing
    position: each question's block whole on one page."""
    width = sheet.inner_width - INDENT
    pages, y, top = [[]], sheet.get_y(), sheet.t_margin
    for number, question in enumerate(questions, 1):
        height = _block_height(sheet, question, width)
        if y + height - AFTER_RULE > sheet.bottom and pages[-1]:
            pages.append([])
            y = top
        pages[-1].append(number)
        y += height
    return pages


def _early_break(sheet: Sheet, questions) -> int | None:
    """The question that starts page 2 a question early, or None: a sheet of two pages whose
    second would hold its last question alone, under it an empty page (lesson 3's worksheet: four
    questions, then the fifth alone), takes one from page 1 when page 1 keeps two or more, so
    each page holds at least two questions to write on."""
    pages = _pages(sheet, questions)
    if len(pages) == 2 and len(pages[1]) == 1 and len(pages[0]) >= 3:
        return pages[0][-1]
    return None


def _title_size(sheet: Sheet, title: str, size: float = 18, smallest: float = 14) -> float:
    """The heading's size: 18, or smaller (down to 14) so that an English title fits on one line
    ("Lesson 14: Manille: cards and points · practice sheet" wrapped its last word at 18)."""
    if is_japanese(title):
        return size
    sheet.set_font("sans", "B", size)
    room = sheet.inner_width - 2 * sheet.c_margin
    while size > smallest and sheet.get_string_width(title) > room:
        size -= 0.5
        sheet.set_font("sans", "B", size)
    return size


def _question(sheet: Sheet, number: int, question) -> None:
    x = sheet.l_margin + INDENT
    width = sheet.inner_width - INDENT
    room = _room_beside(sheet, question, width)
    sheet.room_for(_block_height(sheet, question, width) - AFTER_RULE)
    top = sheet.get_y()
    sheet.set_font("sans", "B", 12)
    sheet.set_xy(sheet.l_margin, top)
    sheet.cell(INDENT, sheet.line_height(12), f"{number}.")
    sheet.set_y(top)
    sheet.words(question.prompt, x=x, width=width, size=12)
    _rules(sheet, question, x, width)
    sheet.ln(2)
    y = sheet.get_y()
    foot = y + drawing.picture(sheet, question.picture, x, y, width)
    if room:
        left, top, room_width, _ = room
        sheet.set_y(y + top)
        _answer_space(sheet, question, x + left, room_width)
        sheet.set_y(foot)
    else:
        sheet.set_y(foot)
        _answer_space(sheet, question, x, width)
    sheet.ln(RULE_GAP)
    sheet.set_draw_color(LIGHT)
    sheet.line(sheet.l_margin, sheet.get_y(), sheet.w - sheet.r_margin, sheet.get_y())
    sheet.ln(AFTER_RULE)


RULES_SIZE = 10
AFTER_RULE = 2.5  # mm from the rule under a question to the next question's number


def _block_height(sheet: Sheet, question, width: float) -> float:
    """How tall a question's block is, from its number down to the next question's: its prompt,
    the rules under it, its picture, the answer's space (beside the picture when it fits there),
    the rule under it and the gap after."""
    room = _room_beside(sheet, question, width)
    return (sheet.words_height(question.prompt, width, 12) + _rules_height(sheet, question, width) + 2
            + drawing.picture_height(question.picture, width) + (0 if room else _answer_height(sheet, question, width))
            + RULE_GAP + AFTER_RULE)


def _rules_height(sheet: Sheet, question, width: float) -> float:
    return sheet.words_height(question.rules_line, width, RULES_SIZE) + 1 if question.rules_line else 0


def _rules(sheet: Sheet, question, x: float, width: float) -> None:
    """The rules in force under the question (the trump suit, the scoring), as the screen shows
    them: on paper without them a trick or a score can have two right answers."""
    if question.rules_line:
        sheet.ln(1)
        sheet.words(question.rules_line, x=x, width=width, size=RULES_SIZE)


def _option_rows(sheet: Sheet, question, width: float) -> list[list[tuple[str, float]]]:
    """The choices laid out in rows that fit ``width``: (label, width) pairs."""
    sheet.set_font("sans", "", OPTION_SIZE)
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for label, _ in question.options:
        w = BOX + 2 + sheet.get_string_width(label) + 7
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append((label, w))
        used += w
    return rows


def _room_beside(sheet: Sheet, question, width: float) -> tuple[float, float, float, float] | None:
    """The room on the right of the question's picture, when the answer's boxes (or its line,
    when no sum is worked out for it) fit there: a trick alone has its four cards to tick beside
    it, and a trick with the hand that plays to it has them under the hand (lesson 11's items
    took 130 mm, now under 90). None when the answer goes under the picture."""
    room = drawing.free_room(question.picture, width)
    if not room or (not question.options and question.answer_kind in WORKED):
        return None
    _, _, room_width, room_height = room
    if question.options:
        fits = all(sum(w for _, w in row) <= room_width for row in _option_rows(sheet, question, room_width))
    else:
        fits = _label_width(sheet, say("desk_answer_label")) + 45 <= room_width
    return room if fits and _answer_height(sheet, question, room_width) <= room_height else None


def _answer_height(sheet: Sheet, question, width: float) -> float:
    if question.options:
        return len(_option_rows(sheet, question, width)) * 7
    return 10


def _answer_space(sheet: Sheet, question, x: float, width: float) -> None:
    """A line for the answer; for an answer worked out by a sum, a line for the sum before it on
    the same row (one row, not two: five items of lesson 7 then fit two pages, not three)."""
    y = sheet.get_y()
    if not question.options:
        if question.answer_kind in WORKED:
            answer = _label_width(sheet, say("desk_answer_label")) + ANSWER_LINE
            working = width - _label_width(sheet, say("desk_working_label")) - ANSWER_GAP - answer
            x = _line(sheet, say("desk_working_label"), x, y, working) + ANSWER_GAP
        _line(sheet, say("desk_answer_label"), x, y, ANSWER_LINE if question.answer_kind in WORKED else 45)
        sheet.set_y(y + 10)
        return
    for row in _option_rows(sheet, question, width):
        left = x
        for label, w in row:
            sheet.set_draw_color(GREY)
            sheet.set_line_width(0.3)
            sheet.rect(left, y + 1.6, BOX, BOX)
            sheet.coloured_line(label, left + BOX + 2, y + 1, 4.8, OPTION_SIZE)
            left += w
        y += 7
    sheet.set_y(y)


def answer_key(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """The worksheet's answers, each with the working a pupil sees on screen after Check."""
    return _answers_sheet(say("desk_answer_key_title", number=lesson.number, title=lesson.title),
                          lesson.quiz().questions, paper, theme)


def practice_answers(lesson: Lesson, paper: str = "a4", theme=None) -> Sheet:
    """The practice sheet's answers, each with its working."""
    return _answers_sheet(say("desk_practice_answers_title", number=lesson.number, title=lesson.title),
                          lesson.practice_sheet(), paper, theme)


def _answers_sheet(title: str, questions, paper: str, theme) -> Sheet:
    sheet = Sheet(paper, theme, title)
    sheet.add_page()
    sheet.heading(title, size=_title_size(sheet, title))
    x = sheet.l_margin + INDENT
    width = sheet.inner_width - INDENT
    for number, question in enumerate(questions, 1):
        answer = say("desk_answer_is", answer=question.right_answer)
        sheet.room_for(sheet.words_height(question.prompt, width, 10) + _rules_height(sheet, question, width)
                       + sheet.words_height(answer, width, 12, "B") + sheet.words_height(question.explanation, width, 11) + 6)
        top = sheet.get_y()
        sheet.set_font("sans", "B", 12)
        sheet.set_xy(sheet.l_margin, top)
        sheet.cell(INDENT, sheet.line_height(12), f"{number}.")
        sheet.set_y(top)
        sheet.words(question.prompt, x=x, width=width, size=10, colour=GREY)
        _rules(sheet, question, x, width)
        sheet.words(answer, x=x, width=width, size=12, style="B")
        sheet.words(question.explanation, x=x, width=width, size=11)
        sheet.ln(4)
    return sheet
