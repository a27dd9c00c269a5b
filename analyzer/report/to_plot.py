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
from typing import TYPE_CHECKING

from ..errors import InputError, shown
from ..extras import require
from ..numbers import amount_text
from .model import Block, Document, Fields, Section, Table, Value
from .writing import write_file

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path: str, option: str = "--plot", also: tuple[str, ...] = ()) -> None:
    """Refuse, before any dealing, a file name whose format cannot be drawn (nor is one of ``also``), or a missing
    matplotlib."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS + also:
        raise InputError(f"{option} {shown(path)} must end in {', '.join(FORMATS + also)}.")
    if suffix in also:
        return
    require("report", "matplotlib", what=option)


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
        assert cell is not None and isinstance(cell.data, Fraction | int | float)
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
            left.axvline(
                thresholds[wager],
                color=line.get_color(),
                linestyle=":",
                linewidth=1,
                label=f"{wager} bets from {thresholds[wager]:.2f}",
            )
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
    right.hist(
        expected,
        bins=edges,
        color="tab:orange",
        alpha=0.9,
        histtype="step",
        linewidth=1.5,
        label="units expected (exact EVs of the bets)",
    )
    right.axvline(sum(won) / len(won), color="tab:blue", linestyle="--", linewidth=1, label="mean won")
    right.set_xlabel(f"units per shoe ({name})")
    right.set_ylabel("shoes")
    right.set_title(f"Per-shoe results, {len(won):,} shoes")
    right.legend(fontsize=8, loc="upper right")
    figure.suptitle(study.title, fontsize=11)

    _save(figure, path)


def _field(document: Document, key: str) -> object:
    """A machine field's exact data, from the document's first block of fields (None when absent)."""
    for block in document.blocks:
        if isinstance(block, Fields):
            for item in block.fields:
                if item.key == key and isinstance(item.value, Value):
                    return item.value.data
    return None


def render_paths(paths: Document, path: str) -> None:
    """Draw the bankroll paths' quantiles (:func:`analyzer.report.paths.paths_document`): the 5-95% and 25-75% bands,
    the median, the units expected and, with a bankroll, the line where it is lost."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (table,) = [b for b in paths.blocks if isinstance(b, Table) and b.key == "quantiles"]
    rounds = _column(table, "rounds")
    q = {key: _column(table, key) for key in ("q05", "q25", "q50", "q75", "q95")}
    expected = _column(table, "expected")
    figure, ax = plt.subplots(figsize=(9, 4.8), layout="constrained")
    ax.fill_between(rounds, q["q05"], q["q95"], color="tab:blue", alpha=0.15, linewidth=0, label="5% to 95% of paths")
    ax.fill_between(rounds, q["q25"], q["q75"], color="tab:blue", alpha=0.3, linewidth=0, label="25% to 75%")
    ax.plot(rounds, q["q50"], color="tab:blue", linewidth=1.6, label="median")
    ax.plot(rounds, expected, color="tab:orange", linestyle="--", linewidth=1.4, label="units expected (exact)")
    ax.axhline(0, color="black", linewidth=0.7)
    bankroll, ruined, count = _field(paths, "bankroll"), _field(paths, "ruined"), _field(paths, "paths")
    if isinstance(bankroll, Fraction) and isinstance(ruined, int):
        said = (
            f"bankroll of {amount_text(bankroll)} units lost: "
            f"{ruined} of {count} paths reached -{amount_text(bankroll)}"
        )
        exact = _field(paths, "ruin_exact")
        if isinstance(exact, dict):
            said += f" (exact chance: {100 * exact['value']:.2f}%)"
        low, high = min(q["q05"]), max(q["q95"])
        if -float(bankroll) >= low - (high - low) / 2:  # near the paths: drawn; far below them: said
            ax.axhline(-float(bankroll), color="tab:red", linestyle=":", linewidth=1.2, label=said)
        else:
            ax.plot([], [], " ", label=f"{said} (below the plot)")
    wager, shoes = _field(paths, "wager"), _field(paths, "shoes_per_path")
    ax.set_xlabel("rounds played")
    ax.set_ylabel(f"cumulative result, units ({wager})")
    ax.set_title(f"Quantiles of {count} paths of {shoes} consecutive shoes each, by rounds played", fontsize=9)
    ax.legend(fontsize=8, loc="upper left")
    figure.suptitle(paths.title, fontsize=11)
    _save(figure, path)


def _save(figure: Figure, path: str) -> None:
    """Write the figure in the format its file's suffix names (written whole), and close it."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format=Path(path).suffix[1:].lower(), dpi=130)
    finally:
        plt.close(figure)
    write_file(Path(path), buffer.getvalue())
