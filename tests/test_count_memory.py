"""count at any deck count it accepts, in bounded memory (issue 30, item 2).

A study's tables by count and by depth hold one entry per (key, unseen cards U) a round reached, never a dense
grid of every key by every U (at 1,000 decks 13,002 depths by 52,001 U: 676 million entries, a MemoryError even
with 12 GiB); the factors ``L // (U)_6`` that bring each round's expected value over the study's common
denominator are made as they are asked for, never tabled for every U (521 MB at 1,000 decks).
"""

from __future__ import annotations

import json
import math
import os
import resource
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from numpy.random import SeedSequence

from analyzer.game.rulefile import read_rules
from analyzer.studies.chunk import Chunk, RoundsByKey
from analyzer.studies.counting import _numerators, deal_chunk
from analyzer.studies.dealings import common_dealings, dealing_factor
from analyzer.studies.plan import Study, WagerPlan

from .clirun import run as run_cli
from .test_json_schemas import _check

ADDRESS_SPACE = 768 * 2**20
"""The address space a 300-deck study runs in (its peak resident set is about 290 MB, most of it the kernel's tables
built once; the dense tables took 1.5 GB)."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.mark.slow
def test_a_study_of_a_300_deck_shoe_runs_within_768_mib_of_address_space() -> None:
    # a few rounds (the cut card near the front) keep it quick: the dense tables grew with the shoe, not the rounds
    command = [sys.executable, "-m", "analyzer", "count", "--rules", "punto-banco", "--wager", "banker"]
    command += ["--shoes", "1", "--decks", "300", "--cut-card", "15500", "--format", "json"]
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, preexec_fn=_limited, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "MemoryError" not in done.stderr
    assert '"rounds":' in done.stdout


def test_a_table_by_depth_holds_only_the_keys_and_unseen_cards_reached() -> None:
    cards = 5_000  # a dense table would hold 1,252 depths by 5,001 U
    rounds = np.array([1, 2, 2], dtype=np.int64)
    unseen = np.array([4_990, 4_985, 3_000], dtype=np.int64)
    numerators = np.array([7 * math.perm(4_990, 6), -3, 2**70], dtype=object)
    everything = np.ones(3, dtype=bool)
    width = cards // 4 + 2
    first = RoundsByKey.of(1, width, cards, rounds[:2], unseen[:2], everything[:2], *_units(2), numerators[:2])
    second = RoundsByKey.of(1, width, cards, rounds[2:], unseen[2:], everything[2:], *_units(1), numerators[2:])
    merged = RoundsByKey.merge([first, second], cards)
    assert len(merged.index) == 3
    read = {key: average for key, _, average in merged.rows(cards, unit=1)}
    assert read == {
        1: Fraction(7),
        2: (Fraction(-3, math.perm(4_985, 6)) + Fraction(2**70, math.perm(3_000, 6))) / 2,
    }


def test_the_factor_of_each_unseen_count_brings_its_dealings_to_the_common_multiple() -> None:
    cards = 60
    common = common_dealings(cards)
    for unseen in (6, 7, 31, 60):
        assert dealing_factor(cards, unseen) * math.perm(unseen, 6) == common
    assert dealing_factor(cards, 5) == 0


def _units(rounds: int) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    return np.ones(rounds, dtype=np.int64), np.zeros(rounds, dtype=np.int64)


@pytest.mark.slow
def test_the_laws_of_a_shoe_beyond_64_bit_counts_are_tallied_a_slice_of_rounds_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counted in slices of 7 bet rounds with Python-int counts (as beyond int64, where each count takes tens of
    bytes), the laws are those counted all at once: the same weights, the same shoe laws to the last bit."""
    from analyzer.exact import fastcount
    from analyzer.studies import laws

    study = _study(shoes=3)
    seeds = [SeedSequence(study.seed, spawn_key=(i,)) for i in range(3)]
    rounds, results = deal_chunk(study, seeds)
    numerators = _numerators(study, rounds.unseen)
    whole = Chunk.of(study, 3, rounds, numerators, results).laws
    monkeypatch.setattr(fastcount, "counts_fit_int64", lambda largest: False)
    monkeypatch.setattr(laws, "LAW_ROUNDS_PER_SLICE", 7)
    sliced = Chunk.of(study, 3, rounds, numerators, results).laws
    assert len(whole) == 3 and all(column is not None for column in whole)
    for a, b in zip(whole, sliced):
        assert a is not None and b is not None and a.shoe_sum is not None and b.shoe_sum is not None
        assert a.weights == b.weights and (a.shoe_low, a.most_rounds, a.most_cells) == (
            b.shoe_low,
            b.most_rounds,
            b.most_cells,
        )
        assert np.array_equal(a.shoe_sum, b.shoe_sum)


@pytest.mark.slow
def test_a_shoe_law_beyond_its_size_is_left_out_and_the_study_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond :data:`MOST_SHOE_CELLS` the shoe-by-shoe figures are left out, in one line; the figures a round at a
    time are still given."""
    from analyzer.studies import laws

    monkeypatch.setattr(laws, "MOST_SHOE_CELLS", 50)
    code, out, err = run_cli(
        "count", "--rules", "ez-baccarat", "--wager", "banker", "--shoes", "2", "--workers", "1", "--play", "count",
        "--threshold", "-100", "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    _check("count", document)
    (column,) = document["risk"]
    assert column["exact_law"] and "per_round" in column and "per_shoe" not in column
    (line,) = column["per_round"]["refused"]
    assert (
        line.startswith("the shoe-by-shoe figures were left out: a shoe's law would span ") and "beyond the 50" in line
    )


def _study(shoes: int) -> Study:
    return Study(
        rules=read_rules("ez-baccarat"),
        wagers=(WagerPlan("dragon-7"), WagerPlan("panda-8")),
        shoes=shoes,
        decks=1,
        play="perfect",
        seed=5,
    )


def test_a_chunk_whose_lawful_wager_never_bets_on_a_shoe_dealt_by_card_type_has_its_idle_law() -> None:
    """A chunk dealt by card type (a wager reading suits beside) in which the wager with a law never bets: every round
    nets 0 (the laws of such a chunk once ended in 'cannot reshape array of size 0')."""
    from analyzer.studies.laws import chunk_laws

    study = Study(
        rules=read_rules("suits"),
        wagers=(WagerPlan("colour-match"), WagerPlan("player")),
        shoes=1,
        decks=1,
        play="perfect",
        seed=0,
    )
    rounds, _ = deal_chunk(study, [SeedSequence(0, spawn_key=(0,))])
    assert rounds.unseen.shape[1] == 52  # by card type
    idle = [np.zeros(len(rounds.shoe), dtype=np.int64)] * 2
    _, player, _ = chunk_laws(study, rounds, idle, common_dealings(study.cards), 1)
    assert player is not None and player.shoe_sum is not None
    assert player.weights == {0: len(rounds.shoe) * common_dealings(study.cards)} and list(player.shoe_sum) == [1.0]
