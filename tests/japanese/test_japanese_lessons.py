"""The Japanese lessons (notebooks/ja/) against the English ones: the same code, cell by cell,
byte for byte, so a change to one edition's code is a change to both; and their pupils' text
with kanji to grade 3 or their reading, no 確率, and トランプ never for trumps.

Written over whatever lessons exist, so a lesson added to either edition is covered at once."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.japanese_tools import bare_readings, kanji_needing_ruby, sentence_breaks

from cardlib import messages
from translators import catalogue
from test_japanese import pupil_facing

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
JAPANESE = sorted((ROOT / "notebooks" / "ja").glob("[0-9][0-9]_*.ipynb"))
TEACHER_TAG = "teacher"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def code_cells(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in cells(path) if cell["cell_type"] == "code"]


def pupils_text(path: Path) -> list[str]:
    """The lesson's markdown a pupil reads: every markdown cell not tagged for the teacher."""
    return ["".join(cell["source"]) for cell in cells(path)
            if cell["cell_type"] == "markdown" and TEACHER_TAG not in cell["metadata"].get("tags", [])]


def pupils_messages() -> list[str]:
    return [text for domain in catalogue.DOMAINS
            for key, text in catalogue.entries(catalogue.read_po(domain, "ja")).items()
            if text and pupil_facing(domain, key)]


def test_every_lesson_has_both_editions():
    assert ENGLISH, "no lessons found"
    assert [p.name for p in JAPANESE] == [p.name for p in ENGLISH]


@pytest.mark.parametrize("name", [p.name for p in JAPANESE])
def test_the_japanese_lesson_has_the_english_lessons_code_cell_by_cell(name):
    english, japanese = code_cells(ROOT / "notebooks" / name), code_cells(ROOT / "notebooks" / "ja" / name)
    assert len(japanese) == len(english), f"{name}: {len(japanese)} code cells in Japanese, {len(english)} in English"
    for number, (en, ja) in enumerate(zip(english, japanese), 1):
        assert ja.encode() == en.encode(), f"{name}: code cell {number} differs"


# A reading in brackets straight after the word, as plain text writes it (the new-words box:
# **切り札（きりふだ）**), gives the reading too.
READING_IN_BRACKETS = re.compile(r"[\u3400-\u9fff々]+（[\u3041-\u30ff]+）")


def kanji_without_reading(text: str) -> list[str]:
    return kanji_needing_ruby(READING_IN_BRACKETS.sub("", text))


@pytest.mark.parametrize("name", [p.name for p in JAPANESE])
def test_the_pupils_text_has_kanji_to_grade_3_or_their_reading(name):
    needing = {text[:60]: kanji_without_reading(text) for text in pupils_text(ROOT / "notebooks" / "ja" / name)
               if kanji_without_reading(text)}
    assert needing == {}


def trumps_said_as_the_pack(text: str) -> list[str]:
    """Where a text says トランプ, other than ノートランプ and トランプのゲーム (card games: the pack)."""
    text = text.replace("ノートランプ", "").replace("トランプのゲーム", "")
    return [text[max(0, m.start() - 60):m.end() + 10] for m in re.finditer("トランプ", text)]


def test_the_checks_themselves():
    assert kanji_without_reading("切り札（きりふだ）と<ruby>宣言<rt>せんげん</rt></ruby>") == []
    assert kanji_without_reading("切り札と宣言（せんげん）") == ["札"]
    assert trumps_said_as_the_pack("ノートランプでトランプのゲーム") == []
    assert len(trumps_said_as_the_pack("スペードがトランプです")) == 1


def test_no_pupil_reads_kakuritsu():
    texts = pupils_messages() + [t for path in JAPANESE for t in pupils_text(path)]
    assert [t[:80] for t in texts if "確率" in t] == []


def test_trumps_are_kirifuda_and_toranpu_is_said_once_as_club_players_say_it():
    said = [(path.name, where) for path in JAPANESE for text in pupils_text(path)
            for where in trumps_said_as_the_pack(text)]
    said += [("messages", where) for text in pupils_messages() for where in trumps_said_as_the_pack(text)]
    assert len(said) <= 1, said
    assert all("切り札" in where for _, where in said), said


def test_an_answer_given_in_the_japanese_lesson_shows_in_the_english_lessons_record(tmp_path):
    pytest.importorskip("ipywidgets")
    from exercises.progress import ProgressStore
    from exercises.widget import ExerciseWidget
    try:
        messages.set_language("ja")
        japanese = ExerciseWidget(lesson=3, seed=1, progress_dir=tmp_path)
        japanese.name_box.value = "アイコ"
        japanese.number_box.value = str(sorted(japanese.session.question.accepted)[0])
        japanese.check()
        assert "せいかい" in japanese.feedback.value
        messages.set_language("en")
        english = ExerciseWidget(lesson=3, progress_dir=tmp_path)
        english.name_box.value = "アイコ"
    finally:
        messages.set_language("en")
    # the best streak is the pupil's; the streak and the count are this practice's, and agree
    assert english.session.best_streak == 1 and "Streak: 0 in a row (best 1) · 0 right out of 0" in english.streak.value
    assert [(a.pupil, a.lesson, a.correct) for a in ProgressStore(tmp_path).answers()] == [("アイコ", 3, True)]


