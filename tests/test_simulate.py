"""The vectorized simulator: card for card the round engine's game, exact bookkeeping, reproducible on any executor.

Statistical checks run at fixed seeds, so they are deterministic; the seeds
were not chosen after the fact (they are the first ones tried).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import analyzer.play.simulate as simulate
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.cards import RANK_INDEX, RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState
from analyzer.play.chunks import ChunkTally
from analyzer.play.dealer import STATES, code_state, deal_shoes, dealer_for, final_codes, random_positions, state_code
from analyzer.play.engine import deal_round
from analyzer.play.executor import open_executor
from analyzer.play.simulate import plan, run

from .tiny_shoes import TINY_SHOES, played, tiny_shoe

RULE_SETS = ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"]


def _ranks(cards: tuple[str, ...]) -> list[int]:
    return [RANK_INDEX[c] for c in cards]


def test_state_codes_cover_every_final_state_once() -> None:
    codes = {state_code(code_state(c)) for c in range(STATES)}
    assert codes == set(range(STATES))
    assert code_state(state_code(FinalState(9, 0, 3, 2, True, False))) == FinalState(9, 0, 3, 2, True, False)


@pytest.mark.parametrize("shoe_name", sorted(TINY_SHOES))
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_vectorized_dealing_equals_the_round_engine_card_for_card(rule_set: str, shoe_name: str) -> None:
    """Every ordered sequence of a tiny shoe: the same final state and the same number of cards used."""
    games = played(rule_set, shoe_name)
    dealer = dealer_for(read_rules(rule_set), tiny_shoe(shoe_name))
    codes, used = final_codes(dealer, [_ranks(sequence) for sequence, _, _ in games])
    for (sequence, _, game), code, n in zip(games, codes.tolist(), used.tolist()):
        assert (code_state(code), n) == (game.state, game.cards_used), sequence


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_vectorized_dealing_equals_the_engine_on_random_eight_deck_rounds(rule_set: str) -> None:
    rules = read_rules(rule_set)
    rng = np.random.default_rng(2024)
    deck = np.repeat(np.arange(len(RANKS)), 32)
    sequences = np.array([rng.permutation(deck)[:6] for _ in range(2000)])
    codes, used = final_codes(dealer_for(rules, Shoe.decks(8)), sequences)
    for sequence, code, n in zip(sequences.tolist(), codes.tolist(), used.tolist()):
        game = deal_round(rules, tuple(RANKS[r] for r in sequence))
        assert (code_state(code), n) == (game.state, game.cards_used)


@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_shoes_dealt_to_the_cut_card_equal_the_engine_dealing_them_round_after_round(rule_set: str) -> None:
    """A round begins while the cut card has not come out, and is always finished."""
    rules = read_rules(rule_set)
    rng = np.random.default_rng(7)
    shoes = np.array([rng.permutation(np.repeat(np.arange(len(RANKS)), 4)) for _ in range(20)])  # one deck each
    cut_card = 10
    history, used = deal_shoes(dealer_for(rules, Shoe.decks(1)), shoes, cut_card)
    for column, shoe in enumerate(shoes.tolist()):
        cards = tuple(RANKS[r] for r in shoe)
        expected, expected_used, dealt = [], [], 0
        while dealt < len(cards) - cut_card:
            game = deal_round(rules, cards[dealt:])
            expected.append(state_code(game.state))
            expected_used.append(game.cards_used)
            dealt += game.cards_used
        got = [c for c in history[:, column].tolist() if c != STATES]
        assert got == expected
        assert [n for n in used[:, column].tolist() if n] == expected_used
        assert all(c == STATES for c in history[len(expected) :, column].tolist())


def test_top_mode_positions_are_distinct_in_every_round() -> None:
    rng = np.random.default_rng(3)
    positions = random_positions(rng, 8, 5000)  # a tiny shoe: most first draws repeat a position
    assert positions.shape == (6, 5000)
    assert all(len(set(column)) == 6 for column in positions.T.tolist())
    assert positions.min() == 0 and positions.max() == 7


def test_top_mode_on_a_tiny_shoe_reproduces_the_exact_distribution() -> None:
    """Chi-square of 200,000 rounds against the enumerator's exact state probabilities, at a fixed seed."""
    rules = read_rules("mini-louisiana")
    shoe = tiny_shoe("low-cards")
    planned = plan(rules, shoe, rounds=200_000, seed=11)
    with open_executor(1) as executor:
        result = run(planned, executor)
    exact = dict(planned.exact_counts)
    assert {c for c, n in enumerate(result.tally.states) if n} <= set(exact)
    chi_square = sum(
        (result.tally.states[c] - 200_000 * n / shoe.denominator) ** 2 / (200_000 * n / shoe.denominator)
        for c, n in exact.items()
    )
    degrees = len(exact) - 1
    assert chi_square < degrees + 4 * math.sqrt(2 * degrees), (chi_square, degrees)
    assert result.passed


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_exact_figures_are_the_analyzers(rule_set: str) -> None:
    rules = read_rules(rule_set)
    planned = plan(rules, Shoe.decks(8), rounds=1, seed=0, wagers=[w.name for w in rules.wagers])
    with open_executor(1) as executor:
        checks = {c.statistic.wager.name: c for c in run(planned, executor).checks}
    for sheet in par_sheets(rules, Shoe.decks(8)):
        check = checks[sheet.wager.name]
        if sheet.wager.has_pay_table:
            assert check.statistic.kind == "return" and check.exact == sheet.expected_value
            assert check.exact_standard_deviation == pytest.approx(sheet.standard_deviation, rel=1e-12)
        else:
            assert check.statistic.kind == "frequency" and check.exact == sheet.unpaid_probability


