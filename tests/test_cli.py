"""The command line: real output, and one clear line with exit 2 for bad input."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from analyzer.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def test_analyze_json_reproduces_the_published_dragon_and_main_figures() -> None:
    code, out, _ = run("analyze", "--rules", "live-pittsburgh", "--format", "json")
    assert code == 0
    (report,) = json.loads(out)  # one element per rule set, whatever their number
    assert report["rule_set"] == "live-pittsburgh"
    assert report["denominator"] == "4998398275503360"
    assert report["shoe"]["decks"] == 8 and report["shoe"]["cards"] == 416
    wagers = {w["wager"]: w for w in report["wagers"]}
    outcomes = {o["outcome"]: o["combinations"] for o in wagers["banker"]["outcomes"]}
    assert outcomes == {"Banker wins": "2292252566437888", "tie": "475627426473216", "Player wins": "2230518282592256"}
    dragon = {o["outcome"]: o["combinations"] for o in wagers["dragon-bonus-player"]["outcomes"]}
    assert dragon["win by 9, non-natural"] == "18409431764992"
    assert dragon["natural win"] == "812685054124032"
    edge = Fraction(wagers["dragon-bonus-banker"]["house_edge"])
    assert f"{float(edge) * 100:.4f}" == "9.3731"
    assert set(wagers["tie"]) >= {
        "wager",
        "offered",
        "expected_value",
        "house_edge",
        "element_of_risk",
        "hit_frequency",
        "push_frequency",
        "variance",
        "standard_deviation",
        "outcomes",
    }
    assert set(wagers["tie"]["outcomes"][0]) >= {"outcome", "combinations", "probability", "pays", "return"}
    assert [w["wager"] for w in report["wagers"]] == [
        "player",
        "banker",
        "tie",
        "player-pair",
        "banker-pair",
        "dragon-bonus-player",
        "dragon-bonus-banker",
        "big-win-bonus-player",
        "big-win-bonus-banker",
    ]


def test_analyze_table_shows_counting_convention_and_defaults() -> None:
    code, out, _ = run("analyze", "--rules", "mini-louisiana", "--wager", "tie")
    assert code == 0
    assert "ordered six-card dealings P1 B1 P2 B2 P3 B3" in out
    assert "000 does not state Tie odds" in out
    assert "000 is silent on the number of decks" in out


def test_analyze_exact_prints_fractions() -> None:
    code, out, _ = run("analyze", "--rules", "dactylus", "--wager", "player-pair", "--exact")
    assert code == 0 and "43/415" in out


def test_analyze_with_removed_cards_and_decks() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--decks", "6", "--remove", "5,5,K,A", "--format", "json")
    assert code == 0
    shoe = json.loads(out)[0]["shoe"]
    assert shoe["decks"] == 6 and shoe["cards"] == 308 and shoe["removed"] == ["A", "5", "5", "K"]


def test_analyze_csv_has_a_row_per_outcome() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "banker", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["outcome"] for r in rows] == ["Banker wins", "tie", "Player wins"]
    assert {r["rule_set"] for r in rows} == {"punto-banco"} and {r["wager"] for r in rows} == {"banker"}
    assert rows[0]["combinations"] == "2292252566437888" and rows[0]["house_edge"] == "0.01057906"


def test_pay_override_changes_the_edge() -> None:
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "tie", "--pay", "tie:tie=9:1")
    assert code == 0 and "4.8440%" in out and "set by the user" in out


def test_compare_matrix_has_every_rule_set_and_wager() -> None:
    code, out, _ = run("compare", "--format", "json")
    assert code == 0
    report = json.loads(out)
    assert report["rule_sets"] == ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"]
    assert report["house_edge"]["dactylus"]["player-pair"] == {
        "offered": True,
        "house_edge": "43/415",
        "rtp": "372/415",
    }
    assert report["house_edge"]["mini-louisiana"]["big-win-bonus-player"]["house_edge"] is None


def test_rules_list_and_show() -> None:
    code, out, _ = run("rules")
    assert code == 0 and "live-pittsburgh" in out and "003_7e3f146be45f8a77.txt" in out
    code, out, _ = run("rules", "show", "punto-banco")
    assert code == 0
    assert "3   H      H H H H H H H H S H" in out
    assert "Player's third card" in out


def test_version_is_the_package_metadata() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("baccarat, version ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "--rules", "vegas"], "Unknown rule set 'vegas'"),
        (["analyze", "--rules", "punto-banco", "--wager", "lucky-6"], "Unknown wager 'lucky-6'"),
        (
            [
                "analyze",
                "--rules",
                "punto-banco",
                "--remove",
                "K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K,K",
            ],
            "Cannot remove 33 card(s) of rank K: the shoe holds only 32",
        ),
        (["analyze", "--rules", "punto-banco", "--remove", "5,X"], "'X' is not a card"),
        (
            [
                "analyze",
                "--rules",
                "punto-banco",
                "--decks",
                "1",
                "--remove",
                "A A A A 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9 T T T T J J J J Q Q Q",
            ],
            "too small",
        ),
        (["analyze", "--format", "xml"], "'xml' is not one of"),
        (["analyze", "--decks", "0"], "--decks"),
        (["analyze", "--rules", "punto-banco", "--pay", "tie=9:1"], "is not WAGER:OUTCOME=PAYS"),
        (["analyze", "--rules", "punto-banco", "--pay", "tie:tie=lots"], "is not understood"),
        (["analyze", "--rules", "punto-banco", "--pay", "tie:jackpot=9:1"], "has no outcome 'jackpot'"),
        (["rules", "show", "vegas"], "Unknown rule set"),
        (["nonsense"], "No such command"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert message in err
    assert "Traceback" not in err


def test_malformed_rule_file_on_the_command_line(rule_file) -> None:  # type: ignore[no-untyped-def]
    path = rule_file("[rule_set]\nname = 'x'\n")
    code, out, err = run("analyze", "--rules", path)
    assert code == 2 and out == ""
    assert err.startswith(f"baccarat: error: {path}: shoe: is missing; it must be a table.")


def test_start_up_imports_no_numpy_and_knows_the_simulator_modes() -> None:
    """`baccarat analyze` must start fast: the CLI lists simulate's modes without importing it."""
    import subprocess
    import sys

    from analyzer import cli as cli_module
    from analyzer.play.chunks import MODES

    assert cli_module.MODES == MODES
    heavy = ("numpy", "sympy", "dask", "matplotlib", "xlsxwriter", "openpyxl", "fpdf", "PIL")
    probe = f"import sys, analyzer.cli; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    assert (
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip() == "[]"
    )


