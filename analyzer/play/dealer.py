"""The vectorized dealer: rounds and whole shoes dealt with numpy, by the rule set's drawing tables.

The dealer is a third, independent reading of the rule set: it shares no
dealing code with the enumerator or with the round engine
(:mod:`analyzer.play.engine`); the tests feed it and the engine the same card
sequences and require the same final state, card for card. The simulator
(:mod:`analyzer.play.simulate`) and the counting study
(:mod:`analyzer.studies.counting`) deal with it.

How a round is dealt, vectorized
    Cards are rank indices 0-12 in dealing order. The first four go to the
    hands in the rule set's order (``[dealing] order``); the fifth card is the
    Player's third card if the Player draws, else the Banker's if the Banker
    draws; the sixth is the Banker's when both draw (the physical order of
    003 and of 000 CASE 1). One lookup table, built once from the rule set's
    drawing tables, maps (Player two-card sum, Banker two-card sum, fifth card
    value, sixth card value) to the final totals and card counts; pair flags
    compare ranks. Each round's :class:`~analyzer.game.state.FinalState` is
    encoded as an integer below :data:`STATES`, so that a batch is counted
    with ``np.bincount``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..game.cards import VALUES
from ..game.needs import Needs
from ..game.rules import RuleSet
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.state import NATURALS, FinalState
from .records import CardIndices, record_codes

STATES = 10 * 10 * 2 * 2 * 2 * 2
"""Final states are encoded as integers 0 .. STATES-1 (see :func:`state_code`)."""

_SUMS = 19  # a two-card sum of values 0-9 is 0-18


def state_code(state: FinalState) -> int:
    """The integer a final state is counted under; :func:`code_state` inverts it.

    >>> state_code(FinalState(6, 7, 3, 3, False, False))
    1084
    >>> code_state(1079)  # doctest: +NORMALIZE_WHITESPACE
    FinalState(player_total=6, banker_total=7, player_cards=2, banker_cards=3,
               player_pair=True, banker_pair=True)
    """
    partial = ((state.player_total * 10 + state.banker_total) * 2 + state.player_cards - 2) * 2 + state.banker_cards - 2
    return partial * 4 + state.player_pair * 2 + state.banker_pair


def code_state(code: int) -> FinalState:
    """The final state counted under ``code``."""
    partial, pairs = divmod(code, 4)
    totals, cards = divmod(partial, 4)
    return FinalState(totals // 10, totals % 10, 2 + cards // 2, 2 + cards % 2, pairs >= 2, pairs % 2 == 1)


@dataclass(frozen=True, slots=True)
class Dealer:
    """Everything a worker needs to deal rounds: plain, picklable data.

    ``outcome`` is indexed by ``((player_sum * 19 + banker_sum) * 10 + fifth) * 10 + sixth``
    (sums of the two first card values, 0-18; values of the fifth and sixth
    cards) and holds the final state code without pair flags (``state_code // 4``),
    as little-endian 16-bit integers: bytes pickle small and hash once.
    """

    counts: tuple[int, ...]
    player_columns: tuple[int, int]
    banker_columns: tuple[int, int]
    outcome: bytes

    @property
    def size(self) -> int:
        return sum(self.counts)


def dealer_for(rules: RuleSet, shoe: Shoe) -> Dealer:
    """The lookup table of ``rules``' drawing tables, and the hands of the first four cards."""
    drawing = rules.drawing
    outcome = []
    for player_sum, banker_sum, fifth, sixth in product(range(_SUMS), range(_SUMS), range(10), range(10)):
        player, banker = player_sum % 10, banker_sum % 10
        player_cards = banker_cards = 2
        if player not in NATURALS and banker not in NATURALS:
            player_third = None
            if drawing.player_draws(player):
                player_third, player_cards = fifth, 3
                player = (player + fifth) % 10
            if drawing.banker_draws(banker, player_third):
                banker_cards = 3
                banker = (banker + (sixth if player_third is not None else fifth)) % 10
        outcome.append(state_code(FinalState(player, banker, player_cards, banker_cards, False, False)) // 4)
    first_four = rules.dealing.first_four
    player_columns = tuple(i for i, side in enumerate(first_four) if side == "player")
    banker_columns = tuple(i for i, side in enumerate(first_four) if side == "banker")
    assert len(player_columns) == 2 and len(banker_columns) == 2
    return Dealer(
        counts=shoe.counts,
        player_columns=(player_columns[0], player_columns[1]),
        banker_columns=(banker_columns[0], banker_columns[1]),
        outcome=np.array(outcome, dtype="<i2").tobytes(),
    )


VALUE_OF_RANK = np.array(VALUES, dtype=np.int8)


@lru_cache(maxsize=8)
def _outcome_array(dealer: Dealer) -> npt.NDArray[np.int16]:
    return np.frombuffer(dealer.outcome, dtype="<i2").astype(np.int16)


def deal_codes(
    dealer: Dealer, values: npt.NDArray[np.int8], ranks: npt.NDArray[np.int8]
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """State codes and cards used, from values (6, R) and ranks (at least 4, R) in dealing order."""
    p1, p2 = dealer.player_columns
    b1, b2 = dealer.banker_columns
    index = values[p1].astype(np.int32)
    index += values[p2]
    index *= _SUMS
    index += values[b1]
    index += values[b2]
    index *= 10
    index += values[4]
    index *= 10
    index += values[5]
    partial = _outcome_array(dealer)[index]
    used = (partial & 1) + ((partial >> 1) & 1) + 4
    codes = partial * 4
    codes += (ranks[p1] == ranks[p2]) * np.int16(2)
    codes += ranks[b1] == ranks[b2]
    return codes, used


def final_codes(dealer: Dealer, cards: npt.ArrayLike) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Deal card sequences: ``cards`` is (R, 6) rank indices in dealing order.

    Returns each round's state code and the number of cards it used (4-6).
    This is the function the tests compare with the round engine.
    """
    ranks = np.ascontiguousarray(np.asarray(cards, dtype=np.int8).T)
    if ranks.ndim != 2 or ranks.shape[0] != CARDS_PER_ROUND:
        raise InputError("Card sequences must be given six cards per round.")
    return deal_codes(dealer, VALUE_OF_RANK[ranks], ranks)


def random_positions(rng: np.random.Generator, size: int, rounds: int) -> npt.NDArray[np.integer]:
    """(6, rounds) distinct positions in a shoe of ``size`` cards, uniformly over ordered dealings."""
    dtype = np.int16 if size <= np.iinfo(np.int16).max else np.int32
    positions = rng.integers(0, size, size=(CARDS_PER_ROUND, rounds), dtype=dtype)
    todo = np.flatnonzero(_repeats(positions))
    while todo.size:
        fresh = rng.integers(0, size, size=(CARDS_PER_ROUND, todo.size), dtype=dtype)
        bad = _repeats(fresh)
        good = ~bad
        positions[:, todo[good]] = fresh[:, good]
        todo = todo[bad]
    return positions


def _repeats(positions: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """True for each round (column) in which some position is drawn twice."""
    repeated = np.zeros(positions.shape[1], dtype=bool)
    same = np.empty_like(repeated)
    for i in range(1, CARDS_PER_ROUND):
        for j in range(i):
            np.equal(positions[i], positions[j], out=same)
            repeated |= same
    return repeated


def deal_shoes(
    dealer: Dealer, shoes: npt.ArrayLike, cut_card: int, start: npt.ArrayLike = 0, extra_rounds: int = 0
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Deal shuffled shoes to the cut card: ``shoes`` is (M, N) rank indices in dealing order.

    Returns two (rounds of the longest shoe, M) arrays, round after round:
    the state codes (a shoe that has ended reads :data:`STATES`) and the
    cards each round used (0 once a shoe has ended). The first round of a
    shoe begins at its card ``start`` (cards burned before it); a round
    begins while fewer than N - ``cut_card`` cards are dealt, and then
    ``extra_rounds`` more are dealt (the rounds after the cut card comes
    out); every round is finished. Raises :class:`InputError` if a round
    would need a card beyond the shoe.
    This is the function the tests compare with the round engine dealing
    the same shoes.
    """
    codes, used, _ = deal_shoes_with_records(
        dealer, shoes, cut_card, CardIndices(False, dealer.counts), (), start=start, extra_rounds=extra_rounds
    )
    return codes, used


def deal_shoes_with_records(
    dealer: Dealer,
    shoes: npt.ArrayLike,
    cut_card: int,
    universe: CardIndices,
    records: tuple[Needs, ...],
    start: npt.ArrayLike = 0,
    extra_rounds: int = 0,
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], list[npt.NDArray[np.int64]]]:
    """:func:`deal_shoes`, the shoes given as indices of ``universe`` (card types or ranks), and also each
    round's record code for each of ``records`` (-1 once a shoe has ended)."""
    cards = np.ascontiguousarray(np.asarray(shoes, dtype=np.int8))
    count, size = cards.shape
    flat_cards = cards.ravel()
    flat_ranks = universe.rank[flat_cards]
    flat_values = VALUE_OF_RANK[flat_ranks]
    starts = np.arange(count, dtype=np.int64) * size
    dealt = np.zeros(count, dtype=np.int64) + np.asarray(start, dtype=np.int64)
    extra = np.full(count, extra_rounds, dtype=np.int64)
    offsets = np.arange(CARDS_PER_ROUND)[:, None]
    history, uses = [], []
    recorded: list[list[npt.NDArray[np.int64]]] = [[] for _ in records]
    before_cut = dealt < size - cut_card
    active = before_cut | (extra > 0)
    while active.any():
        if np.any(active & (dealt > size - CARDS_PER_ROUND)):
            raise InputError(
                f"A round would need cards beyond the shoe: the cut card ({cut_card}) is too near the end."
            )
        index = (starts + np.minimum(dealt, size - CARDS_PER_ROUND))[None, :] + offsets
        codes, used = deal_codes(dealer, flat_values[index], flat_ranks[index[:4]])
        for needs, out in zip(records, recorded):
            found = record_codes(
                needs, universe, flat_cards[index], dealer.player_columns, dealer.banker_columns, codes // 4
            )
            out.append(np.where(active, found, -1))
        history.append(np.where(active, codes, np.int16(STATES)))
        uses.append(np.where(active, used, np.int16(0)))
        dealt += uses[-1]
        extra -= active & ~before_cut
        before_cut = dealt < size - cut_card
        active = before_cut | (extra > 0)
    shape = (len(history), count)
    return (
        np.array(history, dtype=np.int16).reshape(shape),
        np.array(uses, dtype=np.int16).reshape(shape),
        [np.array(out, dtype=np.int64).reshape(shape) for out in recorded],
    )
