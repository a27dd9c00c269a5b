"""Speed of the best five of every card dealt (``all_cards = { poker = ... }``), 8 decks, in one run: medians.

    python benchmarks/best_five.py [--repeats N]

(plain)  the plainest correct count of the suits: per multiset of ranks, a
         Python loop over suits and over which card is of another suit,
         ranked by :mod:`analyzer.game.poker`'s scalar functions, with
         :func:`analyzer.game.shoe.falling` and ``math.comb``; the ordered
         rank sequences enumerated as in (new).
(new)    :func:`analyzer.exact.pokercount.poker_table`: the suits of every
         multiset counted at once with numpy (int64: the 8-deck denominator
         is below 2^63).

Both give the same table (checked here). Target: an 8-deck wager with a
poker table priced in a few seconds at most.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one core: set before numpy loads BLAS

import argparse  # noqa: E402
import sys  # noqa: E402
from math import comb  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402
from exact import load_text, machine, median_time  # noqa: E402

from analyzer.exact import pokercount  # noqa: E402
from analyzer.game.cards import SUITS  # noqa: E402
from analyzer.game.needs import HandNeeds, Needs  # noqa: E402
from analyzer.game.poker import BEST_FIVE, BEST_INDEX, rank_only, with_flush  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402
from analyzer.game.shoe import Shoe, falling  # noqa: E402

NEEDS = Needs(drawing=True, player=HandNeeds(pair=True), banker=HandNeeds(pair=True), best_five=True)


def plain_ways(shoe: Shoe, multisets: list[int], big: bool) -> np.ndarray:  # type: ignore[type-arg]
    """Per multiset, the dealings of one of its orders by best five: plain Python, one multiset at a time."""
    assert shoe.types is not None
    out = np.zeros((len(multisets), len(BEST_FIVE)), dtype=object if big else np.int64)
    for i, code in enumerate(multisets):
        k = [code // 7**r % 7 for r in range(13)]
        present = [r for r in range(13) if k[r]]
        ranks = [r for r in present for _ in range(k[r])]
        n = len(ranks)
        total = 1
        for r in present:
            total *= falling(shoe.counts[r], k[r])
        row = [0] * len(BEST_FIVE)
        flushes = 0
        for left_out in ([None] + (present if n == 6 else [])) if n >= 5 else []:
            suited = list(ranks)
            if left_out is not None:
                suited.remove(left_out)
            ways = 0
            for s in range(len(SUITS)):
                term = 1
                for r in present:
                    a, own = k[r] - (left_out == r), shoe.types[r * len(SUITS) + s]
                    term *= comb(k[r], a) * falling(own, a) * falling(shoe.counts[r] - own, k[r] - a)
                ways += term
            row[BEST_INDEX[with_flush(ranks, suited)]] += ways
            flushes += ways
        row[BEST_INDEX[rank_only(ranks)]] += total - flushes
        out[i] = [w * falling(shoe.size - n, 6 - n) for w in row]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    drawing, shoe = read_rules("punto-banco").drawing, Shoe.decks(8)
    print(f"Machine: {machine()}; load {load_text()}")
    new = pokercount.poker_table(shoe, drawing, NEEDS).as_dict()
    vectorized = pokercount._ways_by_multiset
    pokercount._ways_by_multiset = plain_ways  # type: ignore[assignment]
    try:
        assert pokercount.poker_table(shoe, drawing, NEEDS).as_dict() == new, "plain and new differ"
        plain_time = median_time(lambda: pokercount.poker_table(shoe, drawing, NEEDS), args.repeats)
    finally:
        pokercount._ways_by_multiset = vectorized
    new_time = median_time(lambda: pokercount.poker_table(shoe, drawing, NEEDS), args.repeats)
    print(f"records: {len(new):,}, adding up to the denominator: {sum(new.values()) == shoe.denominator}")
    print(
        f"(plain) {plain_time:7.3f} s   (new) {new_time:7.3f} s   plain / new: {plain_time / new_time:.1f}x "
        f"(medians of {args.repeats})"
    )


if __name__ == "__main__":
    main()
