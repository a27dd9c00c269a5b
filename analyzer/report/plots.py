"""Drawing a :class:`~.model.Figure` with matplotlib, as SVG.

matplotlib is imported by the functions here, never when the package or the
command line starts: only the renderers that draw (HTML, PDF) call them.

The SVG is byte-stable for a given matplotlib version: no date or creator in
its metadata, a fixed hash salt for the ids it makes, and every id prefixed
with the figure's own name so that several plots inline in one page never
share an id. The exact values become floats here, and only here: a plot is
a picture of the exact figures, which the figure's data table carries.
"""

from __future__ import annotations

import io
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..extras import require
from .model import Figure, Value

WIDTH, HEIGHT = 6.4, 3.0
"""Inches; the HTML scales the SVG to the column's width, the PDF to the page's."""
COLOURS = ("#2f5d8a", "#c0504d", "#4f8a3c", "#8064a2", "#d08a2e", "#3c8d93", "#7f7f7f", "#b5486e", "#5a5a2e")
STYLE: dict[str, Any] = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "svg.hashsalt": "baccarat-analyzer",
}


def number(value: Value | None) -> float | None:
    """A value as a plotted number (a percentage in percent); None for a missing one."""
    if value is None or value.data is None or not isinstance(value.data, Fraction | int | float):
        return None
    x = float(value.data)
    return x * 100 if value.kind == "percent" else x


def _label(value: Value | None) -> str:
    from .values import human

    return "" if value is None else human(value)


def svg(figure: Figure, name: str | None) -> str:
    """The figure as an SVG document, its text as text in DejaVu Sans; ``name`` prefixes its ids (None: left as
    they are, for an SVG that stands alone). A figure is drawn once however many renderers ask for it."""
    try:
        drawn = _drawn(figure)
    except TypeError:  # a figure holding unhashable data: drawn afresh
        drawn = _drawn.__wrapped__(figure)
    return _prefixed(drawn, name)


@lru_cache(maxsize=64)
def _drawn(figure: Figure) -> str:
    require("report", "matplotlib", what="Drawing a plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    style: Any = {**STYLE, "svg.fonttype": "none"}
    with matplotlib.rc_context(style):
        fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT), layout="constrained")
        try:
            _draw(figure, ax)
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        finally:
            plt.close(fig)
    return buffer.getvalue()


def _draw(figure: Figure, ax: Any) -> None:
    table = figure.data
    series = [(i, column.title or column.key or "") for i, column in enumerate(table.columns) if i > 0]
    if figure.kind == "bars":
        labels = [_label(row[0]) for row in table.rows]
        width = 0.8 / len(series)
        for k, (i, title) in enumerate(series):
            heights = [number(row[i]) or 0.0 for row in table.rows]
            positions = [x - 0.4 + width * (k + 0.5) for x in range(len(labels))]
            ax.bar(positions, heights, width, label=title, color=COLOURS[k % len(COLOURS)])
        ax.set_xticks(range(len(labels)), labels)
        ax.axhline(0, color="#333333", linewidth=0.8)
    else:
        for k, (i, title) in enumerate(series):
            points = [(number(row[0]), number(row[i])) for row in table.rows]
            xs = [x for x, y in points if x is not None and y is not None]
            ys = [y for x, y in points if x is not None and y is not None]
            colour = COLOURS[k % len(COLOURS)]
            if figure.kind == "lines":
                ax.plot(xs, ys, marker="o", markersize=3.5, linewidth=1.4, label=title, color=colour)
            else:
                ax.vlines(xs, 0, ys, color=colour, linewidth=2.2, label=title)
                ax.plot(xs, ys, "o", markersize=4, color=colour)
        if figure.kind == "lines":
            ax.set_xticks(sorted({x for row in table.rows if (x := number(row[0])) is not None}))
    for reference in figure.references:
        y = number(reference.value)
        if y is not None:
            ax.axhline(
                y,
                color="#555555",
                linestyle=(0, (4, 3)),
                linewidth=1.0,
                label=f"{reference.label}: {_label(reference.value)}",
            )
    if figure.log_y:
        ax.set_yscale("log")
    if figure.y_percent:
        from matplotlib.ticker import FuncFormatter

        ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}%"))
    ax.set_xlabel(figure.x_label)
    ax.set_ylabel(figure.y_label)
    if len(series) > 1 or figure.references:
        ax.legend(fontsize=8, frameon=False)


_ID = re.compile(r'id="([^"]+)"')


def _prefixed(text: str, name: str | None) -> str:
    """Every id of the SVG, and every reference to one, prefixed with ``name``; no XML prolog (it goes inline)."""
    text = re.sub(r"^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>\s*)?", "", text)
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.DOTALL)
    ids = set(_ID.findall(text))
    if not ids or name is None:
        return text
    pattern = re.compile(
        r'(id="|url\(#|href="#)(' + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)) + r")\b"
    )
    return pattern.sub(lambda m: f"{m.group(1)}{name}_{m.group(2)}", text)
