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

Then the pair classes of some shoes only (``paired``: the bet rounds with a pair wager, about a fifth of them in
the every-wager study), in the same one pass, against the two ways to count them without it: every class for
every shoe (one call), and class 0 for every shoe plus the pair classes of the paired shoes (two calls); 35 of
150 shoes and 350 of 1,600, the counts checked equal first. Last, what the counting study calls:
:func:`analyzer.exact.batchall.final_state_matrix` for 158 rounds, pair flags for every row, for the 35 rows of
``told_apart``, and for none (``pairs=False``).
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from analyzer.exact.batchall import final_state_matrix  # noqa: E402
from analyzer.exact.fastcount import class_counts, class_counts_by_pass  # noqa: E402
from analyzer.game.cards import RANKS  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402
from analyzer.game.rules import Drawing  # noqa: E402

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
    subsets(drawing, args.repeats)
    study_matrix(args.repeats)
    print(f"\nat end: {load_text()}")


def timed(ways: dict[str, Callable[[], object]], repeats: int) -> dict[str, list[float]]:
    """CPU seconds of each way, ``repeats`` times, interleaved."""
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(repeats):
        for name, way in ways.items():
            start = time.process_time()
            way()
            times[name].append(time.process_time() - start)
    return times


def subsets(drawing: Drawing, repeats: int) -> None:
    """The pair classes of some shoes: one pass with ``paired`` against every class of every shoe, and two calls."""
    print("\nthe pair classes of some shoes only, ms per call (median), and each way's time over the one pass's")
    print(f"{'shoes':>6} {'paired':>7} {'every class, every shoe':>24} {'two calls':>10} {'one pass, paired':>17}")
    for shoes, count in ((150, 35), (1600, 350)):
        columns = depleted_shoes(shoes, seed=shoes)
        paired = np.sort(np.random.default_rng(count).choice(shoes, count, replace=False))
        picked = [c[paired] for c in columns]
        every = class_counts(columns, drawing)
        two = two_calls(columns, picked, drawing)
        one = class_counts(columns, drawing, paired=paired)
        for cls in range(4):
            want = {k: v if cls == 0 else v[paired] for k, v in every[cls].items()}
            for got in (two[cls], one[cls]):
                assert list(got) == list(want) and all(np.array_equal(got[k], want[k]) for k in want), "disagree"
        times = timed(
            {
                "every": partial(class_counts, columns, drawing),
                "two": partial(two_calls, columns, picked, drawing),
                "one": partial(class_counts, columns, drawing, paired=paired),
            },
            repeats,
        )
        cells = [cell(times[name], times["one"]) for name in ("every", "two")]
        print(f"{shoes:>6} {count:>7} {cells[0]:>24} {cells[1]:>10} {statistics.median(times['one']) * 1e3:>17.1f}")


def two_calls(columns: list[np.ndarray], picked: list[np.ndarray], drawing: Drawing) -> list[dict[Any, Any]]:
    """Without ``paired``: class 0 of every shoe, then the pair classes of the shoes ``picked`` (their columns)."""
    return class_counts(columns, drawing, (0,)) + class_counts(picked, drawing, (1, 2, 3))


def study_matrix(repeats: int) -> None:
    """final_state_matrix for a chunk's bet rounds, as the counting study calls it."""
    rules = read_rules("live-pittsburgh")
    columns = depleted_shoes(158, seed=158)
    by_rank = np.stack(columns, axis=1)
    told_apart = np.zeros(158, dtype=bool)
    told_apart[np.random.default_rng(35).choice(158, 35, replace=False)] = True
    times = timed(
        {
            "every": lambda: final_state_matrix(rules, by_rank, True),
            "some": lambda: final_state_matrix(rules, by_rank, True, told_apart=told_apart),
            "none": lambda: final_state_matrix(rules, by_rank, False),
        },
        repeats,
    )
    print("\nfinal_state_matrix, 158 rounds, ms per call (median), and the time over told_apart's")
    print(f"{'pair flags of every row':>24} {'of 35 rows (told_apart)':>24} {'of none (pairs=False)':>22}")
    print(
        f"{cell(times['every'], times['some']):>24} {statistics.median(times['some']) * 1e3:>24.1f}"
        f" {cell(times['none'], times['some']):>22}"
    )


def cell(times: list[float], against: list[float]) -> str:
    """A way's median in ms and its median per-repeat ratio over ``against``."""
    ratio = statistics.median(t / a for t, a in zip(times, against))
    return f"{statistics.median(times) * 1e3:.1f} ({ratio:.2f}x)"


if __name__ == "__main__":
    main()
