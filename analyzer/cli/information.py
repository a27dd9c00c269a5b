"""The command of what information is worth: information (known cards, edge sorts, exposures)."""

from __future__ import annotations

import click

from ..api.common import with_pays
from ..errors import InputError
from .app import cli, command_rules, emit, examples, shoe_of
from .options import (
    Whole,
    decks_option,
    exact_option,
    format_option,
    one_rule_set,
    pay_option,
    remove_option,
)

MAX_TOP = 10_000


def bet_names(given: tuple[str, ...]) -> tuple[str, ...]:
    """``--bets player,banker,tie`` (repeatable) as wager names, in order."""
    return tuple(name.strip() for text in given for name in text.split(",") if name.strip())


def exposure_options(given: tuple[int | None, str | None], what: str) -> tuple[int, str] | None:
    """The rounds and average bet of an exposure: both or neither."""
    rounds, bet = given
    if (rounds is None) != (bet is None):
        raise InputError(f"{what} needs both the rounds exposed and the average bet, or neither.")
    return None if rounds is None or bet is None else (rounds, bet)


@cli.command(
    epilog=examples(
        "baccarat information --rules live-pittsburgh --see 1=value --bets player,banker,tie",
        "baccarat information --rules live-pittsburgh --see '1-4=group:6789' --bets player,banker,tie",
        "baccarat information --rules live-pittsburgh --search-sorts 4 --bets player,banker,tie --top 5",
        "baccarat information --rules ez-baccarat --see 6=value",
        "baccarat information --rules punto-banco --see 1=value --rounds 200 --average-bet 5000",
    )
)
@one_rule_set()
@decks_option
@remove_option
@pay_option
@click.option(
    "--see",
    "seen",
    multiple=True,
    metavar="SPEC",
    help="What is seen before betting, position by position (1 to 6, in the dealing order): '1=value', '5=rank', "
    "'1-4=group:6789' (the group of each card under the sort 6 7 8 9 against the rest), '1,3=value; 2=group:789'. "
    "Repeat to add positions.",
)
@click.option(
    "--bets",
    "bets",
    multiple=True,
    metavar="W1,W2,...",
    help="The wagers the player may bet, e.g. player,banker,tie (default: every offered wager with a pay table, "
    "side bets too).",
)
@click.option(
    "--search-sorts",
    "search",
    type=Whole(1, 6),
    default=None,
    metavar="K",
    help="Instead of --see: try every two-group sort of the values (or --sorts-of ranks) for a player who sees "
    "the groups of the first K cards, and rank them.",
)
@click.option(
    "--sorts-of",
    "over",
    type=click.Choice(("values", "ranks")),
    default="values",
    show_default=True,
    help="What --search-sorts splits: the ten values (511 sorts) or the thirteen ranks (4,095).",
)
@click.option(
    "--top",
    type=Whole(1, MAX_TOP),
    default=20,
    show_default=True,
    metavar="N",
    help="The sorts --search-sorts shows people (machine formats list every one).",
)
@click.option(
    "--rounds",
    type=Whole(1, 10**9),
    default=None,
    metavar="N",
    help="With --average-bet: what the exposure was worth over N rounds (expected gain and spread).",
)
@click.option(
    "--average-bet",
    "average_bet",
    default=None,
    metavar="AMOUNT",
    help="With --rounds: the average bet made, e.g. 5000.",
)
@format_option
@exact_option
def information(
    rule_name: str,
    decks: int | None,
    remove: str,
    pays: tuple[str, ...],
    seen: tuple[str, ...],
    bets: tuple[str, ...],
    search: int | None,
    over: str,
    top: int,
    rounds: int | None,
    average_bet: str | None,
    fmt: str | None,
    exact: bool,
) -> None:
    """What seeing cards before betting is worth: the best bet per pattern seen, exactly; edge-sort searches.

    Known cards (a flashed or exposed card), edge sorts (the group of each card under a partition of the
    ranks) and exposures: for every pattern the player can see, its probability, the best bet or none, and its
    edge; overall the player's gain per round dealt and per bet made, and the share of rounds bet.
    """
    from ..game.sight import parse_sight
    from ..studies.exposure import parse_amount

    exposure = exposure_options((rounds, average_bet), "--rounds with --average-bet")
    if search is not None:
        if seen:
            raise InputError("--search-sorts chooses what is seen (every sort of the first K cards); drop --see.")
        if exposure is not None:
            raise InputError("--rounds and --average-bet are for one sight (--see), not a search.")
    elif not seen:
        raise InputError(
            "Say what is seen with --see SPEC (e.g. --see 1=value), or search the sorts with --search-sorts K."
        )
    rule_set = with_pays(command_rules(rule_name), pays)
    shoe = shoe_of(rule_set, decks, remove)
    wagers = bet_names(bets)
    if search is not None:
        from ..report.information import sort_search_document
        from ..studies.sorts import search_sorts

        emit(sort_search_document(search_sorts(rule_set, shoe, search, wagers, over), top), fmt, exact)
        return
    from ..report.information import information_document
    from ..studies.information import information as worth

    sight = parse_sight("; ".join(seen))
    bet = None if exposure is None else parse_amount(exposure[1])
    found = worth(rule_set, shoe, sight, wagers)
    document = information_document(found)
    if exposure is not None and bet is not None:
        from ..report.exposure import exposure_section, with_sections
        from ..studies.exposure import exposure_worth

        document = with_sections(document, exposure_section(exposure_worth(found, exposure[0], bet)))
    emit(document, fmt, exact)
