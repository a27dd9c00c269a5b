"""Rule sets: the frozen, validated model of one documented game.

A rule set is everything the analyzer applies for one documented game: the
default shoe, the drawing tables, the dealing procedure, and the pay table of
every wager. Each piece carries the clause of the rule document it comes from
(``source``), or, where the document is silent, a ``default`` note saying what
was chosen and why, so that reports can say so.

This module is the model only; :mod:`analyzer.game.rulefile` reads it from
TOML (shipped rule sets by name, or a user's file by path).

>>> from analyzer.game.rulefile import read_rules
>>> rules = read_rules("punto-banco")
>>> rules.drawing.banker_draws(3, player_third=8), rules.drawing.banker_draws(3, player_third=9)
(False, True)
>>> [w.name for w in rules.wagers if w.offered]
['player', 'banker', 'tie']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..errors import InputError, shown
from .kinds import DEFAULT_KIND, check_kind, kind_text
from .odds import format_pays
from .wager import Side, Wager

if TYPE_CHECKING:
    from .choices import Choices
    from .reveal import Reveal

DRAW, STAND = "H", "S"
BANKER_COLUMNS: tuple[str, ...] = ("stood", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
"""Columns of the Banker table: the Player stood, or drew a third card worth 0-9."""
NON_NATURAL_TOTALS = range(8)
"""Two-card totals that are not naturals. A two-card 8 or 9 is a natural and
ends the round for both hands (001: "If either the player hand or the banker
hand has a total of an 8 or a 9 they both stand. This rule overrides all other
rules."; 000 steps 3a, 5a; 003; 004). Drawing tables cover totals 0-7 only."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """The third-card rules: when the Player hand and the Banker hand draw.

    ``player[t]`` is True when a Player two-card total ``t`` (0-7) draws.
    ``banker[t][c]`` is True when a Banker two-card total ``t`` (0-7) draws,
    where column ``c`` is 0 when the Player stood and ``1 + v`` when the Player
    drew a third card of value ``v``: the shape of 001's chart.

    Equality and hashing read the tables only, not ``source``: two documents
    that print the same tableau have the same drawing rules, and share one
    cached enumeration.
    """

    player: tuple[bool, ...]
    banker: tuple[tuple[bool, ...], ...]
    source: str = field(compare=False)

    def __post_init__(self) -> None:
        if len(self.player) != len(NON_NATURAL_TOTALS):
            raise InputError("The Player drawing rule needs one entry for each total 0-7.")
        if len(self.banker) != len(NON_NATURAL_TOTALS) or any(len(row) != len(BANKER_COLUMNS) for row in self.banker):
            raise InputError(
                "The Banker drawing table needs rows 0-7, each with 11 entries "
                "(Player stood, then Player's third card 0-9)."
            )

    def player_draws(self, total: int) -> bool:
        """Whether a non-natural Player two-card ``total`` takes a third card."""
        return self.player[total]

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether a non-natural Banker two-card ``total`` takes a third card.

        ``player_third`` is the value of the Player's third card, or ``None``
        when the Player stood.
        """
        column = 0 if player_third is None else 1 + player_third
        return self.banker[total][column]


@dataclass(frozen=True, slots=True)
class OwnCards:
    """Play Your Own Cards (000 CASE 2): who may ask for an own hand.

    Only a bettor whose sole wager is ``wager`` may play an own hand, and
    only when ``alone`` is true does any other wager of theirs forbid it.
    The own hand draws or stands as its player chooses; the Banker plays
    against it by the rule set's drawing table, reading the "stood" column
    for a two-card own hand and any third-card column for a three-card one.
    """

    wager: str
    alone: bool
    source: str


PROCEDURES: tuple[str, ...] = ("standard", "louisiana")
Procedure = Literal["standard", "louisiana"]


@dataclass(frozen=True, slots=True)
class Dealing:
    """How a dealer deals a round: the order of the first four cards, and the procedure.

    ``first_four`` names the hand each of the first four cards goes to:
    ``("player", "banker", "player", "banker")`` is 003's alternate order,
    ``("player", "player", "banker", "banker")`` 001's. Third cards come
    after them, the Player's first (003: "the player's hand draws a third
    card first").

    ``procedure`` is ``"standard"`` (003, 001, 004: cards face up, the Player
    hand is completed first, then the Banker hand by the table) or
    ``"louisiana"`` (000's dealer instructions: cards face down, the dealer's
    announcements, CASE 2 own hands, the order of settlement of steps 8-10).
    The louisiana procedure announces the Banker's decision before the
    Player's third card is turned (000 step 5), so it needs a Banker table
    whose rows do not depend on that card's value (checked by :class:`RuleSet`).

    Trap: the order changes no probability (the cards of a shuffled shoe are
    exchangeable); it decides which hand a given card goes to when a known
    sequence is dealt (``baccarat deal``, the simulator's physical dealing).
    """

    first_four: tuple[Side, ...]
    procedure: Procedure
    source: str
    default: str | None = None

    def __post_init__(self) -> None:
        if sorted(self.first_four) != ["banker", "banker", "player", "player"]:
            raise InputError(
                f"The first four cards go to {', '.join(self.first_four)}; "
                "two must go to the player and two to the banker, e.g. P B P B."
            )
        if self.procedure not in PROCEDURES:
            raise InputError(
                f"Dealing procedure {shown(self.procedure)} is unknown; use one of {', '.join(PROCEDURES)}."
            )

    @property
    def order_text(self) -> str:
        """The order of the first four cards as a rule file writes it: "P B P B"."""
        return " ".join(side[0].upper() for side in self.first_four)


DEFAULT_DEALING = Dealing(
    first_four=("player", "banker", "player", "banker"),
    procedure="standard",
    source="003: 'The first card is dealt to the player's hand, second to the banker's hand, third to the "
    "player's hand and fourth to the banker's hand.'; 'the player's hand draws a third card first.'",
    default="the rule file has no [dealing] table, so document 003's order and procedure apply.",
)
"""The dealing of a rule file that does not say how it is dealt."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One documented game: default shoe, drawing tables and wagers.

    Frozen and hashable, so that a rule set can be part of a cache key.
    """

    name: str
    title: str
    document: str
    source_path: str
    decks: int
    decks_source: str
    drawing: Drawing
    wagers: tuple[Wager, ...]
    decks_default: str | None = None
    notes: tuple[str, ...] = field(default=())
    source_sha256: str = ""
    """SHA-256 of the rule file's bytes, as hex (what a report's provenance names); empty for a rule set built in
    code."""
    shipped: bool = False
    """Read from the package by name: ``source_path`` is then the file's name alone (``punto-banco.toml``), so that
    outputs do not depend on where the package is installed."""
    pay_changes: tuple[tuple[str, str, Fraction], ...] = ()
    """Pays changed from the rule file's by :meth:`with_pays`, in order: (wager, outcome, pays)."""
    own_cards: OwnCards | None = None
    dealing: Dealing = DEFAULT_DEALING
    extends: str | None = None
    """The rule set whose drawing, dealing and main pays this one reuses (``[rule_set] extends``), if any."""
    other_files: tuple[tuple[str, str, str], ...] = ()
    """Files read beside the rule file, each (name, role, SHA-256): what it extends, and ``--wagers`` files."""
    about: tuple[tuple[str, str], ...] = ()
    """What the rule file says of its source document: (key, text) for document_title, operator, jurisdiction and
    approved, those it states (the report's front page)."""
    reveal: Reveal | None = None
    """Reveal and raise ([reveal]): cards turned up after the deal, and the raises they allow (Peek-style games)."""
    choices: Choices | None = None
    """Drawing cells left to a side's choice (``[choices]``, :mod:`analyzer.game.choices`); ``None`` when every cell
    is fixed. The other commands play every cell as :attr:`drawing` says; ``baccarat equilibrium`` solves them."""
    kind: str = DEFAULT_KIND
    """The kind of game (:data:`GAME_KINDS`): live, electronic or rng."""
    kind_stated: bool = False
    """Whether the rule file states :attr:`kind` (``[rule_set] kind``); if not, the default (live) applies, and the
    outputs that depend on it say so."""

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise InputError(f"Rule set {shown(self.name)} has {self.decks} decks; it needs at least 1.")
        names = [w.name for w in self.wagers]
        if len(set(names)) != len(names):
            raise InputError(f"Rule set {shown(self.name)} defines a wager twice.")
        for w in self.wagers:
            unknown = [r for r in w.requires if r not in names]
            if unknown:
                key = w.name if len(w.name) <= 100 else shown(w.name)  # the key the file writes (its line is found)
                raise InputError(
                    f"wagers.{key}.requires: wager {shown(w.name)} requires unknown wager(s) "
                    f"{', '.join(map(shown, unknown))}."
                )
        if self.own_cards is not None and self.own_cards.wager not in names:
            raise InputError(f"own_cards.wager: names unknown wager {shown(self.own_cards.wager)}.")
        if self.own_cards is not None and self.wager(self.own_cards.wager).side != "player":
            raise InputError(
                f"own_cards.wager: {shown(self.own_cards.wager)} follows the banker hand; an own hand plays "
                "as a Player hand against the Banker, so it must name a player-side wager."
            )
        if self.dealing.procedure == "louisiana":
            _check_louisiana_banker(self.name, self.drawing)
        if self.reveal is not None:
            from .reveal import check_raisable  # only games with a reveal (its module is not on analyze's path)

            check_raisable(self.reveal, self.wagers, self.name)
        check_kind(self.name, self.kind)

    @property
    def kind_text(self) -> str:
        """The kind of game in words, and whether the rule file states it (:func:`~.kinds.kind_text`)."""
        return kind_text(self.kind, self.kind_stated)

    def wager(self, name: str) -> Wager:
        """The wager called ``name``; :class:`InputError` lists the names if unknown."""
        for w in self.wagers:
            if w.name == name:
                return w
        raise InputError(
            f"Unknown wager {shown(name)}; rule set {self.name} has: {', '.join(w.name for w in self.wagers)}."
        )

    def with_pays(self, wager: str, outcome: str, pays: Fraction) -> RuleSet:
        """A copy in which one outcome of one wager pays ``pays``.

        The change is recorded as a default note, so every report says the
        pay table was altered from the document's.
        """
        target = self.wager(wager)
        old = target.outcome(outcome)
        note = f"pays {format_pays(pays)} set by the user (the rule file says {old.pays_text})"
        outcomes = tuple(replace(o, pays=pays, default=note) if o is old else o for o in target.outcomes)
        wagers = tuple(replace(w, outcomes=outcomes) if w is target else w for w in self.wagers)
        return replace(self, wagers=wagers, pay_changes=(*self.pay_changes, (target.name, old.name, pays)))

    def defaults(self, decks: int | None = None) -> Iterator[str]:
        """Every place where a document is silent and a default applies, or the user changed a rule, as sentences.

        ``decks`` is the number of decks actually used; when it is not the
        rule file's, the shoe's sentence says so instead of stating the rule
        file's number as if it applied.
        """
        if decks is not None and decks != self.decks:
            if self.decks_default:
                yield (
                    f"Shoe: {decks} decks, set by the user "
                    f"(the document is silent; the rule file's default is {self.decks})."
                )
            else:
                yield (
                    f"Shoe: {decks} decks, set by the user, "
                    f"not the {self.decks} the document states ({self.decks_source})."
                )
        elif self.decks_default:
            yield f"Shoe: {self.decks} decks. {self.decks_default}"
        for w in self.wagers:
            if not w.offered:
                continue
            if w.default:
                yield f"{w.title}: {w.default}"
            for o in w.outcomes:
                if o.default:
                    yield f"{w.title}, {o.name}: {o.default}"


def _check_louisiana_banker(name: str, drawing: Drawing) -> None:
    """Refuse a Banker table that 000's procedure could not deal (see :class:`Dealing`)."""
    for total, row in zip(NON_NATURAL_TOTALS, drawing.banker):
        if len(set(row[1:])) != 1:
            raise InputError(
                f"dealing.procedure: rule set {shown(name)}: procedure 'louisiana' announces the Banker's decision "
                "before the "
                f"Player's third card is turned (000 step 5), so Banker row {total} must not depend on that card's "
                "value."
            )
        if row[1] and not row[0]:
            raise InputError(
                f"dealing.procedure: rule set {shown(name)}: procedure 'louisiana' settles as 000 steps 10a-10c do, "
                "where the "
                "Banker "
                f"stands against every hand, draws against every hand, or draws only against hands that stood; "
                f"Banker row {total} draws only against hands that drew."
            )
