"""The ``baccarat`` command. Click parses and prints; the modules compute.

Every error from bad input is one line on stderr, ``baccarat: error: ...``,
with exit status 2 and no traceback.
"""

from __future__ import annotations

import os
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from . import __version__
from .cards import parse_cards
from .engine import Bet, Decision, Seat, check_cards, deal_round
from .errors import InputError
from .executor import open_executor
from .odds import parse_pays
from .parsheet import par_sheets
from .playreport import render_round, render_round_json, render_simulation, timing_text
from .report import FORMATS, render_analysis, render_compare, render_rule_list, render_rule_set
from .results import generate, write
from .rules import RuleSet, load, shipped
from .shoe import Shoe
from .simulate import MODES, Mode, plan, random_seed, run


class _Baccarat(click.Group):
    """A click group whose errors are one line on stderr and exit status 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # noqa: D102
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except (click.ClickException, InputError) as error:
            message = error.format_message() if isinstance(error, click.ClickException) else str(error)
            click.echo(f"baccarat: error: {' '.join(message.split())}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("baccarat: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _rule_sets(names: tuple[str, ...]) -> list[RuleSet]:
    return [load(n) for n in (names or shipped())]


def _shoe(rules: RuleSet, decks: int | None, remove: str) -> Shoe:
    return Shoe.decks(decks if decks is not None else rules.decks).remove(parse_cards(remove))


_PAY = re.compile(r"(?P<wager>[^:=]+):(?P<outcome>[^=]+)=(?P<pays>.+)")


def _with_pays(rules: RuleSet, overrides: tuple[str, ...]) -> RuleSet:
    for text in overrides:
        match = _PAY.fullmatch(text.strip())
        if not match:
            raise InputError(f"--pay {text!r} is not WAGER:OUTCOME=PAYS, e.g. --pay 'tie:tie=9:1'.")
        rules = rules.with_pays(match["wager"].strip(), match["outcome"].strip(), parse_pays(match["pays"]))
    return rules


rules_option = click.option(
    "--rules", "rule_names", multiple=True, metavar="NAME|FILE",
    help="A shipped rule set or a path to a rule file; repeat for several (default: every shipped rule set).",
)
decks_option = click.option(
    "--decks", type=click.IntRange(min=1), default=None,
    help="Decks in the shoe (default: the rule set's, 8 for every shipped one).",
)
remove_option = click.option(
    "--remove", default="", metavar="CARDS", help="Cards already dealt, e.g. '5,5,K,A'.",
)
format_option = click.option(
    "--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True, help="Output format.",
)
exact_option = click.option("--exact", is_flag=True, help="Print exact fractions instead of decimals.")


@click.group(cls=_Baccarat)
@click.version_option(__version__, prog_name="baccarat")
def cli() -> None:
    """Exact mini-baccarat analysis: par sheets for every documented rule set."""


@cli.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the shipped rule sets (or `rules show NAME`)."""
    if ctx.invoked_subcommand is None:
        click.echo(render_rule_list(_rule_sets(())), nl=False)


@rules.command("show")
@click.argument("name", metavar="NAME|FILE")
def rules_show(name: str) -> None:
    """Print a rule set's drawing chart and every pay table."""
    click.echo(render_rule_set(load(name)), nl=False)


@cli.command()
@rules_option
@decks_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager to analyse; repeat for several (default: all).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@format_option
@exact_option
def analyze(rule_names: tuple[str, ...], decks: int | None, remove: str, wagers: tuple[str, ...],
            pays: tuple[str, ...], fmt: str, exact: bool) -> None:
    """Par sheets: every outcome's exact count and probability, house edge and more."""
    reports = []
    for rule_set in _rule_sets(rule_names):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        reports.append(render_analysis(rule_set, shoe, par_sheets(rule_set, shoe, wagers), fmt, exact))
    if fmt == "json" and len(reports) > 1:
        click.echo("[\n" + ",\n".join(r.rstrip("\n") for r in reports) + "\n]")
    else:
        click.echo(("\n" if fmt != "csv" else "").join(reports), nl=False)


@cli.command()
@rules_option
@decks_option
@remove_option
@format_option
@exact_option
def compare(rule_names: tuple[str, ...], decks: int | None, remove: str, fmt: str, exact: bool) -> None:
    """One matrix: the house edge of every wager under every rule set."""
    analyses = []
    shoe = None
    for rule_set in _rule_sets(rule_names):
        shoe = _shoe(rule_set, decks if decks is not None else 8, remove)
        analyses.append((rule_set, par_sheets(rule_set, shoe)))
    assert shoe is not None
    click.echo(render_compare(shoe, analyses, fmt, exact), nl=False)


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("results"),
              show_default=True, help="Folder to write the tables to.")
def tables(out: Path) -> None:
    """Regenerate results/: par sheets of every shipped rule set and the comparison."""
    for path in write(out, generate()):
        click.echo(f"wrote {path}")


