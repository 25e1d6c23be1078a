"""The glossary: the course's one list of words. Each lesson shows its "New words" box from it
(at most six words, each new in that lesson and no other), no lesson uses a word before the
lesson that brings it in; each meaning and example is written out, and the examples' numbers
are the rules' own."""
from __future__ import annotations

import functools
import html
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib import BRIDGE_PACK, Deal, Hand, Seat, Suit, manille, minibridge, say
from exercises.course import COURSE
from cardlib import messages
from exercises.glossary import GLOSSARY, MOST_NEW_WORDS, TERMS, NewWords, terms_taught_in

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

WORDS_THE_COURSE_USES = [
    "trick", "lead", "follow suit", "trumps", "no trumps", "high-card points", "declarer", "dummy", "defenders",
    "contract", "partscore", "game", "golden fit", "sure trick", "long suit", "manille", "manillon",
    "card points", "tap", "en face", "en voiture", "dealer", "discard", "match", "bonus",
]


def plain(markdown: str) -> str:
    """Markdown or HTML as the words it shows: no tags, ruby readings or code marks."""
    text = re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>|</?(?:b|i|ruby)>", "", markdown)
    text = re.sub(r"<[^>]+>", " ", text)  # a heading, list item or line break
    return re.sub(r"\s+", " ", html.unescape(text).replace("`", "").replace("**", "").replace("*", "")).strip()


def notebook(lesson, language: str) -> list[dict]:
    folder = NOTEBOOKS / "ja" if language == "ja" else NOTEBOOKS
    return json.loads((folder / f"{lesson.notebook}.ipynb").read_text(encoding="utf-8"))["cells"]


def talk(lesson, language: str) -> str:
    """What a pupil reads of the lesson: its markdown before the teacher's section, and what its
    card tables say as they open. Reader hd: lesson 4's table opened with "South plays NT
    partscore: 7 tricks needed", a lesson before "partscore", and no test read the tables."""
    out = []
    for cell in notebook(lesson, language):
        if "teacher" in cell["metadata"].get("tags", []):
            break
        if cell["cell_type"] == "markdown":
            out.append("".join(cell["source"]))
    return "\n".join(out + [opening(lesson.number, language)])


@functools.cache
def opening(number: int, language: str) -> str:
    """What the lesson's MiniBridge tables say when they open, in ``language``."""
    from exercises.course import lesson_of
    from exercises.tables import table_for

    before = messages.current_language()
    messages.set_language(language)
    try:
        return "\n".join(table_for(set_deal, show_score=False).message.value
                         for set_deal in lesson_of(number).deals if set_deal.table == "minibridge")
    finally:
        messages.set_language(before)


def test_the_tables_of_lesson_4_say_what_they_play_without_a_later_word(language):
    said = opening(4, language)
    assert said.count("7") == 3 and not re.search(r"partscore|パートスコア|ゲーム|\bgame\b", said), said
    if language == "ja":
        assert not re.search("です|ます", said) and said.count("よ。") == 3, said  # the table's plain friendly forms, as in lessons 1-3


def test_the_badge_of_lesson_4s_tables_names_the_trumps_and_tricks_not_the_level(language):
    """Looked at on the class screen: lesson 4A's badge read "NT partscore · 7 tricks"
    (ノートランプのパートスコア・7トリック) over a message that, since last stop, named no level."""
    from cardlib import messages
    from exercises.course import lesson_of
    from exercises.tables import table_for

    messages.set_language(language)
    try:
        for set_deal in lesson_of(4).deals:
            table = table_for(set_deal, show_score=False, pace=0)
            assert not re.search(r"partscore|\bgame\b|パートスコア|ゲーム", plain(table.view.html)), set_deal.name
            assert f"{table.round.contract.tricks_needed}" in plain(table.view.html)
    finally:
        messages.set_language("en")


def test_the_tables_name_partscore_and_game_from_the_lesson_that_teaches_them():
    from exercises.tables import LEVELS_NAMED_FROM

    assert LEVELS_NAMED_FROM == TERMS["partscore"].taught_in == TERMS["game"].taught_in


def test_the_tables_name_trumps_from_the_lesson_that_teaches_them():
    from exercises.tables import TRUMPS_NAMED_FROM

    assert TRUMPS_NAMED_FROM == TERMS["trumps"].taught_in == TERMS["no_trumps"].taught_in


def test_the_manille_tables_score_a_deal_from_the_lesson_that_teaches_the_score():
    from exercises.course import COURSE
    from exercises.tables import MANILLE_SCORES_FROM

    assert MANILLE_SCORES_FROM == next(lesson.number for lesson in COURSE if "manille_scoring" in lesson.ideas)


