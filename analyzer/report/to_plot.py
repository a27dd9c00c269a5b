"""The plot renderer: a counting study's documents drawn as a figure (PNG, SVG or PDF, by the file's name).

It reads only the documents (:mod:`.model`): each wager's table by count
(the average exact expected value against the true count; for wagers
without a count, such as the Pair bets, how often the expected value is
positive by depth) and the per-shoe
table (the distribution of units won per shoe, with the units expected).
Exact values become floats here, where they are drawn. matplotlib is
imported only when a figure is drawn (``count --plot``); the file is written
whole (:func:`analyzer.report.writing.write_file`).
"""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

from ..errors import InputError, shown
from .model import Block, Document, Fields, Section, Table, Value
from .writing import write_file

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path: str) -> None:
    """Refuse, before any dealing, a file name whose format cannot be drawn, or a missing matplotlib."""
    if Path(path).suffix.lower() not in FORMATS:
        raise InputError(f"--plot {shown(path)} must end in {', '.join(FORMATS)}.")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib, which is missing here: reinstall the package (pip install .).") from None


def _tables(blocks: tuple[Block, ...], key: str) -> list[tuple[str, Table]]:
    """(wager, table) for each wager section's table under ``key``."""
    found = []
    for block in blocks:
        if isinstance(block, Section) and block.key == "wagers":
            for inner in block.blocks:
                if isinstance(inner, Table) and inner.key == key:
                    found.append((block.title, inner))
    return found


def _thresholds(blocks: tuple[Block, ...]) -> dict[str, float]:
    """Each counted wager's true-count threshold, from its section's machine fields."""
    found = {}
    for block in blocks:
        if isinstance(block, Section) and block.key == "wagers":
            for inner in block.blocks:
                if isinstance(inner, Fields):
                    for item in inner.fields:
                        counter = item.value.data if item.key == "counter" and isinstance(item.value, Value) else None
                        if isinstance(counter, dict) and counter.get("threshold_on") == "true":
                            found[block.title] = float(Fraction(str(counter["threshold"])))
    return found


def _column(table: Table, key: str) -> list[float]:
    index = [c.key for c in table.columns].index(key)
    values = []
    for row in table.rows:
        cell = row[index]
        assert cell is not None and isinstance(cell.data, Fraction | int)
        values.append(float(cell.data))
    return values


def render_plot(study: Document, shoes: Document, path: str) -> None:
    """Draw the study: expected value against the count (or depth) per wager, and the per-shoe distribution."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.4), layout="constrained")
    curves = _tables(study.blocks, "by_count")
    by_depth = not curves
    thresholds = _thresholds(study.blocks)
    for wager, table in curves or _tables(study.blocks, "by_depth"):
        x = _column(table, "round" if by_depth else "count")
        y = [100 * v for v in _column(table, "positive" if by_depth else "average_expected_value")]
        rounds = _column(table, "rounds")
        (line,) = left.plot(x, y, marker="o", markersize=3, linewidth=1, label=wager)
        left.scatter(x, y, s=[max(4.0, 400 * r / max(rounds)) for r in rounds], alpha=0.25, color=line.get_color())
        if not by_depth and wager in thresholds:
            left.axvline(thresholds[wager], color=line.get_color(), linestyle=":", linewidth=1,
                         label=f"{wager} bets from {thresholds[wager]:.2f}")
    left.axhline(0, color="black", linewidth=0.7)
    if by_depth:  # no count follows these wagers (the Pair bets): how often the bet is positive, by depth
        left.set_xlabel("round of the shoe (first of ten)")
        left.set_ylabel("rounds with exact expected value > 0, %")
        left.set_title("Positive expectation by depth (dot area: rounds)")
    else:
        left.set_xlabel("true count (ends: beyond)")
        left.set_ylabel("average exact expected value, % of the bet")
        left.set_title("Expected value by count (dot area: rounds)")
    left.legend(fontsize=8)

    (table,) = [b for b in shoes.blocks if isinstance(b, Table) and b.key == "shoes"]
    keys = [c.key or "" for c in table.columns]
    name = "total" if "total_won" in keys else keys[2][: -len("_positive")]
    won = _column(table, f"{name}_won")
    expected = _column(table, f"{name}_expected")
    low, high = min(won + expected), max(won + expected)
    width = max(1.0, (high - low) / 60)
    edges = [low - width / 2 + i * width for i in range(int((high - low) / width) + 2)]  # one bin per unit at most
    right.hist(won, bins=edges, color="tab:blue", alpha=0.6, label="units won")
    right.hist(expected, bins=edges, color="tab:orange", alpha=0.9, histtype="step", linewidth=1.5,
               label="units expected (exact EVs of the bets)")
    right.axvline(sum(won) / len(won), color="tab:blue", linestyle="--", linewidth=1, label="mean won")
    right.set_xlabel(f"units per shoe ({name})")
    right.set_ylabel("shoes")
    right.set_title(f"Per-shoe results, {len(won):,} shoes")
    right.legend(fontsize=8, loc="upper right")
    figure.suptitle(study.title, fontsize=11)

    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format=Path(path).suffix[1:].lower(), dpi=130)
    finally:
        plt.close(figure)
    write_file(Path(path), buffer.getvalue())
