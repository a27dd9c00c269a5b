"""Reveal and raise (Peek-Baccarat-style games) as data: after the first four cards are dealt, some of them are
turned face up, and a bettor on a raisable wager may keep the initial bet or raise it to a multiple of it.

The model (:class:`Reveal`) holds what a rule file's ``[reveal]`` table states
(:mod:`analyzer.game.revealfile` reads it):

* ``cards``: the law of how many of the four cards are revealed, ((k, P(k)), ...) for k in 1-4;
* ``positions``: which of the four, given how many: ((set, P(set | its size)), ...), or ``None``
  for the stated default, every set of that size equally likely;
* ``multiples``: what the initial bet may be raised to, in initial bets (keeping it, 1, is always allowed);
* ``fee``: a fee on the initial bet, paid with it and never returned, none on the raise;
* ``wagers``: the wagers that may be raised (and carry the fee).

A position is named by its hand: ``P1``, ``P2`` the Player's first and second cards, ``B1``, ``B2`` the Banker's.
Which positions are revealed never depends on what the cards are (the law is over positions), which is what makes
the unrevealed cards a uniformly random draw from the shoe less the revealed ones.

>>> reveal = Reveal(
...     cards=((1, Fraction(1, 2)), (4, Fraction(1, 2))),
...     positions=None,
...     multiples=(2, 3),
...     fee=Fraction(1, 5),
...     wagers=("player", "banker"),
...     source="the terms",
... )
>>> [(subset, str(p)) for subset, p in reveal.sets()][:3]
[(('P1',), '1/8'), (('P2',), '1/8'), (('B1',), '1/8')]
>>> reveal.choices
(1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from ..errors import InputError, shown
from ..numbers import percent_text

if TYPE_CHECKING:
    from .wager import Wager

POSITIONS: tuple[str, ...] = ("P1", "P2", "B1", "B2")
"""The first four cards by hand: the Player's first and second, the Banker's first and second."""

MAX_MULTIPLE = 100
"""The largest raise a rule file may state, in initial bets (the games raise to 2 or 3)."""

UNIFORM_POSITIONS = (
    "which of the four cards are revealed is not stated: every set of that many of the four cards is taken as "
    "equally likely (a stated default; a [reveal] positions table overrides it)."
)
"""The stated default when a ``[reveal]`` table gives no ``positions``."""

Positions = tuple[str, ...]


def sets_of(size: int) -> tuple[Positions, ...]:
    """Every set of ``size`` of the four positions, in :data:`POSITIONS` order.

    >>> sets_of(2)[:3]
    (('P1', 'P2'), ('P1', 'B1'), ('P1', 'B2'))
    """
    return tuple(combinations(POSITIONS, size))


def positions_text(subset: Positions) -> str:
    """A set of positions as a rule file writes it: ``"P1 B2"``."""
    return " ".join(subset)


@dataclass(frozen=True, slots=True)
class Reveal:
    """A rule set's reveal-and-raise: how many cards and which are revealed, the raises, the fee, the wagers.

    Guarantees (checked here): the count law is over 1-4 cards with positive probabilities adding up to 1; a
    positions law gives, for each count the count law allows, sets of exactly that many distinct positions whose
    probabilities add up to 1; the multiples are whole numbers from 2 to :data:`MAX_MULTIPLE`, distinct, in
    increasing order; the fee is from 0 (inclusive) to 1 (exclusive) of the initial bet; at least one wager is
    named, none twice. Whether the wagers exist and can be raised is the rule set's check
    (:class:`~analyzer.game.rules.RuleSet`).
    """

    cards: tuple[tuple[int, Fraction], ...]
    positions: tuple[tuple[Positions, Fraction], ...] | None
    multiples: tuple[int, ...]
    fee: Fraction
    wagers: tuple[str, ...]
    source: str
    default: str | None = None
    """What the source does not state and the file assumes (e.g. the count law), in words."""

    def __post_init__(self) -> None:
        counts = [k for k, _ in self.cards]
        if not counts or any(k not in range(1, 5) for k in counts) or len(set(counts)) != len(counts):
            raise InputError(
                f"[reveal] cards gives the counts {shown(counts)}; each must be 1, 2, 3 or 4 cards, each once."
            )
        if any(p <= 0 for _, p in self.cards) or sum(p for _, p in self.cards) != 1:
            raise InputError(
                "[reveal] cards: the probabilities of the numbers of cards revealed must be above 0 and add up to 1 "
                "exactly."
            )
        if self.positions is not None:
            _check_positions(self.positions, counts)
        if (
            not self.multiples
            or any(not 2 <= m <= MAX_MULTIPLE for m in self.multiples)
            or list(self.multiples) != sorted(set(self.multiples))
        ):
            raise InputError(
                f"[reveal] multiples is {shown(list(self.multiples))}; give the multiples of the initial bet a raise "
                f"may reach, each a whole number from 2 to {MAX_MULTIPLE}, increasing, e.g. [2, 3] (keeping the bet "
                "is always allowed)."
            )
        if not 0 <= self.fee < 1:
            raise InputError(f"[reveal] fee is {self.fee}; a fee is from 0% to below 100% of the initial bet.")
        if not self.wagers or len(set(self.wagers)) != len(self.wagers):
            raise InputError("[reveal] wagers must name at least one wager that may be raised, each once.")

    @property
    def choices(self) -> tuple[int, ...]:
        """What the bet may stand at once the cards are seen, in initial bets: 1 (kept), then the multiples."""
        return (1, *self.multiples)

    @property
    def counts(self) -> tuple[int, ...]:
        """The numbers of cards the law reveals with a positive probability, increasing."""
        return tuple(sorted(k for k, _ in self.cards))

    def count_probability(self, k: int) -> Fraction:
        """The probability that ``k`` cards are revealed (0 when the law never reveals ``k``)."""
        return dict(self.cards).get(k, Fraction(0))

    def sets_given(self, k: int) -> tuple[tuple[Positions, Fraction], ...]:
        """The sets of ``k`` positions that may be revealed, each with its probability given that ``k`` are."""
        if self.positions is None:
            every = sets_of(k)
            return tuple((subset, Fraction(1, len(every))) for subset in every)
        return tuple((subset, p) for subset, p in self.positions if len(subset) == k)

    def sets(self) -> tuple[tuple[Positions, Fraction], ...]:
        """Every set that may be revealed with its probability, P(k) P(set | k), by size then position order."""
        return tuple((subset, pk * p) for k, pk in sorted(self.cards) for subset, p in self.sets_given(k) if pk * p > 0)

    def with_cards(self, law: tuple[tuple[int, Fraction], ...]) -> Reveal:
        """A copy revealing as many cards as ``law`` says ((k, P(k)) pairs; zero entries dropped)."""
        return replace(self, cards=tuple((k, p) for k, p in law if p))

    @property
    def positions_default(self) -> str | None:
        """The stated default on which positions are revealed, when the rule file gives none."""
        return UNIFORM_POSITIONS if self.positions is None else None


def reveal_note(reveal: Reveal) -> str:
    """The note every output of a rule set with a ``[reveal]`` table carries: what the game does, and where its own
    figures are (a par sheet of ``analyze`` is per unit finally bet, without the fee and the raise)."""
    counts = reveal.counts
    shown_counts = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    multiples = " or ".join(str(m) for m in reveal.multiples)
    return (
        f"Reveal and raise ([reveal]): after the first four cards are dealt, {shown_counts} of them are revealed "
        f"and a bet on {' or '.join(reveal.wagers)} may be kept or raised to {multiples} times the initial bet, "
        f"with a fee of {written_percent(reveal.fee)} of the initial bet. Par sheets of those wagers here are per unit "
        "finally bet, without the fee and the raise; `baccarat peek` gives the game's own figures (optimal play, "
        "the strategy card, never raising)."
    )


def written_percent(x: Fraction) -> str:
    """A percentage as a rule file writes it: "20%", "12.5%" (exact to four decimals of a percent, trailing zeros
    dropped).

    >>> written_percent(Fraction(1, 5)), written_percent(Fraction(1, 8))
    ('20%', '12.5%')
    """
    text = percent_text(x, 4).removesuffix("%")
    return (text.rstrip("0").rstrip(".") if "." in text else text) + "%"


def _check_positions(positions: tuple[tuple[Positions, Fraction], ...], counts: list[int]) -> None:
    for subset, p in positions:
        if not subset or any(s not in POSITIONS for s in subset) or len(set(subset)) != len(subset):
            raise InputError(
                f"[reveal] positions names the set {shown(positions_text(subset))}; a set is one to four distinct "
                f'positions of {", ".join(POSITIONS)}, e.g. "P1 B1".'
            )
        if p <= 0:
            raise InputError(
                f"[reveal] positions gives the set {shown(positions_text(subset))} the probability {p}; leave out a "
                "set that is never revealed."
            )
    seen = [frozenset(subset) for subset, _ in positions]
    if len(set(seen)) != len(seen):
        raise InputError("[reveal] positions names a set twice (the order within a set does not matter).")
    for k in counts:
        total = sum((p for subset, p in positions if len(subset) == k), Fraction(0))
        if total != 1:
            raise InputError(
                f"[reveal] positions: the sets of {k} card{'s' if k > 1 else ''} have probabilities adding up to "
                f"{total}, not 1; give the sets revealed for every number of cards the cards law allows."
            )
    extra = sorted({len(subset) for subset, _ in positions} - set(counts))
    if extra:
        raise InputError(
            f"[reveal] positions gives sets of {extra[0]} cards, but the cards law never reveals {extra[0]}; "
            "leave them out."
        )


def check_raisable(reveal: Reveal, wagers: Sequence[Wager], rule_set: str) -> None:
    """Refuse a ``[reveal]`` table naming a wager the rule set lacks, or one that cannot be raised as modelled: a
    raised wager is settled by how the round ends (the rows of the shipped keys), has a pay on every row, and carries
    no fee or multipliers of its own (the table's fee is its fee)."""
    by_name = {w.name: w for w in wagers}
    for name in reveal.wagers:
        wager = by_name.get(name)
        if wager is None:
            raise InputError(
                f"Rule set {shown(rule_set)}: [reveal] wagers names {shown(name)}, which it does not define; it has: "
                f"{', '.join(by_name)}."
            )
        if not wager.side_view_only:
            raise InputError(
                f"Rule set {shown(rule_set)}: [reveal] wagers names {shown(name)}, whose rows read more than how the "
                "round ends (its hand's total, cards, natural, margin and pair); a raised wager is settled by those "
                "alone."
            )
        if not wager.has_pay_table:
            raise InputError(
                f"Rule set {shown(rule_set)}: [reveal] wagers names {shown(name)}, which has a row without pays; "
                "a raised wager needs a pay on every row."
            )
        if wager.money is not None or wager.lightning is not None:
            raise InputError(
                f"Rule set {shown(rule_set)}: [reveal] wagers names {shown(name)}, which has a fee, cap, jackpot or "
                "multipliers of its own; the [reveal] table's fee is the raised wager's fee, so give it there only."
            )
