"""Benchmark of `baccarat simulate`: rounds per second, medians, ratios measured in the same run.

    python benchmarks/simulate.py [--rounds 20000000] [--repeats 5] [--workers 2]

Measures, each as the median of ``--repeats`` runs:

* baseline: the plainest correct simulator, a plain-Python loop that deals
  each round's six cards off the top of a freshly shuffled 8-deck shoe
  (random.sample), plays them by the rule set's drawing tables and tallies
  the final states (plain_rounds below); the round engine of ``deal``, which
  also writes the dealer's steps and settles bets, is timed beside it for
  reference;
* the vectorized dealer in this process (one chunk of top-mode rounds);
* the whole run, top mode and shoe mode, over a local pool of ``--workers``
  processes (the pool is started once and warmed, as a long run would be).

The target of issue 4 is at least 5 million rounds per second in total on
the 2-core machine, top mode, main wagers (live-pittsburgh). Timings depend on
what else runs on the machine: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # measure the checkout this script is in

from analyzer.exact.fastcount import count_deals
from analyzer.game.cards import RANKS, VALUES
from analyzer.game.rulefile import read_rules
from analyzer.game.rules import Drawing
from analyzer.game.shoe import Shoe
from analyzer.play.chunks import CHUNK_ROUNDS, Task, run_chunk
from analyzer.play.dealer import dealer_for
from analyzer.play.engine import deal_round
from analyzer.play.executor import open_executor
from analyzer.play.simulate import plan, run

RULE_SET = "live-pittsburgh"


def plain_rounds(drawing: Drawing, rounds: int, seed: int) -> Counter[tuple[int, int, int, int, bool, bool]]:
    """Deal ``rounds`` rounds off the top of a shuffled 8-deck shoe, one at a time, and tally how they end.

    The plainest correct simulator: six cards drawn without replacement in
    the order P1 B1 P2 B2, then the third cards by the drawing tables; the
    final totals, card counts and pair flags counted in a dict.
    """
    ranks = [rank for rank in range(len(RANKS)) for _ in range(32)]
    value = [VALUES[r] for r in range(len(RANKS))]
    chooser = random.Random(seed)
    tally: Counter[tuple[int, int, int, int, bool, bool]] = Counter()
    for _ in range(rounds):
        p1, b1, p2, b2, c5, c6 = chooser.sample(ranks, 6)
        player, banker = (value[p1] + value[p2]) % 10, (value[b1] + value[b2]) % 10
        player_cards = banker_cards = 2
        if player < 8 and banker < 8:
            third = None
            if drawing.player_draws(player):
                third, player_cards = value[c5], 3
                player = (player + third) % 10
            if drawing.banker_draws(banker, player_third=third):
                banker = (banker + value[c6 if third is not None else c5]) % 10
                banker_cards = 3
        tally[(player, banker, player_cards, banker_cards, p1 == p2, b1 == b2)] += 1
    return tally


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
    parser.add_argument("--plain-rounds", type=int, default=200_000, help="rounds per baseline run")
    parser.add_argument("--engine-rounds", type=int, default=20_000, help="rounds per round-engine run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rules = read_rules(RULE_SET)
    shoe = Shoe.decks(8)
    print(f"baccarat simulate benchmark: {RULE_SET}, 8 decks, medians of {args.repeats} runs")
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} cores, "
        f"load average at start {os.getloadavg()[0]:.2f}"
    )
    print()

    possible = {tuple(state) for state in count_deals(shoe, rules.drawing).counts}
    assert set(plain_rounds(rules.drawing, 10_000, 0)) <= possible, "the baseline dealt a round no exact count has"
    plain_rate = args.plain_rounds / median_seconds(
        lambda: plain_rounds(rules.drawing, args.plain_rounds, 1), args.repeats
    )

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
        ("plain-Python dealing loop, 1 process (baseline)", plain_rate),
        ("round engine of `deal` (steps, bets), 1 process", engine_rate),
        ("vectorized dealer, 1 process, top mode", chunk_rate),
    ]
    with open_executor(args.workers) as executor:
        for mode in ("top", "shoe"):
            planned = plan(rules, shoe, rounds=args.rounds, seed=1, mode=mode)  # type: ignore[arg-type]
            warm = plan(rules, shoe, rounds=CHUNK_ROUNDS * args.workers, seed=2, mode=mode)  # type: ignore[arg-type]
            run(warm, executor)  # warm the pool
            dealt = run(planned, executor).tally.rounds
            seconds = median_seconds(functools.partial(run, planned, executor), args.repeats)
            rows.append((f"simulate, {executor.description}, {mode} mode, {dealt:,} rounds", dealt / seconds))
    width = max(len(name) for name, _ in rows)
    print(f"{'what'.ljust(width)}  {'rounds/s':>14}  {'x baseline':>10}")
    for name, rate in rows:
        print(f"{name.ljust(width)}  {rate:>14,.0f}  {rate / plain_rate:>10,.1f}")
    top_rate = rows[3][1]
    print()
    print(
        f"target: at least 5,000,000 rounds/s in total, top mode: {top_rate:,.0f} "
        f"({'met' if top_rate >= 5_000_000 else 'NOT met'}); load average now {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
