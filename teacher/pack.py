"""The printable pack: every printout of the course, by name, and the command that writes
them all as PDFs in A4 and US Letter (``python3 tasks.py print`` runs it).

    python -m teacher.pack [--out DIR] [--paper a4|letter|both] [--names "Aiko,Ben"]
                           [--four-colour] [--progress-dir DIR] [--lang en|ja]

>>> [p.name for p in printouts()][:4]
['lesson-01-worksheet', 'lesson-01-answers', 'lesson-01-practice-sheet', 'lesson-01-practice-answers']
"""
from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from cardlib import CardError, manille, messages, minibridge, say
from exercises.course import COURSE, Lesson
from exercises.plans import GAMES
from exercises.progress import ProgressStore, check_pupil_name
from teacher.aids import RESULTS_TABLES, class_results, dummy_mat, manille_strip, trick_poster
from teacher.certificate import certificates
from teacher.curtain_cards import curtain_cards
from teacher.hand_record import hand_records
from teacher.paper import PAPERS, Sheet
from teacher.passport import passport
from teacher.reference import contract_card, glossary_sheet
from teacher.rules_card import CARD_NAMES, card_title, rules_card
from teacher.rulings import rulings_sheet
from teacher.score_sheets import club_score_sheet, manille_score_sheet, schools_score_sheet
from teacher.worksheet import answer_key, practice_answers, practice_sheet, worksheet

Maker = Callable[[str, object], Sheet]  # (paper, theme) -> the printout


@dataclass(frozen=True)
class Printout:
    """One printout: its file name (no extension), what it is called, and how it is made."""

    name: str
    title: str
    make: Maker

    def pdf(self, paper: str = "a4", theme=None) -> bytes:
        """The printout as the bytes of a PDF file."""
        return bytes(self.make(paper, theme).output())


def _lesson_printouts(lesson: Lesson, names: tuple[str, ...]) -> list[Printout]:
    n, t = lesson.number, lesson.title
    stem = f"lesson-{n:02d}"
    found = [
        Printout(f"{stem}-worksheet", say("desk_worksheet_title", number=n, title=t),
                 lambda paper, theme: worksheet(lesson, paper, theme)),
        Printout(f"{stem}-answers", say("desk_answer_key_title", number=n, title=t),
                 lambda paper, theme: answer_key(lesson, paper, theme)),
        Printout(f"{stem}-practice-sheet", say("desk_practice_sheet_title", number=n, title=t),
                 lambda paper, theme: practice_sheet(lesson, paper, theme)),
        Printout(f"{stem}-practice-answers", say("desk_practice_answers_title", number=n, title=t),
                 lambda paper, theme: practice_answers(lesson, paper, theme)),
    ]
    if lesson.deals:  # a lesson without set deals has no hand records or curtain cards to print
        found += [
            Printout(f"{stem}-hand-records", say("desk_hand_records_title", number=n, title=t),
                     lambda paper, theme: hand_records(lesson, paper, theme)),
            Printout(f"{stem}-curtain-cards", say("desk_curtain_cards_title", number=n, title=t),
                     lambda paper, theme: curtain_cards(lesson, paper, theme)),
        ]
    for game in GAMES.get(n, ()):  # a lesson with a choice of games (17): each game's rules card, one a table
        found.append(Printout(f"{stem}-rules-card-{CARD_NAMES[game.path]}", card_title(n, game.path),
                              lambda paper, theme, path=game.path: rules_card(n, path, paper, theme)))
    found += [
        Printout(f"{stem}-certificates", say("desk_certificates_title", number=n, title=t),
                 lambda paper, theme: certificates(lesson, names, paper, theme, ProgressStore().passport())),
    ]
    if any(board.table in RESULTS_TABLES for board in lesson.deals):
        found.append(Printout(f"{stem}-class-results", say("desk_results_title", number=n, title=t),
                              lambda paper, theme: class_results(lesson, paper, theme)))
    return found


