"""What the sort search costs: every two-group sort of the first four cards at once, against one sort counted alone.

Run from the repository root: ``python benchmarks/information.py [--full]``.

Measured in the same run, 8 decks, Jacobson's game (live-pittsburgh: P B P B, Player, Banker and Tie):

* one sort: ``information --see 1-4=group:6789`` (one count of the class sequences, the best bet per pattern);
* the search: ``information --search-sorts 4``, all 511 sorts of the values (one count of the first four cards'
  values, every sort's patterns summed from it, the best sort's table);
* the search of the ranks: ``--sorts-of ranks``, 4,095 sorts;
* the plainest correct baseline, each sort counted alone: the median of a sample of sorts (``--full``: all 511,
  some minutes), and 511 times it.

Prints the medians and the ratios; on a busy machine (note the load average) the medians move, the ratios less.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.game.sight import parse_sight
from analyzer.studies.information import information
from analyzer.studies.sorts import search_sorts, sight_of, sorts

BETS = ("player", "banker", "tie")


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    full = "--full" in sys.argv
    rules, shoe = load_rules("live-pittsburgh"), Shoe.decks(8)
    information(rules, shoe, parse_sight("1=value"), BETS)  # imports and first-call costs, outside the timings
    one = median_seconds(lambda: information(rules, shoe, parse_sight("1-4=group:6789"), BETS), repeat=5)
    search = median_seconds(lambda: search_sorts(rules, shoe, 4, BETS), repeat=5)
    ranks = median_seconds(lambda: search_sorts(rules, shoe, 4, BETS, "ranks"), repeat=3)
    candidates = sorts("values")
    sample = candidates if full else candidates[:: len(candidates) // 12]
    each = [median_seconds(lambda s=s: information(rules, shoe, sight_of(s, 4), BETS), repeat=1) for s in sample]
    alone = statistics.median(each)
    found = search_sorts(rules, shoe, 4, BETS).results[0]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"8 decks, live-pittsburgh, player/banker/tie, the first 4 cards' groups; load average {load}")
    print(f"one sort (1-4=group:6789):                 median {one * 1000:8.0f} ms")
    print(
        f"search, 511 sorts of the values:           median {search * 1000:8.0f} ms  (best {found.groups[0]}: "
        f"{float(found.gain):.3%} a round)"
    )
    print(f"search, 4,095 sorts of the ranks:          median {ranks * 1000:8.0f} ms")
    print(
        f"each sort alone ({len(sample)} {'sorts' if full else 'sampled'}):             median {alone * 1000:8.0f} ms"
    )
    print(f"511 sorts alone (511 x that median):              {511 * alone:8.1f} s")
    print(f"ratio search / one sort:                   {search / one:8.1f}")
    print(f"ratio 511 alone / search:                  {511 * alone / search:8.1f}")


if __name__ == "__main__":
    main()
