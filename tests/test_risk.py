"""Risk computed exactly (issue 27, item 4): the dynamic programs on the bankroll held to the gambler's ruin, to
the root of a long shot's walk, to brute force and to simulated bankroll paths of a 40:1 bet; the Brownian
approximations held to their closed forms (issue 20, item 5); `count`'s risk section."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from analyzer.studies.netlaw import NetLaw
from analyzer.studies.risk import (
    RISK_LEVELS,
    SCORE_RUIN,
    Asked,
    Bankroll,
    _slope_sign,
    brownian,
    figures,
    kelly_bankroll,
)
from analyzer.studies.ruin import before_goal, exit_time_bound, lifetime, lundberg
from analyzer.studies.trip import trip

from .clirun import assert_refused, run


def _coin(p: Fraction) -> NetLaw:
    """One unit won with chance ``p``, else one lost: the gambler's ruin."""
    return NetLaw.of_weights({-1: (1 - p).numerator * p.denominator, 1: p.numerator * (1 - p).denominator}, 1)


def _long_shot(win: int, lose: int, push: int = 0, pays: int = 40) -> NetLaw:
    """A bet paying ``pays`` to 1, won ``win`` times in ``win + lose + push``, lost ``lose``, pushed ``push``."""
    return NetLaw.of_weights({-1: lose, 0: push, pays: win}, 1)


def _root(law: NetLaw) -> Fraction:
    """For a walk that loses at most one cell a step, the z in (0, 1) with E[z^X] = 1 (bisected exactly): its
    lifetime ruin from b cells is z^b (the ruin is hit exactly at 0, and z^B_n is a martingale)."""
    assert law.exact is not None and law.low == -1
    chances = list(enumerate(law.exact, start=law.low))

    def excess(z: Fraction) -> Fraction:  # z (E[z^X] - 1), a polynomial: above 0 near 0, below just under 1
        return sum((p * z ** (v + 1) for v, p in chances), Fraction(0)) - z

    low, high = Fraction(0), Fraction(1) - Fraction(1, 10**12)
    assert excess(high) < 0
    for _ in range(70):
        middle = Fraction(round((low + high) / 2 * 2**80), 2**80)
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    return low


# -- the gambler's ruin, exactly ----------------------------------------------------------------------------------


@pytest.mark.parametrize("p", [Fraction(51, 100), Fraction(1, 3), Fraction(2, 3)])
def test_ruin_before_a_goal_is_the_gamblers_ruin_exactly(p: Fraction) -> None:
    """Even money, won with chance p: from b units, ruin before reaching T is (r^b - r^T) / (1 - r^T), r = q/p. The
    elimination in Fractions gives it exactly, every b; in floats, within the bound it states."""
    top = 25
    r = (1 - p) / p
    exact = before_goal(_coin(p), top, exact=True)
    assert exact.exact is not None
    assert [exact.exact[b] for b in range(1, top)] == [(r**b - r**top) / (1 - r**top) for b in range(1, top)]
    floats = before_goal(_coin(p), top)
    assert 0 < floats.error < 1e-9
    for b in range(1, top):
        found = floats.at(b)
        assert found.low <= (r**b - r**top) / (1 - r**top) <= found.high


def test_a_fair_coins_ruin_before_a_goal_is_linear_exactly() -> None:
    """p = 1/2: ruin before T from b is 1 - b/T (the walk is a martingale); its exit-time bound is Wald's (T+2)^2."""
    fair = _coin(Fraction(1, 2))
    found = before_goal(fair, 12, exact=True)
    assert found.exact == tuple(1 - Fraction(b, 12) for b in range(12))
    assert exit_time_bound(fair, 12) == pytest.approx(14**2)


@pytest.mark.parametrize("p", [Fraction(51, 100), Fraction(501, 1000), Fraction(3, 5)])
def test_lifetime_ruin_is_the_gamblers_ruin_within_its_bound(p: Fraction) -> None:
    """For life, ruin from b units is (q/p)^b: every bankroll of the grid holds it within its bound, which covers the
    ceiling's cut too."""
    curve = lifetime(_coin(p), 300)
    assert not isinstance(curve, str)
    ratio = (1 - p) / p
    for b in range(1, 301):
        found = curve.at(b)
        assert found.low <= float(ratio) ** b <= found.high, b
        assert found.error < 1e-7