@pytest.mark.parametrize("name", [p.name for p in JAPANESE])
def test_every_reading_has_brackets_for_jupyterlab(name):
    # JupyterLab's sanitiser drops <ruby> and <rt> from markdown: without <rp>（</rp>…<rp>）</rp>
    # the reading would run into its word (手札てふだ). python tests/japanese_tools.py adds them.
    bare = sum(bare_readings(text) for text in pupils_text(ROOT / "notebooks" / "ja" / name))
    assert bare == 0, f"{name}: {bare} readings without brackets (python tests/japanese_tools.py {name} adds them)"


# A browser breaks a line on either side of a formula ($…$, drawn by MathJax as one block), even
# before 。 or after （: a formula written against such a mark sits with it in a join that does
# not break, so no line starts with 。、） or ends with （ (seen: a lone 。 in lesson 18 at 1366x768).
JOIN = '<span style="white-space:nowrap">'
INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)[^$\n]+?(?<!\\)\$")
NO_LINE_START = set("。、，．）」』！？：；ー.,)!?:;")
NO_LINE_END = set("（「『(")


def formulas_cut_from_their_marks(markdown: str) -> list[str]:
    """Each formula with a mark against it that a line may not start with (after it) or end with
    (before it), outside a join."""
    loose = re.sub(re.escape(JOIN) + ".*?</span>", "", markdown, flags=re.S)
    return [loose[max(m.start() - 1, 0):m.end() + 1] for m in INLINE_MATH.finditer(loose)
            if loose[m.end():m.end() + 1] in NO_LINE_START or loose[m.start() - 1:m.start()] in NO_LINE_END]


def test_the_formula_check_itself():
    assert formulas_cut_from_their_marks("赤は $\\dfrac{1}{2}$。黒も。") == [" $\\dfrac{1}{2}$。"]
    assert formulas_cut_from_their_marks("分数（$\\dfrac{1}{4}$ = 25%）") == ["（$\\dfrac{1}{4}$ "]
    assert formulas_cut_from_their_marks(f"赤は {JOIN}$\\dfrac{{1}}{{2}}$。</span>$2$ と $3$（3）") == []


@pytest.mark.parametrize("name", [str(p.relative_to(ROOT / "notebooks")) for p in ENGLISH + JAPANESE])
def test_a_formula_keeps_its_punctuation_on_its_line(name):
    cut = [where for cell in cells(ROOT / "notebooks" / name) if cell["cell_type"] == "markdown"
           for where in formulas_cut_from_their_marks("".join(cell["source"]))]
    assert cut == [], f"{name}: put each in {JOIN}…</span>: {cut}"


@pytest.mark.parametrize("name", [str(p.relative_to(ROOT / "notebooks")) for p in JAPANESE])
def test_no_space_shows_after_a_japanese_sentence_that_ends_its_line(name):
    """A line of a paragraph that ends with 。 and goes on in the next line: Chromium shows the
    line's end as a space (a Japanese page has none between sentences), so a paragraph's
    sentences follow each other on one line."""
    breaks = [where for cell in cells(ROOT / "notebooks" / name) if cell["cell_type"] == "markdown"
              for where in sentence_breaks("".join(cell["source"]))]
    assert breaks == [], f"{name}: join these lines: {breaks}"


# --- found by the translator: English that reached Japanese sentences ---------------------------

def test_the_packs_and_the_card_styles_have_japanese_words():
    from cardlib import BRIDGE_PACK, CardError, Deal, render
    from cardlib.manille import start_play
    try:
        messages.set_language("ja")
        with pytest.raises(CardError) as refused:
            start_play(Deal.random(seed=1))
        assert "ブリッジ" in str(refused.value) and "bridge" not in str(refused.value)
        assert BRIDGE_PACK.words == "ブリッジ"
        assert render.theme("4色") is render.FOUR_COLOUR and render.theme("２色") is render.TWO_COLOUR
        with pytest.raises(CardError, match="「2色」か「4色」"):
            render.theme("3色")
    finally:
        messages.set_language("en")
    assert BRIDGE_PACK.words == "bridge"


