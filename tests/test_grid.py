"""The terminal's grid (analyzer/report/grid.py) lays tables out exactly as tabulate's "simple" format.

Text output stopped importing tabulate at start-up (issue 16: no importlib.metadata on analyze's
path); these tests hold the replacement equal to tabulate on every table the commands print and on
generated tables, multi-line cells included, so that no output changed by it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from analyzer.report import to_text
from analyzer.report.grid import simple_grid

from .clirun import run


def tabulated(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[str]) -> str:
    return tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True, colalign=tuple(align))


COMMANDS = [
    ["analyze"],  # every documented rule set
    ["analyze", "--rules", "punto-banco", "--exact"],
    ["analyze", "--rules", "mini-louisiana", "--decks", "1", "--remove", "9,9,5"],
    ["compare"],
    ["rules"],
    ["eor", "--rules", "punto-banco"],
    ["solve", "--rules", "punto-banco", "--wager", "tie", "--outcome", "tie", "--edge", "5%"],
    ["analyze", "--rules", "five-treasures"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_every_printed_table_is_laid_out_as_tabulate_lays_it_out(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, ours, err = run(*args)
    assert code == 0, err
    assert "-----" in ours  # the command printed at least one grid
    monkeypatch.setattr(to_text, "simple_grid", tabulated)
    assert run(*args)[1] == ours


def test_a_table_too_wide_for_the_terminal_wraps_its_cells_as_tabulate_does(monkeypatch: pytest.MonkeyPatch) -> None:
    headers = ["outcome", "condition", "pays"]
    rows = [
        ["a long outcome name " * 3, "player has a natural and the banker draws a third card " * 2, "8:1"],
        ["", "short", "push"],
    ]
    widths = []
    for grid in (simple_grid, tabulated):
        monkeypatch.setattr(to_text, "simple_grid", grid)
        widths.append(
            to_text._narrowed(
                headers, rows, 80, lambda cells: to_text.simple_grid(headers, cells, ["left", "left", "right"])
            )
        )
    assert widths[0] == widths[1] and "\n" in widths[0]


_text = st.text(alphabet=st.sampled_from("ab 1:,.-%"), max_size=12)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[list[str]], list[str]]:
    columns = draw(st.integers(1, 4))
    headers = draw(st.lists(_text, min_size=columns, max_size=columns))
    align = draw(st.lists(st.sampled_from(["left", "right"]), min_size=columns, max_size=columns))
    multiline = draw(st.booleans())
    cell = st.lists(_text, min_size=1, max_size=3).map("\n".join) if multiline else _text
    rows = draw(st.lists(st.lists(cell, min_size=columns, max_size=columns), max_size=4))
    if multiline:  # tabulate drops a multi-line table's row whose cells are all blank; the reports print none
        rows = [row for row in rows if any(c.strip() for c in row)]
    return headers, rows, align


@settings(max_examples=300, deadline=None)
@given(tables())
def test_generated_tables_are_laid_out_as_tabulate_lays_them_out(
    table: tuple[list[str], list[list[str]], list[str]],
) -> None:
    headers, rows, align = table
    assert simple_grid(headers, rows, align) == tabulated(headers, rows, align)


def test_a_title_of_two_lines_is_refused() -> None:
    with pytest.raises(ValueError, match="one line"):
        simple_grid(["a\nb"], [], ["left"])
