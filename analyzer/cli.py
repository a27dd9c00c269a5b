"""The ``baccarat`` command. Click parses and prints; the modules compute.

Every error from bad input is one line on stderr, ``baccarat: error: ...``,
with exit status 2 and no traceback.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .errors import InputError
from .exact.parsheet import par_sheets
from .exact.reach import load
from .game.cards import parse_cards
from .game.odds import parse_pays, parse_percent
from .game.rulefile import catalogue, shipped
from .game.rules import RuleSet
from .game.shoe import Shoe
from .report.analysis import FORMATS, render_analysis, render_compare, render_rule_list, render_rule_set

if TYPE_CHECKING:
    from .play.engine import Decision, Seat
    from .play.simulate import Mode

MODES: tuple[str, ...] = ("top", "shoe")
"""The simulator's dealing modes (:data:`analyzer.play.simulate.MODES`, kept here so start-up imports no numpy)."""


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


@contextmanager
def _progress(tasks: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr for a run of several tasks, when stderr is a terminal.

    Yields the callback the executors take (tasks just finished), or ``None``
    when no bar is shown (one task, or output to a file or a pipe).
    """
    if tasks <= 1 or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=tasks, label=label, file=sys.stderr) as bar:
        yield bar.update


def _rule_sets(names: tuple[str, ...], wagers: tuple[str, ...] = ()) -> list[RuleSet]:
    return [load(n, wagers) for n in (names or shipped())]


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
    help="A shipped rule set, a side-bet file of `baccarat rules`, or a path to a rule file; repeat for several (default: every documented rule set).",
)
wagers_option = click.option(
    "--wagers", "wager_files", multiple=True, metavar="FILE",
    help="Add the side bets of a rule file or wagers file (a catalogue name such as golden-frog, or a path); repeatable.",
)
decks_option = click.option(
    "--decks", type=click.IntRange(min=1), default=None,
    help="Decks in the shoe (default: the rule set's, 8 for every shipped one).",
)
remove_option = click.option(
    "--remove", default="", metavar="CARDS", help="Cards already dealt, e.g. '5,5,K,A', or with suits, e.g. 'KH,9d'.",
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
        click.echo(render_rule_list(_rule_sets(()), [load(n) for n in catalogue()]), nl=False)


@rules.command("show")
@click.argument("name", metavar="NAME|FILE")
@wagers_option
def rules_show(name: str, wager_files: tuple[str, ...]) -> None:
    """Print a rule set's drawing chart and every pay table."""
    click.echo(render_rule_set(load(name, wager_files)), nl=False)


@cli.command()
@rules_option
@wagers_option
@decks_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager to analyse; repeat for several (default: all).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@format_option
@exact_option
def analyze(rule_names: tuple[str, ...], wager_files: tuple[str, ...], decks: int | None, remove: str,
            wagers: tuple[str, ...], pays: tuple[str, ...], fmt: str, exact: bool) -> None:
    """Par sheets: every outcome's exact count and probability, house edge and more."""
    reports = []
    for rule_set in _rule_sets(rule_names, wager_files):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        reports.append(render_analysis(rule_set, shoe, par_sheets(rule_set, shoe, wagers), fmt, exact))
    if fmt == "json" and len(reports) > 1:
        click.echo("[\n" + ",\n".join(r.rstrip("\n") for r in reports) + "\n]")
    else:
        click.echo(("\n" if fmt != "csv" else "").join(reports), nl=False)


@cli.command()
@rules_option
@wagers_option
@decks_option
@remove_option
@format_option
@exact_option
def compare(rule_names: tuple[str, ...], wager_files: tuple[str, ...], decks: int | None, remove: str, fmt: str,
            exact: bool) -> None:
    """One matrix: the house edge of every wager under every rule set."""
    analyses = []
    shoe = None
    for rule_set in _rule_sets(rule_names, wager_files):
        shoe = _shoe(rule_set, decks if decks is not None else 8, remove)
        analyses.append((rule_set, par_sheets(rule_set, shoe)))
    assert shoe is not None
    click.echo(render_compare(shoe, analyses, fmt, exact), nl=False)


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("results"),
              show_default=True, help="Folder to write the tables to.")
