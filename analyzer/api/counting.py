"""``count`` and ``verify`` as objects: a counting study and a verification, read as records (what the commands print).

>>> import analyzer
>>> study = analyzer.count("live-pittsburgh", "dragon-bonus-player", shoes=20, seed=1)
>>> (row,) = study.to_records()
>>> row["wager"], row["rounds"], type(row["units_expected"]).__name__
('dragon-bonus-player', 1628, 'Fraction')
>>> verification = analyzer.verify("examples/claims.toml")
>>> verification.confirmed, len(verification.to_records())
(True, 28)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError, named, setting, shown
from ..game.rules import RuleSet
from .result import Result

if TYPE_CHECKING:
    from ..studies.plan import Study
    from ..studies.tally import Tally

ByWager = Mapping[str | None, str]
"""An option's text per wager; ``None`` for every wager not named (``--tags W:TAGS`` and ``--tags TAGS``)."""


def plan(
    rules: RuleSet,
    wagers: Sequence[str],
    *,
    shoes: int = 1000,
    decks: int | None = None,
    burn: str = "standard",
    cut_card: int = 14,
    last_round: str = "one-more",
    play: str | None = None,
    tags: ByWager | None = None,
    thresholds: ByWager | None = None,
    threshold_on: str | None = None,
    spreads: ByWager | None = None,
    seed: int = 0,
    exact_risk: bool = True,
) -> Study:
    """The study ``baccarat count`` deals, with the command line's defaults and checks (its options' texts).

    ``play`` is "perfect" or "count"; ``None`` is perfect play, or play by the count when a spread is given;
    ``exact_risk=False`` deals it without the laws of its results (``--no-exact-risk``).
    """
    from ..studies.counting import wager_plans
    from ..studies.plan import Procedure, Study, parse_spread, parse_tags, parse_threshold

    if not re.fullmatch(r"standard|none|\d{1,4}", burn):
        raise InputError(f"{named('burn')} {shown(burn)} is not standard, none or a whole number of cards.")
    procedure = Procedure(burn=int(burn) if burn.isdigit() else burn, cut_card=cut_card, last_round=last_round)
    counts = {w: parse_tags(t) for w, t in (tags or {}).items()}
    limits = {w: parse_threshold(t) for w, t in (thresholds or {}).items()}
    ramps = {w: parse_spread(t) for w, t in (spreads or {}).items()}
    if ramps and play == "perfect":
        raise InputError(
            f"{named('spreads')} bets by the count: it goes with {setting('play', 'count')}, not "
            f"{setting('play', 'perfect')}."
        )
    chosen = "count" if ramps else play or "perfect"
    if chosen == "perfect" and limits:
        raise InputError(f"{named('thresholds')} applies to {setting('play', 'count')} only.")
    decks = decks if decks is not None else rules.decks
    plans = wager_plans(rules, wagers, decks, chosen, counts, limits, threshold_on, ramps)
    return Study(
        rules=rules,
        wagers=plans,
        shoes=shoes,
        decks=decks,
        play="count" if chosen == "count" else "perfect",
        seed=seed,
        procedure=procedure,
        laws=exact_risk,
    )


@dataclass(frozen=True, slots=True, repr=False)
class CountStudy(Result):
    """A counting study's figures (``baccarat count``): :meth:`to_records` gives one row per wager (its bets,
    units won and expected, per shoe and per 100 rounds, SD, N0, and with a bankroll the risk figures), and
    ``to_records("...")`` any other list of the JSON output; :attr:`tally` holds every count exactly."""

    tally: Tally


