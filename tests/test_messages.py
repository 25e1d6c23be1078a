"""Every sentence and word a person reads comes from the message table, so the lessons can be
translated: switched to a test-only pseudo-language that wraps each message in ⟦…⟧, no
widget and no exercise shows any text outside the brackets."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from cardlib import messages

PSEUDO = "qps"  # not a real language: each English message wrapped in ⟦…⟧
# What may stand outside the brackets: cards ("♠A", "10♥") and ranks as printed on cards
# ("A 4 + K 3"), numbers, signs and punctuation.
CARD = re.compile(r"[♠♥♦♣][\ufe0e]?(?:10|[AKQJ2-9])|(?:10|[AKQJ2-9])[♠♥♦♣]|\b[AKQJ]\b")


class _Text(HTMLParser):
    """The text a person reads in some HTML: the words, and labels a screen reader says."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def readable(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


def outside_brackets(text: str) -> str:
    """What is left of ``text`` once every ⟦…⟧ (nested too) and every card is taken out."""
    out, depth = [], 0
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return CARD.sub(" ", "".join(out))


def untranslated(texts) -> list[str]:
    """The texts with letters outside the brackets."""
    return sorted({t for t in texts if re.search(r"[^\W\d_]", outside_brackets(t))})


@pytest.fixture
def pseudo_language():
    messages._tables[PSEUDO] = {key: f"⟦{value}⟧" for key, value in messages.texts("en").items()}
    messages.set_language(PSEUDO)
    yield
    messages.set_language("en")
    del messages._tables[PSEUDO]


def test_the_check_itself_finds_english_and_lets_cards_and_numbers_through():
    assert untranslated(["⟦Hello⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4 · N–S"]) == ["⟦Hello⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4 · N–S"]
    assert untranslated(["⟦Hello ⟦North⟧⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4"]) == []
    assert untranslated(["♠K ⟦wins⟧", "Deal 3"]) == ["Deal 3"]


# --- every exercise kind --------------------------------------------------------------------

def exercise_texts(question) -> list[str]:
    texts = [question.prompt, question.hint, question.right_answer, question.explanation, question.rules_line]
    texts += [label for label, _ in question.options]
    texts += readable(question.picture_html())
    texts += [slip.words for slip in question.slips]
    wrong = next((v for _, v in question.options if v not in question.accepted), None)
    wrongs = [wrong] + [slip.value for slip in question.slips[:3]]
    if question.answer_kind == "number":
        wrongs.append(question.answer + 997)  # matches no slip
    for given in [question.answer, "not an answer at all", ""] + wrongs:
        if given is not None:
            texts.append(question.check(given).words)
            texts.append(question.check(given, last_try=False).words)
    texts.append(question.check(question.answer, second_go=True).words)
    return texts


def test_every_exercise_kind_speaks_only_through_the_message_table(pseudo_language):
    from exercises.kinds import ALL_KINDS, make_question

    texts = [t for kind in ALL_KINDS for seed in range(12) for t in exercise_texts(make_question(kind, seed))]
    assert untranslated(texts) == []


def test_practice_and_quiz_words_come_from_the_table(pseudo_language):
    from exercises import Practice, Quiz

    practice = Practice(kinds=["hcp"], seed=1)
    texts = [practice.check(practice.question.answer).words, practice.hint(), practice.score_words]
    practice.next()
    texts += [practice.check(practice.question.answer + 1).words, practice.check(practice.question.answer + 1).words,
              practice.check(practice.question.answer + 2).words, practice.check(practice.question.answer).words]
    quiz = Quiz(seed="q", size=3, kinds=["tricks_needed"])
    texts += [quiz.check("nonsense").words, quiz.check(quiz.question.answer).words, quiz.hint()]
    quiz.next()
    quiz.next()
    texts.append(quiz.moved)
    texts += [quiz.check(quiz.question.answer + 1).words]
    quiz.next()
    texts += [quiz.check(quiz.question.answer + 1).words, quiz.result_words, quiz.hint()]
    texts += [feedback.words for _, feedback in quiz.review()]
    assert untranslated(texts) == []


# --- every widget ---------------------------------------------------------------------------

def widget_texts() -> list[str]:
    """Every text every live widget would send to the browser."""
    from ipywidgets.widgets import widget as widget_module

    texts = []
    for model in list(widget_module._instances.values()):
        state = model.get_state()
        for key in ("description", "tooltip", "placeholder", "value", "_options_labels", "tooltips", "html"):
            value = state.get(key)
            if isinstance(value, str):
                texts += readable(value) if key in ("value", "html") and "<" in value else [value]
            elif isinstance(value, (list, tuple)):
                texts += [v for v in value if isinstance(v, str)]
    return [t for t in texts if t.strip()]


def test_the_card_tables_speak_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    from cardlib import Seat, manille
    from cardlib.widgets import ManilleTable, MiniBridgeTable

    seen = []
    table = MiniBridgeTable(deal_number=1)
    seen += widget_texts()
    table._on_contract()  # nothing chosen yet: a refusal
    table._on_coach()
    seen += widget_texts()
    table.denomination_choice.value = "NT"
    table.level_choice.value = "game"
    table.contract_button.click()
    seen += widget_texts()
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        buttons = [b for b in table.hand_buttons if not b.disabled]
        bad = [b for b in buttons if table._buttons[b] not in legal]
        if bad:
            bad[0].click()  # refused, with the rule in words
            seen += widget_texts()
        next(b for b in buttons if table._buttons[b] in legal).click()
    seen += widget_texts()
    defender = MiniBridgeTable(deal_number=2, role="defender", rules="club")
    defender.teacher_box.value = True
    seen += widget_texts()
    for number in (1, 2, 3):
        manille_table = ManilleTable(deal_number=number, rules=manille.ManilleRules(taps="tap back"))
        if manille_table.round.to_call == Seat.S:
            manille_table.trump_choice.value = manille.EN_FACE
            manille_table.trump_button.click()
        seen += widget_texts()
        while manille_table.game is None:
            manille_table.tap_button.click()
            seen += widget_texts()
        manille_table.teacher_box.value = True
        while not manille_table.game.is_over:
            manille_table.step_button.click()
        seen += widget_texts()
    assert untranslated(seen) == []


