"""The common denominator of a counting study's expected values: a common multiple of the dealings ``(U)_6`` of
every number ``U`` of unseen cards a shoe can reach, and the factor that brings one round's numerator over it.

A round dealt from ``U`` unseen cards has an exact expected value ``num / (scale (U)_6)``; the study adds such
values over rounds of every ``U`` as integers over ``scale L`` (:func:`common_dealings`), each ``num`` multiplied by
``L // (U)_6`` (:func:`dealing_factor`). ``L`` grows with the shoe (about ``1.44`` bits a card: 75,000 bits at
1,000 decks), so the factors are made as they are asked for, not tabled for every ``U``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..game.shoe import CARDS_PER_ROUND


@lru_cache(maxsize=8)
def common_dealings(cards: int) -> int:
    """A common multiple of ``(U)_6`` for every U from 6 to ``cards``.

    >>> common_dealings(7) == math.lcm(720, 5040)
    True
    """
    return math.lcm(*(math.perm(u, CARDS_PER_ROUND) for u in range(CARDS_PER_ROUND, cards + 1)))


@lru_cache(maxsize=1024)
def dealing_factor(cards: int, unseen: int) -> int:
    """``L // (U)_6`` for ``U = unseen`` cards, ``L`` the :func:`common_dealings` of a shoe of ``cards`` cards (0 where
    no round can be dealt): what turns a numerator over ``(U)_6`` into one over ``L``.

    Computed when asked and only the last 1,024 kept: ``L`` has about ``1.44 cards`` bits (75,000 at 1,000 decks), so a
    table of every ``U`` would take ``cards`` such numbers (521 MB at 1,000 decks); callers ask in order of ``U``.

    >>> dealing_factor(7, 7), dealing_factor(7, 6), dealing_factor(7, 5)
    (1, 7, 0)
    """
    if unseen < CARDS_PER_ROUND:
        return 0
    return common_dealings(cards) // math.perm(unseen, CARDS_PER_ROUND)
