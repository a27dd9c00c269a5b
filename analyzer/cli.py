"""The ``baccarat`` command. Click parses and prints; the modules compute.

Every error from bad input is one line on stderr, ``baccarat: error: ...``,
with exit status 2 and no traceback, at most :data:`MAX_ERROR` characters
long. Bare ``baccarat`` prints the help. Every command's help ends with
examples, which the tests run.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .errors import InputError, shown
from .exact.parsheet import par_sheets
from .game.cards import parse_cards, parse_removal
from .game.odds import parse_pays, parse_percent
from .game.rulefile import load, shipped
from .game.rules import RuleSet
from .game.shoe import Shoe
from .options import (
    MAX_ROUNDS,
    MAX_SEED,
    MAX_SHOES,
    Whole,
    check_writable,
    cores,
    decks_option,
    exact_option,
    format_option,
    one_rule_set,
    parse_seats,
    pay_option,
    per_wager,
    remove_option,
    rules_option,
    scheduler_option,
    wager_option,
    wagers_option,
    workers_option,
)
from .report.analysis import analysis_document, compare_document, rule_list_document, rule_set_document
from .report.render import render

if TYPE_CHECKING:
    from .play.simulate import Mode

MODES: tuple[str, ...] = ("top", "shoe")
"""The simulator's dealing modes (:data:`analyzer.play.simulate.MODES`, kept here so start-up imports no numpy)."""


MAX_ERROR = 600
"""The longest error line printed; values inside are already quoted short (:func:`analyzer.errors.shown`)."""


class _Baccarat(click.Group):
    """A click group whose errors are one line on stderr and exit status 2; bare, it prints its help."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # noqa: D102
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as bare:
            click.echo(bare.ctx.get_help())
            sys.exit(0)
        except (click.ClickException, InputError) as error:
            message = error.format_message() if isinstance(error, click.ClickException) else str(error)
            line = re.sub(r"'([^']{100})[^']{20,}'", r"'\1...'", " ".join(message.split()))  # click quotes values whole
            if len(line) > MAX_ERROR:
                line = line[:MAX_ERROR] + "... (cut)"
            click.echo(f"baccarat: error: {line}", err=True)
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
    return Shoe.decks(decks if decks is not None else rules.decks).remove(parse_removal(remove))


_PAY = re.compile(r"(?P<wager>[^:=]+):(?P<outcome>[^=]+)=(?P<pays>.+)")


def _with_pays(rules: RuleSet, overrides: tuple[str, ...]) -> RuleSet:
    for text in overrides:
        match = _PAY.fullmatch(text.strip())
        if not match:
            raise InputError(f"--pay {shown(text)} is not WAGER:OUTCOME=PAYS, e.g. --pay 'tie:tie=9:1'.")
        rules = rules.with_pays(match["wager"].strip(), match["outcome"].strip(), parse_pays(match["pays"]))
    return rules




@click.group(cls=_Baccarat)
@click.version_option(__version__, prog_name="baccarat")
def cli() -> None:
    """Exact mini-baccarat analysis: par sheets for every documented rule set."""


def _examples(*lines: str) -> str:
    """A help epilog of example command lines (kept as written; the tests run every one)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


@cli.group(invoke_without_command=True, epilog=_examples("baccarat rules", "baccarat rules show punto-banco"))
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the shipped rule sets (or `rules show NAME`)."""
    if ctx.invoked_subcommand is None:
        click.echo(render(rule_list_document(_rule_sets(())), "table"), nl=False)


@rules.command("show", epilog=_examples("baccarat rules show punto-banco"))
@click.argument("name", metavar="NAME|FILE")
def rules_show(name: str) -> None:
    """Print a rule set's drawing chart and every pay table, and the full path of its file (copy it to write your own)."""
    click.echo(render(rule_set_document(load(name)), "table"), nl=False)


@cli.command(epilog=_examples(
    "baccarat analyze --rules dactylus --wager banker",
    "baccarat analyze --rules punto-banco --decks 6 --remove 5x4,K --pay 'tie:tie=9:1' --wager tie --format json",
))
@rules_option
@decks_option
@remove_option
@wagers_option("A wager to analyse; repeat for several (default: all).")
@pay_option
@format_option
@exact_option
def analyze(rule_names: tuple[str, ...], decks: int | None, remove: str, wagers: tuple[str, ...],
            pays: tuple[str, ...], fmt: str, exact: bool) -> None:
    """Par sheets: every outcome's exact count and probability, house edge and more."""
    documents = []
    for rule_set in _rule_sets(rule_names):
        rule_set = _with_pays(rule_set, pays)
        shoe = _shoe(rule_set, decks, remove)
        documents.append(analysis_document(rule_set, shoe, par_sheets(rule_set, shoe, wagers)))
    click.echo(render(documents, fmt, exact), nl=False)


