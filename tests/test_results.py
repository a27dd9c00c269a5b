"""results/ is generated: it must equal what `baccarat tables` writes now.

Every file must match byte for byte. The reports (HTML with inline SVG, PDF)
and the workbooks are byte-stable too (no date, pinned timestamps), and their
bytes depend on the libraries that draw them (matplotlib, fpdf2, xlsxwriter),
which .ci/constraints.txt pins: with other versions than results/README.md
names, the test fails and says which, never skips.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.api import tables as results
from analyzer.api.tables import generate, renderers
from analyzer.cli import cli

RESULTS = Path(__file__).parent.parent / "results"
DRAWN = (".html", ".pdf", ".xlsx")


@functools.cache
def _generated() -> dict[str, str | bytes]:
    return generate()


def _expected(progress: object = None) -> dict[str, str | bytes]:
    return _generated()  # `tables` passes its progress callback; the files are the same, generated once


def _drawn_with() -> str:
    """The renderers' versions results/README.md says drew its reports and workbooks."""
    found = re.search(
        r"their bytes depend on the libraries that drew them: (.*?)\.\n", (RESULTS / "README.md").read_text()
    )
    return found.group(1) if found else "(not stated)"


def test_results_folder_is_current() -> None:
    """Every file, the reports and workbooks too: never skipped. When the libraries that draw them are not the
    versions that drew results/, the failure names both (install .ci/constraints.txt's, or regenerate)."""
    expected = _expected()
    on_disk = {p.name: p.read_bytes() for p in RESULTS.iterdir() if p.is_file()}
    stale = sorted(
        name
        for name in expected
        if on_disk.get(name) != (c.encode("utf-8") if isinstance(c := expected[name], str) else c)
    )
    extra = sorted(set(on_disk) - set(expected))
    drawn_with, here = _drawn_with(), renderers()
    why = (
        ""
        if drawn_with == here
        else f" results/ was drawn with {drawn_with}, and this machine has {here}: install the pinned versions "
        "(pip install -c .ci/constraints.txt -e '.[test]'), or regenerate after .ci/bump-constraints."
    )
    assert not stale and not extra, (
        f"results/ is stale (differs: {stale}; not generated: {extra}); run `baccarat tables`.{why}"
    )


def test_tables_command_writes_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results, "generate", _expected)  # the command writes what generate() returns, every file
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["tables", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert {p.name for p in out.iterdir()} == set(_expected())
    assert "| natural win " in (out / "live-pittsburgh.md").read_text()
    assert (out / "punto-banco-report.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.slow
def test_results_hold_a_report_and_a_workbook_per_rule_set() -> None:
    from analyzer.game.shipped import shipped

    names = set(_expected())
    for name in shipped():
        assert {f"{name}-report.html", f"{name}-report.pdf", f"{name}.xlsx"} <= names
    assert b"/CreationDate (D:20000101" in _expected()["punto-banco-report.pdf"]  # pinned: no date in results/
    assert "generated:" not in str(_expected()["punto-banco-report.html"])


@pytest.mark.slow
def test_results_hold_each_shipped_game_solved_on_its_own_shoe() -> None:
    """Issue 26: the games with choices (rulesets/games/) are solved at six decks, each equilibrium proved; the
    papers' model game's value and the Player's mix at 5 pinned exactly."""
    import json
    from fractions import Fraction

    from analyzer.game.shipped import games

    for name in games():
        solved = json.loads(_generated()[f"{name}-equilibrium.json"])
        assert solved["shoe"] == "6 decks (312 cards)" and all(e["proof_holds"] for e in solved["equilibria"])
    (model,) = json.loads(_generated()["chemin-de-fer-equilibrium.json"])["equilibria"]
    assert Fraction(model["player_value"]) == Fraction(-974653793197999, 75340147272374985)
    assert Fraction(model["player"][0]["draw"]) == Fraction(477191, 592524)
