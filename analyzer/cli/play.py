"""The commands of cards dealt: deal, simulate."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..api.common import with_pays
from ..errors import InputError
from ..game.cards import parse_cards
from ..game.shoe import Shoe
from .app import MODES, cli, command_rules, emit, examples, progress, shoe_of
from .options import (
    MAX_ROUNDS,
    MAX_SEED,
    Whole,
    check_workers,
    cores,
    decks_option,
    format_option,
    given,
    one_rule_set,
    parse_seats,
    pay_option,
    remove_option,
    scheduler_option,
    wagers_option,
    workers_option,
)

if TYPE_CHECKING:
    from ..play.chunks import Mode

# ------------------------------------------------------------------ deal


@cli.command(
    epilog=examples(
        "baccarat deal --rules live-pittsburgh --cards '9 K 3 5 4 2' --bet 2:player=5 --bet 2:dragon-bonus-player=1",
        "baccarat deal --rules mini-louisiana --cards '9 K 3 5 4 2 7 8 J' --bet player=10 --own-hand DRAW",
        "baccarat deal --rules examples/lightning-style.toml --cards '9S KH 8D 5C' --bet lightning-player=10 "
        "--lightning '9S=8 KD=2'",
    )
)
@one_rule_set()
@click.option(
    "--cards", required=True, metavar="CARDS", help="The cards in the order they leave the shoe, e.g. '9 K 3 5 4 2'."
)
@click.option(
    "--bet",
    "bets",
    multiple=True,
    metavar="[SEAT:]WAGER=STAKE",
    help="A bet, e.g. banker=10 or 2:tie=2.50 (seat 1 when no seat is named); repeat for several. A side "
    "bet such as 2:dragon-bonus-player=1 needs a main bet at its seat, e.g. 2:player=5.",
)
@click.option(
    "--own-hand",
    "own_hands",
    multiple=True,
    metavar="[SEAT:]DRAW|STAND",
    help="Play Your Own Cards (000 CASE 2): the seat asks for own cards and draws or stands; repeat per seat.",
)
@click.option(
    "--lightning",
    metavar="CARD=MULTIPLIER ...",
    help="The lightning cards drawn after bets closed, for bets on wagers with lightning multipliers, e.g. "
    "'KH=8 3S=2' (or 'none').",
)
@decks_option
@click.option(
    "--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True, help="Output format."
)
def deal(
    rule_name: str,
    cards: str,
    bets: tuple[str, ...],
    own_hands: tuple[str, ...],
    lightning: str | None,
    decks: int | None,
    fmt: str | None,
) -> None:
    """Deal given cards step by step as the dealer would, and settle every bet."""
    from ..play.engine import check_cards, deal_round
    from ..play.lightning import multiplied, parse_lightning
    from ..report.play import round_document

    rule_set = command_rules(rule_name)
    sequence = parse_cards(cards)
    drawn = None if lightning is None else parse_lightning(lightning)
    check_cards(sequence, Shoe.decks(decks if decks is not None else rule_set.decks))
    played = multiplied(rule_set, deal_round(rule_set, sequence, parse_seats(bets, own_hands)), drawn)
    emit(round_document(rule_set, played), fmt)


# -------------------------------------------------------------- simulate


@cli.command(
    epilog=examples(
        "baccarat simulate --rules live-pittsburgh --rounds 200000 --seed 1",
        "baccarat simulate --rules punto-banco --mode shoe --rounds 100000 --seed 7 --pay 'tie:tie=9:1'",
    )
)
@one_rule_set()
@click.option(
    "--rounds",
    type=Whole(1, MAX_ROUNDS),
    default=1_000_000,
    show_default=True,
    metavar="N",
    help=f"Rounds to deal, at most {MAX_ROUNDS:,} (shoe mode: about this many, in whole shoes).",
)
@click.option(
    "--seed",
    type=Whole(0, MAX_SEED),
    default=None,
    metavar="S",
    help="Seed of the run (default: a random one, printed).",
)
@decks_option
@remove_option
@click.option(
    "--mode",
    type=click.Choice(MODES),
    default="top",
    show_default=True,
    help="top: every round off the top of a full shoe; shoe: deal through shoes to a cut card.",
)
@click.option(
    "--cut-card",
    type=Whole(5, 52_000),
    default=14,
    show_default=True,
    metavar="N",
    help="Shoe mode: cards behind the cut card.",
)
@wagers_option("A wager to check; repeat for several (default: every wager offered).")
@pay_option
@workers_option
@scheduler_option
@format_option
def simulate(
    rule_name: str,
    rounds: int,
    seed: int | None,
    decks: int | None,
    remove: str,
    mode: Mode,
    cut_card: int,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    workers: int | None,
    scheduler: str | None,
    fmt: str | None,
) -> int:
    """Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL)."""
    from ..play.executor import open_executor
    from ..play.simulate import plan, random_seed, run
    from ..report.play import simulation_document, timing_text

    check_workers(workers, scheduler)
    if mode == "top" and given("cut_card"):
        raise InputError("--cut-card is for --mode shoe: in top mode every round is dealt off the top of a full shoe.")
    rule_set = with_pays(command_rules(rule_name), pays)
    planned = plan(
        rule_set,
        shoe_of(rule_set, decks, remove),
        rounds=rounds,
        seed=random_seed() if seed is None else seed,
        mode=mode,
        cut_card=cut_card,
        wagers=wagers,
    )
    with (
        open_executor(min(workers or cores(), planned.chunks), scheduler) as executor,
        progress(planned.chunks, f"simulating ({executor.description})") as bar,
    ):
        finished = run(planned, executor, bar)
    emit(simulation_document(finished), fmt)
    click.echo(timing_text(finished), err=True)
    return 0 if finished.passed else 1
