"""The library a notebook or a program calls: the same computations as the command line, as objects.

Each entry point takes what the matching command takes (a rule set's name or file, decks, cards
removed, pay changes, wagers) and returns a frozen result object with:

* ``to_records()``: plain dicts whose figures are exact :class:`~fractions.Fraction` objects;
* ``to_frame()``: the same records as a pandas DataFrame (pandas is the ``notebook`` extra);
* ``_repr_html_()``: a table, so that Jupyter shows the result as one;
* ``document()``: the report model's :class:`~analyzer.report.model.Document`, which
  ``render(fmt)`` writes in any of the command line's formats (``render("json")`` is exactly
  what ``--format json`` prints, but for the command line in its provenance).

>>> import analyzer
>>> result = analyzer.analyze("punto-banco", wagers=["tie"], pays=["tie:tie=9:1"])
>>> result.sheet("tie").house_edge
Fraction(63053127805, 1301666217579)
>>> [(r["wager"], r["house_edge"]) for r in result.summary()]
[('tie', Fraction(63053127805, 1301666217579))]
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_PUBLIC: dict[str, str] = {
    "Analysis": "analysis",
    "analyze": "analysis",
    "Removal": "removal",
    "eor": "removal",
    "rule_set": "common",
    "shoe_for": "common",
    "with_pays": "common",
    "count_designs": "studies",
    "co_count_designs": "studies",
    "count": "counting",
    "CountStudy": "counting",
    "verify": "counting",
    "Verification": "counting",
    "Result": "result",
    "depth_study": "studies",
    "peek": "reveal",
    "Peek": "reveal",
    "reveal_laws": "reveal",
    "RevealLawSolution": "reveal",
    "information": "seeing",
    "InformationResult": "seeing",
    "sort_search": "seeing",
    "SortSearchResult": "seeing",
    "ExposureResult": "seeing",
    "multiplier_law": "multipliers",
    "MultiplierFit": "multipliers",
}
"""Public name -> its module here; each is imported on first use, so the command line's start-up stays light."""

__all__ = sorted(_PUBLIC)

if TYPE_CHECKING:
    from .analysis import Analysis as Analysis
    from .analysis import analyze as analyze
    from .common import rule_set as rule_set
    from .common import shoe_for as shoe_for
    from .common import with_pays as with_pays
    from .counting import CountStudy as CountStudy
    from .counting import Verification as Verification
    from .counting import count as count
    from .counting import verify as verify
    from .multipliers import MultiplierFit as MultiplierFit
    from .multipliers import multiplier_law as multiplier_law
    from .removal import Removal as Removal
    from .removal import eor as eor
    from .result import Result as Result
    from .reveal import Peek as Peek
    from .reveal import RevealLawSolution as RevealLawSolution
    from .reveal import peek as peek
    from .reveal import reveal_laws as reveal_laws
    from .seeing import ExposureResult as ExposureResult
    from .seeing import InformationResult as InformationResult
    from .seeing import SortSearchResult as SortSearchResult
    from .seeing import information as information
    from .seeing import sort_search as sort_search
    from .studies import co_count_designs as co_count_designs
    from .studies import count_designs as count_designs
    from .studies import depth_study as depth_study


def __getattr__(name: str) -> Any:
    """Import the module behind a public name on first use (PEP 562)."""
    if name not in _PUBLIC:
        raise AttributeError(f"module 'analyzer.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_PUBLIC[name]}"), name)
    globals()[name] = value
    return value
