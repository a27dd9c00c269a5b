"""The command line's options: bounded number types, the options several commands share, shell completion.

Every number a command takes has a meaningful range, written here once and
named in its refusal (one line, exit status 2). A number is refused before
it is converted when it has more digits than its limit, so ``--decks
99999...9`` of thousands of digits costs nothing. What was decided, and why:

* ``--decks``: 1 to :data:`~analyzer.game.shoe.MAX_DECKS` (1,000), every
  command; ``baccarat formula`` covers any number of decks and the limit.
* ``--rounds`` (simulate): 1 to :data:`MAX_ROUNDS`; rounds are dealt in
  chunks made as they are needed, so memory does not grow with the rounds.
* ``--shoes`` (count): 1 to :data:`MAX_SHOES`; shoes are seeded and sent in
  chunks as they are needed, and summed as they come back.
* ``--workers``: 1 to :func:`max_workers` (four per core); a run never starts
  more workers than it has chunks. Default: one per core, for simulate and
  count alike.
* ``--seed``: 0 to 2**128 - 1 (numpy's SeedSequence uses 128 bits of entropy).
* ``--out``: a file in an existing folder that can be written, checked
  before anything is computed.
* ``--cut-card``, ``--upto``: see each command.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import InputError, shown
from ..game.shoe import MAX_DECKS
from ..report.output import ALL_FORMATS

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]

MAX_ROUNDS = 10**12
"""Simulated rounds: a trillion, about 3.5 hours locally at the measured 80 million rounds a second (2 workers)."""
MAX_SHOES = 10**9
"""Shoes of a counting study: a billion, about 80 billion rounds."""
MAX_SEED = 2**128 - 1
WORKERS_PER_CORE = 4


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most local workers a run may start: four per core (more only share the cores)."""
    return WORKERS_PER_CORE * cores()


if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..play.engine import Decision, Seat

if TYPE_CHECKING:  # click 8.3 and later make ParamType generic in the value it converts to
    _WholeType = click.ParamType[int, Any]
else:
    _WholeType = click.ParamType


class Whole(_WholeType):
    """A whole number from ``low`` to ``high``, refused before conversion when it has too many digits.

    >>> Whole(1, 1000).convert("8", None, None)
    8
    """

    name = "integer"

    def __init__(self, low: int, high: int, why: str = "") -> None:
        self.low, self.high, self.why = low, high, why

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip().replace("_", "").replace(",", "")
            if not re.fullmatch(r"[-+]?\d{1,60}", text):
                self.fail(f"{shown(str(value))} is not a whole number {self._range()}.", param, ctx)
            number = int(text)
        if not self.low <= number <= self.high:
            self.fail(f"{shown(number)} is not {self._range()}.", param, ctx)
        return number

    def _range(self) -> str:
        high = "2**128 - 1" if self.high == MAX_SEED else f"{self.high:,}"
        return f"from {self.low:,} to {high}" + (f" ({self.why})" if self.why else "")


class Workers(Whole):
    """``--workers``: 1 to four per core of this machine."""

    def __init__(self) -> None:
        super().__init__(1, max_workers(), f"four per core on this {cores()}-core machine; for more, use --scheduler")


# ------------------------------------------------------------- completion


