"""A wager's money mechanics as data: a fee, a cap, a progressive jackpot (:class:`Money`), and random multipliers
(:class:`Lightning`). The loader (:mod:`.moneyfile`) reads them; the pays of a wager are net of the money rules
when it is loaded, and :mod:`analyzer.exact.lightning` prices the multipliers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError, shown
from ..numbers import fraction_text, percent_text

if TYPE_CHECKING:
    from .wager import Wager


JACKPOT_BASES: tuple[str, ...] = ("to one", "for one")
"""How a jackpot row is paid: the meter and the stake back ("to one"), or the meter alone ("for one": the stake is
never returned, as on a flat-bet progressive whose pay table is written "for one")."""

_SHARE = re.compile(r"(\d{1,3}(?:\.\d{1,6})?)\s*%\s+of\s+(?:the\s+)?jackpot", re.IGNORECASE)


def jackpot_share(pays: object) -> Fraction | None:
    """The share of the meter a row's ``pays`` text asks for: 1 for ``"jackpot"``, 1/10 for ``"10% of jackpot"``;
    None for any other pay."""
    if not isinstance(pays, str):
        return None
    token = pays.strip()
    if token.lower() == "jackpot":
        return Fraction(1)
    match = _SHARE.fullmatch(token)
    return None if match is None else Fraction(match.group(1)) / 100


@dataclass(frozen=True, slots=True)
class Jackpot:
    """A progressive jackpot: ``rows`` pay the ``meter`` (money) on a bet of ``stake``, each its share of it
    (``shares``, parallel to ``rows``; none given: the whole meter), with the stake back (``basis`` "to one") or not
    ("for one"); ``reseed`` and ``contribution`` (a fraction of each stake added to the meter) as the table states
    them, if it does."""

    meter: Fraction
    stake: Fraction
    rows: tuple[str, ...]
    reseed: Fraction | None = None
    contribution: Fraction | None = None
    shares: tuple[Fraction, ...] = ()
    basis: str = "to one"

    def __post_init__(self) -> None:
        if self.basis not in JACKPOT_BASES:
            raise InputError(f"jackpot.basis is {shown(self.basis)}; use one of {', '.join(JACKPOT_BASES)}.")
        if self.shares and len(self.shares) != len(self.rows):
            raise InputError("jackpot: give a share of the meter for every jackpot row, or none.")
        for row, share in zip(self.rows, self.shares):
            if not 0 < share <= 1:
                raise InputError(
                    f"jackpot: row {shown(row)} pays {float(share * 100):g}% of the meter; a row's share of "
                    "the meter must be above 0% and at most 100%."
                )

    def share(self, row: str) -> Fraction:
        """The share of the meter ``row`` pays (0 for a row that is not a jackpot row)."""
        if row not in self.rows:
            return Fraction(0)
        return self.shares[self.rows.index(row)] if self.shares else Fraction(1)

    def pays(self, share: Fraction) -> Fraction:
        """What a row paying ``share`` of the meter pays per unit staked (before a fee): ``share * meter / stake``,
        less the stake on the "for one" basis."""
        return share * self.meter / self.stake - (1 if self.basis == "for one" else 0)


HANDS_MULTIPLIED: tuple[str, ...] = (
    "winning hand",
    "both hands",
    "player",
    "banker",
    "player first two",
    "banker first two",
)
"""Whose cards lightning multipliers apply to: the winning hand (both on a tie), both hands, one hand, or the first two
cards of one hand (a pair bet's cards)."""


def multiplier_text(value: Fraction) -> str:
    """A total multiplier as a rule file writes its key and a par sheet's row names it ("Player wins x8"): a whole
    number, or a fraction when it is not one.

    >>> multiplier_text(Fraction(8)), multiplier_text(Fraction(5, 2))
    ('8', '5/2')
    """
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class Lightning:
    """Random multipliers: ``count`` lightning card types drawn from a virtual 52-card deck ((K, probability) pairs),
    each with a multiplier from ``multipliers`` ((value, probability) pairs); a winning row pays its pays times the
    product of the multipliers of the lightning cards among the cards of ``applies_to`` (the winning hand, both
    hands on a tie), at most ``cap`` per unit staked if given.

    ``stake_returned`` is the share of the stake a winning row gives back beside its multiplied pays (the whole
    stake unless stated): the Banker bet of the Golden-Wealth family returns 95% of the stake plus the multiplied
    win, so a row paying 1:1 nets ``M - 0.05`` per unit staked at a total multiplier ``M`` (0.95 unmultiplied, 7.95
    at 8x: 8.95 returned), where a row written 19:20 would net ``0.95 * M``. See :meth:`win`."""

    count: tuple[tuple[int, Fraction], ...]
    multipliers: tuple[tuple[Fraction, Fraction], ...]
    applies_to: str = "winning hand"
    cap: Fraction | None = None
    stake_returned: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        for table, pairs in (("cards", self.count), ("multipliers", self.multipliers)):
            total = sum((p for _, p in pairs), Fraction(0))
            if total != 1:
                raise InputError(
                    f"lightning.{table}: its probabilities add up to {fraction_text(total)} "
                    f"({percent_text(total, 4)}), not 1; they must add up to 1 exactly."
                )
        if any(not 0 <= k <= 52 for k, _ in self.count):
            raise InputError("lightning: the number of lightning cards must be from 0 to 52.")
        if self.applies_to not in HANDS_MULTIPLIED:
            raise InputError(
                f"lightning.applies_to is {shown(self.applies_to)}; use one of {', '.join(HANDS_MULTIPLIED)}."
            )
        if not 0 <= self.stake_returned <= 1:
            raise InputError(
                f"lightning.stake_returned is {float(self.stake_returned * 100):g}% of the stake; a winning row "
                "returns from 0% to 100% of it."
            )

    @property
    def stake_kept(self) -> Fraction:
        """The share of the stake a winning row does not return (0 unless :attr:`stake_returned` says otherwise)."""
        return 1 - self.stake_returned

    def win(self, pays: Fraction, value: Fraction) -> Fraction:
        """What a winning row paying ``pays`` (to one, per unit staked) nets at total multiplier ``value``, before a
        fee: its pays times ``value`` (at most :attr:`cap`), less the share of the stake not returned.

        >>> banker = Lightning(count=((5, Fraction(1)),), multipliers=((Fraction(8), Fraction(1)),),
        ...                    stake_returned=Fraction(95, 100))
        >>> banker.win(Fraction(1), Fraction(8)), banker.win(Fraction(1), Fraction(1))
        (Fraction(159, 20), Fraction(19, 20))
        """
        multiplied = pays * value
        if self.cap is not None and value != 1:
            multiplied = min(multiplied, self.cap)
        return multiplied - self.stake_kept

    @property
    def first_two(self) -> bool:
        """Whether the multipliers apply to a hand's first two cards only (``"player first two"``)."""
        return self.applies_to.endswith(" first two")

    def hands(self, player_total: int, banker_total: int) -> tuple[str, ...]:
        """The hands whose cards the multipliers apply to, in a round of these final totals (with :attr:`first_two`,
        only their first two cards)."""
        if self.applies_to in ("player", "banker", "player first two", "banker first two"):
            return (self.applies_to.split()[0],)
        if self.applies_to == "both hands" or player_total == banker_total:
            return ("player", "banker")
        return ("player",) if player_total > banker_total else ("banker",)


@dataclass(frozen=True, slots=True)
class Money:
    """A wager's money mechanics, applied to its pays when it is loaded (so that every output agrees): a ``fee`` on
    the stake, a ``cap`` (amount, stake) on what a round pays, a progressive ``jackpot``."""

    fee: Fraction | None = None
    cap: tuple[Fraction, Fraction] | None = None
    jackpot: Jackpot | None = None

    def net(self, pays: Fraction, jackpot_row: bool = False) -> Fraction:
        """What a row paying ``pays`` (per unit staked) returns net, per unit staked, fee included."""
        if self.cap is not None and not jackpot_row and pays > 0:
            pays = min(pays, self.cap[0] / self.cap[1])
        if self.fee is not None:
            pays = (pays - self.fee) / (1 + self.fee)
        return pays


def refuse_lightning(wagers: Iterable[Wager], what: str) -> None:
    """Refuse, in one line, wagers with random multipliers where ``what`` (a command and what it computes) does not
    count them yet, naming the commands that do."""
    lit = [w.name for w in wagers if w.lightning is not None]
    if lit:
        raise InputError(
            f"Wager {shown(lit[0])} has lightning multipliers, which {what} does not count yet (analyze, eor, "
            "report, diff, verify and the workbench price them exactly; simulate, deal and count draw them)."
        )


def kept_fee(wager: Wager) -> tuple[tuple[str, ...], Fraction] | None:
    """The rows of a wager with a fee that give the stake back but keep the fee (a tie on a Lightning Player bet,
    written "push"), and what each returns net per unit staked, fee included (-1:6 with a 20% fee): such a row is
    a loss of the fee, not a push, so a par sheet's push frequency leaves it out. ``None`` when no row does so."""
    money = wager.money
    if money is None or money.fee is None:
        return None
    kept = money.net(Fraction(0))
    # a wager with multipliers keeps its pays as written (the fee is taken after the multipliers), and its par sheet's
    # rows are net of the fee; any other wager's rows were made net of the fee when it was loaded
    written = (Fraction(0), kept) if wager.lightning is not None else (kept,)
    rows = tuple(o.name for o in wager.outcomes if o.pays in written)
    return (rows, kept) if rows else None
