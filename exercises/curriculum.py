"""The school maths each lesson practises, so that a maths lead can place it in a scheme of work.

The English edition names objectives of the National Curriculum in England (mathematics
programmes of study: key stages 1 and 2, September 2013): the year group and the statement,
quoted in its own words. The Japanese edition names the grade and the content of the 小学校学習指導要領
(平成29年告示) 算数: the grade, the item ("A(3)") and its name as the document gives it ("整数の除法");
the grades are those of the arithmetic itself (52 ÷ 4, two digits by one with regrouping, is 小4,
not 小3). A lesson's teacher section shows them under its plan (``exercises.plans``).

>>> [objective.year for objective in objectives_of(1)]
[3, 2]
>>> contents_of(1)[0].grade, contents_of(1)[0].title
(4, '整数の除法')
"""
from __future__ import annotations

from dataclasses import dataclass

from cardlib import say
from cardlib.render import text_html


@dataclass(frozen=True)
class Objective:
    """A statement of the National Curriculum in England, with its year group."""

    year: int
    statement: str


@dataclass(frozen=True)
class Content:
    """A content item of the 学習指導要領 算数: its grade (小1 … 小6), item ("A(3)") and name."""

    grade: int
    item: str
    title: str


# The statements, word for word (Department for Education, September 2013).
Y1_HALF = Objective(1, "recognise, find and name a half as one of two equal parts of an object, shape or quantity")
Y2_FACTS = Objective(2, "recall and use addition and subtraction facts to 20 fluently, and derive and use related facts up to 100")
Y2_ADD = Objective(2, "add and subtract numbers using concrete objects, pictorial representations, and mentally, including: "
                      "a two-digit number and ones; a two-digit number and tens; two two-digit numbers; adding three one-digit numbers")
Y2_COMPARE = Objective(2, "compare and order numbers from 0 up to 100; use <, > and = signs")
Y2_TABLES = Objective(2, "recall and use multiplication and division facts for the 2, 5 and 10 multiplication tables, "
                         "including recognising odd and even numbers")
Y3_MENTAL = Objective(3, "add and subtract numbers mentally, including: a three-digit number and ones; a three-digit number "
                         "and tens; a three-digit number and hundreds")
Y3_MISSING = Objective(3, "solve problems, including missing number problems, using number facts, place value, and more "
                          "complex addition and subtraction")
Y3_TABLES = Objective(3, "recall and use multiplication and division facts for the 3, 4 and 8 multiplication tables")
Y3_STATEMENTS = Objective(3, "write and calculate mathematical statements for multiplication and division using the "
                             "multiplication tables that they know, including for two-digit numbers times one-digit numbers, "
                             "using mental and progressing to formal written methods")
Y3_FRACTIONS = Objective(3, "recognise, find and write fractions of a discrete set of objects: unit fractions and non-unit "
                            "fractions with small denominators")
Y3_ORDER = Objective(3, "compare and order numbers up to 1000")
Y4_TWO_STEP = Objective(4, "solve addition and subtraction two-step problems in contexts, deciding which operations and "
                           "methods to use and why")
Y4_MULTIPLY_ADD = Objective(4, "solve problems involving multiplying and adding, including using the distributive law to "
                               "multiply two digit numbers by one digit, integer scaling problems and harder correspondence "
                               "problems such as n objects are connected to m objects")
Y5_PERCENT = Objective(5, "recognise the per cent symbol (%) and understand that per cent relates to ‘number of parts per "
                          "hundred’, and write percentages as a fraction with denominator 100, and as a decimal")
Y6_ORDER = Objective(6, "use their knowledge of the order of operations to carry out calculations involving the four operations")
Y6_FORMULAE = Objective(6, "use simple formulae")
Y6_ENUMERATE = Objective(6, "enumerate possibilities of combinations of two variables")

