"""Every lesson's plan (its "Timing" list in the teacher section) fits one class with real cards:
the parts add up to the minutes it says, at most 50 (the Japanese edition: 45); a deal played
twice has the time for it (a full deal twice: more than 12 minutes); at most two full 13-card
deals are played (a deal for fast tables "if time" is not counted); and most lessons end their
deals with at least 10 minutes of free play, as the WBF's routine does."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib import Seat
from exercises.course import COURSE, lesson_of

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = {"en": (ROOT / "notebooks", 50, r"\*\*Timing \((\d+) minutes\)\*\*", r"- (\d+) min: (.*)"),
            "ja": (ROOT / "notebooks" / "ja", 45, r"時間配分（(\d+)分）", r"- (\d+)分：(.*)")}
TWICE = ("twice", "again", "2回", "もう一度")
DEAL = re.compile(r"(?:[Dd]eal|ディール) ?([A-D])(?![a-z])")  # "deal A", not "deal after deal"
# A sentence of the plan that offers a deal only to fast tables, outside the minutes.
OPTIONAL = re.compile(r"if time|for fast tables|時間があれば|早いテーブル|早く終わったテーブル", re.I)
FREE_PLAY = re.compile(r"free play|自由プレイ", re.I)
# The lessons whose plan has no free play, and why.
NO_FREE_PLAY = {
    "01_tricks": "the first lesson: pupils learn to hold, follow and win a trick, and deal B is their first whole deal",
    "17_more_manille": "each table plays one of the rule book's other games: that is the lesson's play",
    "18_chance_and_cards": "the cards are dealt to count chances, not to play",
    "19_coders_corner": "pupils write code, not play cards",
}
BEING_REPLACED: set[str] = set()


def plan(edition: str, notebook: str) -> tuple[int, list[tuple[int, str]], str]:
    """The minutes the plan says, its parts (minutes, what), and the teacher section's text."""
    folder, _limit, heading, part = EDITIONS[edition]
    cells = json.loads((folder / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    teacher = "\n".join("".join(c["source"]) for c in cells
                        if c["cell_type"] == "markdown" and "teacher" in c["metadata"].get("tags", []))
    said = re.search(heading, teacher)
    assert said, f"{notebook} ({edition}): the teacher section has no timing"
    after = teacher[said.end():].lstrip("\n").split("\n\n", 1)[0]
    parts = [(int(m.group(1)), m.group(2)) for m in map(re.compile(part).fullmatch, after.splitlines()) if m]
    return int(said.group(1)), parts, teacher


LESSONS = [pytest.param(edition, lesson.notebook, id=f"{edition}-{lesson.notebook}")
           for edition, (folder, *_rest) in EDITIONS.items() for lesson in COURSE
           if (folder / f"{lesson.notebook}.ipynb").exists() and lesson.notebook not in BEING_REPLACED]


@pytest.mark.parametrize("edition, notebook", LESSONS)
def test_the_plan_adds_up_and_fits_one_class(edition, notebook):
    minutes, parts, teacher = plan(edition, notebook)
    assert len(parts) >= 4, f"{notebook} ({edition}): a plan of {len(parts)} parts"
    assert sum(m for m, _ in parts) == minutes <= EDITIONS[edition][1], (minutes, parts)
    total = re.search(r"合計 ([\d + ]+) = (\d+)分", teacher)
    if total:  # the Japanese plans also write the sum out
        assert [int(n) for n in total.group(1).split(" + ")] == [m for m, _ in parts] and int(total.group(2)) == minutes


def full_deals_played(notebook: str, what: str) -> int:
    """How many full deals (13 cards a hand) a part of the plan plays with real cards: a deal
    named twice over ("twice", "again") counts 2, a deal offered to fast tables counts 0."""
    deals = {d.name[-1]: len(d.deal[Seat.N]) for d in lesson_of(notebook).deals}
    played = 0
    for sentence in re.split(r"(?<=[.。;；])\s*", what):
        if OPTIONAL.search(sentence):
            continue
        named = {m.group(1) for m in DEAL.finditer(sentence) if deals.get(m.group(1)) == 13}
        played += len(named) * (2 if any(word in sentence for word in TWICE) else 1)
    return played


@pytest.mark.parametrize("edition, notebook", LESSONS)
def test_a_class_plays_at_most_two_full_deals(edition, notebook):
    parts = plan(edition, notebook)[1]
    played = sum(full_deals_played(notebook, what) for _, what in parts)
    assert played <= 2, f"{notebook} ({edition}): {played} full deals in {parts}"


@pytest.mark.parametrize("edition, notebook", LESSONS)
def test_most_lessons_give_ten_minutes_to_free_play(edition, notebook):
    free = [minutes for minutes, what in plan(edition, notebook)[1] if FREE_PLAY.match(what)]
    if notebook in NO_FREE_PLAY:
        assert not free, f"{notebook} ({edition}) has free play now: take it off NO_FREE_PLAY"
    else:
        assert free and max(free) >= 10, f"{notebook} ({edition}): free play {free} min"


def test_the_lessons_without_free_play_are_few():
    assert len(NO_FREE_PLAY) < len(COURSE) / 2 and set(NO_FREE_PLAY) <= {lesson.notebook for lesson in COURSE}


def full_deal_played_twice(notebook: str, what: str) -> bool:
    """Whether a part of the plan plays one of the lesson's full deals (13 cards a hand) twice."""
    named = DEAL.search(what)
    if not named or not any(word in what for word in TWICE):
        return False
    deals = {d.name[-1]: d.deal for d in lesson_of(notebook).deals}
    return named.group(1).upper() in deals and len(deals[named.group(1).upper()][Seat.N]) == 13


@pytest.mark.parametrize("edition, notebook", LESSONS)
def test_a_full_deal_played_twice_has_more_than_12_minutes(edition, notebook):
    for minutes, what in plan(edition, notebook)[1]:
        if full_deal_played_twice(notebook, what):
            assert minutes > 12, f"{notebook} ({edition}): {minutes} min for {what!r}"


def test_the_plan_reader_sees_a_plan_that_does_not_add_up(tmp_path, monkeypatch):
    cell = {"cell_type": "markdown", "metadata": {"tags": ["teacher"]},
            "source": ["## For the teacher\n\n**Timing (50 minutes)**\n- 5 min: recap.\n- 10 min: deal A, played twice.\n"
                       "- 20 min: practice.\n- 5 min: exit quiz.\n\n**The deals**"]}
    (tmp_path / "99_test.ipynb").write_text(json.dumps({"cells": [cell]}), encoding="utf-8")
    monkeypatch.setitem(EDITIONS, "en", (tmp_path, *EDITIONS["en"][1:]))
    with pytest.raises(AssertionError):
        test_the_plan_adds_up_and_fits_one_class("en", "99_test")
    assert full_deal_played_twice("05_choosing_the_contract", "deal A: choose and play, then play it again")
    assert not full_deal_played_twice("01_tricks", "deal A, the one-suit game, played twice")  # 3 cards a hand
    assert full_deals_played("05_choosing_the_contract", "deal A: choose and play, then play it again in no trumps.") == 2
    assert full_deals_played("05_choosing_the_contract", "deal B. Deal C for fast tables.") == 1
    assert full_deals_played("05_choosing_the_contract", "ディールB。早いテーブルはディールCも。") == 1
    assert full_deals_played("12_a_whole_hand", "free play: deal after deal at the tables.") == 0
    assert full_deals_played("14_manille_cards_and_points", "deal A, then compare the tables' points.") == 0  # 8 cards
