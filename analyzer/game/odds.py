"""Strict parsing and printing of pays ("11:1", "19:20", "0.95", "push", "lose").

A pay is the net amount won per unit staked, as an exact :class:`Fraction`:
``11:1`` is 11, ``19:20`` (Banker less 5% commission) is 19/20, ``push`` is 0
(the stake comes back) and ``lose`` is -1 (the stake is lost).

User text is never evaluated: only the forms below are accepted, by regular
expression, and anything else raises :class:`InputError`.

A pay may also be written "N for M", as some pay tables print it: the N
returned for M staked include the stake, so "31 for 1" is 30 to 1. Some
jurisdictions forbid "for" on a layout (:func:`written_for`; the regulatory
checks flag it), and every report states a pay both ways (:func:`both_ways`).

>>> parse_pays("11:1"), parse_pays("19:20"), parse_pays("0.95"), parse_pays("8 to 1"), parse_pays("31 for 1")
(Fraction(11, 1), Fraction(19, 20), Fraction(19, 20), Fraction(8, 1), Fraction(30, 1))
>>> format_pays(Fraction(1, 2)), format_pays(Fraction(-1)), format_pays(Fraction(0))
('1:2', 'lose', 'push')
>>> parse_percent("1.0579%")
Fraction(10579, 1000000)
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import InputError, shown

LOSE = Fraction(-1)
PUSH = Fraction(0)

_RATIO = re.compile(r"(\d{1,9})\s*(?::|\s+to\s+)\s*(\d{1,9})", re.IGNORECASE)
_FOR = re.compile(r"(\d{1,9})\s+for\s+(\d{1,9})", re.IGNORECASE)
_DECIMAL = re.compile(r"\d{1,9}(?:\.\d{1,12})?")
_PERCENT = re.compile(r"(-?\d{1,9}(?:\.\d{1,12})?)\s*%")

ALLOWED = "N:M or 'N to M' (e.g. 11:1, 19:20), 'N for M' (31 for 1 is 30:1), a decimal such as 0.95, 'push' or 'lose'"


def parse_pays(text: str) -> Fraction:
    """Parse a pay: ``N:M``, ``N to M``, ``N for M`` (N - M to M), a plain decimal, ``push`` or ``lose``.

    Raises :class:`InputError` naming the text and the allowed forms.
    """
    token = text.strip().lower()
    if token == "push":
        return PUSH
    if token == "lose":
        return LOSE
    ratio = _RATIO.fullmatch(token)
    if ratio:
        numerator, denominator = int(ratio.group(1)), int(ratio.group(2))
        if denominator == 0:
            raise InputError(f"Pays {shown(text)} divides by zero; use {ALLOWED}.")
        return Fraction(numerator, denominator)
    written_for = _FOR.fullmatch(token)
    if written_for:
        returned, staked = int(written_for.group(1)), int(written_for.group(2))
        if staked == 0:
            raise InputError(f"Pays {shown(text)} divides by zero; use {ALLOWED}.")
        return Fraction(returned - staked, staked)
    if _DECIMAL.fullmatch(token):
        return Fraction(token)
    raise InputError(f"Pays {shown(text)} is not understood; use {ALLOWED}.")


def format_pays(pays: Fraction) -> str:
    """Print a pay the way a pay table does: ``11:1``, ``19:20``, ``push``, ``lose``."""
    if pays == LOSE:
        return "lose"
    if pays == PUSH:
        return "push"
    return f"{pays.numerator}:{pays.denominator}"


def written_for(text: str | None) -> bool:
    """Whether a pay is written "N for M" (the stake counted in the pay), which some jurisdictions forbid.

    >>> written_for("31 for 1"), written_for("30:1"), written_for("30 to 1"), written_for(None)
    (True, False, False, False)
    """
    return text is not None and _FOR.fullmatch(text.strip()) is not None


def both_ways(pays: Fraction) -> str:
    """A pay stated both ways, "to" (the win) and "for" (the win and the stake returned): "30 to 1 (31 for 1)",
    "19 to 20 (39 for 20)"; "push" and "lose" as they are.

    >>> both_ways(Fraction(30)), both_ways(Fraction(19, 20)), both_ways(Fraction(0)), both_ways(Fraction(-1))
    ('30 to 1 (31 for 1)', '19 to 20 (39 for 20)', 'push', 'lose')
    """
    if pays == LOSE:
        return "lose"
    if pays == PUSH:
        return "push"
    n, m = pays.numerator, pays.denominator
    return f"{n} to {m} ({n + m} for {m})"


def parse_percent(text: str) -> Fraction:
    """Parse a percentage such as ``2%`` or ``1.0579%`` into an exact fraction.

    The percent sign is required, so that "2" is never read as 200%.
    """
    match = _PERCENT.fullmatch(text.strip())
    if not match:
        raise InputError(f"{shown(text)} is not a percentage; write it like 2% or 1.0579%.")
    return Fraction(match.group(1)) / 100
