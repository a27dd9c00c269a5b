"""`baccarat simulate`: the report, reproducible output for any number of workers, exit status, bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import analyzer.play.simulate as simulate

from .clirun import assert_refused, run


def test_simulate_prints_every_offered_wager_with_its_verdict_and_the_seed() -> None:
    code, out, err = run("simulate", "--rules", "mini-louisiana", "--rounds", "200000", "--seed", "5")
    assert code == 0
    assert "Seed 5: 1 chunk of up to 200,000 rounds" in out and "Mode top: 200,000 rounds" in out
    rows = {
        line.split()[0]: line.split()
        for line in out.splitlines()
        if line.split() and line.split()[-1] in ("PASS", "FAIL")
    }
    assert list(rows) == ["player", "banker", "tie", "big-win-bonus-player", "big-win-bonus-banker"]
    assert rows["big-win-bonus-player"][1] == "*"  # no pay table: a frequency, marked
    assert "All 5 wagers PASS." in out
    assert "million rounds/s" in err


def test_stdout_is_identical_for_one_worker_and_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "CHUNK_ROUNDS", 50_000)
    args = ["simulate", "--rules", "live-pittsburgh", "--rounds", "120000", "--seed", "9"]
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one[0] == two[0] == 0
    # Only the command line in the provenance differs: every figure is the same.
    assert one[1].replace("--workers 1", "--workers 2") == two[1] and "3 chunks of up to 50,000 rounds" in one[1]
    assert "local, 1 worker" in one[2] and "local, 2 workers" in two[2]


_real_run_chunk = simulate.run_chunk


def _run_chunk_killed_once(task: simulate.Task) -> simulate.ChunkTally:
    """run_chunk, but the worker running chunk 1 is killed the first time (marker file in $KILL_MARKER)."""
    import os
    import signal
    from pathlib import Path

    marker = Path(os.environ["KILL_MARKER"])
    if task.chunk == 1 and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return _real_run_chunk(task)


def test_a_killed_worker_s_chunk_is_dealt_again_and_the_report_is_unchanged(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(simulate, "CHUNK_ROUNDS", 50_000)
    args = ["simulate", "--rules", "live-pittsburgh", "--rounds", "200000", "--seed", "9", "--workers", "2"]
    unbroken = run(*args)
    monkeypatch.setenv("KILL_MARKER", str(tmp_path / "killed"))
    monkeypatch.setattr(simulate, "run_chunk", _run_chunk_killed_once)
    broken = run(*args)
    assert (tmp_path / "killed").exists()
    assert broken[0] == unbroken[0] == 0 and broken[1] == unbroken[1]


def test_shoe_mode_json_reports_shoes_and_the_cut_card() -> None:
    code, out, _ = run(
        "simulate",
        "--rules",
        "punto-banco",
        "--rounds",
        "50000",
        "--seed",
        "3",
        "--mode",
        "shoe",
        "--cut-card",
        "16",
        "--format",
        "json",
    )
    assert code == 0
    report = json.loads(out)
    assert report["mode"] == "shoe" and report["cut_card"] == 16 and report["shoes"] == report["chunk_size"]
    assert report["passed"] and [w["wager"] for w in report["wagers"]] == ["player", "banker", "tie"]
    banker = report["wagers"][1]
    # From the published 8-deck counts (Wizard of Odds; Thorp): Banker wins 2,292,252,566,437,888 and Player wins
    # 2,230,518,282,592,256 of 4,998,398,275,503,360 ordered dealings; a Banker win pays 19:20.
    published = (Fraction(19, 20) * 2292252566437888 - 2230518282592256) / 4998398275503360
    assert Fraction(banker["exact"]) == published
    assert set(banker) >= {"observed", "difference", "standard_error", "z", "interval", "verdict"}


def test_a_failed_verdict_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "Z_CRITICAL", 0.0)  # no interval at all: every wager fails
    code, out, _ = run("simulate", "--rules", "punto-banco", "--rounds", "1000", "--seed", "1")
    assert code == 1 and "FAIL: player, banker, tie." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "punto-banco", "--mode", "river"], "'river' is not one of 'top', 'shoe'"),
        (["--rules", "punto-banco", "--mode", "shoe", "--cut-card", "3"], "--cut-card"),
        (["--rules", "punto-banco", "--mode", "shoe", "--cut-card", "500"], "The cut card must be between 5 and 415"),
        (["--rules", "punto-banco", "--rounds", "0"], "--rounds"),
        (["--rules", "punto-banco", "--seed", "-1"], "--seed"),
        (["--rules", "punto-banco", "--wager", "lucky-6"], "Unknown wager 'lucky-6'"),
        (["--rules", "punto-banco", "--cut-card", "20"], "--cut-card is for --mode shoe"),
        (["--rules", "punto-banco", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "give one of the two"),
        (["--rules", "punto-banco", "--workers", "0"], "--workers"),
        (["--rules", "punto-banco", "--remove", "5,X"], "'X' is not a card"),
        (["--rules", "vegas"], "Unknown rule set 'vegas'"),
    ],
)
def test_simulate_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    assert_refused(["simulate", *args], message)
