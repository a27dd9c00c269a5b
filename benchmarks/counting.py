"""Speed of the counting study, per core, measured in one run: medians and ratios.

    python benchmarks/counting.py [--repeats N]

Three ways of dealing 8-deck shoes (live-pittsburgh) and computing every
round's exact expected value (the third with and without the exact laws),
timed here on the same machine, one process, BLAS held to one thread (per
core):

(plain)  a plain per-round loop: the round engine deals each round of a
         shoe, and each round's exact EV is the par sheet of the cards left
         (:func:`analyzer.exact.parsheet.par_sheets`); a few shoes.
(today)  the algorithm of main at 759406c, copied here faithfully: per task
         of 20 shoes the dealer's tables are rebuilt, the vectorized dealer
         deals, the batch counts by the aggregated sums
         (:func:`analyzer.exact.batch._aggregated_path`, unchanged), and every
         round is booked with Fractions.
(new)    :func:`analyzer.studies.counting.play_shoes`: the standard procedure
         (burn, one more round), the bilinear-form kernel, exact integer tallies,
         and the exact laws of every bet round's result (the exact risk
         figures, ``count``'s default: :mod:`analyzer.studies.laws`).
(bare)   the same without the exact laws, as ``count --no-exact-risk`` deals:
         the kernel and the tallies alone.

For one wager (dragon-bonus-player) and for every paid wager of the rule
set. Targets: (new) at least 5x (today) for one wager; every paid wager at
no more than 2x the cost of one (issue 20: 1.6x, with the float64 kernel, before
the exact laws joined every chunk; (bare) is that path now;
``--kernel int64`` runs the new path on int64 products alone, to compare). Rounds per second are medians over repeats
(each repeat a new chunk of 20 shoes, dealt by every method in turn; the
ratios are medians of the per-repeat ratios, as the machine may be shared).

``--whole``: the whole process instead, ``python -m analyzer count --rules live-pittsburgh --shoes N --workers 1``
for one wager and for every paid wager, interleaved, each child's CPU time (user + system, ``os.wait4``) with and
without ``--no-exact-risk``: the issue 31 target is every paid wager at most 1.5x one wager for 1,000 shoes. The
baseline is the one-wager process of the same repeat.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")  # one core: set before numpy loads BLAS

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from fractions import Fraction  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from analyzer.exact.batch import BatchValues, _aggregated_path  # noqa: E402
from analyzer.exact.parsheet import par_sheets  # noqa: E402
from analyzer.game.cards import RANKS  # noqa: E402
from analyzer.game.rulefile import read_rules  # noqa: E402
from analyzer.game.settle import pays_by_view, settle, view_index  # noqa: E402
from analyzer.game.shoe import CARDS_PER_ROUND, Shoe  # noqa: E402
from analyzer.play.dealer import STATES, code_state, deal_shoes, dealer_for  # noqa: E402
from analyzer.play.engine import deal_round  # noqa: E402
from analyzer.studies.counting import play_shoes  # noqa: E402
from analyzer.studies.plan import Procedure, Study, WagerPlan  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from exact import load_text, machine  # noqa: E402

RULES = "live-pittsburgh"
ONE = "dragon-bonus-player"
SHOES_PER_TASK = 20


# -- today's algorithm (main at 759406c), copied ------------------------------------------------------------------
def today_play_shoes(
    rules_name: str, wagers: list[str], seeds: list[np.random.SeedSequence], cut_card: int = 14
) -> int:
    """main's play_shoes, for each wager in turn (today a study counts one wager): rounds dealt."""
    import math

    rules = read_rules(rules_name)
    rounds_dealt = 0
    for name in wagers:
        wager = rules.wager(name)
        pays = pays_by_view(wager)
        shoe = Shoe.decks(8)
        deck = np.repeat(np.arange(len(RANKS)), shoe.counts)
        shuffled = np.array([np.random.default_rng(seed).permutation(deck) for seed in seeds])
        codes, used = deal_shoes(dealer_for(rules, shoe), shuffled, cut_card)  # rebuilt for every task, as today
        compositions, results = [], []
        for j in range(len(seeds)):
            cards = shuffled[j]
            seen = np.zeros((len(cards) + 1, len(RANKS)), dtype=np.int64)
            seen[1:] = np.cumsum(np.eye(len(RANKS), dtype=np.int64)[cards], axis=0)
            running = np.concatenate(([0], np.cumsum(np.zeros(len(RANKS), dtype=np.int64)[cards])))  # today's tags
            at = 0
            shoe_results = []
            true_counts = []
            for code, n in zip(codes[:, j].tolist(), used[:, j].tolist()):
                if code == STATES:
                    break
                compositions.append(seen[-1] - seen[at])
                true_counts.append(Fraction(int(running[at]) * 52, len(cards) - at))  # today computed it every round
                state = code_state(code)
                if wager.side == "player":
                    view = view_index(state.player_total, state.banker_total, state.player_cards, state.player_pair)
                else:
                    view = view_index(state.banker_total, state.player_total, state.banker_cards, state.banker_pair)
                shoe_results.append(pays[view])
                at += n
            results.append(shoe_results)
        counts = np.array(compositions, dtype=object)
        assert counts.min() >= 0 and counts.sum(axis=1).min() >= CARDS_PER_ROUND  # today's checks of the batch input
        largest = int(counts.sum(axis=1).max())
        numerators, scales = _aggregated_path(rules, [wager], counts, largest)
        values = BatchValues(
            (name,), numerators, scales, tuple(math.perm(int(s), CARDS_PER_ROUND) for s in counts.sum(axis=1))
        )
        k = 0
        for shoe_results in results:
            positive = bets = 0
            won = expected = Fraction(0)
            for result in shoe_results:
                ev = values.expected_value(k, 0)
                positive += ev > 0
                if ev > 0:
                    bets += 1
                    won += result  # type: ignore[operator]
                    expected += ev
                k += 1
        rounds_dealt += k
    return rounds_dealt // len(wagers)


