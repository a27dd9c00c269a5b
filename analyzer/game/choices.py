"""Choices as data: the drawing cells a side decides, what each side sees, and a commission on Banker wins.

In chemin de fer the drawing rules of ``[drawing]`` are not all fixed: the Player chooses whether to draw at
some totals (5, in every source), and the Banker chooses, for some of his totals, against each Player state
(the Player stood, or drew a third card worth 0-9, face up). A rule file says which cells are left to a side
in its ``[choices]`` table, cell by cell in the shape of ``[drawing]``: ``C`` where the side chooses, ``-``
where the ``[drawing]`` table rules. So a game-theory model frees every Banker cell at 0-7 (a ``C`` in every
entry), and a casino's *regle* frees only the cells it does not fix.

What each side sees when it chooses is data too (:data:`INFORMATION`, the three models of the papers):

* ``totals``: each side sees its own two-card total (Kemeny and Snell, 1957);
* ``banker-composition``: the Banker sees his two-card composition, the Player his total (Downton and
  Lockwood, 1975; Ethier and Gamez, 2013, Model B2);
* ``both-compositions``: each side sees its own composition (Ethier and Gamez, 2013, Model B3).

A composition is the unordered pair of the two cards' *values* (ten-valued cards are 0): 4-T and 4-K are one
composition. Whatever a side sees, it also sees what the other side did before it: the Banker sees the
Player's third card face up, or that the Player stood. Naturals are not a choice: a two-card 8 or 9 on
either side ends the coup (``[drawing]``'s own rule).

``commission`` is the share of a Banker win the house takes (the casino game; 0 in the parlour game of the
papers): the Banker then nets ``1 - commission`` on a win and the game is no longer zero-sum.

>>> from analyzer.game.rulefile import read_rules
>>> choices = read_rules("chemin-de-fer").choices
>>> choices.player_free, choices.free_banker_cells, choices.information, choices.commission
((5,), 88, 'banker-composition', Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import InputError, shown
from .rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, Drawing

if TYPE_CHECKING:
    from .strict import StrictTable

TOTALS, BANKER_COMPOSITION, BOTH_COMPOSITIONS = "totals", "banker-composition", "both-compositions"
INFORMATION: tuple[str, ...] = (TOTALS, BANKER_COMPOSITION, BOTH_COMPOSITIONS)
"""What each side sees when it chooses: the papers' three models, in the order of the literature."""

INFORMATION_TEXT: dict[str, str] = {
    TOTALS: "each side sees its own two-card total (Kemeny and Snell's model)",
    BANKER_COMPOSITION: "the Banker sees his two-card composition, the Player his total (Ethier and Gamez's Model B2)",
    BOTH_COMPOSITIONS: "each side sees its own two-card composition (Ethier and Gamez's Model B3)",
}
"""Each information model in words, as outputs state it."""

CHOOSE, RULED = "C", "-"
"""A cell of ``[choices]``: the side chooses (``C``), or the ``[drawing]`` table rules it (``-``)."""

Composition = tuple[int, int]
"""A two-card composition: the unordered pair of the cards' values (ten-valued cards 0), smaller first."""


def composition_text(composition: Composition) -> str:
    """A composition as people read it, larger card first, ten-valued cards as T: "5-T" is written "T-5".

    >>> composition_text((0, 5)), composition_text((2, 3)), composition_text((0, 0))
    ('T-5', '3-2', 'T-T')
    """
    smaller, larger = composition

    def name(value: int) -> str:
        return "T" if value == 0 else str(value)

    return f"T-{name(larger)}" if smaller == 0 else f"{name(larger)}-{name(smaller)}"


def hand_text(total: int, composition: Composition | None) -> str:
    """A side's two-card hand as the outputs label a decision or a row of the Banker's chart: its total, and its
    composition when the side sees it.

    >>> hand_text(5, None), hand_text(5, (0, 5))
    ('5', '5 (T-5)')
    """
    return str(total) if composition is None else f"{total} ({composition_text(composition)})"


def column_text(column: int) -> str:
    """A Player state as outputs name it (a column of the Banker's chart): "stood", or his third card, "drew 4".

    >>> column_text(0), column_text(5)
    ('stood', 'drew 4')
    """
    return "stood" if column == 0 else f"drew {BANKER_COLUMNS[column]}"


MOST_COMMISSION = Fraction(1, 2)
"""The largest commission accepted: above half of a Banker win the question is not baccarat's (the papers take
0 to 10%)."""
MOST_PERCENT = 50


