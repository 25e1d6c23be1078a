"""Answers as Japanese children type them (exercises.answers), and every English form that was
read before still read the same."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import BRIDGE_PACK, CardError, Seat, messages
from cardlib.minibridge import CONTRACTS
from exercises import answers
from exercises.answers import (NOBODY, read_card, read_contract, read_fraction, read_likely, read_number,
                               read_percent, read_role, read_seat, read_side, read_yes_no)


@pytest.fixture
def japanese():
    messages.set_language("ja")
    yield
    messages.set_language("en")


@pytest.mark.parametrize("typed, number", [
    ("１２", 12), ("十二", 12), ("二十", 20), ("百二十", 120), ("十", 10), ("百", 100), ("千百", 1100),
    ("二百五", 205), ("一二", 12), ("〇", 0), ("「12点」", 12), ("12点", 12), ("12こ", 12), ("１２個", 12),
    ("十二点", 12), ("『７』", 7), ("3トリック", 3), ("３まい", 3), ("マイナス50", -50), ("ー１００", -100),
    ("－１００", -100), ("マイナス百", -100), ("12てん。", 12),
])
def test_numbers_as_japanese_children_write_them(typed, number):
    assert read_number(typed) == number


@pytest.mark.parametrize("typed", ["十十", "二二十", "百千", "〇十", "十二三四五六七八九十"])
def test_kanji_that_are_not_a_number_are_refused_in_words(typed):
    with pytest.raises(CardError, match="is not a number"):
        read_number(typed)


def test_a_kanji_number_too_big_is_refused_like_digits():
    with pytest.raises(CardError, match="4 digits"):
        read_number("一二三四五")


@pytest.mark.parametrize("typed, seat", [("北", "N"), ("東", "E"), ("南", "S"), ("西", "W"), ("きた", "N"),
                                         ("ひがし", "E"), ("ミナミ", "S"), ("ニシ", "W"), ("南さん", "S"),
                                         ("だれも", NOBODY), ("配り直し", NOBODY)])
def test_seats_in_kanji_hiragana_or_katakana(typed, seat):
    assert read_seat(typed) == seat


@pytest.mark.parametrize("typed, side", [("北南", "NS"), ("南北", "NS"), ("東西", "EW"), ("西東", "EW"),
                                         ("北と南", "NS"), ("東・西", "EW"), ("NS", "NS"), ("e-w", "EW")])
def test_sides(typed, side):
    assert read_side(typed) == side


@pytest.mark.parametrize("typed, card", [("スペードのA", "♠A"), ("すぺーどA", "♠A"), ("♠A", "♠A"),
                                         ("ハートの10", "♥10"), ("ダイヤのキング", "♦K"), ("だいやもんどQ", "♦Q"),
                                         ("クラブのジャック", "♣J"), ("くらぶ2", "♣2"), ("スペードのエース", "♠A")])
def test_cards_with_japanese_suit_and_rank_words(typed, card):
    assert read_card(typed) == card


@pytest.mark.parametrize("typed, contract", [
    ("スペードゲーム", "♠ game"), ("すぺーどのげーむ", "♠ game"), ("♠ゲーム", "♠ game"),
    ("ノートランプ パートスコア", "NT partscore"), ("のーとらんぷのぱーとすこあ", "NT partscore"),
    ("NTゲーム", "NT game"), ("切り札なしのゲーム", "NT game"), ("ハートのノーゲーム", "♥ partscore"),
    ("ダイヤモンド ゲーム", "♦ game"), ("クラブ パートスコア", "♣ partscore"),
])
def test_contracts_in_japanese(typed, contract):
    assert read_contract(typed) == contract


@pytest.mark.parametrize("typed, token", [("はい", "yes"), ("ハイ", "yes"), ("はい。", "yes"), ("いいえ", "no"),
                                          ("イイエ", "no")])
def test_yes_and_no_in_either_kana(typed, token):
    assert read_yes_no(typed) == token


@pytest.mark.parametrize("typed, role", [
    ("ディクレアラー", "declarer"), ("デクレアラー", "declarer"), ("でぃくれあらー", "declarer"), ("でくれあらー", "declarer"),
    ("ﾃﾞｸﾚｱﾗｰ", "declarer"), ("ディクレアラーです。", "declarer"), ("ダミー", "dummy"), ("だみー", "dummy"),
    ("ディフェンダー", "defender"), ("デフェンダー", "defender"), ("Declarer", "declarer"), ("defenders", "defender"),
])
def test_a_role_in_either_spelling_and_either_kana(typed, role):
    assert read_role(typed) == role and answers.READERS["role"](typed) == role


def test_a_word_that_is_not_a_role_is_refused_in_words(japanese):
    with pytest.raises(CardError) as refused:
        read_role("ディーラー")
    assert refused.value.key == "ex_not_role" and "ディーラー" in str(refused.value) and "ダミー" in str(refused.value)


def test_chances_in_japanese():
    assert read_fraction("4分の1") == Fraction(1, 4) and str(read_fraction("4分の1")) == "4分の1"
    assert read_fraction("５２分の１３") == Fraction(1, 4)
    assert read_percent("25パーセント") == 25 and read_percent("２５％") == 25
    assert [read_likely(t) for t in ("起こりやすい", "おこりにくい", "同じ", "オナジ", "起こりやすいほうが")] == \
        ["more", "less", "same", "same", "more"]
    with pytest.raises(CardError, match="at the bottom"):
        read_fraction("0分の1")


@pytest.mark.parametrize("reader, typed", [(read_number, "juuni"), (read_seat, "kita"), (read_contract, "supeedo geemu"),
                                           (read_yes_no, "hai"), (read_likely, "onaji"),
                                           (read_role, "damii")])
def test_latin_letters_in_the_japanese_edition_get_the_script_sentence(japanese, reader, typed):
    with pytest.raises(CardError) as refused:
        reader(typed)
    assert refused.value.key == "ex_other_script" and typed in str(refused.value)


def test_in_english_the_same_letters_get_the_usual_sentence():
    with pytest.raises(CardError) as refused:
        read_number("juuni")
    assert refused.value.key == "ex_not_number"


def test_the_japanese_edition_still_reads_english_answers(japanese):
    assert read_number("twelve") == 12 and read_seat("north") == "N" and read_contract("spades game") == "♠ game"


# --- every English answer that was read before is read the same ---------------------------------

@given(st.integers(-9999, 9999), st.sampled_from(["", " points", " point", " pts", " tricks", " hcp", ".", " card points"]))
def test_english_numbers_still_read(number, unit):
    assert read_number(f"{number}{unit}") == number
    assert read_number(f"{number}".replace("-", "−")) == number


@given(st.sampled_from(sorted(answers.NUMBER_WORDS.items())), st.booleans())
def test_english_number_words_still_read(pair, minus):
    word, number = pair
    assert read_number(("minus " if minus else "") + word.upper()) == (-number if minus else number)


@given(st.sampled_from(list(Seat)), st.sampled_from([str.lower, str.upper, str.title]))
def test_english_seats_still_read(seat, case):
    assert read_seat(case(seat.name)) == seat.name == read_seat(case(messages.texts("en")[f"seat_{seat.name}"]))


@settings(max_examples=60)
@given(st.sampled_from(list(BRIDGE_PACK.cards)), st.booleans())
def test_english_cards_still_read(card, lower):
    text = card.suit.letter + card.rank.symbol  # "SA", "H10"
    assert read_card(text.lower() if lower else text) == str(card) == read_card(str(card))


@given(st.sampled_from(CONTRACTS))
def test_english_contracts_still_read(contract):
    assert read_contract(contract.text) == contract.text == read_contract(str(contract))


@given(st.integers(0, 52), st.integers(1, 52))
def test_english_fractions_still_read(top, bottom):
    if top <= bottom:
        assert read_fraction(f"{top}/{bottom}") == Fraction(top, bottom) == read_fraction(f"{top} out of {bottom}")


@given(st.sampled_from(["yes", "Y", "true", "OK", "no", "N", "false"]))
def test_english_yes_no_still_read(word):
    assert read_yes_no(word) == ("yes" if word.lower() in ("yes", "y", "true", "ok") else "no")


def _kanji(number: int) -> str:
    """A number up to 9999 in kanji, as a child writes it: 百二十, 二十, 十二."""
    digits = "〇一二三四五六七八九"
    if number == 0:
        return "〇"
    out = "" if number >= 0 else "マイナス"
    number = abs(number)
    for value, unit in ((1000, "千"), (100, "百"), (10, "十")):
        count, number = divmod(number, value)
        if count:
            out += ("" if count == 1 else digits[count]) + unit
    return out + (digits[number] if number else "")


@settings(max_examples=80)
@given(st.integers(-9999, 9999))
def test_kanji_numbers_read_as_their_digits(number):
    assert read_number(_kanji(number)) == number == read_number(f"「{_kanji(number)}点」")


@pytest.mark.parametrize("kind", ["hcp", "announcements", "score", "tricks_needed", "manille_points"])
def test_a_slip_typed_the_japanese_way_is_named_as_in_digits(kind):
    from exercises import make_question

    named = 0
    for seed in range(30):
        question = make_question(kind, seed)
        for slip in question.slips[:3]:
            if isinstance(slip.value, int) and not isinstance(slip.value, bool):
                digits = question.check(slip.value, last_try=False)
                for typed in (_kanji(slip.value), str(slip.value).translate(str.maketrans("0123456789-", "０１２３４５６７８９－")),
                              f"「{slip.value}点」"):
                    assert question.check(typed, last_try=False).words == digits.words, typed
                named += bool(digits.slip)
    assert named > 0


# --- what a teacher saw children type (issue: answers as children type them) -------------------

@pytest.mark.parametrize("typed, number", [
    ("12点です", 12), ("「12点です。」", 12), ("十二点です", 12), ("12こだよ", 12), ("1,100", 1100), ("１，１００点", 1100),
    ("マイナス1,100", -1100), ("じゅうに", 12), ("ジュウニ", 12), ("ごじゅうにてん", 52), ("さんびゃくです", 300),
    ("せんひゃく", 1100), ("まいなすひゃく", -100), ("9.0", 9), ("９．０", 9),
])
def test_numbers_as_a_teacher_saw_them_typed(japanese, typed, number):
    assert read_number(typed) == number


@pytest.mark.parametrize("typed", ["４ぶんの１", "よんぶんのいち", "ヨンブンノイチ", "4分の1です", "四分の一",
                                   "ごじゅうにぶんのじゅうさん", "52ぶんの13", "10,000分の2,500"])
def test_a_quarter_as_children_say_it(japanese, typed):
    assert read_fraction(typed) == Fraction(1, 4)


@pytest.mark.parametrize("typed, side", [("なんぼく", "NS"), ("ナンボク", "NS"), ("ほくなん", "NS"), ("とうざい", "EW"),
                                         ("トウザイ", "EW"), ("きたとみなみ", "NS"), ("ひがし・にし", "EW"),
                                         ("南北です", "NS"), ("にしとひがし", "EW")])
def test_sides_in_hiragana_and_read_aloud(japanese, typed, side):
    assert read_side(typed) == side


@pytest.mark.parametrize("typed, seat", [("きたです", "N"), ("みなみだよ", "S"), ("ヒガシです。", "E")])
def test_a_seat_said_politely(japanese, typed, seat):
    assert read_seat(typed) == seat


@pytest.mark.parametrize("typed, card", [("クローバーのA", "♣A"), ("くろーばーの10", "♣10"), ("クローバーK", "♣K"),
                                         ("クローバのジャック", "♣J"), ("スペードのAです", "♠A")])
def test_clover_is_clubs_and_a_rank_letter_is_not_romaji(japanese, typed, card):
    assert read_card(typed) == card


@pytest.mark.parametrize("reader, typed, key, words", [
    (read_card, "クローバーのZ", "not_a_card", "♠A"),       # a card that is not one: how to write one, not "romaji"
    (read_card, "supeedo no A", "ex_other_script", "ローマ字"),  # a romaji word still gets the script sentence
    (read_number, "9.5", "ex_not_whole", "小数"),
    (read_number, "1,10", "ex_not_number", "12"),
    (read_side, "きたとひがし", "ex_not_side", "東西"),
    (read_number, "じゅうじゅう", "ex_not_number", "12"),
])
def test_what_is_still_refused_gets_a_helpful_sentence(japanese, reader, typed, key, words):
    with pytest.raises(CardError) as refused:
        reader(typed)
    assert refused.value.key == key and words in str(refused.value) and typed in str(refused.value)
    assert "ローマ字" not in str(refused.value) or key == "ex_other_script"


def test_an_answer_of_a_thousand_and_more_is_marked_right_with_its_comma(japanese):
    from exercises import Question

    for answer in (1100, -1100):
        question = Question(kind="score", seed=0, prompt="?", answer_kind="number", answer=answer,
                            right_answer=str(answer), explanation="")
        assert question.check(f"{answer:,}点です").correct is True
        assert question.check(f"{answer:,}".replace(",", "，")).correct is True
        assert question.check(f"{answer:,}.0").correct is True


def test_a_two_beaten_in_its_own_suit_is_named_as_the_daifugo_slip(japanese):
    """大富豪 (the card game every Japanese child knows) makes the 2 the top card."""
    from exercises import make_question

    named = []
    for seed in range(300):
        question = make_question("trick", seed)
        twos = [value for _, value in question.options if value[1:] == "2" and value != question.answer
                and value[0] == question.answer[0]]
        for two in twos:
            feedback = question.check(two, last_try=False)
            named.append(feedback.slip == "two_highest" and "大富豪" in feedback.words)
    assert named and all(named)


def test_every_choice_of_every_lesson_in_japanese_is_read_as_the_button_that_gave_it():
    """A Japanese choice written with full-width marks (南（ディクレアラー）, lesson 8) is its own
    answer: the reading's plain brackets once told the pupil it was not one of the choices."""
    from cardlib import messages
    from exercises.course import COURSE

    was = messages.current_language()
    messages.set_language("ja")
    try:
        checked = 0
        for lesson in COURSE:
            for seed in range(6):
                question = lesson.practice_session(seed=seed).question
                for _label, value in question.options if question is not None else ():
                    assert question.read(value) == value, (lesson.number, question.kind, value)
                    checked += 1
        assert checked > 50
    finally:
        messages.set_language(was)