@pytest.mark.parametrize("number,named", [(1, False), (2, True)])
def test_the_trick_tables_say_trumps_only_from_lesson_2(number, named, language):
    """Reader hb: lesson 1's tables said "Trumps: no trumps" in their first message and badge, a
    lesson before "trumps" and "no trumps"."""
    from exercises.course import lesson_of
    from exercises.tables import table_for

    for set_deal in lesson_of(number).deals:
        table = table_for(set_deal, pace=0)
        shown = plain(table.message.value) + " " + plain(table.view.html)
        assert bool(re.search(r"trumps|切り札|ノートランプ", shown, re.I)) == named, (set_deal.name, shown)
        assert plain(table.message.value)  # it still says who leads


@pytest.mark.parametrize("play", ["best", "first"])
def test_the_tables_of_lesson_4_end_the_hand_without_a_later_word(play, language):
    """Reader hb: lesson 4's tables hid the contract's level at the start but ended "You made it! NT
    partscore: 8 tricks, made (7 needed)" (メイクしたね！…パートスコア): partscore and made are
    lessons 5-6's words. The end says the tricks taken and needed only."""
    from cardlib import analysis
    from exercises.course import lesson_of
    from exercises.tables import table_for

    for set_deal in lesson_of(4).deals:
        table = table_for(set_deal, show_score=False, pace=0)
        while not table.game.is_over:
            legal = set(table.game.legal_plays())
            card = analysis.best_card(table.game) if play == "best" else None
            button = next(b for b in table.hand_buttons if not b.disabled and b.card in legal
                          and (card is None or b.card == card))
            button.click()
        said = plain(table.message.value)
        needed = table.round.contract.tricks_needed
        assert not re.search(r"partscore|\bgame\b|\bmade\b|\bmake|\bdown\b|パートスコア|ゲーム|メイク|ダウン", said), said
        assert (f"needed {needed}" in said or f"{needed} were needed" in said) if language == "en" \
            else f"めざすのは{needed}トリック" in said, said
        if language == "ja":
            assert not re.search("です|ます|でした|ました", said), said  # the table's plain friendly forms, as in lessons 1-3


@pytest.fixture(params=["en", "ja"])
def language(request):
    messages.set_language(request.param)
    yield request.param
    messages.set_language("en")


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.notebook)
def test_the_lesson_shows_its_new_words_from_the_glossary(lesson, language):
    sources = ["".join(c["source"]) for c in notebook(lesson, language)]
    assert any(s.endswith("NewWords(LESSON)") for s in sources[:6]), "the box is a cell near the top"
    assert not any(s.lstrip().startswith(("### New words", "### 新しいことば")) for s in sources), \
        "no copy of the words written into the lesson"
    box = plain(NewWords(lesson)._repr_html_())
    assert box.startswith(plain(say("glossary_new_words")))
    for term in terms_taught_in(lesson):
        assert f"{plain(term.word)}: {plain(term.meaning)}" in box
        assert plain(say("glossary_for_example", example=term.example)) in box
    assert all(term.lesson == lesson for term in terms_taught_in(lesson))


def test_the_class_screen_shows_each_new_word_with_its_meaning_alone(monkeypatch):
    from cardlib import render

    lesson = COURSE[0]
    monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment(
        {"MINIBRIDGE_PROJECTOR": "1", "MINIBRIDGE_AUDIENCE": "pupils"}))
    box = plain(NewWords(lesson)._repr_html_())
    for term in terms_taught_in(lesson):
        assert f"{plain(term.word)}: {plain(term.meaning)}" in box
        assert plain(term.example) not in box


def test_a_lesson_has_at_most_six_new_words():
    counts = {lesson.number: len(terms_taught_in(lesson)) for lesson in COURSE}
    assert max(counts.values()) <= MOST_NEW_WORDS == 6, counts
    assert counts[1] == 6


# Glossary words that are also everyday words ("a game", "the hand of a clock", "if you have
# one"): an earlier lesson may use them as everyday words, but not teach them (in bold).
# "side", "clockwise", "partner" and "dealer" were here, so lessons 1 and 2 said "your side's sure tricks" and "in
# turn, clockwise" before the words' lesson and no test saw it: a word a lesson teaches for the game
# is held everywhere, not only in bold.
EVERYDAY = {"hand", "deal", "lead", "game", "make", "down",
            "promise", "match", "chance", "exact", "split", "fraction", "list", "if", "test", "loop", "bug",
            "function", "sequence", "to_trump",
            "loser"}  # lesson 8 says "ruff your losers" in passing; lesson 20 teaches how to count them


def spoken(term) -> str:
    """The word as a lesson writes it: "no trumps (NT)" -> "no trumps", "to trump" -> "trump"."""
    word = plain(term.word)
    return re.sub(r"^to ", "", re.sub(r"\s*[(（].*[)）]$", "", word))


