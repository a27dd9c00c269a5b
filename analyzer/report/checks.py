"""The regulatory checks as the report and ``verify`` show them: a PASS/FAIL line per check and wager, then sources."""

from __future__ import annotations

from collections.abc import Sequence

from ..studies.checks import CheckResult
from .model import Column, Prose, Table, text, verdict


def checks_blocks(results: Sequence[CheckResult], key: str = "checks") -> tuple[Table, Prose]:
    """The regulatory checks: one PASS/FAIL line per check and wager, then each check's scope and source."""
    table = Table(
        columns=(
            Column("check", "check"),
            Column("limit", "limit"),
            Column("wager", "wager"),
            Column("found", "found"),
            Column("verdict", "verdict"),
        ),
        rows=tuple(
            (
                text(r.check.id),
                text(r.check.limit_text),
                text(r.wager),
                text(r.found),
                verdict(r.passed, "PASS" if r.passed else "FAIL"),
            )
            for r in results
        ),
        key=key,
        caption="Regulatory checks (exact figures against each limit)",
    )
    seen: dict[str, str] = {}
    for r in results:
        seen.setdefault(
            r.check.id, f"{r.check.id} ({r.check.jurisdiction}; applies to {r.check.applies_to}): {r.check.source}"
        )
    return table, Prose(tuple(seen.values()), key="check_sources")