def _variant(rules: RuleSet, pays: tuple[str, ...]) -> RuleSet:
    """``rules`` with the pays changed, named after the change (a column of its own in compare)."""
    changed = _with_pays(rules, pays)
    label = ", ".join(f"{m['outcome'].strip()} {m['pays'].strip()}" for m in (_PAY.fullmatch(t.strip()) for t in pays) if m)
    return replace(changed, name=f"{rules.name}, {label}")


@cli.command(epilog=_examples("baccarat compare", "baccarat compare --rules punto-banco --pay 'tie:tie=9:1'"))
@rules_option
@decks_option
@remove_option
@click.option("--pay", "pays", multiple=True, metavar="WAGER:OUTCOME=PAYS",
              help="Show beside each rule set a copy with this pay changed, e.g. 'tie:tie=9:1' (8:1 and 9:1 side by "
                   "side); repeat to change several pays in the copy.")
@format_option
@exact_option
def compare(rule_names: tuple[str, ...], decks: int | None, remove: str, pays: tuple[str, ...], fmt: str,
            exact: bool) -> None:
    """One matrix: the house edge of every wager under every rule set."""
    analyses = []
    shoe = None
    for rule_set in _rule_sets(rule_names):
        shoe = _shoe(rule_set, decks if decks is not None else 8, remove)
        analyses.append((rule_set, par_sheets(rule_set, shoe)))
        if pays:
            variant = _variant(rule_set, pays)
            analyses.append((variant, par_sheets(variant, shoe)))
    assert shoe is not None
    click.echo(render(compare_document(shoe, analyses, exact), fmt, exact), nl=False)


@cli.command(epilog=_examples("baccarat tables --out my-results"))
@click.option("--out", default="results", show_default=True, metavar="DIR",
              help="Folder to write the tables to: new, empty, or written by an earlier `baccarat tables` "
                   "(it is replaced as a whole).")
def tables(out: str) -> None:
    """Regenerate results/: par sheets of every shipped rule set and the comparison."""
    from .report.results import generate, staged, steps

    with staged(out) as stage:  # the folder is checked, and a staging folder made, before anything is computed
        with _progress(steps(), "computing the tables") as bar:
            files = generate(bar)
        for path in stage.commit(files):
            click.echo(f"wrote {path}")


@cli.command("own-cards", epilog=_examples("baccarat own-cards", "baccarat own-cards --decks 6 --remove 5x4"))
@one_rule_set(required=False, default="mini-louisiana",
              what="A rule set that offers Play Your Own Cards (an [own_cards] table), or a path to a rule file.")
@decks_option
@remove_option
@format_option
@exact_option
def own_cards(rule_name: str, decks: int | None, remove: str, fmt: str, exact: bool) -> None:
    """Play Your Own Cards (000 CASE 2): when the own hand should draw, and three strategies' house edges."""
    from .report.owncards import own_cards_document
    from .studies.owncards import analyse

    rule_set = load(rule_name)
    analysis = analyse(rule_set, _shoe(rule_set, decks, remove))
    click.echo(render(own_cards_document(analysis, exact), fmt, exact), nl=False)


@cli.command(epilog=_examples("baccarat formula --rules dactylus --wager player-pair --upto 10"))
@rules_option
@remove_option
@wagers_option("A wager; repeat for several (default: all).")
@pay_option
@click.option("--upto", type=Whole(1, 1000), default=8, show_default=True, metavar="N",
              help="Print the values for d = 1..N decks (N from 1 to 1,000).")
