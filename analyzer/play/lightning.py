"""Lightning cards in play: drawn round by round by the simulator, or given for a round that ``deal`` settles.

For each round the simulator deals (as card types: a lightning wager reads suits), this module draws the lightning
round the way the rule file states it, independently of the exact count (:mod:`analyzer.exact.lightning`), which
it checks: the number of lightning cards ``K`` from its table, ``K`` distinct card types from a virtual 52-card
deck (a shuffled deck per round, its first ``K`` cards), and a multiplier for each from the multiplier table. Both
tables are drawn exactly: an integer uniform below the table's common denominator, cut at its cumulative counts.

What is tallied per round is the wager's row and how many of the cards it applies to were lightning cards of each
multiplier value (a card type dealt twice counts twice), encoded as one integer key::

    key = row * RADIX ** J + sum(found_j * RADIX ** j)    (J multiplier values, found_j <= 6 < RADIX)

Only rows that pay more than nothing are multiplied; others are tallied with no multipliers. The key is an int64:
:func:`draw_for` refuses a table whose keys could reach 2**62. The multiplier of a key is the product of the values
to their powers, in :class:`~fractions.Fraction`, and its pay is :func:`analyzer.exact.lightning.lightning_pays`,
the rule the par sheet applies.

For ``deal``, the lightning cards drawn are given (:func:`parse_lightning`), and :func:`multiplied` settles the
round's bets on lightning wagers with them, by the same rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, shown
from ..exact.lightning import TYPE_COUNT, lightning_pays
from ..game.cards import card_text, parse_card, suit_of
from ..game.money import multiplier_text
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND
from ..game.wager import Wager
from .table import Round

Array = npt.NDArray[Any]
RADIX = CARDS_PER_ROUND + 1
"""At most six dealt cards are multiplied, so a count of matches per multiplier value is a digit below seven."""


@dataclass(frozen=True, slots=True)
class LightningDraw:
    """What a chunk needs to draw the lightning of one wager: plain data, so it crosses to a worker.

    ``records`` is the index of the wager's needs in the task's records; ``codes`` the record codes a deal can reach
    (sorted) and ``rows`` the wager's row for each; ``paying`` the rows that pay more than nothing. The tables are
    cumulative integer counts over their common denominators.
    """

    records: int
    codes: tuple[int, ...]
    rows: tuple[int, ...]
    paying: tuple[bool, ...]
    counts: tuple[int, ...]
    count_cuts: tuple[int, ...]
    count_scale: int
    value_cuts: tuple[int, ...]
    value_scale: int
    applies_to: str

    @property
    def values(self) -> int:
        return len(self.value_cuts)


def _cuts(table: tuple[tuple[Any, Fraction], ...]) -> tuple[tuple[int, ...], int]:
    scale = math.lcm(*(p.denominator for _, p in table))
    running, cuts = 0, []
    for _, p in table:
        running += int(p * scale)
        cuts.append(running)
    return tuple(cuts), scale


def draw_for(wager: Wager, records: int, codes: tuple[int, ...], rows: tuple[int, ...]) -> LightningDraw:
    """The draw of ``wager``'s lightning, with its row for each reachable record code."""
    lightning = wager.lightning
    assert lightning is not None
    count_cuts, count_scale = _cuts(lightning.count)
    value_cuts, value_scale = _cuts(lightning.multipliers)
    if len(wager.outcomes) * RADIX ** len(value_cuts) >= 2**62:
        raise InputError(
            f"Wager {shown(wager.name)} has {len(value_cuts)} multiplier values; the simulator tallies "
            f"at most {int(math.log(2**62 / len(wager.outcomes), RADIX))} for its {len(wager.outcomes)} rows."
        )
    paying = tuple(o.pays is not None and o.pays > 0 for o in wager.outcomes)
    return LightningDraw(
        records,
        codes,
        rows,
        paying,
        tuple(k for k, _ in lightning.count),
        count_cuts,
        count_scale,
        value_cuts,
        value_scale,
        lightning.applies_to,
    )


def _drawn(rng: np.random.Generator, cuts: tuple[int, ...], scale: int, shape: tuple[int, ...]) -> Array:
    """Indices into a probability table, drawn exactly: a uniform integer below ``scale`` cut at ``cuts``."""
    return np.searchsorted(
        np.array(cuts, dtype=np.int64), rng.integers(0, scale, size=shape, dtype=np.int64), side="right"
    )


