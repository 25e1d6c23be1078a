"""The chance lab of lesson 18, driven from Python as a pupil would: guess, deal, watch."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from cardlib import CardError, chance
from exercises.chance_lab import (QUESTIONS, ChanceLab, ChanceLine, Comparison, Experiment, SplitTable,
                                  many_deals)

def picture(lab) -> str:
    return lab.chart.value


@pytest.mark.parametrize("question", QUESTIONS)
def test_guess_then_deal_and_the_chart_follows(question):
    lab = ChanceLab(question, seed="test lab")
    assert lab.small_button.disabled and lab.big_button.disabled
    assert "Make your guess first" in lab.status.value and picture(lab).startswith("<svg")
    empty = picture(lab)
    lab.guess_slider.value = 35
    assert "35 out of 100" in lab.guess_unit.value
    lab.guess_button.click()
    assert lab.experiment.guess == 35 and lab.guess_slider.disabled and not lab.big_button.disabled
    assert "You guessed 35 out of 100" in lab.status.value
    lab.small_button.click()
    assert lab.experiment.tally.deals == 10 and picture(lab) != empty
    lab.big_button.click()
    assert lab.experiment.tally.deals == 1010
    assert "1010 deals so far" in lab.status.value and "Your guess was 35 out of 100." in lab.status.value
    before = picture(lab)
    lab.exact_box.value = True
    assert picture(lab) != before and picture(lab).count("<circle") == before.count("<circle") + len(
        lab.experiment.question.categories) + 1  # a dot for each outcome's exact chance, and the legend's


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_bar_is_its_outcomes_count_in_height_and_in_words(question):
    e = Experiment(question, seed="bars").deal(700)
    chart = e.draw()
    bars = re.findall(r'<rect class="mb-lab-bar" data-count="(\d+)" x="[\d.]+" y="[\d.]+" width="[\d.]+" '
                      r'height="([\d.]+)"[^>]*><title>([^<]+)</title>', chart)
    assert len(bars) == len(e.question.categories)
    tallest = max(e.tally.counts.values())
    for category, (count, height, words) in zip(e.question.categories, bars):
        expected = e.tally.counts.get(category, 0)
        assert int(count) == expected
        assert words == f"{e.question.label(category)}: {expected} out of {e.tally.seen}"
        # heights in proportion to the counts (each drawn to a tenth of a pixel)
        assert abs(float(height) * tallest - max(float(h) for _, h, _ in bars) * expected) <= 0.1 * tallest
    assert sum(int(count) for count, _, _ in bars) == e.tally.seen
    assert f'aria-label="{e.headline()}"' in chart


def test_a_forged_click_before_the_guess_deals_nothing():
    lab = ChanceLab("points", seed=1)
    lab.big_button.click()  # disabled in the page, but a click message can be forged
    assert lab.experiment.tally.deals == 0 and "Make your guess first" in lab.status.value


def test_the_same_seed_deals_the_same_and_the_share_settles_near_the_count():
    a, b = Experiment("points", seed="x").deal(1000), Experiment("points", seed="x").deal(400).deal(600)
    assert a.tally.counts == b.tally.counts
    big = Experiment("points", seed="settle").deal(8000)
    assert chance.agrees(big.share, big.exact, big.tally.seen)
    assert big.exact == chance.chance_of_points(12)


def test_status_words():
    e = Experiment("split", seed=3)
    assert e.status() == "No deals yet."
    e.deal(500)
    count = e.tally.count(lambda s: s == (3, 2))
    assert e.status().startswith(f"500 deals so far. In {e.tally.seen} of them N–S had 8 cards of a suit. "
                                 f"The other 5 cards split 3–2 in {count} of those: ")
    assert e.headline().startswith("After 500 deals: 3–2 in ")


def test_bad_guesses_and_counts_are_refused_in_words():
    e = Experiment("long")
    for bad in (-1, 101, "50", True, 3.5):
        with pytest.raises(CardError, match="is not a guess"):
            e.set_guess(bad)
    for bad in (0, -5, "10", 2.5):
        with pytest.raises(CardError, match="is not a number of deals"):
            e.deal(bad)
    with pytest.raises(CardError, match="is not a question of the chance lab"):
        Experiment("poker")


def test_many_deals_deals_once_for_every_question():
    results = many_deals(500, seed="m")
    assert set(results) == set(QUESTIONS)
    for key, e in results.items():
        assert e.tally.counts == Experiment(key, seed="m").deal(500).tally.counts


def test_pictures():
    line = ChanceLine((("a heart", Fraction(1, 4)), ("a red card", Fraction(1, 2))))._repr_html_()
    assert "<svg" in line and "1/4: a heart" in line and "never" in line and "always" in line
    table = Comparison.of(many_deals(100, seed="t"))._repr_html_()
    assert table.count("<tr>") == 5 and "12 or more points" in table
    split = SplitTable(5)
    assert [row[0] for row in split.rows()] == ["3–2", "4–1", "5–0"]
    html = split._repr_html_()
    assert "7,054,320 / 10,400,600 = 78/115" in html and "67.8%" in html


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_chance_lines_end_words_stay_inside_the_picture(language):
    """The words under 0 and 1 (Japanese: ぜったい起こらない, 9 characters) run inward from the
    line's ends, so none is cut off at the picture's edge: measured with each character as wide as
    the font's size, the widest a Japanese character is."""
    from cardlib.messages import current_language, set_language

    before = current_language()
    set_language(language)
    try:
        svg = ChanceLine((("a heart", Fraction(1, 4)),))._repr_html_()
    finally:
        set_language(before)
    width = float(re.search(r'viewBox="0 0 ([0-9.]+)', svg).group(1))
    ends = re.findall(r'<text x="([0-9.-]+)" y="[0-9.]+" text-anchor="(\w+)" font-size="14">([^<]+)</text>', svg)
    assert len(ends) == 2
    for x, anchor, words in ends:
        x, wide = float(x), 14 * len(words)
        left, right = {"start": (x, x + wide), "end": (x - wide, x), "middle": (x - wide / 2, x + wide / 2)}[anchor]
        assert 0 <= left and right <= width, f"{words!r} runs off the chance line's picture ({left:.0f} to {right:.0f} of {width:.0f})"


