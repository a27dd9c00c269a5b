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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from exact import load_text, machine, median_time, plain_loop  # noqa: E402

from analyzer.exact.classcount import forget  # noqa: E402
from analyzer.exact.outcomes import path_of  # noqa: E402
from analyzer.exact.parsheet import par_sheets  # noqa: E402
from analyzer.exact.reach import load_rules  # noqa: E402
from analyzer.game.rules import RuleSet  # noqa: E402
from analyzer.game.shipped import catalogue  # noqa: E402
from analyzer.game.shoe import Shoe  # noqa: E402
from analyzer.studies.catalogue import catalogue_wagers  # noqa: E402
from analyzer.studies.eor import effects_of_removal  # noqa: E402

TARGET_ONE_S = 1.0
TARGET_FORTY_S = 5.0
TARGET_RECORDS_MS = 150.0
TARGET_EOR_SHEETS = 20.0


def sheets(rules: RuleSet, wagers: tuple[str, ...]) -> Callable[[], object]:
    def run() -> object:
        forget()  # the class counts keep their last tables: time the counting, not the lookup
        return [(s.expected_value, s.variance) for s in par_sheets(rules, Shoe.decks(8), wagers)]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="repeats per timing (median)")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"at start: {load_text()}")
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
    print(f"\nat end: {load_text()}")


if __name__ == "__main__":
    main()