def count(
    rules: str | RuleSet,
    wagers: str | Sequence[str],
    *,
    shoes: int = 1000,
    decks: int | None = None,
    burn: str = "standard",
    cut_card: int = 14,
    last_round: str = "one-more",
    play: str | None = None,
    tags: str | ByWager | None = None,
    thresholds: str | ByWager | None = None,
    threshold_on: str | None = None,
    spreads: str | ByWager | None = None,
    pays: str | Sequence[str] = (),
    seed: int = 0,
    workers: int = 1,
    bankroll: int | Fraction | None = None,
    goal: int | Fraction | None = None,
    trip: int | None = None,
    trip_shoes: int | None = None,
    exact_risk: bool = True,
    rounds_per_hour: int = 80,
) -> CountStudy:
    """Deal ``shoes`` shuffled shoes and bet ``wagers`` as ``baccarat count`` does, with the same options and
    defaults: ``tags``, ``thresholds`` and ``spreads`` take the command line's texts, one for every wager or a
    mapping by wager. The figures are exact where the command's are (Fractions), the same for any ``workers``;
    ``to_records("risk")`` gives each column's risk figures (``bankroll``, ``goal``, ``trip`` rounds, ``trip_shoes``
    as the command's options)."""
    from ..play.executor import open_executor
    from ..report.count import count_document
    from ..studies.counting import run
    from ..studies.risk import Asked, Bankroll, study_risk
    from .common import rule_set, texts, with_pays

    names = texts(wagers, "wagers")
    if goal is not None and bankroll is None:
        raise InputError(f"{named('goal')} goes with {named('bankroll')} (the risk of ruin before winning the goal).")
    money = (
        None
        if bankroll is None
        else Bankroll(Fraction(bankroll), None if goal is None else Fraction(goal), rounds_per_hour)
    )
    asked = Asked(money, trip, trip_shoes, rounds_per_hour)
    study = plan(
        with_pays(rule_set(rules), pays),
        names,
        shoes=shoes,
        decks=decks,
        burn=burn,
        cut_card=cut_card,
        last_round=last_round,
        play=play,
        tags=_by_wager("tags", tags, names),
        thresholds=_by_wager("thresholds", thresholds, names),
        threshold_on=threshold_on,
        spreads=_by_wager("spreads", spreads, names),
        seed=seed,
        exact_risk=exact_risk,
    )
    with open_executor(min(workers, study.tasks)) as executor:
        tally = run(study, executor)
        document = count_document(tally, executor.description, study_risk(tally, asked), asked)
        return CountStudy(report=document, records="wagers", tally=tally)


def _by_wager(option: str, given: str | ByWager | None, wagers: Sequence[str]) -> ByWager:
    if given is None:
        return {}
    if isinstance(given, str):
        return {None: given}
    for name in given:
        if name is not None and name not in wagers:
            raise InputError(
                f"{named(option)} names {shown(name)}, which is not one of the study's wagers ({', '.join(wagers)})."
            )
    return given


@dataclass(frozen=True, slots=True, repr=False)
class Verification(Result):
    """Verdicts on claimed figures (``baccarat verify``): :meth:`to_records` gives one row per claim (or per figure of
    a submitted par sheet: its claimed value, the exact figure and the verdict); :attr:`confirmed` is True when every
    one holds."""

    confirmed: bool


def verify(
    claims: str,
    rules: str | RuleSet | None = None,
    *,
    decks: int | None = None,
    remove: str = "",
    pays: str | Sequence[str] = (),
    checks: str | Sequence[str] = (),
    names: str | None = None,
) -> Verification:
    """Check a claims file (TOML), or a submitted par sheet (.csv, .xlsx) under ``rules``, as ``baccarat verify``
    does; ``checks`` are regulatory check files and ``names`` the supplier's names map, for a par sheet."""
    from ..report.verify import verdicts_document
    from ..studies.verdicts import summary
    from ..studies.verify import load_claims
    from ..studies.verify import verify as verdicts_of
    from .common import rule_set, shoe_for, texts, with_pays
    from .studies import verify_par_sheet

    check_files = texts(checks, "checks")
    if claims.lower().endswith((".csv", ".xlsx")):
        if rules is None:
            raise InputError(f"{shown(claims)} is a par sheet: give the rule set to check it under (rules=...).")
        chosen = with_pays(rule_set(rules), pays)
        document, confirmed = verify_par_sheet(claims, chosen, shoe_for(chosen, decks, remove), check_files, names)
        return Verification(report=document, records="checks", confirmed=confirmed)
    if rules is not None or decks is not None or remove or pays or check_files or names is not None:
        raise InputError(
            "rules, decks, remove, pays, checks and names are for a par sheet (.csv, .xlsx); a claims "
            "file names them in each claim."
        )
    claimed = load_claims(claims)
    found = verdicts_of(claimed)
    return Verification(
        report=verdicts_document(claimed, found, summary(found)),
        records="claims",
        confirmed=all(v.confirmed for v in found),
    )
