"""How each audience reads a typed value: people (text, Markdown), CSV, JSON.

The only place where a :class:`~.model.Value` becomes text; the renderers call
these. Decimals are rounded exactly from the fractions (:mod:`analyzer.numbers`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..game.odds import format_pays
from ..numbers import count_text, decimal_text, fraction_text, percent_text
from .model import Value

MISSING = "n/a"
"""What people read for a value that does not exist."""

CSV_EXTRA_PLACES = 4
"""A percentage is written to CSV as a plain fraction of 1 with this many more decimals than it shows as a
percentage."""


def _exact(value: Value) -> Fraction:
    assert isinstance(value.data, Fraction | int)
    return Fraction(value.data)


def human(value: Value, exact: bool = False) -> str:
    """The value as people read it; ``exact`` shows fractions instead of rounded decimals."""
    if value.text is not None:
        return value.text
    if value.data is None:
        return MISSING
    kind = value.kind
    if kind == "count":
        assert isinstance(value.data, int)
        return count_text(value.data)
    if kind in ("decimal", "percent", "odds"):
        x = _exact(value)
        if exact:
            shown = fraction_text(x)
        elif kind == "percent":
            shown = percent_text(x, value.places)
        else:
            shown = decimal_text(x, value.places)
            if value.signed and x > 0:
                shown = "+" + shown
        return f"{shown} to 1" if kind == "odds" else shown
    if kind == "fraction":
        return fraction_text(_exact(value))
    if kind == "pays":
        return format_pays(_exact(value))
    if kind == "real":
        assert isinstance(value.data, float | int)
        return f"{value.data:.{value.places}f}"
    if kind == "flag":
        return "yes" if value.data else "no"
    return str(value.data)


def machine(value: Value | None) -> Any:
    """The value as JSON holds it: exact fractions as "p/q", counts as digit strings, floats as numbers."""
    if value is None or value.data is None:
        return None
    kind = value.kind
    if kind == "count":
        return str(value.data)
    if kind in ("decimal", "percent", "fraction", "odds"):
        return fraction_text(_exact(value))
    if kind == "pays":
        return format_pays(_exact(value))
    return value.data


def exact_data(value: Value | None) -> Any:
    """The value itself, as a program reads it: exact fractions (pays too) as Fractions, counts as ints, floats as
    floats."""
    if value is None or value.data is None:
        return None
    if value.kind in ("decimal", "percent", "fraction", "odds", "pays"):
        return _exact(value)
    return value.data


def csv_text(value: Value | None, exact: bool = False) -> str:
    """The value in a CSV cell: counts as plain digits, percentages as fractions of 1, floats in full."""
    if value is None or value.data is None:
        return ""
    kind = value.kind
    if kind == "count":
        return str(value.data)
    if kind == "percent":
        x = _exact(value)
        return fraction_text(x) if exact else decimal_text(x, value.places + CSV_EXTRA_PLACES)
    if kind == "real":
        return repr(value.data)
    if kind == "flag":
        return "true" if value.data else "false"
    if kind == "decimal":
        x = _exact(value)
        return fraction_text(x) if exact else decimal_text(x, value.places)
    return human(value, exact)


def percent_number(value: Value, exact: bool = False) -> str:
    """A percentage in a CSV ``..._percent`` column: the number of percent, to 2 more places than people see."""
    if value.data is None:
        return ""
    x = _exact(value) * 100
    return fraction_text(x) if exact else decimal_text(x, value.places + CSV_EXTRA_PLACES - 2)
