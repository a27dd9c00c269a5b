"""The laws a counting study tallies for its exact risk (issue 27, item 4): each round's law is the reference
enumerator's law of its unseen cards, the total's the joint law of its bets; each shoe's law is the convolution of
its rounds'; the same for any number of workers; a wager without a law says why."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from numpy.random import SeedSequence

from analyzer.exact.enumerator import enumerate_deals
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.settle import settle
from analyzer.game.shoe import Shoe
from analyzer.play.executor import open_executor
from analyzer.studies.chunk import Chunk
from analyzer.studies.counting import _numerators, deal_chunk, run
from analyzer.studies.dealings import common_dealings
from analyzer.studies.laws import ColumnLaws
from analyzer.studies.plan import Rounds, Study, WagerPlan

from .clirun import run as run_cli
from .test_json_schemas import _check


def _study(names: tuple[str, ...], shoes: int, decks: int = 8) -> Study:
    return Study(
        rules=read_rules("ez-baccarat"),
        wagers=tuple(WagerPlan(n) for n in names),
        shoes=shoes,
        decks=decks,
        play="perfect",
        seed=5,
    )


def _convolved(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@pytest.mark.slow
def test_each_rounds_law_is_the_enumerators_law_of_its_unseen_cards() -> None:
    """Dragon 7 and Panda 8, perfect play, three one-deck shoes: for every round a wager is bet, the reference
    enumerator counts the unseen cards' dealings by final state and each wager settles them; the study's tally is
    their sum over the rounds (a round without a bet nets 0), exactly, for each wager and for the two together (a
    joint law: the two never win in one round). Each shoe's law is its bet rounds' laws convolved: the floats are
    within their bound."""
    count = 3
    study = _study(("dragon-7", "panda-8"), count, decks=1)
    seeds = [SeedSequence(study.seed, spawn_key=(i,)) for i in range(count)]
    rounds, results = deal_chunk(study, seeds)
    numerators = _numerators(study, rounds.unseen)
    chunk = Chunk.of(study, count, rounds, numerators, results)
    _assert_the_enumerators_laws(study, rounds, (numerators > 0).astype(np.int64), chunk.laws, count)


@pytest.mark.slow
def test_rounds_bet_on_the_pair_flags_alone_have_the_enumerators_laws() -> None:
    """Player Pair and Banker Pair read the pair flags alone: a round where only they are bet is counted by pair flags
    (no ending told apart), a round with the Player bet beside them by final state with the flags told apart, one
    with the Player bet alone by final state without them. Each column's laws are the enumerator's."""
    from analyzer.studies.laws import chunk_laws

    count = 2
    study = _study(("player-pair", "banker-pair", "player"), count, decks=1)
    seeds = [SeedSequence(study.seed, spawn_key=(i,)) for i in range(count)]
    rounds, _ = deal_chunk(study, seeds)
    kind = np.arange(len(rounds.shoe)) % 4  # the pairs alone (two units on the Banker's), both, the Player, none
    stakes = np.stack([np.isin(kind, (0, 1)), np.where(kind == 0, 2, 0), np.isin(kind, (1, 2))], axis=1)
    laws = chunk_laws(study, rounds, list(stakes.T.astype(np.int64)), common_dealings(study.cards), count)
    _assert_the_enumerators_laws(study, rounds, stakes.astype(np.int64), laws, count)


def _assert_the_enumerators_laws(
    study: Study, rounds: Rounds, stakes: np.ndarray, tallied_laws: Sequence[object], count: int
) -> None:
    """The tallied laws (a wager's, then the total's) are those the reference enumerator gives the rounds' unseen
    cards with these stakes (a row per round, a column per wager; whole-unit pays): each round's exactly, each
    shoe's within its bound."""
    rules = study.rules
    wagers = [rules.wager(n) for n in study.names]
    columns = len(wagers) + 1
    laws: list[dict[int, Fraction]] = [{} for _ in range(columns)]
    shoes: list[list[dict[int, Fraction]]] = [[{0: Fraction(1)} for _ in range(count)] for _ in range(columns)]
    bets = 0
    for r in range(len(rounds.shoe)):
        round_stakes = [int(stakes[r, j]) for j in range(len(wagers))]
        if not any(round_stakes):
            for law in laws:
                law[0] = law.get(0, Fraction(0)) + 1
            continue
        bets += 1
        unseen = Shoe(counts=tuple(int(n) for n in rounds.unseen[r][: len(RANKS)]))
        dealt = enumerate_deals(unseen, rules.drawing)
        rounds_law: list[dict[int, Fraction]] = [{} for _ in range(columns)]
        for state, n in dealt.counts.items():
            nets = []
            for wager, stake in zip(wagers, round_stakes):
                row = settle(wager, state)
                nets.append(stake * int(0 if row is None or row.pays is None else row.pays))
            for j, net in enumerate([*nets, sum(nets)]):
                rounds_law[j][net] = rounds_law[j].get(net, Fraction(0)) + Fraction(n, dealt.denominator)
        for j in range(columns):
            if j < len(wagers) and not round_stakes[j]:
                rounds_law[j] = {0: Fraction(1)}
            for net, p in rounds_law[j].items():
                laws[j][net] = laws[j].get(net, Fraction(0)) + p
            shoe = int(rounds.shoe[r])
            shoes[j][shoe] = _convolved(shoes[j][shoe], rounds_law[j])
    assert bets > 0
    common = common_dealings(study.cards)
    for j in range(columns):
        tallied = tallied_laws[j]
        assert isinstance(tallied, ColumnLaws)
        found = {v: Fraction(w, tallied.rounds * common) for v, w in tallied.weights.items() if w}
        assert found == {v: p / len(rounds.shoe) for v, p in laws[j].items() if p}, j
        law = tallied.shoe_law(1, Fraction(0))
        assert law is not None
        for i, p in enumerate(law.probabilities):
            exact = sum((shoe.get(law.low + i, Fraction(0)) for shoe in shoes[j]), Fraction(0)) / count
            assert abs(p - exact) <= law.error * exact + law.missing, (j, law.low + i)


