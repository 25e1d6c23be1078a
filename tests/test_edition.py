"""The edition of a lesson is where the notebook lives: a lesson in notebooks/ja speaks
Japanese and scores MiniBridge by the Japanese club's rules; MINIBRIDGE_LANG overrides."""
from __future__ import annotations

import pytest

from cardlib import messages, minibridge


@pytest.fixture(autouse=True)
def back_to_english(monkeypatch):
    monkeypatch.delenv("MINIBRIDGE_LANG", raising=False)
    yield
    messages.set_language("en")


def test_the_folder_names_the_edition(tmp_path):
    (tmp_path / "ja").mkdir()
    assert messages.edition_language(tmp_path / "ja") == "ja"
    assert messages.edition_language(tmp_path) == "en"
    assert messages.edition_language(tmp_path / "notebooks") == "en"


def test_the_environment_overrides_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIBRIDGE_LANG", "en")
    assert messages.edition_language(tmp_path / "ja") == "en"
    monkeypatch.setenv("MINIBRIDGE_LANG", "ja")
    assert messages.edition_language(tmp_path) == "ja"


def test_lesson_setup_in_a_japanese_folder_speaks_japanese(tmp_path, monkeypatch):
    pytest.importorskip("IPython")
    from cardlib.widgets.lesson import lesson_setup
    (tmp_path / "ja").mkdir()
    monkeypatch.chdir(tmp_path / "ja")
    lesson_setup()
    assert messages.current_language() == "ja"
    assert messages.say("must_follow", suit="♥") != messages.texts("en")["must_follow"].format(suit="♥")
    monkeypatch.chdir(tmp_path)
    lesson_setup()
    assert messages.current_language() == "en"


def test_an_unknown_language_is_refused_in_words(monkeypatch):
    monkeypatch.setenv("MINIBRIDGE_LANG", "xx")
    with pytest.raises(ValueError, match="No messages for language 'xx': choose from"):
        messages.set_language(messages.edition_language())
    assert messages.current_language() == "en"


def test_the_japanese_edition_scores_by_the_club_rules_and_the_english_by_the_schools():
    assert minibridge.scoring_rules() is minibridge.EBU
    assert minibridge.score("♠ game", 8) == -100 and minibridge.score("♠ game", 10) == 420
    messages.set_language("ja")
    assert minibridge.scoring_rules() is minibridge.CLUB
    assert minibridge.score("♠ game", 8) == -200 and minibridge.score("♠ game", 10) == 620
    assert minibridge.ScorePad().rules is minibridge.CLUB
    assert minibridge.score("♠ game", 10, rules="ebu") == 420  # a preset asked for by name still counts


def test_the_japanese_tables_and_score_questions_use_the_club_rules():
    pytest.importorskip("ipywidgets")
    from cardlib.widgets import MiniBridgeTable
    from exercises import make_question
    messages.set_language("ja")
    assert MiniBridgeTable(deal_number=3).rules is minibridge.CLUB
    question = make_question("score", seed=5)
    assert question.rules_line == make_question("score:club", seed=5).rules_line
