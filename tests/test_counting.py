"""The counting study: the shoe procedure as the documents' dealer deals it, exact EVs of unseen cards,
reproducibility."""

from __future__ import annotations

import json
from collections import Counter as Multiset
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from numpy.random import SeedSequence

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.cards import RANKS, TYPES, VALUES
from analyzer.game.round import dealt_round
from analyzer.game.rulefile import read_rules
from analyzer.game.settle import settle, settle_round
from analyzer.game.shoe import Shoe
from analyzer.play.dealer import deal_shoes, dealer_for
from analyzer.play.engine import deal_round
from analyzer.play.executor import open_executor
from analyzer.studies.counting import (
    _rounds,
    play_shoes,
    run,
)
from analyzer.studies.plan import Counter, Procedure, Study, WagerPlan, parse_tags, parse_threshold


def _study(**changes: object) -> Study:
    rules = read_rules("live-pittsburgh")
    settings: dict[str, object] = {
        "rules": rules,
        "wagers": (WagerPlan("dragon-bonus-player"), WagerPlan("banker")),
        "shoes": 25,
        "decks": 2,
        "play": "perfect",
        "seed": 7,
    }
    settings.update(changes)
    return Study(**settings)  # type: ignore[arg-type]


def _engine_rounds(
    rules_name: str, cards: tuple[str, ...], procedure: Procedure
) -> list[tuple[int, tuple[str, ...], object]]:
    """The round engine dealing a shoe by the procedure, written from the README's words: (first card, seen cards,
    game)."""
    rules = read_rules(rules_name)
    if procedure.burn == "standard":
        value = VALUES[RANKS.index(cards[0][0])]  # a card may name its suit (KH)
        at, seen = 1 + (value or 10), [cards[0]]
    else:
        at, seen = (0 if procedure.burn == "none" else int(procedure.burn)), []
    rounds, extra = [], procedure.extra_rounds
    while at < len(cards) - procedure.cut_card or extra:
        if at >= len(cards) - procedure.cut_card:
            extra -= 1
        game = deal_round(rules, cards[at:])
        rounds.append((at, tuple(seen), game))
        seen += cards[at : at + game.cards_used]
        at += game.cards_used
    return rounds


@pytest.mark.parametrize(
    "procedure", [Procedure(), Procedure(burn="none", cut_card=10, last_round="cut"), Procedure(burn=3, cut_card=12)]
)
@pytest.mark.parametrize("rules_name", ["punto-banco", "mini-louisiana"])
def test_shoes_are_dealt_and_seen_as_the_procedure_says(rules_name: str, procedure: Procedure) -> None:
    """Burned cards are unseen, the shown card is seen, the last round follows --last-round; card for card with the
    engine."""
    rules = read_rules(rules_name)
    rng = np.random.default_rng(11)
    shoes = np.array([rng.permutation(np.repeat(np.arange(len(RANKS), dtype=np.int8), 4)) for _ in range(12)])
    start, shown = procedure.first_round(shoes)
    codes, used = deal_shoes(dealer_for(rules, Shoe.decks(1)), shoes, procedure.cut_card, start, procedure.extra_rounds)
    rounds = _rounds(shoes, shoes, codes, used, start, shown, np.array(Shoe.decks(1).counts))
    k = 0
    for i, shoe in enumerate(shoes.tolist()):
        cards = tuple(RANKS[r] for r in shoe)
        for number, (_, seen, game) in enumerate(_engine_rounds(rules_name, cards, procedure), start=1):
            assert (rounds.shoe[k], rounds.number[k]) == (i, number)
            tally = Multiset(seen)
            assert rounds.seen[k].tolist() == [tally[r] for r in RANKS]
            assert rounds.unseen[k].sum() == 52 - len(seen)
            from analyzer.play.dealer import code_state

            assert code_state(int(rounds.codes[k])) == game.state  # type: ignore[attr-defined]
            k += 1
    assert k == len(rounds.shoe) > 0


