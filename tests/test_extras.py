"""The base install and its extras (analyzer/extras.py): what works without them, and one line when one is missing.

Each case runs the command line in a fresh interpreter where the extras' packages cannot be imported
(``sys.modules[name] = None`` makes ``import name`` fail, as on a machine without them).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from analyzer.extras import EXTRAS

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
EXTRA_MODULES = (
    "matplotlib",
    "fpdf",
    "xlsxwriter",
    "openpyxl",
    "starlette",
    "uvicorn",
    "dask",
    "distributed",
    "pandas",
)
"""The import names of every extra's packages."""
ONE_LINE = re.compile(
    r"^baccarat: error: .+ needs the '(\w+)' extra \(.+ not installed\): "
    r"pip install 'baccarat-analyzer\[\1\]' \(in a clone of the repository: pip install '\.\[\1\]'\)\.\n$"
)


def _without(blocked: tuple[str, ...], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    prelude = (
        "import sys\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None\n"
        f"sys.argv = ['baccarat', *{list(args)!r}]\n"
        "from analyzer.cli import main\n"
        "main()\n"
    )
    return subprocess.run([sys.executable, "-c", prelude], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_the_base_install_names_four_packages() -> None:
    names = [re.split(r"[<>=\[ ]", d)[0] for d in PYPROJECT["project"]["dependencies"]]
    assert names == ["click", "numpy", "sympy", "tabulate"]


def test_the_extras_module_lists_what_pyproject_installs() -> None:
    optional = PYPROJECT["project"]["optional-dependencies"]
    for extra, packages in EXTRAS.items():
        listed = [d for d in optional[extra] if not d.startswith("baccarat-analyzer")]
        assert [re.split(r"[<>= ]", d)[0] for d in listed] == list(packages), extra
    assert optional["all"] == [f"baccarat-analyzer[{','.join(EXTRAS)}]"]


def test_every_package_ci_installs_is_pinned() -> None:
    pins = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / ".ci" / "constraints.txt").read_text().splitlines()
        if "==" in line
    }
    named = [*PYPROJECT["project"]["dependencies"]]
    for packages in PYPROJECT["project"]["optional-dependencies"].values():
        named += [d for d in packages if not d.startswith("baccarat-analyzer")]
    unpinned = sorted({re.split(r"[<>=\[ ]", d)[0].lower() for d in named} - pins)
    assert not unpinned, f"{unpinned} are not pinned in .ci/constraints.txt: run .ci/bump-constraints"


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("analyze", "--rules", "punto-banco", "--wager", "tie"),
        ("solve", "--rules", "punto-banco", "--wager", "tie", "--outcome", "tie", "--edge", "5%"),
        ("formula", "--rules", "punto-banco", "--wager", "tie"),
        ("eor", "--rules", "punto-banco", "--wager", "tie"),
        ("verify", str(ROOT / "examples" / "submitted-punto-banco.csv"), "--rules", "punto-banco"),
        ("verify", str(ROOT / "examples" / "claims.toml")),
        ("analyze", "--rules", "punto-banco", "--wager", "banker", "--format", "html"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_the_base_install_does_its_commands_without_any_extra(args: tuple[str, ...], tmp_path: Path) -> None:
    run = _without(EXTRA_MODULES, *args, cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr  # verify exits 1 on the refuted rows of the example sheet
    assert "Traceback" not in run.stderr and "extra" not in run.stderr


@pytest.mark.parametrize(
    ("blocked", "args", "extra"),
    [
        (("fpdf",), ("analyze", "--rules", "punto-banco", "--out", "OUT/sheet.pdf"), "report"),
        (("xlsxwriter",), ("analyze", "--rules", "punto-banco", "--format", "xlsx", "--out", "OUT/s.xlsx"), "report"),
        (("matplotlib",), ("report", "--rules", "punto-banco", "--out", "OUT/report.html"), "report"),
        (("matplotlib", "fpdf", "xlsxwriter"), ("tables", "--out", "OUT/results"), "report"),
        (("openpyxl",), ("verify", "OUT/sheet.xlsx", "--rules", "punto-banco"), "xlsx"),
        (("starlette", "uvicorn"), ("serve",), "web"),
        (("distributed",), ("simulate", "--rules", "punto-banco", "--rounds", "1000", "--scheduler", "x:8786"), "dask"),
        (
            ("distributed",),
            (
                "depth",
                "--rules",
                "punto-banco",
                "--wager",
                "tie",
                "--from",
                "40",
                "--to",
                "40",
                "--scheduler",
                "x:8786",
            ),
            "dask",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else " ".join(v[:1]),
)
def test_a_missing_extra_is_one_line_and_nothing_written(
    blocked: tuple[str, ...], args: tuple[str, ...], extra: str, tmp_path: Path
) -> None:
    (tmp_path / "OUT").mkdir()
    (tmp_path / "OUT" / "sheet.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    run = _without(blocked, *args, cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    match = ONE_LINE.match(run.stderr)
    assert match and match.group(1) == extra, run.stderr
    assert sorted(p.name for p in (tmp_path / "OUT").iterdir()) == ["sheet.xlsx"]  # nothing half-written


def test_to_frame_without_pandas_names_the_notebook_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.api.common import to_frame
    from analyzer.errors import InputError

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(InputError, match=r"needs the 'notebook' extra \(pandas is not installed\)"):
        to_frame([{"a": 1}])
