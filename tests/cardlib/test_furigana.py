"""Readings for a 3rd-grade class (cardlib.furigana): the kanji of grade 3 read by a reviewed word
list that covers every Japanese lesson and message, switched on by the class's school year in the
messages, the app's lesson pages and the printouts, and off again."""
from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from cardlib import furigana, messages
from translators import catalogue

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
JAPANESE_LESSONS = sorted((ROOT / "notebooks" / "ja").glob("*.ipynb"))


@pytest.fixture
def japanese():
    messages.set_language("ja")
    yield
    messages.set_language("en")
    messages._class_grade = None  # the settings' again (read from the environment)
    messages._tables.pop("ja", None)


def japanese_texts():
    """(where, text): every message of the ja catalogues, and every markdown cell of the Japanese lessons."""
    for domain in catalogue.DOMAINS:
        for key, text in catalogue.entries(catalogue.read_po(domain, "ja")).items():
            yield f"{domain} {key}", text
    for path in JAPANESE_LESSONS:
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"], 1):
            if cell["cell_type"] == "markdown":
                yield f"{path.name} cell {number}", "".join(cell["source"])


def test_the_grade_3_kanji_are_mexts_table():
    from kanji_lists import KYOIKU

    assert len(furigana.GRADE_3) == len(set(furigana.GRADE_3)) == 200
    assert set(furigana.GRADE_3) == set(KYOIKU.GRADE3)


def test_the_word_list_reads_every_grade_3_kanji_of_every_japanese_lesson_and_message():
    texts = list(japanese_texts())
    assert len(texts) > 1000 and sum(len(re.findall(f"[{furigana.GRADE_3}]", t)) for _, t in texts) > 2000
    assert {where: furigana.unread(text) for where, text in texts if furigana.unread(text)} == {}


def test_every_word_of_the_list_is_used_and_read_in_hiragana_over_kanji():
    pattern, written = furigana._reader(False)
    used = {m[0] for _, text in japanese_texts() for m in pattern.finditer(text)}
    assert set(written) - used == set()  # no word the texts no longer use
    for entry in furigana._ENTRY.findall(furigana.WORDS):
        for word, reading in furigana._PART.findall(entry):
            assert re.fullmatch(r"[\u4e00-\u9fff々]+", word) and re.fullmatch(r"[ぁ-ゖー]+", reading), entry


# Sentences of the lessons, and the reading each listed word must get there (reviewed against a
# dictionary: Sudachi's, and by hand where the word decides: 表 ひょう / おもて / あらわす).
READ = [
    ("トリックを取ると、勝ちです。", [("取", "と"), ("勝", "か")]),
    ("何トリック取れるか、全部で数えます。", [("取", "と"), ("全部", "ぜんぶ")]),
    ("手札を表にして、スコア表に書きます。", [("表", "おもて"), ("表", "ひょう")]),
    ("カードは表向きに置きます。数で表す数。", [("表向", "おもてむ"), ("表", "あらわ")]),
    ("20対20なら配り直しです。", [("対", "たい"), ("配", "くば")]),
    ("みんな同じ5問です。次の問題へ。", [("問", "もん"), ("次", "つぎ"), ("問題", "もんだい")]),
    ("Kに負けます。負の数は中学1年で習います。", [("負", "ま"), ("負", "ふ")]),
    ("相手のペアが持っている切り札", [("相手", "あいて"), ("持", "も")]),
    ("起こりやすさを予想して、もう一度たしかめよう。", [("起", "お"), ("予想", "よそう"), ("一度", "いちど")]),
    ("パートナーに向かって、ゆびで指さします。", [("向", "む"), ("指", "ゆび")]),
    ("スコア表係は、点数を2倍にして黒板に書く。", [("表", "ひょう"), ("係", "かかり"), ("倍", "ばい"), ("黒板", "こくばん")]),
]


