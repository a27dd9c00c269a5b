"""Speed of the exact depth study, per core, measured in one run: compositions a second, medians and ratios.

    python benchmarks/depth.py [--repeats N] [--deep]

Three ways of computing one depth of ``baccarat depth`` (live-pittsburgh, dragon-bonus-player over the ten values,
8 decks), timed here on the same machine, one process, BLAS held to one thread (per core):

(plain)  a plain loop: each composition of the unseen cards is a shoe whose par sheet
         (:func:`analyzer.exact.parsheet.par_sheets`) gives the wager's exact expected value; its weight
         ``prod C(N_i, n_i)`` in Python integers; the first 300 compositions of k = 10.
(today)  main's algorithm at e0acf71, kept in the package as the fallback path
         (:func:`analyzer.studies.depth.depth_figures_by_composition`): compositions in chunks, each one's expected
         value by the counting study's bilinear forms, the weights of those with an edge in Python integers.
(new)    :func:`analyzer.studies.depth.depth_figures`: the split sums of :mod:`analyzer.studies.depth_kernel`.

Each repeat times (today) and (new) on k = 12 (293,930 compositions) one after the other (the machine may be
shared: ratios are medians of per-repeat ratios); ``--deep`` also times (new) alone at k = 17, 20 and 26 (70.6
million compositions; (today) there would take some 1,000 seconds). Then (today) and (new) over the thirteen ranks:
player-pair at k = 10 (646,646 compositions), ``--rank-repeats`` times (default 1: (today) takes 10 to 20 s). The
figures of (today) and (new) are checked equal on every repeat.

``--dask`` (the ``dask`` extra) times the depth study shared over a Dask cluster (``baccarat depth --scheduler``,
:mod:`analyzer.studies.depth_parts`): a ``distributed.LocalCluster`` of ``--dask-workers`` worker processes (one
thread each) counts depth ``--dask-depth`` (default 27: 94.1 million compositions, beyond the 26 of the docs' table)
cut into parts; beside it, in this process, (new) on the same depth, one core: the baseline. It prints the elapsed
time, the workers' seconds summed, the cost per composition (nanoseconds of a worker's time), the speed-up over one
core, and the projected time of the deepest depths on N workers at the measured cost. The figures of the cluster
and of (new) are checked equal.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one core: set before numpy loads BLAS

import argparse  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analyzer.exact.parsheet import par_sheets  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402
from analyzer.game.shoe import Shoe  # noqa: E402
from analyzer.studies.depth import (  # noqa: E402
    _as_ranks,
    compositions,
    count_compositions,
    depth_figures,
    depth_figures_by_composition,
)

sys.path.insert(0, str(ROOT / "benchmarks"))
from exact import load_text, machine  # noqa: E402

RULES = "live-pittsburgh"
WAGER = "dragon-bonus-player"
PAIR = "player-pair"
DECKS = 8


def plain_loop(k: int, count: int) -> float:
    """Compositions a second of the par-sheet loop over the first ``count`` compositions of ``k`` unseen cards."""
    rules, shoe = read_rules(RULES), Shoe.decks(DECKS)
    caps = shoe.by_value()
    rows = next(compositions(caps, k))[:count]
    start = time.perf_counter()
    positive = 0
    for row, ranks in zip(rows.tolist(), _as_ranks(rows).tolist()):
        (sheet,) = par_sheets(rules, Shoe(counts=tuple(ranks)), (WAGER,))
        if sheet.expected_value > 0:  # type: ignore[operator]
            positive += math.prod(math.comb(n, j) for n, j in zip(caps, row))
    return len(rows) / (time.perf_counter() - start)


def rate(method, k: int, wager: str = WAGER) -> tuple[float, tuple[object, ...]]:  # type: ignore[no-untyped-def]
    """Compositions a second of one depth, and its figures."""
    start = time.perf_counter()
    found = method(read_rules(RULES), wager, Shoe.decks(DECKS), k)
    seconds = time.perf_counter() - start
    return found.compositions / seconds, (found.edge_probability, found.average_edge, found.gain_per_round)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="repeats per timing (median)")
    parser.add_argument("--deep", action="store_true", help="also time the new path alone at k = 17, 20 and 26")
    parser.add_argument("--rank-repeats", type=int, default=1, help="repeats of the player-pair timing (median)")
    parser.add_argument("--dask", action="store_true", help="only time one depth on a local Dask cluster")
    parser.add_argument("--dask-depth", type=int, default=27, help="the depth the cluster counts")
    parser.add_argument("--dask-workers", type=int, default=2, help="worker processes of the local cluster")
    args = parser.parse_args()
    print(f"machine: {machine()}; BLAS threads: {os.environ['OPENBLAS_NUM_THREADS']}")
    print(f"at start: {load_text()}")
    if args.dask:
        on_dask(args.dask_depth, args.dask_workers)
        print(f"\nat end: {load_text()}")
        return
    rate(depth_figures, 6)  # tables made once per process, as in a worker
    rate(depth_figures_by_composition, 6)
    plain = plain_loop(10, 300)
    today, new = [], []
    for _ in range(args.repeats):
        old_rate, old_figures = rate(depth_figures_by_composition, 12)
        new_rate, new_figures = rate(depth_figures, 12)
        assert old_figures == new_figures, "the two paths disagree"
        today.append(old_rate)
        new.append(new_rate)
    ratio = statistics.median(n / t for n, t in zip(new, today))
    print(
        f"\n{RULES}, {WAGER}, {DECKS} decks, k = 12 unseen cards (293,930 compositions), one core; compositions "
        f"per second (median of {args.repeats}):"
    )
    print(f"  plain loop (par sheet per composition):  {plain:12,.0f}")
    print(
        f"  today (main e0acf71, per composition):   {statistics.median(today):12,.0f}   "
        f"{statistics.median(today) / plain:8.1f}x the plain loop"
    )
    print(
        f"  new (split sums):                        {statistics.median(new):12,.0f}   "
        f"{statistics.median(new) / plain:8.1f}x the plain loop, {ratio:.1f}x today (median ratio)"
    )
    if args.deep:
        print("\n  new path alone, deeper (one run each):")
        for k in (17, 20, 26):
            start = time.perf_counter()
            found = depth_figures(read_rules(RULES), WAGER, Shoe.decks(DECKS), k)
            seconds = time.perf_counter() - start
            print(
                f"    k = {k}: {found.compositions:12,} compositions in {seconds:6.1f} s: "
                f"{found.compositions / seconds:12,.0f} a second"
            )
    rate(depth_figures, 6, PAIR)
    today, new = [], []
    for _ in range(args.rank_repeats):
        old_rate, old_figures = rate(depth_figures_by_composition, 10, PAIR)
        new_rate, new_figures = rate(depth_figures, 10, PAIR)
        assert old_figures == new_figures, "the two paths disagree"
        today.append(old_rate)
        new.append(new_rate)
    print(
        f"\n{PAIR} over the thirteen ranks, k = 10 unseen cards (646,646 compositions); compositions per second "
        f"(median of {args.rank_repeats}):"
    )
    print(f"  today (main e0acf71, per composition):   {statistics.median(today):12,.0f}")
    print(
        f"  new (split sums):                        {statistics.median(new):12,.0f}   "
        f"{statistics.median(n / t for n, t in zip(new, today)):.1f}x today (median ratio)"
    )
    print(f"\nat end: {load_text()}")


def on_dask(k: int, workers: int) -> None:
    """Depth ``k`` on a local Dask cluster of ``workers`` processes, beside (new) on one core in this process."""
    from dask.distributed import LocalCluster

    from analyzer.play.executor import open_executor
    from analyzer.studies.depth_parts import count_part, depth_of, parts

    rules, shoe = read_rules(RULES), Shoe.decks(DECKS)
    rate(depth_figures, 6)  # tables made once per process
    start, cpu = time.perf_counter(), time.process_time()
    alone = depth_figures(rules, WAGER, shoe, k)
    one_core, one_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"at the cluster's start: {load_text()}")
    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        open_executor(scheduler=cluster.scheduler_address) as executor,
    ):
        executor.run(count_part, list(parts(rules, WAGER, shoe, 6)))  # each worker's tables made once
        start = time.perf_counter()
        cut = list(parts(rules, WAGER, shoe, k))
        sums = executor.run(count_part, cut)
        elapsed = time.perf_counter() - start
    found = depth_of(k, shoe, shoe.by_value(), sums)
    assert (found.edge_probability, found.average_edge, found.gain_per_round) == (
        alone.edge_probability,
        alone.average_edge,
        alone.gain_per_round,
    ), "the cluster and one core disagree"
    cost = sum(part.cpu_seconds for part in sums) / found.compositions
    print(
        f"\n{RULES}, {WAGER}, {DECKS} decks, k = {k} unseen cards\n({found.compositions:,} compositions, "
        f"{len(cut)} parts), figures equal on both:"
    )
    print(
        f"  one core, this process:  {one_core:6.1f} s elapsed  {alone.compositions / one_core:12,.0f} a second"
        f"  {one_cpu / alone.compositions * 1e9:5.1f} ns of CPU each"
    )
    print(
        f"  Dask, {workers} workers:         {elapsed:6.1f} s elapsed  {found.compositions / elapsed:12,.0f} a second"
        f"  {cost * 1e9:5.1f} ns of CPU each  {one_core / elapsed:4.2f}x one core"
    )
    print(f"  the workers' tasks: {found.seconds:.1f} s elapsed, {cost * found.compositions:.1f} s of CPU in all")
    print("\ndeeper (8 decks, over the values): CPU a composition sampled on two tasks of the depth's")
    print("largest remainder, in this process; the time it projects on N free cores (ideal sharing):")
    for depth in (34, 40, 60, 100, 150, 208):
        total = count_compositions(shoe.by_value(), depth)
        sampled = sampled_cost(depth)
        hours = total * sampled / 3600
        print(
            f"  k = {depth:3}: {total:18,} compositions {sampled * 1e9:5.1f} ns: {hours:7,.1f} core-hours, "
            f"{hours / 64:5,.1f} h on 64, {hours / 1024:5,.2f} h on 1,024"
        )


def sampled_cost(k: int) -> float:
    """CPU seconds a composition of depth ``k`` costs, from the first two parts of its largest remainder."""
    from analyzer.studies.depth_kernel import SPLIT
    from analyzer.studies.depth_parts import count_part, parts

    rules, shoe = read_rules(RULES), Shoe.decks(DECKS)
    caps = shoe.by_value()
    a_caps, b_caps = caps[: SPLIT[10]], caps[SPLIT[10] :]
    r = max(range(k + 1), key=lambda r: count_compositions(a_caps, k - r) * count_compositions(b_caps, r))
    cpu, counted = 0.0, 0
    for part, _ in zip(parts(rules, WAGER, shoe, k, remainders=range(r, r + 1)), range(2)):
        found = count_part(part)
        cpu, counted = cpu + found.cpu_seconds, counted + found.compositions
    return cpu / counted


if __name__ == "__main__":
    main()
