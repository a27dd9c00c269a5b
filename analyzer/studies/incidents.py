"""Documented exposure incidents in a claims file: each one's worth, and a claimed expected gain checked.

Beside its ``[[claim]]`` tables, a claims file (:mod:`analyzer.studies.verify`) may hold ``[[exposure]]``
tables, each an incident as a surveillance department documents it::

    [[exposure]]
    id = "T12-2024-03-02"                  # optional label
    source = "Surveillance report 24-031"  # optional: where it is documented
    rules = "punto-banco"                  # as a claim names it (shipped, catalogue or a rule file path)
    wagers = ["my-side-bets.toml"]         # optional, as for a claim
    decks = 8                              # optional: the rule set's number by default
    remove = ""                            # optional: cards out of the shoe
    see = "1=value"                        # what was seen of each round (a --see spec)
    bets = ["player", "banker", "tie"]     # optional: the wagers the player could bet (default: those offered)
    rounds = 200                           # rounds exposed
    average_bet = "5000"                   # the average bet made, as a string (read exactly)
    expected_gain = "67,647.47"            # optional: a claimed expected gain, checked
    precision = 2                          # optional: as for a claim

``baccarat verify`` states each incident's worth (:mod:`analyzer.studies.exposure`) after the claims, and
checks a claimed ``expected_gain`` as it checks a claimed figure: CONFIRMED when the exact expected gain is
within half a unit of the last place written (exactly equal for a fraction or a whole number written with
``precision = "exact"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import InputError, shown
from ..exact.reach import load_rules
from ..game.cards import parse_removal
from ..game.rulefile import is_rule_file
from ..game.rules import RuleSet
from ..game.shipped import catalogue, shipped
from ..game.shoe import Shoe
from ..game.sight import parse_sight
from ..game.strict import StrictTable, origin_of, parse_toml
from .exposure import MAX_ROUNDS, ExposureWorth, exposure_worth, parse_amount
from .information import information
from .reading import read_submitted
from .verify import EXACT, MAX_PLACES, Claimed, parse_claimed

INCIDENT_KEYS = (
    "id",
    "source",
    "rules",
    "wagers",
    "decks",
    "remove",
    "see",
    "bets",
    "rounds",
    "average_bet",
    "expected_gain",
    "precision",
)


@dataclass(frozen=True, slots=True)
class IncidentClaim:
    """One ``[[exposure]]`` table, read and resolved (rule set loaded, shoe built, sight parsed)."""

    number: int
    label: str | None
    source: str | None
    rules: RuleSet
    shoe: Shoe
    see: str
    bets: tuple[str, ...]
    rounds: int
    average_bet: Fraction
    claimed: Claimed | None


@dataclass(frozen=True, slots=True)
class IncidentVerdict:
    """An incident's worth, and whether its claimed expected gain holds (``None``: none claimed)."""

    claim: IncidentClaim
    worth: ExposureWorth
    confirmed: bool | None


def load_incidents(path: str) -> tuple[IncidentClaim, ...]:
    """The ``[[exposure]]`` tables of a claims file (none: an empty tuple), each checked before any is computed."""
    if Path(path).suffix.lower() != ".toml":
        return ()
    text = read_submitted(path, "claims file").text()
    data = parse_toml(text, origin_of(path))
    rows = data.get("exposure")
    if rows is None:
        return ()
    where = origin_of(path)
    if not isinstance(rows, list) or not rows or not all(isinstance(row, dict) for row in rows):
        raise InputError(f"{where}: exposure: must be one or more [[exposure]] tables.")
    folder = Path(path).parent
    return tuple(_read(StrictTable(row, f"exposure {i}", where), i, folder) for i, row in enumerate(rows, start=1))


def _read(table: StrictTable, number: int, folder: Path) -> IncidentClaim:
    def wrap(key: str, action: Any) -> Any:
        try:
            return action()
        except InputError as e:
            raise table.error(key, str(e)) from None

    def located(name: str) -> str:
        beside = str(folder / name)
        return beside if name not in shipped() and name not in catalogue() and is_rule_file(beside) else name

    where = located(table.string("rules"))
    added = table.typed("wagers", (str, list), "a wagers file or a list of them", False) or []
    added = [added] if isinstance(added, str) else added
    if not all(isinstance(a, str) for a in added):
        raise table.error("wagers", "must be a wagers file or a list of them.")
    files = tuple(located(a) for a in added)
    rules = wrap("wagers" if files else "rules", lambda: load_rules(where, files))
    given = table.integer("decks", required=False)
    full = wrap("decks", lambda: Shoe.decks(rules.decks if given is None else given))
    remove = table.string("remove", required=False) or ""
    shoe = wrap("remove", lambda: full.remove(parse_removal(remove)))
    see = table.string("see")
    wrap("see", lambda: parse_sight(see))
    bets = table.typed("bets", list, "a list of wager names", False) or []
    if not all(isinstance(b, str) for b in bets):
        raise table.error("bets", "must be a list of wager names.")
    for bet in bets:
        wrap("bets", lambda bet=bet: rules.wager(bet))
    rounds = table.integer("rounds")
    average = table.typed("average_bet", (str, int), 'an amount, e.g. "5000"', True)
    bet_size = wrap("average_bet", lambda: parse_amount(str(average)))
    raw = table.data.get("expected_gain")
    if isinstance(raw, float):
        raise table.error("expected_gain", f'is the TOML float {shown(raw)}; write it as a string, e.g. "{raw}".')
    value = table.typed("expected_gain", (str, int), "an amount", False)
    precision = table.typed("precision", (int, str), f'a number of decimal places or "{EXACT}"', False)
    if (isinstance(precision, str) and precision != EXACT) or (
        isinstance(precision, int) and not 0 <= precision <= MAX_PLACES
    ):
        raise table.error("precision", f'is {shown(precision)}; it must be a number of places or "{EXACT}".')
    if precision is not None and value is None:
        raise table.error("precision", "is for a claimed expected_gain; there is none.")
    claimed = None if value is None else wrap("expected_gain", lambda: parse_claimed(value, precision))
    if claimed is not None and claimed.percent:
        raise table.error("expected_gain", f"is {shown(value)}; it is an amount of money, not a percentage.")
    label, source = table.string("id", required=False), table.string("source", required=False)
    table.finish(INCIDENT_KEYS)
    return IncidentClaim(
        number=number,
        label=label,
        source=source,
        rules=rules,
        shoe=shoe,
        see=see,
        bets=tuple(bets),
        rounds=wrap("rounds", lambda: _rounds(rounds)),
        average_bet=bet_size,
        claimed=claimed,
    )


def _rounds(rounds: int) -> int:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InputError(f"{rounds:,} is not a number of rounds from 1 to {MAX_ROUNDS:,}.")
    return rounds


def check_incidents(claims: tuple[IncidentClaim, ...]) -> tuple[IncidentVerdict, ...]:
    """Each incident's worth, and its claimed expected gain checked."""
    out = []
    for claim in claims:
        seen = information(claim.rules, claim.shoe, parse_sight(claim.see), claim.bets)
        worth = exposure_worth(seen, claim.rounds, claim.average_bet)
        confirmed = None
        if claim.claimed is not None:
            confirmed = abs(worth.expected - claim.claimed.value) <= claim.claimed.half_unit
        out.append(IncidentVerdict(claim, worth, confirmed))
    return tuple(out)