@pytest.mark.parametrize("text, readings", READ)
def test_each_word_gets_the_reading_it_has_in_its_sentence(text, readings):
    found = re.findall(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", furigana.add_readings(text))
    assert found == readings


def test_a_word_already_read_keeps_its_reading_and_the_lessons_form_has_brackets():
    text = "<ruby>最後<rp>（</rp><rt>さいご</rt><rp>）</rp></ruby>に取る"
    assert furigana.add_readings(text, brackets=True) == (
        "<ruby>最後<rp>（</rp><rt>さいご</rt><rp>）</rp></ruby>に<ruby>取<rp>（</rp><rt>と</rt><rp>）</rp></ruby>る")
    assert furigana.add_readings("Take tricks: 3NT.") == "Take tricks: 3NT."


def test_a_compound_the_list_lacks_is_not_read_as_its_verb_and_fails_the_coverage_check():
    assert furigana.add_readings("取材と使用") == "取材と使用"  # not と材, つか用
    assert furigana.unread("取材と使用") == ["取", "使"]


def test_the_class_grade_switches_the_messages_readings_on_and_off(japanese):
    import exercises  # noqa: F401  (its catalogue)

    key = "auction_not_face_up"
    assert "取れる" in messages.texts("ja")[key] and "<rt>と</rt>" not in messages.texts("ja")[key]
    messages.set_class_grade("3年生")
    assert "<ruby>取<rt>と</rt></ruby>れる" in messages.say(key, card="♠A")
    assert "取（と）れる" in messages.plain(messages.say(key, card="♠A"))  # a button or an error: brackets
    with pytest.raises(ValueError, match="3, 4, 5 or 6"):
        messages.set_class_grade("2年生")
    assert messages.class_grade() == 3  # a refused school year changes nothing
    messages.set_class_grade(4)
    assert "<rt>と</rt>" not in messages.say(key, card="♠A")


def test_the_setting_is_read_as_a_teacher_writes_it():
    from cardlib import settings

    assert [settings.read({"MINIBRIDGE_CLASS_GRADE": t}).class_grade for t in ("3", "３", "3年生", "小3", "5", "", "2", "three")] == [
        3, 3, 3, 3, 5, 4, 4, 4]


def rendered_lesson(path: Path, grade: int) -> str:
    """A lesson as the app started with ``--class-grade grade`` renders it (no code run): nbconvert's
    HTML with the preprocessors of the app's Voilà command line."""
    import nbformat
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    import tasks

    config = Config()
    for argument in tasks.voila_command("python", class_grade=grade):
        if argument.startswith("--VoilaExporter.preprocessors="):
            config.HTMLExporter.preprocessors = json.loads(argument.split("=", 1)[1])
    html, _ = HTMLExporter(config=config).from_notebook_node(nbformat.read(path, as_version=4))
    return html


def test_the_app_renders_a_japanese_lesson_with_the_readings_only_for_a_3rd_grade_class():
    pytest.importorskip("nbconvert")
    import tasks

    lesson = ROOT / "notebooks" / "ja" / "01_tricks.ipynb"
    third, fourth = rendered_lesson(lesson, 3), rendered_lesson(lesson, 4)
    read = "<ruby>取<rp>（</rp><rt>と</rt><rp>）</rp></ruby>"
    assert third.count(read) >= 5 and read not in fourth
    assert third.count("<rt>") > fourth.count("<rt>") + 50
    english = ROOT / "notebooks" / "01_tricks.ipynb"
    assert rendered_lesson(english, 3) == rendered_lesson(english, 4)
    assert tasks.READINGS in " ".join(tasks.voila_command("python", class_grade=3))
    assert tasks.READINGS not in " ".join(tasks.voila_command("python", presenter=True))
    options, _ = tasks.read_command_line(["app", "--class-grade", "3"])
    assert tasks.app_environment(False, {}, class_grade=tasks.app_settings(options)["class_grade"])["MINIBRIDGE_CLASS_GRADE"] == "3"
    with pytest.raises(SystemExit):
        tasks.read_command_line(["app", "--class-grade", "2"])


def test_a_printout_prints_the_readings_for_a_3rd_grade_class_only(japanese):
    pytest.importorskip("fpdf")
    import pypdf

    from exercises.course import COURSE
    from teacher.worksheet import worksheet

    def printed(grade: int) -> str:
        messages.set_class_grade(grade)
        data = bytes(worksheet(COURSE[0]).output())
        return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)

    third, fourth = printed(3), printed(4)
    assert "取" in fourth and "ruby" not in third and "（と）" not in third  # readings above the words, not in brackets
    # the text layer holds each line's readings as a line of its own below it (teacher.paper)
    reading_lines = lambda text: [line for line in text.splitlines() if re.fullmatch(r"[ぁ-ゖー ]+", line.strip() or "x")]
    assert len(reading_lines(third)) > len(reading_lines(fourth))


def test_the_teachers_presenter_shows_a_lessons_question_with_the_class_readings(japanese):
    from teacher.presenter import as_html, as_label

    line = "**どちらが勝つ？** <ruby>札<rp>（</rp><rt>ふだ</rt><rp>）</rp></ruby>を取る"
    messages.set_class_grade(3)
    assert as_html(line) == "<b>どちらが<ruby>勝<rt>か</rt></ruby>つ？</b> <ruby>札<rt>ふだ</rt></ruby>を<ruby>取<rt>と</rt></ruby>る"
    assert as_label("トリックを**取る**") == "トリックを取（と）る"
    messages.set_class_grade(4)
    assert as_html(line) == "<b>どちらが勝つ？</b> <ruby>札<rt>ふだ</rt></ruby>を取る"
