"""Verification of claimed figures: the shipped example, a refuted claim, precision, malformed files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.errors import InputError
from analyzer.studies.verify import load_claims, parse_claimed, verify

from .clirun import verdict_of
from .conftest import EXAMPLES

ROOT = Path(__file__).parent.parent

CLAIM = """
[[claim]]
rules = "{rules}"
decks = {decks}
wager = "{wager}"
figure = "{figure}"
value = "{value}"
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def claims_file(tmp_path: Path, text: str, name: str = "claims.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def claim(
    rules: str = "dactylus",
    decks: int = 8,
    wager: str = "player-pair",
    figure: str = "house_edge",
    value: str = "10.3614%",
    extra: str = "",
) -> str:
    return CLAIM.format(rules=rules, decks=decks, wager=wager, figure=figure, value=value) + extra


def test_example_claims_file_is_confirmed_claim_by_claim() -> None:
    """examples/claims.toml holds the published figures, each with its source: all CONFIRMED, exit 0."""
    claims = load_claims(str(EXAMPLES / "claims.toml"))
    assert len(claims.claims) == 28
    assert all(c.source for c in claims.claims)
    assert {c.figure for c in claims.claims} >= {"house_edge", "standard_deviation", "combinations", "probability"}
    verdicts = verify(claims)
    assert [v.claim.label for v in verdicts if not v.confirmed] == []
    code, out, _ = run("verify", str(EXAMPLES / "claims.toml"))
    assert code == 0
    assert verdict_of(out) == "28 claims: 28 CONFIRMED, 0 REFUTED."  # the verdict first, before any claim
    assert out.index("Verdict: ") < out.index("[1] ")


def test_published_pair_sd_is_refuted_and_the_exit_status_is_1(tmp_path: Path) -> None:
    """Jacobson's Pair 'SD 3.16' is the root of the second moment; the standard deviation is 3.1549.

    (See tests/test_published.py.) The claim is REFUTED, the other CONFIRMED, and the exit status is 1.
    """
    path = claims_file(tmp_path, claim(figure="standard_deviation", value="3.16") + claim(value="43/415"))
    code, out, _ = run("verify", path)
    assert code == 1
    assert "[1] REFUTED dactylus, 8 decks (416 cards), player-pair: standard_deviation" in out
    assert "computed: 3.15 to the claimed precision, not 3.16; 3.154856 with 4 more places" in out
    assert "exact:    sqrt(1714176/172225)" in out
    assert "[2] CONFIRMED" in out
    assert verdict_of(out) == (
        "2 claims: 1 CONFIRMED, 1 REFUTED; the worst difference: [1] player-pair, standard deviation: claimed 3.16, "
        "computed 3.15."
    )
    only = run("verify", path, "--only", "refuted")[1]
    assert "[1] REFUTED" in only and "[2] CONFIRMED" not in only and verdict_of(only) == verdict_of(out)
    document = json.loads(run("verify", path, "--format", "json")[1])
    assert (document["confirmed"], document["refuted"]) == (1, 1)
    assert document["claims"][0]["verdict"] == "REFUTED" and document["claims"][0]["precision"] == 2


