"""Benchmark of `baccarat simulate`: rounds per second, medians, ratios measured in the same run.

    python benchmarks/simulate.py [--rounds 20000000] [--repeats 5] [--workers 2]

Measures, each as the median of ``--repeats`` runs:

* baseline: the plain-Python round engine (analyzer.play.engine.deal_round) dealing
  rounds off the top of a freshly shuffled 8-deck shoe, one at a time;
* the vectorized dealer in this process (one chunk of top-mode rounds);
* the whole run, top mode and shoe mode, over a local pool of ``--workers``
  processes (the pool is started once and warmed, as a long run would be).

The target of issue 4 is at least 5 million rounds per second in total on
the 2-core machine, top mode, main wagers (live-pittsburgh). Timings depend on
what else runs on the machine: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # measure the checkout this script is in

from analyzer.game.cards import RANKS
from analyzer.game.rulefile import load
from analyzer.game.shoe import Shoe
from analyzer.play.dealer import dealer_for
from analyzer.play.engine import deal_round
from analyzer.play.executor import open_executor
from analyzer.play.simulate import CHUNK_ROUNDS, Task, plan, run, run_chunk

RULE_SET = "live-pittsburgh"


def median_seconds(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000, help="rounds per pooled run")
    parser.add_argument("--engine-rounds", type=int, default=20_000, help="rounds per baseline run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rules = load(RULE_SET)
    shoe = Shoe.decks(8)
    print(f"baccarat simulate benchmark: {RULE_SET}, 8 decks, medians of {args.repeats} runs")
    print(f"python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} cores, "
          f"load average at start {os.getloadavg()[0]:.2f}")
    print()

    cards = [rank for rank in RANKS for _ in range(32)]
    chooser = random.Random(1)

    def engine() -> None:
        for _ in range(args.engine_rounds):
            deal_round(rules, chooser.sample(cards, 6))

    engine_rate = args.engine_rounds / median_seconds(engine, args.repeats)

    dealer = dealer_for(rules, shoe)
    task = Task(dealer=dealer, mode="top", seed=1, chunk=0, size=CHUNK_ROUNDS)
    run_chunk(task)  # warm caches
    chunk_rate = CHUNK_ROUNDS / median_seconds(lambda: run_chunk(task), args.repeats)

    rows = [
        ("plain-Python round engine, 1 process (baseline)", engine_rate),
        ("vectorized dealer, 1 process, top mode", chunk_rate),
    ]
    with open_executor(args.workers) as executor:
        for mode in ("top", "shoe"):
            planned = plan(rules, shoe, rounds=args.rounds, seed=1, mode=mode)  # type: ignore[arg-type]
            run(plan(rules, shoe, rounds=CHUNK_ROUNDS * args.workers, seed=2, mode=mode), executor)  # type: ignore[arg-type]  # warm the pool
            dealt = run(planned, executor).tally.rounds
            seconds = median_seconds(lambda: run(planned, executor), args.repeats)
            rows.append((f"simulate, {executor.description}, {mode} mode, {dealt:,} rounds", dealt / seconds))
    width = max(len(name) for name, _ in rows)
    print(f"{'what'.ljust(width)}  {'rounds/s':>14}  {'x baseline':>10}")
    for name, rate in rows:
        print(f"{name.ljust(width)}  {rate:>14,.0f}  {rate / engine_rate:>10,.0f}")
    top_rate = rows[2][1]
    print()
    print(f"target: at least 5,000,000 rounds/s in total, top mode: {top_rate:,.0f} "
          f"({'met' if top_rate >= 5_000_000 else 'NOT met'}); load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