def test_a_fixed_seed_passes_every_verdict_in_both_modes() -> None:
    rules = read_rules("live-pittsburgh")
    with open_executor(1) as executor:
        top = run(plan(rules, Shoe.decks(8), rounds=300_000, seed=1), executor)
        shoe = run(plan(rules, Shoe.decks(8), rounds=300_000, seed=1, mode="shoe"), executor)
    assert top.passed and top.tally.rounds == 300_000
    assert shoe.passed and shoe.tally.shoes == math.ceil(300_000 * shoe.plan.cards_per_round / (416 - 14))
    assert 0.98 < shoe.tally.rounds / 300_000 < 1.02
    assert [c.statistic.wager.name for c in top.checks] == [
        "player",
        "banker",
        "tie",
        "dragon-bonus-player",
        "dragon-bonus-banker",
    ]


def test_shoe_standard_error_is_the_ratio_estimators_over_shoes() -> None:
    """Three shoes with known rounds X and sums Y: Var = n/(n-1) * sum (Y - mean X)^2 / (sum X)^2."""
    rounds, sums = [80, 82, 81], [-3, 5, 1]  # one statistic in units of 1/2
    mean = Fraction(sum(sums), sum(rounds))
    tally = ChunkTally(
        rounds=sum(rounds),
        states=(0,) * STATES,
        shoes=3,
        shoe_rounds_squared=sum(x * x for x in rounds),
        shoe_moments=((sum(y * y for y in sums), sum(x * y for x, y in zip(rounds, sums))),),
    )
    expected = math.sqrt(1.5 * sum((y - mean * x) ** 2 for x, y in zip(rounds, sums)) / sum(rounds) ** 2) / 2
    assert simulate._shoe_standard_error(tally, 0, mean / 2, 2) == pytest.approx(expected, rel=1e-12)


def _tally(
    mode: str, executor_args: dict[str, object], monkeypatch: pytest.MonkeyPatch, seed: int = 2026
) -> ChunkTally:
    monkeypatch.setattr(simulate, "CHUNK_ROUNDS", 40_000)
    monkeypatch.setattr(simulate, "CHUNK_SHOES", 300)
    planned = plan(read_rules("dactylus"), Shoe.decks(8), rounds=100_000, seed=seed, mode=mode)  # type: ignore[arg-type]
    assert len(planned.tasks) > 2
    with open_executor(**executor_args) as executor:  # type: ignore[arg-type]
        return run(planned, executor).tally


@pytest.mark.parametrize("mode", ["top", "shoe"])
def test_one_worker_and_two_give_identical_results(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    one = _tally(mode, {"workers": 1}, monkeypatch)
    two = _tally(mode, {"workers": 2}, monkeypatch)
    assert one == two
    assert one != _tally(mode, {"workers": 1}, monkeypatch, seed=2027)


def test_a_dask_local_cluster_gives_the_local_pools_results(monkeypatch: pytest.MonkeyPatch) -> None:
    from dask.distributed import LocalCluster  # a test dependency: this test must run, not skip

    local = [_tally(mode, {"workers": 2}, monkeypatch) for mode in ("top", "shoe")]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        dask = [_tally(mode, {"scheduler": cluster.scheduler_address}, monkeypatch) for mode in ("top", "shoe")]
    assert dask == local


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mode": "shoe", "cut_card": 4}, "The cut card must be between 5 and 415"),
        ({"mode": "shoe", "cut_card": 416}, "The cut card must be between 5 and 415"),
        ({"mode": "river"}, "Mode 'river' is unknown"),
        ({"rounds": 0}, "at least 1"),
        ({"seed": -1}, "The seed must be"),
        ({"wagers": ["lucky-6"]}, "Unknown wager 'lucky-6'"),
    ],
)
def test_bad_plans_are_refused(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"rounds": 10, "seed": 1, **kwargs}
    with pytest.raises(InputError, match=message):
        plan(read_rules("punto-banco"), Shoe.decks(8), **arguments)  # type: ignore[arg-type]


def test_a_trillion_rounds_are_planned_in_no_time_and_no_memory() -> None:
    """Chunks are made as they are asked for: the plan holds a template, not a million tasks."""
    import time

    started = time.monotonic()
    planned = plan(read_rules("punto-banco"), Shoe.decks(8), rounds=10**12 + 7, seed=1)
    assert time.monotonic() - started < 1
    assert planned.chunks == 10**6 + 1 and planned.tasks[-1].size == 7 and planned.tasks[10**6 - 1].chunk == 10**6 - 1
    assert [t.chunk for t in planned.tasks[:3]] == [0, 1, 2]