def test_help_and_rules_import_no_command_module_they_do_not_run() -> None:
    """`baccarat --help` lists every command from the lazy table; `rules` loads only its own family's module."""
    import subprocess
    import sys

    families = ("analyzer.cli.exact", "analyzer.cli.play", "analyzer.cli.studies")
    for argv, loaded in ((["--help"], ()), (["rules"], ("analyzer.cli.exact",))):
        probe = (
            f"import sys\nfrom analyzer.cli import cli\ntry:\n    cli.main({argv!r}, prog_name='baccarat')\n"
            f"except SystemExit:\n    pass\nprint(sorted(m for m in {families!r} if m in sys.modules), file=sys.stderr)"
        )
        run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
        assert run.stderr.strip().splitlines()[-1] == str(sorted(loaded)), argv


def test_analyze_imports_only_what_printing_its_par_sheets_uses() -> None:
    """Issue 16: no importlib.metadata (tabulate reads its version through it), no other format's renderer,
    no file writer and no importlib.resources on the path of `baccarat analyze`."""
    import subprocess
    import sys

    unused = (
        "importlib.metadata",
        "importlib.resources",
        "tabulate",
        "analyzer.report.to_markdown",
        "analyzer.report.to_json",
        "analyzer.report.to_csv",
        "analyzer.report.writing",
        "analyzer.game.conditions",
    )
    probe = (
        "import sys\nfrom analyzer.cli import cli\ntry:\n    cli.main(['analyze', '--rules', 'punto-banco'], "
        "prog_name='baccarat')\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {unused!r} if m in sys.modules), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "Player wins" in run.stdout
    assert run.stderr.strip().splitlines()[-1] == "[]"


def test_every_command_is_in_the_lazy_table_with_its_own_short_help() -> None:
    """The table that `--help` reads holds each command's module and the first line of its docstring."""
    from analyzer.cli import COMMANDS, all_commands

    commands = all_commands()
    assert sorted(commands) == sorted(COMMANDS)
    for name, command in commands.items():
        module, short = COMMANDS[name]
        assert command.callback is not None and command.callback.__module__ == f"analyzer.cli.{module}"
        assert (command.help or "").split("\n")[0] == short, name


def test_compare_uses_the_rule_sets_own_decks_and_refuses_to_mix_them(rule_file) -> None:  # type: ignore[no-untyped-def]
    """--decks defaults to the rule sets' own number, as in every command; rule sets of different shoes need --decks."""
    from analyzer.game.shipped import shipped_text

    six = rule_file(shipped_text("punto-banco").replace("decks = 8", "decks = 6"), "six.toml")
    result = CliRunner().invoke(cli, ["compare", "--rules", six, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "6 decks (312 cards)" in json.loads(result.stdout)["provenance"]["shoe"]
    mixed = CliRunner().invoke(cli, ["compare", "--rules", six, "--rules", "dactylus"])
    assert mixed.exit_code == 2 and "played with 6 and 8 decks" in mixed.stderr
    assert CliRunner().invoke(cli, ["compare", "--rules", six, "--rules", "dactylus", "--decks", "8"]).exit_code == 0
