"""Where an output goes is never lost or replaced (issue 30 item 6): ``--out`` onto a symbolic link or a file that
is not regular is refused before anything is written, and the leftover sweep removes only what it can prove stale,
never the temporary files of a writer running in another PID namespace or on another host."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.report.writing import STALE_SECONDS, not_writable_over, place, sweep, write_file

from .clirun import run


def _refused(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ") and message in err, err


@pytest.mark.parametrize("option", ["--out", pytest.param("--per-shoe", marks=pytest.mark.slow)])
def test_an_output_onto_a_symbolic_link_is_refused_and_the_link_kept(tmp_path: Path, option: str) -> None:
    link = tmp_path / "s.csv"
    link.symlink_to("/proc/self/fd/1")  # the ln -s /proc/self/fd/1 s
    args = ["analyze", "--rules", "punto-banco", "--wager", "tie", "--format", "csv", "--out", str(link)]
    if option == "--per-shoe":
        args = ["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "1", "--per-shoe", str(link)]
    _refused(args, "is a symbolic link, which would be replaced by the file")
    assert link.is_symlink() and os.readlink(link) == "/proc/self/fd/1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]  # nothing written beside it


def test_a_link_to_a_regular_file_is_refused_too_and_the_file_left_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("the old file")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    _refused(["analyze", "--rules", "punto-banco", "--wager", "tie", "--out", str(link)], "is a symbolic link")
    assert link.is_symlink() and target.read_text() == "the old file"
    with pytest.raises(Exception, match="is a symbolic link"):
        write_file(link, "x")  # the writer itself refuses, whoever calls it
    assert link.is_symlink() and target.read_text() == "the old file"


def test_dev_stdout_is_refused_as_the_link_it_is_never_replaced() -> None:
    if not os.path.islink("/dev/stdout"):
        pytest.skip("/dev/stdout is not a symbolic link here")
    assert "symbolic link" in (not_writable_over(Path("/dev/stdout")) or "")
    assert not_writable_over(Path("/dev/null")) is not None  # a device
    assert os.path.islink("/dev/stdout")


def _dead_pid() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(ended.stdout)


def test_the_sweep_keeps_a_fresh_temporary_file_of_another_pid_namespace(tmp_path: Path) -> None:
    pid = _dead_pid()  # dead here; in another namespace the same number may be a running writer
    other = "0123456789ab" if place() != "0123456789ab" else "ba9876543210"
    theirs_file = tmp_path / f".side-bets.md.{pid}-{other}-0123abcd.tmp"
    theirs_folder = tmp_path / f".results.new-{pid}-{other}-0123abcd"
    older_version = tmp_path / f".tie.md.{pid}-0123abcd.tmp"  # no place: an earlier version's name
    mine = tmp_path / f".par.json.{pid}-{place()}-0123abcd.tmp"  # this namespace, a dead PID: proven stale
    for path in (theirs_file, older_version, mine):
        path.write_text("x")
    theirs_folder.mkdir()
    (theirs_folder / "a.md").write_text("x")
    assert sweep(tmp_path) == [mine]
    assert theirs_file.exists() and theirs_folder.exists() and older_version.exists()
    write_file(tmp_path / "par.json", "{}")  # a write sweeps the same way
    assert theirs_file.exists() and theirs_folder.exists() and older_version.exists()


def test_the_sweep_removes_what_another_namespace_left_once_a_day_old(tmp_path: Path) -> None:
    pid = os.getppid()  # even a number that runs here: elsewhere it names another process
    other = "0123456789ab" if place() != "0123456789ab" else "ba9876543210"
    old = tmp_path / f".tie.md.{pid}-{other}-0123abcd.tmp"
    fresh = tmp_path / f".banker.md.{pid}-{other}-4567cdef.tmp"
    for path in (old, fresh):
        path.write_text("x")
    day_ago = time.time() - STALE_SECONDS - 60
    os.utime(old, (day_ago, day_ago))
    assert sweep(tmp_path) == [old]
    assert fresh.exists()
    assert sweep(tmp_path, now=time.time() + STALE_SECONDS + 60) == [fresh]


def test_the_place_names_this_host_boot_and_pid_namespace() -> None:
    assert len(place()) == 12 and int(place(), 16) >= 0
    code = "from analyzer.report.writing import place; print(place())"
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert child.stdout.strip() == place()  # another process of the same namespace has the same place


CHILD = """
import os, sys
from pathlib import Path
import analyzer.report.writing as writing
writing.os.fsync = lambda fd: sys.stdin.read()  # hold the write open until the test lets it go
print(writing.place(), flush=True)
writing.write_file(Path(sys.argv[1]) / "theirs.md", "their table")
"""


@pytest.mark.slow
def test_a_writer_in_another_pid_namespace_keeps_its_temporary_file_through_our_sweep(tmp_path: Path) -> None:
    """Two PID namespaces sharing a folder (containers, NFS): a write here never removes a live write there."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare(1) to make a PID namespace")
    child = subprocess.Popen(
        ["unshare", "--pid", "--fork", sys.executable, "-c", CHILD, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        theirs = child.stdout.readline().strip()
        if not theirs:
            pytest.skip(f"unshare could not make a PID namespace here: {child.communicate(timeout=10)[1].strip()}")
        assert theirs != place()
        for _ in range(200):
            left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            if left:
                break
            time.sleep(0.05)
        assert left and f"-{theirs}-" in left[0].name
        write_file(tmp_path / "ours.md", "our table")  # sweeps the folder first
        assert left[0].exists(), "our sweep removed a live writer's file in another PID namespace"
        child.stdin.close()
        assert child.wait(30) == 0, child.stderr.read() if child.stderr else ""
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    assert (tmp_path / "theirs.md").read_text() == "their table"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ours.md", "theirs.md"]