@dataclass(frozen=True, slots=True)
class Choices:
    """Which drawing cells each side decides, what it sees, and the commission on Banker wins.

    ``player[t]`` is True when the Player chooses at two-card total ``t`` (0-7); ``banker[t][c]`` is True when
    the Banker chooses at total ``t`` in column ``c`` of :data:`~analyzer.game.rules.BANKER_COLUMNS` (the Player
    stood, then his third card 0-9). Every other cell is played as the rule set's ``[drawing]`` says.
    ``information`` is the default model (a command may solve another); ``commission`` is exact, from 0 up to
    :data:`MOST_COMMISSION`. ``source`` quotes where the choices come from; ``default`` says what was chosen
    where the source is silent.
    """

    player: tuple[bool, ...]
    banker: tuple[tuple[bool, ...], ...]
    information: str
    commission: Fraction
    source: str
    default: str | None = None

    def __post_init__(self) -> None:
        if len(self.player) != len(NON_NATURAL_TOTALS):
            raise InputError("The Player's choices need one entry for each total 0-7.")
        if len(self.banker) != len(NON_NATURAL_TOTALS) or any(len(row) != len(BANKER_COLUMNS) for row in self.banker):
            raise InputError(
                "The Banker's choices need rows 0-7, each with 11 entries (Player stood, then Player's third card 0-9)."
            )
        if self.information not in INFORMATION:
            raise InputError(
                f"information {shown(self.information)} is not one of {', '.join(INFORMATION)} "
                "(what each side sees when it chooses)."
            )
        if not 0 <= self.commission <= MOST_COMMISSION:
            raise InputError(
                f"A commission on Banker wins of {shown(str(self.commission))} is outside 0% to "
                f"{MOST_PERCENT}%; write it like 5%."
            )

    @property
    def player_free(self) -> tuple[int, ...]:
        """The Player's two-card totals at which he chooses."""
        return tuple(t for t in NON_NATURAL_TOTALS if self.player[t])

    @property
    def free_banker_cells(self) -> int:
        """How many (total, Player state) cells the Banker decides."""
        return sum(sum(row) for row in self.banker)

    def banker_free(self, total: int, column: int) -> bool:
        """Whether the Banker chooses at ``total`` in column ``column`` (0: the Player stood; 1 + v: drew v)."""
        return self.banker[total][column]

    def player_rule(self, drawing: Drawing, total: int) -> str:
        """How the Player plays at ``total``: "choice", or the fixed "draw" / "stand" of ``drawing``."""
        if self.player[total]:
            return "choice"
        return "draw" if drawing.player_draws(total) else "stand"


def read_cells(text: str, count: int, where: str) -> tuple[bool, ...]:
    """A line of ``[choices]``: ``count`` entries, each C (the side chooses) or - (``[drawing]`` rules it)."""
    symbols = text.split()
    if len(symbols) != count or any(s not in (CHOOSE, RULED) for s in symbols):
        raise InputError(
            f"{where} is {shown(text)}; it must be {count} entries, each {CHOOSE} (the side chooses) or {RULED} "
            "(the [drawing] table rules)."
        )
    return tuple(s == CHOOSE for s in symbols)


def parse_commission(text: str) -> Fraction:
    """A commission on Banker wins: a percentage ("5%") or a fraction ("1/20"), from 0 to 50%.

    >>> parse_commission("5%"), parse_commission("1/20"), parse_commission("0")
    (Fraction(1, 20), Fraction(1, 20), Fraction(0, 1))
    """
    from .odds import parse_percent

    cleaned = text.strip()
    try:
        value = parse_percent(cleaned) if cleaned.endswith("%") else Fraction(cleaned)
    except (InputError, ValueError, ZeroDivisionError):
        raise InputError(
            f"The commission {shown(text)} is not a percentage or a fraction; write it like 5% or 1/20."
        ) from None
    if len(cleaned) > 40 or not 0 <= value <= MOST_COMMISSION:
        raise InputError(
            f"The commission {shown(text)} is outside 0% to {MOST_PERCENT}%; write it like 5% (the papers take "
            "0 to 10%)."
        )
    return value


def read_choices(table: StrictTable) -> Choices:
    """The ``[choices]`` table of a rule file (its keys are declared in :mod:`analyzer.game.filekeys`)."""
    from .schema import keys

    try:
        player = read_cells(table.string("player"), len(NON_NATURAL_TOTALS), "player")
        banker_table = table.table("banker")
        assert banker_table is not None
        banker = tuple(
            read_cells(banker_table.string(str(t)), len(BANKER_COLUMNS), f'banker."{t}"') for t in NON_NATURAL_TOTALS
        )
        banker_table.finish(tuple(str(t) for t in NON_NATURAL_TOTALS))
        information = table.string("information", required=False) or BANKER_COMPOSITION
        commission_text = table.string("commission", required=False)
        commission = Fraction(0) if commission_text is None else parse_commission(commission_text)
        choices = Choices(
            player=player,
            banker=banker,
            information=information,
            commission=commission,
            source=table.string("source"),
            default=table.string("default", required=False),
        )
    except InputError as e:
        if str(e).startswith(table.origin):
            raise
        raise table.located(e) from None
    table.finish(keys("choices"))
    return choices
