"""``baccarat diff``: the variation exhibit between two rule sets or pay tables."""

from __future__ import annotations

import click

from ..api.common import with_pays
from ..api.studies import diff as variation_document
from ..errors import InputError
from .app import cli, command_rules, emit, examples, shoe_of
from .options import (
    MAX_SHOES,
    Whole,
    cores,
    decks_option,
    exact_option,
    format_option,
    remove_option,
    wager_files_option,
    wagers_option,
)


@cli.command(
    epilog=examples(
        "baccarat diff punto-banco punto-banco --pay-b 'tie:tie=9:1'",
        "baccarat diff punto-banco dactylus --wager banker --wager tie",
    )
)
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--pay-a", "pays_a", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change a pay of A (repeatable).")
@click.option("--pay-b", "pays_b", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change a pay of B (repeatable).")
@decks_option
@remove_option
@wagers_option("A wager to compare; repeat for several (default: every wager of A and B).")
@wager_files_option
@click.option(
    "--counter-yield",
    "yield_shoes",
    type=Whole(1, MAX_SHOES),
    default=None,
    metavar="SHOES",
    help="Also each wager's counter yield: perfect play over SHOES shoes (the same for A and B).",
)
@format_option
@exact_option
def diff(
    a: str,
    b: str,
    pays_a: tuple[str, ...],
    pays_b: tuple[str, ...],
    decks: int | None,
    remove: str,
    wagers: tuple[str, ...],
    yield_shoes: int | None,
    fmt: str | None,
    exact: bool,
) -> None:
    """The variation exhibit: each wager's exact change in house edge, RTP, hit frequency, SD and top award."""
    first, second = with_pays(command_rules(a), pays_a), with_pays(command_rules(b), pays_b)
    if decks is None and first.decks != second.decks:
        raise InputError(
            f"{a} is played with {first.decks} decks and {b} with {second.decks}; give --decks to compare "
            "them on one shoe."
        )
    shoe = shoe_of(first, decks, remove)
    emit(variation_document(first, second, shoe, wagers, yield_shoes=yield_shoes, workers=cores()), fmt, exact)