def applied(
    draw: LightningDraw, states: Array, player_columns: tuple[int, int], banker_columns: tuple[int, int]
) -> Array:
    """(6, rounds) booleans: whether each dealt card (in dealing order) is one the multipliers apply to, by the state
    codes of :mod:`analyzer.play.dealer` (the fifth card is the Player's third if the Player draws, else the Banker's;
    the sixth is the Banker's when both draw)."""
    partial = states // 4
    banker_draws, player_draws = partial % 2 == 1, (partial // 2) % 2 == 1
    player_total, banker_total = partial // 40, (partial // 4) % 10
    player = np.zeros((CARDS_PER_ROUND, len(states)), dtype=bool)
    banker = np.zeros_like(player)
    player[list(player_columns)] = True
    banker[list(banker_columns)] = True
    if not draw.applies_to.endswith(" first two"):
        player[4] = player_draws
        banker[4] = banker_draws & ~player_draws
        banker[5] = banker_draws & player_draws
    if draw.applies_to in ("player", "player first two"):
        return player
    if draw.applies_to in ("banker", "banker first two"):
        return banker
    both = np.full(len(states), draw.applies_to == "both hands") | (player_total == banker_total)
    chosen: Array = (player & (both | (player_total > banker_total))) | (
        banker & (both | (banker_total > player_total))
    )
    return chosen


def lightning_keys(
    draw: LightningDraw,
    rng: np.random.Generator,
    record_codes: Array,
    types: Array,
    states: Array,
    player_columns: tuple[int, int],
    banker_columns: tuple[int, int],
) -> Array:
    """Each round's key (see the module): its row and the lightning multipliers found in the cards they apply to.

    ``record_codes`` are the rounds' records of the wager, ``types`` the (6, rounds) card types dealt (a card not
    dealt is ignored), ``states`` the rounds' state codes."""
    rounds = len(states)
    at = np.searchsorted(np.array(draw.codes, dtype=np.int64), record_codes)
    rows = np.array(draw.rows, dtype=np.int64)[at]
    cards = np.array(draw.counts, dtype=np.int64)[_drawn(rng, draw.count_cuts, draw.count_scale, (rounds,))]
    deck = np.tile(np.arange(TYPE_COUNT, dtype=np.int8), (rounds, 1))
    rng.permuted(deck, axis=1, out=deck)
    position = np.argsort(deck, axis=1)  # position[r, t]: where card type t lies in round r's virtual deck
    value = _drawn(rng, draw.value_cuts, draw.value_scale, (rounds, TYPE_COUNT))  # the multiplier at each position
    multiplied = applied(draw, states, player_columns, banker_columns) & np.array(draw.paying)[rows]
    found = np.zeros(rounds, dtype=np.int64)
    every = np.arange(rounds)
    for column in range(CARDS_PER_ROUND):
        where = position[every, types[column]]
        lit = multiplied[column] & (where < cards)
        found += np.where(lit, RADIX ** value[every, where], 0)
    keys: Array = rows * RADIX**draw.values + found
    return keys


def key_value(wager: Wager, key: int) -> tuple[int, Fraction]:
    """The row and the total multiplier of a round tallied under ``key``."""
    assert wager.lightning is not None
    row, found = divmod(key, RADIX ** len(wager.lightning.multipliers))
    value = Fraction(1)
    for m, _ in wager.lightning.multipliers:
        found, times = divmod(found, RADIX)
        value *= m**times
    return row, value


def key_pays(wager: Wager, key: int) -> Fraction:
    """What a round tallied under ``key`` nets per unit staked (a row with no pay nets 0)."""
    pays = lightning_pays(wager, *key_value(wager, key))
    return Fraction(0) if pays is None else pays


def exact_moments(wager: Wager, table: tuple[Wager, Mapping[str, int], int]) -> tuple[Fraction, Fraction]:
    """The exact mean and mean square of a lightning wager's net per unit, from its par-sheet counts."""
    rows, counts, denominator = table
    nets = [(counts[o.name], o.pays if o.pays is not None else Fraction(0)) for o in rows.outcomes]
    return (
        sum((n * net for n, net in nets), Fraction(0)) / denominator,
        sum((n * net * net for n, net in nets), Fraction(0)) / denominator,
    )


# ------------------------------------------------------------- a dealt round

Drawn = tuple[tuple[str, Fraction], ...]
"""Lightning cards as given: (card type, multiplier) pairs, in the order given."""
MAX_GIVEN_MULTIPLIER = 10**6


def parse_lightning(text: str) -> Drawn:
    """The lightning cards of a round: "KH=8 3S=2" (card types with their multipliers), or "none".

    >>> parse_lightning("KH=8, 3s=2")
    (('KH', Fraction(8, 1)), ('3S', Fraction(2, 1)))
    """
    if text.strip().lower() == "none":
        return ()
    drawn: list[tuple[str, Fraction]] = []
    for token in (t for t in text.replace(",", " ").split() if t):
        card, equals, value = token.partition("=")
        if not equals:
            raise InputError(f"Lightning card {shown(token)} has no multiplier; write card=multiplier, e.g. KH=8.")
        card = parse_card(card)
        if suit_of(card) is None:
            raise InputError(f"Lightning card {shown(token)} has no suit; a lightning card is a card type, e.g. KH=8.")
        try:
            multiplier = Fraction(value)
        except (ValueError, ZeroDivisionError):
            multiplier = Fraction(0)
        if not 1 <= multiplier <= MAX_GIVEN_MULTIPLIER:
            raise InputError(
                f"Lightning card {shown(token)} has multiplier {shown(value)}; a multiplier is a number from "
                "1 to 1,000,000, e.g. KH=8."
            )
        if card in (c for c, _ in drawn):
            raise InputError(
                f"Lightning card {card_text(card)} is given twice; the lightning cards are distinct card types."
            )
        drawn.append((card, multiplier))
    if not drawn:
        raise InputError("--lightning names no card; give card=multiplier pairs such as 'KH=8 3S=2', or 'none'.")
    return tuple(drawn)


def _check_draw(wager: Wager, drawn: Drawn) -> None:
    """Refuse a draw the wager's lightning tables cannot give, naming what they allow."""
    lightning = wager.lightning
    assert lightning is not None
    counts = [k for k, p in lightning.count if p]
    if len(drawn) not in counts:
        raise InputError(f"{len(drawn)} lightning card(s) are given; {wager.name} draws {', '.join(map(str, counts))}.")
    allowed = [m for m, p in lightning.multipliers if p]
    for card, m in drawn:
        if m not in allowed:
            raise InputError(
                f"Lightning card {card_text(card)} has multiplier {m}; {wager.name}'s multipliers are "
                f"{', '.join(str(a) for a in allowed)}."
            )


def multiplied(rules: RuleSet, played: Round, drawn: Drawn | None) -> Round:
    """``played`` with its bets on lightning wagers settled with the lightning cards ``drawn``.

    A winning bet's row becomes "<row> x<total>" and pays by :func:`~analyzer.exact.lightning.lightning_pays`: its pays
    times the multipliers of the lightning cards among the cards of the hands the wager names (a card type dealt twice
    multiplies twice), at most the wager's limit, the fee taken. Raises :class:`InputError` when a lightning bet has no
    draw, when a draw is given and no bet is on a lightning wager, or when the draw is one the wager cannot give.
    """
    lit = [s for s in played.settlements if rules.wager(s.wager).lightning is not None]
    if drawn is None:
        if lit:
            raise InputError(
                f"The {lit[0].wager} bet has lightning multipliers; give the lightning cards drawn, e.g. "
                "--lightning 'KH=8 3S=2' (or --lightning none)."
            )
        return played
    if not lit:
        raise InputError("--lightning is for bets on wagers with lightning multipliers, and no bet here is on one.")
    multiplier = dict(drawn)
    settlements = []
    for settlement in played.settlements:
        wager = rules.wager(settlement.wager)
        if wager.lightning is None:
            settlements.append(settlement)
            continue
        _check_draw(wager, drawn)
        row = wager.outcomes.index(settlement.outcome)
        value = Fraction(1)
        if settlement.outcome.pays is not None and settlement.outcome.pays > 0:
            state = settlement.state
            player, banker = settlement.cards
            for hand in wager.lightning.hands(state.player_total, state.banker_total):
                cards = player if hand == "player" else banker
                for card in cards[:2] if wager.lightning.first_two else cards:
                    value *= multiplier.get(card, 1)
        name = settlement.outcome.name if value == 1 else f"{settlement.outcome.name} x{multiplier_text(value)}"
        outcome = replace(settlement.outcome, name=name, pays=lightning_pays(wager, row, value))
        settlements.append(replace(settlement, outcome=outcome))
    return replace(played, settlements=tuple(settlements), lightning=drawn)