@pytest.mark.slow
def test_the_counter_evaluates_every_round_exactly_on_the_unseen_cards() -> None:
    """The fast path, in the study, against the par sheets' Fractions of the unseen composition; bets as the play
    says."""
    study = _study(decks=1, shoes=2, procedure=Procedure(cut_card=12))
    chunk = play_shoes((study, SeedSequence(5).spawn(2)))
    shoes = np.array(
        [
            np.random.default_rng(s).permutation(np.repeat(np.arange(13, dtype=np.int8), 4))
            for s in SeedSequence(5).spawn(2)
        ]
    )
    start, shown = study.procedure.first_round(shoes)
    codes, used = deal_shoes(dealer_for(study.rules, Shoe.decks(1)), shoes, 12, start, 1)
    rounds = _rounds(shoes, shoes, codes, used, start, shown, np.array(Shoe.decks(1).counts))
    expected = [Fraction(0)] * 2
    won = [Fraction(0)] * 2
    bets = [0, 0]
    for k in range(len(rounds.shoe)):
        sheets = par_sheets(study.rules, Shoe(counts=tuple(int(c) for c in rounds.unseen[k])), study.names)
        from analyzer.play.dealer import code_state

        state = code_state(int(rounds.codes[k]))
        for j, sheet in enumerate(sheets):
            if sheet.expected_value > 0:  # type: ignore[operator]
                bets[j] += 1
                expected[j] += sheet.expected_value  # type: ignore[operator]
                won[j] += settle(study.rules.wager(study.names[j]), state).pays  # type: ignore[union-attr,operator]
    from analyzer.studies.tally import Tally

    tally = Tally.merge(study, [chunk])
    assert [tally.line(j).bets for j in range(2)] == bets
    assert [tally.expected(j) for j in range(2)] == expected
    assert [tally.won(j) for j in range(2)] == won
    assert tally.expected(2) == sum(expected) and tally.won(2) == sum(won) and tally.line(2).bets == sum(bets)


@pytest.mark.slow
def test_a_threshold_beyond_what_small_tags_reach_is_kept_exactly() -> None:
    """A running count of +1 tags reaches 300 late in an 8-deck shoe: bets start exactly there, not at a clipped 209."""
    counter = Counter((1,) * 13, Fraction(300), "running")
    study = _study(decks=8, shoes=2, play="count", wagers=(WagerPlan("banker", counter),))
    seeds = SeedSequence(5).spawn(2)
    chunk = play_shoes((study, seeds))
    shoes = np.array([np.random.default_rng(s).permutation(np.repeat(np.arange(13, dtype=np.int8), 32)) for s in seeds])
    start, shown = study.procedure.first_round(shoes)
    codes, used = deal_shoes(dealer_for(study.rules, Shoe.decks(8)), shoes, 14, start, 1)
    rounds = _rounds(shoes, shoes, codes, used, start, shown, np.array(Shoe.decks(8).counts))
    from analyzer.studies.tally import Tally

    assert Tally.merge(study, [chunk]).line(0).bets == int((rounds.seen.sum(axis=1) >= 300).sum()) > 0


def test_a_wager_that_reads_suits_is_counted_on_the_unseen_card_types() -> None:
    """Colour Match reads the colours of the first four cards: the study deals card types; every round's exact EV is
    the par sheet's of the unseen types, and what it won the round engine's settlement of the same cards."""
    rules = read_rules("suits")
    always = Counter((0,) * 13, Fraction(0))  # bets every round: every round's exact EV is summed
    study = Study(
        rules=rules,
        wagers=(WagerPlan("colour-match", always), WagerPlan("banker", always)),
        shoes=2,
        decks=1,
        play="count",
        seed=0,
        procedure=Procedure(cut_card=14),
    )
    seeds = SeedSequence(5).spawn(2)
    chunk = play_shoes((study, seeds))
    expected, won, bets = [Fraction(0)] * 2, [Fraction(0)] * 2, [0, 0]
    for seed in seeds:
        order = np.random.default_rng(seed).permutation(np.arange(len(TYPES), dtype=np.int8))
        cards = tuple(TYPES[t] for t in order.tolist())
        for _, seen, game in _engine_rounds("suits", cards, study.procedure):
            sheets = par_sheets(rules, Shoe.decks(1).remove(seen), study.names)
            played = dealt_round(game.player.cards, game.banker.cards)  # type: ignore[attr-defined]
            for j, sheet in enumerate(sheets):
                bets[j] += 1
                expected[j] += sheet.expected_value  # type: ignore[operator]
                won[j] += settle_round(rules.wager(study.names[j]), played).pays  # type: ignore[union-attr,operator]
    from analyzer.studies.tally import Tally

    tally = Tally.merge(study, [chunk])
    assert won[0] != 0 and [tally.line(j).bets for j in range(2)] == bets
    assert [tally.expected(j) for j in range(2)] == expected
    assert [tally.won(j) for j in range(2)] == won


