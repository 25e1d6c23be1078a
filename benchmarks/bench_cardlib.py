"""How fast cardlib is, as ratios against endplay measured in the same run.

Run: .venv/bin/python benchmarks/bench_cardlib.py [--quick]

Each row times (in CPU seconds) the closest thing both libraries can do, several times,
alternating the two sides so that a busy machine slows both alike. It prints the median of the
per-round ratios (cardlib speed / endplay speed) with the lowest and highest round, and
the targets the project set. It never fails on a time: a slow machine is not a bug.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlib import Deal, Seat, Suit, minibridge  # noqa: E402

try:
    from endplay.dealer import generate_deals
    from endplay.evaluate import hcp as endplay_hcp
    from endplay.types import Deal as EndplayDeal, Denom, Player
except ImportError:  # the comparison needs the peer; say so plainly
    sys.exit("endplay is not installed: pip install endplay (the benchmark compares against it)")

QUICK = "--quick" in sys.argv
ROUNDS = 3 if QUICK else 9
# CPU time of this process: other programs on a busy machine then disturb the figures less.
clock = time.process_time

# The same deal condition on both sides: N–S hold 25+ HCP and 8+ cards in a major.
def cardlib_condition(deal: Deal) -> bool:
    return deal.hcp("NS") >= 25 and (deal.length("NS", "♠") >= 8 or deal.length("NS", "♥") >= 8)


def endplay_condition(deal: EndplayDeal) -> bool:
    n, s = deal.north, deal.south
    return endplay_hcp(n) + endplay_hcp(s) >= 25 and (
        len(n.spades) + len(s.spades) >= 8 or len(n.hearts) + len(s.hearts) >= 8)


ENDPLAY_DEALER_SCRIPT = ("hcp(north) + hcp(south) >= 25 && "
                         "(spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8)")

DENOMS = {None: Denom.nt, Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts,
          Suit.DIAMONDS: Denom.diamonds, Suit.CLUBS: Denom.clubs}


# --- the sides of each race: each returns (operations done, seconds taken) -------------

def deal_cardlib(count: int, round_no: int):
    start = clock()
    for i in range(count):
        Deal.random_where(cardlib_condition, seed=round_no * 100_000 + i)
    return count, clock() - start


def deal_endplay_callable(count: int, round_no: int):
    start = clock()
    made = sum(1 for _ in generate_deals(endplay_condition, produce=count, seed=round_no))
    return made, clock() - start


def deal_endplay_script(count: int, round_no: int):
    start = clock()
    made = sum(1 for _ in generate_deals(ENDPLAY_DEALER_SCRIPT, produce=count, seed=round_no))
    return made, clock() - start


def sample_games(count: int = 6):
    """Fixed deals, contracts and a random line of play for each (the same for both sides)."""
    games = []
    for i in range(count):
        deal = Deal.random(seed=f"bench:{i}")
        trumps = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)[i % 6]
        game = minibridge.start_play(deal, Seat.S, minibridge.Contract(trumps, True))
        rng = random.Random(i)
        line = []
        while not game.is_over:
            card = rng.choice(game.legal_plays())
            line.append(card)
            game.play(card)
        games.append((deal, trumps, line))
    return games


def to_endplay(deal: Deal, trumps: Suit | None) -> EndplayDeal:
    table = EndplayDeal(deal.to_pbn("N"))
    table.trump = DENOMS[trumps]
    table.first = Player.west  # declarer South, so West leads
    return table


def endplay_card(card):
    from endplay.types import Card as EndplayCard
    return EndplayCard(card.letters)


def positions_cardlib(games) -> list:
    """The game at each of the 52 positions of each sample game (a clone each)."""
    states = []
    for deal, trumps, line in games:
        game = minibridge.start_play(deal, Seat.S, minibridge.Contract(trumps, True))
        for card in line:
            states.append(game.clone())
            game.play(card)
    return states


def positions_endplay(games) -> list:
    """The same positions as endplay deals, each marked when its card would end a trick."""
    states = []
    for deal, trumps, line in games:
        table = to_endplay(deal, trumps)
        for i, card in enumerate(line):
            states.append((table.copy(), i % 4 == 3))
            table.play(endplay_card(card))
    return states


def cycle_cardlib(states: list, passes: int, repeats: int):
    """At every position: legal_plays(), play the first legal card, undo() (``repeats`` times)."""
    start = clock()
    for _ in range(passes):
        for game in states:
            for _ in range(repeats):
                game.play(game.legal_plays()[0])
                game.undo()
    return len(states) * passes * repeats, clock() - start


def cycle_endplay(states: list, passes: int, repeats: int):
    """The same with endplay: legal_moves(), play(), unplay(). endplay cannot unplay the
    card that completes a trick, so there it copies the deal before playing and keeps the
    copy (the cheapest way back it offers)."""
    start = clock()
    for _ in range(passes):
        for k, (table, last_of_trick) in enumerate(states):
            for _ in range(repeats):
                if last_of_trick:
                    kept = table.copy()
                    table.play(table.legal_moves()[0])
                    table = kept
                else:
                    table.play(table.legal_moves()[0])
                    table.unplay()
            states[k] = (table, last_of_trick)
    return len(states) * passes * repeats, clock() - start


def playouts_cardlib(games, count: int, round_no: int):
    """From the first lead to the last trick, a random legal card each turn."""
    rng = random.Random(round_no)
    starts = [minibridge.start_play(deal, Seat.S, minibridge.Contract(trumps, True))
              for deal, trumps, _ in games]
    start = clock()
    for i in range(count):
        game = starts[i % len(starts)].clone()
        while not game.is_over:
            game.play(rng.choice(game.legal_plays()))
    return count, clock() - start


def playouts_endplay(games, count: int, round_no: int):
    rng = random.Random(round_no)
    starts = [to_endplay(deal, trumps) for deal, trumps, _ in games]
    start = clock()
    for i in range(count):
        table = starts[i % len(starts)].copy()
        for _ in range(52):
            table.play(rng.choice(table.legal_moves()))
    return count, clock() - start


IMPORT_PROBE = "import time; t = time.process_time(); import {0}; print(time.process_time() - t)"


def import_time(module: str, pycache: str) -> tuple[int, float]:
    """Seconds to import ``module`` in a fresh interpreter, with compiled bytecode cached
    (as an installed package has it) in a private folder so that no side compiles source."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=pycache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", IMPORT_PROBE.format(module)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return 1, float(out.stdout.strip())