# -- the plain loop ------------------------------------------------------------------------------------------------
def plain_loop(rules_name: str, wagers: list[str], seeds: list[np.random.SeedSequence], cut_card: int = 14) -> int:
    """Deal round by round with the round engine; each round's exact EV from the par sheets of the cards left."""
    rules = read_rules(rules_name)
    rounds = 0
    for seed in seeds:
        order = np.random.default_rng(seed).permutation(np.repeat(np.arange(len(RANKS)), 32))
        cards = tuple(RANKS[r] for r in order.tolist())
        at, won, expected = 0, Fraction(0), Fraction(0)
        while at < len(cards) - cut_card:
            left = Shoe(counts=tuple(cards[at:].count(r) for r in RANKS))
            sheets = par_sheets(rules, left, tuple(wagers))
            game = deal_round(rules, cards[at:])
            for name, sheet in zip(wagers, sheets):
                if sheet.expected_value > 0:  # type: ignore[operator]
                    expected += sheet.expected_value  # type: ignore[operator]
                    won += settle(rules.wager(name), game.state).pays  # type: ignore[operator,union-attr]
            at += game.cards_used
            rounds += 1
    return rounds


def new_play_shoes(rules_name: str, wagers: list[str], seeds: list[np.random.SeedSequence], laws: bool = True) -> int:
    rules = read_rules(rules_name)
    study = Study(
        rules=rules,
        wagers=tuple(WagerPlan(w) for w in wagers),
        shoes=len(seeds),
        decks=8,
        play="perfect",
        seed=0,
        procedure=Procedure(),
        laws=laws,
    )
    chunk = play_shoes((study, seeds))
    return sum(row[0].rounds for row in chunk.shoes)


def bare_play_shoes(rules_name: str, wagers: list[str], seeds: list[np.random.SeedSequence]) -> int:
    """The new path without the exact laws (``count --no-exact-risk``)."""
    return new_play_shoes(rules_name, wagers, seeds, laws=False)


def timed(fn, wagers: list[str], seeds: list[np.random.SeedSequence]) -> float:  # type: ignore[no-untyped-def]
    """Rounds per second of one call."""
    start = time.perf_counter()
    rounds = fn(RULES, wagers, seeds)
    return float(rounds / (time.perf_counter() - start))


def child_cpu(command: list[str]) -> float:
    """User + system CPU seconds of one child process (and what it waited for), from its own rusage."""
    import subprocess

    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert child.stderr is not None
    errors = child.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, errors[-500:]
    return float(usage.ru_utime + usage.ru_stime)


