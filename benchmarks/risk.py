"""What exact risk costs a counting study, measured in one run: medians and ratios.

    python benchmarks/risk.py [--repeats N]

Per chunk of 20 shoes (the study's task), each dealt once: the time to deal it and compute every round's exact
expected values (``deal + EVs``), to tally it as the study did before (``tally``: the law tally left out, the
baseline) and as every study now does (``+ laws``: also the exact law of every bet round's result and of each
shoe's, :mod:`analyzer.studies.laws`), and the ratio of the whole task with the laws to without (``whole``).

For three studies: Dragon 7 by its count (the final-state path deals it), the Dragon Bonus in perfect play and the
two Pair bets in perfect play (the bilinear-form path deals them; the laws add a final-state count of the bet
rounds). Then, on one 200-shoe Dragon 7 study, the time of its risk figures (:func:`analyzer.studies.risk.study_risk`)
with no question, with a bankroll and a goal, and with trips of 10,000 rounds and 100 shoes. One process, BLAS on
one thread; medians over repeats, ratios medians of per-repeat ratios (the machine may be shared).
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from fractions import Fraction  # noqa: E402
from pathlib import Path  # noqa: E402

from numpy.random import SeedSequence  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.api.counting import plan  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402
from analyzer.play.executor import open_executor  # noqa: E402
from analyzer.studies import laws  # noqa: E402
from analyzer.studies.chunk import Chunk  # noqa: E402
from analyzer.studies.counting import _numerators, deal_chunk, play_chunk, run  # noqa: E402
from analyzer.studies.risk import Asked, Bankroll, study_risk  # noqa: E402

STUDIES = (
    ("ez-baccarat", ("dragon-7",), "count"),
    ("live-pittsburgh", ("dragon-bonus-player",), None),
    ("dactylus", ("player-pair", "banker-pair"), None),
)


def _timed(function: object, *args: object) -> float:
    start = time.perf_counter()
    function(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    repeats = parser.parse_args().repeats
    tally_laws = laws.chunk_laws
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print(f"{'study (s per chunk of 20 shoes)':45} {'deal + EVs':>10} {'tally':>8} {'+ laws':>8} {'whole':>7}")
    for rules, wagers, play in STUDIES:
        study = plan(read_rules(rules), wagers, shoes=20 * (repeats + 1), play=play)
        play_chunk((study, 0, 20))  # warm the caches (tables, coefficients)
        dealing, plain, full, ratios = [], [], [], []
        nothing = (None,) * (len(wagers) + 1)
        for i in range(1, repeats + 1):
            seeds = [SeedSequence(study.seed, spawn_key=(k,)) for k in range(20 * i, 20 * i + 20)]
            start = time.perf_counter()
            rounds, results = deal_chunk(study, seeds)
            numerators = _numerators(study, rounds.unseen)
            dealt = time.perf_counter() - start
            laws.chunk_laws = lambda *args, none=nothing: none  # type: ignore[assignment]
            a = _timed(Chunk.of, study, 20, rounds, numerators, results)
            laws.chunk_laws = tally_laws
            b = _timed(Chunk.of, study, 20, rounds, numerators, results)
            dealing.append(dealt)
            plain.append(a)
            full.append(b)
            ratios.append((dealt + b) / (dealt + a))
        name = f"{rules} {'+'.join(wagers)} ({play or 'perfect'})"
        medians = [statistics.median(x) for x in (dealing, plain, full, ratios)]
        print(f"{name:45} {medians[0]:10.3f} {medians[1]:8.3f} {medians[2]:8.3f} {medians[3]:6.2f}x")
    study = plan(read_rules("ez-baccarat"), ("dragon-7",), shoes=200, play="count")
    with open_executor(1) as executor:
        tally = run(study, executor)
    print()
    print(f"{'risk figures of 200 shoes of Dragon 7 by its count':60} {'median s':>9}")
    for label, asked in (
        ("nothing asked (DI, N0, SCORE, bankrolls, Kelly)", Asked()),
        ("--bankroll 1000 --goal 500", Asked(Bankroll(Fraction(1000), Fraction(500)))),
        ("--bankroll 1000 --trip 10000 --trip-shoes 100", Asked(Bankroll(Fraction(1000)), 10_000, 100)),
    ):
        times = [_timed(study_risk, tally, asked) for _ in range(max(1, repeats // 2))]
        print(f"{label:60} {statistics.median(times):9.2f}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
