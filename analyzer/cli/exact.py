"""The commands of exact figures: rules, analyze, compare, own-cards, report, tables."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..api.common import with_pays
from ..errors import InputError
from ..exact.parsheet import par_sheets
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shipped import catalogue, games
from ..report.analysis import (
    compare_document,
    rule_list_document,
    rule_set_document,
)
from .app import (
    cli,
    command_line,
    command_rules,
    emit,
    examples,
    progress,
    rule_sets,
    shoe_of,
)
from .options import (
    MAX_SHOES,
    Whole,
    check_workers,
    cores,
    decks_option,
    exact_option,
    format_option,
    jurisdiction_option,
    one_rule_set,
    pay_option,
    remove_option,
    rules_option,
    wager_files_option,
    wagers_option,
    workers_option,
    writable_out,
)

if TYPE_CHECKING:
    from ..game.sight import Sight


@cli.group(
    invoke_without_command=True,
    epilog=examples("baccarat rules", "baccarat rules --digests", "baccarat rules show punto-banco"),
)
@click.option(
    "--digests",
    is_flag=True,
    help="Also list the SHA-256 of every file read (by default one line says how many were read).",
)
@click.pass_context
def rules(ctx: click.Context, digests: bool) -> None:
    """List the documented rule sets and the side-bet catalogue's files (or `rules show NAME`).

    The games with choices (chemin de fer, solved by `baccarat equilibrium`) follow them.
    """
    if ctx.invoked_subcommand is None:
        listed = rule_list_document(
            rule_sets(()),
            [command_rules(n) for n in catalogue()],
            digests=digests,
            games=[command_rules(n) for n in games()],
        )
        emit(listed, "table")


@rules.command("show", epilog=examples("baccarat rules show punto-banco", "baccarat rules show golden-frog"))
@click.argument("name", metavar="NAME|FILE")
@wager_files_option
def rules_show(name: str) -> None:
    """Print a rule set's drawing chart and every pay table, and the full path of its file (copy it to write your
    own)."""
    emit(rule_set_document(command_rules(name)), "table")


@cli.command(
    epilog=examples(
        "baccarat analyze --rules dactylus --wager banker",
        "baccarat analyze --rules punto-banco --decks 6 --remove 5x4,K --pay 'tie:tie=9:1' --wager tie --format json",
    )
)
@rules_option
@decks_option
@remove_option
@wagers_option("A wager to analyze; repeat for several (default: all).")
@pay_option
@format_option
@exact_option
def analyze(
    rule_names: tuple[str, ...],
    decks: int | None,
    remove: str,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    fmt: str | None,
    exact: bool,
) -> None:
    """Par sheets: every outcome's exact count and probability, house edge and more."""
    from ..api.analysis import analyze as analysis

    documents = [
        analysis(r, decks=decks, remove=remove, pays=pays, wagers=wagers).document() for r in rule_sets(rule_names)
    ]
    emit(documents, fmt, exact)


def _variant(rules: RuleSet, pays: tuple[str, ...]) -> RuleSet:
    """``rules`` with the pays changed, named after the change (a column of its own in compare)."""
    changed = with_pays(rules, pays)
    label = ", ".join(f"{outcome} {format_pays(paid)}" for _, outcome, paid in changed.pay_changes)
    return replace(changed, name=f"{rules.name}, {label}")


@cli.command(epilog=examples("baccarat compare", "baccarat compare --rules punto-banco --pay 'tie:tie=9:1'"))
@rules_option
@decks_option
@remove_option
@click.option(
    "--pay",
    "pays",
    multiple=True,
    metavar="WAGER:OUTCOME=PAYS",
    help="Show beside each rule set a copy with this pay changed, e.g. 'tie:tie=9:1' (8:1 and 9:1 side by "
    "side); repeat to change several pays in the copy.",
)
@format_option
@exact_option
def compare(
    rule_names: tuple[str, ...], decks: int | None, remove: str, pays: tuple[str, ...], fmt: str | None, exact: bool
) -> None:
    """One matrix: the house edge of every wager under every rule set (one shoe: --decks, or the rule sets' own)."""
    chosen = rule_sets(rule_names)
    if decks is None:
        own = sorted({r.decks for r in chosen})
        if len(own) > 1:
            raise InputError(
                f"The rule sets are played with {' and '.join(map(str, own))} decks; one matrix is for one "
                "shoe, so choose it with --decks."
            )
        decks = own[0]
    shoe = shoe_of(chosen[0], decks, remove)
    analyses = []
    for rule_set in chosen:
        analyses.append((rule_set, par_sheets(rule_set, shoe)))
        if pays:
            variant = _variant(rule_set, pays)
            analyses.append((variant, par_sheets(variant, shoe)))
    emit(compare_document(shoe, analyses, exact), fmt, exact)


@cli.command(epilog=examples("baccarat tables --out my-results"))
@click.option(
    "--out",
    default="results",
    show_default=True,
    metavar="DIR",
    help="Folder to write the tables to: new, empty, or written by an earlier `baccarat tables` "
    "(it is replaced as a whole).",
)
def tables(out: str) -> None:
    """Regenerate results/: par sheets of every shipped rule set and the comparison."""
    from ..api.tables import generate, steps
    from ..extras import require
    from ..report.writing import staged

    require("report", "matplotlib", "fpdf", "xlsxwriter", what="baccarat tables")  # results/ holds reports

    with staged(out) as stage:  # the folder is checked, and a staging folder made, before anything is computed
        with progress(steps(), "computing the tables") as bar:
            files = generate(bar)
        for path in stage.commit(files):
            click.echo(f"wrote {path}")


