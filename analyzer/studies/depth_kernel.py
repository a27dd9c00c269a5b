"""The depth study's kernel: the exact sums over every composition of ``k`` unseen cards, by a split of the classes.

What is summed
    For a composition ``n`` of the unseen cards over the classes the wager reads, the wager's expected value times
    its pays' scale and ``(k)_6`` is the integer ``P(n) = sum_K c(K) FF(n, K)`` over the multisets ``K`` of six
    classes (5,005 over the ten values, 18,564 over the thirteen ranks; :func:`value_form`, :func:`rank_form`, from
    :mod:`analyzer.exact.multiset`: ``c(K)`` the scaled pays summed over the orderings of ``K``, ``FF`` the falling
    factorials). Its weight is ``W(n) = prod_i C(N_i, n_i)``. The study needs ``S1 = sum W(n)`` and
    ``S2 = sum W(n) P(n)`` over the compositions with ``P(n) > 0``. A wager settled beyond its side's view (both
    hands, two-card totals) has no such form here: the caller counts it composition by composition.

How the work is shared
    Split the classes into ``A`` (the first :data:`SPLIT`: 5 of the values, 7 of the ranks) and ``B`` (the rest).
    ``P(n)`` is then ``G(n_A) . FB(n_B)``: ``G(n_A) = FA(n_A) @ C``, one vector per composition of the ``A`` classes
    (a *node*: 169,911 of them at ``k = 26`` over the values, each a vector of 462 numbers, the multisets of at most
    six of the five ``B`` values), and ``FB(n_B)`` the falling factorials of the ``B`` counts (a *leaf*: 27,405 at
    most for one remainder ``r = k - |n_A|``). Every node with remainder ``r`` meets every leaf of ``r``: ``P`` of all
    their compositions is one matrix product (BLAS), 462 multiply-adds a composition where the per-composition form
    takes 5,005, and each node's ``G`` is computed once for all its leaves. The weight splits too,
    ``W(n) = WA(n_A) WB(n_B)``, so per node ``sum_leaves [P > 0] WB`` and ``sum_leaves [P > 0] P WB`` are two more
    matrix products, against ``WB`` cut into limbs of ``bw`` bits and ``P`` into limbs of ``bp`` bits; the nodes'
    sums are then weighed by ``WA`` in Python integers (one multiplication a node and limb).

Number types, checked (Principle 1)
    Every product runs in float64, and is exact because every term and every partial sum is an integer below
    ``2**53`` in magnitude, whatever order BLAS adds them in:

    * ``G``: with ``|c(K)| <= b * orderings(K)`` (``b`` = :attr:`Form.biggest`), a partial sum of ``G[K_B]`` is at
      most ``b * 6!/K_B! * C(|n_A|, 6 - |K_B|) <= b * 720 * max_t C(k, t)`` (Vandermonde);
    * ``P``: its terms' magnitudes add up to at most ``b * sum_K orderings(K) FF(n, K) = b * (k)_6``;
    * the limb products: ``L`` leaves times limbs below ``2**bp`` and ``2**bw``, with ``bp + bw + bits(L) = 53``.

    :func:`split_sums` checks the first two bounds and returns ``None`` beyond them (the caller then takes the
    per-composition path, :func:`analyzer.studies.depth.depth_figures_by_composition`, in Python integers where
    needed); the third holds by the choice of ``bp`` and ``bw``. The sign test of every composition is therefore
    exact, and so are ``S1`` and ``S2``. ``tests/test_depth.py`` holds the two paths equal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..exact import multiset
from ..exact.multiset import SIZE, layers
from ..game.cards import VALUES
from ..game.rules import RuleSet

Array = npt.NDArray[Any]
FLOAT64_EXACT = 2**53
SPLIT = {10: 5, 13: 7}
"""Classes in ``A`` (the nodes) by number of classes; the rest are the leaves. Measured: of the 10 values, 4 and 6
took 5 and 2 times as long as 5 at ``k = 20``; of the 13 ranks, 6 and 8 took 1.9 and 2.3 times as long as 7 at
``k = 12`` (8: 2.2 times at ``k = 16``)."""
CELLS = 1 << 21
"""The most node-leaf pairs (compositions) in one matrix product: about 16 MB of float64."""
NODE_CELLS = 1 << 24
"""The most falling factorials of nodes built at once (128 MB of float64)."""


@dataclass(frozen=True, slots=True)
class Form:
    """A wager's scaled expected value times ``(n)_6`` as ``sum_K c(K) FF(n, K)``, ``K`` over the multisets of six
    of ``classes`` classes (:func:`analyzer.exact.multiset.layers` order), with ``|c(K)| <= biggest * orderings(K)``."""

    classes: int
    scale: int
    coefficients: tuple[int, ...]
    biggest: int

    def __post_init__(self) -> None:
        if self.classes < 2 or self.scale < 1 or self.biggest < 0:
            raise ValueError(
                f"A form needs at least 2 classes, a scale of at least 1 and a bound of at least 0, got "
                f"{self.classes}, {self.scale} and {self.biggest}."
            )
        if len(self.coefficients) != len(layers(self.classes)[SIZE]):
            raise ValueError(
                f"A form over {self.classes} classes needs one coefficient per multiset of six of them "
                f"({len(layers(self.classes)[SIZE]):,}), got {len(self.coefficients):,}."
            )


def orderings(multiset_: tuple[int, ...]) -> int:
    """The sequences of six cards with these multiplicities."""
    return math.factorial(SIZE) // math.prod(math.factorial(j) for j in multiset_)


@lru_cache(maxsize=16)
def value_form(rules: RuleSet, wager: str) -> Form | None:
    """The form of ``wager`` over the ten values, or ``None`` when it reads more than its side's view (then the
    batch engine settles it otherwise) or a pair of tens changes its pay (it reads ranks: :func:`rank_form`)."""
    if not rules.wager(wager).side_view_only:
        return None
    tabled = multiset.coefficients(rules, (wager,))
    if tabled.pair_wagers:
        return None
    table = _plain(tabled)
    return _form(10, tabled.scale[0], tuple(table[key] for key in layers(10)[SIZE]))


@lru_cache(maxsize=16)
def rank_form(rules: RuleSet, wager: str) -> Form | None:
    """The form of ``wager`` over the thirteen ranks (the Pair bets), or ``None`` when it reads more than its side's
    view.

    From the values' form and the pair of tens' (:mod:`analyzer.exact.multiset`: ``P = sum_K c(K) FF(n, K) +
    q2 sum_K' d(K') FF(n - 2 e_0, K')``, ``q2 = sum_r (t_r)_2`` over the four ten ranks), by Vandermonde's identity:
    ``(t_1 + ... + t_4)_j = sum j!/(j_1! ... j_4!) prod (t_i)_(j_i)``, and ``(t_r)_2 (t_r - 2)_i = (t_r)_(i + 2)``.
    Every coefficient stays an integer.
    """
    if not rules.wager(wager).side_view_only:
        return None
    tabled = multiset.coefficients(rules, (wager,))
    tens = [r for r, v in enumerate(VALUES) if v == 0]
    rank_of_value = {v: r for r, v in enumerate(VALUES) if v}
    found: dict[tuple[int, ...], int] = {}

    def spread(key: tuple[int, ...], c: int, paired: int | None) -> None:
        """Add ``c`` times a value multiset's falling factorial, spread over the ten ranks (and the pair's rank)."""
        base = [0] * len(VALUES)
        for v in range(1, 10):
            base[rank_of_value[v]] = key[v]
        for split in _splits(key[0], len(tens)):
            ranks = list(base)
            for r, j in zip(tens, split):
                ranks[r] = j + (2 if r == paired else 0)
            at = tuple(ranks)
            found[at] = found.get(at, 0) + c * math.factorial(key[0]) // math.prod(math.factorial(j) for j in split)

    for key, c in _plain(tabled).items():
        if c:
            spread(key, c, None)
    if tabled.pair_wagers:
        a_layers, b_layers = layers(len(multiset.A_VALUES)), layers(len(multiset.B_VALUES))
        for s in range(SIZE - 1):
            for i, b in enumerate(b_layers[s]):
                for j, a in enumerate(a_layers[SIZE - 2 - s]):
                    d = int(tabled.pair[s][i, j])
                    for r in tens if d else ():
                        spread(a + b, d, r)
    return _form(len(VALUES), tabled.scale[0], tuple(found.get(key, 0) for key in layers(len(VALUES))[SIZE]))


def _plain(tabled: multiset.Coefficients) -> dict[tuple[int, ...], int]:
    """The one wager's ``c(K)`` by multiset of six values."""
    a_layers, b_layers = layers(len(multiset.A_VALUES)), layers(len(multiset.B_VALUES))
    found: dict[tuple[int, ...], int] = {}
    for s in range(SIZE + 1):
        for i, b in enumerate(b_layers[s]):
            for j, a in enumerate(a_layers[SIZE - s]):
                key = a + b  # A_VALUES (0, 1, 2) then B_VALUES (3, ..., 9): the values in order
                if tabled.computed:
                    found[key] = int(tabled.plain[s][i, j])
                else:  # the wager follows from the orderings alone (a constant pay)
                    (derived,) = tabled.derived
                    found[key] = derived.constant * orderings(key) // derived.divisor
    return found


