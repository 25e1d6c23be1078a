"""Seams a child would notice between lessons: a rule taught one way and used another, a lesson
that promises what its quiz never asks, two scoring systems in one edition, a guess quizzed as a
fact, and two words for one thing (issue 18, item 3)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib import messages
from cardlib.messages import say
from cardlib.minibridge import suggest_contract, sure_tricks
from exercises.course import COURSE, lesson_of
from exercises.kinds import make_question

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = {"en": ROOT / "notebooks", "ja": ROOT / "notebooks" / "ja"}
# The word lesson 1 teaches for a trick that cannot be lost, in each edition.
SURE_TRICK = {"en": "sure trick", "ja": "かならず取れるトリック"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    messages.set_language("en")


def pupils_markdown(edition: str, notebook: str) -> list[str]:
    """The markdown a pupil reads (the teacher's cells left out), one string per cell."""
    cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells
            if c["cell_type"] == "markdown" and "teacher" not in c["metadata"].get("tags", [])]


def pupils_code(edition: str, notebook: str) -> list[str]:
    cells = json.loads((EDITIONS[edition] / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells
            if c["cell_type"] == "code" and "teacher" not in c["metadata"].get("tags", [])]


# --- the sure-trick rule: taught whole in lesson 1, asked there, named again in lesson 7 --------

@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_1_quiz_asks_the_sure_tricks_it_promises(edition):
    messages.set_language(edition)
    promise = pupils_markdown(edition, "01_tricks")[0]  # "You will learn: ... sure tricks"
    assert SURE_TRICK[edition] in promise or "sure tricks" in promise
    questions = lesson_of(1).quiz().questions
    sure = [q for q in questions if q.kind.startswith("sure_winners")]
    assert sure, [q.kind for q in questions]
    assert all(SURE_TRICK[edition] in q.prompt for q in sure), [q.prompt for q in sure]


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_1_teaches_the_whole_rule_its_questions_use(edition):
    # The rule's second step: partners' ♠A K and ♠Q J make 2 sure tricks, not 4. A lesson 1
    # question whose answer needs that step must find it in lesson 1's own text.
    assert sure_tricks("♠AK", "♠QJ", "♠") == 2
    text = "\n".join(pupils_markdown(edition, "01_tricks"))
    assert ("♠A K" in text and "♠Q J" in text and ("2 sure tricks, not 4" in text or "4つではなく2つ" in text))
    needs_it = [q for q in (make_question("sure_winners", seed) for seed in range(200))
                if any(slip.code == "length_limit" for slip in q.slips)]
    assert needs_it, "lesson 1's kind of question asks the second step too"


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_7_counts_sure_winners_by_lesson_1s_rule_and_says_so(edition):
    text = "\n".join(pupils_markdown(edition, "07_long_suits"))
    assert "lesson 1" in text.lower() or "レッスン1" in text
    assert SURE_TRICK[edition] in text


# --- one scoring system per edition ------------------------------------------------------------

MINUS_SCORE = re.compile(r"(?<![\d\s])[−-]\d{2,}|(?<=\s)−\d{2,}")  # "−200", not "13 − 8" or "21-22"


@pytest.mark.parametrize("notebook", [lesson.notebook for lesson in COURSE if not lesson.extension
                                      and (EDITIONS["en"] / f"{lesson.notebook}.ipynb").exists()])
def test_the_english_edition_never_shows_pupils_a_minus_score(notebook):
    # Its rules (the English schools') give the defenders the points: nobody writes a minus.
    for text in pupils_markdown("en", notebook):
        assert not MINUS_SCORE.search(text), text
    for code in pupils_code("en", notebook):  # the code cells show the same in both editions
        assert 'rules="club"' not in code and '"score:club"' not in code, code


def test_each_edition_scores_lesson_6_by_its_own_rules_only():
    english = "\n".join(pupils_markdown("en", "06_scoring"))
    assert "Nobody writes a minus" in english and "500" not in english and "club's" not in english
    japanese = "\n".join(pupils_markdown("ja", "06_scoring"))
    assert "−200" in japanese and "300" not in japanese  # the club's minus, never the schools' bonus


# --- a guess is asked as a guess; the advice and the quiz agree ---------------------------------

@pytest.mark.parametrize("edition, guide", [("en", "rule of thumb"), ("ja", "目安")])
def test_points_to_tricks_asks_what_the_rule_of_thumb_says(edition, guide):
    messages.set_language(edition)
    prompts = {make_question("points_to_tricks", seed).prompt for seed in range(20)}
    assert len(prompts) > 2 and all(guide in prompt for prompt in prompts), prompts
    assert guide in "\n".join(pupils_markdown(edition, "05_choosing_the_contract"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_lesson_5_says_why_no_trumps_beats_the_minor_games_its_quiz_asks(edition):
    messages.set_language(edition)
    quizzed = {q.prompt for q in lesson_of(5).quiz().questions if q.kind == "tricks_needed"}
    assert quizzed  # the quiz asks how many tricks contracts need, a minor's 11 among them
    no_fit = next(text for text in pupils_markdown(edition, "05_choosing_the_contract")
                  if "ノートランプ</b>でプレイします" in text or "play in **no trumps**" in text)
    assert "11" in no_fit and "9" in no_fit


# --- one word for one thing ---------------------------------------------------------------------

def english_catalogue() -> dict[str, str]:
    messages.set_language("en")
    return dict(messages._table("en"))


def test_a_side_is_asked_with_do_and_have_everywhere():
    singular = re.compile(r"\{side\} (has|is|does|scores|plays|takes|needs)\b|\b(does|has|is) \{side\}(?!')")
    wrong = {key: text for key, text in english_catalogue().items() if singular.search(text)}
    assert not wrong, wrong
    messages.set_language("en")
    assert say("ex_side_prompt", side="N–S") == "How many points do N–S have together?"
    assert make_question("score", seed=1).prompt.endswith("score?") and " do " in make_question("score", seed=1).prompt


def test_the_contract_card_says_promise_as_the_course_does():
    messages.set_language("en")
    step = say("desk_step_level", points=25)
    assert "promise a game" in step and "bid" not in step


# The words lesson 5 teaches for "25 points or more: the big contract", in each edition.
PROMISE_GAME = {"en": "promise a game", "ja": "ゲームをやくそく"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_coach_and_the_hint_say_game_in_lesson_5s_words(edition):
    assert any(PROMISE_GAME[edition] in text for text in pupils_markdown(edition, "05_choosing_the_contract"))
    messages.set_language(edition)
    tip = suggest_contract("♠AK1032 ♥K32 ♦Q52 ♣J2", "♠QJ4 ♥AQ5 ♦K43 ♣Q1098")
    assert PROMISE_GAME[edition] in tip.reasons[-1]
    assert PROMISE_GAME[edition] in say("ex_contract_hint")
    assert PROMISE_GAME[edition] in say("desk_step_level", points=25)
    others = {"en": ("choose game", "choose a game"), "ja": ("ゲームをえらび", "ゲームにします")}[edition]
    said = [text for text in messages._table(edition).values() if any(word in text for word in others)]
    assert not said, said