def play_out_from_python(table) -> list[str]:
    """Click legal cards (and one refused card when there is one) to the end; every text seen."""
    seen = widget_texts()
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        buttons = [b for b in table.hand_buttons if not b.disabled]
        bad = [b for b in buttons if table._buttons[b] not in legal]
        if bad:
            bad[0].click()
            seen += widget_texts()
        next(b for b in buttons if table._buttons[b] in legal).click()
        seen += widget_texts()
    return seen + widget_texts()


def test_the_new_tables_and_options_speak_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    from cardlib import Deal, manille
    from cardlib.widgets import ManilleTable, MiniBridgeTable, TrickTable

    seen = []
    trick = TrickTable(Deal.random(seed=4), trumps="♥", choose_trumps=True, name="1A", pace=0)
    seen += widget_texts()
    trick.last_button.click()
    seen += play_out_from_python(trick)
    trick.trumps_choice.value = "NT"
    trick.teacher_box.value = True
    trick.step_button.click()
    seen += widget_texts()
    small = TrickTable("N:AK2... QJ3... 1098... 765...", open_hands=False, pace=0)
    seen += play_out_from_python(small)
    set_deal = MiniBridgeTable(deal=Deal.random(seed=11), contract="NT partscore", show_score=False, name="4A", pace=0)
    seen += play_out_from_python(set_deal)
    set_deal._on_view_message(None, {"action": "no such button", "value": ""}, [])
    seen += widget_texts()
    set_deal.next_button.click()
    seen += widget_texts()
    lesson_9 = ManilleTable(deal=manille.deal(seed=3), with_trumps=False, pace=0)
    seen += play_out_from_python(lesson_9)
    busy = MiniBridgeTable(deal_number=2, role="defender", pace=1)
    busy.scheduler = lambda delay, step: None  # the computer's cards never come: the pupil waits
    busy._on_view_message(None, {"card": busy.hand_buttons[0].card.letters}, [])
    busy._on_view_message(None, {"card": busy.hand_buttons[0].card.letters}, [])
    seen += widget_texts()
    assert untranslated(seen) == []


def test_the_exercise_widget_speaks_only_through_the_message_table(pseudo_language, tmp_path):
    pytest.importorskip("ipywidgets")
    from exercises.kinds import ALL_KINDS
    from exercises.widget import ExerciseWidget

    def give(exercise, value):
        question = exercise.session.question
        if exercise.card_buttons:
            exercise.card_buttons[value].click()
        elif question.options:
            exercise.choice.value = value if len(question.options) <= 5 else None
            exercise.dropdown.value = value if len(question.options) > 5 else None
        else:
            exercise.number_box.unobserve_all("value")
            exercise.number_box.value = str(value)
        exercise.check()

    seen = []
    for kind in ALL_KINDS:
        exercise = ExerciseWidget(kinds=[kind], seed=3, progress_dir=tmp_path)
        exercise.name_box.value = "Aiko"
        exercise.check()  # nothing given yet
        exercise.hint()
        seen += widget_texts()
        if exercise.card_buttons:
            exercise.card_view._handle_custom_msg({"card": "forged"}, [])  # refused in words
            seen += widget_texts()
        question = exercise.session.question
        wrongs = [s.value for s in question.slips][:2] or [v for _, v in question.options if v not in question.accepted]
        for value in wrongs[:2]:  # the slip named, then the working
            give(exercise, value)
            seen += widget_texts()
        exercise.new_button.click()
        give(exercise, exercise.session.question.answer)
        seen += widget_texts()
    quiz = ExerciseWidget(lesson=9, quiz=True, progress_dir=tmp_path)
    quiz.new_button.click()  # a skip, said in words
    seen += widget_texts()
    while quiz.session.question is not None:
        give(quiz, quiz.session.question.answer)
        seen += widget_texts()
        quiz.new_button.click()
        seen += widget_texts()
    assert untranslated(t for t in seen if t != "Aiko") == []  # the name the pupil typed stays as typed


def test_no_message_is_made_when_a_module_is_imported():
    """Words are looked up when they are shown, so switching language changes every label.
    The message table is loaded first, with ``say`` watched, then every module."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    probe = ("import importlib.util, json, sys\n"
             f"spec = importlib.util.spec_from_file_location('cardlib.messages', {str(root / 'cardlib' / 'messages.py')!r})\n"
             "m = importlib.util.module_from_spec(spec); sys.modules['cardlib.messages'] = m\n"
             "spec.loader.exec_module(m)\n"
             "calls, real = [], m.say\n"
             "m.say = lambda key, **v: calls.append(key) or real(key, **v)\n"
             "import cardlib, cardlib.minibridge, cardlib.manille, cardlib.render, cardlib.bots\n"
             "import exercises, exercises.course\n"
             "try:\n    import cardlib.widgets, exercises.widget\n"
             "except ModuleNotFoundError:\n    pass  # a machine without ipywidgets\n"
             "assert cardlib.say is m.say\n"
             "print(json.dumps(calls))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=root)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == []
