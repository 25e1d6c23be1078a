"""The Japanese edition: no English left anywhere a pupil or teacher reads, kanji above grade 3
with their readings, ruby kept in HTML, written as brackets in plain text and printed above
its word on paper, and the chance
lab's chart in Japanese words, in the Japanese fonts the page names.

The walks fail (as xfail, naming what is left) until every Japanese message is written; a walk
that breaks in Japanese fails at once."""
from __future__ import annotations

import json
import re

import pytest

from cardlib import messages, render
from translators import catalogue
from tests.japanese_tools import WORDS, english_left, english_punctuation, kanji_needing_ruby, other_spellings
from tests.lesson_tools import NOTEBOOKS, cell_text
from tests.message_walks import (TYPED, all_exercise_texts, card_table_texts, chance_lab_texts, coder_texts, exercise_widget_texts,
                           other_table_texts, practice_and_quiz_texts, printout_texts)

# The teacher's desk and the lessons' plans are for adults, except the pupils' own printouts.
PUPILS_PRINTOUT_KEYS = ("desk_worksheet_", "desk_practice_sheet_", "desk_certificate_", "desk_name_date", "desk_answer_label")


def pupil_facing(domain: str, key: str) -> bool:
    """Not the teacher's: the teacher's desk's messages, the lessons' plans, and the teacher's words
    kept in another owner's catalogue (desk_..., rooms_teacher_...), are for adults."""
    teachers = domain in ("teacher", "plans") or key.startswith(("desk_", "rooms_teacher_"))
    return not teachers or key.startswith(PUPILS_PRINTOUT_KEYS)


@pytest.fixture
def japanese():
    messages.set_language("ja")
    messages.texts("ja")  # read now, so a test may put a message of its own in messages._tables["ja"]
    yield
    messages.set_language("en")


def untranslated() -> int:
    return len(messages.texts("en")) - len(messages.texts("ja"))


def no_english_left(texts, code_words: frozenset = frozenset()) -> None:
    def lessons_words(text: str) -> str:
        for typed in TYPED + ("{nb}",):  # and fpdf2's sign for the number of pages
            text = text.replace(typed, "")
        return text

    left = sorted({t for t in texts if set(english_left(lessons_words(t))) - code_words})
    if left and untranslated():
        pytest.xfail(f"{untranslated()} messages are not in Japanese yet; English left, e.g. {left[:3]}")
    assert left == []
    no_english_punctuation(texts)


_JAPANESE = re.compile(r"[ぁ-ゖァ-ヺ\u4e00-\u9fff]")


def no_english_punctuation(texts) -> None:
    found = {t[:80]: english_punctuation(t) for t in texts if _JAPANESE.search(t) and english_punctuation(t)}
    assert found == {}


def test_the_checks_themselves():
    assert kanji_needing_ruby("<ruby>札<rt>ふだ</rt></ruby>と点と札、<ruby>得点<rt>とくてん</rt></ruby>、得") == ["札", "得"]
    assert english_left("♠Kの勝ち、N–S 12点、10♥") == [] and english_left("trumps: ♥") == ["trumps"]
    assert english_punctuation("北は9点; 南は5点. 2回に1回, いつも") == ["北は9点;", "南は5点.", "2回に1回,"]
    assert english_punctuation("北は9点、南は5点。AK1032.K32、0.25、10,000回、「あいこ,けん」") == []
    assert english_punctuation("まだです。 もう一度。") == ["まだです。"] and english_punctuation("まだです。\nもう一度。  \n") == []