def uses(word: str, text: str, language: str, bold_only: bool) -> bool:
    if bold_only:
        return any(word.lower() in plain(b).lower() for b in re.findall(r"\*\*(.+?)\*\*|<b>(.+?)</b>", text)
                   for b in b if b)
    if language == "ja":
        return word in plain(text)
    return re.search(rf"(?<![\w-]){re.escape(word)}", plain(text), flags=re.I) is not None


def test_no_lesson_uses_a_word_before_the_lesson_that_brings_it_in(language):
    early = []
    for term in GLOSSARY:
        word = spoken(term)
        for lesson in COURSE:
            if lesson.number >= term.lesson.number:
                break
            if uses(word, talk(lesson, language), language, bold_only=term.key in EVERYDAY):
                early.append(f"{word!r} in lesson {lesson.number} (new in {term.lesson.number})")
    assert not early, "\n".join(early)


# A later word whose letters an earlier box writes in another sense: lesson 3's HCP are
# 大きいカードの点 ("the big cards' points"), which holds Manille's カードの点 (lesson 14).
OTHER_SENSE = {("ja", "card_points")}


def test_no_new_words_box_explains_a_word_with_one_a_later_lesson_brings_in(language):
    """Lesson 1's box said a sure trick is a trick "your side" (自分のペア) wins, two lessons before
    the box that teaches "side": a pupil who reads the meaning meets a word nobody has taught yet."""
    early = []
    for lesson in COURSE:
        box = "\n".join(f"{term.meaning} {term.example}" for term in terms_taught_in(lesson))
        for term in GLOSSARY:
            if term.lesson.number > lesson.number and term.key not in EVERYDAY and (language, term.key) not in OTHER_SENSE and uses(spoken(term), box, language, False):
                early.append(f"{spoken(term)!r} in lesson {lesson.number}'s box (new in {term.lesson.number})")
    assert not early, "\n".join(early)


@pytest.mark.parametrize("number", [8, 14, 15, 16, 17])
def test_the_manille_lessons_write_each_new_word_in_bold_as_the_glossary_spells_it(number, language):
    """Lesson 14's Japanese edition taught パック in bold while its glossary entry was カード一組:
    a pupil who looked the bold word up did not find it. Lesson 8's Japanese bolded ラフ (lesson 2's
    ラフする) where its glossary's new word is ダミーでラフ (reader of lessons 6-8)."""
    lesson = next(lesson for lesson in COURSE if lesson.number == number)
    bold = [plain(b).lower() for pair in re.findall(r"\*\*(.+?)\*\*|<b>(.+?)</b>", talk(lesson, language)) for b in pair if b]
    missing = [spoken(term) for term in terms_taught_in(lesson) if not any(spoken(term).lower() in b for b in bold)]
    assert not missing, missing


def test_no_word_is_new_in_two_lessons_and_every_word_is_new_in_one():
    boxes = [term.word.lower() for lesson in COURSE for term in NewWords(lesson).terms]
    assert len(boxes) == len(set(boxes)), sorted(w for w in boxes if boxes.count(w) > 1)
    assert sorted(boxes) == sorted(term.word.lower() for term in GLOSSARY)
    assert sum(len(terms_taught_in(lesson)) for lesson in COURSE) == len(GLOSSARY) == len(TERMS)


def test_a_word_says_the_lesson_that_brings_it_in():
    assert TERMS["trick"].lesson.number == 1 and TERMS["no_trumps"].lesson.number == 2
    assert [term.word for term in terms_taught_in(4)] == ["declarer", "dummy", "declarer's side", "defenders", "redeal"]
    assert terms_taught_in("03_points") == terms_taught_in(COURSE[2]) == terms_taught_in(3)


@pytest.mark.parametrize("word", WORDS_THE_COURSE_USES)
def test_every_word_of_the_course_is_explained(word):
    assert any(term.word.lower().startswith(word) for term in GLOSSARY), word


def test_entries_unpack_as_word_meaning_example_all_written_out():
    for word, meaning, example in GLOSSARY:
        assert word and (meaning[0].isupper() or meaning[0].isdigit()), word
        assert meaning.endswith(".") and example.endswith(".") and meaning != example, word


def test_words_come_in_the_order_the_course_teaches_them():
    numbers = [term.lesson.number for term in GLOSSARY]
    assert numbers == sorted(numbers)
    assert [lesson.number for lesson in COURSE if terms_taught_in(lesson)] == [lesson.number for lesson in COURSE]


