"""results/ is generated: it must equal what `baccarat tables` writes now.

Text files must match byte for byte. The reports (HTML with inline SVG, PDF)
and the workbooks are byte-stable too (no date, pinned timestamps), but their
bytes depend on the libraries that draw them (matplotlib, fpdf2, xlsxwriter):
on a machine with other versions than results/README.md names, those files
are not compared, and the test says so.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.report import results
from analyzer.report.results import generate, renderers

RESULTS = Path(__file__).parent.parent / "results"
DRAWN = (".html", ".pdf", ".xlsx")


@functools.cache
def _generated() -> dict[str, str | bytes]:
    return generate()


def _expected(progress: object = None) -> dict[str, str | bytes]:
    return _generated()  # `tables` passes its progress callback; the files are the same, generated once


def _same_renderers() -> bool:
    return f"their bytes depend on the libraries that drew them: {renderers()}." in (RESULTS / "README.md").read_text()


def test_results_folder_is_current() -> None:
    expected = _expected()
    same = _same_renderers()
    on_disk = {p.name: p.read_bytes() for p in RESULTS.iterdir() if p.is_file()}
    compared = [name for name in expected if same or not (name.endswith(DRAWN) or name == "README.md")]
    stale = sorted(
        name
        for name in compared
        if on_disk.get(name) != (c.encode("utf-8") if isinstance(c := expected[name], str) else c)
    )
    extra = sorted(set(on_disk) - set(expected))
    assert not stale and not extra, (
        f"results/ is stale (differs: {stale}; not generated: {extra}); run `baccarat tables`"
    )
    if not same:
        pytest.skip(
            f"results/ was drawn with other versions than this machine's ({renderers()}): "
            "the reports, workbooks and README were not compared byte for byte"
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