@click.option("--outcomes", is_flag=True, help="Also print each outcome's count polynomial and its limit.")
@format_option
def formula(rule_names: tuple[str, ...], remove: str, wagers: tuple[str, ...], pays: tuple[str, ...], upto: int,
            outcomes: bool, fmt: str) -> None:
    """House edge as an exact rational function of the number of decks d, and its limit."""
    from .report.formula import formula_document
    from .studies.formula import formulas

    removed = parse_removal(remove)
    chosen = [_with_pays(rule_set, pays) for rule_set in _rule_sets(rule_names)]
    steps = sum(len(wagers) or len(r.wagers) for r in chosen)
    with _progress(steps, "fitting formulas") as bar:
        results = [formulas(rule_set, removed, wagers, bar) for rule_set in chosen]
    click.echo(render([formula_document(f, upto, outcomes) for f in results], fmt), nl=False)


@cli.command(epilog=_examples(
    "baccarat solve --rules punto-banco --wager tie --outcome tie --edge 2%",
    "baccarat solve --rules live-pittsburgh --wager dragon-bonus-player --outcome 'win by 9, non-natural' --edge 5%",
))
@rules_option
@decks_option
@remove_option
@wager_option("The wager whose pay table is solved.")
@click.option("--outcome", default=None, metavar="O",
              help="The outcome whose pay is solved (with --shape: the one solved again after rounding; default the top award).")
@click.option("--shape", "shape", multiple=True, metavar="OUTCOME=WEIGHT",
              help="Pays in this shape, one common multiplier solved; repeat for each outcome, e.g. --shape 'win by 9, non-natural=30'.")
@click.option("--edge", required=True, metavar="PERCENT",
              help="The target house edge, e.g. 2%; below 100%, and negative for a player's advantage (e.g. -1%).")
@pay_option
@format_option
def solve(rule_names: tuple[str, ...], decks: int | None, remove: str, wager: str, outcome: str | None,
          shape: tuple[str, ...], edge: str, pays: tuple[str, ...], fmt: str) -> None:
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
    click.echo(render(solved_documents(items), fmt), nl=False)


@cli.command("verify", epilog=_examples("baccarat verify examples/claims.toml"))
@click.argument("claims_file", metavar="CLAIMS.toml")
@format_option
def verify_command(claims_file: str, fmt: str) -> int:
    """Check a file of claimed figures: each CONFIRMED or REFUTED; exit status 1 when any is refuted."""
    from .report.verify import verdicts_document
    from .studies.verify import load_claims, verify

    claims = load_claims(claims_file)
    verdicts = verify(claims)
    click.echo(render(verdicts_document(claims, verdicts), fmt), nl=False)
    return 0 if all(v.confirmed for v in verdicts) else 1


@cli.command(epilog=_examples(
    "baccarat eor --rules live-pittsburgh --wager banker --wager dragon-bonus-player",
    "baccarat eor --rules punto-banco --wager tie --pay 'tie:tie=9:1' --remove 5x4",
))
@rules_option
@decks_option
@remove_option
@wagers_option("A wager; repeat for several (default: every wager with a pay table).")
@pay_option
@format_option
def eor(rule_names: tuple[str, ...], decks: int | None, remove: str, wagers: tuple[str, ...], pays: tuple[str, ...],
        fmt: str) -> None:
    """Effects of removal: each rank's exact effect on each wager's expected value, and a balanced count."""
    from .report.eor import eor_document
    from .studies.eor import removal_table

    chosen = [_with_pays(r, pays) for r in _rule_sets(rule_names)]
    click.echo(render([eor_document(removal_table(r, _shoe(r, decks, remove), wagers)) for r in chosen], fmt), nl=False)


@cli.command(epilog=_examples(
    "baccarat count --rules live-pittsburgh --wager dragon-bonus-player --shoes 100",
    "baccarat count --rules dactylus --wager player-pair --wager banker-pair --shoes 100 --format json",
    "baccarat count --rules live-pittsburgh --wager dragon-bonus-banker --shoes 100 --play count --workers 2",
))
@one_rule_set()
@wagers_option("A wager to count (it needs a pay table); repeat for several, each bet on independently.", required=True)
@click.option("--shoes", type=Whole(1, MAX_SHOES), default=1000, show_default=True, metavar="N",
              help=f"Shoes to deal (at most {MAX_SHOES:,}).")
@decks_option
@click.option("--burn", default="standard", show_default=True, metavar="standard|none|N",
              help="standard: the first card is shown and as many cards as its value burned face down (a ten burns 10); "
                   "none; or N cards burned face down.")