@cli.command(
    epilog=examples(
        "baccarat report --rules punto-banco --out punto-banco.html",
        "baccarat report --rules live-pittsburgh --out live-pittsburgh.pdf",
    )
)
@one_rule_set()
@decks_option
@remove_option
@wagers_option("A wager to evaluate; repeat for several (default: every wager the document offers).")
@pay_option
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.html|FILE.pdf",
    callback=writable_out,
    help="The report to write: HTML or PDF (or .md, .json, .txt, .xlsx), by the suffix.",
)
@click.option(
    "--about",
    "about_file",
    default=None,
    metavar="FILE.toml",
    help="Supplier, laboratory, evaluator and sign-off for the front page (a small TOML file).",
)
@click.option(
    "--checks",
    "check_files",
    multiple=True,
    metavar="FILE.toml",
    help="Regulatory checks of your own, beside the shipped ones (repeatable).",
)
@jurisdiction_option
@click.option(
    "--equivalent-to",
    "live_rules",
    default=None,
    metavar="LIVE_RULES",
    help="Hold the game to this approved live game (a rule set name or file), wager by wager and row by row, in a "
    "section of its own.",
)
@click.option(
    "--counter-yield",
    "yield_shoes",
    type=Whole(1, MAX_SHOES),
    default=None,
    metavar="SHOES",
    help="Add game protection: each wager's counter yield (perfect play and the best simple count) over SHOES "
    "shoes at the standard procedure.",
)
@click.option(
    "--exposure",
    "exposure",
    default=None,
    metavar="SPEC",
    help="Add what a documented exposure was worth: what was seen of each round (a `baccarat information --see` "
    "spec, e.g. 1=value), with --exposure-rounds and --exposure-bet.",
)
@click.option("--exposure-rounds", type=Whole(1, 10**9), default=None, metavar="N", help="The rounds exposed.")
@click.option("--exposure-bet", default=None, metavar="AMOUNT", help="The average bet made on them, e.g. 5000.")
@workers_option
def report(
    rule_name: str,
    decks: int | None,
    remove: str,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    out: Path,
    about_file: str | None,
    check_files: tuple[str, ...],
    jurisdiction: str | None,
    live_rules: str | None,
    yield_shoes: int | None,
    exposure: str | None,
    exposure_rounds: int | None,
    exposure_bet: str | None,
    workers: int | None,
) -> None:
    """A math evaluation report: a certificate, par sheets, plots, simulation, regulatory checks, provenance.

    Rules, par sheets, volatility and plots of every wager, a simulation cross-check, the regulatory checks of the
    game's kind, the published figures, and (with --equivalent-to) the game held to its approved live game."""
    from datetime import datetime

    from ..extras import require
    from ..report.about import load_about
    from ..report.evaluation import evaluation_document
    from ..report.output import chosen_format, produce, require_format
    from ..report.writing import write_file
    from ..studies.checks import load_checks
    from ..studies.evaluation import evaluate

    fmt = chosen_format(None, out)
    require("report", "matplotlib", what="baccarat report")  # its plots, in every format
    require_format(fmt)
    about = None if about_file is None else load_about(about_file)
    checks = load_checks(check_files, jurisdiction=jurisdiction)
    rule_set = with_pays(command_rules(rule_name), pays)
    live = None if live_rules is None else command_rules(live_rules)
    check_workers(workers, None)
    incident = exposure_incident(exposure, exposure_rounds, exposure_bet)
    evaluation = evaluate(
        rule_set,
        shoe_of(rule_set, decks, remove),
        wagers,
        yield_shoes=yield_shoes,
        workers=workers or cores(),
        checks=checks,
        equivalent_to=live,
        inputs=() if about is None else ((about.path, about.sha256),),
    )
    document = evaluation_document(evaluation, about)
    if incident is not None:
        from ..report.exposure import exposure_section, with_sections
        from ..studies.exposure import exposure_worth
        from ..studies.information import information

        sight, rounds, bet = incident
        worth = exposure_worth(information(rule_set, evaluation.shoe, sight), rounds, bet)
        document = with_sections(document, exposure_section(worth))
    write_file(out, produce(document, fmt, command=command_line(), generated=datetime.now(UTC).strftime("%Y-%m-%d")))
    click.echo(f"wrote {out}", err=True)


def exposure_incident(spec: str | None, rounds: int | None, bet: str | None) -> tuple[Sight, int, Fraction] | None:
    """``report --exposure SPEC --exposure-rounds N --exposure-bet B``: all three, or none; read before any work."""
    from ..game.sight import parse_sight
    from ..studies.exposure import parse_amount

    given = (spec, rounds, bet)
    if all(g is None for g in given):
        return None
    if spec is None or rounds is None or bet is None:
        raise InputError("--exposure, --exposure-rounds and --exposure-bet go together: give all three, or none.")
    return parse_sight(spec), rounds, parse_amount(bet)


@cli.command("own-cards", epilog=examples("baccarat own-cards", "baccarat own-cards --decks 6 --remove 5x4"))
@one_rule_set(
    required=False,
    default="mini-louisiana",
    what="A rule set that offers Play Your Own Cards (an [own_cards] table), or a path to a rule file.",
)
@decks_option
@remove_option
@format_option
@exact_option
def own_cards(rule_name: str, decks: int | None, remove: str, fmt: str | None, exact: bool) -> None:
    """Play Your Own Cards (000 CASE 2): when the own hand should draw, and three strategies' house edges."""
    from ..report.owncards import own_cards_document
    from ..studies.owncards import analyze_own_cards

    rule_set = command_rules(rule_name)
    analysis = analyze_own_cards(rule_set, shoe_of(rule_set, decks, remove))
    emit(own_cards_document(analysis, exact), fmt, exact)
