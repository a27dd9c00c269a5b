"""results/ is generated: it must equal what `baccarat tables` writes now."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.report.results import generate

RESULTS = Path(__file__).parent.parent / "results"


def test_results_folder_is_current() -> None:
    expected = generate()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in RESULTS.iterdir() if p.is_file()}
    stale = sorted(name for name in expected if on_disk.get(name) != expected[name])
    extra = sorted(set(on_disk) - set(expected))
    assert not stale and not extra, (
        f"results/ is stale (differs: {stale}; not generated: {extra}); run `baccarat tables`"
    )


def test_tables_command_writes_every_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["tables", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert {p.name for p in out.iterdir()} == set(generate())
    assert "| natural win " in (out / "live-pittsburgh.md").read_text()