def tables(out: Path) -> None:
    """Regenerate results/: par sheets of every shipped rule set and the comparison."""
    from .report.results import generate, write

    for path in write(out, generate()):
        click.echo(f"wrote {path}")


@cli.command("own-cards")
@click.option("--rules", "rule_name", default="mini-louisiana", show_default=True, metavar="NAME|FILE",
              help="A rule set that offers Play Your Own Cards (an [own_cards] table), or a path to a rule file.")
@wagers_option
@decks_option
@remove_option
@format_option
@exact_option
def own_cards(rule_name: str, wager_files: tuple[str, ...], decks: int | None, remove: str, fmt: str, exact: bool) -> None:
    """Play Your Own Cards (000 CASE 2): when the own hand should draw, and three strategies' house edges."""
    from .report.owncards import render_own_cards
    from .studies.owncards import analyse

    rule_set = load(rule_name, wager_files)
    click.echo(render_own_cards(analyse(rule_set, _shoe(rule_set, decks, remove)), fmt, exact), nl=False)


@cli.command()
@rules_option
@wagers_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager; repeat for several (default: all).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@click.option("--upto", type=click.IntRange(min=1, max=1000), default=8, show_default=True, metavar="N",
              help="Print the values for d = 1..N decks.")
@click.option("--outcomes", is_flag=True, help="Also print each outcome's count polynomial and its limit.")
@format_option
def formula(rule_names: tuple[str, ...], wager_files: tuple[str, ...], remove: str, wagers: tuple[str, ...],
            pays: tuple[str, ...], upto: int, outcomes: bool, fmt: str) -> None:
    """House edge as an exact rational function of the number of decks d, and its limit."""
    from .report.formula import render_formulas
    from .studies.formula import formulas

    removed = parse_cards(remove)
    results = [formulas(_with_pays(rule_set, pays), removed, wagers) for rule_set in _rule_sets(rule_names, wager_files)]
    click.echo(render_formulas(results, fmt, upto, outcomes), nl=False)


@cli.command()
@rules_option
@wagers_option
@decks_option
@remove_option
@click.option("--wager", required=True, metavar="W", help="The wager whose pay table is solved.")
@click.option("--outcome", default=None, metavar="O",
              help="The outcome whose pay is solved (with --shape: the one solved again after rounding; default the top award).")
@click.option("--shape", "shape", multiple=True, metavar="OUTCOME=WEIGHT",
              help="Pays in this shape, one common multiplier solved; repeat for each outcome, e.g. --shape 'win by 9, non-natural=30'.")
@click.option("--edge", required=True, metavar="PERCENT", help="The target house edge, e.g. 2%.")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay first, e.g. 'tie:tie=9:1'.")
@format_option
def solve(rule_names: tuple[str, ...], wager_files: tuple[str, ...], decks: int | None, remove: str, wager: str,
          outcome: str | None, shape: tuple[str, ...], edge: str, pays: tuple[str, ...], fmt: str) -> None:
    """The pay of one outcome, or a pay table in a given shape, for an exact house edge."""
    from .report.solve import Solved, render_solved
    from .studies.solve import parse_shape, solve_pay, solve_shape

    target = parse_percent(edge)
    weights = parse_shape(shape)
    if not weights and outcome is None:
        raise InputError("solve needs --outcome O (the pay to solve) or --shape OUTCOME=WEIGHT (a pay table to scale).")
    items = []
    for rule_set in _rule_sets(rule_names, wager_files):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        (sheet,) = par_sheets(rule_set, shoe, (wager,))
        solution = solve_shape(sheet, weights, target, outcome) if weights else solve_pay(sheet, outcome or "", target)
        items.append(Solved(rules=rule_set, shoe=shoe, sheet=sheet, solution=solution))
    click.echo(render_solved(items, fmt), nl=False)


