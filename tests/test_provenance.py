"""Every output says which version computed it, from which files (SHA-256), for which shoe, by which command,
and describes itself: the defaults it states are the ones used, CSV rows say their shoe and units, RTP is beside
the house edge."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from fractions import Fraction
from importlib import resources

import pytest

from analyzer import __version__

from .clirun import run


def _sha(name: str) -> str:
    return hashlib.sha256(resources.files("analyzer.game.rulesets").joinpath(name).read_bytes()).hexdigest()


def test_json_carries_a_provenance_object_with_the_files_sha256_and_the_command() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker", "--decks", "6", "--format", "json")
    assert code == 0
    (report,) = json.loads(out)
    stamp = report["provenance"]
    assert next(iter(report)) == "provenance"
    assert stamp["version"] == __version__ and stamp["package"] == "baccarat-analyzer"
    assert stamp["command"] == "baccarat analyze --rules punto-banco --wager banker --decks 6 --format json"
    assert stamp["shoe"] == "6 decks (312 cards)"
    assert stamp["files"] == [
        {"name": "punto-banco.toml", "role": "rule file", "sha256": _sha("punto-banco.toml")},
        {"name": "wagers.toml", "role": "standard wagers", "sha256": _sha("wagers.toml")},
    ]


def test_a_user_rule_file_is_named_by_the_sha256_of_its_bytes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = resources.files("analyzer.game.rulesets").joinpath("dactylus.toml").read_bytes().replace(b"\n", b"\r\n")
    path = tmp_path / "mine.toml"
    path.write_bytes(data)
    code, out, _ = run("analyze", "--rules", str(path), "--wager", "banker")
    assert code == 0
    assert f"  {hashlib.sha256(data).hexdigest()}  {path} (rule file)" in out


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_people_read_the_provenance_in_the_header(fmt: str) -> None:
    code, out, _ = run("eor", "--rules", "dactylus", "--wager", "banker", "--format", fmt)
    assert code == 0
    head = out.split("Rule set")[0]
    assert f"baccarat-analyzer {__version__}" in head and "Command: baccarat eor --rules dactylus" in head
    assert f"  {_sha('dactylus.toml')}  dactylus.toml (rule file)" in head


def test_every_command_with_a_rule_set_stamps_its_json() -> None:
    for args in (
        ["compare"],
        ["own-cards"],
        ["formula", "--rules", "dactylus", "--wager", "tie"],
        ["solve", "--rules", "punto-banco", "--wager", "tie", "--outcome", "tie", "--edge", "2%"],
        ["eor", "--rules", "punto-banco", "--wager", "banker"],
    ):
        code, out, _ = run(*args, "--format", "json")
        assert code == 0, args
        data = json.loads(out)
        for document in data if isinstance(data, list) else [data]:
            assert document["provenance"]["version"] == __version__, args
            assert document["provenance"]["files"][-1]["name"] == "wagers.toml", args


def test_defaults_never_state_a_deck_count_that_was_overridden() -> None:
    for args in (["analyze", "--rules", "punto-banco", "--wager", "tie"], ["own-cards"]):
        code, out, _ = run(*args, "--decks", "6")
        assert code == 0
        assert "Change it with --decks" not in out and "Shoe: 8 decks" not in out
        assert "Shoe: 6 decks, set by the user (the document is silent; the rule file's default is 8)." in out
        code, out, _ = run(*args, "--decks", "6", "--format", "json")
        defaults = (json.loads(out)[0] if out.startswith("[") else json.loads(out))["defaults"]
        assert not any("8 decks" in d for d in defaults) and any("6 decks, set by the user" in d for d in defaults)
    code, out, _ = run("analyze", "--rules", "live-pittsburgh", "--wager", "banker", "--decks", "6")
    assert "Shoe: 6 decks, set by the user, not the 8 the document states (003" in out
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "tie")
    assert "Shoe: 8 decks. 001 is silent on the number of decks" in out


def test_csv_rows_say_their_shoe_their_pays_and_their_units() -> None:
    code, out, _ = run(
        "analyze",
        "--rules",
        "punto-banco",
        "--wager",
        "tie",
        "--decks",
        "6",
        "--remove",
        "5,K",
        "--pay",
        "tie:tie=9:1",
        "--format",
        "csv",
    )
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    first = rows[0]
    assert (first["rule_set"], first["decks"], first["removed"], first["pays_changed"]) == (
        "punto-banco",
        "6",
        "5 K",
        "tie:tie=9:1",
    )
    edge = Fraction(first["house_edge"])
    assert abs(Fraction(first["house_edge_percent"]) - edge * 100) <= Fraction(1, 10**6)
    assert Fraction(first["rtp"]) == 1 - edge and Fraction(first["rtp_percent"]) == 100 - Fraction(
        first["house_edge_percent"]
    )
    assert first["analyzer_version"] == __version__ and "punto-banco.toml:" in first["source_sha256"]


def test_rtp_stands_beside_the_house_edge() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker")
    assert "        house edge: 1.0579%\n               RTP: 98.9421%\n" in out
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker", "--format", "json")
    (banker,) = json.loads(out)[0]["wagers"]
    assert Fraction(banker["rtp"]) == 1 - Fraction(banker["house_edge"])
    code, out, _ = run("compare", "--format", "json")
    assert code == 0
    cell = json.loads(out)["house_edge"]["punto-banco"]["banker"]
    assert Fraction(cell["rtp"]) == 1 - Fraction(cell["house_edge"])


def test_a_par_sheet_ends_with_a_totals_row_for_people_only() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker")
    assert "Totals       4,998,398,275,503,360     1.00000000          -0.01057906" in out
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker", "--format", "csv")
    assert code == 0
    assert "Totals" not in out


@pytest.mark.slow
def test_every_rule_set_csv_says_its_shoe_and_pays() -> None:
    for args in (
        ["eor", "--rules", "punto-banco", "--wager", "banker", "--decks", "6"],
        ["own-cards", "--decks", "6", "--remove", "5"],
        [
            "solve",
            "--rules",
            "punto-banco",
            "--wager",
            "tie",
            "--outcome",
            "tie",
            "--edge",
            "2%",
            "--decks",
            "6",
            "--pay",
            "banker:Banker wins=1:1",
        ],
        ["simulate", "--rules", "punto-banco", "--rounds", "1000", "--seed", "1", "--decks", "6"],
    ):
        code, out, _ = run(*args, "--format", "csv")
        assert code in (0, 1), args
        first = next(csv.DictReader(io.StringIO(out)))
        assert first["decks"] == "6" and {"rule_set", "removed", "pays_changed"} <= set(first), args
    code, out, _ = run("own-cards", "--decks", "6", "--remove", "5", "--format", "csv")
    assert next(csv.DictReader(io.StringIO(out)))["removed"] == "5"