# ------------------------------------------------------------------ deal

_BET = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<wager>[^:=\s]+)\s*=\s*(?P<stake>\d{1,9}(?:\.\d{1,6})?)")
_OWN_HAND = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<decision>draw|stand)", re.IGNORECASE)


def _seats(bets: tuple[str, ...], own_hands: tuple[str, ...]) -> tuple[Seat, ...]:
    """Seats from ``--bet [SEAT:]WAGER=STAKE`` and ``--own-hand [SEAT:]DRAW|STAND`` (seat 1 when not named)."""
    placed: dict[int, list[Bet]] = {}
    for text in bets:
        match = _BET.fullmatch(text.strip())
        if not match:
            raise InputError(
                f"--bet {text!r} is not [SEAT:]WAGER=STAKE; write e.g. --bet banker=10 or --bet 2:tie=2.50 "
                "(a stake is a number of units)."
            )
        placed.setdefault(int(match["seat"] or 1), []).append(Bet(match["wager"], Fraction(match["stake"])))
    decisions: dict[int, Decision] = {}
    for text in own_hands:
        match = _OWN_HAND.fullmatch(text.strip())
        if not match:
            raise InputError(f"--own-hand {text!r} is not [SEAT:]DRAW or [SEAT:]STAND; write e.g. --own-hand DRAW or --own-hand 2:STAND.")
        seat = int(match["seat"] or 1)
        if seat in decisions:
            raise InputError(f"Seat {seat} is given two own hands; a bettor plays at most one.")
        decisions[seat] = "draw" if match["decision"].lower() == "draw" else "stand"
    numbers = sorted(set(placed) | set(decisions))
    return tuple(Seat(n, tuple(placed.get(n, ())), decisions.get(n)) for n in numbers)


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set or a path to a rule file.")
@click.option("--cards", required=True, metavar="CARDS", help="The cards in the order they leave the shoe, e.g. '9 K 3 5 4 2'.")
@click.option("--bet", "bets", multiple=True, metavar="[SEAT:]WAGER=STAKE",
              help="A bet, e.g. banker=10 or 2:dragon-bonus-player=5 (seat 1 when no seat is named); repeat for several.")
@click.option("--own-hand", "own_hands", multiple=True, metavar="[SEAT:]DRAW|STAND",
              help="Play Your Own Cards (000 CASE 2): the seat asks for own cards and draws or stands; repeat per seat.")
@decks_option
@click.option("--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True,
              help="Output format.")
def deal(rule_name: str, cards: str, bets: tuple[str, ...], own_hands: tuple[str, ...], decks: int | None, fmt: str) -> None:
    """Deal given cards step by step as the dealer would, and settle every bet."""
    rule_set = load(rule_name)
    sequence = parse_cards(cards)
    check_cards(sequence, Shoe.decks(decks if decks is not None else rule_set.decks))
    played = deal_round(rule_set, sequence, _seats(bets, own_hands))
    click.echo((render_round_json if fmt == "json" else render_round)(rule_set, played), nl=False)


# -------------------------------------------------------------- simulate


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set or a path to a rule file.")
@click.option("--rounds", type=click.IntRange(min=1), default=1_000_000, show_default=True,
              help="Rounds to deal (shoe mode: about this many, in whole shoes).")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed of the run (default: a random one, printed).")
@decks_option
@remove_option
@click.option("--mode", type=click.Choice(MODES), default="top", show_default=True,
              help="top: every round off the top of a full shoe; shoe: deal through shoes to a cut card.")
@click.option("--cut-card", type=click.IntRange(min=5), default=14, show_default=True,
              help="Shoe mode: cards behind the cut card.")
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager to check; repeat for several (default: every wager offered).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: one per core).")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="A Dask scheduler, e.g. tcp://10.0.0.5:8786, instead of local workers.")
@format_option
def simulate(rule_name: str, rounds: int, seed: int | None, decks: int | None, remove: str, mode: Mode, cut_card: int,
             wagers: tuple[str, ...], workers: int | None, scheduler: str | None, fmt: str) -> int:
    """Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL)."""
    rule_set = load(rule_name)
    planned = plan(rule_set, _shoe(rule_set, decks, remove), rounds=rounds, seed=random_seed() if seed is None else seed,
                   mode=mode, cut_card=cut_card, wagers=wagers)
    chunks = len(planned.tasks)
    with open_executor(min(workers or os.cpu_count() or 1, chunks), scheduler) as executor:
        if chunks > 1:
            with click.progressbar(length=chunks, label=f"simulating ({executor.description})", file=sys.stderr) as bar:
                finished = run(planned, executor, bar.update)
        else:
            finished = run(planned, executor)
    click.echo(render_simulation(finished, fmt), nl=False)
    click.echo(timing_text(finished), err=True)
    return 0 if finished.passed else 1


def main() -> None:
    """Entry point of the ``baccarat`` console script."""
    cli(prog_name="baccarat")
