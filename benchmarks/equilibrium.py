"""Benchmark: the exact equilibrium of chemin de fer at a depleted 6-deck shoe, beside the full solve and the baseline.

Run from a checkout: ``python benchmarks/equilibrium.py [--repeat N] [--information MODEL]``. Every timing is cold:
each repetition takes a different depleted shoe (6 decks less a random 10 to 120 cards, seeded), so no cache
answers it. Timed, each a median over the shoes:

* the table of the shoe (``analyzer.exact.cells``, numpy, counted once per shoe), then
* the whole solve of a depleted shoe as the dealt-shoe study runs it (table, game, Foster's algorithm, the optimal
  sets; no proof), and the same with the best-response proof (what ``baccarat equilibrium`` prints);
* the full solve at the full 6-deck shoe (a fresh table), for comparison;
* the plainest correct baseline: the same table counted by plain loops (``analyzer.exact.cellsref``), then the same
  solve.

Prints the medians and their ratios, all measured in this run on this machine; the target is 200 ms for the
equilibrium of any depleted shoe at 6 decks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.exact.cells import _counts, by_value, cell_counts
from analyzer.exact.cellsref import reference_counts
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.equilibrium import solve_table

TARGET = 0.200


def _shoes(count: int, seed: int) -> list[Shoe]:
    rng = np.random.default_rng(seed)
    full = Shoe.decks(6)
    shoes = []
    for _ in range(count):
        cards = np.repeat(np.arange(len(RANKS)), full.counts)
        rng.shuffle(cards)
        taken = int(rng.integers(10, 121))
        shoes.append(full.remove([RANKS[int(r)] for r in cards[:taken]]))
    return shoes


def _median(work: Callable[[Shoe], object], shoes: list[Shoe]) -> float:
    times = []
    for shoe in shoes:
        start = time.perf_counter()
        work(shoe)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _from_loops(shoe: Shoe) -> object:
    """The table by plain loops, put in the kernel's form (the baseline's table)."""
    entries, naturals = reference_counts(shoe)
    table = _counts(by_value(shoe), replacement=False)
    counts = np.zeros(table.counts.shape, dtype=np.int64)
    for key, n in entries.items():
        counts[key] = n
    return table.__class__(counts, naturals, table.dealings, "int64")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="depleted shoes timed per task")
    parser.add_argument("--information", default="banker-composition", help="the information model solved")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = read_rules("chemin-de-fer")
    model = args.information
    cell_counts(Shoe.decks(1))  # the layout tables (once per process), out of every timing
    shoes = _shoes(args.repeat, args.seed)
    table = _median(cell_counts, shoes)
    study = _median(lambda s: solve_table(cell_counts(s), rules, "", model, check=False), _shoes(args.repeat, 7))
    proved = _median(lambda s: solve_table(cell_counts(s), rules, "", model), _shoes(args.repeat, 8))
    full = _median(lambda s: solve_table(_counts(by_value(s), replacement=False), rules, "", model), [Shoe.decks(6)])
    baseline = _median(lambda s: solve_table(_from_loops(s), rules, "", model), shoes[: max(1, args.repeat // 3)])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"chemin-de-fer, {model}; {args.repeat} depleted 6-deck shoes per task (10-120 cards out, cold caches)")
    print(f"load average (1 min) at the end: {load:.2f}")
    print(f"table of a shoe (numpy kernel):                  median {table * 1000:7.1f} ms")
    print(f"equilibrium of a depleted shoe (study: no proof): median {study * 1000:7.1f} ms")
    print(f"equilibrium of a depleted shoe, proved:           median {proved * 1000:7.1f} ms")
    print(f"full solve at 6 decks, proved (fresh table):      median {full * 1000:7.1f} ms")
    print(f"baseline: plain-loop table, then the same solve:  median {baseline * 1000:7.1f} ms")
    print(f"ratio baseline / proved depleted solve: {baseline / proved:.1f}")
    verdict = "met" if proved < TARGET else "NOT met"
    print(f"target {TARGET * 1000:.0f} ms for the proved equilibrium of a depleted shoe: {verdict}")


if __name__ == "__main__":
    main()
