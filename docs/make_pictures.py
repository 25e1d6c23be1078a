"""Draw a MiniBridge table in the middle of a hand and take screenshots of it (docs/*.png).

Run from the project root: ``.venv/bin/python docs/make_pictures.py``. Needs /usr/bin/chromium.
It writes docs/table-<theme>-x<scale>.png for both themes at scale 1 (a 1366×768 laptop) and
2 (a 1280×720 projector), and copies the live tables' pictures that
tests/browser/test_app_tables.py takes (run it first) into docs/.
"""
from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib import Deal, Seat, Side, minibridge, render, say  # noqa: E402

DOCS = Path(__file__).resolve().parent
VIEWER = Seat.S
SEED = 2
LIVE = ("table-minibridge-declarer-projector-1024x768", "table-minibridge-choosing-projector-1280x720",
        "table-minibridge-teacher-projector-1024x768", "table-tricks-projector-1280x720",
        "table-manille-normal-1366x768", "table-tricks-follow-normal-1366x768")


def mid_hand() -> minibridge.MiniBridgePlay:
    """Deal 14 of the MiniBridge set (South declares ♥ partscore), five tricks and two cards played."""
    deal = Deal.numbered(14)
    declarer = minibridge.declarer(deal)
    contract = minibridge.suggest_contract(deal[declarer], deal[declarer.partner]).contract
    game = minibridge.start_play(deal, declarer, contract)
    choose = random.Random(SEED)
    for _ in range(5 * 4 + 2):
        game.play(choose.choice(game.legal_plays()))
    return game


def page(game: minibridge.MiniBridgePlay, theme: str, scale: float) -> str:
    """The table as the player at South sees it, drawn by the same layout function as the live
    table: the hands, dummy, the trick, the contract, the trick record and the last trick."""
    hands = {seat: (list(cards) if game.can_see(VIEWER, seat) else len(cards))
             for seat, cards in game.hands.items()}
    info = render.badge_html(say("table_contract_badge", contract=game.contract, tricks=game.contract.tricks_needed),
                             highlight=True)
    last = game.tricks[-1]
    table = render.table_html(hands, plays=game.current, names={Seat.S: "Aiko", Seat.N: "Ben"},
                              theme=theme, scale=scale, trumps=game.trumps, dummy=game.dummy,
                              to_play=game.to_play, declarer=game.declarer, info=info,
                              record=render.table_record_html(game.tricks, Side.NS),
                              last=(last.plays, last.winner))
    return ('<!doctype html><html><head><meta charset="utf-8"><title>MiniBridge table</title></head>'
            f'<body style="margin:8px;background:#fff">{table}</body></html>')


def main() -> None:
    game = mid_hand()
    pages = Path(tempfile.mkdtemp())
    for theme in ("two-colour", "four-colour"):
        for scale, size in ((1.0, "1366,768"), (2.0, "1280,720")):
            name = f"table-{theme}-x{scale:g}"
            html_file = pages / f"{name}.html"
            html_file.write_text(page(game, theme, scale), encoding="utf-8")
            subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                            "--disable-background-networking", "--disable-component-update",
                            "--disable-sync", "--no-first-run", "--hide-scrollbars",
                            f"--screenshot={DOCS / (name + '.png')}", f"--window-size={size}",
                            html_file.as_uri()], check=True, capture_output=True, timeout=120)
            print(DOCS / f"{name}.png")
    shots = DOCS.parent / "test-output" / "screenshots"
    for name in LIVE:  # the live tables, as tests/browser/test_app_tables.py photographed them
        if (shots / f"{name}.png").exists():
            shutil.copy(shots / f"{name}.png", DOCS / f"{name}.png")
            print(DOCS / f"{name}.png")


if __name__ == "__main__":
    main()
