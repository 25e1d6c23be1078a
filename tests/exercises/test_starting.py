"""What a pupil reads while a lesson's Python starts (exercises.starting); the browser tests
(tests/browser/test_site.py, tests/browser/test_app_lessons.py) watch it on the pages."""
from __future__ import annotations

import re

from exercises import starting


def test_the_words_while_a_lesson_starts_are_in_each_language_and_name_no_file_and_no_kernel():
    english, japanese = starting.words("en"), starting.words("ja")
    for words in (english, japanese):
        assert set(words) == {"starting", "step", "slow", "again"}
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
