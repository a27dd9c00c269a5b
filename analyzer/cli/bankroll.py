"""count's money options: the bankroll, the goal, the trips, and the bankroll paths' file (``--bankroll-plot``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import InputError, shown
from ..studies.risk import MOST_TRIP
from .app import command_line
from .options import MAX_SHOES, Whole, check_writable

if TYPE_CHECKING:
    from ..studies.risk import Asked
    from ..studies.tally import Tally

F = TypeVar("F", bound=Callable[..., Any])


def bankroll_options(command: F) -> F:
    """``--bankroll``, ``--goal``, ``--trip``, ``--trip-shoes``, ``--exact-risk``, ``--rounds-per-hour``,
    ``--bankroll-plot`` and ``--paths``, in that order on the help page."""
    options = (
        click.option(
            "--bankroll",
            "bankroll",
            default=None,
            metavar="UNITS",
            help="Also the lifetime risk of ruin and the Kelly bet for a bankroll of UNITS bets (exact, beside the "
            "Brownian approximation).",
        ),
        click.option(
            "--goal",
            "goal",
            default=None,
            metavar="UNITS",
            help="With --bankroll: the risk of ruin before winning UNITS.",
        ),
        click.option(
            "--trip",
            "trip_rounds",
            type=Whole(1, MOST_TRIP),
            default=None,
            metavar="ROUNDS",
            help="Also a trip of ROUNDS rounds: the chance of being behind at its end and, with --bankroll, of ruin "
            "(and of the goal) within it.",
        ),
        click.option(
            "--trip-shoes",
            "trip_shoes",
            type=Whole(1, MOST_TRIP),
            default=None,
            metavar="SHOES",
            help="The same for a trip of SHOES shoes, from the law of a shoe's result.",
        ),
        click.option(
            "--exact-risk/--no-exact-risk",
            "exact_risk",
            default=True,
            show_default=True,
            help="Tally the exact laws of the rounds' and shoes' results, for the exact risk figures (about 1.5 ms a "
            "shoe more); without, the risk figures are the Brownian ones of the results dealt.",
        ),
        click.option(
            "--rounds-per-hour",
            "rounds_per_hour",
            type=Whole(1, 10_000),
            default=80,
            show_default=True,
            metavar="N",
            help="Rounds dealt an hour, for the hours to N0.",
        ),
        click.option(
            "--bankroll-plot",
            "paths_file",
            type=click.Path(dir_okay=False, writable=True),
            default=None,
            metavar="FILE",
            help="Also the 5/25/50/75/95% quantiles of the bankroll paths' cumulative result by rounds "
            "played: a plot (.png, .svg, .pdf) or their table (.csv, .json).",
        ),
        click.option(
            "--paths",
            "paths",
            type=Whole(2, MAX_SHOES),
            default=None,
            metavar="N",
            help="With --bankroll-plot: the paths, runs of consecutive shoes (default: 100, or the shoes if fewer).",
        ),
    )
    for option in reversed(options):
        command = option(command)
    return command


def asked_of(
    bankroll: str | None, goal: str | None, trip_rounds: int | None, trip_shoes: int | None, rounds_per_hour: int
) -> Asked:
    """What the risk figures are asked for, from the options' texts (refused in one line when malformed)."""
    from ..studies.risk import Asked, Bankroll

    if goal is not None and bankroll is None:
        raise InputError("--goal goes with --bankroll (the risk of ruin before winning the goal).")
    money = (
        None
        if bankroll is None
        else Bankroll(_units("--bankroll", bankroll), None if goal is None else _units("--goal", goal), rounds_per_hour)
    )
    return Asked(money, trip_rounds, trip_shoes, rounds_per_hour)


def paths_of(paths_file: str | None, paths: int | None, shoes: int) -> int | None:
    """The bankroll paths to draw (``--paths``, or its default), checked before any shoe is dealt."""
    if paths is not None and paths_file is None:
        raise InputError("--paths goes with --bankroll-plot (the bankroll paths drawn).")
    if paths_file is None:
        return None
    from ..report.to_plot import check_plot_path
    from ..studies.paths import DEFAULT_PATHS, check_paths

    check_plot_path(paths_file, "--bankroll-plot", also=(".csv", ".json"))
    check_writable("--bankroll-plot", paths_file)
    chosen = min(DEFAULT_PATHS, shoes) if paths is None else paths
    check_paths(chosen, shoes)
    return chosen


def write_paths(tally: Tally, paths: int, asked: Asked, file: str) -> None:
    """``--bankroll-plot FILE``: the bankroll paths' quantiles (of the total with several wagers), drawn or as a
    table."""
    from ..report.paths import paths_document
    from ..studies.paths import bankroll_paths

    column = 0 if len(tally.study.wagers) == 1 else len(tally.study.wagers)
    bankroll = None if asked.bankroll is None else asked.bankroll.units
    document = paths_document(bankroll_paths(tally, column, paths, bankroll), tally)
    if Path(file).suffix.lower() in (".csv", ".json"):
        from ..report.output import produce
        from ..report.writing import write_file

        write_file(Path(file), produce(document, Path(file).suffix[1:].lower(), command=command_line()))
    else:
        from ..report.to_plot import render_paths

        render_paths(document, file)


def _units(option: str, text: str) -> Fraction:
    """A number of betting units, exactly: "1000" or "250.5"."""
    if not re.fullmatch(r"\d{1,12}(\.\d{1,6})?", text.strip()):
        raise InputError(f"{option} {shown(text)} is not a number of units such as 1000 or 250.5.")
    return Fraction(text.strip())
