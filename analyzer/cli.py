"""The ``baccarat`` command. Click parses and prints; the modules compute.

Every error from bad input is one line on stderr, ``baccarat: error: ...``,
with exit status 2 and no traceback.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .errors import InputError
from .exact.parsheet import par_sheets
from .game.cards import parse_cards
from .game.odds import parse_pays, parse_percent
from .game.rulefile import load, shipped
from .game.rules import RuleSet
from .game.shoe import Shoe
from .report.analysis import analysis_document, compare_document, rule_list_document, rule_set_document
from .report.model import Document
from .report.output import ALL_FORMATS, chosen_format, produce, write_file
from .report.provenance import provenance

if TYPE_CHECKING:
    from .play.engine import Decision, Seat
    from .play.simulate import Mode

MODES: tuple[str, ...] = ("top", "shoe")
"""The simulator's dealing modes (:data:`analyzer.play.simulate.MODES`, kept here so start-up imports no numpy)."""


class _Baccarat(click.Group):
    """A click group whose errors are one line on stderr and exit status 2."""

    command_line: str | None = None
    """The command line being run, as a shell would read it back (for the provenance of its output)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # noqa: D102
        given = kwargs.get("args", args[0] if args else None)
        words = list(given) if given is not None else sys.argv[1:]
        self.command_line = shlex.join(["baccarat", *words])
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
_OUT = "out"


def _remember_out(ctx: click.Context, _: click.Parameter, value: Path | None) -> None:
    ctx.meta[_OUT] = value


def format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--format`` and ``--out``: every format to stdout, or to a file (xlsx and pdf only to a file)."""
    command = click.option(
        "--out", type=click.Path(dir_okay=False, path_type=Path), default=None, expose_value=False,
        callback=_remember_out, metavar="FILE",
        help="Write to FILE instead of stdout (xlsx and pdf need it); its suffix names the format when --format does not.",
    )(command)
    return click.option(
        "--format", "fmt", type=click.Choice(ALL_FORMATS), default=None,
        help="Output format (default: table, or what the --out file's suffix names).",
    )(command)


def _emit(documents: Document | list[Document], fmt: str | None, exact: bool = False) -> None:
    """Write a command's documents where and how it was asked: stdout, or ``--out FILE``, in the chosen format."""
    ctx = click.get_current_context()
    out: Path | None = ctx.meta.get(_OUT)
    chosen = chosen_format(fmt, out)
    root = ctx.find_root().command
    content = produce(documents, chosen, exact, root.command_line if isinstance(root, _Baccarat) else None)
    if out is None:
        assert isinstance(content, str)
        click.echo(content, nl=False)
    else:
        write_file(out, content)
        click.echo(f"wrote {out}", err=True)


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
        _emit(rule_list_document(_rule_sets(())), "table")


@rules.command("show")
@click.argument("name", metavar="NAME|FILE")
def rules_show(name: str) -> None:
    """Print a rule set's drawing chart and every pay table."""
    _emit(rule_set_document(load(name)), "table")


@cli.command()
@rules_option
@decks_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager to analyse; repeat for several (default: all).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@format_option
@exact_option
def analyze(rule_names: tuple[str, ...], decks: int | None, remove: str, wagers: tuple[str, ...],
            pays: tuple[str, ...], fmt: str | None, exact: bool) -> None:
    """Par sheets: every outcome's exact count and probability, house edge and more."""
    documents = []
    for rule_set in _rule_sets(rule_names):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        documents.append(analysis_document(rule_set, shoe, par_sheets(rule_set, shoe, wagers)))
    _emit(documents, fmt, exact)


@cli.command()
@rules_option
@decks_option
@remove_option
@format_option
@exact_option
def compare(rule_names: tuple[str, ...], decks: int | None, remove: str, fmt: str | None, exact: bool) -> None:
    """One matrix: the house edge of every wager under every rule set."""
    analyses = []
    shoe = None
    for rule_set in _rule_sets(rule_names):
        shoe = _shoe(rule_set, decks if decks is not None else 8, remove)
        analyses.append((rule_set, par_sheets(rule_set, shoe)))
    assert shoe is not None
    _emit(compare_document(shoe, analyses, exact), fmt, exact)


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("results"),
              show_default=True, help="Folder to write the tables to.")
