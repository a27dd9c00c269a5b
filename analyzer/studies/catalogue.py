"""The side-bet catalogue checked against what its sources printed.

Each wager of a catalogue file (``analyzer/game/rulesets/side-bets/``) lists
the figures its publisher printed (``published``); :func:`check` turns them
into claims and verifies them as ``baccarat verify`` does (an exact count
must be equal; a rounded figure must lie within half a unit of its last
printed place), and :func:`entries` gathers, per wager, its 8-deck par sheet
and those verdicts: what the README's table and ``results/side-bets.md``
show. A published figure that disagrees is kept and reported as REFUTED,
with the exact value beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..exact.parsheet import ParSheet, par_sheets
from ..exact.reach import load_rules
from ..game.rulefile import wagers_in
from ..game.rules import RuleSet
from ..game.shipped import catalogue
from ..game.shoe import Shoe
from ..game.wager import Published, Wager
from .claimfigures import OUTCOME_FIGURES
from .verify import Claim, Claims, Verdict, parse_claimed, verify

CATALOGUE_DECKS = 8


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalogue wager: its rule set, its par sheet at 8 decks, and the verdict on each published figure."""

    rules: RuleSet
    wager: Wager
    sheet: ParSheet
    verdicts: tuple[tuple[Published, Verdict], ...]

    @property
    def agrees(self) -> bool:
        return all(v.confirmed for _, v in self.verdicts)


def _claim(number: int, rules: RuleSet, wager: Wager, published: Published) -> Claim:
    return Claim(
        number=number,
        label=f"{rules.name}/{wager.name}",
        source=published.source,
        rules=rules,
        shoe=Shoe.decks(published.decks),
        wager=wager.name,
        figure=published.figure,
        outcome=published.outcome if published.figure in OUTCOME_FIGURES else None,
        claimed=parse_claimed(published.value, None),
    )


def check(rules: RuleSet, wager: Wager) -> tuple[tuple[Published, Verdict], ...]:
    """Every published figure of ``wager`` with its verdict."""
    claims = tuple(_claim(i, rules, wager, p) for i, p in enumerate(wager.published, start=1))
    verdicts = verify(Claims(path=rules.source_path, title=None, claims=claims))
    return tuple(zip(wager.published, verdicts))


def catalogue_wagers(rules: RuleSet) -> tuple[Wager, ...]:
    """The side bets a catalogue file defines itself (not what it extends, nor a standard wager it changes), in file
    order."""
    defined, _ = wagers_in(
        rules.source_path.removesuffix(".toml")
        if rules.source_path.removesuffix(".toml") in catalogue()
        else rules.source_path
    )
    return tuple(rules.wager(w.name) for w in defined)


def entries(names: tuple[str, ...] = ()) -> tuple[Entry, ...]:
    """Every catalogue wager (of the named files; all by default), with its par sheet and its verdicts."""
    out = []
    for name in names or catalogue():
        rules = load_rules(name)
        wagers = catalogue_wagers(rules)
        sheets = par_sheets(rules, Shoe.decks(CATALOGUE_DECKS), tuple(w.name for w in wagers))
        for wager, sheet in zip(wagers, sheets):
            out.append(Entry(rules=rules, wager=wager, sheet=sheet, verdicts=check(rules, wager)))
    return tuple(out)
