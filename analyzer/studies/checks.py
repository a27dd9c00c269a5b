"""Regulatory checks as data: RTP floors and ceilings, the odds of the top award, a cap on it, how pays are written;
each with the kinds of game and the wagers it covers, and its source.

The package ships ``checks.toml`` (GLI-11's one-in-100-million odds of an advertised award; the RTP floors of Nevada,
New Jersey, Macau's laboratories and Illinois, and the ceilings of Illinois and Montana; New Jersey's and Maryland's
rule that odds are written "to" or "win", never "for"); a user adds their own file of the same form (``--checks
FILE``). A check states the kinds of game it covers (``games``: live, electronic, rng; every kind when left out) and,
if it names them, the wagers (``wagers``; every wager with a pay table when left out). :func:`apply` holds each
wager of a rule set to each check, exactly: an RTP against its floor or ceiling, the probability of the best-paying
outcome a deal can reach against its odds, its pay against the cap, each row's pay as written. A check that does not
cover the game's kind, or the wager, is **not applicable**, with the reason, and never a PASS: a floor written for
gaming devices says nothing about a table dealt by a person.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet
from ..game.kinds import GAME_KINDS, KIND_NAMES, a_kind
from ..game.odds import format_pays, parse_pays, parse_percent, written_for
from ..game.rules import RuleSet
from ..game.strict import StrictTable, decoded, parse_toml, read_bytes
from ..numbers import count_text, percent_text
from .diff import top_award

KINDS: tuple[str, ...] = ("rtp_floor", "rtp_ceiling", "top_award_odds", "top_award_cap", "pay_statement")
"""What a check tests: the RTP at least, or at most, ``limit``; the best-paying outcome at least once in ``limit``
rounds; the top award at most ``limit`` times the stake; every pay written "to" (or "win"), never "for"."""
SHIPPED = "checks.toml"
KEYS: tuple[str, ...] = ("id", "jurisdiction", "kind", "limit", "games", "wagers", "applies_to", "source")
PASS, FAIL, NOT_APPLICABLE = "PASS", "FAIL", "not applicable"


@dataclass(frozen=True, slots=True)
class Check:
    """One check: ``limit`` is a fraction (an RTP), a number of rounds (1 in N), or a pay (times the stake); none for
    a pay statement. ``games`` are the kinds of game it covers; ``wagers`` the wagers it names (empty: every wager)."""

    id: str
    jurisdiction: str
    kind: str
    limit: Fraction | None
    applies_to: str
    source: str
    games: tuple[str, ...] = GAME_KINDS
    wagers: tuple[str, ...] = ()
    words: tuple[str, ...] = ("to",)
    """For a pay statement: the words a pay may be written with ("to", "win"); "for" never."""

    @property
    def limit_text(self) -> str:
        if self.kind == "rtp_floor":
            assert self.limit is not None
            return f"RTP at least {percent_text(self.limit, 2)}"
        if self.kind == "rtp_ceiling":
            assert self.limit is not None
            return f"RTP at most {percent_text(self.limit, 2)}"
        if self.kind == "top_award_odds":
            assert self.limit is not None
            return f"top award at least 1 in {count_text(int(self.limit))}"
        if self.kind == "top_award_cap":
            assert self.limit is not None
            return f"top award at most {format_pays(self.limit)}"
        return f"pays written {' or '.join(repr(w) for w in self.words)}, never 'for'"

    @property
    def games_text(self) -> str:
        """The kinds of game it covers, in words: "electronic table games and RNG games"."""
        names = [KIND_NAMES[g] + "s" for g in self.games]
        if not names:
            return "no kind of baccarat game"
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check held to one wager (``wager``), or to the whole game when it does not cover the game's kind (``wager``
    None): the figure found (as text), and the verdict, PASS, FAIL or "not applicable" with ``why``."""

    check: Check
    wager: str | None
    found: str
    verdict: str
    why: str | None = None

    @property
    def applies(self) -> bool:
        return self.verdict != NOT_APPLICABLE

    @property
    def passed(self) -> bool:
        """True for a PASS only: a check that does not apply passes nothing."""
        return self.verdict == PASS

    @property
    def verdict_text(self) -> str:
        """ "PASS", "FAIL" or "not applicable: <why>"."""
        return self.verdict if self.why is None else f"{self.verdict}: {self.why}"


@dataclass(frozen=True, slots=True)
class Checks:
    """Checks, with the files they came from (name, SHA-256) for the provenance, and the jurisdiction they were
    chosen for (``--jurisdiction``; None: every jurisdiction's)."""

    checks: tuple[Check, ...]
    files: tuple[tuple[str, str], ...]
    jurisdiction: str | None = None

    @property
    def jurisdictions(self) -> tuple[str, ...]:
        """Every jurisdiction the checks name, in order, once each."""
        return tuple(dict.fromkeys(c.jurisdiction for c in self.checks))


WORDS: tuple[str, ...] = ("to", "win")
"""The words a pay statement may allow (``limit = "to or win"``); a pay written "for" fails it."""


def _words(table: StrictTable) -> tuple[str, ...]:
    raw = table.string("limit")
    words = tuple(w.strip() for w in raw.split(" or "))
    if not words or any(w not in WORDS for w in words):
        raise table.error("limit", f"is {shown(raw)}; for pay_statement write the words allowed: 'to' or 'to or win'.")
    return words


def _limit(table: StrictTable, kind: str) -> Fraction | None:
    if kind == "pay_statement":
        return None
    raw = table.string("limit")
    try:
        if kind in ("rtp_floor", "rtp_ceiling"):
            return parse_percent(raw)
        if kind == "top_award_odds":
            limit = Fraction(int(raw.replace(",", "").replace("_", "")))
            if limit < 1:
                raise ValueError
            return limit
        return parse_pays(raw)
    except (ValueError, InputError):
        what = {
            "rtp_floor": "a percentage such as '75%'",
            "rtp_ceiling": "a percentage such as '100%'",
            "top_award_odds": "a whole number N of rounds (1 in N), such as '100000000'",
            "top_award_cap": "a pay such as '10000:1'",
        }[kind]
        raise table.error("limit", f"is {shown(raw)}; for {kind} write {what}.") from None


def _strings(table: StrictTable, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...] | None:
    values = table.array(key, required=False)
    if values is None:
        return None
    if not all(isinstance(v, str) for v in values):
        raise table.error(key, "must be an array of strings.")
    for v in values:
        if allowed is not None and v not in allowed:
            raise table.error(key, f"names {shown(v)}; use any of {', '.join(allowed)}.")
    return tuple(values)


def _read(text: str, origin: str) -> tuple[Check, ...]:
    top = StrictTable(parse_toml(text, origin), "", origin)
    entries = top.array("check")
    top.finish(("check",))
    assert entries is not None
    checks = []
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise InputError(f"{origin}: check[{n}] must be a table ([[check]]).")
        table = StrictTable(entry, f"check[{n}]", origin)
        kind = table.string("kind")
        if kind not in KINDS:
            raise table.error("kind", f"is {shown(kind)}; use one of {', '.join(KINDS)}.")
        limit = _limit(table, kind)
        words = _words(table) if kind == "pay_statement" else ("to",)
        games = _strings(table, "games", GAME_KINDS)
        checks.append(
            Check(
                id=table.string("id"),
                jurisdiction=table.string("jurisdiction"),
                kind=kind,
                limit=limit,
                applies_to=table.string("applies_to"),
                source=table.string("source"),
                games=GAME_KINDS if games is None else games,
                wagers=_strings(table, "wagers") or (),
                words=words,
            )
        )
        table.finish(KEYS)
    return tuple(checks)


def load_checks(extra: Sequence[str] = (), shipped: bool = True, jurisdiction: str | None = None) -> Checks:
    """The shipped checks (unless ``shipped`` is False) and those of each file in ``extra``; with ``jurisdiction``,
    only that jurisdiction's (its name as the checks write it, in any case; :class:`InputError` lists the names)."""
    checks: list[Check] = []
    files: list[tuple[str, str]] = []
    if shipped:
        data = resources.files("analyzer.studies").joinpath(SHIPPED).read_bytes()
        checks += _read(data.decode("utf-8"), SHIPPED)
        files.append((SHIPPED, hashlib.sha256(data).hexdigest()))
    for path in extra:
        data = read_bytes(path, "checks file")
        checks += _read(decoded(data, path, "checks file"), path)
        files.append((path, hashlib.sha256(data).hexdigest()))
    ids = [c.id for c in checks]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise InputError(f"Check id {shown(twice[0])} is given twice; each check needs an id of its own.")
    every = Checks(tuple(checks), tuple(files))
    if jurisdiction is None:
        return every
    chosen = tuple(c for c in checks if c.jurisdiction.casefold() == jurisdiction.strip().casefold())
    if not chosen:
        raise InputError(
            f"--jurisdiction {shown(jurisdiction)} names no jurisdiction of the checks; use one of "
            f"{', '.join(every.jurisdictions)} (or add a checks file with --checks)."
        )
    return Checks(chosen, tuple(files), chosen[0].jurisdiction)


def _for_rows(sheet: ParSheet) -> list[str]:
    """The rows of a wager whose pay is written "for", and its jackpot when it is paid "for one"."""
    found = [f"{r.outcome.name} '{r.outcome.written}'" for r in sheet.rows if written_for(r.outcome.written)]
    money = sheet.wager.money
    if money is not None and money.jackpot is not None and money.jackpot.basis == "for one":
        found.append("the jackpot, paid 'for one'")
    return found


def _held(check: Check, sheet: ParSheet) -> CheckResult:
    """``check`` held to one wager it covers."""
    name = sheet.wager.name
    if not sheet.wager.has_pay_table or sheet.rtp is None:
        return CheckResult(check, name, "", NOT_APPLICABLE, "no pay table (the document gives none)")
    if check.kind == "pay_statement":
        written = _for_rows(sheet)
        if written:
            return CheckResult(check, name, f"written 'for': {'; '.join(written)}", FAIL)
        return CheckResult(check, name, "no pay written 'for'", PASS)
    assert check.limit is not None
    if check.kind in ("rtp_floor", "rtp_ceiling"):
        passed = sheet.rtp >= check.limit if check.kind == "rtp_floor" else sheet.rtp <= check.limit
        return CheckResult(check, name, percent_text(sheet.rtp), PASS if passed else FAIL)
    top = top_award(sheet)
    if top is None:
        return CheckResult(check, name, "", NOT_APPLICABLE, "no outcome wins")
    if check.kind == "top_award_odds":
        found = f"{top.outcome}: 1 in {count_text(top.one_in_whole)}"
        return CheckResult(check, name, found, PASS if top.one_in <= check.limit else FAIL)
    found = f"{top.outcome}: {format_pays(top.pays)}"
    return CheckResult(check, name, found, PASS if top.pays <= check.limit else FAIL)


def apply(checks: Checks, rules: RuleSet, sheets: Sequence[ParSheet]) -> tuple[CheckResult, ...]:
    """Every check held to the wagers of ``sheets`` under ``rules``, in the order of the checks, then of the wagers.

    A check that does not cover the rule set's kind of game is one "not applicable" line for the whole game; one that
    names wagers is "not applicable" to the others; a wager with no pay table has no RTP and no award to hold.
    """
    results: list[CheckResult] = []
    for check in checks.checks:
        if rules.kind not in check.games:
            why = f"it covers {check.games_text}; this is {a_kind(rules.kind)}"
            if not check.games:
                why = f"it covers {check.applies_to}"
            results.append(CheckResult(check, None, "", NOT_APPLICABLE, why))
            continue
        for sheet in sheets:
            if check.wagers and sheet.wager.name not in check.wagers:
                why = f"it covers {', '.join(check.wagers)} only"
                results.append(CheckResult(check, sheet.wager.name, "", NOT_APPLICABLE, why))
                continue
            results.append(_held(check, sheet))
    return tuple(results)


@dataclass(frozen=True, slots=True)
class ChecksSummary:
    """How the checks came out: PASS, FAIL and not-applicable lines, and the lines that failed."""

    passed: int
    failed: int
    not_applicable: int
    failures: tuple[CheckResult, ...]

    @property
    def applicable(self) -> int:
        """The lines that apply: PASS or FAIL."""
        return self.passed + self.failed


def summary(results: Sequence[CheckResult]) -> ChecksSummary:
    """Count the lines of :func:`apply` by verdict."""
    failures = tuple(r for r in results if r.verdict == FAIL)
    return ChecksSummary(
        passed=sum(r.verdict == PASS for r in results),
        failed=len(failures),
        not_applicable=sum(r.verdict == NOT_APPLICABLE for r in results),
        failures=failures,
    )
