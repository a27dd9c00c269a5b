"""Pay-table rows in TOML: a row of the shipped keys read here, any other by :mod:`analyzer.game.conditionfile`.

The shipped rule files' rows test one side's hand with a few keys (``result``,
``natural``, ``margin``, ``min_margin``, ``total``, ``cards``, ``pair``);
reading them here keeps loading those files as cheap as it was. Every other
row (the condition language of the side-bet catalogue) is read by
:func:`analyzer.game.conditionfile.read_outcome`, imported when first needed.
Both read strictly: an unknown key or a bad value is one sentence naming
the file, the key and what is allowed.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import InputError, shown
from .money import Jackpot, jackpot_share
from .strict import StrictTable
from .wager import LEGACY_KEYS, RESULTS, Outcome

SHIPPED_KEYS = frozenset({"name", "pays", "default", *LEGACY_KEYS})
"""The keys of a row of the shipped rule files; a row with any other key is read by the condition language."""


def _shipped_row(table: StrictTable) -> Outcome | None:
    """The row if it uses only the shipped keys in their shipped forms, else ``None`` (read by the condition
    language)."""
    if not set(table.data) <= SHIPPED_KEYS or isinstance(table.data.get("total"), str):
        return None
    name = table.string("name")
    pays = table.pays()
    result = table.string("result", required=False)
    if result is not None and result not in RESULTS:
        raise table.error("result", f"is {shown(result)}; it must be one of {', '.join(RESULTS)}.")
    total = table.typed("total", (int, list), "a total 0-9 or an array of totals", False)
    if isinstance(total, int):
        total = [total]
    if total is not None and not all(isinstance(t, int) and not isinstance(t, bool) for t in total):
        raise table.error("total", "must be a total 0-9 or an array of totals.")
    try:
        outcome = Outcome(
            name=name,
            pays=pays,
            result=result,
            natural=table.boolean("natural", required=False),
            margin=table.integer("margin", required=False),
            min_margin=table.integer("min_margin", required=False),
            total=None if total is None else frozenset(total),
            cards=table.integer("cards", required=False),
            pair=table.boolean("pair", required=False),
            default=table.string("default", required=False),
        )
    except InputError as e:
        raise table.located(e) from None
    table.finish(tuple(sorted(SHIPPED_KEYS)))
    return outcome


def read_outcome(table: StrictTable) -> Outcome:
    """One pay-table row."""
    shipped = _shipped_row(table)
    if shipped is not None:
        return shipped
    from .conditionfile import read_outcome as read_condition

    return read_condition(table)


def read_outcomes(table: StrictTable, jackpot: Jackpot | None = None) -> tuple[Outcome, ...]:
    """The ``outcomes`` array of a wager table; a row with ``pays = "jackpot"`` (or ``"10% of jackpot"``) pays its
    share of the meter over the stake (less the stake on the "for one" basis) when the wager has a jackpot."""
    rows = table.array("outcomes")
    assert rows is not None
    outcomes = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise table.error(
                f"outcomes[{i}]", 'must be an inline table such as { name = "win", result = "win", pays = "1:1" }.'
            )
        share = None if jackpot is None else jackpot_share(row.get("pays"))
        outcome = read_outcome(
            StrictTable(
                {**row, "pays": "push"} if share is not None else row, f"{table.where}.outcomes[{i}]", table.origin
            )
        )
        if jackpot is not None and share is not None:
            outcome = replace(outcome, pays=jackpot.pays(share))
        written = row.get("pays")
        outcomes.append(replace(outcome, written=written) if isinstance(written, str) else outcome)
    return tuple(outcomes)
