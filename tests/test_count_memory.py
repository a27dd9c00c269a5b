"""count at any deck count it accepts, in bounded memory (issue 30, item 2).

A study's tables by count and by depth hold one entry per (key, unseen cards U) a round reached, never a dense
grid of every key by every U (at 1,000 decks 13,002 depths by 52,001 U: 676 million entries, a MemoryError even
with 12 GiB); the factors ``L // (U)_6`` that bring each round's expected value over the study's common
denominator are made as they are asked for, never tabled for every U (521 MB at 1,000 decks).
"""

from __future__ import annotations

import math
import os
import resource
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from analyzer.studies.chunk import RoundsByKey
from analyzer.studies.dealings import common_dealings, dealing_factor

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
