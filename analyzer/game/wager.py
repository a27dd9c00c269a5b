"""A wager as frozen, validated data: which hand it follows, its pay table (ordered outcomes, each a condition and a
pay), its money mechanics, and the figures its source published. :mod:`analyzer.game.wagerfile` reads it from a
``[wagers.NAME]`` table; a :class:`~analyzer.game.rules.RuleSet` holds the wagers of one game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..errors import InputError, shown
from .money import Lightning, Money
from .odds import format_pays

if TYPE_CHECKING:
    from .conditions import Condition

Side = Literal["player", "banker"]
Result = Literal["win", "tie", "loss"]

SIDES: tuple[str, ...] = ("player", "banker")
RESULTS: tuple[str, ...] = ("win", "tie", "loss")


@dataclass(frozen=True, slots=True)
class Outcome:
    """One row of a pay table: a condition on the round, and what it pays.

    :attr:`condition` is everything the row tests (:mod:`analyzer.game.conditions`).
    The fields ``result`` to ``pair`` are the keys of the shipped rule
    files, read from the wager's side: ``result`` is win, tie or loss for
    that side's hand; ``natural`` whether that hand is a two-card 8 or 9;
    ``margin`` (exact) or ``min_margin`` the side's total minus the other's;
    ``total`` the side's final total(s); ``cards`` its number of cards;
    ``pair`` whether its first two cards are of identical rank. ``extended``
    holds what the row tests beyond them (``None`` when nothing): a row of
    the shipped keys only is settled by the side views of
    :mod:`analyzer.game.settle` and never needs a condition object (so that
    loading the shipped rule sets costs what it did). :attr:`condition`
    merges both, the shipped keys as the ``own`` hand test, for the readings
    that settle every row. A condition left as ``None`` matches anything.
    Rows are tried in order; the first that matches settles the bet.

    ``pays`` is the net win per unit staked (-1 loses the stake, 0 pushes), or
    ``None`` when no document gives a pay for this row.
    """

    name: str
    pays: Fraction | None
    result: Result | None = None
    natural: bool | None = None
    margin: int | None = None
    min_margin: int | None = None
    total: frozenset[int] | None = None
    cards: int | None = None
    pair: bool | None = None
    default: str | None = None
    extended: Condition | None = None
    written: str | None = field(default=None, compare=False)
    """The pay as the rule file writes it ("31 for 1", "30:1"), when read from a file: how the document states it."""
    side_view_only: bool = field(init=False, repr=False, compare=False)
    """True when the row tests only the shipped keys, so that the 400 side views settle it."""
    _condition: Condition | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        if self.pays is not None and self.pays < -1:
            raise InputError(f"Outcome {shown(self.name)} pays {self.pays}: a bet cannot lose more than its stake.")
        if self.margin is not None and not -9 <= self.margin <= 9:
            raise InputError(f"Outcome {shown(self.name)} has margin {self.margin}; a margin is between -9 and 9.")
        if self.min_margin is not None and not -9 <= self.min_margin <= 9:
            raise InputError(
                f"Outcome {shown(self.name)} has min_margin {self.min_margin}; a margin is between -9 and 9."
            )
        if self.total is not None and not self.total <= set(range(10)):
            raise InputError(f"Outcome {shown(self.name)} has a total outside 0-9.")
        if self.cards is not None and self.cards not in (2, 3):
            raise InputError(f"Outcome {shown(self.name)} has cards = {self.cards}; a hand has 2 or 3 cards.")
        object.__setattr__(self, "side_view_only", self.extended is None)

    @property
    def condition(self) -> Condition:
        """Everything the row tests: ``extended`` with the shipped keys as its ``own`` hand test (made once)."""
        if self._condition is None:
            from .conditions import EMPTY, HandTest

            legacy = {key: getattr(self, key) for key in LEGACY_KEYS if getattr(self, key) is not None}
            condition = self.extended or EMPTY
            if legacy:
                condition = replace(condition, own=replace(condition.own or HandTest(), **legacy))
            object.__setattr__(self, "_condition", condition)
        assert self._condition is not None
        return self._condition

    @property
    def one_sided(self) -> bool:
        """Whether the row tests its own side's hand (a shipped key, another hand key at its top level, or
        ``other``)."""
        return any(getattr(self, key) is not None for key in LEGACY_KEYS) or (
            self.extended is not None and self.extended.one_sided
        )

    @property
    def pays_text(self) -> str:
        """The pay as a pay table prints it, or "?" when none is documented."""
        return "?" if self.pays is None else format_pays(self.pays)


LEGACY_KEYS: tuple[str, ...] = ("result", "natural", "margin", "min_margin", "total", "cards", "pair")
"""The row keys of the shipped rule files, read from the wager's side."""