def tables(out: Path) -> None:
    """Regenerate results/: par sheets of every shipped rule set and the comparison."""
    from .report.results import generate, write

    for path in write(out, generate()):
        click.echo(f"wrote {path}")


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set or a path to a rule file.")
@decks_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W",
              help="A wager to evaluate; repeat for several (default: every wager the document offers).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.html|FILE.pdf",
              help="The report to write: HTML or PDF (or .md, .json, .txt, .xlsx), by the suffix.")
def report(rule_name: str, decks: int | None, remove: str, wagers: tuple[str, ...], pays: tuple[str, ...], out: Path) -> None:
    """A math evaluation report: rules, par sheets, volatility, plots, simulation, published figures, provenance."""
    from datetime import datetime, timezone

    from .report.evaluation import evaluate, evaluation_document

    fmt = chosen_format(None, out)
    rule_set = _with_pays(load(rule_name), pays)
    document = evaluation_document(evaluate(rule_set, _shoe(rule_set, decks, remove), wagers))
    root = click.get_current_context().find_root().command
    command = root.command_line if isinstance(root, _Baccarat) else None
    write_file(out, produce(document, fmt, command=command, generated=datetime.now(timezone.utc).strftime("%Y-%m-%d")))
    click.echo(f"wrote {out}", err=True)


@cli.command("own-cards")
@click.option("--rules", "rule_name", default="mini-louisiana", show_default=True, metavar="NAME|FILE",
              help="A rule set that offers Play Your Own Cards (an [own_cards] table), or a path to a rule file.")
@decks_option
@remove_option
@format_option
@exact_option
def own_cards(rule_name: str, decks: int | None, remove: str, fmt: str | None, exact: bool) -> None:
    """Play Your Own Cards (000 CASE 2): when the own hand should draw, and three strategies' house edges."""
    from .report.owncards import own_cards_document
    from .studies.owncards import analyse

    rule_set = load(rule_name)
    analysis = analyse(rule_set, _shoe(rule_set, decks, remove))
    _emit(own_cards_document(analysis, exact), fmt, exact)


@cli.command()
@rules_option
@remove_option
@click.option("--wager", "wagers", multiple=True, metavar="W", help="A wager; repeat for several (default: all).")
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="Change one pay, e.g. 'tie:tie=9:1'.")
@click.option("--upto", type=click.IntRange(min=1, max=1000), default=8, show_default=True, metavar="N",
              help="Print the values for d = 1..N decks.")
@click.option("--outcomes", is_flag=True, help="Also print each outcome's count polynomial and its limit.")
@format_option
def formula(rule_names: tuple[str, ...], remove: str, wagers: tuple[str, ...], pays: tuple[str, ...], upto: int,
            outcomes: bool, fmt: str | None) -> None:
    """House edge as an exact rational function of the number of decks d, and its limit."""
    from .report.formula import formula_document
    from .studies.formula import formulas

    removed = parse_cards(remove)
    results = [formulas(_with_pays(rule_set, pays), removed, wagers) for rule_set in _rule_sets(rule_names)]
    _emit([formula_document(f, upto, outcomes) for f in results], fmt)


@cli.command()
@rules_option
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
def solve(rule_names: tuple[str, ...], decks: int | None, remove: str, wager: str, outcome: str | None,
          shape: tuple[str, ...], edge: str, pays: tuple[str, ...], fmt: str | None) -> None:
    """The pay of one outcome, or a pay table in a given shape, for an exact house edge."""
    from .report.solve import Solved, solved_documents
    from .studies.solve import parse_shape, solve_pay, solve_shape

    target = parse_percent(edge)
    weights = parse_shape(shape)
    if not weights and outcome is None:
        raise InputError("solve needs --outcome O (the pay to solve) or --shape OUTCOME=WEIGHT (a pay table to scale).")
    items = []
    for rule_set in _rule_sets(rule_names):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        (sheet,) = par_sheets(rule_set, shoe, (wager,))
        solution = solve_shape(sheet, weights, target, outcome) if weights else solve_pay(sheet, outcome or "", target)
        items.append(Solved(rules=rule_set, shoe=shoe, sheet=sheet, solution=solution))
    _emit(solved_documents(items), fmt)


@cli.command("verify")
@click.argument("claims_file", metavar="FILE")
@click.option("--rules", "rule_name", default=None, metavar="NAME|FILE",
              help="A par sheet (.csv, .xlsx): the rule set to check it under.")
