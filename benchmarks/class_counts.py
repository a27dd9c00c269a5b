"""Speed of the batch class counts, every pair class in one pass, measured in one run: medians and ratios.

    python benchmarks/class_counts.py [--repeats N]

:func:`analyzer.exact.fastcount.class_counts` on int64 arrays (one entry per shoe) counts every requested pair
class in one pass (:mod:`analyzer.exact.classbatch`). The baseline is what it did before, copied here: the fast
path's ``_endings`` once per class, a Python loop over the vectors of each group's table. Both on the same random
depleted 8-deck shoes (live-pittsburgh's drawing rules), for class 0 alone (a study whose wagers read no pair flag)
and all four classes (one with a pair wager), at about 150 shoes (a 20-shoe chunk's bet rounds, what a counting
study's exact risk counts at once) and 1,600 (every round of a chunk). One process, BLAS on one thread; medians
over repeats, ratios medians of per-repeat ratios (the machine may be shared). The two paths' counts are checked
equal before timing.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from analyzer.exact.fastcount import class_counts, class_counts_by_pass  # noqa: E402
from analyzer.game.cards import RANKS  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from exact import load_text, machine  # noqa: E402

one_pass_per_class = class_counts_by_pass  # one ``_endings`` pass per pair class, as before the one-pass path


def depleted_shoes(count: int, seed: int) -> list[np.ndarray]:
    """Columns (one per rank) of ``count`` 8-deck shoes with 0 to 400 cards seen at random."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):
        left = np.full(len(RANKS), 32)
        for rank in rng.integers(0, len(RANKS), size=int(rng.integers(0, 400))):
            if left[rank]:
                left[rank] -= 1
        rows.append(left)
    table = np.array(rows, dtype=np.int64)
    return [table[:, r].copy() for r in range(len(RANKS))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="repeats per timing (median)")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"at start: {load_text()}")
    drawing = read_rules("live-pittsburgh").drawing
    print("\nclass_counts on int64 arrays, ms per call (median), and the baseline's time over the new path's")
    print(f"{'shoes':>6} {'classes':>10} {'one pass per class':>19} {'one pass':>9} {'ratio':>6}")
    for shoes in (150, 1600):
        columns = depleted_shoes(shoes, seed=shoes)
        for classes in ((0,), (0, 1, 2, 3)):
            old = one_pass_per_class(columns, drawing, classes)
            new = class_counts(columns, drawing, classes)
            assert all(list(a) == list(b) and all(np.array_equal(a[k], b[k]) for k in a) for a, b in zip(old, new)), (
                "the two paths disagree"
            )
            old_times, new_times = [], []
            for _ in range(args.repeats):  # interleaved
                start = time.process_time()
                one_pass_per_class(columns, drawing, classes)
                old_times.append(time.process_time() - start)
                start = time.process_time()
                class_counts(columns, drawing, classes)
                new_times.append(time.process_time() - start)
            ratio = statistics.median(o / n for o, n in zip(old_times, new_times))
            print(
                f"{shoes:>6} {','.join(map(str, classes)):>10} {statistics.median(old_times) * 1e3:>19.1f}"
                f" {statistics.median(new_times) * 1e3:>9.1f} {ratio:>5.1f}x"
            )
    print(f"\nat end: {load_text()}")


if __name__ == "__main__":
    main()
