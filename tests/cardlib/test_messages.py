"""Every sentence and word a person reads comes from the message table, so the lessons can be
translated: switched to a test-only pseudo-language that wraps each message in ⟦…⟧, no
widget and no exercise shows any text outside the brackets."""
from __future__ import annotations

import json
import re

import pytest

from cardlib import messages
from tests.message_walks import (all_exercise_texts, card_table_texts, chance_lab_texts, coder_texts,
                           exercise_widget_texts, other_table_texts, practice_and_quiz_texts)

PSEUDO = "qps"  # not a real language: each English message wrapped in ⟦…⟧
# What may stand outside the brackets: cards ("♠A", "10♥") and ranks as printed on cards
# ("A 4 + K 3"), numbers, signs and punctuation.
CARD = re.compile(r"[♠♥♦♣][\ufe0e]?(?:10|[AKQJ2-9])|(?:10|[AKQJ2-9])[♠♥♦♣]|\b[AKQJ]\b")


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
    import exercises  # noqa: F401  (registers its words before they are copied: run alone, the test saw none)
    # a message of |-separated column names is wrapped name by name, as it is shown
    messages._tables[PSEUDO] = {key: "|".join(f"⟦{part}⟧" for part in value.split("|"))
                                for key, value in messages.texts("en").items()}
    messages.set_language(PSEUDO)
    yield
    messages.set_language("en")
    del messages._tables[PSEUDO]


def test_the_check_itself_finds_english_and_lets_cards_and_numbers_through():
    assert untranslated(["⟦Hello⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4 · N–S"]) == ["⟦Hello⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4 · N–S"]
    assert untranslated(["⟦Hello ⟦North⟧⟧ ♠A 10♥ 12 + 3 = 15 −50 ×4"]) == []
    assert untranslated(["♠K ⟦wins⟧", "Deal 3"]) == ["Deal 3"]


# --- every exercise kind, every widget -------------------------------------------------------

def test_every_exercise_kind_speaks_only_through_the_message_table(pseudo_language):
    assert untranslated(all_exercise_texts(seeds=12)) == []


def test_practice_and_quiz_words_come_from_the_table(pseudo_language):
    assert untranslated(practice_and_quiz_texts()) == []


def test_the_card_tables_speak_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    assert untranslated(card_table_texts()) == []


def test_the_new_tables_and_options_speak_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    assert untranslated(other_table_texts()) == []


def test_the_exercise_widget_speaks_only_through_the_message_table(pseudo_language, tmp_path):
    pytest.importorskip("ipywidgets")
    assert untranslated(exercise_widget_texts(tmp_path, pupil="Aiko")) == []


def test_the_chance_lab_speaks_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    assert untranslated(chance_lab_texts()) == []


def test_the_coders_checker_speaks_only_through_the_message_table(pseudo_language):
    pytest.importorskip("ipywidgets")
    assert untranslated(coder_texts()) == []


def test_no_message_is_made_when_a_module_is_imported():
    """Words are looked up when they are shown, so switching language changes every label.
    The message table is loaded first, with ``say`` watched, then every module."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    probe = ("import importlib.util, json, sys\n"
             f"spec = importlib.util.spec_from_file_location('cardlib.messages', {str(root / 'cardlib' / 'messages.py')!r})\n"
             "m = importlib.util.module_from_spec(spec); sys.modules['cardlib.messages'] = m\n"
             "spec.loader.exec_module(m)\n"
             "calls, real = [], m.say\n"
             "m.say = lambda key, **v: calls.append(key) or real(key, **v)\n"
             "import cardlib, cardlib.minibridge, cardlib.manille, cardlib.render, cardlib.bots\n"
             "import exercises, exercises.course\n"
             "try:\n    import card_tables, exercises.widget\n"
             "except ModuleNotFoundError:\n    pass  # a machine without ipywidgets\n"
             "assert cardlib.say is m.say\n"
             "print(json.dumps(calls))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=root)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == []
