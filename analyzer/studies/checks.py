"""Regulatory checks as data: a floor on the RTP, the odds of the top award, a cap on it, each with its source.

The package ships ``checks.toml`` (GLI-11's one-in-100-million odds of an advertised award, the RTP floors of
Nevada and New Jersey for gaming devices); a user adds their own file of the same form (``--checks FILE``). Each
check is applied to each wager with a pay table, exactly: an RTP against its floor, the probability of the
best-paying outcome a deal can reach against its odds, its pay against the cap. What a check applies to is stated
with it (an RTP floor written for gaming devices binds an electronic table game, not a table dealt by a person):
the verdict says whether the figure meets the limit, not whether the law applies to a given table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet
from ..game.odds import format_pays, parse_pays, parse_percent
from ..game.strict import StrictTable, decoded, parse_toml, read_bytes
from .diff import top_award

KINDS: tuple[str, ...] = ("rtp_floor", "top_award_odds", "top_award_cap")
SHIPPED = "checks.toml"
KEYS: tuple[str, ...] = ("id", "jurisdiction", "kind", "limit", "applies_to", "source")


@dataclass(frozen=True, slots=True)
class Check:
    """One check: ``limit`` is a fraction (an RTP), a number of rounds (1 in N), or a pay (times the stake)."""

    id: str
    jurisdiction: str
    kind: str
    limit: Fraction
    applies_to: str
    source: str

    @property
    def limit_text(self) -> str:
        from ..numbers import count_text, percent_text

        if self.kind == "rtp_floor":
            return f"RTP at least {percent_text(self.limit, 2)}"
        if self.kind == "top_award_odds":
            return f"top award at least 1 in {count_text(int(self.limit))}"
        return f"top award at most {format_pays(self.limit)}"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check applied to one wager: the figure found (as text) and whether it meets the limit."""

    check: Check
    wager: str
    found: str
    passed: bool


@dataclass(frozen=True, slots=True)
class Checks:
    """Checks, with the files they came from (name, SHA-256) for the provenance."""

    checks: tuple[Check, ...]
    files: tuple[tuple[str, str], ...]


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
        raw = table.string("limit")
        try:
            if kind == "rtp_floor":
                limit = parse_percent(raw)
            elif kind == "top_award_odds":
                limit = Fraction(int(raw.replace(",", "").replace("_", "")))
                if limit < 1:
                    raise ValueError
            else:
                limit = parse_pays(raw)
        except (ValueError, InputError):
            what = {
                "rtp_floor": "a percentage such as '75%'",
                "top_award_odds": "a whole number N of rounds (1 in N), such as '100000000'",
                "top_award_cap": "a pay such as '10000:1'",
            }[kind]
            raise table.error("limit", f"is {shown(raw)}; for {kind} write {what}.") from None
        checks.append(
            Check(
                id=table.string("id"),
                jurisdiction=table.string("jurisdiction"),
                kind=kind,
                limit=limit,
                applies_to=table.string("applies_to"),
                source=table.string("source"),
            )
        )
        table.finish(KEYS)
    return tuple(checks)


def load_checks(extra: Sequence[str] = (), shipped: bool = True) -> Checks:
    """The shipped checks (unless ``shipped`` is False) and those of each file in ``extra``."""
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
    return Checks(tuple(checks), tuple(files))


def apply(checks: Checks, sheets: Sequence[ParSheet]) -> tuple[CheckResult, ...]:
    """Every check on every wager with a pay table, in the order of the checks, then of the wagers."""
    from ..numbers import count_text, percent_text

    results = []
    for check in checks.checks:
        for sheet in sheets:
            if not sheet.wager.has_pay_table or sheet.rtp is None:
                continue
            if check.kind == "rtp_floor":
                results.append(CheckResult(check, sheet.wager.name, percent_text(sheet.rtp), sheet.rtp >= check.limit))
                continue
            top = top_award(sheet)
            if top is None:
                continue
            if check.kind == "top_award_odds":
                found = f"{top.outcome}: 1 in {count_text(round(top.one_in))}"
                results.append(CheckResult(check, sheet.wager.name, found, top.one_in <= check.limit))
            else:
                results.append(
                    CheckResult(
                        check, sheet.wager.name, f"{top.outcome}: {format_pays(top.pays)}", top.pays <= check.limit
                    )
                )
    return tuple(results)
