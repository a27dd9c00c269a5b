"""Benchmark: Play Your Own Cards at 8 decks against the core enumerator, in one run.

Run from a checkout: ``python benchmarks/own_cards.py [--repeat N]``. Each
timing is cold: every repetition uses a different shoe (8 decks less one
card of a different rank), so neither cache answers it. Prints the median of
each and their ratio, both measured in this run on this machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.exact.enumerator import enumerate_deals
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies.owncards import analyze_own_cards


def _median_seconds(work: Callable[[Shoe], object], shoes: list[Shoe]) -> float:
    times = []
    for shoe in shoes:
        start = time.perf_counter()
        work(shoe)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="shoes timed per task (at most 13)")
    args = parser.parse_args()
    rules = read_rules("mini-louisiana")
    ranks = RANKS[: max(1, min(args.repeat, len(RANKS)))]
    own_shoes = [Shoe.decks(8).remove([rank]) for rank in ranks]
    core_shoes = [Shoe.decks(8).remove([rank, rank]) for rank in ranks]
    own = _median_seconds(lambda shoe: analyze_own_cards(rules, shoe), own_shoes)
    core = _median_seconds(lambda shoe: enumerate_deals(shoe, rules.drawing), core_shoes)
    print(f"shoes per task: {len(ranks)} (8 decks less one card; cold caches)")
    print(f"own-cards analysis (all decisions, three strategies): median {own:.3f} s")
    print(f"core enumerator (one rule set's final states):          median {core:.3f} s")
    print(f"ratio own-cards / enumerator: {own / core:.2f}")


if __name__ == "__main__":
    main()