ENGLAND: dict[int, tuple[Objective, ...]] = {
    1: (Y3_STATEMENTS, Y2_COMPARE),          # 52 ÷ 4 = 13 tricks; the cards in order
    2: (Y2_FACTS, Y2_COMPARE),               # 4 + 3 cards; the higher trump
    3: (Y2_ADD, Y3_MISSING),                 # 12 + 8 + 14 + 6 = 40; the missing announcement
    4: (Y2_COMPARE, Y3_MISSING),             # the two sides' totals; 40 − 22
    5: (Y4_TWO_STEP,),                       # add the points, then compare with 25 ("more than half of 13" is one phrase, not a lesson on mixed numbers)
    6: (Y4_MULTIPLY_ADD, Y3_MENTAL),         # 4 × 30 + 300; 120 + 50
    7: (Y3_MISSING, Y4_TWO_STEP),            # 13 − 5 − 3 missing; sure tricks and long-suit tricks
    8: (Y3_MISSING, Y4_TWO_STEP),            # 13 − 8 trumps out; two fall each round
    9: (Y1_HALF, Y2_FACTS),                  # 1 chance in 2; counting sure tricks
    10: (Y2_COMPARE, Y2_FACTS),              # the fourth highest card; 6 + the level
    11: (Y2_FACTS, Y2_COMPARE),              # 14 − 9; second hand low, third hand high
    12: (Y4_TWO_STEP, Y4_MULTIPLY_ADD),      # the tricks and the score of a whole hand
    13: (Y2_FACTS, Y2_COMPARE),              # 5 + 3 cards; 12 points to open; 6 + the level
    14: (Y3_TABLES, Y3_MISSING),             # 32 ÷ 4 = 8 cards; 60 − the points taken
    15: (Y3_STATEMENTS, Y3_MISSING),         # 15 × 4 = 60 (two digits times one); the points left
    16: (Y6_ORDER, Y3_TABLES, Y3_STATEMENTS),  # (46 − 30) × 2; × 2, × 4, × 8; 60 ÷ 4 = 15
    17: (Y3_TABLES, Y2_FACTS),               # × 2 and × 4; 11 + 4 = 15
    18: (Y3_FRACTIONS, Y5_PERCENT, Y6_ENUMERATE),  # 13 of 52; 25%; counting the ways
    19: (Y6_FORMULAE, Y4_MULTIPLY_ADD),      # a rule written as a function; the score
    20: (Y2_FACTS, Y2_COMPARE),              # 13 − 10 = 3 losers allowed; 4 losers against 3
    21: (Y3_ORDER, Y2_TABLES),              # the traveller's scores in order; 2 × the tables beaten (+ 1 a tie)
    22: (Y2_COMPARE, Y2_FACTS),              # which card beats which; 6 or higher, 5 or lower; 14 − 10 = 4 tricks to beat ♠ game
}

# 小学校学習指導要領（平成29年告示）第3節 算数: grade, item, name.
A1_NUMBERS = Content(1, "A(1)", "数の構成と表し方")
A1_ADD = Content(1, "A(2)", "加法及び減法")
A2_NUMBERS = Content(2, "A(1)", "数の構成と表し方")  # its ア(カ): 1/2、1/3 など簡単な分数について知ること
A2_ADD = Content(2, "A(2)", "加法及び減法")
A2_MULTIPLY = Content(2, "A(3)", "乗法")
A3_ADD = Content(3, "A(2)", "加法及び減法")
A3_NUMBERS = Content(3, "A(1)", "整数の表し方")
A3_MULTIPLY = Content(3, "A(3)", "乗法")
A3_DIVIDE = Content(3, "A(4)", "除法")
A3_EXPRESSIONS = Content(3, "A(7)", "数量の関係を表す式")
A4_DIVIDE = Content(4, "A(3)", "整数の除法")
A5_FRACTIONS = Content(5, "A(4)", "分数の意味と表し方")
C5_PROPORTION = Content(5, "C(3)", "割合")
A6_LETTERS = Content(6, "A(1)", "文字を用いた式")
D6_CASES = Content(6, "D(2)", "起こり得る場合")