def test_japanese_sentences_follow_each_other_with_no_space(japanese):
    """A value that ends its sentence, then the message's space before the next, or sentences
    the code puts together: no space after 。, as after an English full stop."""
    from cardlib import sentences
    from exercises.kinds import make_question

    assert messages.say("ex_not_yet", slip="エースは4点です。") == "✘ まだです。エースは4点です。もう一度やってみましょう。"
    assert sentences("まだです。", "", "もう一度やってみましょう。") == "まだです。もう一度やってみましょう。"
    messages.set_language("en")
    assert sentences("Not yet.", "", "Try again.") == "Not yet. Try again."
    messages.set_language("ja")
    long_suit = make_question("long_suit_tricks", 3)
    assert "。" in long_suit.explanation and "。 " not in long_suit.explanation


def test_pupils_japanese_messages_use_kanji_to_grade_3_or_give_the_reading():
    needing = {}
    for domain in catalogue.DOMAINS:
        for key, text in catalogue.entries(catalogue.read_po(domain, "ja")).items():
            if text and pupil_facing(domain, key) and kanji_needing_ruby(text):
                needing[key] = kanji_needing_ruby(text)
    assert needing == {}


def japanese_texts():
    """(where, text) for every Japanese text a person reads: each message of the ja catalogues,
    and the prose (markdown cells) of every Japanese lesson."""
    for domain in catalogue.DOMAINS:
        for key, text in catalogue.entries(catalogue.read_po(domain, "ja")).items():
            yield f"{domain} {key}", text
    for path in sorted((NOTEBOOKS / "ja").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                yield f"{path.stem} {cell.get('id')}", cell_text(cell)


def test_every_japanese_message_and_lesson_ends_its_sentences_with_maru():
    no_english_punctuation(text for _, text in japanese_texts())


def test_one_word_one_spelling_across_the_japanese_lessons_messages_and_glossary():
    assert other_spellings("ディールの配り方、切り札をはき出させる、Python は") == ["配り方", "はき出させ", "Python"]
    assert other_spellings("北南のスートをプレーして、カードを切って配り、♣2で切ります。宣言してつぎへ") == [
        "北南", "スート", "プレー", "カードを切っ", "切ります", "宣言", "つぎ"]
    assert other_spellings("南北のスーツをプレイして、切り札で、「切る」とも言う。区切る") == []
    assert other_spellings("北と南の点数。短い方の手から、その<ruby>札<rt>ふだ</rt></ruby>を。9トリックとれる。トリックの点") == [
        "点数", "手", "<ruby>札<rt>ふだ</rt></ruby>", "トリックと", "トリックの点"]
    assert other_spellings("ペアの点数は26点。手<ruby>札<rt>ふだ</rt></ruby>、<ruby>切<rt>き</rt></ruby>り<ruby>札<rt>ふだ</rt></ruby>、"
                           "絵<ruby>札<rt>ふだ</rt></ruby>、同じ手順、9トリック取れる") == []  # a pair's HCP, 手順
    # a hand of cards is 手札 in a rule line too; 手 stays in other words (上手 aside: its own entry)
    assert [other_spellings(t) for t in ("どちらの手にも、うつれます", "カードのある手にもどれる", "カードは、手にもどす")] == [["手"]] * 3
    assert other_spellings("相手の手順。手をあげて、手に持ってプレイ。どちらの手<ruby>札<rt>ふだ</rt></ruby>にも") == []
    # what is counted is かならず取れるトリック; a card that surely wins is かならず勝てるカード
    assert [other_spellings(t) for t in ("かならず勝てるカードは7。", "かならず勝てるカード：♠A K", "かならず勝てるカード8つと♥Q",
                                         "かならず勝てるカードを数えよう", "2つの手でかならず勝てるトリック")] == [
        ["かならず勝てるカード"]] * 4 + [["手", "かならず勝てるトリック"]]
    assert other_spellings("西は♦K（つづきのいちばん上）をリード。A、K、Q、Jがつづきます") == ["つづき"]  # a sequence is シークエンス
    assert other_spellings("♠Aはかならず勝てるカードです。エントリーは、かならず勝てるカードです。かならず取れるトリックは7。") == []
    found = {where: other_spellings(text) for where, text in japanese_texts() if other_spellings(text)}
    assert found == {}


def test_double_dummy_is_said_as_the_english_says_with_good_play():
    """ダブルダミー is a solver's word a teacher new to bridge does not know: the notes and messages say
    「4人ともいちばんよいプレイをしたとき」 (the English's "with good play"); the word itself only in
    brackets after that."""
    unexplained = re.compile(r"(?<!（)ダブルダミー")
    assert unexplained.search("ダブルダミーでは8トリック") and not unexplained.search("トリック数の表（ダブルダミーの表）")
    assert {where for where, text in japanese_texts() if unexplained.search(text)} == set()


def test_matchpoints_are_never_written_as_the_points_of_a_score():
    """点 is a score's (得点) or a hand's (点数): what a table beaten or tied gives is マッチポイント,
    as the quiz and the traveller write it."""
    as_points = re.compile(r"テーブル1つで[0-9]+点")
    assert as_points.search("勝ったテーブル1つで2点") and not as_points.search("勝ったテーブル1つで2マッチポイント")
    assert {where for where, text in japanese_texts() if as_points.search(text)} == set()


def test_lesson_12_writes_a_result_as_tokuten_and_a_hands_points_as_tensuu():
    """Reader P: lesson 12 headed the score pad's step "点数" and said the pad adds up 点数: a
    result on the score sheet is 得点, the points in a hand 点数 (JAPANESE.md's word table)."""
    cells = json.loads((NOTEBOOKS / "ja" / "12_a_whole_hand.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    tokuten = "<ruby>得点<rp>（</rp><rt>とくてん</rt><rp>）</rp></ruby>"
    assert f"8. <b>{tokuten}。</b>" in text and f"スコア表が{tokuten}をたしてくれます" in text
    assert "2. <b>点数を言う。</b>" in text  # announcing a hand's points stays 点数
    score_words = re.compile(r"点数(?:をたし|。</b>|は日本のクラブのルール)|コントラクト、点数")
    assert not score_words.search(text), score_words.findall(text)


def test_a_reading_stands_over_a_kanji_never_over_kana():
    """A replacement that puts a kana word inside a ruby (<ruby>カード<rt>ふだ</rt></ruby>) would pass
    every other check: no text has one."""
    over_kana = re.compile(r"<ruby>[ぁ-ゖァ-ヺー]+(?:<rp>（</rp>)?<rt>")
    assert over_kana.search("<ruby>カード<rt>ふだ</rt></ruby>") and not over_kana.search("<ruby>札<rt>ふだ</rt></ruby>")
    found = {where: over_kana.findall(text) for where, text in japanese_texts() if over_kana.search(text)}
    assert found == {}


def test_the_one_word_table_puts_the_one_word_in_and_touches_no_code_cell(tmp_path):
    """The replacement is the check's own table: after it, the check finds nothing; it changes
    markdown only, so the Japanese lessons keep the English code cells byte for byte."""
    from exercises.japanese_words import apply, one_word
    text = "北南がスートをプレーします。<ruby>宣言<rp>（</rp><rt>せんげん</rt><rp>）</rp></ruby>して、東が切ったら"
    assert other_spellings(one_word(text)) == [] and one_word(one_word(text)) == one_word(text)
    (tmp_path / "notebooks" / "ja").mkdir(parents=True)
    cells = [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": ["北南のスート"]},
             {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": None, "outputs": [],
              "source": ["say('北南のスート')"]}]
    (tmp_path / "notebooks" / "ja" / "01_x.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")
    from unittest import mock
    with mock.patch("translators.catalogue.read_po", return_value=[]), mock.patch("translators.catalogue.write_po") as write:
        assert apply(tmp_path) == ["01_x.ipynb"] and not write.called
    after = json.loads((tmp_path / "notebooks" / "ja" / "01_x.ipynb").read_text(encoding="utf-8"))["cells"]
    assert after[0]["source"] == ["南北のスーツ"] and after[1]["source"] == ["say('北南のスート')"]


# 式に単位をつけない: a Japanese sum has no unit on its numbers (12 − 6 = 6, then 6トリック), and
# multiplies 1つ分 × いくつ分 (100 × 2 for two tricks short, as the club guide writes 100点 × ダウン数)
_UNIT_IN_SUM = re.compile(r"[0-9}]+ ?(?:点|トリック|まい|人|回|倍|つ)[^\S\n]?[+\-−×÷][^\S\n]?[{0-9(]"
                          r"|[+\-−×÷] ?[{0-9][0-9}a-z_]* ?(?:点|トリック|まい|人|回|つ) ?[+\-−×÷=]|足りない ×")


def test_japanese_sums_keep_units_out_of_their_numbers():
    assert _UNIT_IN_SUM.search("12トリック − 6 = 6") and _UNIT_IN_SUM.search("4つのスーツ × 13まい = 52まい")
    assert not _UNIT_IN_SUM.search("12 − 6 = 6。6トリックです。") and not _UNIT_IN_SUM.search("30 × 4 + 500 = 620点")
    found = {where: _UNIT_IN_SUM.findall(text) for where, text in japanese_texts() if _UNIT_IN_SUM.search(text)}
    assert found == {}


# A Japanese product is 1つ分 × いくつ分: points a trick × tricks (30 × 4), 100 × the tricks short,
# 10 cards each × 3 players; a one-digit count before a number of two digits or more is the English order.
_COUNT_FIRST = re.compile(r"(?<![\d.{])[1-9] × \d{2,}")


def test_japanese_multiplies_one_lot_times_how_many_in_lessons_messages_and_printouts():
    assert _COUNT_FIRST.search("4 × 30 = 120") and _COUNT_FIRST.search("2 × 352万7160")
    assert not _COUNT_FIRST.search("30 × 4 = 120、100 × 2、2 × 2 = 4倍、2 × {rounds}")
    found = {where: _COUNT_FIRST.findall(text) for where, text in japanese_texts() if _COUNT_FIRST.search(text)}
    assert found == {}


def test_the_sums_the_code_writes_are_in_the_japanese_order_and_grade(japanese):
    """The working the pupil is shown after an answer: 30 × 4 (not 4 × 30) for four tricks over
    six in spades; Manille's multiplied score in two sums, as brackets are 4th-grade maths; the
    lesson 18 table's big numbers written with 万 as the lesson's text writes them."""
    from cardlib import Seat, manille, minibridge
    from exercises.chance_lab import SplitTable
    from exercises.minibridge_kinds import score_steps

    assert "30 × 4 = 120" in minibridge.score_working("♠ game", 10, rules="club")
    assert "30 × 4 = 120" in " ".join(score_steps(minibridge.Contract.parse("♠ game"), 10, minibridge.scoring_rules("club"), Seat.S))
    assert "100 × 2 = 200" in minibridge.score_working("♥ game", 8, rules="club")
    words = manille.ManilleResult.from_points("NS", 41, 2).words
    assert "41 − 30 = 11、11 × 2 = 22" in words and "(" not in words
    table = SplitTable(5)._repr_html_()
    assert "705万4320 / 1040万600" in table and "7,054,320" not in table
    assert [messages.number(n) for n in (635_013_559_600, 10_000, 1000)] == ["6350億1355万9600", "1万", "1000"]
    messages.set_language("en")
    assert "4 × 30 = 120" in minibridge.score_working("♠ game", 10, rules="club")
    assert "41 − 30 = 11, 11 × 2 = 22" in manille.ManilleResult.from_points("NS", 41, 2).words
    assert "7,054,320 / 10,400,600" in SplitTable(5)._repr_html_()


def test_the_lessons_write_fractions_with_numerator_and_denominator_and_probability_as_a_share():
    """Lesson 18 explains a chance as a 割合 (5th grade) with 分子 and 分母, its fractions written
    one over the other; no pupil's text says a chance is a number from 0 to 1 without saying why."""
    cells = [cell_text(c) for c in json.loads((NOTEBOOKS / "ja" / "18_chance_and_cards.ipynb").read_text(encoding="utf-8"))["cells"]
             if c["cell_type"] == "markdown"]
    [explained] = [text for text in cells if "<b>分母</b>" in text and "<b>分子</b>" in text]
    assert "$\\dfrac{13}{52}$" in explained and not re.search(r"\d/\d", explained)
    points = next(text for text in cells if text.startswith("## 今日のポイント"))
    assert "割合" in points and not re.search(r"\d/\d", points)
    assert "中2" in "".join(cells)


def test_the_glossary_gives_each_term_its_one_japanese_word():
    glossary = catalogue.entries(catalogue.read_po("glossary", "ja"))
    terms = {term: f"glossary_{term.replace(' ', '_')}" for term in WORDS}
    words = {term: glossary[key] for term, key in terms.items() if key in glossary}
    assert words == {term: WORDS[term][0] for term in words} and set(words) >= {"long suit", "draw trumps", "deal", "score pad"}


def lesson_code_names() -> frozenset:
    """The names of the coder's corner's code (its functions and rank, suit): its reading-code
    questions quote them as the pupil's code writes them."""
    from exercises.coder import TASK_NAMES

    return frozenset(TASK_NAMES) | {"rank", "suit"}


def test_every_exercise_kind_in_japanese(japanese):
    no_english_left(all_exercise_texts(seeds=20) + practice_and_quiz_texts(), code_words=lesson_code_names())


def test_the_card_tables_in_japanese(japanese):
    pytest.importorskip("ipywidgets")
    no_english_left(card_table_texts() + other_table_texts())


def test_the_exercise_widget_in_japanese(japanese, tmp_path):
    pytest.importorskip("ipywidgets")
    no_english_left(exercise_widget_texts(tmp_path, pupil="アイコ"), code_words=lesson_code_names())


def test_the_chance_lab_and_the_coders_checker_in_japanese(japanese):
    pytest.importorskip("ipywidgets")
    import builtins
    import keyword

    from exercises.coder import TASK_NAMES
    from tests.message_walks import CODER_CELLS

    # Python is written in English: its keywords, built-in names, the lesson's functions and the
    # pupil's own code may be quoted in the checker's Japanese sentences.
    code = frozenset(keyword.kwlist) | frozenset(dir(builtins)) | frozenset(TASK_NAMES) | {"Python", "JupyterLab", "game", "partscore"} | frozenset(
        re.findall(r"[A-Za-z]+", " ".join(CODER_CELLS)))
    no_english_left(chance_lab_texts())
    no_english_left(coder_texts(), code_words=code)


def test_the_pupils_printouts_use_kanji_to_grade_3_or_give_the_reading(japanese, monkeypatch):
    pytest.importorskip("fpdf")
    found = printout_texts(monkeypatch, lessons=(1, 3, 6, 10))
    for kind in ("worksheet", "practice sheet", "certificate", "curtain cards", "passport", "class results", "rulings_sheet",
                 "trick_poster", "dummy_mat", "manille_strip"):
        assert not [k for t in found[kind] for k in kanji_needing_ruby(t)], kind


def test_the_printouts_in_japanese(japanese, monkeypatch):
    pytest.importorskip("fpdf")
    found = printout_texts(monkeypatch, lessons=(1, 3, 6, 10))
    del found["glossary_sheet"]  # its lesson 12 words quote Python, which is written in English
    no_english_left([t for texts in found.values() for t in texts])
    assert {kind: other_spellings(t) for kind, texts in found.items() for t in texts if other_spellings(t)} == {}


# --- ruby: kept in HTML, brackets in plain text -------------------------------------------------

RUBY = "<ruby>切り札<rt>きりふだ</rt></ruby>"


def test_html_keeps_ruby_and_escapes_everything_else():
    assert render.text_html(f"{RUBY} <b>&") == f"{RUBY} &lt;b&gt;&amp;"
    assert render.text_html("<ruby onclick=x>札</ruby>") == "&lt;ruby onclick=x&gt;札</ruby>"


def test_a_japanese_message_reaches_the_page_with_its_ruby_and_the_label_in_brackets(japanese, monkeypatch):
    monkeypatch.setitem(messages._tables["ja"], "render_trick_label", f"{RUBY}のトリック")
    monkeypatch.setitem(messages._tables["ja"], "render_to_play", f"{{seat}}の{RUBY}")
    trick = render.trick_html([("N", "♠A")])
    assert 'aria-label="切り札（きりふだ）のトリック"' in trick and "<rt>" not in trick
    assert render.label_html(messages.say("render_to_play", seat="南")).count(RUBY) == 1


def test_a_card_error_is_plain_text(japanese, monkeypatch):
    monkeypatch.setitem(messages._tables["ja"], "must_follow", f"{RUBY}じゃなくて{{suit}}を出してね。")
    from cardlib import CardError
    assert str(CardError("must_follow", suit="♥")) == "切り札（きりふだ）じゃなくて♥を出してね。"


def placed_texts(data: bytes) -> list[tuple[str, float, float, float]]:
    """(text, x, y, size) of each piece of text on a PDF's first page, as pypdf reads it (y upwards)."""
    import io

    import pypdf
    placed = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            placed.append((text.strip(), tm[4], tm[5], size * tm[0]))
    pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    return placed


def test_a_printout_draws_the_reading_small_above_its_word_and_reads_back_the_word(japanese):
    pytest.importorskip("fpdf")
    import io

    import pypdf

    from teacher.paper import Sheet
    sheet = Sheet()
    sheet.add_page()
    sheet.words(f"{RUBY}はハート", size=12)
    data = bytes(sheet.output())
    (word, x, y, size), (reading, rx, ry, rsize) = placed_texts(data)
    assert (word, reading) == ("切り札はハート", "きりふだ")
    assert size / 2 < ry - y < size * 1.2 and rsize == size / 2  # just above the word (in points), half its size
    sheet.set_font("sans", "", 12)
    centre = x + sheet.get_string_width("切り札") * 72 / 25.4 / 2
    sheet.set_font("japanese", "", 6)
    assert abs(rx + sheet.get_string_width("きりふだ") * 72 / 25.4 / 2 - centre) < 0.5  # centred over 切り札
    text = pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert text.splitlines() == ["切り札はハート", "きりふだ"] and "ruby" not in text and "（" not in text


def test_a_line_is_never_cut_inside_a_word_with_its_reading_nor_before_a_closing_mark(japanese):
    pytest.importorskip("fpdf")
    from teacher.paper import Sheet, without_readings
    sheet = Sheet()
    sheet.add_page()
    text = f"4{RUBY}はハート。" * 20
    for width in range(30, 80, 3):
        lines = sheet.text_lines(text, width, 12)
        assert len(lines) > 1 and "".join(lines) == text
        assert all(line.count("<ruby>") == line.count(RUBY) for line in lines), width  # each word whole, with its reading
        assert not any(without_readings(line).startswith(("。", "り札", "札")) for line in lines), width
        assert all(sheet.get_string_width(line) <= width - 2 * sheet.c_margin for line in lines)


def test_an_english_printout_has_no_reading_and_its_lines_as_before():
    pytest.importorskip("fpdf")
    from teacher.paper import Sheet
    sheet = Sheet()
    sheet.add_page()
    assert sheet.line_height(11, "Trumps are hearts.") == 11 * 0.48
    sheet.words("Trumps are hearts.")
    assert [t for t, *_ in placed_texts(bytes(sheet.output()))] == ["Trumps are hearts."]


# --- the screens' fonts --------------------------------------------------------------------------

def test_the_pictures_name_fonts_every_school_computer_has_for_japanese():
    for font in ("Noto Sans JP", "Noto Sans CJK JP", "BIZ UDGothic", "Hiragino Sans", "Yu Gothic", "Meiryo"):
        assert font in render.FONT
    assert render.FONT.index("DejaVu Sans") < render.FONT.index("Noto Sans JP") < render.FONT.index("sans-serif")


def test_the_japanese_lesson_page_names_them_too(japanese, monkeypatch):
    pytest.importorskip("IPython")
    from exercises import lesson_page as lesson

    shown = []
    monkeypatch.setattr(lesson, "display", shown.append)
    monkeypatch.setenv("MINIBRIDGE_LANG", "ja")
    lesson.lesson_setup(pupil_work=False)
    assert "BIZ UDGothic" in shown[0].data and "rt {" in shown[0].data
    monkeypatch.setenv("MINIBRIDGE_LANG", "en")
    lesson.lesson_setup(pupil_work=False)
    assert "BIZ UDGothic" not in shown[1].data


def test_the_chart_speaks_japanese_in_the_pages_japanese_fonts(japanese):
    from exercises import chance_lab

    for question in chance_lab.QUESTIONS:
        chart = chance_lab.Experiment(question, seed=1).deal(50).draw(show_exact=True)
        words = re.findall(r">([^<>]+)</(?:text|title)>", chart)
        assert "回配って" in chart and "そのほか" in chart and "回のうち" in chart
        assert not [w for w in words if re.search(r"[A-Za-z]{2,}", w)], words  # no English word left
        assert "'BIZ UDGothic'" in chart and "<ruby>" not in chart  # readings in brackets: SVG has no ruby


def test_the_contents_pages_word_list_is_in_gojuon_order_in_japanese(japanese):
    """Japanese lists go by 五十音順: by each word's reading (kanji a pupil reads without ruby have
    their reading in the catalogue), katakana as hiragana, ー as the vowel it lengthens."""
    from exercises.glossary import GLOSSARY, TERMS, in_word_order
    no_reading = [t.key for t in GLOSSARY if re.search(r"[\u4e00-\u9fff0-9]", t.reading)
                  and not re.search(r"<rt>", t.word) and t.key != "fourth_highest"]
    assert no_reading == []
    order = [t.key for t in in_word_order(GLOSSARY)]
    assert order.index("unblock") < order.index("widow") < order.index("suit") < order.index("score_pad") < order.index("long_suit")
    assert order.index("trumps") < order.index("redeal") < order.index("game")  # きりふだ, くばりなおし, げーむ
    assert order.index("redeal") < order.index("ways_to_choose") < order.index("game") and len(order) == len(GLOSSARY)  # くみあわせ
    messages.set_language("en")
    assert [t.key for t in in_word_order([TERMS["trick"], TERMS["bid"], TERMS["suit"]])] == ["bid", "suit", "trick"]


def test_lesson_22s_signal_points_and_22b_reason_in_plain_japanese():
    """Reader S: cell 7 gave the signal as 6以上・5以下 (小4 words) before cell 15 spells the
    numbers out, and cell 23's reason for the ♠5 ran two sentences into one. Now cell 7 lists
    the numbers too, and the ♠6's meaning is a sentence of its own."""
    from tests.lesson_tools import cell_text, notebook_cells

    cells = [cell_text(c) for c in notebook_cells("ja/22_covering_and_discards")]
    assert "6・7・8…なら「リードして」、2・3・4・5なら「いらない」" in cells[7]
    assert "以上" not in cells[7] and "以下" not in cells[7]
    assert "♠6は「スペードをリードして」になってしまいます。そのあと♥2と♥3を" in cells[23]
    assert "になるので、それから" not in cells[23]
