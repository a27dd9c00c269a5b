"""What a documented exposure was worth: "card 1 exposed on every round for N rounds at an average bet B".

A surveillance department documents an incident: what a player could see of each round's cards
(:class:`~analyzer.game.sight.Sight`), on how many rounds, and the average bet. :func:`exposure_worth` states,
from the exact figures of :mod:`analyzer.studies.information`:

* the **expected gain** to the player: N x B x the gain per round dealt (the player bets B on each round where
  what is seen gives some wager an edge, on the best such wager, and nothing on the others; B is the
  average of the bets made);
* the **ordinary expectation**: what the same rounds were expected to bring a player who saw nothing and bet B
  on every round on the best wager (the house's edge on it), and the **swing**, the expected gain less it:
  what the exposure cost the house against ordinary play;
* the **spread**: the exact variance of the player's net over the N rounds, N x B^2 x the per-round variance,
  its square root (the standard deviation, the one float), and the normal-approximation ranges at 90% and 95%
  with the chance the player ends ahead (from the same exact moments).

Assumptions, said beside the figures: each exposed round is dealt from a shoe of the stated composition (the
figures are exact for it; rounds deep in one shoe differ a little, either way); the rounds are independent for
the spread (as :mod:`analyzer.studies.volatility` takes them); one bet per round, of the average size.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from ..errors import InputError, shown
from ..game.sight import Sight
from ..numbers import decimal_text
from .information import Information
from .volatility import LEVELS, z_score

MAX_ROUNDS = 10**9
"""The most rounds an incident may state (a billion: a table deals about 60 rounds an hour)."""
MAX_AMOUNT = 10**12
"""The largest average bet read."""
_AMOUNT = re.compile(r"(?P<whole>\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(?P<places>\d{1,6}))?")


def parse_amount(text: str) -> Fraction:
    """An amount of money as written ("5000", "2,500.50"), exactly; above 0 and at most :data:`MAX_AMOUNT`.

    >>> parse_amount("2,500.50")
    Fraction(5001, 2)
    """
    written = str(text).strip().lstrip("$£€")
    match = _AMOUNT.fullmatch(written)
    if not match:
        raise InputError(f"{shown(text)} is not an amount; write a number such as 5000 or 2,500.50.")
    amount = Fraction(match["whole"].replace(",", "") + "." + (match["places"] or "0"))
    if not 0 < amount <= MAX_AMOUNT:
        raise InputError(f"The average bet {shown(text)} must be above 0 and at most {MAX_AMOUNT:,}.")
    return amount


@dataclass(frozen=True, slots=True)
class Incident:
    """A documented exposure: what was seen of each round, on how many rounds, at what average bet."""

    sight: Sight
    rounds: int
    average_bet: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or not 1 <= self.rounds <= MAX_ROUNDS:
            raise InputError(f"The rounds exposed must be a whole number from 1 to {MAX_ROUNDS:,}, not {self.rounds}.")
        if not isinstance(self.average_bet, Fraction | int) or not 0 < self.average_bet <= MAX_AMOUNT:
            raise InputError(f"The average bet must be above 0 and at most {MAX_AMOUNT:,}.")

    @property
    def text(self) -> str:
        """The incident in words.

        >>> from analyzer.game.sight import parse_sight
        >>> Incident(parse_sight("1=value"), 200, Fraction(5000)).text
        '1=value seen on every round for 200 rounds at an average bet of 5,000'
        """
        whole, _, cents = decimal_text(Fraction(self.average_bet), 2).partition(".")
        bet = f"{int(whole):,}" + ("" if cents == "00" else f".{cents}")
        return f"{self.sight.text} seen on every round for {self.rounds:,} rounds at an average bet of {bet}"


@dataclass(frozen=True, slots=True)
class ExposureWorth:
    """What an incident was worth (module notes): exact expectations and variance, the spread as floats."""

    incident: Incident
    information: Information
    expected: Fraction
    """The player's expected gain over the rounds, in money."""
    ordinary: Fraction
    """The expected result of the same rounds for a player who saw nothing and bet the average on the best wager."""
    variance: Fraction
    """The exact variance of the player's net over the rounds, in money squared."""
    ranges: tuple[tuple[Fraction, float, float], ...]
    """(level, low, high): the normal-approximation range of the player's net at each of :data:`LEVELS`."""
    ahead: float | None
    """The normal-approximation chance that the player ends the rounds ahead (``None`` when the spread is 0)."""

    @property
    def swing(self) -> Fraction:
        """The expected gain less the ordinary expectation: what the exposure cost the house against ordinary play."""
        return self.expected - self.ordinary

    @property
    def standard_deviation(self) -> float:
        """The standard deviation of the player's net over the rounds (the square root: a float)."""
        return math.sqrt(self.variance)

    @property
    def rounds_bet(self) -> Fraction:
        """The expected number of rounds bet."""
        return self.incident.rounds * self.information.share


def exposure_worth(information: Information, rounds: int, average_bet: Fraction) -> ExposureWorth:
    """What seeing ``information.sight`` on ``rounds`` rounds at ``average_bet`` was worth (module notes)."""
    incident = Incident(information.sight, rounds, Fraction(average_bet))
    bet = incident.average_bet
    expected = rounds * bet * information.gain
    ordinary = rounds * bet * information.blind[information.best_blind]
    variance = rounds * bet * bet * information.variance
    sd = math.sqrt(variance)
    ranges = tuple(
        (level, float(expected) - z_score(level) * sd, float(expected) + z_score(level) * sd) for level in LEVELS
    )
    ahead = None if sd == 0 else 1 - NormalDist(float(expected), sd).cdf(0.0)
    return ExposureWorth(
        incident=incident,
        information=information,
        expected=expected,
        ordinary=ordinary,
        variance=variance,
        ranges=ranges,
        ahead=ahead,
    )
