"""Speed of the side-bet paths, measured in one run: medians, ratios, and the issue's targets.

    python benchmarks/side_bets.py [--repeats N]

(a) Every side bet of the catalogue alone: its par sheet at 8 decks, in this
    process, imports done, the rule set loaded once, a new shoe object each
    repeat (nothing is cached between repeats but what depends on the rules
    alone). Target: each at most 1 s.
(b) Forty side bets in one rule set (the forty slowest of the catalogue,
    added to punto banco as ``--wagers`` would), every par sheet at once.
    Target: at most 5 s.
(c) The whole catalogue (every side bet, added to punto banco) at once.
(d) Suited records (issue 18, item 6): Lucky 8, whose records read the suits
    and totals of all six cards, each side alone as in (a). Target: at most
    150 ms each. And ``eor`` on it (every rank's and every card type's
    effect of removal, median of 3): target at most 20 times its par sheet.

(e) Records side bets (issue 31, item 3): Lucky Match, Dragon Dragon and
    Jackpot Baccarat each alone as in (a), on the new path (every row's
    pattern read at once on the distinct multisets of keys,
    analyzer/exact/patternarrays.py; the first four cards' S0 from the
    hands' sums by summary and class, analyzer/exact/moments.py
    first_four_sums) and on the previous one (main at 00a6e26: each row
    reduced its group to distinct multisets again and read each with
    pattern_holds, one Python call per multiset; S0 by weighing every
    (first-hand group, second-hand pair), summed as Python integers; both
    copied below as the baseline), interleaved repeat by repeat, in CPU
    time; the ratio is the median of the per-repeat ratios.
    Target: each at most 0.3 s.
    ``--records`` runs (e) alone.

The baseline, timed in the same run: the plainest correct count of one
round's final states, a six-level loop over card values (no suits, no pair
flags: less than any side bet here needs), as benchmarks/exact.py times it.
Run it from the repository root; the machine, its cores and its load average
are printed with the timings.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402
from exact import load_text, machine, median_time, plain_loop  # noqa: E402

from analyzer.exact import classcount, settlement  # noqa: E402
from analyzer.exact.classcount import forget  # noqa: E402
from analyzer.exact.moments import Grid, chunks, second_weights, sum_by  # noqa: E402
from analyzer.exact.outcomes import path_of  # noqa: E402
from analyzer.exact.parsheet import par_sheets  # noqa: E402
from analyzer.exact.reach import load_rules  # noqa: E402
from analyzer.game.needs import MIXED_SUIT, code_keys  # noqa: E402
from analyzer.game.patterns import Pattern, pattern_holds  # noqa: E402
from analyzer.game.rules import RuleSet  # noqa: E402
from analyzer.game.shipped import catalogue  # noqa: E402
from analyzer.game.shoe import Shoe, falling  # noqa: E402
from analyzer.studies.catalogue import catalogue_wagers  # noqa: E402
from analyzer.studies.eor import effects_of_removal  # noqa: E402

TARGET_ONE_S = 1.0
TARGET_FORTY_S = 5.0
TARGET_RECORDS_MS = 150.0
TARGET_EOR_SHEETS = 20.0
TARGET_RECORDS_S = 0.3
RECORDS = ("lucky-match", "dragon-dragon", "jackpot-baccarat")


def previous_pattern_holds(pattern: Pattern, group: Any) -> Any:
    """The previous path (main at 00a6e26, analyzer/exact/settlement.py): the group reduced to its distinct
    multisets for every row anew, and :func:`pattern_holds` called once per multiset."""
    keyings = pattern.keyings()
    coded = [settlement._sorted_keys(group.keyed[k], k) for k in keyings]
    columns = [code for code, _ in coded]
    if pattern.reads_common_suit:
        columns.append(np.asarray(group.suit, dtype=np.int64))
    radices = [(k.size + 1) ** width for k, (_, width) in zip(keyings, coded)] + [
        MIXED_SUIT + 1
    ] * pattern.reads_common_suit
    if np.prod(np.array(radices, dtype=object)) < 2**62:
        joint = np.zeros(len(columns[0]), dtype=np.int64)
        for column, radix in zip(columns, radices):
            joint = joint * radix + column
        codes, inverse = np.unique(joint, return_inverse=True)
        distinct_rows = settlement.decoded_records(codes, radices).tolist()
    else:
        distinct, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
        distinct_rows = distinct.tolist()
    verdicts = []
    for row in distinct_rows:
        keys = {k: code_keys(code, k, width) for k, code, (_, width) in zip(keyings, row, coded)}
        suit = (None if row[-1] == MIXED_SUIT else row[-1]) if pattern.reads_common_suit else None
        verdicts.append(pattern_holds(pattern, keys, suit))
    return np.array(verdicts, dtype=bool)[inverse.reshape(-1)]


def previous_first_four_counts(grid: Grid, size: int, plain: bool = False) -> Any:
    """The previous path (main at 00a6e26, analyzer/exact/classcount.py): each chunk's sums added as Python
    integers, and the counts of the first four cards' records Python integers."""
    nf, ns, _ = grid.shape
    s0 = np.zeros(nf * ns, dtype=object)
    for chunk in chunks(len(grid.weight), len(grid.b1)):
        w = second_weights(grid.weight[chunk], grid.e1[chunk], grid.e2[chunk], grid.n2, grid.b1, grid.b2)
        joint = grid.f[chunk, None] * ns + grid.s[None, :]
        s0 = s0 + sum_by(joint, w, nf * ns).astype(object)
    return s0 * falling(size - 4, 2)