def printouts(names: Iterable[str] = (), course: Iterable[Lesson] = COURSE) -> list[Printout]:
    """Every printout: for each lesson its worksheet, answer key, practice sheet and its answers, hand
    records and curtain cards (with set deals), each game's rules card (lesson 17), certificates (one for each name, and one blank) and,
    with MiniBridge deals, the class results sheet; then the score sheets (the English schools' one
    only in an edition scored by its rules), the glossary, the contract card, the rulings page, the classroom aids
    and the passports (one for each name)."""
    names = tuple(names)
    found = [p for lesson in course for p in _lesson_printouts(lesson, names)]
    if minibridge.scoring_rules() is minibridge.EBU:  # an edition scored by the club's rules leaves the schools' sheet out
        found.append(Printout("score-sheet-schools", say("desk_score_sheet_schools"), schools_score_sheet))
    return found + [
        Printout("score-sheet-club", say("desk_score_sheet_club"), club_score_sheet),
        Printout("score-sheet-manille", say("desk_score_sheet_manille", target=manille.ManilleRules().target), manille_score_sheet),
        Printout("glossary", say("desk_glossary_title"), glossary_sheet),
        Printout("choosing-the-contract", say("desk_contract_card_title"), contract_card),
        Printout("when-things-go-wrong", say("ex_rulings_heading"), rulings_sheet),
        Printout("who-wins-the-trick", say("desk_poster_title"), trick_poster),
        Printout("dummy-mat", say("desk_mat_title"), dummy_mat),
        Printout("manille-order-strip", say("desk_strip_title"), manille_strip),
        Printout("passport", say("desk_passport_title"), lambda paper, theme: passport(paper, theme, names)),
    ]


NAME_COMMAS = re.compile(r"[,、，]")  # a Japanese keyboard types 、 or the full-width ，


def typed_names(text: str) -> list[str]:
    """The names a teacher typed, split at commas (also 、 and ，): ``"Ann, あいこ、けん"``."""
    return [name for name in NAME_COMMAS.split(text) if name.strip()]


def class_names(progress_dir=None, extra: Iterable[str] = ()) -> list[str]:
    """The pupils in the class's progress database, and any names added; each checked
    (CardError for a name that could not be one), each once."""
    names = ProgressStore(progress_dir).pupils()
    seen = {name.casefold() for name in names}
    for name in extra:
        name = check_pupil_name(name)
        if name.casefold() not in seen:
            names.append(name)
            seen.add(name.casefold())
    return names


def build(out: str | Path, papers: Iterable[str] = tuple(PAPERS), names: Iterable[str] = (), theme=None,
          report: Callable[[str], None] = lambda line: None) -> list[Path]:
    """Write every printout as PDF into ``out/<paper>/``; returns the files written."""
    written = []
    for paper in papers:
        folder = Path(out) / paper
        folder.mkdir(parents=True, exist_ok=True)
        for printout in printouts(names):
            start = time.perf_counter()
            path = folder / f"{printout.name}.pdf"
            path.write_bytes(printout.pdf(paper, theme))
            written.append(path)
            report(f"{path}  {path.stat().st_size / 1024:.0f} KB  {time.perf_counter() - start:.1f} s")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 tasks.py print", description=say("desk_pack_help"))
    parser.add_argument("--out", default="printouts", help=say("desk_pack_out_help"))
    parser.add_argument("--paper", choices=[*PAPERS, "both"], default="both")
    parser.add_argument("--names", default="", help=say("desk_pack_names_help"))
    parser.add_argument("--four-colour", "--four-color", action="store_true", help=say("desk_pack_colour_help"))
    parser.add_argument("--progress-dir", default=None, help=say("desk_pack_progress_help"))
    parser.add_argument("--lang", choices=messages.languages(), default=None, help=say("desk_pack_lang_help"))
    args = parser.parse_args(argv)
    if args.lang:
        messages.set_language(args.lang)
        minibridge.use_rules(minibridge.edition_rules(args.lang))  # the edition's lessons' scoring
    try:
        names = class_names(args.progress_dir, typed_names(args.names))
    except CardError as error:
        print(error, file=sys.stderr)
        return 2
    papers = tuple(PAPERS) if args.paper == "both" else (args.paper,)
    theme = "four-colour" if args.four_colour else None
    start = time.perf_counter()
    written = build(args.out, papers, names, theme, report=print)
    size = sum(p.stat().st_size for p in written) / 1024 / 1024
    print(say("desk_pack_done", count=len(written), size=f"{size:.1f}", seconds=f"{time.perf_counter() - start:.0f}",
              folder=args.out, names=len(names)))
    if importlib.util.find_spec("endplay") is None:
        print(say("desk_pack_no_analysis"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