def _form(classes: int, scale: int, table: tuple[int, ...]) -> Form:
    biggest = max(-(-abs(c) // orderings(key)) for c, key in zip(table, layers(classes)[SIZE]))
    return Form(classes=classes, scale=scale, coefficients=table, biggest=biggest)


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way of writing ``total`` as ``parts`` non-negative integers, in order."""
    if parts == 1:
        return [(total,)]
    return [(j, *rest) for j in range(total + 1) for rest in _splits(total - j, parts - 1)]


def _vectors(caps: tuple[int, ...], most: int) -> Array:
    """Every vector of counts within ``caps`` adding up to at most ``most``, as rows."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for cap in caps:
        used = rows.sum(axis=1)
        parts = [
            np.concatenate(
                [rows[used + n <= most], np.full((int((used + n <= most).sum()), 1), n, dtype=np.int64)], axis=1
            )
            for n in range(min(cap, most) + 1)
        ]
        rows = np.concatenate(parts)
    return rows


def _falling(rows: Array, top: int = SIZE) -> list[Array]:
    """Falling factorials of every multiset of size t over the rows' classes, by t = 0..top, each as a
    (multisets, rows) float64 array in :func:`~analyzer.exact.multiset.layers` order (exact: at most ``k**6``)."""
    built = [np.ones((1, len(rows)))] + [np.ones((0, len(rows))) for _ in range(top)]
    for i in range(rows.shape[1]):
        factors = np.empty((top + 1, len(rows)))
        factors[0] = 1
        for j in range(1, top + 1):
            factors[j] = factors[j - 1] * (rows[:, i] - (j - 1))
        new = []
        for t in range(top + 1):
            out = np.empty((sum(built[t - j].shape[0] for j in range(t + 1)), len(rows)))
            at = 0
            for j in range(t + 1):
                block = built[t - j]
                np.multiply(block, factors[j], out=out[at : at + block.shape[0]])
                at += block.shape[0]
            new.append(out)
        built = new
    return built


def _limbs(values: Array, bits: int) -> Array:
    """Non-negative Python integers as float64 limbs of ``bits`` bits, least significant first (each limb exact)."""
    count = max(1, -(-int(values.max(initial=0)).bit_length() // bits))
    mask = (1 << bits) - 1
    return np.stack([((values >> (bits * t)) & mask).astype(np.float64) for t in range(count)], axis=1)


def _weights(rows: Array, caps: tuple[int, ...]) -> Array:
    """``prod_i C(caps[i], rows[:, i])`` per row, as Python integers (an object array)."""
    out = np.ones(len(rows), dtype=object)
    for i, cap in enumerate(caps):
        out = (
            out
            * np.array([math.comb(cap, j) for j in range(int(rows[:, i].max(initial=0)) + 1)], dtype=object)[rows[:, i]]
        )
    return out


def fits(form: Form, k: int) -> bool:
    """Whether the module's bounds on ``G`` and ``P`` hold for ``k`` unseen cards (then every product is exact)."""
    g_bound = form.biggest * math.factorial(SIZE) * max(math.comb(k, t) for t in range(SIZE + 1))
    return max(g_bound, form.biggest * math.perm(k, SIZE)) < FLOAT64_EXACT


def split_sums(
    form: Form, caps: tuple[int, ...], k: int, split: int | None = None, halved: bool | None = None
) -> tuple[int, int] | None:
    """``(S1, S2)`` of the module over every composition of ``k`` cards within ``caps``, or ``None`` when a bound of
    the module does not hold (then no float product is taken). ``P`` is cut in limbs of half the spare bits when
    ``halved``, kept whole when not (where it fits), else whichever takes the fewest products (the tests try both)."""
    m = form.classes
    h = split if split is not None else SPLIT.get(m, m // 2)
    if len(caps) != m or not 0 < h < m:
        raise ValueError(f"The form reads {m} classes split after {h}, the caps give {len(caps)}.")
    if not fits(form, k):
        return None
    a_caps, b_caps = caps[:h], caps[h:]
    nodes = _vectors(a_caps, k)
    rest = k - nodes.sum(axis=1)
    nodes, rest = nodes[rest <= sum(b_caps)], rest[rest <= sum(b_caps)]
    s1, s2 = 0, 0
    for r in np.unique(rest).tolist():
        leaves = _vectors(b_caps, r)
        leaves = leaves[leaves.sum(axis=1) == r]
        one, two = pair_sums(form, caps, k, h, nodes[rest == r], leaves, halved)
        s1, s2 = s1 + one, s2 + two
    return s1, s2


@lru_cache(maxsize=8)
def _blocks(form: Form, h: int) -> tuple[Array, ...]:
    """The form's coefficients as one matrix per size ``s`` of the ``B`` part of a multiset: rows the multisets of
    ``6 - s`` of the first ``h`` classes, columns those of ``s`` of the rest (float64, exact: below ``2**53``)."""
    index = {key: i for i, key in enumerate(layers(form.classes)[SIZE])}
    a_layers, b_layers = layers(h), layers(form.classes - h)
    return tuple(
        np.array([[form.coefficients[index[a + b]] for b in b_layers[s]] for a in a_layers[SIZE - s]], dtype=np.float64)
        for s in range(SIZE + 1)
    )


def pair_sums(
    form: Form, caps: tuple[int, ...], k: int, h: int, nodes: Array, leaves: Array, halved: bool | None = None
) -> tuple[int, int]:
    """``(S1, S2)`` of the module over the compositions made of every node (counts of the first ``h`` classes, each
    row adding up to ``k - r``) and every leaf (counts of the other classes, each adding up to ``r``): the work of
    :func:`split_sums` for one remainder, or for a part of it. The caller has checked :func:`fits`."""
    blocks = _blocks(form, h)
    a_layers = layers(h)
    a_caps, b_caps = caps[:h], caps[h:]
    p_bits = (form.biggest * math.perm(k, SIZE)).bit_length()
    s1, s2 = 0, 0
    fb = np.concatenate(_falling(leaves))
    spare = 53 - len(leaves).bit_length()  # a limb product's sum over the leaves stays below 2**53
    weights_b = _weights(leaves, b_caps)
    w_bits = int(weights_b.max()).bit_length()
    # P in limbs of bp bits, WB in limbs of spare - bp: the fewest products (P whole, or both halved)
    choices = [b for b, half in ((p_bits, False), (spare // 2, True)) if 0 < b < spare and halved in (None, half)]
    bp = min(choices, key=lambda b: (1 + -(-p_bits // b)) * -(-w_bits // (spare - b)))
    bw = spare - bp
    p_limbs = -(-p_bits // bp)
    wb = _limbs(weights_b, bw)
    nw = wb.shape[1]
    nodes_at_once = max(1, NODE_CELLS // sum(len(layer) for layer in a_layers))
    for start in range(0, len(nodes), nodes_at_once):
        chunk = nodes[start : start + nodes_at_once]
        fa = _falling(chunk)
        g = np.concatenate([fa[SIZE - s].T @ blocks[s] for s in range(SIZE + 1)], axis=1)
        weights = _weights(chunk, a_caps)
        step = max(1, CELLS // len(leaves))
        for at in range(0, len(chunk), step):
            sums = weights[at : at + step] @ _leaf_sums(g[at : at + step], fb, wb, bp, p_limbs).astype(object)
            s1 += sum(int(sums[t]) << (bw * t) for t in range(nw))
            s2 += sum(int(sums[nw * (1 + a) + t]) << (bp * a + bw * t) for a in range(p_limbs) for t in range(nw))
    return s1, s2


def _leaf_sums(g: Array, fb: Array, wb: Array, bp: int, p_limbs: int) -> Array:
    """Per node (row of ``g``), ``sum [P > 0] WB`` by limb of ``WB``, then ``sum [P > 0] P WB`` by limb of ``P`` and
    of ``WB`` (int64, each below ``2**53``)."""
    p = g @ fb  # (nodes, leaves): P of each composition, exact (the module's bounds)
    np.maximum(p, 0.0, out=p)  # the compositions where the wager has no edge count for nothing
    parts = [(p > 0).astype(np.float64) @ wb]
    for _ in range(p_limbs - 1):
        limb = np.floor(p * 2.0**-bp)  # exact: a power of two scales an integer float exactly
        parts.append((p - limb * 2.0**bp) @ wb)
        p = limb
    parts.append(p @ wb)
    assert np.all(parts[-1] < 2.0**53), "P above its bound"
    return np.concatenate(parts, axis=1).astype(np.int64)
