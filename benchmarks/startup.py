"""Whole-process start-up of the command line, against a bare Python start in the same run.

    python benchmarks/startup.py [--repeats N]

Each case is a new process (``subprocess.run``, wall time), run in turn, N times; the medians and
their differences from ``python3 -c pass`` are printed. Targets (issue 16): ``baccarat --help``
within 0.05 s of bare Python, ``baccarat analyze --rules punto-banco`` within 0.10 s. The command
line runs as ``python -m analyzer`` with this interpreter, so that the console script's own
wrapper (which imports importlib.metadata) is not counted twice.

The processes run as an installed package runs: with its modules' bytecode cached (``pip install``
compiles it at install time). Where the environment sets ``PYTHONDONTWRITEBYTECODE`` (this
development machine does), every start would compile the package's sources again; the cases
therefore run with that variable unset and ``PYTHONPYCACHEPREFIX`` pointing at a temporary
directory (the working tree stays clean), after one unmeasured warm-up run of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

CASES: dict[str, list[str]] = {
    "python3 -c pass": [sys.executable, "-c", "pass"],
    "baccarat --help": [sys.executable, "-m", "analyzer", "--help"],
    "baccarat rules": [sys.executable, "-m", "analyzer", "rules"],
    "baccarat analyze --rules punto-banco": [sys.executable, "-m", "analyzer", "analyze", "--rules", "punto-banco"],
}
TARGETS = {"baccarat --help": 0.05, "baccarat analyze --rules punto-banco": 0.10}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    repeats = parser.parse_args().repeats
    times: dict[str, list[float]] = {name: [] for name in CASES}
    with tempfile.TemporaryDirectory(prefix="startup-pycache-") as cache:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for argv in CASES.values():  # the warm-up: writes the bytecode cache, as installing does
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        for _ in range(repeats):
            for name, argv in CASES.items():  # interleaved, so that a change of load touches every case alike
                start = time.perf_counter()
                subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
                times[name].append(time.perf_counter() - start)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {repeats} runs each, medians")
    bare = statistics.median(times["python3 -c pass"])
    for name, runs in times.items():
        median = statistics.median(runs)
        target = TARGETS.get(name)
        verdict = (
            "" if target is None else f"  target +{target:.2f} s: {'met' if median - bare <= target else 'NOT met'}"
        )
        print(f"{name:40s} {median:7.3f} s   +{median - bare:6.3f} s over bare Python{verdict}")


if __name__ == "__main__":
    main()
