"""A ``[wagers.NAME]`` table to a :class:`~analyzer.game.wager.Wager`: its pay table, its money, its published
figures, and the standard wagers a rule set names without writing them out (``wagers.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..errors import InputError, shown
from .money import jackpot_share
from .moneyfile import net_outcomes, read_lightning, read_money
from .rowfile import read_outcomes
from .schema import keys
from .shoe import MAX_DECKS
from .standard import Standard
from .strict import StrictTable
from .wager import SIDES, UNREACHABLE, Published, Wager

_WAGER_KEYS = keys("wager")
_PUBLISHED_KEYS = keys("published")


def _read_published(table: StrictTable, wager_source: str) -> tuple[Published, ...]:
    rows = table.array("published", required=False) or []
    published = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise table.error(
                f"published[{i}]",
                'must be an inline table such as { figure = "house_edge", value = "21.79%", decks = 8 }.',
            )
        entry = StrictTable(row, f"{table.where}.published[{i}]", table.origin)
        decks = entry.integer("decks")
        if not 1 <= decks <= MAX_DECKS:
            raise entry.error("decks", f"is {shown(decks)}; it must be from 1 to {MAX_DECKS:,}.")
        published.append(
            Published(
                figure=entry.string("figure"),
                value=entry.string("value"),
                decks=decks,
                outcome=entry.string("outcome", required=False),
                source=entry.string("source", required=False) or wager_source,
                note=entry.string("note", required=False),
            )
        )
        entry.finish(_PUBLISHED_KEYS)
    return tuple(published)


def _unreachable(table: StrictTable) -> str:
    value = table.string("unreachable", required=False) or "refuse"
    if value not in UNREACHABLE:
        raise table.error("unreachable", f"is {shown(value)}; it must be refuse (the default) or allow.")
    return str(value)


def read_wager(name: str, table: StrictTable, standard: Standard | None) -> Wager:
    title = table.string("title", required=standard is None)
    side = table.string("side", required=False)
    if standard is not None:
        if side is not None and side != standard.side:
            raise table.error("side", f"is {shown(side)}; the standard wager {name} follows the {standard.side} hand.")
        title = title or standard.title
        side = standard.side
    elif side is not None and side not in SIDES:
        raise table.error(
            "side",
            f"is {shown(side)}; it must be one of {', '.join(SIDES)}, or left out for a wager that names its hands.",
        )
    requires = table.array("requires", required=False) or []
    if not all(isinstance(r, str) for r in requires):
        raise table.error("requires", "must be an array of wager names.")
    requires_source = table.string("requires_source", required=bool(requires))
    source = table.string("source")
    money = read_money(table)
    lightning = read_lightning(table)
    raw = table.data.get("outcomes")
    shared = (
        [(str(r.get("name")), jackpot_share(r.get("pays"))) for r in raw if isinstance(r, dict)]
        if isinstance(raw, list)
        else []
    )
    jackpot_rows = tuple(name for name, share in shared if share is not None)
    shares = tuple(share for _, share in shared if share is not None)
    jackpot = None if money is None else money.jackpot
    if jackpot_rows and jackpot is None:
        raise table.error(
            "outcomes",
            f'row {shown(jackpot_rows[0])} pays "jackpot", but the wager states no '
            "jackpot; add jackpot = { meter = ..., stake = ... }.",
        )
    if jackpot is not None and not jackpot_rows:
        raise table.error("jackpot", 'is given, but no row pays "jackpot"; write pays = "jackpot" on its row.')
    try:
        if money is not None and jackpot is not None:
            jackpot = replace(jackpot, rows=jackpot_rows, shares=() if all(s == 1 for s in shares) else shares)
            money = replace(money, jackpot=jackpot)
        outcomes = read_outcomes(table, jackpot)
        if money is not None and lightning is None:
            # with multipliers the fee and cap apply after them (analyzer.exact.lightning)
            outcomes = net_outcomes(outcomes, money)
        wager = Wager(
            name=name,
            title=title,
            side=side,
            outcomes=outcomes,
            money=money,
            lightning=lightning,
            offered=True,
            source=source,
            default=table.string("default", required=False),
            requires=tuple(requires),
            requires_source=requires_source,
            published=_read_published(table, source),
            unreachable=_unreachable(table),
        )
    except InputError as e:
        if str(e).startswith(table.origin):
            raise
        raise table.located(e) from None
    table.finish(_WAGER_KEYS)
    return wager


def wager_from_standard(name: str, standard: Standard) -> Wager:
    return Wager(
        name=name,
        title=standard.title,
        side=standard.side,
        outcomes=standard.outcomes,
        offered=False,
        source=standard.source,
        default=standard.default,
    )


def wager_tables(wagers_table: StrictTable, standard: Mapping[str, Standard]) -> dict[str, Wager]:
    """The wagers a [wagers] table defines, in the order written."""
    defined: dict[str, Wager] = {}
    for wager_name in wagers_table.data:
        entry = wagers_table.table(wager_name)
        assert entry is not None
        defined[wager_name] = read_wager(wager_name, entry, standard.get(wager_name))
    return defined
