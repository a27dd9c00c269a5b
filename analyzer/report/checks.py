"""The regulatory checks as the report and ``verify`` show them: the kind of game they were held to, one line per
check and wager (PASS, FAIL, or "not applicable" with the reason), then each check's scope and source."""

from __future__ import annotations

from collections.abc import Sequence

from ..studies.checks import NOT_APPLICABLE, PASS, CheckResult
from .model import Block, Column, Field, Fields, Prose, Table, Value, text, verdict


def _verdict(result: CheckResult) -> Value:
    if result.verdict == NOT_APPLICABLE:
        return text(result.verdict, shown=result.verdict_text)
    return verdict(result.verdict == PASS, result.verdict)


def checks_blocks(
    results: Sequence[CheckResult], kind_text: str, jurisdiction: str | None = None, key: str = "checks"
) -> tuple[Block, ...]:
    """The regulatory checks: the kind of game and the jurisdiction chosen, one line per check and wager, then each
    check's scope and source (``kind_text``: the rule set's kind in words, :attr:`RuleSet.kind_text`)."""
    head = Fields(
        (
            Field("kind_of_game", "Kind of game", text(kind_text)),
            Field(
                "jurisdiction",
                "Jurisdiction",
                text(jurisdiction),
                text=jurisdiction or "every jurisdiction's checks (--jurisdiction NAME keeps one)",
            ),
        ),
        key=f"{key}_scope",
    )
    columns = (
        Column("check", "check"),
        Column("check_jurisdiction", None),
        Column("limit", "limit"),
        Column("wager", "wager"),
        Column("found", "found"),
        Column("verdict", "verdict"),
        Column("why", None),
    )

    def row(r: CheckResult) -> tuple[Value, ...]:
        return (
            text(r.check.id),
            text(r.check.jurisdiction),
            text(r.check.limit_text),
            text(r.wager, shown="every wager" if r.wager is None else None),
            text(r.found),
            _verdict(r),
            text(r.why),
        )

    everything = Table(columns=columns, rows=tuple(row(r) for r in results), key=key, human=False)
    held = [r for r in results if r.wager is not None]
    table = Table(
        columns=columns,
        rows=tuple(row(r) for r in held),
        caption="Regulatory checks held to each wager (exact figures against each limit)",
    )
    game = [r for r in results if r.wager is None]
    apart = Prose(
        (
            "Not applicable to this game (a check that does not cover it is never a PASS):",
            *(f"  - {r.check.id} ({r.check.limit_text}): {r.why}." for r in game),
        )
    )
    shown: list[Block] = [head, everything]
    if held:
        shown.append(table)
    if game:
        shown.append(apart)
    seen: dict[str, str] = {}
    for r in results:
        c = r.check
        wagers = f", wagers {', '.join(c.wagers)} only" if c.wagers else ", every wager"
        seen.setdefault(c.id, f"{c.id} ({c.jurisdiction}; covers {c.games_text}{wagers}: {c.applies_to}): {c.source}")
    shown.append(Prose(tuple(seen.values()), key="check_sources"))
    return tuple(shown)
