"""The strategy card of a reveal-and-raise wager, and the check that proves a card optimal, cell by cell.

The card
    For each shape (how many of the Player's and of the Banker's cards are revealed), a grid: a row for what is seen
    of the Player's hand (nothing, one card's value, or two cards' total), a column for the Banker's; each cell
    pools the patterns that read so, and plays what their pooled value says (raise to the largest multiple above 0,
    keep below 0, keep on exactly 0, where either is optimal). The patterns whose own best play differs from their
    cell's are the card's exceptions, listed by the cards seen; a card with its exceptions plays optimally on every
    pattern (:func:`card_policy`, which the tests hold equal to optimal play).

The proof
    :func:`refutations` checks any strategy, pattern by pattern, against the exact conditional values: a pattern's
    play is refuted when another choice returns strictly more there (a best-response check over every cell). A
    strategy no pattern refutes returns the optimal expected value; a wrong cell is caught, with what it costs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..exact.reveal import CardClasses
from .peekpatterns import SHAPES, Pattern, PatternKey, Policy, Shape

if TYPE_CHECKING:
    from .peek import WagerPeek

RAISE, KEEP, EITHER = "raise", "keep", "either"


@dataclass(frozen=True, slots=True)
class CardCell:
    """One cell of a shape's grid: what is seen of each hand (a total of two cards, a value of one, ``None`` when
    none of that hand is revealed), the dealings (for one set of the shape) and the net they sum to."""

    shape: Shape
    player: int | None
    banker: int | None
    ways: int
    net: Fraction
    play: int

    @property
    def expected_value(self) -> Fraction:
        """The pooled value of a unit bet in this cell."""
        return self.net / self.ways

    @property
    def best(self) -> str:
        return RAISE if self.net > 0 else KEEP if self.net < 0 else EITHER


@dataclass(frozen=True, slots=True)
class Exception_:
    """A pattern whose best play differs from its cell's, and the play it takes instead."""

    pattern: Pattern
    cell: CardCell
    play: int

    @property
    def gain(self) -> Fraction:
        """What playing the exception instead of the cell gains, per unit of the pattern's initial bet."""
        return (self.play - self.cell.play) * self.pattern.expected_value


@dataclass(frozen=True, slots=True)
class CardGrid:
    """One shape's grid (cells by Player key, then Banker key) and its exceptions."""

    shape: Shape
    cells: tuple[CardCell, ...]
    exceptions: tuple[Exception_, ...]

    @property
    def player_keys(self) -> tuple[int | None, ...]:
        return tuple(dict.fromkeys(c.player for c in self.cells))

    @property
    def banker_keys(self) -> tuple[int | None, ...]:
        return tuple(dict.fromkeys(c.banker for c in self.cells))

    def cell(self, player: int | None, banker: int | None) -> CardCell | None:
        for c in self.cells:
            if c.player == player and c.banker == banker:
                return c
        return None


def seen_key(classes: CardClasses, cards: tuple[int, ...]) -> int | None:
    """What a grid reads of a hand's revealed cards: none (``None``), one card's value, two cards' total."""
    if not cards:
        return None
    return sum(classes.values[c] for c in cards) % 10


def strategy_card(
    patterns: Mapping[Shape, tuple[Pattern, ...]], classes: CardClasses, top: int
) -> tuple[CardGrid, ...]:
    """The card of a wager whose ``patterns`` (by shape) name the revealed cards by ``classes``, raising to ``top``
    initial bets: a grid per shape with patterns, with its exceptions (what :attr:`WagerPeek.card` holds)."""
    grids = []
    for shape in SHAPES:
        if shape not in patterns:
            continue
        pooled: dict[tuple[int | None, int | None], tuple[int, Fraction]] = {}
        for p in patterns[shape]:
            key = (seen_key(classes, p.key[0]), seen_key(classes, p.key[1]))
            ways, net = pooled.get(key, (0, Fraction(0)))
            pooled[key] = (ways + p.ways, net + p.net)
        cells = {
            key: CardCell(shape, key[0], key[1], ways, net, top if net > 0 else 1)
            for key, (ways, net) in sorted(pooled.items(), key=lambda item: (_order(item[0][0]), _order(item[0][1])))
        }
        exceptions = []
        for p in patterns[shape]:
            cell = cells[(seen_key(classes, p.key[0]), seen_key(classes, p.key[1]))]
            own = top if p.net > 0 else 1 if p.net < 0 else cell.play
            if own != cell.play:
                exceptions.append(Exception_(p, cell, own))
        grids.append(CardGrid(shape, tuple(cells.values()), tuple(exceptions)))
    return tuple(grids)


def _order(key: int | None) -> int:
    return -1 if key is None else key


def card_policy(grids: tuple[CardGrid, ...], classes: CardClasses) -> Policy:
    """The card played as written (``classes``: the wager's, :attr:`WagerPeek.classes`): a pattern's exception if it
    has one, else its cell's play."""
    cells = {(g.shape, c.player, c.banker): c.play for g in grids for c in g.cells}
    exceptions = {(e.pattern.shape, e.pattern.key): e.play for g in grids for e in g.exceptions}

    def policy(p: Pattern) -> int:
        if (p.shape, p.key) in exceptions:
            return exceptions[(p.shape, p.key)]
        return cells[(p.shape, seen_key(classes, p.key[0]), seen_key(classes, p.key[1]))]

    return policy


@dataclass(frozen=True, slots=True)
class Refutation:
    """A pattern where a strategy's play is beaten: the play given, the best one, and what the play given loses per
    unit of the pattern's initial bet."""

    pattern: Pattern
    given: int
    better: int

    @property
    def loss(self) -> Fraction:
        return (self.better - self.given) * self.pattern.expected_value


def refutations(peek: WagerPeek, plays: Mapping[tuple[Shape, PatternKey], int] | Policy) -> tuple[Refutation, ...]:
    """Every pattern where the strategy ``plays`` (a mapping from (shape, pattern key) to the bet it stands at, or a
    policy) is beaten by another of the wager's choices, or stands at a bet not among them (then ``better`` is the
    best choice). Empty exactly when the strategy is optimal on every pattern."""
    choices = peek.choices
    found = []
    for shape in SHAPES:
        for p in peek.patterns.get(shape, ()):
            given = plays(p) if callable(plays) else plays[(shape, p.key)]
            best = max(choices, key=lambda m: (m * p.net, -m))
            if given not in choices or given * p.net < best * p.net:
                found.append(Refutation(p, given, best))
    return tuple(found)
