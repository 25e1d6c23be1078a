"""What a pupil reads while a lesson's Python starts (exercises.starting); the browser tests
(tests/browser/test_site.py, tests/browser/test_app_lessons.py) watch it on the pages."""
from __future__ import annotations

import re

from exercises import starting


def test_the_words_while_a_lesson_starts_are_in_each_language_and_name_no_file_and_no_kernel():
    english, japanese = starting.words("en"), starting.words("ja")
    for words in (english, japanese):
        assert set(words) == {"starting", "step", "slow", "again", "widget", "broken"}
        assert "{step}" in words["step"] and "{steps}" in words["step"]
        said = " ".join(words.values())
        assert not re.search(r"ipynb|_|[Kk]ernel|[Ee]xecut|Running", said), said
        assert words["again"] in words["slow"]  # the sentence names the button it asks for
    assert all(english[key] != japanese[key] for key in english)
    assert not re.search(r"[A-Za-z]", "".join(japanese.values()).replace("{step}", "").replace("{steps}", ""))


def test_the_pages_script_carries_every_languages_words_and_nothing_in_them_ends_it_early():
    script = starting.script()
    assert script.startswith("<script>") and script.endswith("</script>") and script.count("</script>") == 1
    for language in starting.LANGUAGES:
        assert all(text in script for text in starting.words(language).values())
    assert f"setTimeout(offer, {starting.QUIET_SECONDS * 1000})" in script


def test_the_english_the_script_replaces_is_what_voila_and_voici_write_in_a_widgets_box():
    """The page's script puts its own words for what Voilà's and Voici's widget manager writes
    in English ("Loading widget..."); a new release that writes something else fails here."""
    import sys
    from pathlib import Path

    import voici_core

    share = Path(sys.prefix) / "share" / "jupyter"
    managers = {"Voilà": share.glob("voila/labextensions/@voila-dashboards/widgets-manager8/static/*.js"),
                "Voici": (Path(voici_core.__file__).parent / "static" / "build").glob("*.js")}
    for name, bundles in managers.items():
        text = "".join(bundle.read_text(encoding="utf-8", errors="replace") for bundle in bundles)
        assert text, f"{name}'s widget manager is not installed"
        for english, ours in starting.VOILAS.items():
            assert f'"{english}"' in text, (name, english)
            assert ours in starting.words("ja")
