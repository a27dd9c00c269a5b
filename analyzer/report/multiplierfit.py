"""The ``solve --rtp`` report: a multiplier law fitted to target returns (:mod:`analyzer.studies.multiplierfit`).

Formats only: every figure (the fitted parameters, each return and residual, the ranges where a target holds, the
law to write and its returns) is computed by the study and read from its :class:`LawFit`.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.money import multiplier_text
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import decimal_text, exact_percent_text, fraction_text, percent_text
from ..studies.multiplierfit import PRECISION_PLACES, Band, LawFit
from ..studies.multiplierlaw import FreeLaw, Point
from .common import rule_set_fields, shoe_context, shoe_fields, shoe_text
from .model import (
    Block,
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Table,
    Value,
    data,
    flag,
    fraction,
    integer,
    percent,
    text,
)
from .provenance import provenance

PLACES = 6
"""Decimals a fitted probability and the ends of a range are printed to (JSON carries them within 10^-30)."""


def _cards(law: FreeLaw) -> str:
    count = law.lightning.count
    if len(count) == 1:
        return f"{count[0][0]} lightning cards"
    chances = ", ".join(f"{k}: {fraction_text(p)}" for k, p in count)
    return f"{count[0][0]} to {count[-1][0]} lightning cards (by chance: {chances})"


def law_text(law: FreeLaw) -> str:
    """The law in words: its cards, its values, which probabilities are free and which kept."""
    names = [multiplier_text(v) + "x" for v, _ in law.lightning.multipliers]
    values = ", ".join(names[:-1]) + " or " + names[-1]
    kept = [
        f"P({multiplier_text(v)}x) = {exact_percent_text(p)}" for v, p in law.lightning.multipliers if v not in law.free
    ]
    last = f"P({multiplier_text(law.free[-1])}x)"
    share = "1" if law.share == 1 else exact_percent_text(law.share)
    rest = f"{last} = {share} - {' - '.join(law.parameters)}"
    return (
        f"{_cards(law)} from a virtual 52-card deck, each with a multiplier of {values}; free: "
        f"{', '.join(law.parameters)} ({rest})"
        + (f"; kept as the rule file states them: {', '.join(kept)}" if kept else "")
        + "."
    )


def _band_text(bands: tuple[Band, ...]) -> str:
    if not bands:
        return "nowhere"
    return ", ".join(
        decimal_text(b.low, PLACES)
        if b.low == b.high
        else f"{decimal_text(b.low, PLACES)} to {decimal_text(b.high, PLACES)}"
        for b in bands
    )


def _bands(bands: tuple[Band, ...]) -> Value:
    return data([[fraction_text(b.low), fraction_text(b.high)] for b in bands], _band_text(bands))


def _point_text(law: FreeLaw, point: Point) -> str:
    return ", ".join(
        f"P({multiplier_text(v)}x) = {decimal_text(p, PLACES)}" for v, p in law.probabilities(point) if v in law.free
    )


def _point(law: FreeLaw, point: Point | None) -> Value:
    if point is None:
        return data(None, "none")
    return data(
        {f"{multiplier_text(v)}": fraction_text(p) for v, p in law.probabilities(point) if v in law.free},
        _point_text(law, point),
    )


def _polynomial_text(terms: tuple[tuple[tuple[int, ...], Fraction], ...]) -> str:
    """An exact polynomial in x1, x2 as text, the constant first: "1/2 + 3/4*x1 - x1^2"."""
    out = []
    for exponents, coefficient in sorted(terms, key=lambda term: (sum(term[0]), term[0])):
        powers = "*".join(f"x{i + 1}" + (f"^{e}" if e > 1 else "") for i, e in enumerate(exponents) if e)
        size = fraction_text(abs(coefficient))
        body = powers if powers and size == "1" else f"{size}*{powers}" if powers else size
        out.append(("- " if coefficient < 0 else "+ ") + body)
    return " ".join(out).removeprefix("+ ") or "0"


def _signed(residual: Fraction) -> str:
    shown = percent_text(residual)
    return ("+" if residual > 0 and shown.strip("0.%") else "") + shown


def _targets(fit: LawFit) -> Table:
    one = len(fit.law.parameters) == 1
    columns = [
        Column("wager", "wager"),
        Column("target", None),
        Column("tolerance", None),
        Column(None, "target"),
        Column("rtp", "RTP at fit"),
        Column("residual", "residual"),
        Column("within", "within"),
    ]
    if one:
        columns.append(Column("holds", f"holds for {fit.law.parameters[0]}"))
    columns.append(Column("degree", None))
    columns.append(Column("polynomial", None))
    rows = []
    for t in fit.targets:
        found = fit.point is not None
        row: list[Value | None] = [
            text(t.target.wager),
            percent(t.target.rtp, 4, shown=exact_percent_text(t.target.rtp)),
            percent(t.target.tolerance, 4, shown="±" + exact_percent_text(t.target.tolerance)),
            text(f"{exact_percent_text(t.target.rtp)} ± {exact_percent_text(t.target.tolerance)}"),
            percent(t.rtp) if found else None,
            percent(t.residual, 4, shown=_signed(t.residual)) if found else None,
            flag(t.within, "yes" if t.within else "no") if found else None,
        ]
        if one:
            row.append(_bands(t.holds))
        row.append(integer(t.polynomial.degree))
        row.append(
            data(
                [{"exponents": list(e), "coefficient": fraction_text(c)} for e, c in t.polynomial.terms],
                _polynomial_text(t.polynomial.terms),
            )
        )
        rows.append(tuple(row))
    caption = (
        f"Each target at the fit ({'least squares' if fit.method == 'least squares' else 'the exact solution'}); "
        "residual = RTP less target, in points:"
    )
    return Table(columns=tuple(columns), rows=tuple(rows), key="targets", caption=caption, csv=True)


def _clashes(conflicts: tuple[tuple[str, str], ...]) -> list[str]:
    """The pairs that hold nowhere together, grouped by the target in most of them: "A holds nowhere with B or C"."""
    left = list(conflicts)
    out = []
    while left:
        names = [name for pair in left for name in pair]
        most = max(dict.fromkeys(names), key=names.count)
        partners = [b if a == most else a for a, b in left if most in (a, b)]
        listed = partners[0] if len(partners) == 1 else ", ".join(partners[:-1]) + " or " + partners[-1]
        out.append(f"{most} holds nowhere with {listed}")
        left = [pair for pair in left if most not in pair]
    return out


def _verdict(fit: LawFit) -> str:
    one = len(fit.law.parameters) == 1
    if one and fit.fits:
        return (
            f"Verdict: a law fits: every target holds within its tolerance for {fit.law.parameters[0]} from "
            f"{_band_text(fit.band)}."
        )
    if one:
        clashes = "; ".join(_clashes(fit.conflicts))
        return (
            "Verdict: no law fits every target within its tolerance"
            + (f": {clashes}" if clashes else ": each pair of targets meets, but not all of them at once")
            + ". The residuals above are the least-squares compromise."
        )
    if fit.fits:
        laws = "one law" if len(fit.solutions) == 1 else f"{len(fit.solutions)} laws"
        return (
            f"Verdict: the targets are met exactly by {laws}: "
            + "; ".join(_point_text(fit.law, s) for s in fit.solutions)
            + "."
        )
    return (
        "Verdict: no law meets the targets exactly (no solution of the system is a law: every probability at least 0)."
    )


def _printable(fit: LawFit) -> list[Block]:
    if fit.printable is None:
        return []
    law = fit.law.probabilities(fit.printable)
    toml = "multipliers = { " + ", ".join(f'"{multiplier_text(v)}" = "{exact_percent_text(p)}"' for v, p in law) + " }"
    rows = tuple(
        (
            text(t.target.wager),
            percent(rtp),
            fraction(rtp),
            percent(t.target.rtp, 4, shown=exact_percent_text(t.target.rtp)),
        )
        for t, rtp in zip(fit.targets, fit.printable_rtps)
    )
    return [
        Prose(
            (
                (
                    "A law to write (the decimal of the fewest places where every target holds, nearest the fit), "
                    if len(fit.law.parameters) == 1
                    else "A law to write (the solution rounded to the fewest places at which every target holds), "
                )
                + "and the exact returns under it:",
            )
        ),
        Prose((toml,), code=True),
        Fields(
            (
                Field(
                    "printable",
                    None,
                    data({multiplier_text(v): fraction_text(p) for v, p in law}, toml),
                ),
            )
        ),
        Table(
            columns=(
                Column("wager", "wager"),
                Column("rtp", "RTP"),
                Column(None, "exactly"),
                Column("target", "target"),
            ),
            rows=rows,
            key="printable_rtps",
        ),
    ]


def law_fit_document(rules: RuleSet, shoe: Shoe, fit: LawFit) -> Document:
    """``solve --rtp``: the law fitted, each target's residual, the verdict, and a law to write."""
    law = fit.law
    within = f"within 10^-{PRECISION_PLACES}"
    repeats = "; ".join(f"{a} repeats {b}'s polynomial and figure, one equation with it" for a, b in fit.repeats)
    method = (
        f"Each target's RTP is an exact polynomial in {', '.join(law.parameters)}; a target's tolerance is half a "
        "unit of its last digit written (the published figure's rounding) unless --within gives one. "
        + (
            f"Fitted by least squares over the distinct targets{f' ({repeats})' if repeats else ''}: a root of "
            f"the derivative or an end of the range, {within}."
            if fit.method == "least squares"
            else f"The two targets solved exactly (the resultant, then real roots), each solution {within}."
        )
    )
    blocks: list[Block] = [
        Fields(
            (
                *rule_set_fields(rules),
                Field("shoe", "Shoe", shoe_fields(shoe), text=f"{shoe_text(shoe)}."),
                Field("law", "Law", text(law_text(law))),
                Field("parameters", None, tuple(text(p) for p in law.parameters)),
                Field("free", None, tuple(text(multiplier_text(v)) for v in law.free)),
                Field("method", None, text(fit.method)),
            )
        ),
        Prose((method,)),
        Fields((Field("fit", "Fitted", _point(law, fit.point)),)),
        _targets(fit),
        Prose((_verdict(fit),)),
        Fields(
            (
                Field("fits", None, flag(fit.fits)),
                Field("band", None, _bands(fit.band)),
                Field("conflicts", None, data([list(c) for c in fit.conflicts], "conflicts")),
                Field("repeats", None, data([list(r) for r in fit.repeats], "repeats")),
                Field("solutions", None, data([[fraction_text(x) for x in s] for s in fit.solutions], "solutions")),
            )
        ),
        *_printable(fit),
    ]
    return Document(
        title=f"{rules.name}: a multiplier law fitted to "
        + ("1 target return" if len(fit.targets) == 1 else f"{len(fit.targets)} target returns"),
        blocks=tuple(blocks),
        context=shoe_context(rules, shoe),
        provenance=provenance((rules,), shoe_text(shoe)),
    )