# --- measuring and printing ----------------------------------------------------------

def race(ours, theirs, rounds: int = ROUNDS):
    """Alternate the two sides; return per-round speeds (operations/second) of both."""
    mine, peer = [], []
    for r in range(rounds):
        n, t = theirs(r)
        peer.append(n / t)
        n, t = ours(r)
        mine.append(n / t)
    return mine, peer


def summary(mine, peer, target: float, unit: str) -> list[str]:
    ratios = sorted(m / p for m, p in zip(mine, peer))
    ratio = statistics.median(ratios)
    q = statistics.quantiles(ratios, n=4) if len(ratios) >= 4 else (ratios[0], None, ratios[-1])
    return [f"{statistics.median(mine):>12,.1f} {unit}", f"{statistics.median(peer):>12,.1f} {unit}",
            f"{ratio:8.2f}", f"{ratios[0]:.2f}–{ratios[-1]:.2f}", f"{q[0]:.2f}–{q[-1]:.2f}",
            f"≥ {target:g}", "yes" if ratio >= target else "NO"]


def main() -> None:
    print(__doc__.split("\n\n")[0])
    print(f"Python {sys.version.split()[0]}, {ROUNDS} rounds per row, endplay as peer.\n")
    games = sample_games()
    scale = 0.3 if QUICK else 1.0
    rows = []

    deals = int(300 * scale)
    mine, peer = race(lambda r: deal_cardlib(deals, r), lambda r: deal_endplay_callable(deals, r))
    rows.append(("constrained deals (Python condition)", summary(mine, peer, 20, "deals/s")))
    mine, peer = race(lambda r: deal_cardlib(deals, r), lambda r: deal_endplay_script(deals, r))
    rows.append(("constrained deals (endplay dealer script)", summary(mine, peer, 20, "deals/s")))

    ours, theirs = positions_cardlib(games), positions_endplay(games)
    mine, peer = race(lambda r: cycle_cardlib(ours, int(20 * scale) or 1, 1),
                      lambda r: cycle_endplay(theirs, 1, 1))
    rows.append(("legal plays + play + undo, once a position", summary(mine, peer, 40, "cycles/s")))
    mine, peer = race(lambda r: cycle_cardlib(ours, int(4 * scale) or 1, 6),
                      lambda r: cycle_endplay(theirs, 1, 6))
    rows.append(("... the same, 6 times at each position", summary(mine, peer, 40, "cycles/s")))

    mine, peer = race(lambda r: playouts_cardlib(games, int(1500 * scale), r),
                      lambda r: playouts_endplay(games, int(40 * scale), r))
    rows.append(("random playouts of a whole hand", summary(mine, peer, 50, "hands/s")))

    with tempfile.TemporaryDirectory() as pycache:
        import_time("cardlib", pycache), import_time("ipywidgets", pycache)  # fill the bytecode cache
        # race() turns (1 import, seconds) into imports/second; a speed ratio of 10 or more
        # means cardlib imports in a tenth of ipywidgets' time or less.
        mine, peer = race(lambda r: import_time("cardlib", pycache), lambda r: import_time("ipywidgets", pycache),
                          rounds=max(ROUNDS, 9))
        cells = summary(mine, peer, 10, "")
        cells[0] = f"{statistics.median(1000 / s for s in mine):>12,.1f} ms"
        cells[1] = f"{statistics.median(1000 / s for s in peer):>12,.1f} ms"
        rows.append(("import cardlib vs import ipywidgets", cells))

    head = ["what", "cardlib", "peer", "ratio", "min–max", "IQR", "target", "met"]
    widths = [42, 22, 22, 8, 12, 12, 7, 4]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for name, cells in rows:
        print("  ".join(c.ljust(w) for c, w in zip([name, *cells], widths)))
    print("""
ratio = median over rounds of (cardlib speed / peer speed); for the import row the speed is
imports per second, so a ratio of 10 means cardlib imports in a tenth of ipywidgets' time.
min–max and IQR are the spread of the per-round ratios.

What each side does:
- constrained deals: cardlib Deal.random_where(condition, seed) with a Python condition
  using deal.hcp("NS") and deal.length("NS", suit); endplay generate_deals(produce=n)
  with (a) a Python callable using endplay.evaluate.hcp and len(hand.spades), and
  (b) endplay's own dealer-language string, which it compiles once.
- legal plays + play + undo: at each of the 52 positions of six random MiniBridge games
  (312 positions, made beforehand), cardlib legal_plays(), play(first legal), undo();
  endplay legal_moves() (it asks its C double-dummy solver), play(), unplay() -- or
  copy() and keep the copy on the fourth card of a trick, which endplay cannot unplay.
  "Once a position" is what a search does (ask once, then try cards). Asked again and
  again about the same position, endplay's solver answers faster from what it kept, so
  the second row, with the same 6 repeats on both sides, shows the smaller ratio.
- random playouts: from the opening lead, a random legal card each turn to the end of the
  hand. cardlib clone() of the start, then legal_plays()/play(); endplay copy() of the
  deal, then legal_moves()/play().
- import: `import X` timed (CPU) inside a fresh interpreter, bytecode cached for both sides.""")


if __name__ == "__main__":
    main()
