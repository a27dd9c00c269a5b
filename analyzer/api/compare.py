"""What changed from the starting table: the workbench's Compare tab, as plain data.

Two readings of one comparison. :func:`table_changes` says what was written differently: the wagers added and
removed, and in each wager both have, the rows added and removed, the rows whose pay changed (as a pay table
writes pays, "40:1") and the rows whose conditions changed; the drawing rules and the shoe's decks when they
differ. :func:`figure_changes` says what that does to one wager's figures: the exact change of each (the variation
exhibit's figures, ``baccarat diff``). Nothing here counts: the par sheets are :mod:`.pricing`'s.

>>> from analyzer.api.common import rule_set
>>> then, now = rule_set("punto-banco"), rule_set("punto-banco", ["tie:tie=9:1"])
>>> table_changes(now, then)["wagers"]["tie"]["pays_changed"]
[{'outcome': 'tie', 'from': '8:1', 'to': '9:1'}]
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..exact.parsheet import ParSheet
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.wager import Outcome, Wager
from ..numbers import fraction_text

FIGURES: tuple[str, ...] = ("house_edge", "rtp", "hit_frequency", "element_of_risk")
"""The exact figures Compare shows the change of (the standard deviation and the top award follow)."""


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def _pays(outcome: Outcome) -> str | None:
    return None if outcome.pays is None else format_pays(outcome.pays)


def _condition_of(outcome: Outcome) -> Outcome:
    """The row as its counts see it: its pay and its notes taken out."""
    return replace(outcome, pays=None, default=None)


def _wager_changes(now: Wager, then: Wager) -> dict[str, Any]:
    """Rows added, removed, re-priced or re-worded in one wager (rows are matched by name)."""
    rows_now = {o.name: o for o in now.outcomes}
    rows_then = {o.name: o for o in then.outcomes}
    both = [name for name in rows_now if name in rows_then]
    return {
        "added_rows": [{"outcome": o.name, "pays": _pays(o)} for o in now.outcomes if o.name not in rows_then],
        "removed_rows": [{"outcome": o.name, "pays": _pays(o)} for o in then.outcomes if o.name not in rows_now],
        "pays_changed": [
            {"outcome": name, "from": _pays(rows_then[name]), "to": _pays(rows_now[name])}
            for name in both
            if rows_now[name].pays != rows_then[name].pays
        ],
        "conditions_changed": [
            name for name in both if _condition_of(rows_now[name]) != _condition_of(rows_then[name])
        ],
        "order_changed": [o.name for o in now.outcomes if o.name in rows_then]
        != [o.name for o in then.outcomes if o.name in rows_now],
    }


def table_changes(now: RuleSet, then: RuleSet) -> dict[str, Any]:
    """What ``now`` writes differently from ``then`` (the starting table): wagers added and removed (with their
    titles), each common wager's row changes (only the wagers with some), whether the drawing rules or the decks
    differ, and ``changed``: whether anything a figure depends on differs at all."""
    names_then = {w.name for w in then.wagers}
    names_now = {w.name for w in now.wagers}
    added = [{"wager": w.name, "title": w.title} for w in now.wagers if w.name not in names_then]
    removed = [{"wager": w.name, "title": w.title} for w in then.wagers if w.name not in names_now]
    wagers = {}
    for wager in now.wagers:
        if wager.name not in names_then:
            continue
        found = _wager_changes(wager, then.wager(wager.name))
        if any(found.values()):
            wagers[wager.name] = found
    drawing = now.drawing != then.drawing
    decks = None if now.decks == then.decks else {"from": then.decks, "to": now.decks}
    return {
        "start": {"rule_set": then.name, "title": then.title},
        "added_wagers": added,
        "removed_wagers": removed,
        "wagers": wagers,
        "drawing_changed": drawing,
        "decks_changed": decks,
        "changed": bool(added or removed or wagers or drawing or decks or now.dealing != then.dealing),
    }


def top_award(sheet: ParSheet) -> dict[str, Any] | None:
    """The wager's top award as the page shows it: the outcome, its pay, its exact probability and "1 in N"."""
    from ..studies.diff import top_award as top

    found = top(sheet)
    if found is None:
        return None
    return {
        "outcome": found.outcome,
        "pays": format_pays(found.pays),
        "probability": _exact(found.probability),
        "one_in": _exact(found.one_in),
    }


def figure_changes(now: ParSheet, then: ParSheet) -> dict[str, Any]:
    """The variation of one wager from its starting table: the exact change (now minus then) of each figure."""
    changes: dict[str, Any] = {}
    for name in FIGURES:
        a, b = getattr(then, name), getattr(now, name)
        changes[name] = (
            None if a is None or b is None else {"from": _exact(a), "to": _exact(b), "change": _exact(b - a)}
        )
    sd_a, sd_b = then.standard_deviation, now.standard_deviation
    changes["standard_deviation"] = (
        None if sd_a is None or sd_b is None else {"from": sd_a, "to": sd_b, "change": sd_b - sd_a}
    )
    changes["top_award"] = {"from": top_award(then), "to": top_award(now)}
    return changes
