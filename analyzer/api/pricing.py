"""Par sheets re-priced without recounting: the counts of a pay table's rows do not depend on its pays.

A wager's outcome counts depend on the shoe, the drawing rules and the rows' conditions only; the pays
enter the figures afterwards, linearly (:mod:`analyzer.exact.parsheet`). So the counts are kept per
(shoe, drawing, the wager with its pays taken out), and a change of pays re-prices every wager from
them: what a workbench does on each keystroke, and what a notebook does in a loop over pay tables.

The cache-key contract: everything the counting reads is in the key. The shoe (its rank counts and, for
a suited shoe, its card types), the drawing rules, and the wager as loaded with every pay, pay note and
published figure removed (:func:`count_key`); the wager's name and title stay in it, which costs a
recount on a rename and nothing else. The figures returned are exactly :func:`analyzer.exact.parsheet.par_sheets`'s
(``tests/test_pricing.py`` holds them equal).

>>> from analyzer.api.common import rule_set, shoe_for
>>> rules = rule_set("punto-banco", ["tie:tie=9:1"])
>>> (tie,) = priced_sheets(rules, shoe_for(rules), ("tie",))
>>> tie.house_edge
Fraction(63053127805, 1301666217579)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from threading import Lock

from ..exact.outcomes import load_kernel, wager_counts
from ..exact.parsheet import ParSheet, sheet_from_counts
from ..game.rules import Drawing, RuleSet
from ..game.shoe import Shoe
from ..game.wager import Wager

CACHED_COUNTS = 512
"""How many (shoe, drawing, wager) counts are kept, least recently used dropped first (a few KB each)."""

_Key = tuple[Shoe, Drawing, Wager]
_cache: OrderedDict[_Key, Mapping[str, int]] = OrderedDict()
_lock = Lock()


def count_key(wager: Wager) -> Wager:
    """``wager`` as its counts see it: the pays, their notes and the published figures taken out."""
    outcomes = tuple(replace(o, pays=None, default=None) for o in wager.outcomes)
    return replace(wager, outcomes=outcomes, published=(), default=None, source="", origin=None)


def _key(shoe: Shoe, drawing: Drawing, wager: Wager) -> _Key:
    return (shoe, drawing, count_key(wager))  # a Shoe's equality reads its card types too


def cached_counts(shoe: Shoe, drawing: Drawing, wagers: tuple[Wager, ...]) -> dict[str, Mapping[str, int]]:
    """Each wager's count per outcome name over ``shoe``: from the cache, the missing ones counted together."""
    keys = {w.name: _key(shoe, drawing, w) for w in wagers}
    found: dict[str, Mapping[str, int]] = {}
    with _lock:
        for name, key in keys.items():
            if key in _cache:
                _cache.move_to_end(key)
                found[name] = _cache[key]
    missing = tuple(w for w in wagers if w.name not in found)
    if missing:
        load_kernel()  # a workbench or notebook counts many shoes: numpy once, then the one-shoe kernel each time
        counted = wager_counts(shoe, drawing, missing)
        with _lock:
            for w in missing:
                found[w.name] = _cache[keys[w.name]] = dict(counted[w.name])
            while len(_cache) > CACHED_COUNTS:
                _cache.popitem(last=False)
    return found


def priced_sheets(rules: RuleSet, shoe: Shoe, wagers: tuple[str, ...] = ()) -> tuple[ParSheet, ...]:
    """:func:`analyzer.exact.parsheet.par_sheets`, its counts kept for the next call (thread-safe)."""
    chosen = tuple(rules.wager(name) for name in wagers) if wagers else rules.wagers
    counts = cached_counts(shoe, rules.drawing, tuple(w for w in chosen if w.lightning is None))
    if any(w.lightning is not None for w in chosen):
        from ..exact.parsheet import par_sheets

        lit = dict(
            zip(
                (w.name for w in chosen if w.lightning is not None),
                par_sheets(rules, shoe, tuple(w.name for w in chosen if w.lightning is not None)),
            )
        )
        return tuple(
            lit[w.name] if w.lightning is not None else sheet_from_counts(w, counts[w.name], shoe.denominator)
            for w in chosen
        )
    return tuple(sheet_from_counts(w, counts[w.name], shoe.denominator) for w in chosen)


def clear() -> None:
    """Forget every kept count (for tests and benchmarks that time a first count)."""
    with _lock:
        _cache.clear()
