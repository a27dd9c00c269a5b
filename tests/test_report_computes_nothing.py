"""The report formats, never computes (issue 25, item 4): every figure a report prints comes from studies/, exact/ or
play/ as a number the API returns too.

The rule, held on the source of every module under ``analyzer/report/``: from the computing layers (``analyzer.exact``,
``analyzer.studies``, ``analyzer.play``) a report module imports only **result types** (classes) and **constants**
(values that cannot be called), never a function, and never a whole module (which would let it call anything); and it
imports no arithmetic module (``statistics``, ``decimal``), ``math`` only to test a float for NaN (an estimate that
could not be made). Imports inside functions count. A name a report module still computes with, pending the branch
that moves it, is listed in :data:`PENDING` with the reason; an entry no longer needed fails too, so the list only
shrinks.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from analyzer.api import analyze

from .clirun import run

REPORT = Path(__file__).parent.parent / "analyzer" / "report"
COMPUTING = ("analyzer.exact", "analyzer.studies", "analyzer.play")
ARITHMETIC = ("statistics", "decimal", "cmath")
MATH_ALLOWED = {"isnan"}
"""What a report module may use of ``math``: the test for a float that is not a number (an estimate not made)."""
PENDING: dict[tuple[str, str], str] = {}
"""(report module, imported function) still allowed, with why."""


def _modules() -> list[tuple[str, Path]]:
    return sorted(
        (f"analyzer.report.{path.stem}" if path.stem != "__init__" else "analyzer.report", path)
        for path in REPORT.glob("*.py")
    )


def _imports(module: str, path: Path) -> list[tuple[str, str | None, int]]:
    """Every import of ``module``: (the module imported from, the name imported or None for a whole module, line)."""
    package = "analyzer.report"
    found: list[tuple[str, str | None, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found += [(source, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
    return found


def _computing(source: str) -> bool:
    return any(source == layer or source.startswith(layer + ".") for layer in COMPUTING)


def _offences(module: str, path: Path) -> list[str]:
    found = []
    for source, name, line in _imports(module, path):
        where = f"{path.name}:{line}"
        if name is None:
            if _computing(source):
                found.append(f"{where} imports the module {source} whole")
            if source.split(".")[0] in ARITHMETIC:
                found.append(f"{where} imports {source}")
            continue
        if source.split(".")[0] in ARITHMETIC or (source == "math" and name not in MATH_ALLOWED):
            found.append(f"{where} imports {name} from {source}")
        if not _computing(source):
            continue
        value = getattr(importlib.import_module(source), name, None)
        if value is None or isinstance(value, ModuleType):
            try:
                importlib.import_module(f"{source}.{name}")
            except ImportError:
                pass
            else:
                found.append(f"{where} imports the module {source}.{name} whole")
                continue
        if inspect.isroutine(value) or isinstance(value, functools.partial):
            found.append(f"{source}.{name}")
    return found


def _math_uses(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math"
    }


@pytest.mark.parametrize("module, path", _modules(), ids=[m for m, _ in _modules()])
def test_a_report_module_imports_only_result_types_and_constants_from_the_computing_layers(
    module: str, path: Path
) -> None:
    offences = [o for o in _offences(module, path) if (module, o) not in PENDING]
    assert not offences, (
        f"{module} imports what computes: {', '.join(offences)}; compute it in studies/ or exact/ and hand the "
        "report the result"
    )
    assert _math_uses(path) <= MATH_ALLOWED, (
        f"{module} uses math.{', math.'.join(sorted(_math_uses(path) - MATH_ALLOWED))}"
    )


def test_every_pending_exception_is_still_needed() -> None:
    still = {(module, o) for module, path in _modules() for o in _offences(module, path)}
    stale = [f"{module}: {name}" for module, name in PENDING if (module, name) not in still]
    assert not stale, f"no longer needed, drop them from PENDING: {stale}"


def test_the_rule_catches_a_report_module_that_imports_a_computing_function(tmp_path: Path) -> None:
    """A test that cannot fail is a defect: a module importing ``par_sheets`` or ``top_award`` is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from ..exact.parsheet import ParSheet, par_sheets\nfrom ..studies.diff import TopAward, top_award\n"
        "from ..studies import eor\nimport math\nx = math.sqrt(2)\n",
        encoding="utf-8",
    )
    offences = _offences("analyzer.report.bad", bad)
    assert offences == [
        "analyzer.exact.parsheet.par_sheets",
        "analyzer.studies.diff.top_award",
        "bad.py:3 imports the module analyzer.studies.eor whole",
    ]
    assert _math_uses(bad) == {"sqrt"}


PLAYER_FAVOURED = """[rule_set]
name = "generous"
title = "A progressive that favours the player at every meter"
extends = "punto-banco"

[wagers.generous-progressive]
title = "Generous progressive (an illustration)"
source = "an illustration"
side = "player"
jackpot = { meter = 1000, stake = 5 }
outcomes = [
  { name = "natural win", result = "win", natural = true, pays = "jackpot" },
  { name = "win", result = "win", pays = "3:1" },
  { name = "loss", pays = "lose" },
]
"""


def test_a_progressive_that_favours_the_player_at_every_meter_has_no_break_even_meter(tmp_path: Path) -> None:
    """Issue 29, item 7: no negative meter printed; the API says the same with None and the flag."""
    path = tmp_path / "generous.toml"
    path.write_text(PLAYER_FAVOURED, encoding="utf-8")
    analysis = analyze(str(path), wagers=["generous-progressive"])
    (sheet,) = analysis.sheets
    line = sheet.jackpot
    assert line is not None and line.at_meter_zero > 0 and line.per_unit_of_meter > 0  # above zero at a meter of 0
    assert line.break_even_meter is None and line.favours_player_at_every_meter
    assert analysis.summary()[0]["break_even_meter"] is None
    code, out, _ = run("analyze", "--rules", str(path), "--wager", "generous-progressive")
    flat = " ".join(out.split())
    assert code == 0 and "no break-even meter: the bet favours the player at every meter" in flat
    assert "break-even meter -" not in flat


@pytest.mark.slow  # counts a suited side bet's records (about half a second)
def test_the_break_even_meter_the_api_returns_is_the_one_the_par_sheet_prints() -> None:
    analysis = analyze("examples/progressive.toml", wagers=["suited-pairs-progressive"])
    (row,) = analysis.summary()
    assert isinstance(row["break_even_meter"], Fraction) and round(row["break_even_meter"], 2) == Fraction("35518.22")
