"""Reveal and raise (Peek Baccarat): the [reveal] table as data, optimal play held to a brute force over actual dealt
cards, its invariants, the strategy card's proof, and the operator's published figures."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.reveal import sets_of
from analyzer.game.rulefile import parse, read_rules
from analyzer.game.shoe import Shoe
from analyzer.numbers import percent_text
from analyzer.studies.peek import OPTIMAL, WagerPeek, analyze_peek, raise_sheet, shape_weights
from analyzer.studies.peekcard import card_policy, refutations
from analyzer.studies.peekpatterns import SHAPES, Pattern, shape_of

from .brute_force_peek import every_subset, never_value, optimal_value, seen_sums

EXAMPLE = "examples/peek-style.toml"
FIFTH = Fraction(1, 5)

BASE = """
[rule_set]
name = "peek-test"
title = "t"
extends = "punto-banco"

[wagers.tie]
source = "t"
outcomes = [{ name = "tie", result = "tie", pays = "8:1" }, { name = "no tie", pays = "lose" }]
"""


def _reveal(lines: str) -> str:
    return BASE + '\n[reveal]\nsource = "t"\n' + lines


def _rules(lines: str) -> object:
    return parse(_reveal(lines), "peek-test.toml")


UNIFORM = 'cards = { "1" = "1/4", "2" = "1/4", "3" = "1/4", "4" = "1/4" }\nmultiples = [2, 3]\nfee = "20%"\n'


@pytest.fixture(scope="module")
def example() -> object:
    return read_rules(EXAMPLE)


@pytest.fixture(scope="module")
def eight_decks(example: object) -> object:
    return analyze_peek(example, Shoe.decks(8))  # type: ignore[arg-type]


# ----------------------------------------------------------------- as data


def test_the_example_states_the_operators_terms_and_its_assumed_law(example) -> None:  # type: ignore[no-untyped-def]
    reveal = example.reveal
    assert reveal.counts == (1, 2, 3, 4) and reveal.choices == (1, 2, 3) and reveal.fee == FIFTH
    assert reveal.wagers == ("player", "banker") and reveal.positions is None
    assert dict(reveal.cards) == {1: Fraction(3, 10), 2: Fraction(1, 2), 3: Fraction(3, 20), 4: Fraction(1, 20)}
    assert "not published" in (reveal.default or "") and "1 bis 4" in reveal.source
    assert reveal.positions_default is not None and "equally likely" in reveal.positions_default
    assert any("baccarat peek" in note for note in example.notes)


def test_every_set_of_k_positions_is_equally_likely_by_default() -> None:
    rules = _rules(UNIFORM + 'wagers = ["player"]\n')
    sets = dict(rules.reveal.sets())  # type: ignore[attr-defined]
    assert len(sets) == 15 and sum(sets.values()) == 1
    assert sets[("P1",)] == Fraction(1, 16) and sets[("P1", "B1")] == Fraction(1, 24)
    assert sets[("P1", "P2", "B1", "B2")] == Fraction(1, 4)


@pytest.mark.parametrize(
    "lines, message",
    [
        ('cards = 5\nmultiples = [2, 3]\nfee = "20%"\nwagers = ["player"]', "1 to 4 of the four cards"),
        (
            'cards = { "1" = "1/2", "2" = "1/4" }\nmultiples = [2, 3]\nfee = "20%"\nwagers = ["player"]',
            "add up to 1 exactly",
        ),
        ('cards = { "0" = "1" }\nmultiples = [2]\nfee = "20%"\nwagers = ["player"]', "numbers of cards, 1 to 4"),
        ('cards = 2\nmultiples = [3, 2]\nfee = "20%"\nwagers = ["player"]', "increasing"),
        ('cards = 2\nmultiples = [1, 3]\nfee = "20%"\nwagers = ["player"]', "from 2 to 100"),
        ('cards = 2\nmultiples = [2]\nfee = "100%"\nwagers = ["player"]', "below 100%"),
        ('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["nobody"]', "does not define"),
        ('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["player", "player"]', "each once"),
        ('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["big-win-bonus-player"]', "without pays"),
        (
            'cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["player"]\npositions = { "P1 B1" = "1/2" }',
            "adding up to 1/2, not 1",
        ),
        (
            'cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["player"]\npositions = { "P1 P3" = "1" }',
            "sets of distinct positions",
        ),
        (
            'cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["player"]\npositions = { "P1 B1" = "1", "B1" = "1" }',
            "never reveals 1",
        ),
        ('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["player"]\ncolour = "red"', "not a known key"),
    ],
)
def test_a_bad_reveal_table_is_refused_in_one_sentence(lines: str, message: str) -> None:
    with pytest.raises(InputError, match=None) as refused:
        _rules(lines)
    text = str(refused.value)
    assert message in text and "\n" not in text and text.startswith("peek-test.toml")


def test_a_raised_wager_with_its_own_fee_is_refused() -> None:
    text = _reveal('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["fee-bet"]\n') + (
        '\n[wagers.fee-bet]\ntitle = "f"\nside = "player"\nsource = "t"\nfee = "5%"\n'
        'outcomes = [{ name = "w", result = "win", pays = "1:1" }, { name = "l", pays = "lose" }]\n'
    )
    with pytest.raises(InputError, match="the \\[reveal\\] table's fee is the raised wager's fee"):
        parse(text, "peek-test.toml")


def test_a_raised_wager_must_be_settled_by_how_the_round_ends() -> None:
    text = _reveal('cards = 2\nmultiples = [2]\nfee = "20%"\nwagers = ["suited"]\n') + (
        '\n[wagers.suited]\ntitle = "s"\nside = "player"\nsource = "t"\n'
        'outcomes = [{ name = "w", first_two = { suited = true }, pays = "1:1" }, { name = "l", pays = "lose" }]\n'
    )
    with pytest.raises(InputError, match="read more than how the round ends"):
        parse(text, "peek-test.toml")


def test_a_file_extending_a_peek_rule_file_keeps_its_reveal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    child = tmp_path / "child.toml"
    (tmp_path / "peek.toml").write_text(_reveal(UNIFORM + 'wagers = ["player"]\n'))
    child.write_text(
        '[rule_set]\nname = "c"\ntitle = "c"\nextends = "peek.toml"\n[wagers.tie]\nsource = "t"\n'
        'outcomes = [{ name = "tie", result = "tie", pays = "9:1" }, { name = "no", pays = "lose" }]\n'
    )
    assert read_rules(str(child)).reveal is not None


# ---------------------------------------------------------- the brute force

SMALL = ["A", "2", "5", "5", "7", "9", "K"]
"""Seven actual cards (an odd shoe): every ordered six-card sequence is dealt by hand."""


def _brute_force_holds(cards: list[str], wager: str, rules: object) -> None:
    fee = rules.reveal.fee  # type: ignore[attr-defined]
    choices = rules.reveal.choices  # type: ignore[attr-defined]
    total, sums = seen_sums(cards, wager)
    analysis = analyze_peek(rules, Shoe.from_cards(cards), (wager,))  # type: ignore[arg-type]
    peek = analysis.wager(wager)
    assert total == Shoe.from_cards(cards).denominator
    # each revealed set: optimal play and never raising, exactly
    by_set = {s: optimal_value(sums, s, total, choices, fee) for s in every_subset()}
    for subset, value in by_set.items():
        sheet = raise_sheet(
            peek.wager,
            rules.reveal,
            peek.patterns,
            {shape_of(subset): Fraction(1)},
            peek.play,
            OPTIMAL,
            total,  # type: ignore[attr-defined]
        )
        assert sheet.expected_value == value, subset
        assert never_value(sums, subset, total, fee) == peek.never.expected_value
    # each number of cards, every set of that many equally likely
    for b in peek.by_count:
        sets = sets_of(b.cards)
        assert b.optimal.expected_value == sum((by_set[s] for s in sets), Fraction(0)) / len(sets)
    # each reading: its value given the cards seen is the pattern's, whichever positions of a hand show them
    labels = peek.classes.labels
    patterns = {(p.shape, p.key): p for shape in SHAPES for p in peek.patterns.get(shape, ())}
    value_of = {r: peek.classes.values[i] for i, r in enumerate(labels)} if peek.classes.by_rank else None
    for subset, table in sums.items():
        shape = shape_of(subset)
        for reading, (ways, summed) in table.items():
            key = _pattern_key(subset, reading, peek)
            pattern = patterns[(shape, key)]
            assert pattern.expected_value == summed / ways, (subset, reading)
    assert value_of is None or value_of  # the rank classes map back to values


def _pattern_key(subset: tuple[str, ...], reading: tuple[str, ...], peek: WagerPeek) -> tuple[tuple[int, ...], ...]:
    """The study's pattern key of a reading of actual ranks: each hand's classes, sorted."""
    classes = peek.classes
    if classes.by_rank:
        index = {r: i for i, r in enumerate(classes.labels)}
        of = [index[r] for r in reading]
    else:
        from analyzer.game.cards import RANK_INDEX, VALUES

        of = [VALUES[RANK_INDEX[r]] for r in reading]
    player = tuple(sorted(c for p, c in zip(subset, of) if p.startswith("P")))
    banker = tuple(sorted(c for p, c in zip(subset, of) if p.startswith("B")))
    return (player, banker)


@pytest.mark.parametrize("wager", ["player", pytest.param("banker", marks=pytest.mark.slow)])
def test_optimal_and_never_raise_match_a_brute_force_over_actual_dealt_cards(wager: str) -> None:
    _brute_force_holds(SMALL, wager, _rules(UNIFORM + 'wagers = ["player", "banker"]\n'))


@pytest.mark.slow
def test_a_nine_card_shoe_by_brute_force_with_ranks_kept_apart_for_a_raised_pair() -> None:
    cards = ["A", "A", "3", "5", "6", "8", "9", "Q", "K"]
    _brute_force_holds(cards, "player-pair", _rules(UNIFORM + 'wagers = ["player", "banker", "player-pair"]\n'))


def test_a_positions_law_weights_each_set_as_stated_by_brute_force() -> None:
    law = 'cards = { "1" = "1/2", "3" = "1/2" }\nmultiples = [2, 3]\nfee = "20%"\nwagers = ["player"]\n'
    positions = 'positions = { "P1" = "1/3", "B2" = "2/3", "P1 B1 P2" = "1" }\n'
    rules = _rules(law + positions)
    total, sums = seen_sums(SMALL, "player")
    peek = analyze_peek(rules, Shoe.from_cards(SMALL)).wager("player")  # type: ignore[arg-type]
    expected = (
        Fraction(1, 6) * optimal_value(sums, ("P1",), total, (1, 2, 3), FIFTH)
        + Fraction(1, 3) * optimal_value(sums, ("B2",), total, (1, 2, 3), FIFTH)
        + Fraction(1, 2) * optimal_value(sums, ("P1", "P2", "B1"), total, (1, 2, 3), FIFTH)
    )
    assert peek.optimal.expected_value == expected
    assert peek.optimal.weight == 6 and peek.optimal.denominator == total * 6
    assert [b.cards for b in peek.by_count] == [1, 3]


# ----------------------------------------------------------------- invariants


def test_optimal_play_returns_at_least_never_raising_and_more_cards_are_worth_more(eight_decks) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        values = [b.optimal.expected_value for b in peek.by_count]
        assert all(b.optimal.expected_value > b.never.expected_value for b in peek.by_count)
        assert values == sorted(values)  # a set of k+1 cards tells all a set of k does
        assert peek.optimal.expected_value >= peek.never.expected_value


def test_the_strategy_never_raises_where_the_raise_loses(eight_decks) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        for shape in SHAPES:
            for p in peek.patterns[shape]:
                assert (peek.play(p) > 1) == (p.net > 0), (shape, p.key)


def test_never_raising_is_the_plain_par_sheet_less_the_fee(eight_decks, example) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        (plain,) = par_sheets(example, Shoe.decks(8), (peek.wager.name,))
        assert peek.never.expected_value == plain.expected_value - FIFTH
        assert peek.never.rtp == 1 + (plain.expected_value - FIFTH) / (1 + FIFTH)


def test_the_rows_of_every_sheet_add_up_and_the_law_mixes_the_counts(eight_decks) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        mixed = sum((b.probability * b.optimal.expected_value for b in peek.by_count), Fraction(0))
        assert peek.optimal.expected_value == mixed
        assert sum(r.probability for r in peek.optimal.rows) == 1
        assert peek.optimal.weight == 120  # lcm of 3/10 / 4, 1/2 / 6, 3/20 / 4, 1/20


def test_the_highest_percentage_play_beats_optimal_play_on_percentage_only(eight_decks) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        best, share = peek.optimal, peek.greatest_percentage
        assert share.rtp >= best.rtp and share.expected_value <= best.expected_value
        assert peek.threshold == share.rtp - 1 and peek.threshold < 0
        assert peek.percentage_only() and all(p.net <= 0 for p in peek.percentage_only())
        # no threshold play does better: try the patterns' own values as thresholds around it
        for shift in (Fraction(-1, 100), Fraction(1, 100)):
            other = raise_sheet(
                peek.wager,
                eight_decks.reveal,
                peek.patterns,
                shape_weights(eight_decks.reveal),
                lambda p, t=peek.threshold + shift: 3 if p.net > t * p.ways else 1,
                "test",
                Shoe.decks(8).denominator,
            )
            assert other.rtp <= share.rtp


# ---------------------------------------------------------- the card's proof


def test_the_card_with_its_exceptions_plays_optimally_on_every_pattern(eight_decks) -> None:  # type: ignore[no-untyped-def]
    for peek in eight_decks.wagers:
        grids = peek.card
        policy = card_policy(grids, peek.classes)
        assert refutations(peek, policy) == ()
        sheet = raise_sheet(
            peek.wager,
            eight_decks.reveal,
            peek.patterns,
            shape_weights(eight_decks.reveal),
            policy,
            OPTIMAL,
            Shoe.decks(8).denominator,
        )
        assert sheet.expected_value == peek.optimal.expected_value
        assert sum(len(g.cells) for g in grids) == 10 + 10 + 10 + 100 + 10 + 100 + 100 + 100


def test_a_wrong_strategy_cell_is_caught_with_what_it_costs(eight_decks) -> None:  # type: ignore[no-untyped-def]
    peek = eight_decks.wager("banker")
    grids = peek.card
    policy = card_policy(grids, peek.classes)
    # Banker bet, two Player cards totalling 7 and one Banker card of 8 revealed: the card raises; keep instead
    wrong = {(p.shape, p.key): policy(p) for shape in SHAPES for p in peek.patterns[shape]}
    flipped = [k for k in wrong if k[0] == (2, 1) and sum(k[1][0]) % 10 == 7 and k[1][1] == (8,)]
    assert flipped and all(wrong[k] == 3 for k in flipped)
    for k in flipped:
        wrong[k] = 1
    found = refutations(peek, wrong)
    assert {(r.pattern.shape, r.pattern.key) for r in found} == set(flipped)
    assert all(r.better == 3 and r.loss > 0 for r in found)
    sheet = raise_sheet(
        peek.wager,
        eight_decks.reveal,
        peek.patterns,
        shape_weights(eight_decks.reveal),
        lambda p: wrong[(p.shape, p.key)],
        "wrong",
        Shoe.decks(8).denominator,
    )
    assert sheet.expected_value < peek.optimal.expected_value
    # a doubled bet where tripling gains is refuted too, and a bet the rules do not allow
    assert refutations(peek, lambda p: 2 if p.net > 0 else 1)
    assert refutations(peek, lambda p: 4 if p.net > 0 else 1)[0].better == 3


def test_an_exception_is_a_composition_whose_sign_differs_from_its_cell(eight_decks) -> None:  # type: ignore[no-untyped-def]
    (exception,) = [e for g in eight_decks.wager("player").card for e in g.exceptions]
    # Player bet, A,3 v A,3 revealed: a 4 v 4 raises on the card, but this composition loses
    assert exception.pattern.key == ((1, 3), (1, 3)) and exception.play == 1 and exception.cell.play == 3
    assert exception.pattern.expected_value < 0 < exception.cell.expected_value


def test_a_certain_tie_is_either_on_the_card(eight_decks) -> None:  # type: ignore[no-untyped-def]
    grid = next(g for g in eight_decks.wager("banker").card if g.shape == (2, 2))
    for total in (6, 7, 8, 9):  # both hands stand on these: the tie is certain, the value 0
        cell = grid.cell(total, total)
        assert cell is not None and cell.net == 0 and cell.best == "either" and cell.play == 1


# ------------------------------------------------------- published figures


def test_the_operators_published_tie_and_pair_returns_are_the_standard_side_bets(example) -> None:  # type: ignore[no-untyped-def]
    # Source: win2day.at, Peek Baccarat, Spielbedingungen, "Durchschnittliche Ausschüttung":
    # "P Pair (Nebeneinsatz): ca. 89,6 %", "B Pair (Nebeneinsatz): ca. 89,6 %", "Tie (Nebeneinsatz): ca. 85,6 %"
    sheets = {s.wager.name: s for s in par_sheets(example, Shoe.decks(8), ("tie", "player-pair", "banker-pair"))}
    assert percent_text(sheets["tie"].rtp, 1) == "85.6%"  # type: ignore[arg-type]
    assert percent_text(sheets["player-pair"].rtp, 1) == percent_text(sheets["banker-pair"].rtp, 1) == "89.6%"  # type: ignore[arg-type]


def test_the_published_98_8_percent_on_both_holds_per_amount_wagered_never_per_initial_bet(example) -> None:  # type: ignore[no-untyped-def]
    # Source: win2day.at, Peek Baccarat, Spielbedingungen: "Player: ca. 98,8 %", "Banker: ca. 98,8 %"
    from analyzer.studies.revealsolve import Target, solve_reveal_law

    targets = (Target("player", Fraction(988, 1000)), Target("banker", Fraction(988, 1000)))
    rounding = Fraction(5, 10000)  # "98,8 %" is any figure from 98.75% to 98.85%
    wagered = solve_reveal_law(example, Shoe.decks(8), targets, "wagered", rounding)
    assert wagered.consistent and all(abs(r) <= rounding for v in wagered.vertices for r in v.residuals)
    assert wagered.file_law is not None and all(abs(r) <= rounding for r in wagered.file_law.residuals)
    initial = solve_reveal_law(example, Shoe.decks(8), targets, "initial", rounding)
    assert not initial.consistent and initial.nearest
    assert all(max(abs(r) for r in law.residuals) > rounding for law in initial.nearest)


# ------------------------------------------------------------- the solve


def test_each_consistent_law_meets_its_target_exactly(example) -> None:  # type: ignore[no-untyped-def]
    from analyzer.studies.revealsolve import Target, solve_reveal_law

    file_rtp = analyze_peek(example, Shoe.decks(8)).wager("player").optimal.rtp
    laws = solve_reveal_law(example, Shoe.decks(8), (Target("player", file_rtp),))
    assert laws.consistent and laws.file_law is not None and laws.file_law.residuals == (0,)
    for v in laws.vertices:
        assert sum(v.probabilities) == 1 and min(v.probabilities) >= 0 and v.residuals == (0,)
        assert sum(1 for p in v.probabilities if p) <= 2  # a vertex of a slice of the simplex by one plane


def test_no_law_on_a_grid_comes_nearer_than_the_nearest(example) -> None:  # type: ignore[no-untyped-def]
    from analyzer.studies.revealsolve import Target, solve_reveal_law

    targets = (Target("player", Fraction(988, 1000)), Target("banker", Fraction(988, 1000)))
    laws = solve_reveal_law(example, Shoe.decks(8), targets, "initial")
    assert not laws.consistent
    by = {(c.wager, c.cards): c.expected_value for c in laws.coefficients}
    best = max(abs(r) for r in laws.nearest[0].residuals)

    def worst(q: tuple[Fraction, ...]) -> Fraction:
        return max(abs(1 + sum(qk * by[(t.wager, k)] for qk, k in zip(q, laws.counts)) - t.rtp) for t in targets)

    assert worst(laws.nearest[0].probabilities) == best
    for a, b, c in product(range(21), repeat=3):
        if a + b + c <= 20:
            q = (Fraction(a, 20), Fraction(b, 20), Fraction(c, 20), Fraction(20 - a - b - c, 20))
            assert worst(q) >= best


@pytest.mark.slow
def test_the_ranges_bound_every_consistent_law_on_a_grid(example) -> None:  # type: ignore[no-untyped-def]
    from analyzer.studies.revealsolve import Target, solve_reveal_law

    targets = (Target("player", Fraction(988, 1000)), Target("banker", Fraction(988, 1000)))
    laws = solve_reveal_law(example, Shoe.decks(8), targets, "wagered", Fraction(5, 10000))
    ranges = laws.ranges()
    by = {(c.wager, c.cards): c for c in laws.coefficients}
    inside = Counter[bool]()
    for a, b, c in product(range(41), repeat=3):
        if a + b + c > 40:
            continue
        q = (Fraction(a, 40), Fraction(b, 40), Fraction(c, 40), Fraction(40 - a - b - c, 40))
        rtps = [
            1
            + sum(qk * by[(t.wager, k)].expected_value for qk, k in zip(q, laws.counts))
            / sum(qk * by[(t.wager, k)].expected_wagered for qk, k in zip(q, laws.counts))
            for t in targets
        ]
        ok = all(abs(r - t.rtp) <= laws.tolerance for r, t in zip(rtps, targets))
        inside[ok] += 1
        if ok:
            assert all(lo <= qk <= hi for qk, (lo, hi) in zip(q, ranges))
    assert inside[True]  # the grid does reach the consistent set


def test_a_pattern_value_is_a_ratio_of_exact_counts(eight_decks) -> None:  # type: ignore[no-untyped-def]
    pattern: Pattern = eight_decks.wager("player").patterns[(1, 0)][9]  # the Player's first card a 9
    assert pattern.key == ((9,), ()) and pattern.ways == 32 * 415 * 414 * 413 * 412 * 411
    assert pattern.expected_value == Fraction(pattern.net) / pattern.ways and pattern.expected_value > 0
