"""Exact expected values of many shoes as bilinear forms in falling factorials (the counting study's kernel).

Counting convention: ordered six-card dealings, as everywhere in the package.

Why it is exact and fast
    An ordered dealing of six value-classes ``s`` (the third-card positions
    counted whether or not they are used) can be dealt in
    ``FF(n, k) = prod_v (n_v)_(k_v)`` ways from a shoe with ``n_v`` cards of
    value ``v``, where ``k`` is the multiset of values in ``s`` and
    ``(x)_j = x (x - 1) ... (x - j + 1)``. A wager's net result depends on
    ``s`` alone (its pair flag of values 1-9 too: a value is then a rank),
    so its expected value times ``(N)_6`` is

        sum over the 5,005 multisets k of size 6:   c(k) FF(n, k)

    with ``c(k)`` the wager's pays summed over the orderings of ``k``: fixed
    numbers, tabled once per rule set and wager (:func:`coefficients`, which
    plays all 10^6 value sequences through the dealer's drawing table once,
    counts them once per side by multiset and view (:mod:`.sequences`), and
    gives each wager its pay of each view times those counts).
    Split the values into ``A = (0, 1, 2)`` and ``B = (3, ..., 9)``: then
    ``FF(n, k) = FA(k_A) FB(k_B)``, and the sum is a bilinear form
    ``sum_j FA_j . (FB_(6-j) @ C_j)``: per shoe, 84 products for ``FA``, and
    matrix products shared by every wager (one more column per wager).
    ``FB`` itself is never built whole: its rows with ``j`` nines are the
    falling factorials of values 3-8 (924 of them per shoe) times
    ``(n_9)_j``, a factor applied to each block's product. The blocks of one
    size ``t`` of values 3-8 serve every ``s = t + j`` and both forms (plain
    and pair), so their coefficient rows are tabled side by side once
    (:class:`BlockForms`) and each size is one matrix product per batch:
    seven products, every wager's columns in each (:func:`numerators`).

Wagers that follow from others
    A wager whose coefficients are an exact integer combination of other
    wagers' and of the orderings (whose form is ``(N)_6`` itself) is not
    multiplied again: Tie is 8 + 351 Player + 18 Banker at a 5% commission
    (pays scaled to integers), the Banker Pair equals the Player Pair
    (:class:`~analyzer.exact.derived.Derived`; every relation is checked on every coefficient).

Pairs of ten-valued cards
    Two tens pair only when their ranks are equal. For a dealing whose own
    two cards are tens, the ways with a same-rank pair are
    ``q2 FF(n - 2 e_0, k - 2 e_0)``, with ``q2 = sum_r t_r (t_r - 1)`` over
    the four ten ranks; the difference a pair makes to the pay is tabled as
    a second form in the shoe less two tens (``FA`` of ``n_0 - 2``).

Number types, checked
    Every quantity is an integer and every array is int64: the coefficient
    tables, ``FA``, ``FB``, the matrix products and their sums. Every partial
    sum of the products with ``FB`` is bounded by
    ``max|pay| * (6! / (k_A! s!)) * (N_B)_s < 2**63`` and every sum with
    ``FA`` by ``max|pay| * (N)_6 < 2**63``, and so are the derived wagers'
    combinations (``Derived.bound * (N)_6``): each bound is checked for each
    batch (:func:`fits_int64`, and :mod:`analyzer.exact.batch`). A batch
    outside a bound is left to the caller, which then counts with the
    aggregated-sum path in Python ints. No float is on this path; the one
    float computation, a least-squares guess at which wagers follow from
    others (:func:`~analyzer.exact.derived.relations`), only proposes relations that integer
    arithmetic then checks on every coefficient.

The float kernel (BLAS), where a bound proves it exact
    numpy multiplies int64 matrices without BLAS. The products ``FB @ C``
    block by block are the kernel's cost, and each block's partial sums are
    bounded by ``block_bound * (N_B)_(s - j)`` (the bound above, before the
    factor ``(n_9)_j``). Where every such bound is below ``2**53``
    (:func:`fits_float64`), every term and every partial sum of those
    products is an integer a float64 holds exactly, in whatever order BLAS
    adds them; the products are then taken in float64 and read back as
    int64 exactly. So is every falling factorial of values 3-8 and every
    partial product that builds it (each one of a multiset of at most six
    such cards, at most ``(N_B)_6`` or a smaller ``(N_B)_t``, also checked),
    so ``FB`` is built in float64 directly. At 8 decks the largest bound is
    about ``2**51.7``; beyond (10 decks and more) the int64 products run as
    before. Everything after the products (the nines factor, the ``FA``
    forms, the derived wagers) stays in int64 under the checks above.
    ``tests/test_batch.py`` holds the two paths equal, and
    ``tests/test_count_kernel.py`` holds the kernel to its forms summed term
    by term in Python integers.

Layout
    The falling factorials are kept one row per multiset and one column per
    shoe (:func:`falling_layers`): each multiset's row is then a product of
    contiguous rows, and every later step works along contiguous shoes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.rules import RuleSet
from ..game.settle import pays_by_view
from ..game.wager import Wager
from .derived import Derived, relations
from .sequences import A_VALUES as A_VALUES
from .sequences import B_VALUES as B_VALUES
from .sequences import SIZE as SIZE
from .sequences import Multiset as Multiset
from .sequences import count_sequences
from .sequences import layers as layers

INT64_LIMIT = 2**63
FLOAT64_EXACT = 2**53
"""Every integer of magnitude below this is a float64, and so is every sum of such integers that stays below it."""


def falling_layers(columns: Sequence[npt.NDArray[Any]], top: int = SIZE) -> list[npt.NDArray[Any]]:
    """``FF`` of every multiset over the given value counts (one array per value, one entry per shoe), by size 0..top.

    Layer ``t`` is a (multisets of size t, M shoes) array, its rows in :func:`layers` order; the dtype is that of
    ``columns``. Each row is one multiplication of two contiguous rows (a smaller multiset's and a value's falling
    factorial), so the work runs along the shoes.

    >>> import numpy as np
    >>> [layer.tolist() for layer in falling_layers([np.array([5]), np.array([3])], top=2)]
    [[[1]], [[5], [3]], [[20], [15], [6]]]
    """
    shape = columns[0].shape[0]
    dtype = columns[0].dtype
    built = [np.ones((1, shape), dtype=dtype)] + [np.ones((0, shape), dtype=dtype) for _ in range(top)]
    for column in columns:
        factors = np.empty((top + 1, shape), dtype=dtype)  # (n_v)_j for j = 0..top
        factors[0] = 1
        for j in range(1, top + 1):
            np.multiply(factors[j - 1], column - (j - 1), out=factors[j])
        new = []
        for t in range(top + 1):
            out = np.empty((sum(built[t - j].shape[0] for j in range(t + 1)), shape), dtype=dtype)
            at = 0
            for j in range(t + 1):
                block = built[t - j]
                np.multiply(block, factors[j], out=out[at : at + block.shape[0]])
                at += block.shape[0]
            new.append(out)
        built = new
    return built


@dataclass(frozen=True)
class BlockForms:
    """The coefficient rows that multiply the falling factorials ``FB_t`` of values 3-8 of one size ``t``, for every
    form that reads them, side by side and transposed: one row per column of a form, one column per multiset of size
    ``t`` (:func:`layers` order), so that ``matrix @ FB_t`` is every such product at once.

    ``parts``: (pair form, B-size s, nines j = s - t, first row, end row) of each form's block; its rows are the
    form's columns, A multiset major, wager minor (as in :attr:`Coefficients.plain` and ``pair``).
    """

    matrix: npt.NDArray[np.int64]
    floats: npt.NDArray[np.float64]  # the same numbers (each an integer below 2**53: checked where made)
    parts: tuple[tuple[bool, int, int, int, int], ...]


@dataclass(frozen=True)
class Coefficients:
    """The fixed half of the bilinear forms, for a rule set and a list of wagers.

    ``plain[s]``: (multisets of B of size s, multisets of A of size 6-s times wagers),
    the scaled pays summed over orderings; ``pair[s]``: the same for the
    difference a same-rank pair of tens makes, over multisets of size 4 (two
    tens taken out of A), for the wagers ``pair_wagers`` (indices) whose pay it can change. ``bounds[s]``: a bound on a
    column's sum of
    ``|coefficient| * FB`` per unit of ``(N_B)_s`` (:func:`_orderings`), for the int64 check;
    ``block_bounds[s][j]`` the same for the rows with ``j`` cards of value 9, per unit of
    ``(N_B)_(s-j)`` (:func:`numerators` multiplies those rows' product by ``(n_9)_j`` afterwards).
    """

    wagers: tuple[str, ...]
    scale: tuple[int, ...]
    biggest_pay: int
    plain: tuple[npt.NDArray[Any], ...]
    pair: tuple[npt.NDArray[Any], ...]
    bounds: tuple[int, ...]
    pair_bounds: tuple[int, ...]
    block_bounds: tuple[tuple[int, ...], ...]
    pair_block_bounds: tuple[tuple[int, ...], ...]
    computed: tuple[int, ...]
    pair_wagers: tuple[int, ...]
    derived: tuple[Derived, ...]
    derived_bound: int
    blocks: tuple[BlockForms, ...]
    """Per size ``t`` of values 3-8, the rows of ``plain`` and ``pair`` that multiply ``FB_t`` (:class:`BlockForms`)."""


def scale_of(wager: Wager) -> int:
    """The least common denominator of a wager's pays."""
    return math.lcm(*(o.pays.denominator for o in wager.outcomes if o.pays is not None))


@lru_cache(maxsize=32)
def coefficients(rules: RuleSet, wagers: tuple[str, ...]) -> Coefficients:
    """Every wager's ``c(k)``, from the 10^6 value sequences dealt by the rule set's drawing table (once per
    process)."""
    chosen = [rules.wager(name) for name in wagers]
    sides = ["player" if w.side == "player" else "banker" for w in chosen]
    counted = count_sequences(rules, tuple(sorted(set(sides))))
    scales = [scale_of(w) for w in chosen]
    paid = [
        np.array([0 if p is None else int(p * scale) for p in pays_by_view(w)], dtype=np.int64)
        for w, scale in zip(chosen, scales)
    ]
    changes = [pays[1::2] - pays[0::2] for pays in paid]  # per view: what a pair of tens changes
    # each wager's pay of each view times the sequences of each key seen so (counted once per side)
    plains = [counted.plain_form(counted.plain[side].form(pays)) for side, pays in zip(sides, paid)]
    pairs = [counted.pair_form(counted.pair[side].form(change)) for side, change in zip(sides, changes)]
    # the largest pay of a sequence dealt, and of a pair's change (0 where a sequence has no pair of own tens)
    biggest = [counted.plain[side].largest(pays) for side, pays in zip(sides, paid)]
    biggest += [counted.pair[side].largest(change) for side, change in zip(sides, changes)]
    orderings = counted.plain_form(counted.orderings)  # the constant wager: its numerator is (N)_6 itself
    flat = [np.concatenate([m.ravel() for m in plain + pair]) for plain, pair in zip(plains, pairs)]
    constant = np.concatenate([m.ravel() for m in orderings] + [np.zeros(m.size, dtype=np.int64) for m in pairs[0]])
    computed, derived = relations(flat, constant, biggest[: len(chosen)])
    pair_wagers = tuple(w for w in computed if biggest[len(chosen) + w])  # the wagers a pair of tens can change

    a_layers, b_layers = layers(len(A_VALUES)), layers(len(B_VALUES))
    plain, pair, bounds, pair_bounds = [], [], [], []
    block_bounds: list[tuple[int, ...]] = []
    pair_block_bounds: list[tuple[int, ...]] = []
    for s in range(SIZE + 1):
        plain.append(np.stack([plains[w][s] for w in computed], axis=-1).reshape(len(b_layers[s]), -1))
        bounds.append(max(biggest) * max(_orderings(SIZE, a, s) for a in a_layers[SIZE - s]))
        block_bounds.append(
            tuple(
                -(-max(biggest) * max(_orderings(SIZE, a, s - j) for a in a_layers[SIZE - s]) // math.factorial(j))
                for j in range(s + 1)
            )
        )  # rounded up: a bound
        if s <= SIZE - 2:
            pair.append(
                np.stack([pairs[w][s] for w in pair_wagers], axis=-1).reshape(len(b_layers[s]), -1)
                if pair_wagers
                else np.zeros((len(b_layers[s]), 0), dtype=np.int64)
            )
            pair_bounds.append(max(biggest) * max(_orderings(SIZE - 2, a, s) for a in a_layers[SIZE - 2 - s]))
            pair_block_bounds.append(
                tuple(
                    -(
                        -max(biggest)
                        * max(_orderings(SIZE - 2, a, s - j) for a in a_layers[SIZE - 2 - s])
                        // math.factorial(j)
                    )
                    for j in range(s + 1)
                )
            )
    return Coefficients(
        wagers=tuple(wagers),
        scale=tuple(scales),
        biggest_pay=max(biggest),
        derived_bound=max((d.bound for d in derived), default=0),
        plain=tuple(plain),
        pair=tuple(pair),
        bounds=tuple(bounds),
        pair_bounds=tuple(pair_bounds),
        block_bounds=tuple(block_bounds),
        pair_block_bounds=tuple(pair_block_bounds),
        computed=computed,
        pair_wagers=pair_wagers,
        derived=tuple(derived),
        blocks=_block_forms(plain, pair),
    )


def _block_forms(plain: Sequence[npt.NDArray[Any]], pair: Sequence[npt.NDArray[Any]]) -> tuple[BlockForms, ...]:
    """The rows of every form's block with ``j`` nines, grouped by the size ``t = s - j`` of values 3-8 they multiply
    (:class:`BlockForms`). A form's rows for size ``s`` are its blocks by nines ``j = 0..s`` in turn, each as many rows
    as there are multisets of values 3-8 of size ``s - j`` (:func:`layers`)."""
    sizes = [len(layer) for layer in layers(len(B_VALUES) - 1)]
    pieces: list[list[npt.NDArray[Any]]] = [[] for _ in range(SIZE + 1)]
    parts: list[list[tuple[bool, int, int, int, int]]] = [[] for _ in range(SIZE + 1)]
    for paired, forms in ((False, plain), (True, pair)):
        for s, form in enumerate(forms):
            row = 0
            for j in range(s + 1):
                t = s - j
                rows = form[row : row + sizes[t]]
                row += sizes[t]
                if rows.shape[1]:  # a form of no wager (no pair wager, or every wager derived) has no columns
                    first = sum(piece.shape[0] for piece in pieces[t])
                    parts[t].append((paired, s, j, first, first + rows.shape[1]))
                    pieces[t].append(rows.T)
            assert row == form.shape[0]
    out = []
    for t in range(SIZE + 1):
        matrix = np.ascontiguousarray(
            np.concatenate(pieces[t]) if pieces[t] else np.zeros((0, sizes[t]), dtype=np.int64), dtype=np.int64
        )
        assert not matrix.size or int(np.abs(matrix).max()) < FLOAT64_EXACT, "a coefficient float64 cannot hold"
        out.append(BlockForms(matrix, matrix.astype(np.float64), tuple(parts[t])))
    return tuple(out)


def _orderings(size: int, a: Multiset, s: int) -> int:
    """Orderings of ``size`` positions into the multiset ``a`` of A-values and ``s`` B-cards taken as one class.

    With ``|c(k)| <= max|pay|`` times the orderings of ``k``, and the sum of
    orderings times ``FB`` over B-multisets of size s equal to the orderings
    of ``s`` B-cards times ``(N_B)_s``, this bounds a column's partial sums.
    """
    return math.factorial(size) // math.prod(math.factorial(j) for j in a) // math.factorial(s)


def fits_int64(coefficients: Coefficients, largest_b: int) -> bool:
    """True when no partial sum of a matrix product overflows int64, for shoes with at most ``largest_b`` cards of B.

    A column's partial sums are bounded by the sum of |coefficient| times
    ``FB``, and ``FB`` of a multiset of size s is at most ``(N_B)_s``; the
    same holds block by block (rows with j nines, before the factor ``(n_9)_j``).
    """
    for whole, blocks in (
        (coefficients.bounds, coefficients.block_bounds),
        (coefficients.pair_bounds, coefficients.pair_block_bounds),
    ):
        for s, bound in enumerate(whole):
            if bound * math.perm(largest_b, s) >= INT64_LIMIT:
                return False
            if any(block * math.perm(largest_b, s - j) >= INT64_LIMIT for j, block in enumerate(blocks[s])):
                return False
    return True


def fits_float64(coefficients: Coefficients, largest_b: int) -> bool:
    """True when every block product ``FB_(s-j) @ C`` (before the nines factor) has all its terms and partial sums
    below ``2**53`` in magnitude, for shoes with at most ``largest_b`` cards of B, and so has every falling factorial of
    at most six cards of values 3-8 (what builds ``FB`` and its entries): float64 then computes them exactly."""
    if any(math.perm(largest_b, t) >= FLOAT64_EXACT for t in range(SIZE + 1)):
        return False
    for blocks in (coefficients.block_bounds, coefficients.pair_block_bounds):
        for s, by_nines in enumerate(blocks):
            if any(block * math.perm(largest_b, s - j) >= FLOAT64_EXACT for j, block in enumerate(by_nines)):
                return False
    return True


def numerators(
    coefficients: Coefficients, n: npt.NDArray[np.int64], ten_pairs: npt.NDArray[np.int64], floating: bool | None = None
) -> npt.NDArray[np.int64]:
    """Each wager's expected value times its scale and ``(N)_6``, for shoes ``n`` (M, 10 values); int64.

    ``ten_pairs`` is ``q2`` per shoe. The caller checks :func:`fits_int64`
    and that ``max|pay| (N)_6`` stays below 2**63. The block products run in
    float64 through BLAS when :func:`fits_float64` proves them exact (``floating``
    None, the default), or as ``floating`` says (True only where that proof holds).
    """
    largest_b = int(n[:, list(B_VALUES)].sum(axis=1).max(initial=0))
    exact_float = fits_float64(coefficients, largest_b)
    if floating is None:
        floating = exact_float
    assert exact_float or not floating, "float64 products asked for beyond the bound that proves them exact"
    count, paired = len(coefficients.computed), len(coefficients.pair_wagers)
    shoes = n.shape[0]
    fa = falling_layers([n[:, v] for v in A_VALUES])
    # FB of a multiset is F (values 3-8) times (n_9)_j: the rows with j nines are one block of the
    # coefficients, so the last value's layer is never built (its factor scales each block's product)
    fb = falling_layers([n[:, v].astype(np.float64 if floating else np.int64) for v in B_VALUES[:-1]])
    nines = falling_layers([n[:, B_VALUES[-1]]])
    fa_pair = falling_layers([n[:, 0] - 2] + [n[:, v] for v in A_VALUES[1:]], top=SIZE - 2) if paired else []
    total = np.zeros((count, shoes), dtype=np.int64)
    pairs = np.zeros((paired, shoes), dtype=np.int64)
    for t, block in enumerate(coefficients.blocks):
        if t == 0:  # FB_0 = 1: the products are the coefficients themselves, the same for every shoe
            products = block.matrix
        elif floating:  # exact: see fits_float64
            products = (block.floats @ fb[t]).astype(np.int64)
        else:
            products = block.matrix @ fb[t]
        for pair_form, s, j, first, end in block.parts:
            # the block's products times (n_9)_j, each summed with FA of the A multiset it goes with
            a_layer, into, width = (fa_pair[SIZE - 2 - s], pairs, paired) if pair_form else (fa[SIZE - s], total, count)
            weight = a_layer * nines[j]
            if t == 0:
                into += np.einsum("am,aw->wm", weight, products[first:end, 0].reshape(len(weight), width))
            else:
                into += np.einsum("am,awm->wm", weight, products[first:end].reshape(len(weight), width, shoes))
    total = np.ascontiguousarray(total.T)
    if paired:
        at = [coefficients.computed.index(w) for w in coefficients.pair_wagers]
        total[:, at] += pairs.T * ten_pairs[:, None]
    out = np.zeros((n.shape[0], len(coefficients.wagers)), dtype=np.int64)
    out[:, list(coefficients.computed)] = total
    if coefficients.derived:
        size = n.sum(axis=1)
        dealings = size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)
        for d in coefficients.derived:
            combined = d.constant * dealings + sum(
                (k * total[:, i] for i, k in enumerate(d.weights) if k), np.zeros_like(dealings)
            )
            out[:, d.wager] = combined // d.divisor  # exact: the combination is divisor times an integer
    return out
