"""How much better the club bots play than the beginner bots, duplicate-style.

Run: .venv/bin/python benchmarks/bench_bots.py [--deals 2000] [--quick]

Every deal is played twice with the same cards, the same declarer and contract (MiniBridge)
or the same dealer and trumps (Manille): once with club bots North–South and beginner bots
East–West, then with the seats swapped. Luck of the cards cancels out, so the difference
between the two tables is what the better play is worth. The figures are N–S at the table
where the club bots sit N–S, minus N–S at the other table: averages per deal, with the
standard error, and how often the club pair did better, the same, or worse.

``--levels`` plays the three MiniBridge levels against each other the same way (expert
against club, club against beginner, expert against beginner, each deal in all three), and
prints the tricks a deal with the 95 % interval (1.96 standard errors) every 50 deals, so a
run stopped early still gives its figures. The expert asks endplay's solver for its best cards
at every turn (``cardlib.analysis.best_card``). Each report says the seconds on the wall and of
CPU so far (the CPU a deal is what to compare between runs on a shared machine).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlib import Deal, Seat, Side, bots, manille, minibridge  # noqa: E402


def _players(club_side: Side, seed: int) -> dict[Seat, bots.Bot]:
    return {s: (bots.ClubPlayer if s.side is club_side else bots.Beginner)(seed=seed * 4 + s) for s in Seat}


def minibridge_tables(deal: Deal, seed: int, rules: str = "ebu") -> tuple[int, int, int, int] | None:
    """(N–S tricks, N–S score) with the club pair N–S, then with it E–W; None for a redeal."""
    declarer = minibridge.declarer(deal)
    if declarer is None:
        return None
    contract = bots.choose_contract(deal, declarer)
    out = []
    for club in (Side.NS, Side.EW):
        game = bots.play_out(minibridge.start_play(deal, declarer, contract), _players(club, seed))
        sign = 1 if declarer.side is Side.NS else -1
        out += [game.tricks_won(Side.NS), sign * game.score(rules)]
    return tuple(out)


def manille_tables(deal: Deal, seed: int) -> tuple[int, int, int, int]:
    """(N–S card points, N–S net score) with the club pair N–S, then with it E–W."""
    trumps = bots.choose_trumps(deal[deal.dealer])
    out = []
    for club in (Side.NS, Side.EW):
        game = bots.play_out(manille.start_play(deal, deal.dealer, trumps), _players(club, seed))
        scores = game.result().scores
        out += [game.card_points(Side.NS), scores[Side.NS] - scores[Side.EW]]
    return tuple(out)


def _summary(name: str, diffs: list[int]) -> str:
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    better = sum(d > 0 for d in diffs) / len(diffs)
    worse = sum(d < 0 for d in diffs) / len(diffs)
    return (f"  {name:<22} {mean:+8.2f} ± {error:5.2f} per deal   club better {better:5.1%}, "
            f"same {1 - better - worse:5.1%}, worse {worse:5.1%}")


def run(deals: int) -> dict[str, float]:
    """Play the benchmark and print the figures; returns the average differences."""
    figures = {}
    start = time.perf_counter()
    tricks, points, declaring, defending = [], [], [], []
    made = {"club": [], "beginner": []}  # did the contract make, by who declared
    for i in range(deals):
        deal = Deal.random(seed=f"bench-bots:{i}", dealer=Seat(i % 4))
        tables = minibridge_tables(deal, i)
        if tables is None:
            continue
        ns_club, score_club, ns_beginner, score_beginner = tables
        tricks.append(ns_club - ns_beginner)
        points.append(score_club - score_beginner)
        # which pair declared decides whether the gain came from declaring or defending
        declarer = minibridge.declarer(deal)
        needed = bots.choose_contract(deal, declarer).tricks_needed
        if declarer.side is Side.NS:
            declaring.append(ns_club - ns_beginner)
            made["club"].append(ns_club >= needed)
            made["beginner"].append(ns_beginner >= needed)
        else:
            defending.append(ns_club - ns_beginner)
            made["club"].append(13 - ns_beginner >= needed)
            made["beginner"].append(13 - ns_club >= needed)
    seconds = time.perf_counter() - start
    print(f"MiniBridge: {len(tricks)} deals played at two tables ({deals - len(tricks)} redeals skipped), "
          f"{seconds:.1f} s")
    print(_summary("tricks (club − beginner)", tricks))
    print(_summary("score, EBU", points))
    print(_summary("tricks when club declares", declaring))
    print(_summary("tricks when club defends", defending))
    print(f"  contracts made: club declarer v beginner defenders {statistics.fmean(made['club']):.1%}, "
          f"beginner declarer v club defenders {statistics.fmean(made['beginner']):.1%}")
    figures["minibridge_tricks"] = statistics.fmean(tricks)
    figures["minibridge_score"] = statistics.fmean(points)

    start = time.perf_counter()
    card_points, scores = [], []
    for i in range(deals):
        deal = manille.deal(seed=f"bench-bots:{i}", dealer=Seat(i % 4))
        ns_club, net_club, ns_beginner, net_beginner = manille_tables(deal, i)
        card_points.append(ns_club - ns_beginner)
        scores.append(net_club - net_beginner)
    seconds = time.perf_counter() - start
    print(f"Manille: {deals} deals played at two tables, {seconds:.1f} s")
    print(_summary("card points (of 60)", card_points))
    print(_summary("deal score", scores))
    figures["manille_points"] = statistics.fmean(card_points)
    figures["manille_score"] = statistics.fmean(scores)
    return figures


LEVEL_PAIRS = (("expert", "club"), ("club", "beginner"), ("expert", "beginner"))


def levels_tables(deal: Deal, seed: int, strong: str, weak: str) -> int | None:
    """N–S tricks with the ``strong`` pair N–S minus N–S tricks with it E–W; None for a redeal."""
    declarer = minibridge.declarer(deal)
    if declarer is None:
        return None
    contract = bots.choose_contract(deal, declarer)
    ns = []
    for side in (Side.NS, Side.EW):
        players = {s: bots.make("minibridge", strong if s.side is side else weak, seed=seed * 4 + s) for s in Seat}
        ns.append(bots.play_out(minibridge.start_play(deal, declarer, contract), players).tricks_won(Side.NS))
    return ns[0] - ns[1]


def run_levels(deals: int, every: int = 50) -> dict[tuple[str, str], list[int]]:
    """The three levels against each other on ``deals`` deals; figures printed as it goes."""
    diffs = {pair: [] for pair in LEVEL_PAIRS}
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(deals):
        deal = Deal.random(seed=f"bench-levels:{i}", dealer=Seat(i % 4))
        for pair in LEVEL_PAIRS:
            diff = levels_tables(deal, i, *pair)
            if diff is not None:
                diffs[pair].append(diff)
        if (i + 1) % every == 0 or i + 1 == deals:
            used = time.process_time() - cpu
            print(f"after {i + 1} deals ({len(diffs[LEVEL_PAIRS[0]])} played, the rest redeals), "
                  f"{time.perf_counter() - start:.0f} s, {used:.0f} s of CPU ({used / (i + 1):.3f} s a deal):",
                  flush=True)
            for (strong, weak), found in diffs.items():
                if len(found) > 1:
                    mean = statistics.fmean(found)
                    half = 1.96 * statistics.stdev(found) / len(found) ** 0.5
                    print(f"  {strong} vs {weak}: {mean:+.2f} tricks a deal, 95% interval "
                          f"{mean - half:+.2f} to {mean + half:+.2f}", flush=True)
    return diffs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="200 deals, for a smoke run")
    parser.add_argument("--levels", action="store_true", help="expert, club and beginner against each other")
    args = parser.parse_args()
    if args.levels:
        run_levels(20 if args.quick else args.deals)
    else:
        run(200 if args.quick else args.deals)


if __name__ == "__main__":
    main()
