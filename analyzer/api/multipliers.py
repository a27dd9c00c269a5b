"""``solve --rtp`` as an object: the multiplier law of wagers with lightning multipliers fitted to target returns.

>>> from analyzer.api import multiplier_law
>>> fit = multiplier_law("examples/prosperity-tree-style.toml", "prosperity-player=98.9%")
>>> fit
<MultiplierFit: prosperity-tree-style: a multiplier law fitted to 1 target return; 1 row of targets>
>>> fit.fit.fits, [(r["wager"], r["within"]) for r in fit.to_records()]
(True, [('prosperity-player', True)])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..game.rules import RuleSet
from ..studies.multiplierfit import LawFit
from .common import rule_set, shoe_for, texts
from .result import Result


@dataclass(frozen=True, slots=True, repr=False)
class MultiplierFit(Result):
    """A multiplier law fitted to target returns (``baccarat solve --rtp``): :meth:`to_records` gives one row per
    target (its RTP at the fit, the residual, whether it holds, its exact return polynomial), ``to_records(...)``
    any other list of the JSON output (``printable_rtps``: the returns under the law to write); :attr:`fit` holds
    the study's exact result (the fitted point, the band where every target holds, the solutions)."""

    fit: LawFit


def multiplier_law(
    rules: str | RuleSet,
    rtp: str | Sequence[str],
    *,
    free: str | Sequence[str] = (),
    within: str | None = None,
    decks: int | None = None,
    remove: str | Iterable[str] = "",
    pays: str | Iterable[str] = (),
    wager_files: str | Sequence[str] = (),
) -> MultiplierFit:
    """The law of the multipliers of the wagers ``rtp`` targets (``"prosperity-player=98.9%"``; a text is one target,
    a list several) that meets their returns, as ``baccarat solve --rtp`` fits it: ``free`` names the multiplier
    values whose probabilities are fitted (``"2"``, or a list; default every value), ``within`` a tolerance in
    points of return (``"0.1%"``; default half a unit of each target's last digit). Other arguments as
    :func:`analyzer.api.analyze`; bad input raises :class:`~analyzer.errors.InputError`, one line naming the
    parameter.
    """
    from ..report.multiplierfit import law_fit_document
    from ..studies.multiplierfit import fit_targets

    chosen = rule_set(rules, pays, wager_files)
    shoe = shoe_for(chosen, decks, remove)
    fit = fit_targets(chosen, shoe, texts(rtp, "rtp"), texts(free, "free"), within)
    return MultiplierFit(report=law_fit_document(chosen, shoe, fit), records="targets", fit=fit)
