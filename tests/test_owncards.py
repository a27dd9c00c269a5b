"""Play Your Own Cards (000 CASE 2): the own-hand figures, proved three ways.

1. Invariant: playing the own hand as the Community Player plays (000 CASE 1
   step 3) is the Player bet of the core analyzer, dealing for dealing, so the
   counts of the ``mimic`` strategy equal the core Player-bet counts exactly;
   more generally a by-total strategy is a Player drawing rule of the core
   game, which checks the card and every by-total row through the enumerator.
2. Brute force: every ordered sequence of the actual cards of small, odd
   shoes, dealt in 000's order (with the community cards in their real places
   in one case), played by hand-written rules (tests/brute_force.py).
3. Invariants between the decision rows and the strategies.

There is no published figure for this game; the 8-deck figures pinned at the
end are the analyzer's own, each checked by the two proofs above.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.game.cards import RANK_INDEX, VALUES
from analyzer.game.rulefile import parse, read_rules
from analyzer.game.shipped import shipped_text
from analyzer.game.shoe import Shoe
from analyzer.studies.owncards import (
    BEST_BY_COMPOSITION,
    BEST_BY_TOTAL,
    DRAW,
    MIMIC,
    STAND,
    STRATEGIES,
    TEN_VALUE,
    OwnCardsAnalysis,
    analyze_own_cards,
)

from .brute_force import LOUISIANA, STANDARD, own_cards_brute_force

MINI = read_rules("mini-louisiana")

# Small odd shoes: duplicated ranks (own pairs), several ten-value ranks, and
# enough low cards that every Banker total and both own choices occur.
NINE_CARDS = ["A", "2", "3", "5", "8", "9", "K", "K", "Q"]
TEN_CARDS = ["A", "2", "3", "5", "5", "8", "9", "K", "K", "Q"]
LOW_CARDS = ["A", "A", "2", "3", "4", "4", "5", "6", "T", "J"]


def _shoe(cards: list[str]) -> Shoe:
    return Shoe.from_counts(Counter(cards))


def _with_own_cards(base: str, player_pays: str | None = None) -> str:
    """A shipped rule file given an [own_cards] table (and, optionally, a Player pair bonus)."""

    text = shipped_text(base)
    if "[own_cards]" not in text:
        text += '\n[own_cards]\nsource = "a test variant"\nwager = "player"\nalone = true\n'
    if player_pays is not None:
        start = text.index("[wagers.player]")
        end = text.index("[wagers.banker]")
        text = (
            text[:start]
            + (
                '[wagers.player]\nsource = "a test variant: a win with a pair pays more"\noutcomes = [\n'
                f'  {{ name = "Player wins with a pair", result = "win", pair = true, pays = "{player_pays}" }},\n'
                '  { name = "Player wins", result = "win", pays = "1:1" },\n'
                '  { name = "tie", result = "tie", pays = "push" },\n'
                '  { name = "Banker wins", pays = "lose" },\n]\n\n'
            )
            + text[end:]
        )
    return text


def _label(rank: str, grouped: bool) -> str:
    return TEN_VALUE if grouped and VALUES[RANK_INDEX[rank]] == 0 else rank


def _brute_force_rows(
    cards: list[str], kind: str, community: bool, grouped: bool = True, pair_pays: Fraction | None = None
) -> tuple[dict[tuple[str, ...], tuple[int, Fraction, Fraction]], int]:
    """Brute-force (sequences, net if drawing, net if standing) per composition, as the analyzer names them."""
    rows: dict[tuple[str, ...], tuple[int, Fraction, Fraction]] = {}
    for ranks, (n, draw, stand) in own_cards_brute_force(cards, kind, community, pair_pays).items():
        key = tuple(_label(r, grouped) for r in ranks)
        seen, draws, stands = rows.get(key, (0, Fraction(0), Fraction(0)))
        rows[key] = (seen + n, draws + draw, stands + stand)
    return rows, sum(n for n, _, _ in rows.values())


def _assert_agrees_with_brute_force(
    analysis: OwnCardsAnalysis, rows: dict[tuple[str, ...], tuple[int, Fraction, Fraction]], sequences: int
) -> None:
    by_ranks = {row.ranks: row for row in analysis.by_composition}
    naturals = {tuple(k) for k in rows} - {tuple(k) for k in by_ranks}
    assert all(sum(VALUES[RANK_INDEX[r.split("/")[0]]] for r in k) % 10 >= 8 for k in naturals)
    for ranks, row in by_ranks.items():
        n, draw, stand = rows[ranks]
        assert (row.ev_draw, row.ev_stand) == (draw / n, stand / n), ranks
        assert row.probability == Fraction(n, sequences), ranks
    # Strategies, from the brute force's own figures: mimic draws on 0-5 (000 CASE 1 step 3c).
    total_of = {ranks: row.total for ranks, row in by_ranks.items()}
    mimic = sum(draw if total_of.get(k, 9) <= 5 else stand for k, (_, draw, stand) in rows.items())
    best = sum(max(draw, stand) for _, draw, stand in rows.values())
    assert analysis.strategy(MIMIC).expected_value == mimic / sequences
    assert analysis.strategy(BEST_BY_COMPOSITION).expected_value == best / sequences


# ------------------------------------------------------- 1. mimic == Player bet


@pytest.mark.parametrize(
    "shoe",
    [Shoe.decks(8), Shoe.decks(6), Shoe.decks(1).remove(["5", "5", "K", "9"]), _shoe(NINE_CARDS), _shoe(LOW_CARDS)],
    ids=["8 decks", "6 decks", "1 deck less 5 5 K 9", "nine cards", "low cards"],
)
def test_000_case_2_mimic_strategy_is_the_community_player_bet_exactly(shoe: Shoe) -> None:
    """Drawing as the Community Player does (0-5, 000 CASE 1 step 3) faces the same
    Banker rule (step 5c against a Player who stood or hit = step 10c against a two-
    or three-card own hand): the same game, so the same counts, outcome by outcome."""
    (player,) = par_sheets(MINI, shoe, ("player",))
    mimic = analyze_own_cards(MINI, shoe).strategy(MIMIC).sheet
    assert [(r.outcome.name, r.combinations) for r in mimic.rows] == [
        (r.outcome.name, r.combinations) for r in player.rows
    ]
    assert mimic.denominator == player.denominator == shoe.denominator
    assert mimic.expected_value == player.expected_value


def _player_bet_with_own_rule(plays: list[bool], shoe: Shoe) -> Fraction:
    """The core analyzer's Player-bet EV when the Player hand draws on the totals in ``plays``."""
    rules = replace(MINI, drawing=replace(MINI.drawing, player=tuple(plays)))
    (sheet,) = par_sheets(rules, shoe, ("player",))
    assert sheet.expected_value is not None
    return sheet.expected_value


