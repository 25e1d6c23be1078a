"""The chance questions of lesson 18: answers read the way pupils write fractions and
percentages, every kind seeded, checked against an independent count, and explained."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from cardlib import BRIDGE_PACK, PIQUET_PACK, Card, CardError, chance
from exercises import CHANCE_KINDS, MINIBRIDGE_KINDS, Quiz, make_question
from exercises.answers import READERS, read_fraction, read_likely, read_percent
from exercises.chance_kinds import lesson_facts, percent_words

SEEDS = range(60)
QUARTER = ["1/4", "13/52", "1 / 4", "25%", "25 %", "0.25", "25 percent", "25 per cent", "one quarter",
           "a quarter", "1 in 4", "13 out of 52", "¼", "１／４", "0,25", ".25", "twenty-five percent",
           "  1/4  ", "2/8", "1÷4"]


# --- reading fractions, percentages and "more or less likely" ---------------------------------

@pytest.mark.parametrize("typed", QUARTER)
def test_a_quarter_however_it_is_written(typed):
    assert read_fraction(typed) == Fraction(1, 4)
    assert read_percent(typed) == 25


def test_words_for_parts():
    assert read_fraction("a half") == read_fraction("half") == read_fraction("one half") == Fraction(1, 2)
    assert read_fraction("three quarters") == Fraction(3, 4)
    assert read_fraction("two thirds") == Fraction(2, 3)
    assert read_fraction("one in thirteen") == Fraction(1, 13)
    assert read_fraction("0") == 0 and read_fraction("1") == 1
    assert read_fraction(Fraction(1, 3)) == Fraction(1, 3)


def test_the_chance_is_shown_as_the_pupil_wrote_it():
    assert str(read_fraction("13/52")) == "13/52" and str(read_fraction(" 25 % ")) == "25 %"
    assert str(read_percent("35 percent")) == "35%" and read_percent("35") == 35


def test_percent_answers():
    assert read_percent("35") == read_percent("35%") == read_percent("0.35") == read_percent("7/20") == 35
    assert read_percent("0") == 0 and read_percent("100%") == 100 and read_percent(40) == 40


@pytest.mark.parametrize("typed, message", [
    ("abc", "'abc' is not a fraction: type it like 1/4."),
    ("ten", "'ten' is not a fraction: type it like 1/4."),
    ("1/0", "'1/0' has 0 at the bottom. The bottom number counts all the cards, so it is never 0."),
    ("52/13", "'52/13' is more than 1, and a chance is never more than 1 (that would be more than sure). Look again."),
    ("25", "'25' is more than 1, and a chance is never more than 1. Type a fraction like 1/4, or a percentage "
           "with the % sign, like 25%."),
    ("-1/4", "'-1/4' is below 0, and a chance is never below 0: 0 means it never happens."),
    ("150%", "'150%' is more than 1, and a chance is never more than 1 (that would be more than sure). Look again."),
    ("", "Type your answer first, then press Check."),
    (None, "Type your answer first, then press Check."),
    ("1/4 of 3", "'1/4 of 3' is not a fraction: type it like 1/4."),
])
def test_a_fraction_that_cannot_be_read_gets_a_kind_message(typed, message):
    with pytest.raises(CardError) as caught:
        read_fraction(typed)
    assert str(caught.value) == message


@pytest.mark.parametrize("typed, message", [
    ("abc", "'abc' is not a percentage: type it like 25%."),
    ("3.5", "'3.5' is not a whole number of percent: every answer here is a whole number, like 35%."),
    ("150", "'150' is more than 100%, and a chance is never more than 100% (that would be more than sure)."),
    ("−5%", "'−5%' is below 0, and a chance is never below 0: 0 means it never happens."),
    ("ten", "'ten' is not a percentage: type it like 25%."),
])
def test_a_percentage_that_cannot_be_read_gets_a_kind_message(typed, message):
    with pytest.raises(CardError) as caught:
        read_percent(typed)
    assert str(caught.value) == message


def test_more_or_less_likely_in_words():
    assert [read_likely(w) for w in ("More likely", "more", "LESS LIKELY", "less.", "Just as likely", "the same",
                                     "equally likely")] == ["more", "more", "less", "less", "same", "same", "same"]
    with pytest.raises(CardError, match="not a choice: choose More likely, Less likely or Just as likely"):
        read_likely("maybe")


def test_the_readers_are_in_the_table():
    assert READERS["fraction"] is read_fraction and READERS["percent"] is read_percent
    assert READERS["likely"] is read_likely


def test_huge_input_is_not_echoed():
    with pytest.raises(CardError) as caught:
        read_fraction("1" * 100_000)
    assert len(str(caught.value)) < 200


# --- the kinds ----------------------------------------------------------------------------------

def test_chance_kinds_are_listed_apart_from_the_game_kinds():
    assert CHANCE_KINDS == ("chance_fraction", "chance_percent", "chance_compare", "chance_ways")
    assert not set(CHANCE_KINDS) & set(MINIBRIDGE_KINDS)


@pytest.mark.parametrize("kind", CHANCE_KINDS)
def test_same_seed_same_question(kind):
    a, b = make_question(kind, "class 7A"), make_question(kind, "class 7A")
    assert (a.prompt, a.answer, a.picture, a.explanation) == (b.prompt, b.answer, b.picture, b.explanation)


FITS = {  # the events' words (one card, then many), and what fits, written out again here
    ("a heart", "hearts"): lambda c: c.suit.symbol == "♥", ("a spade", "spades"): lambda c: c.suit.symbol == "♠",
    ("a diamond", "diamonds"): lambda c: c.suit.symbol == "♦", ("a club", "clubs"): lambda c: c.suit.symbol == "♣",
    ("a red card (♥ or ♦)", "red cards (♥ or ♦)"): lambda c: c.suit.symbol in "♥♦",
    ("a black card (♠ or ♣)", "black cards (♠ or ♣)"): lambda c: c.suit.symbol in "♠♣",
    ("an ace", "aces"): lambda c: c.rank.symbol == "A", ("a king", "kings"): lambda c: c.rank.symbol == "K",
    ("a king, queen or jack", "picture cards (K, Q or J)"): lambda c: c.rank.symbol in ("K", "Q", "J"),
    ("an ace, king, queen or jack", "cards worth points (A, K, Q or J)"):
        lambda c: c.rank.symbol in ("A", "K", "Q", "J"),
    ("the ♠A", "the ♠A"): lambda c: str(c) == "♠A",
    ("the ♠A or the ♣A", "black aces (♠A or ♣A)"): lambda c: str(c) in ("♠A", "♣A"),
    ("a 10, jack, queen, king or ace", ""): lambda c: c.rank.symbol in ("10", "J", "Q", "K", "A"),
    ("a 10 (a manille)", ""): lambda c: c.rank.symbol == "10",
    ("a 10, ace, king, queen or jack", ""): lambda c: c.rank.symbol in ("10", "A", "K", "Q", "J"),
    ("a 9, 8 or 7", ""): lambda c: c.rank.symbol in ("9", "8", "7"),
}


def _fits(words: str):
    return next(test for names, test in FITS.items() if words in names)


def _fraction_counted(q) -> Fraction:
    """The answer counted again from the question itself: the cards that fit the event."""
    if q.picture.rows:
        cards = [Card.parse(c) for c in q.picture.rows[0][1][1]]
    else:
        cards = PIQUET_PACK.cards if "Manille" in q.prompt else BRIDGE_PACK.cards
    fits = _fits(re.search(r"chance (?:that )?it is (.+)\?$", q.prompt).group(1))
    return Fraction(sum(1 for c in cards if fits(c)), len(cards))


def test_fraction_answers_are_the_cards_that_fit_over_all_the_cards():
    places = set()
    for q in [make_question("chance_fraction", s) for s in SEEDS]:
        assert q.answer == _fraction_counted(q), q.prompt
        assert 0 < q.answer < 1 and q.right_answer == f"{q.answer.numerator}/{q.answer.denominator}"
        places.add("pile" if q.picture.rows else "manille" if "Manille" in q.prompt else "pack")
    assert places == {"pile", "manille", "pack"}


def test_equal_fractions_decimals_and_percents_are_right_and_the_working_simplifies():
    simplified = 0
    for q in [make_question("chance_fraction", s) for s in SEEDS]:
        n, d = q.answer.numerator, q.answer.denominator
        forms = [f"{n}/{d}", f"{2 * n}/{2 * d}", f"{n} out of {d}"]
        if 100 % d == 0:
            forms += [f"{n * 100 // d}%", str(n / d)]
        for typed in forms:
            assert q.check(typed).correct is True, (q.prompt, typed)
        count, size = map(int, re.search(r"(\d+) of the (\d+) cards", q.explanation).groups())
        assert Fraction(count, size) == q.answer
        if (count, size) != (n, d):
            simplified += 1
            assert f"{count}/{size} = {n}/{d}" in q.explanation and "Divide the top and the bottom" in q.explanation
        else:
            assert "cannot be made simpler" in q.explanation
        assert q.explanation.rstrip(".").endswith(percent_words(q.answer))
    assert simplified > 10


def test_a_wrong_fraction_is_marked_wrong_with_the_working():
    q = make_question("chance_fraction", 1)
    feedback = q.check("1/3" if q.answer != Fraction(1, 3) else "1/5")
    assert feedback.correct is False and q.right_answer in feedback.words and q.explanation in feedback.words


def test_upside_down_fraction_is_not_counted():
    for q in [make_question("chance_fraction", s) for s in range(20)]:
        upside_down = f"{q.answer.denominator}/{q.answer.numerator}"
        feedback = q.check(upside_down)
        assert feedback.correct is None and "never more than 1" in feedback.words


def test_percent_answers_match_the_numbers_in_the_question():
    kinds = set()
    for q in [make_question("chance_percent", s) for s in SEEDS]:
        deals = re.search(r"dealt (\d+) times\. .* (\d+) times\.", q.prompt)
        if deals:
            kinds.add("deals")
            total, count = int(deals.group(1)), int(deals.group(2))
        else:
            kinds.add("pile")
            cards = [Card.parse(c) for c in q.picture.rows[0][1][1]]
            total = len(cards)
            fits = _fits(re.search(r"these \d+ cards are (.+)\?$", q.prompt).group(1))
            count = sum(1 for c in cards if fits(c))
        assert Fraction(count, total) * 100 == q.answer and q.right_answer == f"{int(q.answer)}%"
        percent = int(q.answer)
        assert q.explanation.endswith(f"That is {percent}%.")
        assert f"{count}/{total} = {percent}/100" in q.explanation or total == 100
        for typed in (f"{percent}", f"{percent}%", f"{percent} percent", f"{count}/{total}"):
            assert q.check(typed).correct is True, typed
    assert kinds == {"deals", "pile"}


def test_compare_answers_follow_the_counts_and_the_exact_chances():
    answers = set()
    facts = {key: p for key, p in lesson_facts().items()}
    assert facts["points"] == chance.chance_of_points(12) and facts["split_32"] == Fraction(78, 115)
    for q in [make_question("chance_compare", s) for s in range(120)]:
        counts = re.findall(r": (\d+) of the 52 cards", q.explanation)
        if counts:
            first, second = map(int, counts)
        else:
            first, second = (float(p.rstrip("%")) for p in re.findall(r"(\d+(?:\.\d+)?)%", q.explanation)[:2])
        expected = "more" if first > second else "less" if first < second else "same"
        assert q.answer == expected, q.prompt
        assert {v for _, v in q.options} == {"more", "less", "same"}
        assert q.check(q.right_answer).correct is True  # the label typed works too
        answers.add(q.answer)
    assert answers == {"more", "less", "same"}


@pytest.mark.parametrize("kind", CHANCE_KINDS)
@pytest.mark.parametrize("bad", ["abc", "", None, "x" * 5000, "12 apples", "--4", "52/13"])
def test_bad_input_is_no_attempt_and_a_kind_message(kind, bad):
    q = make_question(kind, 4)
    feedback = q.check(bad)
    assert feedback.correct is None and feedback.words and "✘" not in feedback.words
    assert q.explanation not in feedback.words and len(feedback.words) < 300


def test_a_quiz_of_chance_questions_is_marked():
    quiz = Quiz(seed="lesson 18", size=5, kinds=CHANCE_KINDS)
    for _ in range(5):
        quiz.check(str(quiz.question.answer))
        quiz.next()
    assert quiz.finished and quiz.mark == 5


# --- list every way (the lesson's "List every way", asked in its quiz) ------------------------------

@pytest.mark.parametrize("edition", ["en", "ja"])
def test_every_way_answers_are_counted_from_the_list_the_lesson_shows(edition):
    """The answer is the number of rows of the lesson's own table of every way (EveryWay), or of
    its rows with the split asked, either way round; the working lists every way, one a row, and
    multiplies 2 × 2 (× 2); a slip names adding for multiplying, or counting every row."""
    from cardlib import messages
    from exercises.chance_lab import EveryWay

    messages.set_language(edition)
    try:
        asked = set()
        for seed in range(80):
            q = make_question("chance_ways", seed)
            missing = q.picture.rows[0][1][1]
            rows = EveryWay(tuple(missing)).rows()
            split = re.search(r"(\d)–(\d)", q.prompt)
            if split:
                a, b = int(split.group(1)), int(split.group(2))
                expected = sum(1 for east, west, _ in rows if sorted((len(east), len(west))) == sorted((a, b)))
                asked.add(f"{a}–{b}")
            else:
                expected = len(rows)
                asked.add(len(missing))
            assert q.answer == expected and q.check(str(expected)).correct is True, (q.prompt, expected)
            assert q.check(str(expected + 1)).correct is False
            assert len(missing) in (2, 3) and len({Card.parse(c).suit for c in missing}) == 1
            for east, west, _ in rows:  # every way is listed in the working
                assert all(str(card) in q.explanation for card in east + west)
            assert " × ".join(["2"] * len(missing)) + f" = {len(rows)}" in q.explanation
            assert q.answer not in [slip.value for slip in q.slips]
        assert asked == {2, 3, "1–1", "2–1", "3–0"}
        eight = next(q for q in (make_question("chance_ways", s) for s in range(80))
                     if len(q.picture.rows[0][1][1]) == 3 and not re.search(r"\d–\d", q.prompt))
        assert eight.check("6").slip == "added" and eight.check("3").slip == "one_a_card"
    finally:
        messages.set_language("en")


def test_a_bad_typed_number_of_ways_changes_nothing():
    quiz = Quiz(seed="lesson 18 ways", size=2, kinds=("chance_ways",))
    first = quiz.question
    feedback = quiz.check("lots of ways")
    assert feedback.correct is None and "not a number" in feedback.words
    assert quiz.question is first and quiz.answers == [None, None] and not quiz.finished
    quiz.check(str(first.answer))
    quiz.next()
    quiz.check(str(quiz.question.answer))
    quiz.next()
    assert quiz.finished and quiz.mark == 2  # the bad answer counted for nothing


def test_a_compare_prompt_reads_as_one_question_with_no_comma_inside_a_fact():
    """Reader sd: "Is a heart, taken from a shuffled pack more, less or just as likely as a hand ..."
    put a comma inside the first fact and none after it; each fact is now a phrase with no comma."""
    prompts = {make_question("chance_compare", s).prompt for s in range(200)}
    assert any("a heart drawn from a shuffled pack" in p for p in prompts)
    for prompt in prompts:
        assert prompt.startswith("Is ") and prompt.endswith("?")
        first = prompt[len("Is "):prompt.index(" more, less or just as likely as ")]
        assert "," not in first or first in ("an ace, king, queen or jack", "a king, queen or jack",
                                              "a 10, jack, queen, king or ace"), prompt