@cli.command("verify")
@click.argument("claims_file", metavar="CLAIMS.toml")
@format_option
def verify_command(claims_file: str, fmt: str) -> int:
    """Check a file of claimed figures: each CONFIRMED or REFUTED; exit status 1 when any is refuted."""
    from .report.verify import render_verdicts
    from .studies.verify import load_claims, verify

    claims = load_claims(claims_file)
    verdicts = verify(claims)
    click.echo(render_verdicts(claims, verdicts, fmt), nl=False)
    return 0 if all(v.confirmed for v in verdicts) else 1


@cli.command()
@rules_option
@wagers_option
@decks_option
@click.option("--wager", "wagers", multiple=True, metavar="W",
              help="A wager; repeat for several (default: every wager with a pay table).")
@format_option
def eor(rule_names: tuple[str, ...], wager_files: tuple[str, ...], decks: int | None, wagers: tuple[str, ...],
        fmt: str) -> None:
    """Effects of removal: each rank's exact effect on each wager's expected value, and a balanced count."""
    from .report.eor import render_eor
    from .studies.eor import removal_table

    reports = [render_eor(removal_table(r, _shoe(r, decks, ""), wagers), fmt) for r in _rule_sets(rule_names, wager_files)]
    if fmt == "json" and len(reports) > 1:
        click.echo("[\n" + ",\n".join(r.rstrip("\n") for r in reports) + "\n]")
    else:
        click.echo(("\n" if fmt != "csv" else "").join(reports), nl=False)


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set, a side-bet file of `baccarat rules`, or a path to a rule file.")
@wagers_option
@click.option("--wager", required=True, metavar="W", help="The wager to count (it needs a pay table).")
@click.option("--shoes", type=click.IntRange(min=1), default=1000, show_default=True, help="Shoes to deal.")
@decks_option
@click.option("--cut-card", type=int, default=14, show_default=True,
              help="Cards behind the cut card; a round is dealt while more than this remain.")
@click.option("--play", type=click.Choice(("perfect", "count")), default="perfect", show_default=True,
              help="perfect: bet when the exact expected value is above 0; count: when the true count reaches --threshold.")
@click.option("--tags", default=None, metavar="TAGS",
              help="With --play count: 13 tags in A..K order, or 'A=1,2=1,...' (default: the balanced count of `baccarat eor`).")
@click.option("--threshold", default=None, metavar="T",
              help="With --play count: bet when the true count is at least T (default: the count's break-even true count).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed of the shuffles.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Local worker processes.")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="A Dask scheduler to run on instead (e.g. tcp://host:8786).")
@format_option
def count(rule_name: str, wager_files: tuple[str, ...], wager: str, shoes: int, decks: int | None, cut_card: int, play: str, tags: str | None,
          threshold: str | None, seed: int, workers: int, scheduler: str | None, fmt: str) -> None:
    """Counting study: deal shuffled shoes, bet on the wager when the exact EV (or a count) says so."""
    from .play.executor import open_executor
    from .report.count import render_count
    from .studies.counting import SHOES_PER_TASK, Study, default_count, parse_tags, parse_threshold, run

    rule_set = load(rule_name, wager_files)
    decks = decks if decks is not None else rule_set.decks
    if play == "perfect" and (tags is not None or threshold is not None):
        raise InputError("--tags and --threshold apply to --play count only.")
    chosen_tags: tuple[int, ...] = (0,) * 13
    chosen_threshold = parse_threshold("0")
    if play == "count":
        if tags is None or threshold is None:
            chosen_tags, chosen_threshold = default_count(rule_set, wager, decks)
        if tags is not None:
            chosen_tags = parse_tags(tags)
        if threshold is not None:
            chosen_threshold = parse_threshold(threshold)
    study = Study(rules=rule_set, wager=wager, shoes=shoes, decks=decks, cut_card=cut_card,
                  play="count" if play == "count" else "perfect", seed=seed, tags=chosen_tags, threshold=chosen_threshold)
    with open_executor(workers, scheduler) as executor, _progress(-(-shoes // SHOES_PER_TASK), "dealing shoes") as bar:
        summary = run(study, executor, bar)
        click.echo(render_count(summary, executor.description, fmt), nl=False)


# ------------------------------------------------------------------ deal

_BET = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<wager>[^:=\s]+)\s*=\s*(?P<stake>\d{1,9}(?:\.\d{1,6})?)")
_OWN_HAND = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<decision>draw|stand)", re.IGNORECASE)


