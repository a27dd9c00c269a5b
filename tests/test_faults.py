"""Faults end cleanly (issue 19, item 7): workers die with their parent, whatever kills it; what a killed write
left is swept by the next; a write error is one line with the old file intact; unreadable paths are one line."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.report import writing
from analyzer.report.writing import place, sweep, write_file

from .clirun import assert_refused, run


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


LONG_RUNS = {
    "count": ["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "400000", "--workers", "2"],
    "simulate": ["simulate", "--rules", "punto-banco", "--rounds", "1000000000", "--seed", "1", "--workers", "2"],
}
"""Commands that run long on a pool of two workers."""


def start(command: str) -> tuple[subprocess.Popen[bytes], set[int]]:
    """A long run of ``command`` with two workers, once its workers run."""
    parent = subprocess.Popen(
        [sys.executable, "-m", "analyzer", *LONG_RUNS[command]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    for _ in range(300):
        workers = {p for p in children(parent.pid) if "resource_tracker" not in Path(f"/proc/{p}/cmdline").read_text()}
        if len(workers) >= 2:
            return parent, workers
        time.sleep(0.1)
    parent.kill()
    raise AssertionError(f"{command} started no workers")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
@pytest.mark.parametrize("number", [signal.SIGKILL, signal.SIGTERM])
@pytest.mark.parametrize("command", sorted(LONG_RUNS))
def test_no_worker_outlives_count_or_simulate(command: str, number: int) -> None:
    parent, workers = start(command)
    os.kill(parent.pid, number)
    assert parent.wait(30) == (-number if number == signal.SIGKILL else 128 + number)
    for _ in range(100):
        if not any(alive(w) for w in workers):
            break
        time.sleep(0.1)
    survivors = [w for w in workers if alive(w)]
    for w in survivors:
        os.kill(w, signal.SIGKILL)  # so that the test ends either way
    assert not survivors, "a worker outlived its parent (and held its stderr open: a caller waiting for EOF hangs)"
    assert parent.stderr is not None and b"Traceback" not in parent.stderr.read()


def test_what_a_killed_write_left_is_swept_by_the_next(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)  # a process that has ended
    here = place()  # this host and PID namespace: a dead PID here is proven dead
    stale_file = tmp_path / f".par.json.{pid}-{here}-0123abcd.tmp"
    stale_folder = tmp_path / f".results.new-{pid}-{here}-0123abcd"
    live_file = tmp_path / f".other.json.{os.getppid()}-{here}-0123abcd.tmp"  # a running process's: kept
    mine = tmp_path / "notes.tmp"  # not named as a write names it: kept
    for path in (stale_file, live_file, mine):
        path.write_text("x")
    stale_folder.mkdir()
    (stale_folder / "a.md").write_text("x")
    write_file(tmp_path / "par.json", "{}")
    assert not stale_file.exists() and not stale_folder.exists()
    assert live_file.exists() and mine.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live_file.name, "notes.tmp", "par.json"])
    assert sweep(tmp_path) == []


def test_a_full_disk_is_one_line_and_the_old_file_stays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "tie.json"
    out.write_text("the old file")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(writing.os, "fsync", full)
    code, stdout, stderr = run("analyze", "--rules", "punto-banco", "--wager", "tie", "--out", str(out))
    assert code == 2 and stdout == ""
    assert stderr == (
        "baccarat: error: cannot read or write: no space left on device (errno 28); any file being "
        "written is left as it was.\n"
    )
    assert out.read_text() == "the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tie.json"]  # no temporary file left


def test_a_rule_file_that_cannot_be_read_is_one_line() -> None:
    assert_refused(
        ["analyze", "--rules", "/proc/self/mem"], "Cannot read rule file /proc/self/mem: input/output error."
    )


def test_an_out_name_too_long_for_the_file_system_is_one_line(tmp_path: Path) -> None:
    assert_refused(
        ["analyze", "--rules", "punto-banco", "--wager", "tie", "--out", str(tmp_path / ("a" * 300 + ".json"))],
        "file name too long",
    )


def test_a_csv_field_over_the_csv_limit_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_text("wager,event,pays\ntie,tie," + "x" * 200_000 + "\n")
    assert_refused(["verify", str(path), "--rules", "punto-banco"], "field larger than field limit")