def test_best_by_total_is_the_core_game_with_the_card_as_player_rule() -> None:
    """A by-total strategy is a Player drawing rule: the enumerator, walking P1 B1 P2 B2
    by rank, must give the same counts when the Player hand follows the card."""
    shoe = Shoe.decks(8)
    analysis = analyze_own_cards(MINI, shoe)
    rules = replace(MINI, drawing=replace(MINI.drawing, player=tuple(analysis.card_play(t) == DRAW for t in range(8))))
    (core,) = par_sheets(rules, shoe, ("player",))
    assert [r.combinations for r in core.rows] == [r.combinations for r in analysis.strategy(BEST_BY_TOTAL).sheet.rows]


def test_every_total_row_against_the_core_game_with_that_total_flipped() -> None:
    """Drawing instead of standing at one total t changes the core game's EV by
    P(t) (EV draw - EV stand): each by-total row, checked through the enumerator."""
    shoe = _shoe(["A", "A", "2", "3", "4", "5", "5", "6", "7", "7", "T", "T", "9"])
    analysis = analyze_own_cards(MINI, shoe)
    mimic = [MINI.drawing.player_draws(t) for t in range(8)]
    base = _player_bet_with_own_rule(mimic, shoe)
    assert [row.total for row in analysis.by_total] == list(range(8))
    for row in analysis.by_total:
        flipped = list(mimic)
        flipped[row.total] = not flipped[row.total]
        change = _player_bet_with_own_rule(flipped, shoe) - base
        gain = row.ev_draw - row.ev_stand if flipped[row.total] else row.ev_stand - row.ev_draw
        assert change == row.probability * gain, row.total


