"""The commands of exact studies: formula, solve, verify and eor."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..api.common import with_pays
from ..errors import InputError, shown
from ..game.cards import parse_removal
from ..game.odds import parse_percent
from .app import (
    cli,
    command_rules,
    emit,
    examples,
    progress,
    rule_sets,
    shoe_of,
)
from .options import (
    MAX_SHOES,
    WAGER_FILES_KEY,
    Whole,
    check_workers,
    cores,
    decks_option,
    format_option,
    jurisdiction_option,
    one_rule_set,
    pay_option,
    remove_option,
    rules_option,
    wager_option,
    wagers_option,
    workers_option,
)

if TYPE_CHECKING:
    pass


@cli.command(epilog=examples("baccarat formula --rules dactylus --wager player-pair --upto 10"))
@rules_option
@remove_option
@wagers_option("A wager; repeat for several (default: all).")
@pay_option
@click.option(
    "--upto",
    type=Whole(1, 1000),
    default=8,
    show_default=True,
    metavar="N",
    help="Print the values for d = 1..N decks (N from 1 to 1,000).",
)
@click.option("--outcomes", is_flag=True, help="Also print each outcome's count polynomial and its limit.")
@format_option
def formula(
    rule_names: tuple[str, ...],
    remove: str,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    upto: int,
    outcomes: bool,
    fmt: str | None,
) -> None:
    """House edge as an exact rational function of the number of decks d, and its limit."""
    from ..report.formula import formula_document
    from ..studies.formula import formulas

    removed = parse_removal(remove)
    chosen = [with_pays(rule_set, pays) for rule_set in rule_sets(rule_names)]
    steps = sum(len(wagers) or len(r.wagers) for r in chosen)
    with progress(steps, "fitting formulas") as bar:
        results = [formulas(rule_set, removed, wagers, bar) for rule_set in chosen]
    emit([formula_document(f, upto, outcomes) for f in results], fmt)


@cli.command(
    epilog=examples(
        "baccarat solve --rules punto-banco --wager tie --outcome tie --edge 2%",
        "baccarat solve --rules live-pittsburgh --wager dragon-bonus-player "
        "--outcome 'win by 9, non-natural' --edge 5%",
        "baccarat solve --rules examples/peek-style.toml --reveal-rtp 98.8% --reveal-within 0.05%",
        "baccarat solve --rules examples/prosperity-tree-style.toml --rtp prosperity-player=98.9% "
        "--rtp prosperity-tie=92.8%",
    )
)
@rules_option
@decks_option
@remove_option
@wager_option("The wager whose pay table is solved (required unless --rtp or --reveal-rtp).", required=False)
@click.option(
    "--outcome",
    default=None,
    metavar="O",
    help="The outcome whose pay is solved (with --shape: the one solved again after rounding; default the top award).",
)
@click.option(
    "--shape",
    "shape",
    multiple=True,
    metavar="OUTCOME=WEIGHT",
    help="Pays in this shape, one common multiplier solved; repeat for each outcome, e.g. --shape 'win by 9, "
    "non-natural=30'.",
)
@click.option(
    "--edge",
    default=None,
    metavar="PERCENT",
    help="The target house edge, e.g. 2%; below 100%, and negative for a player's advantage (e.g. -1%) "
    "(required unless --rtp or --reveal-rtp).",
)
@click.option(
    "--rtp",
    "rtp",
    multiple=True,
    metavar="WAGER=PERCENT",
    help="A target RTP for a wager with lightning multipliers, e.g. 'prosperity-player=98.9%'; repeat for several: "
    "the multiplier law they share is fitted to all of them (instead of --wager and --edge).",
)
@click.option(
    "--free",
    "free",
    multiple=True,
    metavar="VALUE",
    help="With --rtp: a multiplier value whose probability is fitted, e.g. 2; repeat (default: every value; the "
    "others keep the rule file's probabilities).",
)
@click.option(
    "--within",
    default=None,
    metavar="PERCENT",
    help="With --rtp: how far from its target a return may land, in points, e.g. 0.1% (default: half a unit of "
    "the target's last digit: 98.9% is met from 98.85% to 98.95%).",
)
@pay_option
@click.option(
    "--counter-yield",
    "yield_shoes",
    type=Whole(1, MAX_SHOES),
    default=None,
    metavar="SHOES",
    help="Also each candidate pay's counter yield: perfect play over SHOES shoes of the standard procedure "
    "(the same shoes for every candidate).",
)
@click.option(
    "--rank-by",
    type=click.Choice(("pays", "counter-yield")),
    default="pays",
    show_default=True,
    help="Order of the candidate pays: by pay, or by counter yield, the safest to count first (needs --counter-yield).",
)
@workers_option
@click.option(
    "--reveal-rtp",
    "reveal_rtp",
    multiple=True,
    metavar="[WAGER=]PERCENT",
    help="Instead of a pay: the laws of how many cards a [reveal] table reveals that give this RTP under optimal "
    "play, e.g. 98.8% (every raised wager at once) or player=98.8%; repeatable.",
)
@click.option(
    "--reveal-within",
    default="0%",
    show_default=True,
    metavar="PERCENT",
    help="With --reveal-rtp: how far from each target an RTP may be, e.g. 0.05% for a figure published as 98.8%.",
)
@click.option(
    "--reveal-per",
    type=click.Choice(("wagered", "initial")),
    default="wagered",
    show_default=True,
    help="With --reveal-rtp: RTP per amount wagered (initial bet, fee and raise), or per initial bet.",
)
@format_option
def solve(
    rule_names: tuple[str, ...],
    decks: int | None,
    remove: str,
    wager: str | None,
    outcome: str | None,
    shape: tuple[str, ...],
    edge: str | None,
    rtp: tuple[str, ...],
    free: tuple[str, ...],
    within: str | None,
    pays: tuple[str, ...],
    yield_shoes: int | None,
    rank_by: str,
    workers: int | None,
    reveal_rtp: tuple[str, ...],
    reveal_within: str,
    reveal_per: str,
    fmt: str | None,
) -> None:
    """The pay of one outcome, or a pay table in a given shape, for an exact house edge.

    With --rtp: the multiplier law that gives several wagers with lightning multipliers their target returns at
    once (one free probability fitted by least squares, two solved exactly), or why no law does. With
    --reveal-rtp: the laws of how many cards a [reveal] table reveals that give a target RTP."""
    from ..api.studies import solve as solved
    from ..studies.solve import parse_shape

    if reveal_rtp:
        from .peek import solve_reveal_laws

        others = {
            "--wager": wager, "--outcome": outcome, "--shape": shape, "--edge": edge, "--rtp": rtp, "--free": free,
            "--within": within, "--counter-yield": yield_shoes, "--rank-by": rank_by != "pays", "--workers": workers,
        }  # fmt: skip
        given = [option for option, value in others.items() if value]
        if given:
            raise InputError(
                f"--reveal-rtp solves a reveal law and reads none of {', '.join(given)}; give them to solve a pay "
                "(--wager, --edge) or a multiplier law (--rtp) instead."
            )
        return solve_reveal_laws(rule_names, decks, remove, reveal_rtp, reveal_within, reveal_per, fmt, pays)
    check_workers(workers, None)
    if rtp:
        _fit_law(rule_names, decks, remove, rtp, free, within, pays, fmt, wager, edge, outcome, shape, yield_shoes)
        return
    if free or within is not None:
        raise InputError("--free and --within are for --rtp (a multiplier law fitted to target returns).")
    if wager is None or edge is None:
        raise InputError(
            "solve needs --wager W and --edge PERCENT (a pay for a house edge), --rtp WAGER=PERCENT (a "
            "multiplier law for target returns) or --reveal-rtp PERCENT (a reveal law)."
        )
    target = parse_percent(edge)
    weights = parse_shape(shape)
    documents = [
        solved(
            r,
            shoe_of(r, decks, remove),
            wager,
            target,
            outcome,
            weights,
            yield_shoes=yield_shoes,
            rank_by=rank_by,
            workers=workers or cores(),
        )
        for r in (with_pays(rule_set, pays) for rule_set in rule_sets(rule_names))
    ]
    emit(documents, fmt)


def _fit_law(
    rule_names: tuple[str, ...],
    decks: int | None,
    remove: str,
    rtp: tuple[str, ...],
    free: tuple[str, ...],
    within: str | None,
    pays: tuple[str, ...],
    fmt: str | None,
    *others: object,
) -> None:
    """``solve --rtp``: the multiplier law fitted to the target returns, under each rule set."""
    from ..report.multiplierfit import law_fit_document
    from ..studies.multiplierfit import fit_targets

    if any(o for o in others):
        raise InputError(
            "--rtp fits a multiplier law; --wager, --edge, --outcome, --shape and --counter-yield are for a pay."
        )
    documents = []
    for rule_set in (with_pays(r, pays) for r in rule_sets(rule_names)):
        shoe = shoe_of(rule_set, decks, remove)
        documents.append(law_fit_document(rule_set, shoe, fit_targets(rule_set, shoe, rtp, free, within)))
    emit(documents, fmt)


@cli.command(
    "verify",
    epilog=examples(
        "baccarat verify examples/claims.toml",
        "baccarat verify examples/submitted-punto-banco.csv --rules punto-banco --only refuted",
        "baccarat verify --rules examples/electronic-pittsburgh.toml --equivalent-to live-pittsburgh",
    ),
)
@click.argument("claims_file", metavar="[FILE]", required=False)
@one_rule_set(
    required=False,
    what="A par sheet (.csv, .xlsx): the rule set to check it under (or the game held to --equivalent-to).",
)
@decks_option
@remove_option
@pay_option
@click.option(
    "--checks",
    "check_files",
    multiple=True,
    metavar="FILE.toml",
    help="Regulatory checks of your own, beside the shipped ones, for a par sheet (repeatable).",
)
@jurisdiction_option
@click.option(
    "--map",
    "names_map",
    default=None,
    metavar="FILE.toml",
    help="A par sheet's own wager and event names mapped to the rule set's ([wagers], [events.WAGER]).",
)
@click.option(
    "--equivalent-to",
    "live_rules",
    default=None,
    metavar="LIVE_RULES",
    help="Hold the --rules game (an electronic table game) to this approved live game, wager by wager and row by "
    "row, naming every difference; exit 1 when it is not equivalent.",
)
@click.option(
    "--only",
    type=click.Choice(("refuted",)),
    default=None,
    help="List only what fails: refuted claims or rows, failed checks, differing rows (the verdict still counts all).",
)
@format_option
def verify_command(
    claims_file: str | None,
    rule_name: str | None,
    decks: int | None,
    remove: str,
    pays: tuple[str, ...],
    check_files: tuple[str, ...],
    jurisdiction: str | None,
    names_map: str | None,
    live_rules: str | None,
    only: str | None,
    fmt: str | None,
) -> int:
    """Check claimed figures, a submitted par sheet, or an electronic game against its live game: exit 1 if refuted.

    The verdict comes first (the counts and the worst difference), then every claim or row. A claims file is
    CLAIMS.toml; a submitted par sheet (.csv, .xlsx) is checked under the rule set given by --rules; with
    --equivalent-to LIVE_RULES (and no FILE) the --rules game is held to the live game.
    """
    from ..report.verify import verdicts_document
    from ..studies.verdicts import summary
    from ..studies.verify import load_claims, verify

    only_refuted = only == "refuted"
    if claims_file is None:
        if live_rules is None or rule_name is None:
            raise InputError(
                "Give a FILE to verify (a claims file, or a par sheet with --rules), or hold a game to its live game "
                "with --rules ELECTRONIC --equivalent-to LIVE_RULES."
            )
        if check_files or names_map or jurisdiction:
            raise InputError("--checks, --jurisdiction and --map apply to a par sheet (.csv, .xlsx).")
        from ..report.equivalence import equivalence_document
        from ..studies.equivalence import equivalence

        rule_set = with_pays(command_rules(rule_name), pays)
        found = equivalence(rule_set, shoe_of(rule_set, decks, remove), command_rules(live_rules))
        emit(equivalence_document(found, only_refuted), fmt)
        return 0 if found.equivalent else 1
    if claims_file.lower().endswith((".csv", ".xlsx")):
        from ..api.studies import verify_par_sheet

        if rule_name is None:
            raise InputError(
                f"{shown(claims_file)} is a par sheet: give the rule set to check it under with --rules NAME|FILE."
            )
        rule_set = with_pays(command_rules(rule_name), pays)
        document, confirmed = verify_par_sheet(
            claims_file,
            rule_set,
            shoe_of(rule_set, decks, remove),
            check_files,
            names_map,
            jurisdiction=jurisdiction,
            only_refuted=only_refuted,
            equivalent_to=None if live_rules is None else command_rules(live_rules),
        )
        emit(document, fmt)
        return 0 if confirmed else 1
    if (
        rule_name is not None
        or decks is not None
        or remove
        or pays
        or click.get_current_context().meta.get(WAGER_FILES_KEY)
    ):
        raise InputError(
            "--rules, --wagers, --decks, --remove and --pay are for a par sheet (.csv, .xlsx); "
            "a claims file names them in each claim."
        )
    if check_files or names_map or jurisdiction or live_rules:
        raise InputError(
            "--checks, --jurisdiction, --map and --equivalent-to apply to a par sheet (.csv, .xlsx) or a rule set; "
            "a claims file states its own figures."
        )
    from ..studies.incidents import check_incidents, load_incidents

    claims = load_claims(claims_file)
    incidents = load_incidents(claims_file)  # documented exposures ([[exposure]]), read before any is computed
    verdicts = verify(claims)
    document = verdicts_document(claims, verdicts, summary(verdicts), only_refuted)
    checked = check_incidents(incidents)
    if checked:
        from ..report.exposure import incidents_blocks, with_sections

        document = with_sections(document, *incidents_blocks(checked))
    emit(document, fmt)
    return 0 if all(v.confirmed for v in verdicts) and all(i.confirmed is not False for i in checked) else 1


@cli.command(
    epilog=examples(
        "baccarat eor --rules live-pittsburgh --wager banker --wager dragon-bonus-player",
        "baccarat eor --rules punto-banco --wager tie --pay 'tie:tie=9:1' --remove 5x4",
    )
)
@rules_option
@decks_option
@remove_option
@wagers_option("A wager; repeat for several (default: every wager with a pay table).")
@pay_option
@format_option
def eor(
    rule_names: tuple[str, ...],
    decks: int | None,
    remove: str,
    wagers: tuple[str, ...],
    pays: tuple[str, ...],
    fmt: str | None,
) -> None:
    """Effects of removal: each rank's exact effect on each wager's expected value, and a balanced count."""
    from ..report.eor import eor_document
    from ..studies.eor import removal_table

    chosen = [with_pays(r, pays) for r in rule_sets(rule_names)]
    emit([eor_document(removal_table(r, shoe_of(r, decks, remove), wagers)) for r in chosen], fmt)