def test_the_examples_numbers_are_the_rules_numbers():
    assert "= 10 HCP" in TERMS["hcp"].example and Hand.parse("♠A ♥K ♦Q ♣J").hcp == 10
    assert "= 12 card points" in TERMS["card_points"].example
    assert manille.pile_points(["♥10", "♠A", "♦9", "♣K"]) == 12 and manille.pile_points(manille.PACK) == 60
    assert "32 cards" in TERMS["manille"].meaning and len(manille.PACK) == 32
    assert "packets of 2" in TERMS["packet"].meaning and manille.ManilleRules().packets == (2, 2, 2, 2)
    assert "2 × 30 = 60" in TERMS["trick_points"].example and minibridge.trick_points(minibridge.Contract.parse("♥ game").denomination, 2) == 60
    ebu = minibridge.EBU
    assert f"{ebu.partscore_bonus} for a partscore, {ebu.game_bonus} for game" in TERMS["bonus"].example
    assert str(manille.ManilleRules().target) in TERMS["match"].meaning
    assert "2 times" in TERMS["tap"].example and manille.multiplier("♥", taps=1) == 2
    assert minibridge.Contract.parse("♠ game").tricks_needed == 10 and "10 tricks" in TERMS["contract"].example
    assert "7 tricks" in TERMS["partscore"].meaning and minibridge.Contract.parse("♦ partscore").tricks_needed == 7
    assert "NT game needs 9 tricks, ♠ game 10 and ♣ game 11" in TERMS["game"].example
    assert [minibridge.Contract.parse(c).tricks_needed for c in ("NT game", "♠ game", "♣ game")] == [9, 10, 11]
    assert "4 × 3 ÷ 2 = 6" in TERMS["ways_to_choose"].example and math.comb(4, 2) == 4 * 3 // 2 == 6
    bridge = BRIDGE_PACK.cards
    assert "52 ÷ 4 = 13" in TERMS["deal"].example and len(Deal.random(seed=1).hands[Seat.N].cards) == 13
    assert "13 of the 52 cards are hearts" in TERMS["chance"].example
    assert sum(card.suit is Suit.HEARTS for card in bridge) == 13 and Fraction(13, 52) == Fraction(1, 4)
    assert "2 + 2 + 2 + 2 = 8" in TERMS["packet"].example and sum(manille.ManilleRules().packets) == 8
    assert "With 8 tricks it is 2 down" in TERMS["down"].example and minibridge.score("♠ game", 8) < 0
    assert "96 and score 8: 104" in TERMS["match"].example and 96 + 8 >= manille.ManilleRules().target > 96
    # reader of lessons 6-8: "You hold ♣A K Q 3 2. After ♣A, ♣K and ♣Q the defenders have no clubs
    # left" did not say what partner holds: with ♣8 7 6 the defenders' 5 are 3 and 2, gone in 3 rounds
    assert "partner ♣8 7 6. The defenders' 5 clubs are 3 and 2" in TERMS["long_suit"].example
    assert 13 - 5 - 3 == 5 == 3 + 2 and max(3, 2) <= len("AKQ")
    assert minibridge.long_suit_tricks("♣AKQ32", "♣876", "♣") == 5 and minibridge.runs_through("♣AKQ32", "♣876", "♣", 3)


def test_the_glossary_follows_the_language(monkeypatch):
    from cardlib import messages

    monkeypatch.setitem(messages._tables, "xx", {"glossary_trick": "⟦trick⟧"})
    messages.set_language("xx")
    try:
        assert TERMS["trick"].word == "⟦trick⟧" and TERMS["trick"].meaning == say("glossary_trick_means")
    finally:
        messages.set_language("en")


# The word lesson 3's "New words" box brings in, as lessons 1 and 2 must not write it even in passing:
# "dealer" (ディーラー). Lessons 1-2 say "North gave out the cards". "side" (ペア) is lesson 1's own
# word now: its sure tricks are a side's.
BEFORE_LESSON_3 = {"en": re.compile(r"\bdealer", re.I), "ja": re.compile(r"ディーラー")}


def test_lessons_1_and_2_and_their_curtain_cards_use_no_word_lesson_3_brings_in(language):
    """Reader U: lesson 1's curtain-card slips said "You are the dealer of this deal", lesson 2
    "North is the dealer", before lesson 3 teaches "dealer"."""
    import io

    import pypdf

    from teacher.curtain_cards import curtain_cards

    assert TERMS["dealer"].lesson.number == 3 and TERMS["side"].lesson.number == 1
    word = BEFORE_LESSON_3[language]
    for lesson in COURSE[:2]:
        assert lesson.number < 3
        said = word.findall(plain(talk(lesson, language)))
        assert not said, (lesson.number, said)
        pdf = pypdf.PdfReader(io.BytesIO(bytes(curtain_cards(lesson).output())))
        slips = "".join(page.extract_text() for page in pdf.pages[1:])
        gave_out = say("desk_curtain_gave_out", seat=lesson.deals[0].deal.dealer.left.word)
        assert re.sub(r"\s", "", gave_out) in re.sub(r"\s", "", slips) and not word.search(slips), lesson.number
    assert word.search(say("desk_curtain_dealer"))  # lesson 3 on: the slip says "dealer"
