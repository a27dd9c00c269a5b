"""Verification of submitted figures: each claim of a claims file, CONFIRMED or REFUTED.

A claims file is TOML, as a test lab receives figures from a supplier::

    title = "Supplier X, mini-baccarat par sheet"      # optional

    [[claim]]
    id = "PB-1"                                       # optional label
    source = "Supplier X par sheet, p. 2"             # optional: where it is claimed
    rules = "punto-banco"                             # shipped or catalogue name, or a rule file path
    wagers = ["my-side-bets.toml"]                    # optional: files whose side bets are added (--wagers)
    decks = 8                                         # optional: the rule set's number by default
    remove = "5,5,K"                                  # optional: cards out of the shoe
    wager = "banker"
    figure = "house_edge"
    value = "1.0579%"
    precision = 4                                     # optional: see below

``rules`` is a shipped rule set, a side-bet catalogue file, or a path to a
rule file; ``wagers`` adds the side bets of other files, as ``--wagers``
does; a relative path is read from the claims file's folder. ``decks`` is
the rule set's own number when left out. ``figure`` is one of
:data:`FIGURES`; ``combinations`` (ordered six-card dealings P1 B1 P2 B2 P3
B3), ``probability``, ``return`` (probability times pays), ``pays`` and
``fair_odds`` also need ``outcome``, the name of a row of the wager's pay table.
``removed`` states the cards out of the decks ("5,5,K" or "5 5 K"), checked card by card.
``pays = { "tie" = "9:1" }`` changes pays of the claim's wager first.

Values are strings so that they are read exactly: a percentage ("1.0579%"),
a decimal ("0.93", "-0.0123"), a whole number ("2292252566437888", or
"2,292,252,566,437,888"), or a fraction ("43/415"); a TOML whole number is
accepted too, a TOML float is not (it is binary, not what was written).
A figure that is a share of the bet or a probability, written without a %
sign, is a fraction of 1 ("0.0106"); one that could not be a fraction of 1
(a house edge of "1.06", more than the whole bet) is refused with the
question whether a % sign is missing, and ``unit = "percent"`` reads a bare
number as a percentage. A ``pays`` claim is a pay as a pay table writes it
("19:20", "push") and must equal the rule set's exactly.

Precision
    ``precision`` is a number of decimal places (of the percentage, for a
    percentage) or ``"exact"``. Left out, it is what the value shows: as many
    places as are written after the point (0 for "1%"), and exact for a
    whole number or a fraction. A claim to k places is CONFIRMED when the
    exact figure is within half a unit of the k-th place of the claimed
    value, boundary included (so it holds whether the claimant rounded half
    up or half to even); an exact claim when it is equal. The standard
    deviation is the one irrational figure: it is compared through its
    square, exactly ((c - h)^2 <= variance <= (c + h)^2), never through a
    float.

Every claim is checked before anything is reported, so a malformed file
(unknown key, missing key, bad value, a figure the wager does not have) is
refused with one sentence naming the file, the claim and the key, and no
report.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet, par_sheets
from ..exact.reach import load_rules
from ..game.cards import parse_removal
from ..game.odds import parse_pays
from ..game.rulefile import is_rule_file
from ..game.rules import RuleSet
from ..game.shipped import catalogue, shipped
from ..game.shoe import Shoe
from ..game.standard import sha256_hex
from ..game.strict import StrictTable, origin_of, parse_toml
from ..numbers import decimal_text
from .claimfigures import (
    COUNT_FIGURES,
    FIGURES,
    OUTCOME_FIGURES,
    SHARE_BOUNDS,
    SHARE_FIGURES,
    exact_figure,
    same_cards,
)
from .reading import read_submitted

PUBLISHED = "published.toml"
"""The package's claims file of published figures (:func:`published_claims`)."""

EXACT = "exact"
MAX_PLACES = 100
"""The most decimal places a claim can state (or ``precision`` ask for); no published figure has more than 20."""
UNITS = ("fraction", "percent")

