"""An electronic table game held to its approved live game: wager by wager and row by row, exactly.

New Jersey requires an electronic table game to be "designed to achieve a theoretical payback as provided in the
approved rules for each game offered" (N.J.A.C. 13:69E-1.28P(b)2), and Macau's DICJ holds a dealer-operated electronic
table game to the same probabilities and payouts as its approved table game (its 2018 standards). :func:`equivalence`
compares the two rule sets, each at its own shoe: the shoe, the drawing tables cell by cell, the dealing, and every
wager the live game offers, row by row (what the row tests, what it pays, how often it happens, exactly), then each
wager's RTP; and it names every difference. The game is **equivalent** when no difference changes what a wager of
the live game pays or how often: every live wager is offered, with the same rows, pays and probabilities. A wager only
the electronic game offers, or another dealing order, is named too, but changes no figure of the live game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..exact.parsheet import OutcomeRow, ParSheet, par_sheets
from ..game.rules import BANKER_COLUMNS, NON_NATURAL_TOTALS, RuleSet
from ..game.shoe import Shoe
from ..game.wager import Outcome


@dataclass(frozen=True, slots=True)
class Difference:
    """One way the game differs from the approved live game: the ``aspect`` (``decks``, ``player drawing``,
    ``banker drawing``, ``dealing``, ``wager``, ``money``, ``multipliers``, ``row``, ``row condition``, ``pays``,
    ``probability``, ``rtp``), where (``wager``, ``outcome``, or ``cell`` of a drawing table), the live game's and the
    electronic game's value (a Fraction for a figure, words otherwise; ``None`` where one has none), and whether it
    changes what a wager of the live game pays or how often."""

    aspect: str
    live: Fraction | str | None
    electronic: Fraction | str | None
    changes_figures: bool
    wager: str | None = None
    outcome: str | None = None
    cell: str | None = None


@dataclass(frozen=True, slots=True)
class RowMatch:
    """One row of a live wager and the electronic game's row matched to it (by name, else by place), or ``None``."""

    live: OutcomeRow | None
    electronic: OutcomeRow | None

    @property
    def same_condition(self) -> bool:
        return (
            self.live is not None
            and self.electronic is not None
            and _test(self.live.outcome) == _test(self.electronic.outcome)
        )

    @property
    def same_pays(self) -> bool:
        return self.live is not None and self.electronic is not None and self.live.pays == self.electronic.pays

    @property
    def same_probability(self) -> bool:
        return (
            self.live is not None
            and self.electronic is not None
            and self.live.probability == self.electronic.probability
        )

    @property
    def equal(self) -> bool:
        return self.same_condition and self.same_pays and self.same_probability


@dataclass(frozen=True, slots=True)
class WagerMatch:
    """A wager of either game: its par sheet under each (``None`` where a game does not offer it) and its rows."""

    wager: str
    live: ParSheet | None
    electronic: ParSheet | None
    rows: tuple[RowMatch, ...]

    @property
    def equal(self) -> bool:
        """Offered by both, with the same money rules, rows, pays, probabilities and so the same RTP."""
        return (
            self.live is not None
            and self.electronic is not None
            and self.live.wager.money == self.electronic.wager.money
            and self.live.wager.lightning == self.electronic.wager.lightning
            and all(r.equal for r in self.rows)
            and self.live.rtp == self.electronic.rtp
        )


@dataclass(frozen=True, slots=True)
class Equivalence:
    """The electronic game (``rules`` at ``shoe``) held to the approved ``live`` game (at ``live_shoe``)."""

    rules: RuleSet
    shoe: Shoe
    live: RuleSet
    live_shoe: Shoe
    wagers: tuple[WagerMatch, ...]
    differences: tuple[Difference, ...]

    @property
    def equivalent(self) -> bool:
        """No difference changes what a wager of the live game pays or how often."""
        return not any(d.changes_figures for d in self.differences)

    @property
    def changing(self) -> tuple[Difference, ...]:
        """The differences that change a figure of the live game."""
        return tuple(d for d in self.differences if d.changes_figures)


def _test(outcome: Outcome) -> Outcome:
    """What a row tests, apart from its name, pay and notes."""
    return replace(outcome, name="", pays=None, default=None)


def _match_rows(live: ParSheet, electronic: ParSheet) -> tuple[RowMatch, ...]:
    """Each live row with the electronic row of the same name, else the one at the same place whose name no live row
    has; then the electronic rows left over."""
    names = {r.outcome.name for r in live.rows}
    by_name = {r.outcome.name: r for r in electronic.rows}
    used: set[str] = set()
    matches = []
    for i, row in enumerate(live.rows):
        other = by_name.get(row.outcome.name)
        if other is None and i < len(electronic.rows) and electronic.rows[i].outcome.name not in names:
            other = electronic.rows[i]
        if other is not None:
            used.add(other.outcome.name)
        matches.append(RowMatch(row, other))
    matches += [RowMatch(None, r) for r in electronic.rows if r.outcome.name not in used]
    return tuple(matches)


