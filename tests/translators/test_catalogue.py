"""The message catalogue: PO files by owner, compiled .mo files in step with them, every
language with exactly English's keys and placeholders, and the import of translators' drafts."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")

from cardlib import messages  # noqa: E402
from translators import catalogue  # noqa: E402

LANGUAGES = catalogue.on_disk_languages()
ROOT = Path(__file__).resolve().parents[2]


def test_the_catalogue_has_english_and_japanese_in_every_owners_file():
    assert LANGUAGES == ["en", "ja"] == messages.languages()
    for domain in catalogue.DOMAINS:
        for language in LANGUAGES:
            assert catalogue.po_path(domain, language).exists()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", list(catalogue.DOMAINS))
def test_every_mo_file_is_compiled_from_its_po_file(domain, language):
    mo = catalogue.po_path(domain, language).with_suffix(".mo")
    assert mo.read_bytes() == catalogue.mo_bytes(catalogue.read_po(domain, language)), (
        f"{mo} is out of step with its .po: run python -m translators.catalogue compile")


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_exactly_the_english_keys_and_placeholders(language):
    for domain in catalogue.DOMAINS:
        english = catalogue.entries(catalogue.read_po(domain, "en"))
        translated = catalogue.read_po(domain, language)
        assert list(catalogue.entries(translated)) == list(english), domain
        for message in translated:
            if message.id:
                # the English text as the translator's comment (Babel wraps long comments)
                assert " ".join(message.auto_comments).split() == english[message.id].split(), message.id
                if message.string:
                    assert catalogue.placeholders(message.string) == catalogue.placeholders(english[message.id]), message.id


def test_each_package_registers_its_own_catalogue_when_it_is_imported():
    """cardlib knows only the game's words; each package above it adds its own catalogue as it is
    imported, and once all are, the lessons read every catalogue the project has."""
    code = ("import json, cardlib.messages as m\nseen = {'cardlib': list(m.DOMAINS)}\n"
            "for name in ('card_tables', 'exercises', 'shared_tables', 'teacher'):\n    __import__(name); seen[name] = list(m.DOMAINS)\n"
            "print(json.dumps(seen))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert seen["cardlib"] == ["cardlib"]
    assert seen["card_tables"] == ["cardlib", "card_tables"]
    assert seen["exercises"] == seen["card_tables"] + ["exercises", "glossary", "plans"]
    assert seen["shared_tables"] == seen["exercises"] + ["shared_tables"]
    assert sorted(seen["teacher"]) == sorted(catalogue.DOMAINS)


def test_no_key_is_in_two_owners_files():
    import card_tables, exercises, shared_tables, teacher  # noqa: F401  (each registers its catalogue)

    seen: dict[str, str] = {}
    for domain in catalogue.DOMAINS:
        for key in catalogue.entries(catalogue.read_po(domain, "en")):
            assert key not in seen, f"{key} is in both {seen[key]} and {domain}"
            seen[key] = domain
    assert len(seen) == len(messages.texts("en")) > 900


def test_an_untranslated_message_falls_back_to_english_and_a_translated_one_does_not(monkeypatch):
    assert messages.say("yes") == "Yes"
    japanese = dict(messages.texts("ja"))
    del japanese["yes"]  # as if the translator had not reached it yet (an empty msgstr)
    monkeypatch.setitem(messages._tables, "ja", japanese)
    messages.set_language("ja")
    try:
        assert messages.say("yes") == "Yes"
        assert messages.say("must_follow", suit="♥") == messages.texts("ja")["must_follow"].format(suit="♥") != \
            messages.texts("en")["must_follow"].format(suit="♥")
        assert messages.current_language() == "ja"
    finally:
        messages.set_language("en")
    with pytest.raises(ValueError, match="No messages for language 'xx'"):
        messages.set_language("xx")
    assert messages.current_language() == "en"


def test_ruby_becomes_the_reading_in_brackets_in_plain_text():
    text = "<ruby>切り札<rt>きりふだ</rt></ruby>は<ruby>札<rt>ふだ</rt></ruby>"
    assert messages.plain(text) == "切り札（きりふだ）は札（ふだ）"
    assert messages.plain("You must follow suit: <b>not</b> ruby.") == "You must follow suit: <b>not</b> ruby."


@pytest.fixture
def copy_of_the_catalogue(tmp_path, monkeypatch):
    """The four owners' locale folders copied, so a test may write them."""
    domains = {}
    for domain, folder in catalogue.DOMAINS.items():
        target = tmp_path / domain
        shutil.copytree(folder, target)
        domains[domain] = target
    monkeypatch.setattr(catalogue, "DOMAINS", domains)
    return domains


