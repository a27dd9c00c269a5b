"""Every command serves the new wagers: rules show, verify, formula, eor, deal (analyze, compare and solve read par
sheets)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.exact.parsheet import par_sheets
from analyzer.exact.reach import load_rules
from analyzer.game.cards import TYPES, parse_cards
from analyzer.game.shoe import Shoe
from analyzer.play.engine import Bet, Seat, deal_round
from analyzer.studies.eor import effects_of_removal
from analyzer.studies.formula import formulas

from .clirun import run


def _run(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def test_rules_show_words_each_row_as_its_pay_table_does() -> None:
    text = _run("rules", "show", "lucky-8")
    assert "double suited 3-card 8  both hands total 8, 3 cards, one suit  200:1" in text
    assert "== Lucky 8 (Player) (lucky-8-player): offered" in text


def test_rules_lists_the_catalogue() -> None:
    text = _run("rules")
    assert "Side-bet catalogue" in text and "golden-frog" in text and "any-8-beats-any-6" in text


def test_analyze_compare_and_solve_take_a_catalogue_file() -> None:
    assert "13.7099%" in _run("analyze", "--rules", "pairs", "--wager", "either-pair")
    matrix = _run("compare", "--rules", "pairs", "--rules", "punto-banco").splitlines()
    either = next(line.split() for line in matrix if line.startswith("either-pair "))
    assert either[1:] == ["13.7099%"]  # offered by pairs (no parentheses), and not a wager of punto-banco
    solved = _run(
        "solve", "--rules", "pairs", "--wager", "either-pair", "--outcome", "a pair in either hand", "--edge", "5%"
    )
    assert "Exact pay for the target" in solved


def test_verify_reads_catalogue_names_and_added_wagers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    claims = tmp_path / "claims.toml"
    claims.write_text(
        '[[claim]]\nrules = "pairs"\ndecks = 8\nwager = "either-pair"\nfigure = "house_edge"\nvalue = "13.7099%"\n\n'
        '[[claim]]\nrules = "mini-louisiana"\nwagers = "golden-frog"\ndecks = 8\nwager = "any-8-beats-any-6"\n'
        'figure = "combinations"\noutcome = "8 beats 6"\nvalue = "1"\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["verify", str(claims)])
    assert result.exit_code == 1, result.output  # the second claim is refuted (a count of 1)
    assert "[1] CONFIRMED" in result.output and "[2] REFUTED" in result.output


def test_formulas_of_a_suited_wager_and_a_suited_removal() -> None:
    rules = load_rules("suits")
    (colour,) = formulas(rules, ("KH",), ("colour-match",)).wagers
    (sheet,) = par_sheets(rules, Shoe.decks(8).remove(["KH"]), ("colour-match",))
    assert colour.house_edge is not None and colour.house_edge.at(8) == sheet.house_edge
    (pair,) = formulas(load_rules("pairs"), (), ("either-pair",)).wagers
    assert pair.house_edge is not None and pair.house_edge.limit == 1 - 6 * (2 * Fraction(1, 13) - Fraction(1, 169))


def test_effects_of_removal_by_card_type_balance_and_average_to_the_rank_effects() -> None:
    shoe = Shoe.decks(2)
    (effects,) = effects_of_removal(load_rules("suits"), shoe, ("majestic-match-player",))
    assert effects.by_type is not None and shoe.types is not None
    assert sum(n * e for n, e in zip(shoe.types, effects.by_type) if e is not None) == 0
    king = effects.effect("K")
    assert king == sum(effects.by_type[i] for i, card in enumerate(TYPES) if card[0] == "K") / 4  # type: ignore[misc]
    assert "K♥" in _run("eor", "--rules", "suits", "--wager", "majestic-match-player", "--decks", "1")


def test_a_dealt_round_settles_side_bets_by_its_cards() -> None:
    seat = Seat(1, (Bet("banker", Fraction(10)), Bet("majestic-match-player", Fraction(1))))
    played = deal_round(load_rules("suits"), parse_cards("KH QH 3S 5S"), (seat,))
    settled = {s.wager: s.outcome.name for s in played.settlements}
    assert settled["majestic-match-player"] == "suited king and queen"
    assert played.player.text() == "K♥ Q♥ = 0"


def test_a_dealt_round_needs_suits_for_a_wager_that_reads_them() -> None:
    seat = Seat(1, (Bet("banker", Fraction(10)), Bet("majestic-match-player", Fraction(1))))
    with pytest.raises(InputError, match="majestic-match-player reads suits: give every card with its suit"):
        deal_round(load_rules("suits"), parse_cards("K Q 3 5"), (seat,))
