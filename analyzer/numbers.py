"""Exact numbers as text: decimals rounded exactly from fractions, percentages, fractions, counts.

No float is involved: a decimal is rounded half to even from the exact
:class:`~fractions.Fraction`. Every layer may use these (error messages in
the studies, every report), so they sit beside :mod:`analyzer.errors`, below
the layers.
"""

from __future__ import annotations

from fractions import Fraction


def decimal_text(value: Fraction, places: int) -> str:
    """``value`` rounded half-even to ``places`` decimals, exactly.

    >>> decimal_text(Fraction(43, 415), 6)
    '0.103614'
    >>> decimal_text(Fraction(-1, 3), 4)
    '-0.3333'
    """
    scaled = round(value * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def percent_text(value: Fraction, places: int = 4) -> str:
    """``value`` as a percentage: ``percent_text(Fraction(43, 415))`` is '10.3614%'."""
    return decimal_text(value * 100, places) + "%"


def exact_percent_text(value: Fraction) -> str:
    """``value`` as a percentage with exactly the places it needs ("93.8%", "0.05%"), or the fraction itself, "p/q",
    when no finite decimal is exact (as a rule file writes a probability).

    >>> [exact_percent_text(Fraction(*f)) for f in ((469, 500), (1, 2000), (1, 3))]
    ['93.8%', '0.05%', '1/3']
    """
    shown = amount_text(value * 100)
    return fraction_text(value) if "/" in shown else shown + "%"


def share_text(value: Fraction, places: int = 4) -> str:
    """A share as a percentage with no decimals when it is a whole number of percent, else to ``places``.

    >>> share_text(Fraction(1, 10)), share_text(Fraction(1, 3))
    ('10%', '33.3333%')
    """
    return percent_text(value, 0 if (value * 100).denominator == 1 else places)


def fraction_text(value: Fraction) -> str:
    """An exact fraction as "p/q" (or "p" when whole), the JSON form."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def count_text(n: int) -> str:
    """A count with thousands separators."""
    return f"{n:,}"


def amount_text(value: Fraction) -> str:
    """An exact amount of money: "9.5", "-10", "0", or "10/3" when no finite decimal is exact.

    >>> amount_text(Fraction(19, 2)), amount_text(Fraction(-10)), amount_text(Fraction(10, 3))
    ('9.5', '-10', '10/3')
    """
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    return decimal_text(value, max(twos, fives)) if rest == 1 else fraction_text(value)
