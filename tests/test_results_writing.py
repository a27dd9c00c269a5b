"""`baccarat tables` writes results/ as a whole or not at all, where it may, with the user's umask."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from analyzer.api import tables as results
from analyzer.errors import InputError
from analyzer.report import writing
from analyzer.report.writing import MARKER, staged, write

from .clirun import assert_refused

FILES = {"README.md": f"{MARKER}\n\nnew\n", "a.md": "new a\n", "b.json": "{}\n"}


def _old_folder(tmp_path: Path) -> Path:
    out = tmp_path / "results"
    write(out, {"README.md": f"{MARKER}\n\nold\n", "a.md": "old a\n", "gone.md": "old only\n"})
    return out


def _snapshot(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in folder.iterdir()}


def test_the_folder_is_replaced_as_a_whole(tmp_path: Path) -> None:
    out = _old_folder(tmp_path)
    write(out, FILES)
    assert _snapshot(out) == FILES  # gone.md went with the old folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]  # no staging or old folder left


@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError])
def test_an_interrupt_or_a_write_error_leaves_the_old_folder_and_no_stray_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: type[BaseException]
) -> None:
    out = _old_folder(tmp_path)
    before = _snapshot(out)
    real_fsync, calls = os.fsync, []

    def fsync_then_fail(handle: int) -> None:
        calls.append(handle)
        if len(calls) == 2:  # the second file of the new folder
            raise failure()
        real_fsync(handle)

    monkeypatch.setattr(writing.os, "fsync", fsync_then_fail)
    with pytest.raises(failure):
        write(out, FILES)
    assert _snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]


def test_an_interrupt_while_computing_leaves_no_staging_folder(tmp_path: Path) -> None:
    out = _old_folder(tmp_path)
    with pytest.raises(KeyboardInterrupt), staged(str(out)):
        raise KeyboardInterrupt  # Ctrl-C during generate()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]


def test_written_files_respect_the_umask(tmp_path: Path) -> None:
    for umask, file_mode in ((0o022, 0o644), (0o027, 0o640)):
        previous = os.umask(umask)
        try:
            out = tmp_path / f"results-{umask:o}"
            write(out, FILES)
        finally:
            os.umask(previous)
        assert {stat.S_IMODE(p.stat().st_mode) for p in out.iterdir()} == {file_mode}
        assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~umask


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("", "--out is empty"),
        ("/dev/null", "is not a folder"),
        ("{file}/out", "is a file, not a folder"),
        ("{tmp}/no/such/place", "does not exist; create it first"),
        ("{foreign}", "holds files `baccarat tables` did not write"),
        ("/", "is the root folder"),
    ],
)
def test_tables_refuses_a_place_it_cannot_write_before_computing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: str, message: str
) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("mine")
    monkeypatch.setattr(results, "generate", lambda progress=None: pytest.fail("computed before the check"))
    path = out.format(file=tmp_path / "file", tmp=tmp_path, foreign=tmp_path / "foreign")
    assert_refused(["tables", "--out", path], message)
    assert (tmp_path / "foreign" / "notes.txt").read_text() == "mine"


def test_an_unwritable_parent_is_refused_before_computing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: object, mode: int = 0o777) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(writing.os, "mkdir", refuse)  # as root, chmod cannot make a folder unwritable
    with (
        pytest.raises(InputError, match=r"cannot create a folder in .*: permission denied"),
        staged(str(tmp_path / "out")),
    ):
        pytest.fail("computed before the check")


def test_one_file_is_written_atomically_with_the_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.report.writing import write_file

    target = tmp_path / "per-shoe.csv"
    target.write_text("old\n")
    previous = os.umask(0o027)
    try:
        write_file(target, "new\n")
    finally:
        os.umask(previous)
    assert target.read_text() == "new\n" and stat.S_IMODE(target.stat().st_mode) == 0o640
    monkeypatch.setattr(writing.os, "fsync", lambda handle: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        write_file(target, "newer\n")
    assert target.read_text() == "new\n" and sorted(p.name for p in tmp_path.iterdir()) == ["per-shoe.csv"]
    with pytest.raises(InputError, match="does not exist"):
        write_file(tmp_path / "no" / "file.csv", "x")