def test_a_draft_goes_into_the_owners_files_and_is_read_by_say(copy_of_the_catalogue, tmp_path, monkeypatch):
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps({"yes": "はい", "desk_yes": "はい", "glossary_trick": "<ruby>札<rt>ふだ</rt></ruby>",
                                 "ex_hello": "こんにちは、{name}さん！", "ex_hint": ""}, ensure_ascii=False), encoding="utf-8")
    before = catalogue.entries(catalogue.read_po("exercises", "ja"))["ex_check"]
    assert catalogue.import_drafts(draft) == 4
    assert catalogue.entries(catalogue.read_po("cardlib", "ja"))["yes"] == "はい"
    assert catalogue.entries(catalogue.read_po("teacher", "ja"))["desk_yes"] == "はい"
    assert catalogue.entries(catalogue.read_po("glossary", "ja"))["glossary_trick"] == "<ruby>札<rt>ふだ</rt></ruby>"
    assert catalogue.entries(catalogue.read_po("exercises", "ja"))["ex_hello"] == "こんにちは、{name}さん！"
    assert catalogue.entries(catalogue.read_po("exercises", "ja"))["ex_hint"] == ""  # empty: not translated yet
    assert catalogue.entries(catalogue.read_po("exercises", "ja"))["ex_check"] == before  # the rest stays as it was
    monkeypatch.setattr(messages, "DOMAINS", copy_of_the_catalogue)
    monkeypatch.setattr(messages, "_tables", {})
    messages.set_language("ja")
    try:
        assert messages.say("ex_hello", name="アイコ") == "こんにちは、アイコさん！"
    finally:
        messages.set_language("en")


def test_a_draft_with_an_unknown_key_or_other_placeholders_changes_nothing(copy_of_the_catalogue, tmp_path):
    before = {p: p.read_bytes() for folder in copy_of_the_catalogue.values() for p in folder.rglob("*.*")}
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps({"yes": "はい", "no_such_key": "x", "ex_hello": "こんにちは、{namae}さん！",
                                 "no": "<ruby>札<rt>ふだ</ruby>"}, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        catalogue.import_drafts(draft)
    words = str(refused.value)
    assert "'no_such_key' is not a message of the lessons" in words
    assert "'ex_hello' must use the placeholders ['name']" in words and "Nothing was imported" in words
    assert "'no' has a reading not written as <ruby>word<rt>reading</rt></ruby>" in words
    assert before == {p: p.read_bytes() for folder in copy_of_the_catalogue.values() for p in folder.rglob("*.*")}


def test_compile_gives_a_new_english_key_to_every_language(copy_of_the_catalogue):
    po = catalogue.po_path("cardlib", "en")
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "test_new_key"\nmsgstr "A new {thing}."\n', encoding="utf-8")
    catalogue.compile_all()
    ja = catalogue.read_po("cardlib", "ja")
    assert ja["test_new_key"].string == "" and ja["test_new_key"].auto_comments == ["A new {thing}."]
    assert list(catalogue.entries(ja))[-1] == "test_new_key"


def test_the_compile_command_runs_as_a_module(copy_of_the_catalogue):
    done = subprocess.run([sys.executable, "-m", "translators.catalogue", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "compile" in done.stdout and "import-drafts" in done.stdout


def _said_by() -> dict[str, set[str]]:
    """key -> the packages whose code (or notebooks) names it, as a literal or an f-string's start."""
    import re

    said: dict[str, set[str]] = {}
    for package in sorted({folder.parent.name for folder in catalogue.DOMAINS.values()}):
        text = "\n".join(path.read_text(encoding="utf-8", errors="ignore") for path in (ROOT / package).rglob("*")
                         if path.suffix in (".py", ".js", ".ipynb") and "locale" not in path.parts)
        named = set(re.findall(r"""["']([a-z0-9_]+)["']""", text))
        starts = tuple(set(re.findall(r"""f["']([a-z0-9_]+)\{""", text)))
        for key in {m.id for domain in catalogue.DOMAINS for m in catalogue.read_po(domain, "en") if m.id}:
            if key in named or starts and key.startswith(starts):
                said.setdefault(key, set()).add(package)
    return said


def test_a_message_only_one_other_package_says_is_in_that_packages_catalogue():
    """The words of the card tables are the card tables' (card_tables/locale), not the game's."""
    said = _said_by()
    misplaced = []
    for domain, folder in catalogue.DOMAINS.items():
        owner = folder.parent.name
        for message in catalogue.read_po(domain, "en"):
            users = said.get(message.id, set())
            if message.id and len(users) == 1 and owner not in users:
                misplaced.append(f"{message.id} ({domain} -> {next(iter(users))})")
    assert not misplaced, f"messages in another package's catalogue: {misplaced}"
