"""``solve``, ``diff`` and ``verify`` of a par sheet as library calls: what the commands of those names compute.

Each takes rule sets (loaded, as :func:`analyzer.api.rule_set` gives them) and a shoe, and returns the
report model's :class:`~analyzer.report.model.Document`, which ``produce(document, fmt)`` writes in any of the
command line's formats; the command line and the web workbench call these and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..errors import InputError, named, setting
from ..exact.parsheet import ParSheet, par_sheets
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.model import Document
from ..studies.codesign import CoDesigns
from ..studies.depth import DepthStudy
from ..studies.design import Designs, Yield
from ..studies.solve import Candidate, PaySolution, ShapeSolution

RANKINGS: tuple[str, ...] = ("pays", "counter-yield")
"""How ``solve`` orders its candidate pays: by pay, or by counter yield, the safest to count first."""


def solve(
    rules: RuleSet,
    shoe: Shoe,
    wager: str,
    target: Fraction,
    outcome: str | None = None,
    shape: Mapping[str, Fraction] | None = None,
    yield_shoes: int | None = None,
    rank_by: str = "pays",
    workers: int = 1,
) -> Document:
    """The pay of ``outcome`` (or a pay table of ``shape``, one common multiplier) that gives house edge ``target``,
    with the nearest printable pays (``baccarat solve``).

    ``yield_shoes`` adds each candidate's counter yield: perfect play over that many shoes of the standard procedure
    (the same shoes for every candidate, seed 0), on ``workers``; ``rank_by="counter-yield"`` then lists the
    candidates from the least yield to the most, the safest table to count first.
    """
    from dataclasses import replace

    from ..report.solve import Solved, solved_document
    from ..studies.solve import solve_pay, solve_shape

    if not shape and outcome is None:
        raise InputError(
            f"solve needs {named('outcome')} (the pay to solve) or {named('shape')} (a pay table to scale, "
            "OUTCOME=WEIGHT)."
        )
    if rank_by not in RANKINGS:
        raise InputError(f"{named('rank_by')} {rank_by!r} is unknown; use {' or '.join(RANKINGS)}.")
    if rank_by == "counter-yield" and yield_shoes is None:
        raise InputError(
            f"{setting('rank_by', 'counter-yield')} needs {named('yield_shoes')} (the shoes to measure each "
            "candidate on)."
        )
    if rules.wager(wager).lightning is not None:
        from ..studies.solve import solve_multiplied_pay

        if shape:
            raise InputError(
                f"Wager {wager} has lightning multipliers: solve the pay of one outcome ({named('outcome')}), not a "
                "shape."
            )
        sheet, solution_one = solve_multiplied_pay(rules, shoe, wager, outcome or "", target)
        solution: PaySolution | ShapeSolution = solution_one
    else:
        (sheet,) = par_sheets(rules, shoe, (wager,))
        solution = solve_shape(sheet, shape, target, outcome) if shape else solve_pay(sheet, outcome or "", target)
    if yield_shoes is not None:
        solved = solution if isinstance(solution, PaySolution) else solution.balance
        fixed = () if isinstance(solution, PaySolution) else solution.rounded
        candidates = _with_yields(rules, shoe, wager, solved, fixed, yield_shoes, workers)
        if rank_by == "counter-yield":
            candidates = tuple(
                sorted(candidates, key=lambda c: (c.counter_yield.exact if c.counter_yield else 0, c.pays))
            )
        solved = replace(solved, candidates=candidates)
        solution = solved if isinstance(solution, PaySolution) else replace(solution, balance=solved)
    return solved_document(Solved(rules=rules, shoe=shoe, sheet=sheet, solution=solution, rank_by=rank_by))


def _with_yields(
    rules: RuleSet,
    shoe: Shoe,
    wager: str,
    solved: PaySolution,
    fixed: Sequence[tuple[str, Fraction]],
    shoes: int,
    workers: int,
) -> tuple[Candidate, ...]:
    """Each candidate of ``solved`` with its counter yield, the pays ``fixed`` set first (a shape's rounded pays)."""
    from dataclasses import replace

    from ..play.executor import open_executor
    from ..studies.design import counter_yield

    if shoe.decks_built is None:
        raise InputError(f"The counter yield needs a shoe built from decks ({named('decks')}).")
    for name, paid in fixed:
        rules = rules.with_pays(wager, name, paid)
    with open_executor(workers) as executor:
        return tuple(
            replace(
                c,
                counter_yield=counter_yield(
                    rules.with_pays(wager, solved.outcome, c.pays), wager, shoe.decks_built, shoes, 0, executor
                ),
            )
            for c in solved.candidates
        )


def variation_name(rules: RuleSet) -> str:
    """How the exhibit names a side: the rule set, and its pay changes if any (``punto-banco (tie 9:1)``)."""
    changes = ", ".join(f"{outcome} {format_pays(paid)}" for _, outcome, paid in rules.pay_changes)
    return rules.name + (f" ({changes})" if changes else "")


def diff(
    a: RuleSet,
    b: RuleSet,
    shoe: Shoe,
    wagers: Sequence[str] = (),
    names: tuple[str, str] | None = None,
    yield_shoes: int | None = None,
    workers: int = 1,
) -> Document:
    """The variation exhibit (``baccarat diff``): each wager's exact change from A to B on one shoe.

    ``wagers`` narrows both sides (a name one side lacks is left out of that side, and refused only when a side
    has none of them); ``names`` names the sides (default :func:`variation_name`, prefixed A:/B: when equal);
    ``yield_shoes`` adds each wager's counter yield (perfect play over that many shoes, the same for A and B).
    """
    from ..report.diff import diff_document
    from ..studies.diff import variation

    chosen = tuple(wagers)
    for rules in (a, b):
        if chosen and not any(w in {x.name for x in rules.wagers} for w in chosen):
            raise InputError(f"{rules.name} has none of the wagers {', '.join(chosen)}.")
    sheets = [par_sheets(r, shoe, tuple(w for w in chosen if w in {x.name for x in r.wagers})) for r in (a, b)]
    first, second = names or (variation_name(a), variation_name(b))
    if first == second:
        first, second = f"A: {first}", f"B: {second}"
    found = variation(first, sheets[0], second, sheets[1])
    yields = None
    if yield_shoes is not None:
        if shoe.decks_built is None or shoe.removed_from_decks():
            raise InputError(
                f"A counter yield deals whole shoes: give {named('decks')}, not {named('remove')}, with "
                f"{named('yield_shoes')}."
            )
        from ..play.executor import open_executor
        from ..studies.design import counter_yield

        decks, shoes = shoe.decks_built, yield_shoes
        with open_executor(workers) as executor:

            def side(sheet: object, rules: RuleSet, wager: str) -> Yield | None:
                return None if sheet is None else counter_yield(rules, wager, decks, shoes, 0, executor)

            yields = {c.wager: (side(c.a, a, c.wager), side(c.b, b, c.wager)) for c in found.changes}
    return diff_document(a, b, shoe, found, yields)


def verify_par_sheet(
    path: str,
    rules: RuleSet,
    shoe: Shoe,
    check_files: Sequence[str] = (),
    names_map: str | None = None,
    *,
    jurisdiction: str | None = None,
    only_refuted: bool = False,
    equivalent_to: RuleSet | None = None,
) -> tuple[Document, bool]:
    """Check a submitted par sheet (.csv, .xlsx at ``path``) under ``rules`` and ``shoe``: the verdicts document,
    and whether every figure was read and confirmed and every outcome row listed once (``baccarat verify FILE
    --rules ...``; a figure not read, a row missing or listed twice, is never confirmed). The regulatory checks (the
    shipped ones and those of ``check_files``; ``jurisdiction``'s only, when given) are held to the wagers the sheet
    states, each a PASS, FAIL or not-applicable line; ``names_map`` is a file mapping the supplier's wager and event
    names (:func:`analyzer.studies.submitted.load_names`); ``equivalent_to`` an approved live game the rule set is
    held to (the sheet is then confirmed only if the game is equivalent too); ``only_refuted`` lists only what
    fails."""
    from ..report.verify_sheet import par_sheet_verdicts_document
    from ..studies.checks import apply, load_checks
    from ..studies.checks import summary as checks_summary
    from ..studies.equivalence import equivalence
    from ..studies.submitted import load_names, read_par_sheet, rows_listed
    from ..studies.verdicts import summary
    from ..studies.verify import verify

    checks = load_checks(check_files, jurisdiction=jurisdiction)
    claims = read_par_sheet(path, rules, shoe, None if names_map is None else load_names(names_map, rules))
    sheets: dict[tuple[int, Shoe, str], ParSheet] = {}
    verdicts = verify(claims, sheets)
    listed = rows_listed(claims, rules, shoe, sheets)
    wagers = tuple(dict.fromkeys(c.wager for c in claims.claims))
    regulatory = apply(checks, rules, par_sheets(rules, shoe, wagers))
    equal = None if equivalent_to is None else equivalence(rules, shoe, equivalent_to)
    counted = summary(verdicts, by_row=True)
    document = par_sheet_verdicts_document(
        claims,
        verdicts,
        rules,
        shoe,
        counted,
        regulatory,
        jurisdiction=checks.jurisdiction,
        only_refuted=only_refuted,
        equivalence=equal,
        held=checks_summary(regulatory),
        listed=listed,
    )
    verified = counted.refuted == 0 and not claims.not_read and listed.whole  # nothing unread, no row left out
    return document, verified and (equal is None or equal.equivalent)


def count_designs(
    rules: str | RuleSet,
    wager: str,
    *,
    decks: int | None = None,
    shoes: int = 2000,
    seed: int = 0,
    workers: int = 1,
    unbalanced: bool = False,
) -> Designs:
    """Balanced counts of levels 1-3 for ``wager``, each with its best trigger, beside perfect play on the same shoes
    (``baccarat tags``); render with :func:`analyzer.report.design.design_document`."""
    from ..play.executor import open_executor
    from ..studies.design import design
    from .common import rule_set

    chosen = rule_set(rules)
    with open_executor(workers) as executor:
        return design(
            chosen, wager, decks if decks is not None else chosen.decks, shoes, seed, executor, unbalanced=unbalanced
        )


def co_count_designs(
    rules: str | RuleSet,
    wagers: str | Sequence[str],
    *,
    decks: int | None = None,
    shoes: int = 2000,
    seed: int = 0,
    workers: int = 1,
    search: bool = False,
    unbalanced: bool = False,
) -> CoDesigns:
    """One balanced count of each level 1-3 for several ``wagers`` together, each wager with its own best trigger,
    beside perfect play of each on the same shoes (``baccarat tags --wager A --wager B``; ``search``: ``--search``,
    the mix of two wagers' effects whose tags take the most together; ``unbalanced``: ``--unbalanced``, each level's
    unbalanced co-count too, each wager with its own running-count trigger); render with
    :func:`analyzer.report.codesign.co_design_document` (``sheet=True``: ``--sheet``)."""
    from ..play.executor import open_executor
    from ..studies.codesign import co_design
    from .common import rule_set, texts

    chosen = rule_set(rules)
    with open_executor(workers) as executor:
        return co_design(
            chosen,
            texts(wagers, "wagers"),
            decks if decks is not None else chosen.decks,
            shoes,
            seed,
            executor,
            search=search,
            unbalanced=unbalanced,
        )


def depth_study(
    rules: str | RuleSet,
    wager: str,
    *,
    decks: int | None = None,
    unseen: range = range(10, 15),
    shoes: int = 100_000,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
) -> DepthStudy:
    """The exact depth study of ``wager`` (``baccarat depth``): for each number of unseen cards in ``unseen``, exactly
    over every composition, the chance of an edge, the average edge and perfect play's gain per round; render with
    :func:`analyzer.report.depth.depth_document`.

    With ``scheduler`` (a Dask scheduler's address, ``tcp://HOST:PORT``; the ``dask`` extra) every depth is cut into
    parts shared over the cluster's workers (:mod:`analyzer.studies.depth_parts`) and no depth is refused for its
    size; the figures are those of the local workers."""
    from ..play.executor import open_executor
    from ..studies.depth import study
    from ..studies.depth_parts import shared_study
    from .common import rule_set

    chosen = rule_set(rules)
    chosen_decks = decks if decks is not None else chosen.decks
    with open_executor(workers, scheduler) as executor:
        if scheduler is not None:
            return shared_study(chosen, wager, chosen_decks, unseen, executor, shoes=shoes, seed=seed)
        return study(chosen, wager, chosen_decks, unseen, executor, shoes=shoes, seed=seed)
