"""Bankroll paths (issue 20, item 5): the quantiles of runs of the study's shoes, and ``count --bankroll-plot``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from numpy.random import SeedSequence

from analyzer.errors import InputError
from analyzer.game.rulefile import read_rules
from analyzer.studies.chunk import Chunk, Line
from analyzer.studies.counting import play_shoes
from analyzer.studies.paths import Paths, bankroll_paths
from analyzer.studies.plan import Study, WagerPlan
from analyzer.studies.tally import Tally

from .clirun import assert_refused, run

ROUNDS = (81, 79, 82, 80, 78, 83, 80, 81, 79, 80, 82, 77, 81, 80, 79, 84, 80, 81, 78, 82)
"""The rounds of twenty constructed shoes."""


def _constructed(bankroll: Fraction | None = None, paths: int = 10) -> tuple[Tally, Paths]:
    """Twenty shoes (nothing dealt) whose rounds net +1 unit each on the even paths (of 2 shoes) and -1 on the odd."""
    study = Study(
        rules=read_rules("punto-banco"), wagers=(WagerPlan("banker"),), shoes=20, decks=8, play="perfect", seed=1
    )
    tally = Tally.empty(study, keep_shoes=True, keep_rounds=True)
    scale = tally.scale(0)
    signs = [1 if (shoe // (20 // paths)) % 2 == 0 else -1 for shoe in range(20)]
    nets = np.array([sign * scale for sign, rounds in zip(signs, ROUNDS) for _ in range(rounds)], dtype=np.int64)
    lines = tuple(
        (Line(rounds, won=sign * rounds * scale), Line(rounds, won=sign * rounds * scale))
        for sign, rounds in zip(signs, ROUNDS)
    )
    chunk = Chunk(
        shoes=lines,
        squares=(len(nets) * scale**2,) * 2,
        by_count=(None,),
        by_depth=(None,),  # type: ignore[arg-type]
        nets=np.stack([nets, nets], axis=1),
    )
    tally = tally.add(chunk)
    return tally, bankroll_paths(tally, 0, paths, bankroll, points=1000)


def test_the_quantiles_of_constructed_paths_are_their_order_statistics() -> None:
    """Five paths at +n and five at -n after n rounds: 5% and 25% at -n, the median 0, 75% and 95% at +n."""
    _, found = _constructed()
    assert found.paths == 10 and found.shoes_per_path == 2 and found.expected_per_round == 0
    assert found.length == min(ROUNDS[2 * p] + ROUNDS[2 * p + 1] for p in range(10)) == 159
    assert found.rounds == tuple(range(160))
    for i, n in enumerate(found.rounds):
        assert [q[i] for q in found.quantiles] == [-n, -n, 0, n, n]


def test_a_path_is_ruined_when_it_reaches_minus_the_bankroll() -> None:
    """Over the 159 rounds compared, the five losing paths fall to -159: a bankroll of 159 units is lost (reaching
    it is losing it), one of 159.5 is not."""
    assert _constructed(Fraction(5))[1].ruined == 5 and _constructed(Fraction(159))[1].ruined == 5
    assert _constructed(Fraction(319, 2))[1].ruined == 0 and _constructed()[1].ruined is None


def test_paths_take_the_study_s_own_rounds_in_shoe_order() -> None:
    """Dealt: every round's net result is kept in shoe order (each shoe's add up to what it won), and each path's
    cumulative result after the rounds compared is its own rounds' exact sum, the quantiles interpolating them."""
    study = Study(
        rules=read_rules("live-pittsburgh"),
        wagers=(WagerPlan("dragon-bonus-player"), WagerPlan("banker")),
        shoes=6,
        decks=2,
        play="perfect",
        seed=2,
    )
    tally = Tally.merge(study, [play_shoes((study, SeedSequence(2).spawn(6)))])
    assert tally.nets is not None and tally.shoes is not None
    nets = np.concatenate(tally.nets)
    ends = np.cumsum([0] + [row[0].rounds for row in tally.shoes])
    for shoe, row in enumerate(tally.shoes):
        assert [int(x) for x in nets[ends[shoe] : ends[shoe + 1]].sum(axis=0)] == [line.won for line in row]
    found = bankroll_paths(tally, 2, 3)  # the total column
    last = sorted(
        Fraction(int(nets[ends[2 * p] : ends[2 * p] + found.length, 2].sum()), tally.scale(2)) for p in range(3)
    )
    assert [q[-1] for q in found.quantiles] == pytest.approx(
        [
            float(x)
            for x in (
                last[0] + (last[1] - last[0]) / 10,
                last[0] + (last[1] - last[0]) / 2,
                last[1],
                last[1] + (last[2] - last[1]) / 2,
                last[1] + (last[2] - last[1]) * 9 / 10,
            )
        ],
        rel=1e-12,
    )
    assert found.expected_per_round == tally.expected(2) / tally.line(2).rounds and found.column == "total"


@pytest.mark.slow
def test_bankroll_plot_writes_a_picture(tmp_path: Path) -> None:
    picture = tmp_path / "paths.png"
    code, _out, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "20",
        "--spread",
        "1@4,2@6,4@8",
        "--bankroll",
        "100",
        "--bankroll-plot",
        str(picture),
        "--paths",
        "10",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and picture.stat().st_size > 20_000


def test_bankroll_plot_writes_the_quantiles_as_a_table(tmp_path: Path) -> None:
    table = tmp_path / "paths.csv"
    code, _, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "20",
        "--bankroll-plot",
        str(table),
        "--paths",
        "4",
        "--workers",
        "1",
    )
    assert code == 0, err
    lines = table.read_text().splitlines()
    assert lines[0].startswith("rounds,expected,q05,q25,q50,q75,q95,") and lines[1].startswith("0,0.0000,0.0,0.0,0.0,")
    assert len(lines) == 1 + 200  # 200 round counts, from 0 to the shortest path's 5 shoes


@pytest.mark.parametrize(
    "args, message",
    [
        (["--paths", "10"], "--paths goes with --bankroll-plot"),
        (["--bankroll-plot", "p.txt"], "--bankroll-plot 'p.txt' must end in .png, .svg, .pdf, .csv, .json."),
        (["--bankroll-plot", "p.png", "--paths", "6"], "--paths must be from 2 to the shoes dealt (5), got 6"),
    ],
)
def test_bad_path_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "5", *args], message)


def test_paths_need_two_paths_of_a_shoe_each() -> None:
    from analyzer.studies.paths import check_paths

    with pytest.raises(InputError, match="--paths must be from 2 to the shoes dealt"):
        check_paths(1, 10)