def test_same_figures_for_one_and_two_workers() -> None:
    study = _study()
    with open_executor(workers=1) as one:
        first = run(study, one)
    with open_executor(workers=2) as two:
        second = run(study, two)
    assert first.moments == second.moments and first.squares == second.squares and first.shoe_count == 25
    for j in range(2):
        assert first.count_rows(j) == second.count_rows(j) and first.depth_rows(j) == second.depth_rows(j)


def test_a_dask_cluster_reports_what_local_workers_report() -> None:
    """The JSON report, byte for byte but the executor's name and the command line, from one local worker and Dask."""
    from dask.distributed import LocalCluster  # a test dependency: this test must run, not skip

    args = [
        "count",
        "--rules",
        "dactylus",
        "--wager",
        "player-pair",
        "--wager",
        "banker",
        "--shoes",
        "45",
        "--decks",
        "2",
        "--play",
        "count",
        "--tags",
        "player-pair:1 1 1 1 1 1 1 1 1 -3 -3 -3 0",
        "--threshold",
        "player-pair:2",
        "--seed",
        "4",
        "--format",
        "json",
    ]
    code, local, _ = run_cli(*args, "--workers", "1")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        code_dask, dask, _ = run_cli(*args, "--scheduler", cluster.scheduler_address)
    assert code == code_dask == 0
    one, other = json.loads(local), json.loads(dask)
    assert one.pop("executor") == "local, 1 worker" and other.pop("executor").startswith("Dask")
    assert one.pop("provenance")["command"] != other.pop("provenance")["command"]  # each names its own command line
    assert one == other and one["wagers"][0]["by_count"]


def test_count_play_bets_by_the_threshold_on_the_true_or_running_count() -> None:
    zero = (0,) * 13
    with open_executor(workers=1) as executor:
        always = run(_study(play="count", wagers=(WagerPlan("banker", Counter(zero, Fraction(0))),)), executor)
        never = run(
            _study(play="count", wagers=(WagerPlan("banker", Counter(zero, Fraction(1), "running")),)), executor
        )
    assert always.line(0).bets == always.line(0).rounds and never.line(0).bets == 0 and never.won(0) == 0
    assert sum(line.rounds for _, line, _ in always.count_rows(0)) == always.line(0).rounds


def test_an_unbalanced_count_has_only_a_running_count() -> None:
    with pytest.raises(InputError, match="no true count"):
        Counter((1,) * 13, Fraction(2), "true")
    assert Counter((1,) * 13, Fraction(2), "running").balanced is False


def test_parsers_are_strict() -> None:
    assert parse_tags("A=1, 2=1, 3=1, 4=1, 5=0, 6=0, 7=0, 8=0, 9=0, T=-1, J=-1, Q=-1, K=-1")[9:] == (-1,) * 4
    assert parse_threshold("-1.5") == Fraction(-3, 2)
    for bad in ("1 2 3", "A=1", "A=x," * 13, "A=1,A=1"):
        with pytest.raises(InputError):
            parse_tags(bad)
    with pytest.raises(InputError, match="not a number"):
        parse_threshold("1/0")


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_the_issue_command_reports_both_pairs_and_keeps_the_totals_keys(tmp_path: Path) -> None:
    per_shoe = tmp_path / "shoes.csv"
    code, out, err = run_cli(
        "count",
        "--rules",
        "dactylus",
        "--wager",
        "player-pair",
        "--wager",
        "banker-pair",
        "--burn",
        "standard",
        "--cut-card",
        "14",
        "--shoes",
        "30",
        "--format",
        "json",
        "--per-shoe",
        str(per_shoe),
    )
    assert code == 0, err
    report = json.loads(out)
    for key in (
        "rounds",
        "positive_rounds",
        "bets",
        "units_won",
        "units_expected",
        "units_won_per_shoe",
        "units_won_per_100_rounds",
        "units_expected_per_shoe",
        "units_expected_per_100_rounds",
    ):
        assert key in report
    assert set(report["units_expected_per_shoe"]) == {"mean", "ci95"}
    assert [w["wager"] for w in report["wagers"]] == ["player-pair", "banker-pair"]
    assert report["bets"] == sum(w["bets"] for w in report["wagers"])
    assert Fraction(report["units_expected"]) == sum(Fraction(w["units_expected"]) for w in report["wagers"])
    assert report["procedure"]["last_round"] == "one-more" and report["procedure"]["burn"] == "standard"
    lines = per_shoe.read_text().splitlines()
    assert len(lines) == 31 and lines[0].startswith("shoe,rounds,player-pair_positive")