def test_the_lundberg_exponent_is_the_coins_own() -> None:
    """For the coin, E[e^(-r X)] = 1 at r = ln(p/q); the exponent found is at most it, and close."""
    r = lundberg(_coin(Fraction(11, 20)))
    assert r is not None and r <= math.log(11 / 9) and r == pytest.approx(math.log(11 / 9), rel=1e-6)
    assert lundberg(_coin(Fraction(1, 2))) is None


def test_the_bankroll_of_scores_ruin_is_the_least_whole_one() -> None:
    """(q/p)^b <= e^-2 from b = ceil(2 / ln(p/q)): the grid's least bankroll of a 13.53% lifetime ruin, exactly."""
    p = Fraction(51, 100)
    curve = lifetime(_coin(p))
    assert not isinstance(curve, str)
    least = math.ceil(2 / math.log(51 / 49))
    assert curve.smallest(SCORE_RUIN) == (least, least)
    found = figures(_coin(p), "round", Asked(), None, Fraction(1), with_kelly=True)
    assert found.bankrolls[0] == (least, least)
    assert found.score == pytest.approx((1e6 * 0.02 / least, 1e6 * 0.02 / least))


def test_the_kelly_bankroll_of_an_even_bet_is_one_over_the_edge() -> None:
    """Kelly: bet the edge p - q of the bankroll on an even-money bet, so the bankroll whose Kelly bet is 1 is 1/(p - q)
    (the exact bracket holds it), where the Brownian s^2/mu is (1 - mu^2)/mu."""
    low, high = kelly_bankroll(_coin(Fraction(55, 100))) or (None, None)
    assert low is not None and high is not None and low <= 10 <= high and high - low < Fraction(1, 10**9)
    assert brownian(0.1, 0.99, Asked(), None, 1.0).kelly_bankroll == pytest.approx(9.9)


def _kelly_in_fractions(law: NetLaw, iterations: int = 48) -> tuple[Fraction, Fraction]:
    """The Kelly bracket as the bisection in Fractions alone gives it (every step's sign exact)."""
    assert law.exact is not None
    outcomes = [(Fraction(law.low + i, law.scale), p) for i, p in enumerate(law.exact) if p]
    low, high = Fraction(0), 1 / -outcomes[0][0]
    for _ in range(iterations):
        middle = (low + high) / 2
        rising = sum((p * x / (1 + middle * x) for x, p in outcomes), Fraction(0)) > 0
        low, high = (middle, high) if rising else (low, middle)
    return 1 / high, 1 / low if low else 1 / high


def test_the_kelly_bracket_decided_in_floats_is_the_exact_bisections() -> None:
    """Each bisection step's sign is taken from floats only where their error bound decides it: the bracket is the
    one the bisection in Fractions gives, to the last digit, for coins, long shots and laws of many cells in
    twentieths (where the last steps fall within the floats' error and are decided exactly)."""
    rng = np.random.default_rng(5)
    laws = [_coin(Fraction(55, 100)), _coin(Fraction(501, 1000)), _long_shot(win=2, lose=60, push=10)]
    for _ in range(6):
        cells = {v: int(rng.integers(1, 10**6)) for v in rng.choice(np.arange(-60, 80), size=30, replace=False)}
        cells[-40] = cells.get(-40, 0) + 10**6
        cells[79] = cells.get(79, 0) + 2 * 10**7  # a gain on average, so that there is a Kelly bet
        laws.append(NetLaw.of_weights({int(v): w for v, w in cells.items()}, 20))
    for law in laws:
        assert kelly_bankroll(law) == _kelly_in_fractions(law)


