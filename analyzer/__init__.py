"""Exact mini-baccarat analysis: rule sets as data, a memoized enumerator, par sheets.

The names most programs need are importable from the package itself and are
looked up only when first used, so ``import analyzer`` costs nothing. A notebook
starts with :func:`analyzer.analyze` (see :mod:`analyzer.api`); the lower layers
are there too:

>>> from analyzer import Shoe, load_rules, par_sheets
>>> (banker,) = par_sheets(load_rules("punto-banco"), Shoe.decks(8), ("banker",))
>>> banker.house_edge
Fraction(114753351728, 10847218479825)

The version is written once, here; ``pyproject.toml`` reads it from this file.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_PUBLIC: dict[str, str] = {
    "InputError": "analyzer.errors",
    "RANKS": "analyzer.game.cards",
    "parse_cards": "analyzer.game.cards",
    "Shoe": "analyzer.game.shoe",
    "RuleSet": "analyzer.game.rules",
    "Wager": "analyzer.game.rules",
    "load_rules": "analyzer.exact.reach",
    "parse": "analyzer.game.rulefile",
    "shipped": "analyzer.game.rulefile",
    "FinalState": "analyzer.game.state",
    "settle": "analyzer.game.settle",
    "Distribution": "analyzer.exact.distribution",
    "enumerate_deals": "analyzer.exact.enumerator",
    "count_deals": "analyzer.exact.fastcount",
    "ParSheet": "analyzer.exact.parsheet",
    "par_sheets": "analyzer.exact.parsheet",
    "Bet": "analyzer.play.engine",
    "Seat": "analyzer.play.engine",
    "deal_round": "analyzer.play.engine",
    "analyze": "analyzer.api",
    "eor": "analyzer.api",
    "Analysis": "analyzer.api",
    "Removal": "analyzer.api",
    "count": "analyzer.api",
    "CountStudy": "analyzer.api",
    "verify": "analyzer.api",
    "Verification": "analyzer.api",
    "information": "analyzer.api",
    "sort_search": "analyzer.api",
    "equilibrium": "analyzer.api.equilibrium",
}
"""Public name -> the module that defines it."""

__all__ = [
    "RANKS",
    "Analysis",
    "Bet",
    "CountStudy",
    "Distribution",
    "FinalState",
    "InputError",
    "ParSheet",
    "Removal",
    "RuleSet",
    "Seat",
    "Shoe",
    "Verification",
    "Wager",
    "__version__",
    "analyze",
    "count",
    "count_deals",
    "deal_round",
    "enumerate_deals",
    "eor",
    "equilibrium",
    "information",
    "load_rules",
    "par_sheets",
    "parse",
    "parse_cards",
    "settle",
    "shipped",
    "sort_search",
    "verify",
]
assert set(__all__) == {"__version__", *_PUBLIC}, "every public name is looked up in _PUBLIC"

if TYPE_CHECKING:
    from .api import Analysis, CountStudy, Removal, Verification, analyze, count, eor, information, sort_search, verify
    from .api.equilibrium import equilibrium
    from .errors import InputError
    from .exact.distribution import Distribution
    from .exact.enumerator import enumerate_deals
    from .exact.fastcount import count_deals
    from .exact.parsheet import ParSheet, par_sheets
    from .exact.reach import load_rules
    from .game.cards import RANKS, parse_cards
    from .game.rulefile import parse
    from .game.rules import RuleSet
    from .game.settle import settle
    from .game.shipped import shipped
    from .game.shoe import Shoe
    from .game.state import FinalState
    from .game.wager import Wager
    from .play.engine import Bet, Seat, deal_round


def __getattr__(name: str) -> Any:
    """Import the module behind a public name on first use (PEP 562)."""
    if name not in _PUBLIC:
        raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
    value = getattr(importlib.import_module(_PUBLIC[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