_CLAIM_KEYS = (
    "id",
    "source",
    "rules",
    "wagers",
    "decks",
    "remove",
    "wager",
    "pays",
    "figure",
    "outcome",
    "value",
    "precision",
    "unit",
)
_DIGITS = r"\d{1,3}(?:,\d{3}){1,13}|\d{1,40}"
_NUMBER = re.compile(rf"(?P<sign>[-+]?)(?P<whole>{_DIGITS})(?:\.(?P<places>\d{{1,40}}))?(?P<percent>\s*%)?")
_RATIO = re.compile(r"(?P<sign>-?)(?P<numerator>\d{1,400})\s*/\s*(?P<denominator>\d{1,400})")
VALUE_FORMS = 'a percentage such as "1.0579%", a decimal such as "0.93", a whole number, or a fraction such as "43/415"'


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claimed number: its exact value as written, and how precisely it is stated.

    ``value`` is in natural units (a percentage is already divided by 100).
    ``places`` is the number of decimal places stated, of the percentage when
    ``percent``; ``None`` means the claim is exact. A spreadsheet's number past
    10**15 states fewer places than none: -6 means to the nearest million (a
    double carries 15 significant digits).
    """

    text: str
    value: Fraction
    places: int | None
    percent: bool

    def __post_init__(self) -> None:
        if self.places is not None and self.places < -MAX_PLACES:
            raise ValueError(f"A number of decimal places cannot be below -{MAX_PLACES}.")

    @property
    def half_unit(self) -> Fraction:
        """Half a unit of the last stated place, in natural units (0 for an exact claim)."""
        if self.places is None:
            return Fraction(0)
        return Fraction(1, 2) / Fraction(10) ** self.places / (100 if self.percent else 1)


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim, checked and resolved: the rule set loaded, the shoe built."""

    number: int
    label: str | None
    source: str | None
    rules: RuleSet
    shoe: Shoe
    wager: str
    figure: str
    outcome: str | None
    claimed: Claimed
    pays: tuple[tuple[str, Fraction], ...] = ()
    """Pays of the wager's outcomes the claim changed first, as (outcome, pays)."""
    cell: str | None = None
    """Where in a submitted par sheet the figure was read: its column's header, or its cell (``banker!B13``)."""

    def __post_init__(self) -> None:
        if self.figure not in FIGURES:
            raise ValueError(f"Unknown figure {shown(self.figure)}.")
        if (self.outcome is not None) != (self.figure in OUTCOME_FIGURES):
            raise ValueError(f"Figure {self.figure} {'needs' if self.outcome is None else 'takes no'} outcome.")