# ----------------------------------------------------------- 2. brute force


def test_000_case_2_step_4_unseen_community_cards_change_nothing() -> None:
    """Every 9-card sequence in 000's dealing order (P1 B1 P2 B2, then P3 B3 face
    down, then O1 O2 face up, O3): the community cards are dealt, yet every own
    composition's EV equals the analyzer's, which never deals them."""
    rows, sequences = _brute_force_rows(NINE_CARDS, LOUISIANA, community=True)
    _assert_agrees_with_brute_force(analyze_own_cards(MINI, _shoe(NINE_CARDS)), rows, sequences)


@pytest.mark.parametrize("cards", [TEN_CARDS, LOW_CARDS], ids=["ten cards", "low cards"])
def test_000_case_2_steps_8_to_10_own_hand_against_banker_by_brute_force(cards: list[str]) -> None:
    rows, sequences = _brute_force_rows(cards, LOUISIANA, community=False)
    _assert_agrees_with_brute_force(analyze_own_cards(MINI, _shoe(cards)), rows, sequences)


def test_banker_reads_the_own_third_card_under_a_standard_chart(rule_file) -> None:  # type: ignore[no-untyped-def]
    """A rule file may offer own cards under 001's chart: the Banker then reads the
    own third card's value as it reads the Player's (the 'third card's column')."""
    rules = read_rules(rule_file(_with_own_cards("punto-banco")))
    rows, sequences = _brute_force_rows(LOW_CARDS, STANDARD, community=False)
    _assert_agrees_with_brute_force(analyze_own_cards(rules, _shoe(LOW_CARDS)), rows, sequences)


def test_a_pay_table_that_reads_the_pair_keeps_every_rank_apart(rule_file) -> None:  # type: ignore[no-untyped-def]
    """K-K is a pair and K-Q is not: with a pair bonus they are different hands."""
    rules = read_rules(rule_file(_with_own_cards("mini-louisiana", player_pays="2:1")))
    analysis = analyze_own_cards(rules, _shoe(TEN_CARDS))
    assert ("K", "K") in {row.ranks for row in analysis.by_composition}
    assert ("Q", "K") in {row.ranks for row in analysis.by_composition}
    rows, sequences = _brute_force_rows(TEN_CARDS, LOUISIANA, community=False, grouped=False, pair_pays=Fraction(2))
    _assert_agrees_with_brute_force(analysis, rows, sequences)


# ------------------------------------------------------------ 3. invariants