def _drawing(live: RuleSet, electronic: RuleSet) -> list[Difference]:
    found = []
    for total in NON_NATURAL_TOTALS:
        a, b = live.drawing.player_draws(total), electronic.drawing.player_draws(total)
        if a != b:
            found.append(
                Difference("player drawing", _draws(a), _draws(b), True, cell=f"Player two-card total {total}")
            )
    for total in NON_NATURAL_TOTALS:
        for column, heading in enumerate(BANKER_COLUMNS):
            a, b = live.drawing.banker[total][column], electronic.drawing.banker[total][column]
            if a != b:
                against = "the Player stood" if column == 0 else f"a Player third card of {heading}"
                found.append(
                    Difference("banker drawing", _draws(a), _draws(b), True, cell=f"Banker {total} against {against}")
                )
    return found


def _draws(draws: bool) -> str:
    return "draws" if draws else "stands"


def _wager_differences(match: WagerMatch) -> list[Difference]:
    live, electronic, name = match.live, match.electronic, match.wager
    if live is None:
        return [Difference("wager", None, "offered", False, wager=name)]
    if electronic is None:
        return [Difference("wager", "offered", None, True, wager=name)]
    found = []
    if live.wager.money != electronic.wager.money:
        found.append(Difference("money", "as the live rules", "otherwise", True, wager=name))
    if live.wager.lightning != electronic.wager.lightning:
        found.append(Difference("multipliers", "as the live rules", "otherwise", True, wager=name))
    for row in match.rows:
        if row.live is None or row.electronic is None:
            present = row.live or row.electronic
            assert present is not None
            found.append(
                Difference(
                    "row",
                    None if row.live is None else "in the pay table",
                    None if row.electronic is None else "in the pay table",
                    True,
                    wager=name,
                    outcome=present.outcome.name,
                )
            )
            continue
        outcome = row.live.outcome.name
        if row.live.outcome.name != row.electronic.outcome.name:
            found.append(
                Difference("row name", outcome, row.electronic.outcome.name, False, wager=name, outcome=outcome)
            )
        if not row.same_condition:
            found.append(
                Difference("row condition", "as the live rules", "otherwise", True, wager=name, outcome=outcome)
            )
        if not row.same_pays:
            found.append(Difference("pays", row.live.pays, row.electronic.pays, True, wager=name, outcome=outcome))
        if not row.same_probability:
            found.append(
                Difference(
                    "probability", row.live.probability, row.electronic.probability, True, wager=name, outcome=outcome
                )
            )
    if live.rtp != electronic.rtp:
        found.append(Difference("rtp", live.rtp, electronic.rtp, True, wager=name))
    return found


def equivalence(rules: RuleSet, shoe: Shoe, live: RuleSet, live_shoe: Shoe | None = None) -> Equivalence:
    """Hold ``rules`` (the electronic table game, at ``shoe``) to the approved ``live`` game (at ``live_shoe``,
    default: its own decks), wager by wager and row by row, exactly; every difference named.

    The wagers compared are those either game offers: the live game's, in its order, then those only the
    electronic game offers.
    """
    live_shoe = live_shoe if live_shoe is not None else Shoe.decks(live.decks)
    differences: list[Difference] = []
    if live_shoe.counts != shoe.counts:
        differences.append(
            Difference("decks", _shoe_words(live_shoe), _shoe_words(shoe), True),
        )
    differences += _drawing(live, rules)
    if live.dealing.first_four != rules.dealing.first_four:
        differences.append(Difference("dealing", live.dealing.order_text, rules.dealing.order_text, False))
    if live.dealing.procedure != rules.dealing.procedure:
        differences.append(Difference("dealing", live.dealing.procedure, rules.dealing.procedure, False))
    offered_live = [w.name for w in live.wagers if w.offered]
    offered = [w.name for w in rules.wagers if w.offered]
    names = [*offered_live, *(w for w in offered if w not in offered_live)]
    live_sheets = {s.wager.name: s for s in par_sheets(live, live_shoe, tuple(offered_live))}
    sheets = {s.wager.name: s for s in par_sheets(rules, shoe, tuple(offered))}
    matches = []
    for name in names:
        a, b = live_sheets.get(name), sheets.get(name)
        match = WagerMatch(name, a, b, () if a is None or b is None else _match_rows(a, b))
        matches.append(match)
        differences += _wager_differences(match)
    return Equivalence(rules, shoe, live, live_shoe, tuple(matches), tuple(differences))


def _shoe_words(shoe: Shoe) -> str:
    removed = shoe.removed_from_decks() if shoe.decks_built is not None else ()
    less = f" less {' '.join(removed)}" if removed else ""
    return f"{shoe.decks_built} decks{less} ({shoe.size} cards)" if shoe.decks_built else f"{shoe.size} cards"