@dataclass(frozen=True, slots=True)
class Verdict:
    """A claim, the exact figure, and whether the claim holds.

    ``exact`` is the figure itself, except for ``standard_deviation``
    (``root`` true), where it is the exact variance whose square root the
    standard deviation is; ``None`` for a pay the rule set does not give
    (the claim is then refuted).
    """

    claim: Claim
    exact: Fraction | None
    root: bool
    confirmed: bool

    def rounded(self, places: int, percent: bool) -> Fraction:
        """The figure rounded half to even to ``places`` decimals (of the percentage when ``percent``)."""
        scale = Fraction(10) ** places * (100 if percent else 1)
        assert self.exact is not None, "a missing pay is never rounded"
        if not self.root:
            return Fraction(round(self.exact * scale), scale)
        # round(sqrt(v) * scale), exactly: r = floor(sqrt(v * scale^2)), then r + 1 when the root passes r + 1/2
        # (a tie, possible only when the variance is a rational square, rounds up).
        squared = self.exact * scale * scale
        r = math.isqrt(squared.numerator // squared.denominator)
        return Fraction(r + (squared > (Fraction(2 * r + 1, 2)) ** 2), scale)


@dataclass(frozen=True, slots=True)
class Claims:
    """A claims file (or a submitted par sheet), read and resolved; ``sha256`` names the file's bytes."""

    path: str
    title: str | None
    claims: tuple[Claim, ...]
    sha256: str = ""
    kind: str = "claims file"
    unread: tuple[str, ...] = ()
    """A submitted par sheet's columns that hold no figure (names, notes, provenance): named in the report."""
    not_read: tuple[str, ...] = ()
    """A submitted par sheet's figures that are not read (a column or cell holding a number this program does not
    know the meaning of, such as a volatility index): named, and the verification is then "not verified"."""
    unvalued: tuple[str, ...] = ()
    """A submitted workbook's cells holding a formula with no stored value (sheet!cell): not checked, and named."""
    matched: tuple[str, ...] = ()
    """A supplier's names matched to the rule set's ("theirs -> ours (how)"), named in the report."""
    listed: tuple[tuple[str, str, str], ...] = ()
    """A submitted par sheet's rows naming an outcome (or "" for a Totals row): (wager, outcome, row label), in order;
    :func:`.submitted.rows_listed` finds the rows missing or listed twice."""


# ------------------------------------------------------------------ reading


def parse_claimed(text: str | int, precision: int | str | None) -> Claimed:
    """Read a claimed value exactly, with its precision (see the module notes).

    >>> parse_claimed("1.0579%", None)
    Claimed(text='1.0579%', value=Fraction(10579, 1000000), places=4, percent=True)
    >>> parse_claimed("2,292,252,566,437,888", None).places is None
    True
    >>> parse_claimed("0.93", 4).places
    4
    """
    if isinstance(text, int):
        value, places, percent, written = Fraction(text), None, False, str(text)
    else:
        written = text.strip()
        number, ratio = _NUMBER.fullmatch(written), _RATIO.fullmatch(written)
        if ratio:
            if int(ratio["denominator"]) == 0:
                raise InputError(f"value {shown(text)} divides by zero; write {VALUE_FORMS}.")
            value = Fraction(int(ratio["numerator"]), int(ratio["denominator"])) * (-1 if ratio["sign"] else 1)
            places, percent = None, False
        elif number:
            digits = number["whole"].replace(",", "") + "." + (number["places"] or "0")
            value = Fraction(digits) * (-1 if number["sign"] == "-" else 1)
            percent = bool(number["percent"])
            places = len(number["places"] or "") if number["places"] or percent else None
            if percent:
                value /= 100
        else:
            raise InputError(f"value {shown(text)} is not a number; write {VALUE_FORMS}.")
    if precision == EXACT:
        places = None
    elif isinstance(precision, int):
        if not 0 <= precision <= MAX_PLACES:
            raise InputError(f"precision {shown(precision)} is not a number of decimal places from 0 to {MAX_PLACES}.")
        if places is not None and precision < places:
            raise InputError(
                f"value {shown(written)} is written to {places} decimal places but precision says {precision}; make "
                "them agree."
            )
        places = precision
    return Claimed(text=written, value=value, places=places, percent=percent)


def claimed_figure(
    figure: str, value: str | int, precision: int | str | None = None, unit: str | None = None
) -> Claimed:
    """A claimed value of ``figure``, read exactly and checked for sense (see the module notes).

    A pay is read as a pay table writes it; a share of the bet or a
    probability without a % sign is a fraction of 1 (a percentage with
    ``unit="percent"``), and one that no fraction of 1 could be is refused
    with the question whether a % is missing.

    >>> claimed_figure("house_edge", "1.06")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    analyzer.errors.InputError: value '1.06' of house_edge, read as a fraction of the bet, is 106%,
    which no house_edge can be; if it is a percentage, write "1.06%" (or unit = "percent").
    """
    if figure == "removed":  # cards out of the decks, as --remove takes them or a report writes them: "5 5 K"
        if not isinstance(value, str):
            raise InputError(f'removed {shown(value)} must name cards as --remove does, e.g. "5,5,K" or "5 5 K".')
        written = value.strip()
        return Claimed(text=written, value=Fraction(len(parse_removal(written))), places=None, percent=False)
    if figure == "pays":
        if not isinstance(value, str):
            raise InputError(
                f'pays {shown(value)} must be written as a pay table writes it, e.g. "11:1", "19:20", "push".'
            )
        written = value.strip()
        negative = written.startswith("-")  # a fee makes a push pay less than nothing: "-1:6"
        pays = parse_pays(written[1:] if negative else written)
        return Claimed(text=written, value=-pays if negative else pays, places=None, percent=False)
    claimed = parse_claimed(value, precision)
    if unit == "percent" and not claimed.percent:
        if figure not in SHARE_FIGURES:
            raise InputError(f'unit = "percent" is only for {", ".join(SHARE_FIGURES)}, not {figure}.')
        claimed = replace(claimed, text=f"{claimed.text}%", value=claimed.value / 100, percent=True)
    if figure in SHARE_BOUNDS and not claimed.percent:
        low, high = SHARE_BOUNDS[figure]
        if not low <= claimed.value <= high:
            as_percent = decimal_text(claimed.value * 100, 6).rstrip("0").rstrip(".")
            raise InputError(
                f"value {shown(claimed.text)} of {figure}, read as a fraction of the bet, is {as_percent}%, which no "
                f"{figure} "
                f'can be; if it is a percentage, write "{claimed.text}%" (or unit = "percent").'
            )
    return claimed


def load_claims(path: str) -> Claims:
    """Read and check a claims file; :class:`InputError` names the file, the claim and the key."""
    if Path(path).suffix.lower() in (".xls", ".xlsm", ".ods", ".numbers", ".tsv"):
        raise InputError(
            f"{origin_of(path)}: a par sheet is read as .csv or .xlsx; save it in one of those, "
            "or give a .toml claims file."
        )
    submitted = read_submitted(path, "claims file")
    return read_claims(submitted.text(), path, Path(path).parent, submitted.sha256)


def published_claims() -> Claims:
    """The published figures the shipped rule sets reproduce (package data ``published.toml``), with their sources."""
    data = resources.files("analyzer.studies").joinpath(PUBLISHED).read_bytes()
    return read_claims(data.decode("utf-8"), PUBLISHED, Path("."), sha256_hex(data))


def read_claims(text: str, path: str, folder: Path, sha256: str = "") -> Claims:
    """Claims from TOML ``text`` read from ``path`` (rule file paths are relative to ``folder``)."""
    data = parse_toml(text, origin_of(path))
    top = StrictTable(data, "", origin_of(path))
    title = top.string("title", required=False)
    if "claim" not in data and "exposure" not in data:
        raise top.error("claim", "is missing; a claims file holds [[claim]] tables or [[exposure]] incidents.")
    rows = top.array("claim", required=False)
    top.array("exposure", required=False)  # documented exposures: analyzer.studies.incidents reads them
    top.finish(("title", "claim", "exposure"))
    if rows is not None and (not rows or not all(isinstance(row, dict) for row in rows)):
        raise top.error("claim", "must be one or more [[claim]] tables.")
    loaded: dict[tuple[str, tuple[str, ...]], RuleSet] = {}
    claims = tuple(
        _read_claim(StrictTable(row, f"claim {i}", origin_of(path)), i, folder, loaded)
        for i, row in enumerate(rows or [], start=1)
    )
    return Claims(path=path, title=title, claims=claims, sha256=sha256)


def _read_claim(
    table: StrictTable, number: int, folder: Path, loaded: dict[tuple[str, tuple[str, ...]], RuleSet]
) -> Claim:
    def wrap(key: str, action: Any) -> Any:
        try:
            return action()
        except InputError as e:
            raise table.error(key, str(e)) from None

    def located(name: str) -> str:  # a relative path is read from the claims file's folder
        beside = str(folder / name)
        return beside if name not in shipped() and name not in catalogue() and is_rule_file(beside) else name

    where = located(table.string("rules"))
    added = table.typed("wagers", (str, list), "a wagers file or a list of them", False) or []
    added = [added] if isinstance(added, str) else added
    if not all(isinstance(a, str) for a in added):
        raise table.error("wagers", "must be a wagers file or a list of them.")
    files = tuple(located(a) for a in added)
    if (where, files) not in loaded:
        loaded[(where, files)] = wrap("wagers" if files else "rules", lambda: load_rules(where, files))
    rules = loaded[(where, files)]
    given = table.integer("decks", required=False)
    decks = rules.decks if given is None else given
    full = wrap("decks", lambda: Shoe.decks(decks))
    remove = table.string("remove", required=False) or ""
    shoe = wrap("remove", lambda: full.remove(parse_removal(remove)))
    wager = table.string("wager")
    wrap("wager", lambda: rules.wager(wager))
    pays_table = table.table("pays", required=False)
    changed: list[tuple[str, Fraction]] = []
    if pays_table is not None:
        for outcome_name in list(pays_table.data):
            pays = pays_table.pays(outcome_name)
            assert pays is not None, "the key is in the table"
            rules = wrap("pays", functools.partial(rules.with_pays, wager, outcome_name, pays))
            changed.append((outcome_name, pays))
    figure = table.string("figure")
    if figure not in FIGURES:
        raise table.error("figure", f"is {shown(figure)}; it must be one of {', '.join(FIGURES)}.")
    if figure in OUTCOME_FIGURES and "outcome" not in table.data:
        raise table.error(
            "outcome", f"is missing; the figure {figure} is per outcome: name a row of the {wager} pay table."
        )
    outcome = table.string("outcome", required=False)
    if outcome is not None:
        if figure not in OUTCOME_FIGURES:
            raise table.error("outcome", f"is only for the figures {', '.join(OUTCOME_FIGURES)}, not {figure}.")
        wrap("outcome", lambda: rules.wager(wager).outcome(outcome))
    raw = table.data.get("value")
    if isinstance(raw, float):
        raise table.error(
            "value",
            f'is the TOML float {shown(raw)}; write it as a string, e.g. value = "{raw}", so it is read exactly.',
        )
    value = table.typed("value", (str, int), VALUE_FORMS, True)
    precision = table.typed("precision", (int, str), f'a number of decimal places or "{EXACT}"', False)
    if (isinstance(precision, str) and precision != EXACT) or (
        isinstance(precision, int) and not 0 <= precision <= MAX_PLACES
    ):
        raise table.error(
            "precision",
            f'is {shown(precision)}; it must be a number of decimal places from 0 to {MAX_PLACES} or "{EXACT}".',
        )
    unit = table.string("unit", required=False)
    if unit is not None and unit not in UNITS:
        raise table.error("unit", f"is {shown(unit)}; it must be one of {', '.join(UNITS)}.")
    claimed = wrap("value", lambda: claimed_figure(figure, value, precision, unit))
    if figure in COUNT_FIGURES and (claimed.places is not None or claimed.percent or claimed.value.denominator != 1):
        raise table.error("value", f"is {shown(value)}; {figure} is a whole number, claimed exactly.")
    label, source = table.string("id", required=False), table.string("source", required=False)
    table.finish(_CLAIM_KEYS)
    return Claim(
        number=number,
        label=label,
        source=source,
        rules=rules,
        shoe=shoe,
        wager=wager,
        figure=figure,
        outcome=outcome,
        claimed=claimed,
        pays=tuple(changed),
    )


# ----------------------------------------------------------------- checking


def verify(claims: Claims, sheets: dict[tuple[int, Shoe, str], ParSheet] | None = None) -> tuple[Verdict, ...]:
    """The verdict on every claim; raises :class:`InputError` before any when a figure does not exist. ``sheets``
    keeps the par sheets computed, by (rule set id, shoe, wager), for calls that check the same game again."""
    sheets = {} if sheets is None else sheets  # claims about one wager share its par sheet
    return tuple(_verdict(claims.path, claim, sheets) for claim in claims.claims)


def _verdict(path: str, claim: Claim, sheets: dict[tuple[int, Shoe, str], ParSheet]) -> Verdict:
    key = (id(claim.rules), claim.shoe, claim.wager)  # the claims hold their rule sets, so no id is reused
    if key not in sheets:
        (sheets[key],) = par_sheets(claim.rules, claim.shoe, (claim.wager,))
    exact = exact_figure(path, claim, sheets[key])
    c, h = claim.claimed.value, claim.claimed.half_unit
    if exact is None:
        return Verdict(claim=claim, exact=None, root=False, confirmed=False)
    if claim.figure == "removed":  # card by card, not by their number
        return Verdict(claim=claim, exact=exact, root=False, confirmed=same_cards(claim.claimed.text, claim.shoe))
    if claim.figure == "standard_deviation":
        confirmed = c + h >= 0 and max(c - h, Fraction(0)) ** 2 <= exact <= (c + h) ** 2
        return Verdict(claim=claim, exact=exact, root=True, confirmed=confirmed)
    return Verdict(claim=claim, exact=exact, root=False, confirmed=abs(exact - c) <= h)