def _complete_rules(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from click.shell_completion import CompletionItem  # only when completing (not on a command's path)

    from ..game.shipped import catalogue, games, shipped

    names = [CompletionItem(n) for n in (*shipped(), *games(), *catalogue()) if n.startswith(incomplete)]
    return names + [CompletionItem(incomplete, type="file")]


def _complete_wager(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Wager names: those of the rule sets already named on the line, else the standard ones."""
    from click.shell_completion import CompletionItem

    from ..exact.reach import load_rules
    from ..game.standard import standard_wagers

    given = ctx.params.get("rule_names") or ((ctx.params["rule_name"],) if ctx.params.get("rule_name") else ())
    names: list[str] = []
    try:
        for rules in given:
            names += [w.name for w in load_rules(rules).wagers if w.name not in names]
    except InputError:
        names = []
    return [CompletionItem(n) for n in (names or list(standard_wagers())) if n.startswith(incomplete)]


def wager_help() -> str:
    """The wager names, for the help of ``--wager``."""
    from ..game.standard import standard_wagers

    return f"W: {', '.join(standard_wagers())}, or a wager your rule file defines"


# -------------------------------------------------------- shared options

RULES_HELP = "A shipped rule set, a side-bet file of `baccarat rules` (e.g. golden-frog), or a path to a rule file"
WAGER_FILES_KEY = "wager_files"
"""Where ``--wagers`` leaves its files in the context (``ctx.meta``), for :func:`analyzer.cli.app.load_rules`."""


def _remember_wager_files(ctx: click.Context, _: click.Parameter, value: tuple[str, ...]) -> None:
    ctx.meta[WAGER_FILES_KEY] = value


def wager_files_option(command: F) -> F:
    """``--wagers FILE``, repeatable: the side bets of a file added to every rule set the command reads."""
    return click.option(
        "--wagers",
        "wager_files",
        multiple=True,
        metavar="NAME|FILE",
        expose_value=False,
        callback=_remember_wager_files,
        shell_complete=_complete_rules,
        help="Add the side bets of a rule file or wagers file (a side-bet file of `baccarat rules` such as "
        "golden-frog, or a path); repeat for several.",
    )(command)


def rules_option(command: F) -> F:
    """``--rules NAME|FILE``, repeatable, and ``--wagers FILE``."""
    command = wager_files_option(command)
    return click.option(
        "--rules",
        "rule_names",
        multiple=True,
        metavar="NAME|FILE",
        shell_complete=_complete_rules,
        help=f"{RULES_HELP}; repeat for several (default: every documented rule set).",
    )(command)


def one_rule_set(required: bool = True, default: str | None = None, what: str = "") -> Decorator[Any]:
    """``--rules NAME|FILE`` for a command that takes one rule set, and ``--wagers FILE``."""
    extra: dict[str, Any] = {} if default is None else {"default": default, "show_default": True}

    def decorate(command: F) -> F:
        command = wager_files_option(command)
        return click.option(
            "--rules",
            "rule_name",
            required=required,
            metavar="NAME|FILE",
            shell_complete=_complete_rules,
            help=what or f"{RULES_HELP}.",
            **extra,
        )(command)

    return decorate


decks_option = click.option(
    "--decks",
    type=Whole(1, MAX_DECKS),
    default=None,
    metavar="N",
    help=f"Decks in the shoe, 1 to {MAX_DECKS:,} (default: the rule set's, 8 for every shipped one).",
)
remove_option = click.option(
    "--remove",
    default="",
    metavar="CARDS",
    help="Cards already dealt, e.g. '5,5,K,A', with suits 'KH,9d', or with counts: '5x4,K' is four fives and a king.",
)
OUT_KEY = "out"
"""Where ``--out`` leaves its file in the context (``ctx.meta``), for :func:`analyzer.cli.app.emit`."""


def _remember_out(ctx: click.Context, _: click.Parameter, value: Path | None) -> None:
    ctx.meta[OUT_KEY] = writable_out(ctx, _, value)


def writable_out(ctx: click.Context, _: click.Parameter, value: Path | None) -> Path | None:
    """A click callback: ``--out FILE`` refused before anything is computed when it cannot be written, or when its
    suffix names a format whose writer is not installed."""
    if value is not None:
        check_writable("--out", str(value))
        if value.suffix.lower() in (".pdf", ".xlsx"):
            _installed_writer(value.suffix.lower()[1:])
    return value


def _installed_writer(fmt: str) -> None:
    from ..report.output import require_format

    require_format(fmt)


def _format_installed(ctx: click.Context, _: click.Parameter, value: str | None) -> str | None:
    """A click callback: ``--format`` refused before anything is computed when its writer is not installed."""
    if value is not None:
        _installed_writer(value)
    return value


def format_option(command: F) -> F:
    """``--format`` and ``--out``: every format to stdout, or to a file (xlsx and pdf only to a file)."""
    command = click.option(
        "--out",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        expose_value=False,
        callback=_remember_out,
        metavar="FILE",
        help="Write to FILE instead of stdout (xlsx and pdf need it); its suffix names the format when --format does "
        "not.",
    )(command)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(ALL_FORMATS),
        default=None,
        callback=_format_installed,
        help="Output format (default: table, or what the --out file's suffix names).",
    )(command)


exact_option = click.option("--exact", is_flag=True, help="Print exact fractions instead of decimals.")
jurisdiction_option = click.option(
    "--jurisdiction",
    default=None,
    metavar="NAME",
    help="Hold the game to one jurisdiction's regulatory checks only, named as the checks name it (e.g. 'New Jersey', "
    "Nevada, Macau, GLI-11); an unknown name lists them.",
)


pay_option = click.option(
    "--pay",
    "pays",
    multiple=True,
    metavar="WAGER:OUTCOME=PAYS",
    help="Change one pay first, e.g. 'tie:tie=9:1'; repeat for several.",
)


class _WagersOption(click.Option):
    """``--wager``, whose help ends with the standard wagers' names: read from package data when the help is shown,
    not when a command is defined (a command that runs does not parse the standard wagers' file for its options)."""

    def __init__(self, *args: Any, what: str = "", **kwargs: Any) -> None:
        self.what = what
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return f"{self.what} {wager_help()}."

    @help.setter
    def help(self, value: str | None) -> None:
        """Set by click's constructor (to nothing): the text is made when it is read."""


def wagers_option(what: str = "A wager; repeat for several (default: all).", required: bool = False) -> Decorator[Any]:
    """``--wager W``, repeatable, with the wager names in its help and in shell completion."""
    return click.option(
        "--wager",
        "wagers",
        cls=_WagersOption,
        what=what,
        multiple=True,
        required=required,
        metavar="W",
        shell_complete=_complete_wager,
    )


def wager_option(what: str, required: bool = True) -> Decorator[Any]:
    """``--wager W``, once (required unless ``required`` is False)."""
    return click.option(
        "--wager",
        required=required,
        metavar="W",
        shell_complete=_complete_wager,
        help=f"{what} {wager_help()}.",
    )


workers_option = click.option(
    "--workers",
    type=Workers(),
    default=None,
    metavar="N",
    help="Local worker processes (default: one per core; never more than the run has chunks).",
)
scheduler_option = click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="A Dask scheduler to run on instead of local workers: tcp://HOST:PORT or tls://HOST:PORT (see the README).",
)


# --------------------------------------------------------- option values

_BET = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<wager>[^:=\s]+)\s*=\s*(?P<stake>\d{1,9}(?:\.\d{1,6})?)")
_OWN_HAND = re.compile(r"(?:(?P<seat>\d{1,3})\s*:\s*)?(?P<decision>draw|stand)", re.IGNORECASE)


def parse_seats(bets: tuple[str, ...], own_hands: tuple[str, ...]) -> tuple[Seat, ...]:
    """Seats from ``--bet [SEAT:]WAGER=STAKE`` and ``--own-hand [SEAT:]DRAW|STAND`` (seat 1 when not named)."""
    from ..play.engine import Bet, Seat

    placed: dict[int, list[Bet]] = {}
    for text in bets:
        match = _BET.fullmatch(text.strip())
        if not match:
            raise InputError(
                f"--bet {shown(text)} is not [SEAT:]WAGER=STAKE; write e.g. --bet banker=10 or --bet 2:tie=2.50 "
                "(a stake is a number of units)."
            )
        placed.setdefault(int(match["seat"] or 1), []).append(Bet(match["wager"], Fraction(match["stake"])))
    decisions: dict[int, Decision] = {}
    for text in own_hands:
        match = _OWN_HAND.fullmatch(text.strip())
        if not match:
            raise InputError(
                f"--own-hand {shown(text)} is not [SEAT:]DRAW or [SEAT:]STAND; write e.g. --own-hand DRAW or "
                "--own-hand 2:STAND."
            )
        seat = int(match["seat"] or 1)
        if seat in decisions:
            raise InputError(f"Seat {seat} is given two own hands; a bettor plays at most one.")
        decisions[seat] = "draw" if match["decision"].lower() == "draw" else "stand"
    numbers = sorted(set(placed) | set(decisions))
    return tuple(Seat(n, tuple(placed.get(n, ())), decisions.get(n)) for n in numbers)


def check_workers(workers: int | None, scheduler: str | None) -> None:
    """Refuse ``--workers`` beside ``--scheduler``: the cluster's workers run the chunks, so it would be ignored."""
    if workers is not None and scheduler is not None:
        raise InputError(
            "--workers sets local worker processes; with --scheduler the cluster's workers run the "
            "chunks, so give one of the two."
        )


def given(name: str) -> bool:
    """Whether the option ``name`` (its parameter name) was given on the command line, not left to its default."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def check_writable(option: str, path: str) -> None:
    """Refuse, before any dealing, a file that cannot be written: its folder must exist and be writable."""
    folder = Path(path).parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK) or Path(path).is_dir():
        raise InputError(
            f"{option} {shown(path)} cannot be written: give a file in an existing folder you can write to."
        )
    from ..report.writing import not_writable_over

    refused = not_writable_over(Path(path))
    if refused is not None:
        raise InputError(f"{option} {shown(path)}: {refused}")


def per_wager(option: str, texts: tuple[str, ...], wagers: tuple[str, ...]) -> dict[str | None, str]:
    """``[W:]VALUE`` options by wager (``None``: every wager not named), each given at most once."""
    given: dict[str | None, str] = {}
    for text in texts:
        name, colon, rest = text.partition(":")
        wager = name.strip() if colon else None
        if wager is not None and wager not in wagers:
            raise InputError(
                f"{option} {shown(text)} names {shown(wager)}, which is not one of the study's wagers "
                f"({', '.join(wagers)})."
            )
        if wager in given:
            raise InputError(f"{option} is given twice for {wager or 'every wager'}.")
        given[wager] = rest if colon else text
    return given
