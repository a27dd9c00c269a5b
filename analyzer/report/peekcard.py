"""The strategy card of the ``peek`` report: a grid per shape of what is seen, its exceptions, and every pattern
(for machines and the CSV). No arithmetic: the card is the study's, :attr:`~analyzer.studies.peek.WagerPeek.card`."""

from __future__ import annotations

from ..studies.peek import WagerPeek
from ..studies.peekcard import EITHER, CardCell, CardGrid
from ..studies.peekpatterns import SHAPES, Shape
from .model import Column, Prose, Section, Table, Value, count, data, decimal, fraction, integer, text

_SIDE = {0: "", 1: "card", 2: "total"}


def _shape_title(shape: Shape) -> str:
    player, banker = shape
    parts = []
    for n, hand in ((player, "Player"), (banker, "Banker")):
        if n:
            parts.append(f"{n} {hand} card{'s' if n > 1 else ''}")
    k = player + banker
    return f"{k} card{'s' if k > 1 else ''} revealed: {' and '.join(parts)}"


def _mark(cell: CardCell | None, top: int) -> Value:
    if cell is None:
        return text("")
    if cell.best == EITHER:
        return text("=")
    return text(f"x{top}" if cell.play > 1 else "-")


def _grid_table(grid: CardGrid, top: int) -> Table:
    player_n, banker_n = grid.shape
    players, bankers = grid.player_keys, grid.banker_keys
    if player_n and banker_n:
        columns = (
            Column(None, f"Player {_SIDE[player_n]} v Banker {_SIDE[banker_n]}"),
            *(Column(None, str(b), "right") for b in bankers),
        )
        rows = tuple((text(str(p)), *(_mark(grid.cell(p, b), top) for b in bankers)) for p in players)
    else:
        hand, keys = ("Player", players) if player_n else ("Banker", bankers)
        columns = (Column(None, f"{hand} {_SIDE[max(grid.shape)]}"), *(Column(None, str(k), "right") for k in keys))
        cells = [grid.cell(k, None) if player_n else grid.cell(None, k) for k in keys]
        rows = ((text("play"), *(_mark(c, top) for c in cells)),)
    return Table(columns=columns, rows=rows, caption=_shape_title(grid.shape) + ":")


def _exceptions_table(peek: WagerPeek, grids: tuple[CardGrid, ...]) -> Table | Prose:
    labels = peek.classes.labels
    exceptions = [e for g in grids for e in g.exceptions]
    if not exceptions:
        return Prose(("Exceptions, by the cards seen: none; every pattern plays as its cell.",))
    top = peek.choices[-1]
    return Table(
        columns=(
            Column(None, "cards"),
            Column(None, "Player"),
            Column(None, "Banker"),
            Column(None, "play"),
            Column(None, "value", "right"),
            Column(None, "cell plays", "right"),
            Column(None, "cell's value", "right"),
        ),
        rows=tuple(
            (
                integer(e.pattern.cards),
                text(",".join(labels[c] for c in e.pattern.key[0]) or "-"),
                text(",".join(labels[c] for c in e.pattern.key[1]) or "-"),
                text(f"x{top}" if e.play > 1 else "keep"),
                decimal(e.pattern.expected_value, 6, signed=True),
                text(f"x{top}" if e.cell.play > 1 else "keep"),
                decimal(e.cell.expected_value, 6, signed=True),
            )
            for e in exceptions
        ),
        caption="Exceptions, by the cards seen (these play otherwise than their cell says; values per unit bet):",
    )


def card_section(peek: WagerPeek, grids: tuple[CardGrid, ...]) -> Section:
    """The card for people: a grid per shape (:attr:`~analyzer.studies.peek.WagerPeek.card`), then its
    exceptions."""
    top = peek.choices[-1]
    legend = (
        f"x{top}: raise the bet to {top} times the initial bet; -: keep it; =: either (a value of exactly 0). A hand "
        "with one card revealed is read by that card's value, with two by their total (0 is a ten-value card or a "
        "total of 10). Where a hand shows nothing, its row or column is left out."
    )
    blocks: list[Table | Prose] = [Prose((legend,))]
    blocks += [_grid_table(g, top) for g in grids]
    blocks.append(_exceptions_table(peek, grids))
    return Section(title="Strategy card (optimal play, by what is seen)", blocks=tuple(blocks))


def card_data(peek: WagerPeek, grids: tuple[CardGrid, ...]) -> tuple[Table, Table]:
    """The card for machines: its cells and its exceptions."""
    machine_cells = Table(
        columns=tuple(
            Column(k, None)
            for k in ("player_cards", "banker_cards", "player", "banker", "ways", "expected_value", "best", "play")
        ),
        rows=tuple(
            (
                integer(c.shape[0]),
                integer(c.shape[1]),
                integer(c.player),
                integer(c.banker),
                count(c.ways),
                fraction(c.expected_value),
                text(c.best),
                integer(c.play),
            )
            for g in grids
            for c in g.cells
        ),
        key="card",
        human=False,
    )
    labels = peek.classes.labels
    machine_exceptions = Table(
        columns=tuple(
            Column(k, None) for k in ("player_cards", "banker_cards", "player", "banker", "play", "expected_value")
        ),
        rows=tuple(
            (
                integer(e.pattern.shape[0]),
                integer(e.pattern.shape[1]),
                data([labels[c] for c in e.pattern.key[0]], ""),
                data([labels[c] for c in e.pattern.key[1]], ""),
                integer(e.play),
                fraction(e.pattern.expected_value),
            )
            for g in grids
            for e in g.exceptions
        ),
        key="exceptions",
        human=False,
    )
    return machine_cells, machine_exceptions


def patterns_table(peek: WagerPeek) -> Table:
    """Every pattern, for machines and the CSV: what is seen, its dealings, its value, optimal play."""
    labels = peek.classes.labels
    return Table(
        columns=tuple(
            Column(k, None)
            for k in (
                "wager",
                "cards",
                "player_cards",
                "banker_cards",
                "player",
                "banker",
                "ways",
                "expected_value",
                "best",
                "play",
            )
        ),
        rows=tuple(
            (
                text(peek.wager.name),
                integer(p.cards),
                integer(shape[0]),
                integer(shape[1]),
                data([labels[c] for c in p.key[0]], " ".join(labels[c] for c in p.key[0])),
                data([labels[c] for c in p.key[1]], " ".join(labels[c] for c in p.key[1])),
                count(p.ways),
                fraction(p.expected_value),
                text(peek.best(p)),
                integer(peek.play(p)),
            )
            for shape in SHAPES
            for p in peek.patterns.get(shape, ())
        ),
        key="patterns",
        human=False,
        csv=True,
    )