def whole(repeats: int, shoes: int) -> None:
    """The whole process's CPU, one wager against every paid wager (module notes)."""
    every = [w.name for w in read_rules(RULES).wagers if w.has_pay_table]
    base = [sys.executable, "-m", "analyzer", "count", "--rules", RULES, "--shoes", str(shoes), "--workers", "1"]
    print(f"machine: {machine()}; at start: {load_text()}")
    bare = statistics.median(child_cpu([sys.executable, "-c", "pass"]) for _ in range(3))
    print(
        f"\n`count --rules {RULES} --shoes {shoes} --workers 1`, CPU seconds of the whole process (median of {repeats})"
    )
    for label, extra in (("exact risk (default)", []), ("--no-exact-risk", ["--no-exact-risk"])):
        times: dict[str, list[float]] = {"one": [], "every": []}
        for _ in range(repeats):
            times["one"].append(child_cpu([*base, "--wager", ONE, *extra]))
            times["every"].append(child_cpu([*base, *(a for w in every for a in ("--wager", w)), *extra]))
        one, all_ = statistics.median(times["one"]), statistics.median(times["every"])
        ratio = statistics.median(b / a for a, b in zip(times["one"], times["every"]))
        print(f"  {label}:")
        print(f"    one wager ({ONE}):       {one:7.2f} s (baseline)")
        print(f"    every paid wager ({len(every)}):     {all_:7.2f} s   {ratio:.2f}x one wager")
        print(f"    target: every paid wager <= 1.5x one: {'met' if ratio <= 1.5 else 'NOT met'}")
    print(f"  (bare python start: {bare:.3f} s)\nat end: {load_text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="repeats per timing (median)")
    parser.add_argument("--whole", action="store_true", help="the whole process's CPU, one wager against every one")
    parser.add_argument("--shoes", type=int, default=1000, help="with --whole: shoes per study")
    parser.add_argument(
        "--kernel",
        choices=("auto", "int64"),
        default="auto",
        help="int64: the new path without the float64 (BLAS) products, for comparison",
    )
    args = parser.parse_args()
    if args.whole:
        whole(args.repeats, args.shoes)
        return
    if args.kernel == "int64":
        from analyzer.exact import multiset

        multiset.fits_float64 = lambda coefficients, largest_b: False  # type: ignore[assignment]
    every = [w.name for w in read_rules(RULES).wagers if w.has_pay_table]
    print(f"machine: {machine()}; BLAS threads: {os.environ['OPENBLAS_NUM_THREADS']}")
    print(f"at start: {load_text()}")
    new_play_shoes(RULES, every, np.random.SeedSequence(1).spawn(1))  # tables made once per process, as in a worker
    new_play_shoes(RULES, [ONE], np.random.SeedSequence(1).spawn(1))
    plain = {
        label: statistics.median(
            timed(plain_loop, wagers, np.random.SeedSequence(50 + r).spawn(1)) for r in range(max(1, args.repeats // 3))
        )
        for label, wagers in (("one", [ONE]), ("every", every))
    }
    # The machine is shared: each repeat times every method on the same new chunk of 20 shoes, one after the
    # other, so that the ratios (medians of per-repeat ratios) compare runs made under the same load.
    rates: dict[tuple[str, str], list[float]] = {}
    for repeat in range(args.repeats):
        seeds = np.random.SeedSequence(1000 + repeat).spawn(SHOES_PER_TASK)
        # in this order each ratio's two timings are neighbours: today/new for one wager, new one/every, new/today
        for label, method, wagers in (
            ("one", "today", [ONE]),
            ("one", "new", [ONE]),
            ("one", "bare", [ONE]),
            ("every", "bare", every),
            ("every", "new", every),
            ("every", "today", every),
        ):
            rates.setdefault((label, method), []).append(
                timed(
                    {"today": today_play_shoes, "new": new_play_shoes, "bare": bare_play_shoes}[method], wagers, seeds
                )
            )
    median = {key: statistics.median(values) for key, values in rates.items()}

    def ratio(a: tuple[str, str], b: tuple[str, str]) -> float:
        return statistics.median(x / y for x, y in zip(rates[a], rates[b]))

    print(
        f"\n8-deck shoes of {RULES}, exact EV of every round, one core; rounds per second (median of "
        f"{args.repeats} chunks of {SHOES_PER_TASK} shoes; the plain loop: {max(1, args.repeats // 3)} shoes)"
    )
    for label, title in (("one", f"one wager ({ONE})"), ("every", f"every paid wager ({len(every)})")):
        today, new = median[(label, "today")], median[(label, "new")]
        print(f"  {title}:")
        print(f"    plain per-round loop (engine + par sheets): {plain[label]:10,.0f} rounds/s")
        print(
            f"    today's algorithm (main 759406c):           {today:10,.0f} rounds/s   {today / plain[label]:6.1f}x "
            "the plain loop"
        )
        print(
            f"    new path:                                    {new:10,.0f} rounds/s   {new / plain[label]:6.1f}x the "
            "plain loop, "
            f"{ratio((label, 'new'), (label, 'today')):5.1f}x today"
        )
        bare = median[(label, "bare")]
        print(
            f"    new path, no exact laws (--no-exact-risk):   {bare:10,.0f} rounds/s   {bare / plain[label]:6.1f}x "
            f"the plain loop, {ratio((label, 'bare'), (label, 'today')):5.1f}x today"
        )
    speedup = ratio(("one", "new"), ("one", "today"))
    cost = ratio(("one", "new"), ("every", "new"))
    bare_cost = ratio(("one", "bare"), ("every", "bare"))
    print(f"\n  target: one wager >= 5x today: {'met' if speedup >= 5 else 'NOT met'} ({speedup:.1f}x)")
    print(
        f"  target: every paid wager <= 1.6x the cost of one: {'met' if cost <= 1.6 else 'NOT met'} "
        f"({cost:.2f}x the cost per round; without the exact laws {bare_cost:.2f}x)"
    )
    print(f"\nat end: {load_text()}")


if __name__ == "__main__":
    main()
