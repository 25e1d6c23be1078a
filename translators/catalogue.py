"""The message catalogue's files: gettext PO files by owner, compiled to the .mo files
``cardlib.messages`` reads. Needs Babel (a translator's tool, not the lessons'):

    python -m translators.catalogue compile              # keep every language's keys in step with English, write every .mo
    python -m translators.catalogue import-drafts FILE.json [--language ja]   # a draft {key: text} into that language's PO files

English is the source (``en/*.po``: msgid the key, msgstr the text). Every other language has
exactly the English keys, each with the English text as a ``#.`` comment for the translator;
an empty msgstr is not translated yet and falls back to English. The owners are found by their
files (``<package>/locale/en/LC_MESSAGES/<domain>.po`` in the project), so this tool imports none
of the packages whose words it keeps.
"""
from __future__ import annotations

import argparse
import io
import json
import re
import string
import sys
from pathlib import Path

SOURCE = "en"
ROOT = Path(__file__).resolve().parent.parent


def find_catalogues(root: Path = ROOT) -> dict[str, Path]:
    """Every owner's catalogue in the project: gettext domain -> its locale folder.

    >>> sorted(find_catalogues())
    ['card_tables', 'cardlib', 'exercises', 'glossary', 'plans', 'shared_tables', 'teacher']
    """
    return {po.stem: po.parents[2] for po in sorted(root.glob(f"*/locale/{SOURCE}/LC_MESSAGES/*.po"))}


DOMAINS = find_catalogues()


def po_path(domain: str, language: str) -> Path:
    return DOMAINS[domain] / language / "LC_MESSAGES" / f"{domain}.po"


def on_disk_languages() -> list[str]:
    """Every language with a folder beside English's in cardlib's catalogue."""
    return sorted(p.name for p in DOMAINS["cardlib"].iterdir() if (p / "LC_MESSAGES").is_dir())


def placeholders(text: str) -> set[str]:
    """The names in a message's {braces}.

    >>> sorted(placeholders("{seat} has {count} cards: every hand needs {size}."))
    ['count', 'seat', 'size']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


_RUBY = re.compile(r"<ruby>[^<>]+<rt>[^<>]+</rt></ruby>")


def ruby_is_well_formed(text: str) -> bool:
    """Each reading written as <ruby>word<rt>reading</rt></ruby>, and no stray ruby tag.

    >>> ruby_is_well_formed("<ruby>札<rt>ふだ</rt></ruby>"), ruby_is_well_formed("<ruby>札<rt>ふだ</ruby>")
    (True, False)
    """
    return not re.search(r"</?(?:ruby|rt)>", _RUBY.sub("", text))


def read_po(domain: str, language: str):
    from babel.messages.pofile import read_po as babel_read_po
    with po_path(domain, language).open("rb") as f:
        return babel_read_po(f, locale=language)


def new_catalog(language: str, domain: str):
    from datetime import datetime, timezone

    from babel.messages.catalog import Catalog
    fixed = datetime(2026, 12, 1, tzinfo=timezone.utc)  # a fixed date: the files change only when a message does
    return Catalog(locale=language, domain=domain, project="MiniBridge lessons", version="1", fuzzy=False,
                   msgid_bugs_address="-", last_translator="-", language_team=f"MiniBridge lessons ({language})",
                   header_comment=f"# The {domain} messages of the MiniBridge lessons ({language}).",
                   creation_date=fixed, revision_date=fixed)


def write_po(catalog, domain: str, language: str) -> None:
    from babel.messages.pofile import write_po as babel_write_po
    path = po_path(domain, language)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    babel_write_po(out, catalog, width=0, no_location=True, omit_header=False, sort_output=False)
    path.write_bytes(out.getvalue())


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def entries(catalog) -> dict[str, str]:
    """key -> text of a read catalogue (the header left out)."""
    return {m.id: m.string for m in catalog if m.id}


def sync(language: str) -> None:
    """Give ``language`` exactly English's keys in English's order, each with English's text as
    the translator's comment; a translation already there is kept."""
    for domain in DOMAINS:
        english = entries(read_po(domain, SOURCE))
        old = entries(read_po(domain, language)) if po_path(domain, language).exists() else {}
        catalog = new_catalog(language, domain)
        for key, text in english.items():
            catalog.add(key, old.get(key, ""), auto_comments=text.splitlines() or [""])
        write_po(catalog, domain, language)


def compile_all() -> list[Path]:
    """Bring every language in step with English, then write each .mo beside its .po."""
    written = []
    for language in on_disk_languages():
        if language != SOURCE:
            sync(language)
        for domain in DOMAINS:
            path = po_path(domain, language).with_suffix(".mo")
            path.write_bytes(mo_bytes(read_po(domain, language)))
            written.append(path)
    return written


def import_drafts(path: Path, language: str = "ja") -> int:
    """Put a draft {key: text} into ``language``'s PO files by owner; returns how many entries
    it filled. Nothing is written if any key is unknown, any text's {placeholders} differ from
    English's or a ruby reading is broken; an empty text leaves that message untranslated."""
    draft = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(draft, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in draft.items()):
        raise SystemExit(f"{path} should hold one object of key: text pairs, all strings.")
    english = {domain: entries(read_po(domain, SOURCE)) for domain in DOMAINS}
    owner = {key: domain for domain, table in english.items() for key in table}
    problems = [f"'{key}' is not a message of the lessons (no such key in English)." for key in draft if key not in owner]
    for key, text in draft.items():
        if key in owner and text:  # an empty text is a message not translated yet
            want, got = placeholders(english[owner[key]][key]), placeholders(text)
            if want != got:
                problems.append(f"'{key}' must use the placeholders {sorted(want)} as English does, not {sorted(got)}.")
            if not ruby_is_well_formed(text):
                problems.append(f"'{key}' has a reading not written as <ruby>word<rt>reading</rt></ruby>.")
    if problems:
        raise SystemExit("Nothing was imported:\n" + "\n".join(problems))
    sync(language)
    for domain in DOMAINS:
        catalog = read_po(domain, language)
        for message in catalog:
            if message.id in draft and owner[message.id] == domain:
                message.string = draft[message.id]
        write_po(catalog, domain, language)
    compile_all()
    return sum(1 for text in draft.values() if text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m translators.catalogue", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("compile", help="keep every language in step with English and write the .mo files")
    drafts = commands.add_parser("import-drafts", help="put a JSON draft {key: text} into a language's PO files")
    drafts.add_argument("file", type=Path)
    drafts.add_argument("--language", default="ja")
    args = parser.parse_args(argv)
    if args.command == "compile":
        print(f"{len(compile_all())} catalogues compiled.")
    else:
        print(f"{import_drafts(args.file, args.language)} messages imported into {args.language}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
