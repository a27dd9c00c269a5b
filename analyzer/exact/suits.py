"""Record tables carried across a permutation of the suits: one count serves every shoe it maps onto.

A permutation s of the four suits maps card type (rank, x) to (rank, s(x)), a
shoe onto its image, and each ordered dealing of the shoe onto one of the
image's (a bijection). The record of the image dealing is the record of the
dealing with every field carried by s: a total, a card count, a two-card
total, a pair, a suited pair, a highest card, a rank keying and the poker rank
of the best five do not move; a common suit (0-3) becomes its image (mixed
stays mixed); a count of a card spec and a third card's spec mask do not move
when each spec is a union of whole orbits of s (its types closed under s). So
the record table of the image shoe is the table of the shoe with its fields
carried, whatever the pay tables: :func:`permuted`. A field that s would move
in a way not listed (a colour, when s moves a suit to the other colour; a suit
keying; a spec that s does not keep) makes :func:`carrier` answer ``None``,
and the caller counts that shoe itself. ``baccarat eor`` uses it: removing a
card of each suit of a rank from a shoe that s keeps gives shoes that s maps
onto each other (tests/test_suit_symmetry.py holds the carried tables to the
counted ones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.cards import RED_SUITS, SUITS, TYPE_RANK, TYPE_SUIT
from ..game.conditions import CardSpec
from ..game.needs import MIXED_SUIT, Accs, Needs
from ..game.shoe import Shoe
from .settlement import RecordTable

Array = npt.NDArray[Any]
Permutation = tuple[int, ...]
"""The image of each suit index (:data:`~analyzer.game.cards.SUITS` order)."""


def image_type(card: int, perm: Permutation) -> int:
    """The card type a permutation of the suits maps type ``card`` to."""
    return TYPE_RANK[card] * len(SUITS) + perm[TYPE_SUIT[card]]


def keeps_shoe(shoe: Shoe, perm: Permutation) -> bool:
    """Whether the permutation maps the shoe onto itself (every type as many cards as its image)."""
    return shoe.types is not None and all(shoe.types[image_type(t, perm)] == n for t, n in enumerate(shoe.types))


def _keeps_spec(spec: CardSpec, perm: Permutation) -> bool:
    return {image_type(t, perm) for t in spec.types} == set(spec.types)


def _keeps_colours(perm: Permutation) -> bool:
    return all((SUITS[perm[s]] in RED_SUITS) == (SUITS[s] in RED_SUITS) for s in range(len(SUITS)))


def _acc_carriers(accs: Accs, perm: Permutation) -> list[Callable[[Array], Array]] | None:
    same: Callable[[Array], Array] = lambda column: column  # noqa: E731
    out: list[Callable[[Array], Array]] = []
    for spec, _ in accs.counts:
        if not _keeps_spec(spec, perm):
            return None
        out.append(same)
    if accs.suit:
        image = np.array(list(perm) + [MIXED_SUIT], dtype=np.int64)
        out.append(lambda column: image[column])
    if accs.colour:
        if not _keeps_colours(perm):
            return None
        out.append(same)
    if accs.high:
        out.append(same)
    for keying in accs.keyings:
        if keying.kind != "rank":
            return None
        out.append(same)
    return out


def carrier(needs: Needs, perm: Permutation) -> Callable[[Array], Array] | None:
    """How ``perm`` carries the records of ``needs`` (an array of records, one per row), or ``None`` when some field
    would move in a way this module does not carry."""
    columns: list[Callable[[Array], Array]] = []
    same: Callable[[Array], Array] = lambda column: column  # noqa: E731
    for side in ("player", "banker"):
        hand = needs.hand(side)
        columns += [same] * (2 * needs.drawing + hand.two + hand.pair + hand.suited_pair)
        if hand.third:
            if not all(_keeps_spec(spec, perm) for spec in hand.third):
                return None
            columns.append(same)
        for accs in (hand.all, hand.first):
            acc = _acc_carriers(accs, perm)
            if acc is None:
                return None
            columns += acc
    if needs.best_five:  # the poker rank of the best five: a flush is five of one suit, whichever suit
        columns.append(same)
    if len(columns) != len(needs.fields()):  # a field this module does not know: count instead
        return None

    def carry(fields: Array) -> Array:
        out: Array = np.stack([f(fields[:, i]) for i, f in enumerate(columns)], axis=1) if columns else fields
        return out.reshape(fields.shape).astype(np.int64)

    return carry


def permuted(table: RecordTable, needs: Needs, perm: Permutation) -> RecordTable | None:
    """The record table of the image shoe, from the table of the shoe (records in code order), or ``None``."""
    carry = carrier(needs, perm)
    if carry is None:
        return None
    fields = carry(table.fields)
    code = np.zeros(len(fields), dtype=object if needs.size() >= 2**63 else np.int64)
    for i, (_, radix) in enumerate(needs.fields()):
        code = code * radix + fields[:, i].astype(code.dtype)
    order = np.argsort(code, kind="stable")
    return RecordTable(np.ascontiguousarray(fields[order]), table.counts[order])


def transposition(a: int, b: int) -> Permutation:
    """The permutation of the suits that swaps suits ``a`` and ``b``."""
    perm = list(range(len(SUITS)))
    perm[a], perm[b] = b, a
    return tuple(perm)