@dataclass(frozen=True, slots=True)
class Published:
    """A figure a publisher printed for a wager, as printed: what it is, at how many decks, and where.

    ``figure`` is one of the figures :mod:`analyzer.studies.verify` checks
    (``house_edge``, ``combinations`` of ``outcome``, ...); ``value`` is the
    printed text (``"21.79%"``, ``"150,358,085,283,840"``, or a fraction
    such as ``"246848784/7379583120"`` for a count published in other units
    than ordered six-card dealings, with ``note`` saying so).
    """

    figure: str
    value: str
    decks: int
    source: str
    outcome: str | None = None
    note: str | None = None


UNREACHABLE: tuple[str, ...] = ("refuse", "allow")


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager: which hand it follows, if one, and its pay table (ordered outcomes).

    ``side`` is the hand whose view the shipped row keys read (``result``,
    ``total``, ...: the wager's *own* hand); ``None`` for a wager that names
    its hands (``player = { ... }``, ``either = { ... }``) and so follows no
    side.

    ``offered`` says whether the rule set's document offers the wager; a
    wager not offered is still analysed, with the standard pay table of
    ``rulesets/wagers.toml``, so that rule sets can be compared.

    ``requires`` names the wagers of which at least one must be placed beside
    this one (a table rule, e.g. 004's Pair needs a Banker, Player or Tie
    bet), with the clause in ``requires_source``; empty when there is none.
    ``published`` lists the figures its source printed (the side-bet
    catalogue), checked by the tests and summarised in ``results/``.
    """

    name: str
    title: str
    side: Side | None
    outcomes: tuple[Outcome, ...]
    offered: bool
    source: str
    default: str | None = None
    requires: tuple[str, ...] = ()
    requires_source: str | None = None
    published: tuple[Published, ...] = ()
    unreachable: str = "refuse"
    """Rows no deal can reach: "refuse" the file (every one listed), or "allow" them (a generated table; noted)."""
    money: Money | None = None
    """A fee, a cap, a progressive jackpot (the pays of :attr:`outcomes` are already net of them)."""
    lightning: Lightning | None = None
    """Random multipliers on the winning rows (:mod:`analyzer.exact.lightning` prices them)."""
    origin: str | None = field(default=None, compare=False)
    """The file the wager was added from (``--wagers``), when not the rule set's own."""
    side_view_only: bool = field(init=False, repr=False, compare=False)
    """True when every row tests only its own side's view (the shipped keys): settled by 400 side views."""

    def __post_init__(self) -> None:
        if self.side is not None and self.side not in SIDES:
            raise InputError(f"Wager {shown(self.name)} has side {shown(self.side)}; use one of {', '.join(SIDES)}.")
        if not self.outcomes:
            raise InputError(f"Wager {shown(self.name)} has no outcomes.")
        if self.unreachable not in UNREACHABLE:
            raise InputError(
                f"Wager {shown(self.name)}: unreachable is {shown(self.unreachable)}; use one of "
                f"{', '.join(UNREACHABLE)}."
            )
        names = [o.name for o in self.outcomes]
        if len(set(names)) != len(names):
            raise InputError(f"Wager {shown(self.name)} names an outcome twice; outcome names must differ.")
        object.__setattr__(
            self, "side_view_only", self.side is not None and all(o.side_view_only for o in self.outcomes)
        )
        if self.side is None:
            for o in self.outcomes:
                if o.one_sided:
                    raise InputError(
                        f"Wager {shown(self.name)}, outcome {shown(o.name)} tests its own hand (a key such as result, "
                        "total or "
                        "cards at the row's top level, or other = {...}), but the wager follows no side: give the "
                        "wager "
                        'side = "player" or "banker", or name the hand, e.g. player = { total = 9 }.'
                    )

    @property
    def has_pay_table(self) -> bool:
        """True when every outcome has a documented pay."""
        return all(o.pays is not None for o in self.outcomes)

    def outcome(self, name: str) -> Outcome:
        """The outcome called ``name``."""
        for o in self.outcomes:
            if o.name == name:
                return o
        raise InputError(
            f"Wager {self.name} has no outcome {shown(name)}; it has: {', '.join(o.name for o in self.outcomes)}."
        )
