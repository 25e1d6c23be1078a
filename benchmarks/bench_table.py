"""How long a pupil waits after clicking a card: their card, every computer reply, and the
table drawn again (with the pace off: the computer's cards at once). Aim: under 50 ms.

Run: .venv/bin/python benchmarks/bench_table.py

The machine's noise is measured in the same run: a fixed pure-Python workload timed the
same number of times, reported as its spread, so a slow figure can be told apart from a
busy machine. A peer is measured too: drawing the whole table once as a single HTML
picture into one ipywidgets.HTML, the least any widget table must do per click.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ipywidgets  # noqa: E402

from cardlib import Deal, Seat, minibridge, render  # noqa: E402
from card_tables import ManilleTable, MiniBridgeTable, TrickTable  # noqa: E402


def spread(samples: list[float]) -> str:
    q = statistics.quantiles(samples, n=4)
    return f"median {statistics.median(samples) * 1000:6.2f} ms  IQR {q[0] * 1000:6.2f}–{q[2] * 1000:6.2f} ms  max {max(samples) * 1000:6.2f} ms"


def click_times(table) -> list[float]:
    """Time every pupil click until the hand is over."""
    times = []
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        button = next(b for b in table.hand_buttons if table._buttons[b] in legal and not b.disabled)
        start = time.perf_counter()
        button.click()
        times.append(time.perf_counter() - start)
    return times


def minibridge_clicks(deals: int) -> list[float]:
    samples = []
    for number in range(1, deals + 1):
        table = MiniBridgeTable(deal_number=number, pace=0)
        advice = minibridge.suggest_contract(table.deal[table.declarer], table.deal[table.declarer.partner])
        table.denomination_choice.value = advice.contract.denomination_symbol
        table.level_choice.value = "game" if advice.contract.game else "partscore"
        table.contract_button.click()
        samples += click_times(table)
    return samples


def manille_clicks(deals: int) -> list[float]:
    samples = []
    for number in range(1, deals + 1):
        table = ManilleTable(deal_number=number, pace=0)
        if table.call is None:
            table.trump_choice.value = "♥"
            table.trump_button.click()
        while table.game is None:
            table.no_tap_button.click()
        samples += click_times(table)
    return samples


def trick_clicks(deals: int) -> list[float]:
    samples = []
    for number in range(1, deals + 1):
        samples += click_times(TrickTable(Deal.numbered(number), pace=0))
    return samples


def peer_redraw(count: int) -> list[float]:
    picture = ipywidgets.HTML()
    deal = Deal.numbered(1)
    samples = []
    for i in range(count):
        start = time.perf_counter()
        picture.value = render.table_html({s: list(deal[s]) for s in Seat}, plays=[(Seat.W, deal["W"].cards[i % 13])])
        samples.append(time.perf_counter() - start)
    return samples


def noise(count: int) -> list[float]:
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        sum(i * i for i in range(20_000))
        samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    mb = minibridge_clicks(12)
    mn = manille_clicks(12)
    tt = trick_clicks(12)
    peer = peer_redraw(len(mb))
    quiet = noise(len(mb))
    print("A pupil's card + all computer replies + redraw (club computer players)")
    print(f"  MiniBridge  ({len(mb):3d} clicks): {spread(mb)}")
    print(f"  Manille     ({len(mn):3d} clicks): {spread(mn)}")
    print(f"  Trick table ({len(tt):3d} clicks): {spread(tt)}")
    print(f"  peer: the whole table drawn as one HTML picture: {spread(peer)}")
    print(f"  ratio MiniBridge click / peer update (medians): {statistics.median(mb) / statistics.median(peer):.0f}×")
    q = statistics.quantiles(quiet, n=4)
    print(f"  machine noise, fixed workload: {spread(quiet)}  (IQR/median {((q[2] - q[0]) / statistics.median(quiet)) * 100:.0f}%)")
    verdict = "meets" if max(statistics.median(x) for x in (mb, mn, tt)) < 0.050 else "misses"
    print(f"  target: median under 50 ms — {verdict}")


if __name__ == "__main__":
    main()
