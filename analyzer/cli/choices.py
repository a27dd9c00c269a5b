"""The commands of games with choices: equilibrium."""

from __future__ import annotations

import click

from ..game.choices import INFORMATION
from .app import cli, emit, examples
from .options import decks_option, exact_option, format_option, one_rule_set, remove_option


@cli.command(
    epilog=examples(
        "baccarat equilibrium --rules chemin-de-fer --information banker-composition --decks 6",
        "baccarat equilibrium --rules chemin-de-fer --information totals --with-replacement",
        "baccarat equilibrium --rules chemin-de-fer --commission 5% --format json",
    )
)
@one_rule_set(what="A rule set with a [choices] table (chemin-de-fer, chemin-de-fer-campione) or a path to one.")
@decks_option
@remove_option
@click.option(
    "--information",
    type=click.Choice(INFORMATION),
    default=None,
    help="What each side sees when it chooses (default: the rule file's; chemin-de-fer: banker-composition).",
)
@click.option(
    "--commission",
    default=None,
    metavar="RATE",
    help="The house's share of a Banker win, e.g. 5% or 1/20 (default: the rule file's; chemin-de-fer: 0).",
)
@click.option(
    "--with-replacement",
    is_flag=True,
    help="Draw every card with replacement, each rank 1/13 (the infinite deck of Kemeny and Snell).",
)
@format_option
@exact_option
def equilibrium(
    rule_name: str,
    decks: int | None,
    remove: str,
    information: str | None,
    commission: str | None,
    with_replacement: bool,
    fmt: str | None,
    exact: bool,
) -> None:
    """Exact equilibria of a game with choices (chemin de fer): values, mixes, strategy cards."""
    from ..api.equilibrium import equilibrium as solve
    from .app import command_rules

    result = solve(
        command_rules(rule_name),
        decks=decks,
        remove=remove,
        information=information,
        commission=commission,
        with_replacement=with_replacement,
    )
    emit(result.document(), fmt, exact)