def test_the_floats_never_give_a_sign_they_cannot_be_sure_of() -> None:
    """Seventy exact bisection steps towards a Kelly fraction: far beyond what floats can tell, the float sign is
    either withheld or the exact one, at every step (a bound too small would give a wrong sign near the root)."""
    law = NetLaw.of_weights({-20: 1000, -1: 37, 0: 11, 19: 970, 40: 60}, 20)
    assert law.mean > 0
    assert law.exact is not None
    outcomes = [(Fraction(law.low + i, law.scale), p) for i, p in enumerate(law.exact) if p]
    cells = np.array([float(x) for x, _ in outcomes])
    chances = np.array([float(p) for _, p in outcomes])
    low, high, withheld = Fraction(0), Fraction(1), 0
    for _ in range(70):
        middle = (low + high) / 2
        exact = sum((p * x / (1 + middle * x) for x, p in outcomes), Fraction(0))
        sign = _slope_sign(float(middle), cells, chances)
        withheld += sign is None
        assert sign is None or sign == (1 if exact > 0 else -1)
        low, high = (middle, high) if exact > 0 else (low, middle)
    assert 0 < withheld < 70


def test_the_root_of_a_long_shots_walk_is_its_lifetime_ruin() -> None:
    """A 40:1 bet with a push and an edge for the player: it loses at most one unit a step, so its lifetime ruin from
    b is exactly z^b for the root z of E[z^X] = 1, bracketed in exact arithmetic; the curve holds z^b within its
    bound at every bankroll of the grid."""
    law = _long_shot(win=2, lose=60, push=10)
    z = float(_root(law))
    curve = lifetime(law, 2000)
    assert not isinstance(curve, str)
    for b in (1, 2, 10, 100, 555, 1000, 2000, len(curve.values) - 1):
        found = curve.at(b)
        assert found.low <= z**b <= found.high, b


def test_a_trip_is_the_brute_force_over_every_sequence_of_results() -> None:
    """Ruin within n steps, the goal within n, behind at the end: the forward program against the sum over all 4^n
    sequences of a skewed law, with and without a bankroll and a goal; each exact sum within the stated bound."""
    weights = {-2: 3, -1: 5, 0: 2, 3: 4}
    law = NetLaw.of_weights(weights, 1)
    total = sum(weights.values())
    for steps, bankroll, goal in [(6, 4, 5), (7, 3, None), (6, None, None), (5, 1, 2)]:
        ruined = reached = behind = Fraction(0)
        for results in itertools.product(weights, repeat=steps):
            chance = Fraction(math.prod(weights[v] for v in results), total**steps)
            place, ended = bankroll or 0, None
            for v in results:
                place += v
                if bankroll is not None and place <= 0:
                    ended = "ruined"
                    break
                if goal is not None and bankroll is not None and place >= bankroll + goal:
                    ended = "goal"
                    break
            ruined += chance if ended == "ruined" else 0
            reached += chance if ended == "goal" else 0
            behind += chance if ended == "ruined" or (ended is None and place < (bankroll or 0)) else 0
        found = trip(law, steps, bankroll, goal)
        assert found.behind.low <= behind <= found.behind.high
        if bankroll is not None:
            assert found.ruined is not None and found.ruined.low <= ruined <= found.ruined.high
        if goal is not None:
            assert found.reached is not None and found.reached.low <= reached <= found.reached.high


