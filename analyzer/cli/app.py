"""The ``baccarat`` group: its one-line errors, and what every command shares.

Every error from bad input is one line on stderr, ``baccarat: error: ...``,
with exit status 2 and no traceback, at most :data:`MAX_ERROR` characters
long. Bare ``baccarat`` prints the help. Every command's help ends with
examples, which the tests run. A command's documents go through
:func:`emit`: to stdout, or to ``--out FILE``, in the chosen format, with
the command line in their provenance.
"""

from __future__ import annotations

import importlib
import re
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..errors import InputError, worded_for

if TYPE_CHECKING:
    from ..game.rules import RuleSet
    from ..game.shoe import Shoe
    from ..report.model import Document

# The layers below are imported where they are used, so that `baccarat --help` (and shell
# completion) start with click alone: tests/test_cli.py holds start-up to that.

COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": ("exact", "Par sheets: every outcome's exact count and probability, house edge and more."),
    "compare": (
        "exact",
        "One matrix: the house edge of every wager under every rule set (one shoe: --decks, or the rule sets' own).",
    ),
    "count": (
        "counting",
        "Counting study: deal shuffled shoes, bet on each wager when its exact EV (or its count) says so.",
    ),
    "diff": (
        "diff",
        "The variation exhibit: each wager's exact change in house edge, RTP, hit frequency, SD and top award.",
    ),
    "depth": (
        "counting",
        "The exact depth study: by unseen cards, the chance of an edge, the average edge and perfect play's gain.",
    ),
    "deal": ("play", "Deal given cards step by step as the dealer would, and settle every bet."),
    "equilibrium": (
        "choices",
        "Exact equilibria of a game with choices (chemin de fer): values, mixes, strategy cards.",
    ),
    "eor": (
        "studies",
        "Effects of removal: each rank's exact effect on each wager's expected value, and a balanced count.",
    ),
    "formula": ("studies", "House edge as an exact rational function of the number of decks d, and its limit."),
    "information": (
        "information",
        "What seeing cards before betting is worth: the best bet per pattern seen, exactly; edge-sort searches.",
    ),
    "own-cards": (
        "exact",
        "Play Your Own Cards (000 CASE 2): when the own hand should draw, and three strategies' house edges.",
    ),
    "peek": (
        "peek",
        "Reveal and raise (Peek Baccarat): optimal play's par sheet and strategy card, never raising, by cards shown.",
    ),
    "report": (
        "exact",
        "A math evaluation report: a certificate, par sheets, plots, simulation, regulatory checks, provenance.",
    ),
    "rules": ("exact", "List the documented rule sets and the side-bet catalogue's files (or `rules show NAME`)."),
    "serve": (
        "serve",
        "The workbench: write, price, tune, compare and export side bets in the browser, live and exact.",
    ),
    "simulate": (
        "play",
        "Monte Carlo: deal many rounds and check every wager against its exact value (exit 1 on a FAIL).",
    ),
    "solve": ("studies", "The pay of one outcome, or a pay table in a given shape, for an exact house edge."),
    "tags": (
        "counting",
        "Count design: integer tags of each level from the effects of removal, and the trigger that wins the most.",
    ),
    "tables": ("exact", "Regenerate results/: par sheets of every shipped rule set and the comparison."),
    "verify": (
        "studies",
        "Check claimed figures, a submitted par sheet, or an electronic game against its live game: exit 1 if refuted.",
    ),
}
"""Every command: the module of :mod:`analyzer.cli` that defines it, and its short help (the first line of its
docstring, which a test holds equal). Register a new command here, in one line."""


def all_commands() -> dict[str, click.Command]:
    """Every command, loaded (for tests and generated references; the command line itself loads lazily)."""
    context = click.Context(cli)
    return {name: command for name in cli.list_commands(context) if (command := cli.get_command(context, name))}


MODES: tuple[str, ...] = ("top", "shoe")
"""The simulator's dealing modes (:data:`analyzer.play.chunks.MODES`, kept here so start-up imports no numpy)."""


MAX_ERROR = 600
"""The longest error line printed; values inside are already quoted short (:func:`analyzer.errors.shown`)."""


