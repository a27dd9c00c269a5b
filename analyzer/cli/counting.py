"""The commands of counting studies: count, tags (count design) and depth."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..api.common import with_pays
from ..errors import InputError, shown
from ..game.shoe import CARDS_PER_ROUND
from .app import (
    cli,
    command_line,
    command_rules,
    emit,
    examples,
    progress,
)
from .bankroll import asked_of, bankroll_options, paths_of, write_paths
from .options import (
    MAX_SEED,
    MAX_SHOES,
    Whole,
    check_workers,
    check_writable,
    cores,
    decks_option,
    format_option,
    given,
    one_rule_set,
    pay_option,
    per_wager,
    scheduler_option,
    wagers_option,
    workers_option,
)

if TYPE_CHECKING:
    pass


@cli.command(
    epilog=examples(
        "baccarat count --rules live-pittsburgh --wager dragon-bonus-player --shoes 100",
        "baccarat count --rules dactylus --wager player-pair --wager banker-pair --shoes 100 --format json",
        "baccarat count --rules live-pittsburgh --wager dragon-bonus-banker --shoes 100 --play count --workers 2",
        "baccarat count --rules live-pittsburgh --wager dragon-bonus-player --shoes 100 --spread 1@4,2@6,4@8 "
        "--bankroll 500",
        "baccarat count --rules ez-baccarat --wager dragon-7 --shoes 100 --play count --bankroll 1000 --trip 2000",
    )
)
@one_rule_set()
@wagers_option("A wager to count (it needs a pay table); repeat for several, each bet on independently.", required=True)
@click.option(
    "--shoes",
    type=Whole(1, MAX_SHOES),
    default=1000,
    show_default=True,
    metavar="N",
    help=f"Shoes to deal (at most {MAX_SHOES:,}).",
)
@decks_option
@click.option(
    "--burn",
    default="standard",
    show_default=True,
    metavar="standard|none|N",
    help="standard: the first card is shown and as many cards as its value burned face down (a ten burns 10); "
    "none; or N cards burned face down.",
)
@click.option(
    "--cut-card", type=Whole(0, 52_000), default=14, show_default=True, metavar="N", help="Cards behind the cut card."
)
@click.option(
    "--last-round",
    type=click.Choice(("one-more", "cut")),
    default="one-more",
    show_default=True,
    help="one-more: the round in which the cut card comes out is finished and one more is dealt; cut: that round is "
    "the last.",
)
@click.option(
    "--play",
    type=click.Choice(("perfect", "count")),
    default="perfect",
    show_default=True,
    help="perfect: bet a wager when its exact expected value is above 0; count: when its count reaches --threshold.",
)
@click.option(
    "--tags",
    "tag_texts",
    multiple=True,
    metavar="[W:]TAGS",
    help="13 tags in A..K order, or 'A=1,2=1,...'; 'W:' for one wager (default: the balanced count of `baccarat eor`).",
)
@click.option(
    "--threshold",
    "thresholds",
    multiple=True,
    metavar="[W:]T",
    help="With --play count: bet when the count is at least T; 'W:' for one wager "
    "(default: the break-even true count).",
)
@click.option(
    "--threshold-on",
    "index",
    type=click.Choice(("true", "running")),
    default=None,
    help="The count the threshold is on (default: true for balanced tags, running for unbalanced ones).",
)
@click.option(
    "--spread",
    "spreads",
    multiple=True,
    metavar="[W:]U@T,...",
    help="A bet spread, played by the count: U units when the count is at least T, steps rising, e.g. "
    "'1@2,2@4,4@6' (none below the first); 'W:' for one wager. Implies --play count.",
)
@pay_option
@click.option(
    "--seed", type=Whole(0, MAX_SEED), default=0, show_default=True, metavar="S", help="Seed of the shuffles."
)
@workers_option
@scheduler_option
@click.option(
    "--per-shoe",
    "per_shoe",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    metavar="FILE",
    help="Also write each shoe's results to FILE (.csv or .json).",
)
@click.option(
    "--plot",
    "plot",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    metavar="FILE",
    help="Also draw the expected value by count and the per-shoe results to FILE (.png, .svg or .pdf; needs "
    "matplotlib).",
)
@bankroll_options
@format_option
def count(
    rule_name: str,
    wagers: tuple[str, ...],
    shoes: int,
    decks: int | None,
    burn: str,
    cut_card: int,
    last_round: str,
    play: str,
    tag_texts: tuple[str, ...],
    thresholds: tuple[str, ...],
    index: str | None,
    spreads: tuple[str, ...],
    pays: tuple[str, ...],
    seed: int,
    workers: int | None,
    scheduler: str | None,
    per_shoe: str | None,
    plot: str | None,
    bankroll: str | None,
    goal: str | None,
    trip_rounds: int | None,
    trip_shoes: int | None,
    exact_risk: bool,
    rounds_per_hour: int,
    paths_file: str | None,
    paths: int | None,
    fmt: str | None,
) -> None:
    """Counting study: deal shuffled shoes, bet on each wager when its exact EV (or its count) says so."""
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # before numpy loads BLAS:
        os.environ.setdefault(variable, "1")  # the workers are the parallelism; threaded BLAS only oversubscribes
    from ..api.counting import plan
    from ..play.executor import open_executor
    from ..report.count import count_document, per_shoe_document
    from ..studies.counting import run
    from ..studies.risk import study_risk

    asked = asked_of(bankroll, goal, trip_rounds, trip_shoes, rounds_per_hour)
    rule_set = with_pays(command_rules(rule_name), pays)
    decks = decks if decks is not None else rule_set.decks
    if per_shoe is not None:
        if Path(per_shoe).suffix not in (".csv", ".json"):
            raise InputError(f"--per-shoe {shown(per_shoe)} must end in .csv or .json.")
        check_writable("--per-shoe", per_shoe)
    if plot is not None:
        from ..report.to_plot import check_plot_path

        check_plot_path(plot)
        check_writable("--plot", plot)
    paths = paths_of(paths_file, paths, shoes)
    check_workers(workers, scheduler)
    study = plan(
        rule_set,
        wagers,
        shoes=shoes,
        decks=decks,
        burn=burn,
        cut_card=cut_card,
        last_round=last_round,
        play=play if given("play") else None,
        tags=per_wager("--tags", tag_texts, wagers),
        thresholds=per_wager("--threshold", thresholds, wagers),
        threshold_on=index,
        spreads=per_wager("--spread", spreads, wagers),
        seed=seed,
        exact_risk=exact_risk,
    )
    with (
        open_executor(min(workers or cores(), study.tasks), scheduler) as executor,
        progress(study.tasks, "dealing shoes") as bar,
    ):
        tally = run(
            study,
            executor,
            bar,
            keep_shoes=per_shoe is not None or plot is not None or paths_file is not None,
            keep_rounds=paths_file is not None,
        )
        emit(count_document(tally, executor.description, study_risk(tally, asked), asked), fmt)
    if per_shoe is not None:
        from ..report.output import produce
        from ..report.writing import write_file

        write_file(Path(per_shoe), produce(per_shoe_document(tally), Path(per_shoe).suffix[1:], command=command_line()))
    if plot is not None:
        from ..report.to_plot import render_plot

        render_plot(count_document(tally, executor.description), per_shoe_document(tally), plot)
    if paths_file is not None and paths is not None:
        write_paths(tally, paths, asked, paths_file)


@cli.command(
    epilog=examples(
        "baccarat tags --rules live-pittsburgh --wager dragon-bonus-player --shoes 200",
        "baccarat tags --rules live-pittsburgh --wager dragon-bonus-player --shoes 200 --unbalanced",
        "baccarat tags --rules ez-baccarat --wager dragon-7 --wager panda-8 --shoes 100",
        "baccarat tags --rules ez-baccarat --wager dragon-7 --wager panda-8 --shoes 40 --search",
        "baccarat tags --rules ez-baccarat --wager dragon-7 --wager panda-8 --shoes 20 --unbalanced --sheet",
    )
)
@one_rule_set()
@click.option(
    "--wager",
    "wagers",
    required=True,
    multiple=True,
    metavar="W",
    help="The wager to design a count for (it needs a pay table); twice or more for a co-count: one count, "
    "each wager bet at its own trigger.",
)
@click.option(
    "--shoes",
    type=Whole(1, MAX_SHOES),
    default=2000,
    show_default=True,
    metavar="N",
    help="Shoes to deal for the trigger search (the same shoes for every design).",
)
@decks_option
@click.option(
    "--seed", type=Whole(0, MAX_SEED), default=0, show_default=True, metavar="S", help="Seed of the shuffles."
)
@click.option(
    "--unbalanced",
    is_flag=True,
    help="Also the unbalanced count of each level (tags not adding up to 0), bet on the running count "
    "(a co-count: one running count, each wager with its own running-count trigger).",
)
@click.option(
    "--sheet",
    is_flag=True,
    help="Also a printable tracking sheet: the running count to bet at, round by round, for the best balanced "
    "design (a co-count: a column per wager).",
)
@click.option(
    "--search",
    is_flag=True,
    help="A co-count of two wagers: try every mix of their effects (nine weights) and keep, per level, the "
    "tags whose triggers take the most together on the shoes dealt.",
)
@workers_option
@format_option
def tags(
    rule_name: str,
    wagers: tuple[str, ...],
    shoes: int,
    decks: int | None,
    seed: int,
    unbalanced: bool,
    sheet: bool,
    search: bool,
    workers: int | None,
    fmt: str | None,
) -> None:
    """Count design: integer tags of each level from the effects of removal, and the trigger that wins the most."""
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    from ..play.executor import open_executor
    from ..report.codesign import co_design_document
    from ..report.design import design_document
    from ..studies.codesign import co_design, co_tracking_sheet
    from ..studies.design import design, tracking_sheet

    rule_set = command_rules(rule_name)
    check_workers(workers, None)
    if search and len(wagers) != 2:
        raise InputError(f"--search mixes two wagers' effects; give --wager twice ({len(wagers)} given).")
    for wager in wagers:
        rule_set.wager(wager)  # an unknown name is refused before any shoe is dealt
    with open_executor(workers or cores()) as executor:
        if len(wagers) > 1:
            found = co_design(
                rule_set,
                wagers,
                decks if decks is not None else rule_set.decks,
                shoes,
                seed,
                executor,
                search=search,
                unbalanced=unbalanced,
            )
            document = co_design_document(found, sheet, co_tracking_sheet(found) if sheet else None)
        else:
            designs = design(
                rule_set,
                wagers[0],
                decks if decks is not None else rule_set.decks,
                shoes,
                seed,
                executor,
                unbalanced=unbalanced,
            )
            document = design_document(designs, sheet, tracking_sheet(designs) if sheet else None)
    emit(document, fmt)


@cli.command(
    epilog=examples(
        "baccarat depth --rules live-pittsburgh --wager dragon-bonus-player --from 10 --to 11",
    )
)
@one_rule_set()
@click.option("--wager", "wager", required=True, metavar="W", help="The wager to study (it needs a pay table).")
@click.option(
    "--from",
    "low",
    type=Whole(CARDS_PER_ROUND, 100_000),
    default=10,
    show_default=True,
    metavar="K",
    help="The fewest unseen cards studied.",
)
@click.option(
    "--to",
    "high",
    type=Whole(CARDS_PER_ROUND, 100_000),
    default=14,
    show_default=True,
    metavar="K",
    help="The most unseen cards studied (the compositions grow fast: over the ten values 4.7 million at "
    "18, 70.6 million at 26; over the thirteen ranks 2.7 million at 12, 86 million at 18; a few seconds "
    "to some twenty each).",
)
@decks_option
@click.option(
    "--shoes",
    type=Whole(1, MAX_SHOES),
    default=100_000,
    show_default=True,
    metavar="N",
    help="Shoes dealt to estimate the rounds a shoe deals at each depth.",
)
@click.option("--seed", type=Whole(0, MAX_SEED), default=0, show_default=True, metavar="S", help="Seed of those shoes.")
@workers_option
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="A Dask scheduler (tcp://HOST:PORT or tls://HOST:PORT) whose workers share every depth, cut into parts of "
    "its compositions: no depth is refused for its size (the local workers take one depth each, up to 500 million "
    "compositions).",
)
@format_option
def depth(
    rule_name: str,
    wager: str,
    low: int,
    high: int,
    decks: int | None,
    shoes: int,
    seed: int,
    workers: int | None,
    scheduler: str | None,
    fmt: str | None,
) -> None:
    """The exact depth study: by unseen cards, the chance of an edge, the average edge and perfect play's gain."""
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")  # one thread per worker: the workers share the cores
    from ..api.studies import depth_study
    from ..report.depth import depth_document

    check_workers(workers, scheduler)
    if low > high:
        raise InputError("--from must be at most --to.")  # the library takes the range they make (unseen)
    emit(
        depth_document(
            depth_study(
                command_rules(rule_name),
                wager,
                decks=decks,
                unseen=range(low, high + 1),
                shoes=shoes,
                seed=seed,
                workers=workers or cores(),
                scheduler=scheduler,
            )
        ),
        fmt,
    )
