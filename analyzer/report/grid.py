"""The terminal's table: columns of text under a rule, laid out as tabulate's "simple" format.

Text output is what ``baccarat analyze`` prints, so this is on every command's
start-up path. tabulate (which renders the Markdown pipe tables) looks its own
version up through ``importlib.metadata`` when it is imported, which scans the
installed distributions and costs more than the rest of the par sheet's
imports together; the terminal grid therefore lays itself out here, and
``tests/test_grid.py`` holds it equal to tabulate's "simple" output
(``disable_numparse=True``, ``colalign``) on every table the reports print
and on generated ones.

>>> print(simple_grid(["outcome", "pays"], [["Player wins", "1:1"], ["tie", "push"]], ["left", "right"]))
outcome        pays
-----------  ------
Player wins     1:1
tie            push
"""

from __future__ import annotations

from collections.abc import Sequence

HEADER_PADDING = 2
"""A column is at least as wide as its title plus this (tabulate's ``MIN_PADDING``)."""
SEPARATOR = "  "
"""Between two columns."""


def simple_grid(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[str]) -> str:
    """The rows under their one-line ``headers``, each column aligned "left" or "right" as ``align`` says.

    Each cell is stripped of surrounding blanks; a cell may hold several lines
    (the row is then as tall as its tallest cell, shorter cells padded below).
    A column is as wide as its widest line, and at least its title and
    :data:`HEADER_PADDING`; titles align as their columns do (left in a table
    without rows, as tabulate has them); a rule of dashes
    as wide as each column separates titles and rows. No line ends in a blank.
    """
    if any("\n" in h for h in headers):
        raise ValueError("A column title is one line.")
    if len(align) != len(headers) or any(len(row) != len(headers) for row in rows):
        raise ValueError("Every row, and the alignments, need one entry per column title.")
    if any(a not in ("left", "right") for a in align):
        raise ValueError("A column aligns left or right.")
    cells = [[cell.strip().splitlines() or [""] for cell in row] for row in rows]
    widths = [
        max([len(title) + HEADER_PADDING, *(len(line) for row in cells for line in row[k])])
        for k, title in enumerate(headers)
    ]

    def line(texts: Sequence[str]) -> str:
        return SEPARATOR.join(
            text.ljust(width) if how == "left" else text.rjust(width) for text, width, how in zip(texts, widths, align)
        ).rstrip()

    titles = line(headers) if rows else SEPARATOR.join(t.ljust(w) for t, w in zip(headers, widths)).rstrip()
    out = [titles, SEPARATOR.join("-" * width for width in widths)]
    for row in cells:
        height = max(len(cell) for cell in row)
        out.extend(line([cell[i] if i < len(cell) else "" for cell in row]) for i in range(height))
    return "\n".join(out)