class Baccarat(click.Group):
    """A click group whose errors are one line on stderr and exit status 2; bare, it prints its help.

    Its commands load lazily: :data:`COMMANDS` names each command's module and short help, so
    ``baccarat --help`` imports no command module and a command imports only its own family's.
    """

    command_line: str | None = None
    """The command line being run, as a shell would read it back (for the provenance of its output)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            with _collection_paused():
                importlib.import_module(f"{__package__}.{COMMANDS[cmd_name][0]}")  # its decorators register it
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, from :data:`COMMANDS` (nothing is imported to write it)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [
            (
                n,
                click.Command(n, help=COMMANDS[n][1]).get_short_help_str(limit)
                if n in COMMANDS
                else self.commands[n].get_short_help_str(limit),
            )
            for n in names
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        given = kwargs.get("args", args[0] if args else None)
        self.command_line = shlex.join(["baccarat", *(list(given) if given is not None else sys.argv[1:])])
        kwargs["standalone_mode"] = False
        _exit_on_sigterm()
        try:
            with worded_for("command line"):  # the library's errors name its options (--shoes, not shoes)
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
        except OSError as error:  # a device, a full disk, a name too long: files written are whole or untouched
            click.echo(f"baccarat: error: {os_error_text(error)}", err=True)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)


@contextmanager
def _collection_paused() -> Iterator[None]:
    """No cyclic garbage collection while a command's modules load: they create many objects that all live on, and
    the collections that loading them would start (some 30, 5 ms of ``analyze``'s start-up) find nothing to free.

    When the load imported modules, everything the collector tracks by then (the interpreter's, click's and the
    loaded modules' objects: what a process keeps to its end) is moved to the collector's permanent generation
    (:func:`gc.freeze`), so that no later collection walks it again: not the one the load's allocations would start
    at once, not the command's own, not the full collection at exit (together some 8 ms of ``analyze``, measured by
    ``benchmarks/startup.py``). Objects created afterwards are collected as usual; frozen ones are never freed,
    which costs nothing in a command's process (they live to its end). The collector runs as before once the
    modules are loaded (and is left off if it was off)."""
    import gc

    collecting = gc.isenabled()
    modules = len(sys.modules)
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if len(sys.modules) > modules:
                gc.freeze()
            gc.enable()


def os_error_text(error: OSError) -> str:
    """An error of the operating system as one line: what failed, on which file (shortened), and why."""
    name = error.filename
    where = "" if name is None else f" {str(name)[:60] + '...' if len(str(name)) > 60 else name}"
    reason = error.strerror or type(error).__name__
    return (
        f"cannot read or write{where}: {reason.lower()} (errno {error.errno}); any file being written is left "
        "as it was."
    )


def _exit_on_sigterm() -> None:
    """SIGTERM becomes SystemExit(143) in the main thread, so that every ``finally`` runs: temporary files and staging
    folders are removed, and a worker pool is shut down (its workers also die with this process: see
    :mod:`analyzer.play.executor`)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:

        def leave(number: int, frame: object) -> None:
            raise SystemExit(128 + number)

        signal.signal(signal.SIGTERM, leave)


@contextmanager
def progress(tasks: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr for a run of several tasks, when stderr is a terminal.

    Yields the callback the executors take (tasks just finished), or ``None``
    when no bar is shown (one task, or output to a file or a pipe).
    """
    if tasks <= 1 or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=tasks, label=label, file=sys.stderr) as bar:
        yield bar.update


def command_rules(name: str) -> RuleSet:
    """The rule set ``name`` (shipped, catalogue or a file), with the side bets of the command's ``--wagers`` files."""
    context = click.get_current_context(silent=True)
    from ..exact.reach import load_rules
    from .options import WAGER_FILES_KEY

    files: tuple[str, ...] = () if context is None else context.meta.get(WAGER_FILES_KEY, ())
    return load_rules(name, files)


def rule_sets(names: tuple[str, ...]) -> list[RuleSet]:
    """The rule sets ``--rules`` names (default: every documented one), each with the ``--wagers`` side bets."""
    from ..game.shipped import shipped

    return [command_rules(n) for n in (names or shipped())]


def shoe_of(rules: RuleSet, decks: int | None, remove: str) -> Shoe:
    """The shoe of ``--decks`` and ``--remove`` (the library's :func:`analyzer.api.shoe_for`)."""
    from ..api.common import shoe_for

    return shoe_for(rules, decks, remove)


@click.group(cls=Baccarat)
@click.version_option(__version__, prog_name="baccarat")
def cli() -> None:
    """Exact mini-baccarat analysis: par sheets for every documented rule set."""


def examples(*lines: str) -> str:
    """A help epilog of example command lines (kept as written; the tests run every one)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def command_line() -> str | None:
    """The command line being run, for the provenance of its output."""
    root = click.get_current_context().find_root().command
    return root.command_line if isinstance(root, Baccarat) else None


def emit(documents: Document | Sequence[Document], fmt: str | None, exact: bool = False) -> None:
    """Write a command's documents where and how it was asked: stdout, or ``--out FILE``, in the chosen format."""
    from ..report.output import chosen_format, produce
    from .options import OUT_KEY

    out: Path | None = click.get_current_context().meta.get(OUT_KEY)
    content = produce(documents, chosen_format(fmt, out), exact, command_line())
    if out is None:
        assert isinstance(content, str), "a binary format needs --out"
        click.echo(content, nl=False)
    else:
        from ..report.writing import write_file  # only when writing a file (it brings shutil and the compressors)

        write_file(out, content)
        click.echo(f"wrote {out}", err=True)


def main() -> None:
    """Entry point of the ``baccarat`` console script."""
    cli(prog_name="baccarat")
