"""The reference for every wager: each ordered dealing of cards, played out and settled by reading the cards.

:func:`deal_outcomes` counts, for each wager, the ordered six-card dealings
P1 B1 P2 B2 P3 B3 that end in each row of its pay table, by dealing card by
card in the plainest way: the four initial cards, then the third cards the
drawing rules call for, each card one of the shoe's card types (the 52
(rank, suit) types when the shoe's suits are known, else its 13 ranks),
weighted by how many cards of that type remain. Every dealt round is a
:class:`~analyzer.game.round.DealtRound` settled by
:func:`~analyzer.game.settle.settle_round`, which reads the cards exactly as
the conditions say. Nothing is aggregated and nothing is cached, so it is
exponential in the number of card types: it is for the tests' small shoes,
where the fast path (:mod:`analyzer.exact.classcount`) is held to it.

Counting convention: as the enumerator's, a third card not drawn still
counts its ways, so the counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError
from ..game.cards import RANKS, TYPES, card_value
from ..game.needs import needs_of
from ..game.round import dealt_round
from ..game.rules import Drawing
from ..game.settle import settle_round
from ..game.shoe import Shoe
from ..game.state import NATURALS
from ..game.wager import Wager


def deal_outcomes(shoe: Shoe, drawing: Drawing, wagers: Sequence[Wager]) -> dict[str, dict[str, int]]:
    """Per wager, the ordered six-card dealings that end in each of its outcomes (pay-table order).

    Raises :class:`InputError` when a wager reads suits and the shoe's
    suits are unknown.
    """
    suited = any(needs_of(w).reads_suits for w in wagers)
    if suited and shoe.types is None:
        raise InputError(
            "A wager reads suits, and the suits of this shoe are unknown; remove cards with their suits (KH)."
        )
    names, counts = (TYPES, list(shoe.types)) if shoe.types is not None else (RANKS, list(shoe.counts))
    tallies = {w.name: {o.name: 0 for o in w.outcomes} for w in wagers}

    def settle(player: tuple[str, ...], banker: tuple[str, ...], ways: int) -> None:
        played = dealt_round(player, banker)
        for wager in wagers:
            row = settle_round(wager, played)
            assert row is not None, f"{wager.name} settles no row for {player} v {banker}"
            tallies[wager.name][row.name] += ways

    def deal(cards: tuple[str, ...], ways: int) -> None:
        if len(cards) < 4:
            for i, n in enumerate(counts):
                if n:
                    counts[i] -= 1
                    deal(cards + (names[i],), ways * n)
                    counts[i] += 1
            return
        p1, b1, p2, b2 = cards[:4]
        player, banker = (p1, p2), (b1, b2)
        left = sum(counts)
        if _total(player) in NATURALS or _total(banker) in NATURALS:
            settle(player, banker, ways * left * (left - 1))
            return
        if drawing.player_draws(_total(player)):
            for i, n in enumerate(counts):  # the Player's third card, then the Banker's if it draws
                if not n:
                    continue
                counts[i] -= 1
                third = names[i]
                if drawing.banker_draws(_total(banker), player_third=card_value(third)):
                    for j, m in enumerate(counts):
                        if m:
                            settle(player + (third,), banker + (names[j],), ways * n * m)
                else:
                    settle(player + (third,), banker, ways * n * (left - 1))
                counts[i] += 1
        elif drawing.banker_draws(_total(banker), player_third=None):
            for i, n in enumerate(counts):
                if n:
                    settle(player, banker + (names[i],), ways * n * (left - 1))
        else:
            settle(player, banker, ways * left * (left - 1))

    deal((), 1)
    return tallies


def _total(cards: tuple[str, ...]) -> int:
    return sum(card_value(c) for c in cards) % 10
