"""The local pool (analyzer/play/pool.py): public interfaces only, and the same behaviour on every Python here.

The executor's fault tests (tests/test_executor.py, tests/test_faults.py) run on the test environment's Python;
here the pool's own script runs on every other CPython this machine has (Debian's 3.11, pyenv's 3.12 and 3.13),
with nothing but the standard library: results in task order, a killed worker's task run again, a task that
always kills its worker stopped with one line, and no worker left once its parent is killed.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from .test_faults import alive

ROOT = Path(__file__).parent.parent
POOL_MODULES = [ROOT / "analyzer" / "play" / "pool.py", ROOT / "analyzer" / "play" / "executor.py"]
OTHER_PYTHONS = [
    "/usr/bin/python3.11",
    *sorted(str(p) for p in Path("/root/.pyenv/versions").glob("3.1[2-9]*/bin/python3")),
]


@pytest.mark.parametrize("path", POOL_MODULES, ids=lambda p: p.name)
def test_the_executor_reads_no_private_attribute_of_another_object(path: Path) -> None:
    """Issue 25: no ``pool._call_queue._reader``, no ``pool._processes``: only ``self._...`` of its own classes."""
    tree = ast.parse(path.read_text())
    private = [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        and ast.unparse(node) != "os._exit"  # public, documented: end a process at once
    ]
    assert not private, private


@pytest.mark.parametrize("path", POOL_MODULES, ids=lambda p: p.name)
def test_the_executor_calls_no_c_library_directly(path: Path) -> None:
    """Issue 25: no prctl through ctypes; workers end with their parent through multiprocessing's interface."""
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])
    }
    assert "ctypes" not in imported


SCRIPT = textwrap.dedent(
    """
    import os, signal, sys, tempfile, time
    from pathlib import Path
    from analyzer.errors import RunError
    from analyzer.play.pool import Pool

    def square_late(n):
        time.sleep(0.01 * (5 - n % 5))
        return n * n

    def die_once(task):
        n, marker = task
        if n == 5 and not Path(marker).exists():
            Path(marker).write_text("killed")
            os.kill(os.getpid(), signal.SIGKILL)
        return n * n

    def always_die(n):
        os.kill(os.getpid(), signal.SIGKILL)

    def sleep_long(n):
        time.sleep(60)

    if __name__ == "__main__":
        what = sys.argv[1]
        pool = Pool(2)
        if what == "faults":
            assert list(pool.map(square_late, range(12), 8, None)) == [n * n for n in range(12)]
            marker = os.path.join(tempfile.mkdtemp(), "killed")
            assert list(pool.map(die_once, [(n, marker) for n in range(12)], 8, None)) == [n * n for n in range(12)]
            assert os.path.exists(marker)
            try:
                list(Pool(2).map(always_die, [1, 2, 3], 8, None))
            except RunError as error:
                assert "A worker process died 4 times" in str(error), error
            else:
                raise AssertionError("no RunError")
            pool.close()
            print("ok")
        else:
            print(" ".join(str(w.process.pid) for w in pool._workers), flush=True)
            list(pool.map(sleep_long, [1, 2], 8, None))
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("python", OTHER_PYTHONS)
def test_the_pool_keeps_order_replaces_dead_workers_and_dies_with_its_parent_on_every_python(
    python: str, tmp_path: Path
) -> None:
    if not Path(python).exists():
        pytest.skip(f"{python} is not on this machine")
    script = tmp_path / "pool_script.py"
    script.write_text(SCRIPT)
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    faults = subprocess.run([python, str(script), "faults"], capture_output=True, text=True, env=env, timeout=120)
    assert faults.returncode == 0 and faults.stdout == "ok\n", faults.stderr
    parent = subprocess.Popen([python, str(script), "orphan"], stdout=subprocess.PIPE, text=True, env=env)
    assert parent.stdout is not None
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(workers) == 2
    parent.kill()
    parent.wait(10)
    for _ in range(100):
        if not any(alive(w) for w in workers):
            break
        time.sleep(0.1)
    survivors = [w for w in workers if alive(w)]
    for w in survivors:
        os.kill(w, 9)
    assert not survivors, f"workers {survivors} outlived their parent on {python} ({sys.version.split()[0]} here)"