@pytest.mark.parametrize("name", [p.name for p in JAPANESE])
def test_the_answers_the_class_screen_shows_have_kanji_to_grade_3_or_their_reading(name, tmp_path):
    pytest.importorskip("anywidget")
    from teacher.presenter import questions
    from teacher.presenter_screens import AnswerButtons, ClassScreen

    notebook, page = ROOT / "notebooks" / "ja" / name, f"ja/{name}"
    buttons, screen = AnswerButtons(page, notebook, tmp_path), ClassScreen(page, notebook, tmp_path)
    needing = {}
    for number in range(len(questions(notebook))):
        buttons.show_answer(number)
        screen._handle_custom_msg({"poll": True}, [])
        assert screen.answer, f"answer {number + 1} not shown"
        if kanji_needing_ruby(screen.answer):
            needing[screen.answer[:80]] = kanji_needing_ruby(screen.answer)
    assert needing == {}


def test_the_first_lesson_opens_with_a_warm_up_and_every_other_with_last_time():
    """Lesson 1 has no last time to look back on: its opening question is a warm-up, in both editions.
    Nor has lesson 18: a maths class takes the chance extension without the Manille one before it,
    so its warm-up is the finesse's 1 time in 2 (lesson 9, the main course). Lesson 20 comes after
    lesson 13 or 16, not 19: its recap says it looks back on lesson 8; lesson 21's on lesson 6."""
    def first_heading(path: Path) -> str:
        return next(text for text in pupils_text(path) if text.startswith("## ")).splitlines()[0]

    english = {path.name: first_heading(path) for path in ENGLISH if not path.name.startswith("00_")}
    japanese = {path.name: first_heading(path) for path in JAPANESE if not path.name.startswith("00_")}
    for warm_up in (min(english), next(name for name in english if name.startswith("18_"))):
        assert (english.pop(warm_up), japanese.pop(warm_up)) == ("## Warm-up", "## ウォーミングアップ"), warm_up
    twenty = next(name for name in english if name.startswith("20_"))
    assert (english.pop(twenty), japanese.pop(twenty)) == ("## From lesson 8", "## レッスン8のふり返り")
    # lesson 21's recap asks lesson 6's score: it was headed "Last time" after lesson 20 (reader Q)
    twenty_one = next(name for name in english if name.startswith("21_"))
    assert (english.pop(twenty_one), japanese.pop(twenty_one)) == ("## From lesson 6", "## レッスン6のふり返り")
    assert set(english.values()) == {"## Last time"} and set(japanese.values()) == {"## 前回のふり返り"}


@pytest.mark.parametrize("number", [3, 4])
def test_the_quiz_and_practice_sheet_say_the_notebooks_words_for_points_and_announcing(number):
    """Reader hd: lesson 3 says the class calls HCP 点数 and teaches 発表; its quiz asked
    「ハイカードポイントは何点ですか」 and 「4人の言った点」. Lesson 4's tie slip said 先に言った人."""
    from exercises.course import lesson_of

    messages.set_language("ja")
    try:
        lesson = lesson_of(number)
        notebook = "".join("".join(c["source"]) for c in cells(ROOT / "notebooks" / "ja" / f"{lesson.notebook}.ipynb"))
        assert "点数" in notebook and "発表" in notebook
        questions = list(lesson.quiz().questions) + list(lesson.practice_sheet())
        said = "\n".join(" ".join([q.prompt, q.explanation, q.hint or ""] + [s.words for s in q.slips]
                                  + [row[0] for row in q.picture.rows])
                         for q in questions)
        assert not re.search(r"言った|言いました|ハイカードポイントは", said), said
        if number == 3:
            assert "点数は何点ですか" in said and "発表した点数" in said
    finally:
        messages.set_language("en")


def test_lesson_2s_exercises_say_the_notebooks_words_for_ruffing_the_suit_led_and_hand():
    """Reader hd: lesson 2's notebook teaches ラフする, リードされたスーツ, 高い方の切り札 and writes
    手札 with one reading (てふだ); the exercises said 切り札の♥7を出してもいいですか,
    はじめに出されたスーツ, いちばん強い切り札 and read 札 alone (ふだ)."""
    from exercises.course import lesson_of

    messages.set_language("ja")
    try:
        lesson = lesson_of(2)
        notebook = "".join("".join(c["source"]) for c in cells(ROOT / "notebooks" / "ja" / f"{lesson.notebook}.ipynb"))
        assert "ラフする" in notebook and "てふだ" in notebook
        said = "\n".join(" ".join([q.prompt, q.explanation, q.hint or ""] + [s.words for s in q.slips])
                         for q in list(lesson.quiz().questions) + list(lesson.practice_sheet()))
        assert "ラフしてもいいですか" in said and "てふだ" in said
        assert not re.search(r"はじめに出された|いちばん強い<ruby>切り札|手<ruby>札<rt>ふだ|の♥\d+を出してもいい", said), said
    finally:
        messages.set_language("en")