@contextmanager
def previous_path() -> Iterator[None]:
    """Inside the block, the records are counted and settled as main at 00a6e26 did."""
    new = settlement._pattern_holds, classcount.first_four_counts
    settlement._pattern_holds = previous_pattern_holds
    classcount.first_four_counts = previous_first_four_counts
    try:
        yield
    finally:
        settlement._pattern_holds, classcount.first_four_counts = new


def cpu_time(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def records_side_bets(repeats: int) -> None:
    """(e): the three records side bets, new path against the previous one, interleaved."""
    print(
        "\n(e) records side bets alone, 8 decks, CPU time (median of "
        f"{repeats}, interleaved; previous path: main 00a6e26's):"
    )
    worst = 0.0
    for name in RECORDS:
        rules = load_rules(name)
        run = sheets(rules, (name,))
        new_times, old_times, ratios = [], [], []
        for _ in range(repeats):
            new_s, new_result = cpu_time(run)
            with previous_path():
                old_s, old_result = cpu_time(run)
            assert new_result == old_result, f"{name}: the two paths differ"
            new_times.append(new_s)
            old_times.append(old_s)
            ratios.append(old_s / new_s)
        new_median, old_median = statistics.median(new_times), statistics.median(old_times)
        worst = max(worst, new_median)
        print(
            f"    {name:18s} previous {old_median * 1000:7.1f} ms   new {new_median * 1000:7.1f} ms   "
            f"{statistics.median(ratios):5.1f}x faster (same par sheet)"
        )
    print(
        f"    target: each <= {TARGET_RECORDS_S} s: {'met' if worst <= TARGET_RECORDS_S else 'NOT met'} (slowest "
        f"{worst:.3f} s)"
    )


def sheets(rules: RuleSet, wagers: tuple[str, ...]) -> Callable[[], object]:
    def run() -> object:
        forget()  # the class counts keep their last tables: time the counting, not the lookup
        return [(s.expected_value, s.variance) for s in par_sheets(rules, Shoe.decks(8), wagers)]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="repeats per timing (median)")
    parser.add_argument("--records", action="store_true", help="run (e) alone: the records side bets")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"at start: {load_text()}")
    if args.records:
        records_side_bets(max(args.repeats, 5))
        print(f"\nat end: {load_text()}")
        return
    punto = load_rules("punto-banco")
    plain_s = median_time(lambda: plain_loop(list(Shoe.decks(8).by_value()), punto.drawing), 3)
    print(
        "\nbaseline: the plain six-level loop over values (final states only: no suits, no pair flags): "
        f"{plain_s * 1000:8.1f} ms"
    )

    # (a)
    timings = []
    for name in catalogue():
        rules = load_rules(name)
        for wager in catalogue_wagers(rules):
            timings.append((median_time(sheets(rules, (wager.name,)), args.repeats), name, wager.name, path_of(wager)))
    timings.sort(reverse=True)
    print(f"\n(a) each side bet alone, 8 decks: {len(timings)} side bets; the ten slowest:")
    for seconds, name, wager, path in timings[:10]:
        print(
            f"    {name + '/' + wager:48s} {path:13s} {seconds * 1000:8.1f} ms  {plain_s / seconds:6.1f}x the plain "
            "loop"
        )
    by_path: dict[str, list[float]] = {}
    for seconds, _, _, path in timings:
        by_path.setdefault(path, []).append(seconds)
    for path, values in sorted(by_path.items()):
        print(
            f"    {path:13s} {len(values):3d} side bets, median {statistics.median(values) * 1000:7.1f} ms, slowest "
            f"{max(values) * 1000:7.1f} ms"
        )
    worst = timings[0][0]
    print(
        f"    target: each <= {TARGET_ONE_S:.0f} s: {'met' if worst <= TARGET_ONE_S else 'NOT met'} (slowest "
        f"{worst:.3f} s)"
    )

    # (b), (c)
    every = load_rules("punto-banco", tuple(catalogue()))
    forty = tuple(wager for _, _, wager, _ in timings[:40])
    forty_s = median_time(sheets(every, forty), max(3, args.repeats // 2))
    print(
        f"\n(b) the forty slowest side bets in one rule set, 8 decks: {forty_s:.3f} s "
        f"({forty_s / plain_s:.1f} times one plain loop, which counts final states only)"
    )
    print(f"    target: <= {TARGET_FORTY_S:.0f} s: {'met' if forty_s <= TARGET_FORTY_S else 'NOT met'}")
    names = tuple(w.name for w in every.wagers if w.offered and w.origin)
    all_s = median_time(sheets(every, names), max(3, args.repeats // 2))
    print(
        f"\n(c) the whole catalogue in one rule set ({len(names)} side bets), 8 decks: {all_s:.3f} s "
        f"({all_s / plain_s:.1f} times one plain loop)"
    )

    # (d)
    lucky = {wager: seconds for seconds, name, wager, _ in timings if name == "lucky-8"}
    print("\n(d) suited records, Lucky 8 alone, 8 decks (from (a)):")
    for wager, seconds in sorted(lucky.items()):
        print(f"    {wager:24s} {seconds * 1000:8.1f} ms  {plain_s / seconds:6.1f}x the plain loop")
    slowest = max(lucky.values())
    print(
        f"    target: each <= {TARGET_RECORDS_MS:.0f} ms: "
        f"{'met' if slowest * 1000 <= TARGET_RECORDS_MS else 'NOT met'} "
        f"(slowest {slowest * 1000:.1f} ms)"
    )
    rules = load_rules("lucky-8")
    eor_s = median_time(lambda: (forget(), effects_of_removal(rules, Shoe.decks(8), ("lucky-8-player",))), 3)
    ratio = eor_s / lucky["lucky-8-player"]
    print(
        f"    eor --wager lucky-8-player (13 ranks and 52 card types, median of 3): {eor_s:.2f} s, {ratio:.1f} par "
        "sheets' time"
    )
    print(f"    target: <= {TARGET_EOR_SHEETS:.0f} par sheets: {'met' if ratio <= TARGET_EOR_SHEETS else 'NOT met'}")
    records_side_bets(args.repeats)
    print(f"\nat end: {load_text()}")


if __name__ == "__main__":
    main()