JAPAN: dict[int, tuple[Content, ...]] = {
    1: (A4_DIVIDE, A1_NUMBERS),              # 52 ÷ 4 (2位数 ÷ 1位数, 十の位にあまり): 小4
    2: (A1_ADD, A1_NUMBERS),
    3: (A2_ADD, A3_EXPRESSIONS, A3_MULTIPLY),  # 40 になるたし算; □ を使った式; 10 × 4
    4: (A2_ADD, A3_EXPRESSIONS),
    5: (A2_ADD, A2_NUMBERS),                 # 15 + 12 = 27, compared with 25 (数の大小); nothing is rounded, and 以上 (小4's word) is said 「それより多い」 (reader Q)
    6: (A3_MULTIPLY, A3_ADD),                # 30 × 4; 120 + 300
    7: (A2_ADD, A3_MULTIPLY),                # 13 − 8; the recap's 30 × 4
    8: (A2_ADD, A3_MULTIPLY),                # 13 − 8; 30 × 5 (何十のかけ算), 2まいずつ2回 (no division)
    9: (A2_NUMBERS, A2_ADD),                 # 2回に1回 = 2分の1 (小2の簡単な分数; 場合の数でも確率 (中2) でもない); 8 + 1 = 9
    10: (A1_NUMBERS, A2_ADD),
    11: (A1_ADD, A1_NUMBERS),
    12: (A3_ADD, A3_MULTIPLY),
    13: (A1_ADD, A1_NUMBERS),
    14: (A3_DIVIDE, A2_ADD),                 # 32 ÷ 4 (九九): 小3
    15: (A3_MULTIPLY, A2_ADD),               # 15 × 4 = 60 (2位数 × 1位数): 小3; the lesson divides nothing
    16: (A3_ADD, A3_MULTIPLY),               # 101 − 22 (3位数のひき算); 16 × 2, 15 × 4 (2位数 × 1位数): 小3; the Japanese text writes no brackets and divides nothing (reader Q)
    17: (A2_MULTIPLY, A2_ADD, A3_DIVIDE),    # × 2, × 4; 11 + 4; 30 ÷ 3
    18: (C5_PROPORTION, A5_FRACTIONS, D6_CASES),  # 百分率; 13/52 = 1/4; 場合の数
    19: (A6_LETTERS, A3_MULTIPLY),
    20: (A1_ADD, A1_NUMBERS),                # 13 − 10 = 3; 4 と 3 をくらべる
    21: (A3_NUMBERS, A2_MULTIPLY, A2_ADD),   # 得点の大小; 2 × 勝ったテーブル + 同点 (負の数は中1: −110 は「南北が110点取られた」と読む)
    22: (A1_NUMBERS, A1_ADD),                # カードの大小・6以上と5以下; 14 − 10 = 4
}


def objectives_of(lesson) -> tuple[Objective, ...]:
    """The National Curriculum objectives a lesson (a number or a Lesson) practises."""
    return ENGLAND[getattr(lesson, "number", lesson)]


def contents_of(lesson) -> tuple[Content, ...]:
    """The 学習指導要領 contents a lesson (a number or a Lesson) practises."""
    return JAPAN[getattr(lesson, "number", lesson)]


def curriculum_lines(lesson, edition: str) -> tuple[str, list[str]]:
    """The heading and the lines a teacher reads: the English curriculum in the English edition,
    the Japanese one in the Japanese edition.

    >>> heading, lines = curriculum_lines(16, "en")
    >>> lines[0]
    'Year 6: “use their knowledge of the order of operations to carry out calculations involving the four operations”'
    """
    if edition == "ja":
        return say("curriculum_japan"), [say("curriculum_content", grade=c.grade, item=c.item, title=c.title)
                                         for c in contents_of(lesson)]
    return say("curriculum_england"), [say("curriculum_objective", year=o.year, statement=o.statement)
                                       for o in objectives_of(lesson)]


def curriculum_html(lesson, edition: str) -> str:
    heading, lines = curriculum_lines(lesson, edition)
    items = "".join(f"<li>{text_html(line)}</li>" for line in lines)
    return f"<p><b>{text_html(heading)}</b></p><ul>{items}</ul>"
