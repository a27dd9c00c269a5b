"""Whole-process start-up of the command line, against a bare Python start in the same run.

    python benchmarks/startup.py [--repeats N]

Each case is a new process (``subprocess.Popen``, wall time), run in turn, N times; the medians and
their differences from ``python3 -c pass`` are printed. Targets (issue 16): ``baccarat --help``
within 0.05 s of bare Python, ``baccarat analyze --rules punto-banco`` within 0.10 s. The command
line runs as ``python -m analyzer`` with this interpreter, so that the console script's own
wrapper (which imports importlib.metadata) is not counted twice.

The processes run as an installed package runs: with its modules' bytecode cached (``pip install``
compiles it at install time). Where the environment sets ``PYTHONDONTWRITEBYTECODE`` (this
development machine does), every start would compile the package's sources again; the cases
therefore run with that variable unset and ``PYTHONPYCACHEPREFIX`` pointing at a temporary
directory (the working tree stays clean), after one unmeasured warm-up run of each.

The checked rule sets are kept between runs (analyzer/game/rulecache.py): the cases run with
``BACCARAT_CACHE_DIR`` in a temporary folder, filled by the warm-up run, as a user's second run finds it;
``analyze, no rule-set cache`` runs the same command with ``BACCARAT_NO_CACHE=1`` (every load parses and checks
its file, as the first run does). Beside the wall time, the CPU time (user + system) of each process, read from
``os.wait4``: steadier than the wall time when other work shares the machine. Target (issue 31, item 5):
``baccarat analyze --rules punto-banco`` within 0.06 s of bare Python.

``--baseline DIR`` adds ``analyze`` as an earlier version runs it, in the same run: DIR holds that version's
``analyzer`` package (e.g. ``git archive 00a6e26 analyzer | tar -x -C DIR``), put first on ``PYTHONPATH``.
Every case runs in a temporary folder (not the working tree, whose ``analyzer`` would come first).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ANALYZE = [sys.executable, "-m", "analyzer", "analyze", "--rules", "punto-banco"]
CASES: dict[str, tuple[list[str], dict[str, str]]] = {
    "python3 -c pass": ([sys.executable, "-c", "pass"], {}),
    "baccarat --help": ([sys.executable, "-m", "analyzer", "--help"], {}),
    "baccarat rules": ([sys.executable, "-m", "analyzer", "rules"], {}),
    "baccarat analyze --rules punto-banco": (ANALYZE, {}),
    "analyze, no rule-set cache": (ANALYZE, {"BACCARAT_NO_CACHE": "1"}),
}
TARGETS = {"baccarat --help": 0.05, "baccarat analyze --rules punto-banco": 0.06}


def run(argv: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """One process, in the folder ``cwd``: its wall time and its CPU time (user + system), in seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(argv)} failed (status {status})")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--baseline", metavar="DIR", help="a folder holding an earlier version's analyzer package")
    args = parser.parse_args()
    repeats = args.repeats
    if args.baseline:
        CASES[f"analyze, {args.baseline}"] = (ANALYZE, {"PYTHONPATH": os.path.abspath(args.baseline)})
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    with tempfile.TemporaryDirectory(prefix="startup-") as scratch:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("PYTHONDONTWRITEBYTECODE", "BACCARAT_NO_CACHE")
        }
        env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pycache")
        env["BACCARAT_CACHE_DIR"] = os.path.join(scratch, "rule-sets")
        envs = {name: {**env, **extra} for name, (_, extra) in CASES.items()}
        for name, (argv, _) in CASES.items():  # the warm-up: writes the bytecode cache, as installing does
            run(argv, envs[name], scratch)
        load = os.getloadavg()[0]
        for _ in range(repeats):
            for name, (argv, _) in CASES.items():  # interleaved, so that a change of load touches every case alike
                times[name].append(run(argv, envs[name], scratch))
    print(
        f"{os.cpu_count()} cores, load average {load:.2f} at start, {os.getloadavg()[0]:.2f} at end; "
        f"{repeats} runs each, medians"
    )
    bare_wall = statistics.median(w for w, _ in times["python3 -c pass"])
    bare_cpu = statistics.median(c for _, c in times["python3 -c pass"])
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        target = TARGETS.get(name)
        verdict = (
            "" if target is None else f"  target +{target:.2f} s: {'met' if wall - bare_wall <= target else 'NOT met'}"
        )
        print(
            f"{name:38s} {wall:6.3f} s  +{wall - bare_wall:6.3f} s over bare Python   CPU {cpu:6.3f} s  "
            f"+{cpu - bare_cpu:6.3f} s{verdict}"
        )


if __name__ == "__main__":
    main()
