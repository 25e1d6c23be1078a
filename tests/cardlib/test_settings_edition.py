"""The edition of a lesson is where the notebook lives: a lesson in notebooks/ja speaks
Japanese and names the Japanese club's rules as its MiniBridge scoring; MINIBRIDGE_LANG
overrides. The language of the messages alone never changes a score."""
from __future__ import annotations

import pytest

from cardlib import messages, minibridge


@pytest.fixture(autouse=True)
def back_to_english(monkeypatch):
    monkeypatch.delenv("MINIBRIDGE_LANG", raising=False)
    yield
    messages.set_language("en")
    minibridge.use_rules("ebu")


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
    from exercises.lesson_page import lesson_setup
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


def test_the_language_of_the_messages_never_changes_the_score():
    assert minibridge.scoring_rules() is minibridge.EBU
    english = [minibridge.score("♠ game", 8), minibridge.Round(number=3).rules, minibridge.ScorePad().rules]
    messages.set_language("ja")
    assert [minibridge.score("♠ game", 8), minibridge.Round(number=3).rules, minibridge.ScorePad().rules] == english
    assert english == [-100, minibridge.EBU, minibridge.EBU]


def test_lesson_setup_names_the_editions_scoring(tmp_path, monkeypatch):
    pytest.importorskip("IPython")
    from exercises.lesson_page import lesson_setup
    (tmp_path / "ja").mkdir()
    monkeypatch.chdir(tmp_path / "ja")
    lesson_setup()
    assert minibridge.scoring_rules() is minibridge.CLUB
    assert minibridge.score("♠ game", 8) == -200 and minibridge.score("♠ game", 10) == 620
    assert minibridge.ScorePad().rules is minibridge.CLUB
    hand = minibridge.Round(number=3)
    assert hand.rules is minibridge.CLUB  # the hand and a score asked for without rules agree
    assert minibridge.score("♠ game", 10, rules="ebu") == 420  # a preset asked for by name still counts
    messages.set_language("en")  # the language alone changes nothing
    assert minibridge.score("♠ game", 8) == -200
    monkeypatch.chdir(tmp_path)
    lesson_setup()
    assert minibridge.scoring_rules() is minibridge.EBU and minibridge.score("♠ game", 8) == -100


def test_the_japanese_tables_and_score_questions_use_the_club_rules():
    pytest.importorskip("ipywidgets")
    from card_tables import MiniBridgeTable
    from exercises import make_question
    messages.set_language("ja")
    minibridge.use_rules(minibridge.edition_rules("ja"))
    assert MiniBridgeTable(deal_number=3).rules is minibridge.CLUB
    question = make_question("score", seed=5)
    assert question.rules_line == make_question("score:club", seed=5).rules_line
