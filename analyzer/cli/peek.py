"""The reveal-and-raise commands: ``peek``, and the reveal-law solve that ``solve --reveal-rtp`` hands over to."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError
from .app import cli, command_rules, emit, examples, rule_sets, shoe_of
from .options import decks_option, exact_option, format_option, one_rule_set, pay_option, remove_option, wagers_option


@cli.command(
    epilog=examples(
        "baccarat peek --rules examples/peek-style.toml --wager player",
        "baccarat peek --rules examples/peek-style.toml --wager banker --exact",
    )
)
@one_rule_set(what="A rule file with a [reveal] table (reveal and raise), e.g. examples/peek-style.toml.")
@decks_option
@remove_option
@wagers_option("A raised wager; repeat for several (default: every wager the [reveal] table raises).")
@pay_option
@format_option
@exact_option
def peek(
    rule_name: str,
    decks: int | None,
    remove: str,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    fmt: str | None,
    exact: bool,
) -> None:
    """Reveal and raise (Peek Baccarat): optimal play's par sheet and strategy card, never raising, by cards shown."""
    from ..api.common import with_pays
    from ..report.peek import peek_document
    from ..studies.peek import analyze_peek

    rule_set = with_pays(command_rules(rule_name), pays)
    analysis = analyze_peek(rule_set, shoe_of(rule_set, decks, remove), wagers)
    emit(peek_document(analysis), fmt, exact)


def solve_reveal_laws(
    rule_names: tuple[str, ...],
    decks: int | None,
    remove: str,
    targets: Sequence[str],
    within: str,
    per: str,
    fmt: str | None,
    pays: Sequence[str] = (),
) -> None:
    """``solve --reveal-rtp``: for each rule set (with ``--pay``'s changes), the reveal laws giving the targets, or the
    nearest."""
    from ..api.common import with_pays
    from ..report.revealsolve import reveal_law_document
    from ..studies.peek import peek_reveal
    from ..studies.revealsolve import parse_targets, parse_within, solve_reveal_law

    if not rule_names:
        raise InputError("solve --reveal-rtp needs --rules FILE, a rule file with a [reveal] table.")
    tolerance = parse_within(within)
    documents = []
    for rules in (with_pays(r, pays) for r in rule_sets(rule_names)):
        parsed = parse_targets(targets, peek_reveal(rules))
        laws = solve_reveal_law(rules, shoe_of(rules, decks, remove), parsed, per, tolerance)
        documents.append(reveal_law_document(laws))
    emit(documents, fmt)