@decks_option
@remove_option
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS", help="A par sheet: change one pay first.")
@format_option
def verify_command(claims_file: str, rule_name: str | None, decks: int | None, remove: str, pays: tuple[str, ...],
                   fmt: str | None) -> int:
    """Check claimed figures (CLAIMS.toml) or a submitted par sheet (.csv, .xlsx with --rules): exit 1 when any is refuted."""
    from .report.verify import par_sheet_verdicts_document, verdicts_document
    from .studies.verify import load_claims, verify

    if claims_file.lower().endswith((".csv", ".xlsx")):
        from .studies.submitted import read_par_sheet

        if rule_name is None:
            raise InputError(f"{claims_file} is a par sheet: give the rule set to check it under with --rules NAME|FILE.")
        rule_set = _with_pays(load(rule_name), pays)
        shoe = _shoe(rule_set, decks, remove)
        claims = read_par_sheet(claims_file, rule_set, shoe)
        verdicts = verify(claims)
        _emit(par_sheet_verdicts_document(claims, verdicts, rule_set, shoe), fmt)
    else:
        if rule_name is not None or decks is not None or remove or pays:
            raise InputError("--rules, --decks, --remove and --pay are for a par sheet (.csv, .xlsx); "
                             "a claims file names them in each claim.")
        claims = load_claims(claims_file)
        verdicts = verify(claims)
        _emit(verdicts_document(claims, verdicts), fmt)
    return 0 if all(v.confirmed for v in verdicts) else 1


@cli.command()
@rules_option
@decks_option
@click.option("--wager", "wagers", multiple=True, metavar="W",
              help="A wager; repeat for several (default: every wager with a pay table).")
@format_option
def eor(rule_names: tuple[str, ...], decks: int | None, wagers: tuple[str, ...], fmt: str | None) -> None:
    """Effects of removal: each rank's exact effect on each wager's expected value, and a balanced count."""
    from .report.eor import eor_document
    from .studies.eor import removal_table

    documents = [eor_document(removal_table(r, _shoe(r, decks, ""), wagers)) for r in _rule_sets(rule_names)]
    _emit(documents, fmt)


@cli.command()
@click.option("--rules", "rule_name", required=True, metavar="NAME|FILE", help="A shipped rule set or a path to a rule file.")
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
def count(rule_name: str, wager: str, shoes: int, decks: int | None, cut_card: int, play: str, tags: str | None,
          threshold: str | None, seed: int, workers: int, scheduler: str | None, fmt: str | None) -> None:
    """Counting study: deal shuffled shoes, bet on the wager when the exact EV (or a count) says so."""
    from .play.executor import open_executor
    from .report.count import count_document
    from .studies.counting import SHOES_PER_TASK, Study, default_count, parse_tags, parse_threshold, run

    rule_set = load(rule_name)
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
        document = count_document(summary, executor.description)
        _emit(replace(document, provenance=provenance((rule_set,), f"{decks} decks")), fmt)


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
    from .play.engine import check_cards, deal_round
    from .report.play import round_document

    rule_set = load(rule_name)
    sequence = parse_cards(cards)
    check_cards(sequence, Shoe.decks(decks if decks is not None else rule_set.decks))
    played = deal_round(rule_set, sequence, _seats(bets, own_hands))
    _emit(round_document(rule_set, played), fmt)


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
             wagers: tuple[str, ...], workers: int | None, scheduler: str | None, fmt: str | None) -> int:
    """Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL)."""
    from .play.executor import open_executor
    from .play.simulate import plan, random_seed, run
    from .report.play import simulation_document, timing_text

    rule_set = load(rule_name)
    planned = plan(rule_set, _shoe(rule_set, decks, remove), rounds=rounds, seed=random_seed() if seed is None else seed,
                   mode=mode, cut_card=cut_card, wagers=wagers)
    chunks = len(planned.tasks)
    with open_executor(min(workers or os.cpu_count() or 1, chunks), scheduler) as executor:
        with _progress(chunks, f"simulating ({executor.description})") as bar:
            finished = run(planned, executor, bar)
    _emit(simulation_document(finished), fmt)
    click.echo(timing_text(finished), err=True)
    return 0 if finished.passed else 1


def main() -> None:
    """Entry point of the ``baccarat`` console script."""
    cli(prog_name="baccarat")
