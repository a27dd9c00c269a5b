"""The commands of games with choices: equilibrium."""

from __future__ import annotations

import click

from ..errors import InputError
from ..game.choices import INFORMATION
from .app import cli, emit, examples
from .options import (
    MAX_SEED,
    Whole,
    cores,
    decks_option,
    exact_option,
    format_option,
    given,
    one_rule_set,
    remove_option,
    workers_option,
)


@cli.command(
    epilog=examples(
        "baccarat equilibrium --rules chemin-de-fer --information banker-composition --decks 6",
        "baccarat equilibrium --rules chemin-de-fer --information totals --with-replacement",
        "baccarat equilibrium --rules chemin-de-fer --commission 5% --format json",
        "baccarat equilibrium --rules chemin-de-fer --information totals --formula",
        "baccarat equilibrium --rules chemin-de-fer --information totals --commission 5% --decks 1 --shoes 2 --seed 1",
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
@click.option(
    "--formula",
    is_flag=True,
    help="Every number of decks d at once: each structure of the equilibrium, its range of d, and the mixed "
    "probabilities and values as exact rational functions of d, held equal to the solutions at d = 1..--upto.",
)
@click.option(
    "--upto",
    type=Whole(1, 20),
    default=8,
    show_default=True,
    metavar="N",
    help="With --formula: solve exactly at d = 1..N (1 to 20) and hold the formulas equal to those solutions.",
)
@click.option(
    "--shoes",
    type=Whole(1, 100_000),
    default=None,
    metavar="N",
    help="Deal N shoes (1 to 100,000) as `baccarat count` does, solve the game exactly before every coup and play "
    "it out: how the value and the Player's mix move through a shoe, and what counting is worth.",
)
@click.option(
    "--seed", type=Whole(0, MAX_SEED), default=0, show_default=True, metavar="S", help="With --shoes: the seed."
)
@workers_option
@format_option
@exact_option
def equilibrium(
    rule_name: str,
    decks: int | None,
    remove: str,
    information: str | None,
    commission: str | None,
    with_replacement: bool,
    formula: bool,
    upto: int,
    shoes: int | None,
    seed: int,
    workers: int | None,
    fmt: str | None,
    exact: bool,
) -> None:
    """Exact equilibria of a game with choices (chemin de fer): values, mixes, strategy cards."""
    from ..api.equilibrium import equilibrium as solve
    from ..api.equilibrium import equilibrium_formulas
    from .app import command_rules

    if shoes is not None:
        if formula or with_replacement or remove:
            raise InputError("--shoes deals whole shoes: give it without --formula, --with-replacement or --remove.")
        from ..api.equilibrium import equilibrium_shoes

        emit(
            equilibrium_shoes(
                command_rules(rule_name),
                shoes,
                seed=seed,
                decks=decks,
                information=information,
                commission=commission,
                workers=workers or cores(),
            ).document(),
            fmt,
            exact,
        )
        return
    if given("seed") or given("workers"):
        raise InputError("--seed and --workers go with --shoes.")
    if formula:
        if decks is not None or with_replacement:
            raise InputError(
                "--formula covers every number of decks (and the limit): give it without --decks or --with-replacement."
            )
        emit(
            equilibrium_formulas(
                command_rules(rule_name), remove=remove, information=information, commission=commission, upto=upto
            ).document(),
            fmt,
            exact,
        )
        return
    if given("upto"):
        raise InputError("--upto goes with --formula.")
    result = solve(
        command_rules(rule_name),
        decks=decks,
        remove=remove,
        information=information,
        commission=commission,
        with_replacement=with_replacement,
    )
    emit(result.document(), fmt, exact)
