"""Peak memory of `baccarat count` against the shoe's size, each study in its own process, measured in one run.

    python benchmarks/count_memory.py [--decks 8,100,250,500,1000] [--shoes 1] [--wager banker] [--against DIR]

Each study runs as ``python -m analyzer count --rules punto-banco --wager W --shoes N --decks D`` in a child
process; its peak resident set is the child's own ``ru_maxrss`` (``os.wait4``: the rusage of that child alone,
what ``resource.getrusage(RUSAGE_CHILDREN)`` gives for one child). The baseline is the same study at 8 decks (what
the process costs before the shoe's size counts) and, as a floor, a bare ``python -c "import numpy"``.

``--against DIR`` also runs every study on the package in DIR (e.g. ``git archive`` of an older commit unpacked
there), alternately with this tree, so that both are measured under the same load; a study that fails (a
MemoryError, or ``--limit`` exceeded) is reported as such.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_text() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def measured(command: list[str], tree: Path, limit: int | None) -> tuple[float, float, int, str]:
    """(peak resident set in MB, wall seconds, exit status, last line of stderr) of one child process."""
    env = {**os.environ, "PYTHONPATH": str(tree), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    start = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limited
    )
    assert child.stderr is not None
    errors = child.stderr.read().decode(errors="replace").strip().splitlines()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    return usage.ru_maxrss / 1024, seconds, child.returncode, errors[-1] if errors else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="8,100,250,500,1000", help="deck counts, comma-separated")
    parser.add_argument("--shoes", type=int, default=1)
    parser.add_argument("--wager", default="banker")
    parser.add_argument("--extra", default="", help="more count options, e.g. '--no-exact-risk'")
    parser.add_argument("--against", type=Path, help="another tree of the package to measure alternately")
    parser.add_argument("--limit", type=float, help="an address-space limit for each child, in GiB")
    args = parser.parse_args()
    limit = None if args.limit is None else int(args.limit * 2**30)
    decks = [int(d) for d in args.decks.split(",")]
    trees = [("this tree", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    print(f"python {sys.version.split()[0]}; {os.cpu_count()} cores; at start: {load_text()}")
    floor, _, _, _ = measured([sys.executable, "-c", "import numpy"], ROOT, None)
    print(f"floor: python -c 'import numpy': {floor:,.0f} MB")
    base = ["-m", "analyzer", "count", "--rules", "punto-banco", "--wager", args.wager, "--shoes", str(args.shoes)]
    print(f"\ncount {' '.join(base[4:])} --decks D {args.extra}".rstrip())
    print(f"{'decks':>6}  {'cards':>6}  " + "  ".join(f"{label:>28}" for label, _ in trees))
    baseline: dict[str, float] = {}
    for d in decks:
        cells = []
        for label, tree in trees:
            command = [sys.executable, *base, "--decks", str(d), *args.extra.split()]
            peak, seconds, status, last = measured(command, tree, limit)
            if status == 0:
                baseline.setdefault(label, peak)
                cells.append(f"{peak:7,.0f} MB {peak / baseline[label]:5.2f}x {seconds:6.1f} s")
            else:
                cells.append(f"failed ({status}) at {peak:,.0f} MB: {last[:40]}")
        print(f"{d:>6}  {52 * d:>6}  " + "  ".join(f"{c:>28}" for c in cells))
    print(f"\n(peak resident set, its ratio to the first deck count's, wall time); at end: {load_text()}")


if __name__ == "__main__":
    main()
