"""Draw a MiniBridge table in the middle of a hand and take screenshots of it (docs/*.png).

Run from the project root: ``.venv/bin/python docs/make_pictures.py``. Needs /usr/bin/chromium.
It writes docs/table-<theme>-x<scale>.png for both themes at scale 1 and 2.
"""
from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib import Deal, Seat, Side, minibridge, render  # noqa: E402

DOCS = Path(__file__).resolve().parent
VIEWER = Seat.S
SEED = 2


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
    """The whole picture as the player at South sees it: table, trick record, score pad."""
    hands = {seat: (list(cards) if game.can_see(VIEWER, seat) else len(cards))
             for seat, cards in game.hands.items()}
    table = render.table_html(hands, plays=game.current, names={Seat.S: "Aiko", Seat.N: "Ben"},
                              theme=theme, scale=scale, trumps=game.trumps, dummy=game.dummy,
                              to_play=game.to_play, declarer=game.declarer)
    pad = minibridge.ScorePad("club")
    pad.add("E", "NT partscore", 8)
    pad.add("S", "♥ game", 9)
    record = render.trick_record_html(game.tricks, Side.NS, theme=theme, scale=scale)
    last = game.tricks[-1]
    heading = f'<div style="font:bold {round(16 * scale)}px sans-serif">Last trick</div>'
    last_trick = f"<div>{heading}{render.trick_html(last.plays, theme=theme, scale=scale, winner=last.winner)}</div>"
    side = (f'<div style="display:flex;flex-wrap:wrap;gap:{round(16 * scale)}px;max-width:{round(600 * scale)}px">'
            f"{record}{last_trick}{render.score_pad_html(pad, theme=theme, scale=scale)}</div>")
    return ('<!doctype html><html><head><meta charset="utf-8"><title>MiniBridge table</title></head>'
            f'<body style="margin:12px;background:#fff"><div style="display:flex;flex-wrap:wrap;'
            f'gap:{round(20 * scale)}px;align-items:flex-start">{table}{side}</div></body></html>')


def main() -> None:
    game = mid_hand()
    pages = Path(tempfile.mkdtemp())
    for theme in ("two-colour", "four-colour"):
        for scale, size in ((1.0, "1360,660"), (2.0, "1920,2060")):
            name = f"table-{theme}-x{scale:g}"
            html_file = pages / f"{name}.html"
            html_file.write_text(page(game, theme, scale), encoding="utf-8")
            subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                            "--disable-background-networking", "--disable-component-update",
                            "--disable-sync", "--no-first-run", "--hide-scrollbars",
                            f"--screenshot={DOCS / (name + '.png')}", f"--window-size={size}",
                            html_file.as_uri()], check=True, capture_output=True, timeout=120)
            print(DOCS / f"{name}.png")


if __name__ == "__main__":
    main()
