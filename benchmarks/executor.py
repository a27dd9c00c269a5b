"""The local executor against concurrent.futures' process pool, on the same tasks, in the same process.

The executor owns its worker processes (analyzer/play/executor.py: one pipe each, a task sent when a worker is
idle, a dead worker replaced and its task sent again); the baseline is the plainest correct way to run the same
tasks on the same number of processes, ``ProcessPoolExecutor(max_workers).map(fn, tasks)`` (forked workers).
Each case is timed ``--repeats`` times, interleaved; medians and the ratio are printed.

    python benchmarks/executor.py [--workers 2] [--tasks 200] [--milliseconds 20] [--repeats 5]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.play.executor import LocalExecutor


def busy(task: tuple[int, int]) -> int:
    """``steps`` steps of CPU work, and a result of a few bytes (as a counting chunk's tallies are small)."""
    n, steps = task
    total = n
    for _ in range(steps):
        total = (total * 1103515245 + 12345) % 2**31
    return total


def steps_per_millisecond() -> int:
    start = time.process_time()
    busy((0, 200_000))
    return int(200_000 / ((time.process_time() - start) * 1000))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--milliseconds", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    tasks = [(n, int(args.milliseconds * steps_per_millisecond())) for n in range(args.tasks)]
    context = multiprocessing.get_context("fork")
    times: dict[str, list[float]] = {"ProcessPoolExecutor.map (baseline)": [], "LocalExecutor.run": []}
    for _ in range(args.repeats):
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
            plain = list(pool.map(busy, tasks))
        times["ProcessPoolExecutor.map (baseline)"].append(time.perf_counter() - start)
        start = time.perf_counter()
        executor = LocalExecutor(args.workers)
        try:
            ours = executor.run(busy, tasks)
        finally:
            executor.close()
        times["LocalExecutor.run"].append(time.perf_counter() - start)
        assert ours == plain
    ideal = args.tasks * args.milliseconds / 1000 / args.workers
    print(
        f"{args.tasks} tasks of {args.milliseconds:g} ms CPU on {args.workers} workers (ideal {ideal:.2f} s); "
        f"load average {os.getloadavg()[0]:.2f}; {args.repeats} runs each, interleaved"
    )
    baseline = statistics.median(times["ProcessPoolExecutor.map (baseline)"])
    for name, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{name:<38} {median:7.3f} s   x{median / baseline:.2f} of the baseline")


if __name__ == "__main__":
    main()