@click.option("--cut-card", type=Whole(0, 52_000), default=14, show_default=True, metavar="N", help="Cards behind the cut card.")
@click.option("--last-round", type=click.Choice(("one-more", "cut")), default="one-more", show_default=True,
              help="one-more: the round in which the cut card comes out is finished and one more is dealt; cut: that round is the last.")
@click.option("--play", type=click.Choice(("perfect", "count")), default="perfect", show_default=True,
              help="perfect: bet a wager when its exact expected value is above 0; count: when its count reaches --threshold.")
@click.option("--tags", "tag_texts", multiple=True, metavar="[W:]TAGS",
              help="13 tags in A..K order, or 'A=1,2=1,...'; 'W:' for one wager (default: the balanced count of `baccarat eor`).")
@click.option("--threshold", "thresholds", multiple=True, metavar="[W:]T",
              help="With --play count: bet when the count is at least T; 'W:' for one wager (default: the break-even true count).")
@click.option("--threshold-on", "index", type=click.Choice(("true", "running")), default=None,
              help="The count the threshold is on (default: true for balanced tags, running for unbalanced ones).")
@pay_option
@click.option("--seed", type=Whole(0, MAX_SEED), default=0, show_default=True, metavar="S", help="Seed of the shuffles.")
@workers_option
@scheduler_option
@click.option("--per-shoe", "per_shoe", type=click.Path(dir_okay=False, writable=True), default=None, metavar="FILE",
              help="Also write each shoe's results to FILE (.csv or .json).")
@click.option("--plot", "plot", type=click.Path(dir_okay=False, writable=True), default=None, metavar="FILE",
              help="Also draw the expected value by count and the per-shoe results to FILE (.png, .svg or .pdf; needs matplotlib).")