def test_a_trip_of_a_coin_is_binomial() -> None:
    """Behind after n even-money bets: fewer than n/2 won, a binomial sum, to the bound."""
    p = Fraction(1, 2)
    n = 41
    exact = sum((math.comb(n, k) * p**n for k in range((n + 1) // 2)), Fraction(0))
    found = trip(_coin(p), n)
    assert found.behind.low <= exact <= found.behind.high and found.behind.error < 1e-12


def test_a_law_trimmed_keeps_its_mean_and_counts_what_it_drops() -> None:
    law = NetLaw.of_weights({-1: 10**6, 0: 10**6, 1: 1, 2: 10**6}, 1)
    trimmed = law.trimmed(1e-5)
    assert trimmed.high == 2 and trimmed.mean == law.mean  # the middle cell stays, whatever its chance
    one_sided = NetLaw.of_weights({-1: 10**9, 0: 10**9, 5: 1}, 1).trimmed(1e-8)
    assert one_sided.high == 0 and one_sided.missing >= 1 / (2 * 10**9 + 1)


# -- simulated bankroll paths of a long shot ------------------------------------------------------------------------


@pytest.mark.slow
def test_simulated_paths_of_a_40_to_1_bet_hold_the_exact_ruin_and_not_the_brownian() -> None:
    """A 40:1 bet won once in 30 (an edge of 11/30 a unit, most of its variance in the rare win), 100 units: 20,000
    bankroll paths, each played until it is lost or reaches 3,000 units (from where ruin is below e^(-3,000 r) <
    10^-12), ruin counted. The exact lifetime ruin is within 4.5 standard errors of the paths' share; the Brownian
    figure, with the same mean and variance, is many standard errors off. Within 1,000 rounds, the trip's ruin and its
    chance of being behind hold the paths' shares likewise."""
    law = _long_shot(win=1, lose=29)
    bankroll, paths, ceiling = 100, 20_000, 3_000
    rng = np.random.default_rng(27)
    place = np.full(paths, bankroll, dtype=np.int64)
    alive = np.ones(paths, dtype=bool)
    ruined = np.zeros(paths, dtype=bool)
    within, behind = None, None
    rounds = 0
    while alive.any():
        won = rng.random(alive.sum()) < 1 / 30
        place[alive] += np.where(won, 40, -1)
        ruined |= alive & (place <= 0)
        alive &= (place > 0) & (place < ceiling)
        rounds += 1
        if rounds == 1000:
            within, behind = ruined.mean(), (ruined | (place < bankroll)).mean()
    r = lundberg(law)
    assert r is not None and math.exp(-r * ceiling) < 1e-12
    exact = figures(law, "round", Asked(Bankroll(Fraction(bankroll))), 1000, Fraction(1))
    assert exact.lifetime is not None and exact.trip is not None and exact.trip.ruined is not None
    share = ruined.mean()
    error = math.sqrt(share * (1 - share) / paths)
    assert abs(share - exact.lifetime.value) < 4.5 * error
    assert exact.brownian.lifetime is not None and abs(share - exact.brownian.lifetime) > 10 * error
    assert within is not None and behind is not None
    assert abs(within - exact.trip.ruined.value) < 4.5 * math.sqrt(within * (1 - within) / paths)
    assert abs(behind - exact.trip.behind.value) < 4.5 * math.sqrt(behind * (1 - behind) / paths)


# -- the Brownian approximations ----------------------------------------------------------------------------------


def test_the_brownian_figures_follow_their_closed_forms() -> None:
    mu, variance = 0.01, 1.0
    found = brownian(mu, variance, Asked(Bankroll(Fraction(100), Fraction(50))), 10_000, 1.0)
    assert found.lifetime == pytest.approx(math.exp(-2))  # exp(-2 mu B / s^2)
    top = math.exp(-3)
    assert found.before_goal == pytest.approx((math.exp(-2) - top) / (1 - top))
    assert found.kelly_bet == pytest.approx(1.0) and found.kelly_bankroll == pytest.approx(100)  # B mu / s^2, s^2/mu
    assert found.score == pytest.approx(100.0)  # DI^2: (1000 mu / s)^2
    assert found.bankrolls == pytest.approx(tuple(math.log(1 / a) * 50 for a in RISK_LEVELS))
    assert found.bankrolls[0] == pytest.approx(100)  # e^-2: the Kelly bankroll
    assert found.trip_ruin is None and found.behind is None  # a trip with a goal: no closed form given
    plain = brownian(mu, variance, Asked(Bankroll(Fraction(100))), 10_000, 1.0)
    normal = 0.5 * math.erfc((100 + 100) / 100 / math.sqrt(2))
    assert plain.trip_ruin == pytest.approx(normal + math.exp(-2) * 0.5 * math.erfc(0.0))
    assert brownian(mu, variance, Asked(), 10_000, 1.0).behind == pytest.approx(0.5 * math.erfc(1 / math.sqrt(2)))


def test_a_losing_game_is_ruined_for_certain_and_has_no_score() -> None:
    law = _coin(Fraction(49, 100))
    found = figures(law, "round", Asked(Bankroll(Fraction(100))), None, Fraction(1), with_kelly=True)
    assert (found.lifetime.low, found.lifetime.high) == (1.0, 1.0) if found.lifetime else False
    assert found.score is None and found.kelly_bankroll is None and found.bankrolls == (None, None, None)
    assert found.brownian.lifetime == 1.0 and found.brownian.score is None


def test_a_player_who_never_bets_is_never_ruined() -> None:
    found = figures(NetLaw.of_weights({0: 1}, 1), "round", Asked(Bankroll(Fraction(5), Fraction(5))), 10, Fraction(1))
    assert found.lifetime is not None and found.lifetime.high == 0
    assert found.before_goal is not None and found.before_goal.high == 0
    assert found.trip is not None and found.trip.behind.high == 0


# -- count -------------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_count_prints_the_exact_risk_beside_the_brownian() -> None:
    code, out, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--shoes",
        "40",
        "--bankroll",
        "1000",
        "--goal",
        "500",
        "--trip",
        "2000",
        "--trip-shoes",
        "20",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert "== risk: dragon-bonus-player" in out and "A round at a time:" in out and "Shoe by shoe" in out
    for label in (
        "risk of ruin, lifetime (1000 units)",
        "risk of ruin before +500 units",
        "SCORE ($ per 100 rounds, $10,000, 13.53% ruin)",
        "bankroll of a 13.53% lifetime ruin (units)",
        "Kelly bankroll (Kelly bet of 1 unit)",
        "behind after 2,000 rounds",
        "risk of ruin within 20 shoes",
        "hours to N0 at 80 rounds an hour",
    ):
        assert label in out, label


@pytest.mark.parametrize(
    "args, message",
    [
        (["--goal", "10"], "--goal goes with --bankroll"),
        (["--bankroll", "lots"], "--bankroll 'lots' is not a number of units"),
        (["--bankroll", "0"], "--bankroll must be above 0 units"),
        (["--bankroll", "100", "--rounds-per-hour", "0"], "--rounds-per-hour"),
        (["--trip", "0"], "--trip"),
        (["--trip-shoes", "2000000"], "--trip-shoes"),
    ],
)
def test_bad_risk_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "5", *args], message)


def test_a_bankroll_beyond_any_grid_has_lundbergs_bound_for_its_lifetime_ruin() -> None:
    """Ten million units of a 40:1 bet with an edge: the grid would be too large, so the lifetime ruin is given as
    the interval from 0 to e^(-r B), which holds the exact z^B; SCORE and the bankrolls still come from a grid."""
    law = _long_shot(win=2, lose=60, push=10)
    found = figures(law, "round", Asked(Bankroll(Fraction(10_000_000))), None, Fraction(1))
    assert found.lifetime is not None and found.lifetime.low == 0 < found.lifetime.high < 1e-300
    assert found.bankrolls[0] is not None and not found.refused
    r = lundberg(law)
    assert r is not None and math.log(float(_root(law))) <= -r  # z^B <= e^(-r B): the bound holds the exact figure


@pytest.mark.slow
def test_a_spread_of_many_units_is_dealt_and_refused_in_bounded_time() -> None:
    """A spread from 1 to 100 units on Dragon 7: a round's law spans 4,101 cells and a shoe's far more; the study is
    tallied (sparse convolutions) and the grids too large for the time allowed are refused in a line each."""
    code, out, err = run(
        "count",
        "--rules",
        "ez-baccarat",
        "--wager",
        "dragon-7",
        "--shoes",
        "20",
        "--spread",
        "1@6,100@9",
        "--bankroll",
        "100000",
        "--workers",
        "1",
    )
    assert code == 0, err
    assert "Kelly bankroll (Kelly bet of 1 unit)" in out
    assert "not computed: lifetime figures: a grid of" in out and "more work than is done here" in out