@pytest.mark.slow
def test_the_laws_are_the_same_for_any_number_of_workers() -> None:
    study = _study(("dragon-7",), 40)
    with open_executor(1) as one, open_executor(2) as two:
        a, b = run(study, one), run(study, two)
    assert a.laws[0] is not None and b.laws[0] is not None
    assert a.laws[0].weights == b.laws[0].weights
    assert np.array_equal(a.laws[0].shoe_sum, b.laws[0].shoe_sum) and a.laws[0].shoe_low == b.laws[0].shoe_low
    round_law = a.round_law(0)
    assert round_law is not None and round_law.mean == a.expected(0) / a.line(0).rounds  # units expected, exactly
    shoe_law = a.shoe_law(0)
    assert shoe_law is not None
    cells = np.arange(shoe_law.low, shoe_law.high + 1)
    assert float(shoe_law.probabilities @ cells) == pytest.approx(float(a.expected(0) / a.shoe_count), rel=1e-12)
    assert math.fsum(shoe_law.probabilities) == pytest.approx(1, abs=1e-12)


@pytest.mark.slow
def test_a_wager_without_a_law_says_why() -> None:
    """Colour Match reads the cards' colours: no exact law of its result is tallied; the Player bet beside it has one,
    the total has none."""
    code, out, err = run_cli(
        "count",
        "--rules",
        "suits",
        "--wager",
        "colour-match",
        "--wager",
        "player",
        "--shoes",
        "4",
        "--workers",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err
    document = json.loads(out)
    _check("count", document)  # what its schema says, a column without a law too
    risk = {column["wager"]: column for column in document["risk"]}
    assert not risk["colour-match"]["exact_law"] and "colour-match reads more" in risk["colour-match"]["reason"]
    assert set(risk["colour-match"]["brownian_dealt"]) >= {"score", "lifetime_ruin"}  # the Brownian figures alone
    assert risk["player"]["exact_law"] and "per_round" in risk["player"]
    assert not risk["total"]["exact_law"] and "colour-match has none" in risk["total"]["reason"]


@pytest.mark.slow
def test_a_study_dealt_without_its_laws_has_the_same_figures_and_the_brownian_risk_alone() -> None:
    """--no-exact-risk: the same shoes, the same exact totals; the risk figures are the Brownian ones of the results
    dealt, said so."""
    args = ("count", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "20")
    both = [run_cli(*args, *extra, "--workers", "1", "--format", "json") for extra in ((), ("--no-exact-risk",))]
    (with_laws, without) = (json.loads(out) for _, out, _ in both)
    _check("count", without)
    assert with_laws["units_expected"] == without["units_expected"] and with_laws["rounds"] == without["rounds"]
    (column,) = without["risk"]
    assert not column["exact_law"] and "--no-exact-risk" in column["reason"] and "per_round" not in column
    assert column["brownian_dealt"]["score"] == pytest.approx(without["desirability_index"] ** 2)


def _added(low: int, law: np.ndarray, other_low: int, other: np.ndarray) -> tuple[int, np.ndarray]:
    """Two float sums by cell (each from its own least cell) added into a new array: the plain sum."""
    start = min(low, other_low)
    out = np.zeros(max(low + len(law), other_low + len(other)) - start, dtype=np.float64)
    out[low - start : low - start + len(law)] += law
    out[other_low - start : other_low - start + len(other)] += other
    return start, out


def test_a_shoes_law_convolved_on_its_lattice_is_the_plain_convolution_bit_for_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The total of Banker (at 5% commission: 20 cells a unit) and two wagers paid in whole units: in a shoe without a
    Banker bet every net is a multiple of 20 cells, and the shoe's law is convolved on that lattice; each shoe's law,
    and their sum (added in place, shoe after shoe), are the plain convolution of its rounds' laws, and the plain sum
    of those, cell by cell, to the last bit."""
    from analyzer.studies import laws

    columns: list[tuple[laws.ColumnLaws, Rounds, np.ndarray, Sequence[laws.LawBlock], int]] = []
    plain_column = laws._column

    def recorded(
        rounds: Rounds,
        rows: np.ndarray,
        blocks: Sequence[laws.LawBlock],
        weights: dict[int, int],
        most_cells: int,
        common: int,
        count: int,
    ) -> laws.ColumnLaws:
        found = plain_column(rounds, rows, blocks, weights, most_cells, common, count)
        columns.append((found, rounds, rows, blocks, count))
        return found

    monkeypatch.setattr(laws, "_column", recorded)
    study = Study(
        rules=read_rules("live-pittsburgh"),
        wagers=tuple(WagerPlan(n) for n in ("banker", "player-pair", "dragon-bonus-player")),
        shoes=12,
        decks=8,
        play="perfect",
        seed=3,
    )
    seeds = [SeedSequence(study.seed, spawn_key=(i,)) for i in range(study.shoes)]
    dealt, results = deal_chunk(study, seeds)
    Chunk.of(study, study.shoes, dealt, _numerators(study, dealt.unseen), results)
    lattices = []
    for found, rounds, rows, blocks, count in columns:
        bets = laws.RoundBets.of(rounds.shoe[rows], blocks)
        total: tuple[int, np.ndarray] | None = None
        for shoe in range(count):
            low, law = 0, np.ones(1)
            mine = bets.block[bets.shoe == shoe].tolist(), bets.row[bets.shoe == shoe].tolist()
            for b, row in zip(*mine):
                low += blocks[b].low
                law = laws._convolved(law, blocks[b].offsets, blocks[b].chances[row])
            lattices.append(math.gcd(*(int(np.gcd.reduce(blocks[b].offsets)) for b in mine[0])))
            total = (low, law) if total is None else _added(*total, low, law)
        assert total is not None and found.shoe_sum is not None
        assert found.shoe_low == total[0] and np.array_equal(found.shoe_sum, total[1])
    assert 20 in lattices and 1 in lattices  # shoes convolved on the lattice of 20 cells, and shoes on every cell


@pytest.mark.parametrize("name", ["live-pittsburgh", "ez-baccarat", "mini-louisiana", "dactylus"])
def test_each_wagers_net_by_state_is_what_settling_the_state_pays(name: str) -> None:
    """A wager read from its own side's view is netted from its pay of each view: state by state, what settle pays
    (times its scale; a push 0), with and without the pair flags."""
    from analyzer.exact.batchall import final_state_order
    from analyzer.exact.multiset import scale_of
    from analyzer.studies.laws import has_law
    from analyzer.studies.netstates import net_row

    rules = read_rules(name)
    for wager in (w for w in rules.wagers if w.has_pay_table and has_law(w)):
        for pairs in (False, True):
            rows = [settle(wager, state) for state in final_state_order(rules.drawing, pairs)]
            want = [0 if r is None or r.pays is None else int(r.pays * scale_of(wager)) for r in rows]
            assert net_row(rules, wager.name, pairs).tolist() == want, (wager.name, pairs)


@pytest.mark.parametrize("largest", [1, 20, 400, 2**40])
def test_the_stake_patterns_are_numpys_distinct_rows(largest: int) -> None:
    """Rows read as numbers in one base (or, past 63 bits, sorted as rows): the same patterns in the same order, and
    each round's pattern."""
    from analyzer.studies.laws import _patterns

    rng = np.random.default_rng(largest % 1000)
    for width in (1, 2, 8):
        stakes = rng.integers(0, 3, size=(300, width)) * rng.choice([0, 1, largest], size=(300, width))
        patterns, which = _patterns(stakes)
        want, inverse = np.unique(stakes, axis=0, return_inverse=True)
        assert patterns.tolist() == want.tolist() and which.tolist() == np.asarray(inverse).reshape(-1).tolist()