def test_refuted_exit_status_from_the_real_command(tmp_path: Path) -> None:
    """The group passes the command's status through to the process, not only to click's test runner."""
    path = claims_file(tmp_path, claim(value="10.3615%"))
    done = subprocess.run([sys.executable, "-m", "analyzer", "verify", path], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "REFUTED" in done.stdout and done.stderr == ""


@pytest.mark.parametrize(
    ("figure", "value", "confirmed"),
    [
        # 43/415 = 0.10361445783...
        ("house_edge", "0.1036", True),
        ("house_edge", "0.1037", False),
        ("house_edge", "10.36145%", True),
        ("house_edge", "10.36144%", False),
        ("house_edge", "43/415", True),
        ("house_edge", "0.10361445783", True),
        ("expected_value", "-43/415", True),
        ("hit_frequency", "31/415", True),
        ("push_frequency", "0", True),
        ("element_of_risk", "10.3614%", True),
        ("variance", "1714176/172225", True),
        # sqrt(1714176/172225) = 3.15485643...
        ("standard_deviation", "3.1549", True),
        ("standard_deviation", "3.1548", False),
        ("standard_deviation", "3.15", True),
        ("standard_deviation", "3", False),
    ],
)
def test_precision_is_half_a_unit_of_the_last_place(tmp_path: Path, figure: str, value: str, confirmed: bool) -> None:
    (verdict,) = verify(load_claims(claims_file(tmp_path, claim(figure=figure, value=value))))
    assert verdict.confirmed is confirmed


def test_explicit_precision_and_exact(tmp_path: Path) -> None:
    # 10.36% is 10.3614% to 2 places, but not to 4 (read as 10.3600%), and not exactly.
    for precision, confirmed in (("2", True), ("4", False), ('"exact"', False)):
        path = claims_file(tmp_path, claim(value="10.36%", extra=f"precision = {precision}\n"))
        (verdict,) = verify(load_claims(path))
        assert verdict.confirmed is confirmed, precision


def test_rule_file_path_is_read_from_the_claims_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "submission"
    folder.mkdir()
    shutil.copy(EXAMPLES / "ez-baccarat.toml", folder / "ez.toml")
    # Source: Wizard of Odds, EZ Baccarat: Panda 8 at 25 to 1, 10.1876%.
    path = claims_file(folder, claim(rules="ez.toml", wager="panda-8", value="10.1876%"))
    monkeypatch.chdir(tmp_path)
    (verdict,) = verify(load_claims(path))
    assert verdict.confirmed and verdict.claim.rules.name == "ez-baccarat"


def test_pays_and_removed_cards_of_a_claim(tmp_path: Path) -> None:
    # Source: Wizard of Odds, baccarat basics: Tie at 9 to 1, 6 decks, 4.9313%.
    text = claim(rules="punto-banco", decks=6, wager="tie", value="4.9313%", extra='pays = { "tie" = "9:1" }\n')
    (verdict,) = verify(load_claims(claims_file(tmp_path, text)))
    assert verdict.confirmed and verdict.claim.pays == (("tie", Fraction(9)),)
    text = claim(rules="punto-banco", wager="banker", value="1.0579%", extra='remove = "5,5"\n')
    (verdict,) = verify(load_claims(claims_file(tmp_path, text)))
    assert not verdict.confirmed and verdict.claim.shoe.size == 414


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("1.0579%", (Fraction(10579, 1000000), 4, True)),
        ("-0.0123", (Fraction(-123, 10000), 4, False)),
        ("2,292,252,566,437,888", (Fraction(2292252566437888), None, False)),
        ("43/415", (Fraction(43, 415), None, False)),
        ("1%", (Fraction(1, 100), 0, True)),
        ("0", (Fraction(0), None, False)),
    ],
)
def test_claimed_values_are_read_exactly(text: str, forms: tuple[Fraction, int | None, bool]) -> None:
    claimed = parse_claimed(text, None)
    assert (claimed.value, claimed.places, claimed.percent) == forms


