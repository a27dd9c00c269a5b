"""verify reads every figure the tool writes (issue 19): a tampered RTP, element of risk, hit frequency,
variance, SD or expected value in the tool's own CSV is REFUTED, named once; unread columns are named."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from .clirun import run

COLUMNS = {
    "rtp": "RTP",
    "rtp_percent": "RTP",
    "element_of_risk": "element of risk",
    "hit_frequency": "hit frequency",
    "push_frequency": "push frequency",
    "variance": "variance",
    "standard_deviation": "standard deviation",
    "expected_value": "expected value",
    "house_edge": "house edge",
}


@pytest.fixture(scope="module")
def own_csv() -> list[dict[str, str]]:
    _, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "player", "--format", "csv")
    return list(csv.DictReader(io.StringIO(out)))


def _write(rows: list[dict[str, str]], path: Path) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buffer.getvalue())
    return str(path)


def test_the_tools_own_export_is_confirmed_whole(own_csv: list[dict[str, str]], tmp_path: Path) -> None:
    code, out, _ = run("verify", _write(own_csv, tmp_path / "own.csv"), "--rules", "punto-banco")
    assert code == 0 and "0 REFUTED" in out
    assert "RTP, element of risk, hit frequency, push frequency, variance, standard" in " ".join(out.split())
    assert "Columns holding no figure, not read: rule_set, offered, analyzer_version," in " ".join(out.split())


@pytest.mark.parametrize("column", sorted(COLUMNS))
def test_a_tampered_figure_is_refuted_and_named_once(
    column: str, own_csv: list[dict[str, str]], tmp_path: Path
) -> None:
    rows = [dict(r) for r in own_csv]
    value = rows[0][column]
    third = value.index(".") + 3  # the third decimal place, which every figure shows
    rows[0][column] = value[:third] + str((int(value[third]) + 5) % 10) + value[third + 1 :]
    code, out, _ = run("verify", _write(rows, tmp_path / "tampered.csv"), "--rules", "punto-banco")
    line = next(x for x in out.splitlines() if x.startswith("Refuted rows"))
    assert code == 1, out
    assert line.count(COLUMNS[column]) == 1, line