@format_option
def count(rule_name: str, wagers: tuple[str, ...], shoes: int, decks: int | None, burn: str, cut_card: int,
          last_round: str, play: str, tag_texts: tuple[str, ...], thresholds: tuple[str, ...], index: str | None,
          pays: tuple[str, ...], seed: int, workers: int | None, scheduler: str | None, per_shoe: str | None,
          plot: str | None, fmt: str) -> None:
    """Counting study: deal shuffled shoes, bet on each wager when its exact EV (or its count) says so."""
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # before numpy loads BLAS:
        os.environ.setdefault(variable, "1")  # the workers are the parallelism; threaded BLAS only oversubscribes
    from .play.executor import open_executor
    from .report.count import count_document, per_shoe_document
    from .studies.counting import (
        SHOES_PER_TASK,
        Procedure,
        Study,
        WagerPlan,
        counter_for,
        parse_tags,
        parse_threshold,
        run,
    )

    rule_set = _with_pays(load(rule_name), pays)
    decks = decks if decks is not None else rule_set.decks
    if per_shoe is not None:
        if Path(per_shoe).suffix not in (".csv", ".json"):
            raise InputError(f"--per-shoe {shown(per_shoe)} must end in .csv or .json.")
        check_writable("--per-shoe", per_shoe)
    if plot is not None:
        from .report.to_plot import check_plot_path

        check_plot_path(plot)
        check_writable("--plot", plot)
    if not re.fullmatch(r"standard|none|\d{1,4}", burn):
        raise InputError(f"--burn {shown(burn)} is not standard, none or a whole number of cards.")
    procedure = Procedure(burn=int(burn) if burn.isdigit() else burn, cut_card=cut_card, last_round=last_round)
    tags = {w: parse_tags(t) for w, t in per_wager("--tags", tag_texts, wagers).items()}
    limits = {w: parse_threshold(t) for w, t in per_wager("--threshold", thresholds, wagers).items()}
    if play == "perfect" and limits:
        raise InputError("--threshold applies to --play count only.")
    plans = []
    for wager in wagers:
        rule_set.wager(wager)  # an unknown wager is refused before any counting
        chosen_tags = tags.get(wager, tags.get(None))
        chosen_limit = limits.get(wager, limits.get(None))
        if play == "perfect" and chosen_tags is None and index is None:
            counter = None if not rule_set.wager(wager).has_pay_table else counter_for(rule_set, wager, decks, None, None, None)
        else:
            counter = counter_for(rule_set, wager, decks, chosen_tags, chosen_limit, index)
        if play == "count" and counter is None:
            raise InputError(f"Every effect of removal on {wager} is 0, so no linear count follows it; give --tags and --threshold.")
        plans.append(WagerPlan(wager, counter))
    study = Study(rules=rule_set, wagers=tuple(plans), shoes=shoes, decks=decks, play="count" if play == "count" else "perfect",
                  seed=seed, procedure=procedure)
    tasks = -(-shoes // SHOES_PER_TASK)
    with open_executor(min(workers or cores(), tasks), scheduler) as executor, _progress(tasks, "dealing shoes") as bar:
        tally = run(study, executor, bar, keep_shoes=per_shoe is not None or plot is not None)
        click.echo(render(count_document(tally, executor.description), fmt), nl=False)
    if per_shoe is not None:
        from .report.results import write_file

        write_file(Path(per_shoe), render(per_shoe_document(tally), Path(per_shoe).suffix[1:]))
    if plot is not None:
        from .report.to_plot import render_plot

        render_plot(count_document(tally, executor.description), per_shoe_document(tally), plot)


# ------------------------------------------------------------------ deal

@cli.command(epilog=_examples(
    "baccarat deal --rules live-pittsburgh --cards '9 K 3 5 4 2' --bet 2:player=5 --bet 2:dragon-bonus-player=1",
    "baccarat deal --rules mini-louisiana --cards '9 K 3 5 4 2 7 8 J' --bet player=10 --own-hand DRAW",
))
@one_rule_set()
@click.option("--cards", required=True, metavar="CARDS", help="The cards in the order they leave the shoe, e.g. '9 K 3 5 4 2'.")
@click.option("--bet", "bets", multiple=True, metavar="[SEAT:]WAGER=STAKE",
              help="A bet, e.g. banker=10 or 2:tie=2.50 (seat 1 when no seat is named); repeat for several. A side "
                   "bet such as 2:dragon-bonus-player=1 needs a main bet at its seat, e.g. 2:player=5.")
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
    played = deal_round(rule_set, sequence, parse_seats(bets, own_hands))
    click.echo(render(round_document(rule_set, played), fmt), nl=False)


# -------------------------------------------------------------- simulate


@cli.command(epilog=_examples(
    "baccarat simulate --rules live-pittsburgh --rounds 200000 --seed 1",
    "baccarat simulate --rules punto-banco --mode shoe --rounds 100000 --seed 7 --pay 'tie:tie=9:1'",
))
@one_rule_set()
@click.option("--rounds", type=Whole(1, MAX_ROUNDS), default=1_000_000, show_default=True, metavar="N",
              help=f"Rounds to deal, at most {MAX_ROUNDS:,} (shoe mode: about this many, in whole shoes).")
@click.option("--seed", type=Whole(0, MAX_SEED), default=None, metavar="S",
              help="Seed of the run (default: a random one, printed).")
@decks_option
@remove_option
@click.option("--mode", type=click.Choice(MODES), default="top", show_default=True,
              help="top: every round off the top of a full shoe; shoe: deal through shoes to a cut card.")
@click.option("--cut-card", type=Whole(5, 52_000), default=14, show_default=True, metavar="N",
              help="Shoe mode: cards behind the cut card.")
@wagers_option("A wager to check; repeat for several (default: every wager offered).")
@pay_option
@workers_option
@scheduler_option
@format_option
def simulate(rule_name: str, rounds: int, seed: int | None, decks: int | None, remove: str, mode: Mode, cut_card: int,
             wagers: tuple[str, ...], pays: tuple[str, ...], workers: int | None, scheduler: str | None,
             fmt: str) -> int:
    """Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL)."""
    from .play.executor import open_executor
    from .play.simulate import plan, random_seed, run
    from .report.play import simulation_document, timing_text

    rule_set = _with_pays(load(rule_name), pays)
    planned = plan(rule_set, _shoe(rule_set, decks, remove), rounds=rounds, seed=random_seed() if seed is None else seed,
                   mode=mode, cut_card=cut_card, wagers=wagers)
    with open_executor(min(workers or cores(), planned.chunks), scheduler) as executor:
        with _progress(planned.chunks, f"simulating ({executor.description})") as bar:
            finished = run(planned, executor, bar)
    click.echo(render(simulation_document(finished), fmt), nl=False)
    click.echo(timing_text(finished), err=True)
    return 0 if finished.passed else 1


def main() -> None:
    """Entry point of the ``baccarat`` console script."""
    cli(prog_name="baccarat")