@pytest.mark.parametrize("text", ["1e5", "1,23", "abc", "1/0", "0x10", "1.2.3", "", "1.0579 %%", "nan"])
def test_claimed_values_are_parsed_strictly(text: str) -> None:
    with pytest.raises(InputError):
        parse_claimed(text, None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('title = "x"\n', "claim: is missing; a claims file holds [[claim]] tables or [[exposure]] incidents."),
        (claim(extra="colour = 2\n"), "claim 1.colour: is not a known key; allowed here: id, source"),
        (claim(decks=0), "claim 1.decks: The number of decks must be a whole number from 1 to 1,000"),
        (claim(figure="edge"), "claim 1.figure: is 'edge'; it must be one of house_edge"),
        (
            claim(figure="combinations", value="1"),
            "claim 1.outcome: is missing; the figure combinations is per outcome",
        ),
        (
            claim(extra='outcome = "pair"\n'),
            "claim 1.outcome: is only for the figures combinations, probability, return, pays, fair_odds, "
            "not house_edge.",
        ),
        (
            claim(figure="probability", extra='outcome = "jackpot"\n'),
            "claim 1.outcome: Wager player-pair has no outcome 'jackpot'",
        ),
        (claim(figure="combinations", value="1.5", extra='outcome = "pair"\n'), "combinations is a whole number"),
        (claim().replace('value = "10.3614%"', "value = 10.3614"), 'write it as a string, e.g. value = "10.3614"'),
        (claim(value="ten"), "claim 1.value: value 'ten' is not a number"),
        (claim(extra="precision = 2\n"), "is written to 4 decimal places but precision says 2"),
        (
            claim(extra='precision = "rough"\n'),
            "claim 1.precision: is 'rough'; it must be a number of decimal places from 0 to 100 or \"exact\".",
        ),
        (claim(rules="vegas"), "claim 1.rules: Unknown rule set 'vegas'"),
        (claim(rules="missing.toml"), "claim 1.rules: Cannot read rule file"),
        (claim(wager="lucky-6"), "claim 1.wager: Unknown wager 'lucky-6'"),
        (claim(extra='remove = "5,X"\n'), "claim 1.remove: 'X' is not a card"),
        (claim(extra='pays = { "pair" = "lots" }\n'), "claim 1.pays.pair: Pays 'lots' is not understood"),
        (claim(rules="mini-louisiana", wager="big-win-bonus-player"), "has no house_edge, because it has no pay table"),
        ("[[claim\n", "not valid TOML"),
    ],
)
def test_malformed_claims_file_is_one_line_exit_2_and_no_report(tmp_path: Path, text: str, message: str) -> None:
    path = claims_file(tmp_path, text)
    code, out, err = run("verify", path)
    assert code == 2 and out == ""
    assert err.startswith("baccarat: error: ") and err.count("\n") == 1
    assert message in err


def test_missing_claims_file(tmp_path: Path) -> None:
    code, out, err = run("verify", str(tmp_path / "none.toml"))
    assert code == 2 and out == "" and "Cannot read claims file" in err


def test_decks_default_to_the_rule_sets_own(tmp_path: Path) -> None:
    (verdict,) = verify(load_claims(claims_file(tmp_path, claim().replace("decks = 8\n", ""))))
    assert verdict.confirmed and verdict.claim.shoe.size == 416


@pytest.mark.parametrize(
    ("figure", "value", "message"),
    [
        ("house_edge", "1.06", 'is 106%, which no house_edge can be; if it is a percentage, write "1.06%"'),
        ("hit_frequency", "45.86", 'write "45.86%"'),
    ],
)
def test_a_share_that_no_fraction_of_the_bet_could_be_asks_whether_a_percent_sign_is_missing(
    tmp_path: Path, figure: str, value: str, message: str
) -> None:
    code, out, err = run(
        "verify", claims_file(tmp_path, claim(rules="punto-banco", wager="banker", figure=figure, value=value))
    )
    assert code == 2 and out == "" and message in err


def test_unit_percent_reads_a_bare_number_as_a_percentage(tmp_path: Path) -> None:
    text = claim(rules="punto-banco", wager="banker", value="1.0579", extra='unit = "percent"\n')
    (verdict,) = verify(load_claims(claims_file(tmp_path, text)))
    assert verdict.confirmed and verdict.claim.claimed.percent


def test_pays_and_return_of_an_outcome_are_claims_too(tmp_path: Path) -> None:
    text = (
        claim(rules="punto-banco", wager="banker", figure="pays", value="19:20", extra='outcome = "Banker wins"\n')
        + claim(rules="punto-banco", wager="banker", figure="pays", value="1:1", extra='outcome = "Banker wins"\n')
        + claim(
            rules="punto-banco", wager="banker", figure="return", value="0.435668", extra='outcome = "Banker wins"\n'
        )
        + claim(rules="punto-banco", wager="banker", figure="rtp", value="98.9421%")
    )
    verdicts = verify(load_claims(claims_file(tmp_path, text)))
    assert [v.confirmed for v in verdicts] == [True, False, True, True]
