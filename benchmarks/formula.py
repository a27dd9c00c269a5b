"""What a closed form buys: one fit against one enumeration per deck count.

Run from the repository root: ``python benchmarks/formula.py [RULE_SET]``.

Measured in the same run, caches cleared before every repetition:

* enumerate: one direct enumeration and par sheets of every wager at 8 decks;
* fit: the closed forms of every wager (8 enumerations, d = 1-8, then the
  sympy fit, reduction, factoring and limits);
* evaluate: every wager's house edge (or qualifying probability) from the
  fitted formulas at one deck count, exactly.

Prints the medians and the ratios; on a busy machine the medians move, the
ratios much less.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.exact.parsheet import par_sheets
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.studies import formula
from analyzer.studies.formula import formulas


def clear() -> None:
    formula._fitted.cache_clear()  # the counts themselves are never cached (fastcount.count_deals)


def median_seconds(action: Callable[[], object], repeat: int, cold: bool = True) -> float:
    times = []
    for _ in range(repeat):
        if cold:
            clear()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "punto-banco"
    rules = read_rules(name)
    import sympy  # noqa: F401  (imported once, outside the timings)

    enumerate_8 = median_seconds(lambda: par_sheets(rules, Shoe.decks(8)), repeat=5)
    fit = median_seconds(lambda: formulas(rules), repeat=3)
    fitted = formulas(rules)
    evaluate = median_seconds(lambda: [w.figure.at(12) for w in fitted.wagers], repeat=200, cold=False)

    print(f"rule set {name}, {len(fitted.wagers)} wagers")
    print(f"enumerate + par sheets, 8 decks:   median {enumerate_8 * 1000:10.1f} ms")
    print(f"fit every wager (d = 1-8):         median {fit * 1000:10.1f} ms")
    print(f"evaluate every wager at d = 12:    median {evaluate * 1e6:10.1f} us")
    print(f"ratio fit / one enumeration:       {fit / enumerate_8:10.1f}")
    print(f"ratio one enumeration / evaluate:  {enumerate_8 / evaluate:10.0f}")


if __name__ == "__main__":
    main()