@pytest.mark.parametrize(
    "shoe",
    [Shoe.decks(8), Shoe.decks(2).remove(["5"] * 8 + ["T", "J"]), _shoe(LOW_CARDS)],
    ids=["8 decks", "2 decks less eight 5s", "low cards"],
)
def test_decisions_and_strategies_are_consistent(shoe: Shoe) -> None:
    analysis = analyze_own_cards(MINI, shoe)
    # Every own two-card hand is a decision row or a natural.
    assert sum(r.probability for r in analysis.by_total) + sum(n.probability for n in analysis.naturals) == 1
    # A total's row is the average of its compositions' rows.
    for total_row in analysis.by_total:
        parts = [r for r in analysis.by_composition if r.total == total_row.total]
        assert sum(r.ways for r in parts) == total_row.ways
        assert sum(r.ways * r.ev_draw for r in parts) / total_row.ways == total_row.ev_draw
        assert sum(r.ways * r.ev_stand for r in parts) / total_row.ways == total_row.ev_stand
    # A strategy's EV is the probability-weighted EV of the play it picks.
    naturals = sum(n.probability * n.expected_value for n in analysis.naturals)
    by_total = sum(r.probability * max(r.ev_draw, r.ev_stand) for r in analysis.by_total)
    by_composition = sum(r.probability * max(r.ev_draw, r.ev_stand) for r in analysis.by_composition)
    mimic = sum(r.probability * r.ev(DRAW if MINI.drawing.player_draws(r.total) else STAND) for r in analysis.by_total)
    evs = {s.name: s.expected_value for s in analysis.strategies}
    assert [s.name for s in analysis.strategies] == list(STRATEGIES)
    assert evs == {
        MIMIC: mimic + naturals,
        BEST_BY_TOTAL: by_total + naturals,
        BEST_BY_COMPOSITION: by_composition + naturals,
    }
    assert evs[MIMIC] <= evs[BEST_BY_TOTAL] <= evs[BEST_BY_COMPOSITION]
    assert analysis.option_value(BEST_BY_COMPOSITION) == evs[BEST_BY_COMPOSITION] - evs[MIMIC] >= 0
    for s in analysis.strategies:
        assert s.house_edge == -s.expected_value
        assert sum(r.combinations for r in s.sheet.rows) == shoe.denominator
    # The card plus its exceptions is the best-by-composition strategy.
    card = sum(
        r.probability * r.ev(r.best if r in analysis.exceptions else analysis.card_play(r.total))  # type: ignore[arg-type]
        for r in analysis.by_composition
    )
    assert card + naturals == evs[BEST_BY_COMPOSITION]
    for row in analysis.exceptions:
        assert row.best != analysis.card_play(row.total) and row.margin > 0


def test_exact_tie_is_either_and_the_card_falls_back_to_the_community_player() -> None:
    from analyzer.studies.owncards import Decision

    row = Decision(
        total=5, ranks=None, ways=1, probability=Fraction(1, 2), ev_draw=Fraction(-1, 3), ev_stand=Fraction(-1, 3)
    )
    assert row.best == "either" and row.margin == 0
    with pytest.raises(ValueError, match="8 and 9 are naturals"):
        Decision(total=8, ranks=None, ways=1, probability=Fraction(1), ev_draw=Fraction(0), ev_stand=Fraction(0))


# ------------------------------------------------------------- bad input


def test_a_rule_set_without_own_cards_is_refused() -> None:
    with pytest.raises(InputError, match="does not offer Play Your Own Cards"):
        analyze_own_cards(read_rules("punto-banco"), Shoe.decks(8))


def test_own_cards_on_a_banker_side_wager_is_refused_on_loading() -> None:
    text = _with_own_cards("punto-banco").replace('wager = "player"', 'wager = "banker"')
    with pytest.raises(InputError, match="must name a player-side wager"):
        parse(text, "custom.toml")


def test_own_hand_wager_without_pays_is_refused() -> None:
    text = _with_own_cards("mini-louisiana").replace('wager = "player"', 'wager = "big-win-bonus-player"')
    with pytest.raises(InputError, match="has an outcome without pays"):
        analyze_own_cards(parse(text, "custom.toml"), Shoe.decks(1))


# --------------------------------------------------- the 8-deck figures


def test_eight_deck_figures_of_000() -> None:
    """The analyzer's own exact figures (no published source exists), each proved above."""
    analysis = analyze_own_cards(MINI, Shoe.decks(8))
    edges = {s.name: s.house_edge for s in analysis.strategies}
    assert edges == {
        MIMIC: Fraction(30237132448, 3904998652737),  # = the core Player bet, 0.7743%
        BEST_BY_TOTAL: Fraction(40314368, 5278451815),  # 0.7638%
        BEST_BY_COMPOSITION: Fraction(148888045568, 19524993263685),  # 0.7626%
    }
    assert [analysis.card_play(t) for t in range(8)] == [DRAW] * 5 + [STAND] * 3
    assert [(r.total, r.ranks, r.best) for r in analysis.exceptions] == [(5, ("5", TEN_VALUE), DRAW)]
    five = analysis.total_row(5)
    assert five.best == STAND and five.ev_stand - five.ev_draw > 0