def test_count_command_table_with_a_count() -> None:
    code, out, _ = run_cli(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "5",
        "--decks",
        "2",
        "--play",
        "count",
    )
    assert code == 0
    assert "By true count" in out and "desirability index" in out and "By depth" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wager", "player-pair", "--play", "count"], "no linear count follows it"),
        (["--wager", "banker", "--threshold", "2"], "applies to --play count only"),
        (["--wager", "banker", "--play", "count", "--tags", "A=1"], "gives no tag for"),
        (["--wager", "banker", "--cut-card", "2"], "--cut-card 2 is outside"),
        (["--wager", "banker", "--cut-card", "8"], "--cut-card 8 is outside"),
        (["--wager", "banker", "--burn", "some"], "--burn 'some' is not"),
        (["--wager", "big-win-bonus-player"], "has no pay table"),
        (["--wager", "banker", "--play", "count", "--threshold", "high"], "not a number"),
        (
            ["--wager", "banker", "--play", "count", "--tags", "tie:0 0 0 0 0 0 0 0 0 0 0 0 0"],
            "not one of the study's wagers",
        ),
        (
            ["--wager", "banker", "--play", "count", "--tags", "1 1 1 1 1 1 1 1 1 1 1 1 1", "--threshold-on", "true"],
            "no true count",
        ),
        (["--wager", "banker", "--wager", "banker"], "more than once"),
        (["--wager", "banker", "--per-shoe", "/nonexistent-folder/shoes.csv"], "cannot be written"),
        (["--wager", "banker", "--per-shoe", "shoes.txt"], "must end in .csv or .json"),
    ],
)
def test_count_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run_cli(
        "count",
        "--rules",
        "dactylus" if "player-pair" in args else "mini-louisiana" if "big-win-bonus-player" in args else "punto-banco",
        *args,
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


@pytest.mark.slow
def test_the_plot_is_drawn_from_the_documents(tmp_path: Path) -> None:
    """--plot writes a PNG (matplotlib, a test dependency: this test must run, not skip); a bad name is refused
    first."""
    target = tmp_path / "study.png"
    code, _, err = run_cli(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "20",
        "--decks",
        "2",
        "--plot",
        str(target),
    )
    assert code == 0, err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = run_cli(
        "count", "--rules", "live-pittsburgh", "--wager", "banker", "--plot", str(tmp_path / "a.gif")
    )
    assert code == 2 and out == "" and "must end in .png, .svg, .pdf" in err


@pytest.mark.slow
def test_counting_without_a_plot_imports_no_matplotlib() -> None:
    import subprocess
    import sys

    program = (
        "import sys; from click.testing import CliRunner; from analyzer.cli import cli; "
        "r = CliRunner().invoke(cli, ['count', '--rules', 'punto-banco', '--wager', 'banker', '--shoes', '2', "
        "'--decks', '1']); "
        "print(r.exit_code, 'matplotlib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "False"]


def test_the_tables_by_count_and_depth_read_the_same_from_one_chunk_as_from_two() -> None:
    """A chunk's own tables are sparse; a study of a single chunk (up to 20 shoes) used to read them as dense, printing
    average exact EVs of millions of percent. Four shoes dealt as one chunk or as two give the same rows, and the
    depth table's average EV over every round is that of the rounds' exact EVs (between the tie's extremes)."""
    from analyzer.studies.counting import play_chunk
    from analyzer.studies.tally import Tally

    rules = read_rules("punto-banco")
    study = Study(
        rules=rules,
        wagers=(WagerPlan("tie", Counter(tags=(0,) * 13, threshold=Fraction(0))),),
        shoes=4,
        decks=1,
        play="perfect",
        seed=1,
    )
    one = Tally.merge(study, [play_chunk((study, 0, 4))])
    two = Tally.merge(study, [play_chunk((study, 0, 2)), play_chunk((study, 2, 2))])
    assert one.count_rows(0) == two.count_rows(0) and one.depth_rows(0) == two.depth_rows(0)
    ((_, line, average),) = one.depth_rows(0)
    assert line.rounds == 31 and Fraction(-1) < average < Fraction(1)