def _seats(bets: tuple[str, ...], own_hands: tuple[str, ...]) -> tuple[Seat, ...]:
    """Seats from ``--bet [SEAT:]WAGER=STAKE`` and ``--own-hand [SEAT:]DRAW|STAND`` (seat 1 when not named)."""
    from .play.engine import Bet, Seat

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
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set, a side-bet file of `baccarat rules`, or a path to a rule file.")
@wagers_option
@click.option("--cards", required=True, metavar="CARDS", help="The cards in the order they leave the shoe, e.g. '9 K 3 5 4 2'.")
@click.option("--bet", "bets", multiple=True, metavar="[SEAT:]WAGER=STAKE",
              help="A bet, e.g. banker=10 or 2:dragon-bonus-player=5 (seat 1 when no seat is named); repeat for several.")
@click.option("--own-hand", "own_hands", multiple=True, metavar="[SEAT:]DRAW|STAND",
              help="Play Your Own Cards (000 CASE 2): the seat asks for own cards and draws or stands; repeat per seat.")
@decks_option
@click.option("--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True,
              help="Output format.")
def deal(rule_name: str, wager_files: tuple[str, ...], cards: str, bets: tuple[str, ...], own_hands: tuple[str, ...], decks: int | None, fmt: str) -> None:
    """Deal given cards step by step as the dealer would, and settle every bet."""
    from .play.engine import check_cards, deal_round
    from .report.play import render_round, render_round_json

    rule_set = load(rule_name, wager_files)
    sequence = parse_cards(cards)
    check_cards(sequence, Shoe.decks(decks if decks is not None else rule_set.decks))
    played = deal_round(rule_set, sequence, _seats(bets, own_hands))
    click.echo((render_round_json if fmt == "json" else render_round)(rule_set, played), nl=False)


# -------------------------------------------------------------- simulate


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set, a side-bet file of `baccarat rules`, or a path to a rule file.")
@wagers_option
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
def simulate(rule_name: str, wager_files: tuple[str, ...], rounds: int, seed: int | None, decks: int | None, remove: str, mode: Mode, cut_card: int,
             wagers: tuple[str, ...], workers: int | None, scheduler: str | None, fmt: str) -> int:
    """Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL)."""
    from .play.executor import open_executor
    from .play.simulate import plan, random_seed, run
    from .report.play import render_simulation, timing_text

    rule_set = load(rule_name, wager_files)
    planned = plan(rule_set, _shoe(rule_set, decks, remove), rounds=rounds, seed=random_seed() if seed is None else seed,
                   mode=mode, cut_card=cut_card, wagers=wagers)
    chunks = len(planned.tasks)
    with open_executor(min(workers or os.cpu_count() or 1, chunks), scheduler) as executor:
        with _progress(chunks, f"simulating ({executor.description})") as bar:
            finished = run(planned, executor, bar)
    click.echo(render_simulation(finished, fmt), nl=False)
    click.echo(timing_text(finished), err=True)
    return 0 if finished.passed else 1


def main() -> None:
    """Entry point of the ``baccarat`` console script."""
    cli(prog_name="baccarat")