SVG_LINE = re.compile(r'<line x1="([0-9.]+)" y1="([0-9.]+)" x2="[0-9.]+" y2="([0-9.]+)" stroke="#1F4E9A"')
SVG_LABEL = re.compile(r'<text x="([0-9.]+)" y="([0-9.]+)" text-anchor="(\w+)" font-size="15" fill="#000">([^<]+)</text>')
CLOSE_MARKS = {
    "the lesson's": ("1/52", "1/13", "1/4", "1/2"),
    "packed near 0": ("1/100", "1/52", "2/52", "3/52", "1/13", "1/10"),
    "packed near 1": ("9/10", "12/13", "49/52", "50/52", "51/52", "1"),
    "both ends and the middle": ("0", "1/100", "49/100", "1/2", "51/100", "99/100", "1"),
    "all at one place": ("1/4", "1/4", "1/4"),
}
WORDS = ("a heart", "赤いカード（♥ か ♦）", "12点以上の手札", "the ace of spades", "ハート", "a long suit of five or more", "エース")


@pytest.mark.parametrize("chances", CLOSE_MARKS.values(), ids=CLOSE_MARKS.keys())
def test_no_dashed_line_of_the_chance_line_crosses_another_marks_words(chances):
    """Marks close together, each with its words at the end of a dashed line from its dot: no
    dashed line runs through the words of another mark, and all the words are inside the
    picture. Each character measured as wide as the font's size, the widest a Japanese one is."""
    marks = tuple((WORDS[i % len(WORDS)], Fraction(c)) for i, c in enumerate(chances))
    svg = ChanceLine(marks)._repr_html_()
    width = float(re.search(r'viewBox="0 0 ([0-9.]+)', svg).group(1))
    lines = [(float(x), float(top), float(bottom)) for x, top, bottom in SVG_LINE.findall(svg)]
    boxes = []
    for x, y, anchor, words in SVG_LABEL.findall(svg):
        x, y, wide = float(x), float(y), 15 * len(words)
        left, right = {"start": (x, x + wide), "end": (x - wide, x)}[anchor]
        boxes.append((left, right, y - 15, y + 4, words))
    assert len(lines) == len(boxes) == len(marks)
    for left, right, top, bottom, words in boxes:
        assert 0 <= left and right <= width, f"{words!r} runs off the picture ({left:.0f} to {right:.0f} of {width:.0f})"
    for n, (x, top, bottom) in enumerate(lines):
        for m, (left, right, box_top, box_bottom, words) in enumerate(boxes):
            crosses = left <= x <= right and top < box_bottom and box_top < bottom
            assert m == n or not crosses, f"the dashed line of {marks[n][1]} crosses {words!r}"


def test_the_japanese_labs_legend_headline_and_table_write_the_lessons_word_for_or_more():
    """Reader sd: the page says 12点<ruby>以上</ruby> (小4's word, with its reading), but the chart's
    legend and headline and the table of 10,000 deals said 12点いじょう and 5まいいじょうのスーツ (hard to
    read: まいいじょう). Now the table keeps the page's ruby, and the chart, which cannot draw ruby,
    puts the reading in brackets after the word, as every chart of the course does."""
    from cardlib.messages import current_language, set_language

    before = current_language()
    set_language("ja")
    try:
        for key, words in (("points", "12点以上（いじょう）"), ("long", "5まい以上（いじょう）のスーツ")):
            svg = Experiment(key, seed="lesson 18").deal(100).draw()
            shown = re.findall(r">([^<>]+)</text>", svg)
            assert words in shown and any(line.startswith("100回配って：" + words) for line in shown), shown
            assert not [line for line in shown if "いじょう" in line and "以上（いじょう）" not in line]
        table = Comparison.of(many_deals(100, seed="lesson 18"))._repr_html_()
        assert table.count("<ruby>以上<rt>いじょう</rt></ruby>") == 2 and "点いじょう" not in table
    finally:
        set_language(before)
