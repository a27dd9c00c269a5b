"""First contact with the command line: bare help, examples that run, options that mean what they say."""

from __future__ import annotations

import io
import json
import shlex
from fractions import Fraction
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from analyzer.cli import all_commands, cli
from analyzer.cli import app as cli_module
from analyzer.cli.options import cores, max_workers
from analyzer.game.shipped import shipped_path
from analyzer.game.standard import standard_wagers

from .clirun import assert_refused, run
from .slow import commands

ROOT = Path(__file__).parent.parent


def _commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, command in sorted((all_commands() if group is cli else group.commands).items()):
        found.append(prefix + (name,))
        if isinstance(command, click.Group):
            found += _commands(command, prefix + (name,))
    return found


def _help_examples() -> list[str]:
    """Every line of a help text's Examples block: the command lines the help shows."""
    examples = []
    for path in _commands():
        _, out, _ = run(*path, "--help")
        lines = [line.strip() for line in out.splitlines()]
        if "Examples:" in lines:
            examples += [line for line in lines[lines.index("Examples:") + 1 :] if line.startswith("baccarat ")]
    return sorted(set(examples))


EXAMPLES = _help_examples()
SERVERS = ("serve",)
"""Commands that run until stopped: their examples are run by tests/test_web_server.py, in a subprocess."""


def test_every_command_shows_examples_in_its_help() -> None:
    shown = {shlex.split(e)[1] for e in EXAMPLES}
    assert shown == {path[0] for path in _commands()}


@pytest.mark.parametrize("example", commands(e for e in EXAMPLES if shlex.split(e)[1] not in SERVERS))
def test_every_example_in_a_help_text_runs(example: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT if "examples/" in example else tmp_path)
    result = CliRunner().invoke(cli, shlex.split(example)[1:], prog_name="baccarat")
    assert result.exit_code == 0, f"{example}: {result.stderr}"
    assert result.stdout or result.stderr.startswith("wrote ")  # a report goes to its --out file


def test_bare_baccarat_prints_the_normal_help() -> None:
    code, out, err = run()
    assert code == 0 and err == ""
    assert out.startswith("Usage: baccarat [OPTIONS] COMMAND [ARGS]...") and "\nCommands:\n" in out
    assert out == run("--help")[1]


def test_rules_show_gives_the_full_path_of_the_shipped_file() -> None:
    _, out, _ = run("rules", "show", "punto-banco")
    path = shipped_path("punto-banco")
    assert Path(path).is_absolute() and Path(path).is_file()
    assert f"File: {path}" in out


def test_wager_help_lists_every_standard_wager() -> None:
    _, out, _ = run("analyze", "--help")
    flat = " ".join(out.split())
    assert all(name in flat for name in standard_wagers())


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("baccarat analyze --wager dragon", {"dragon-bonus-player", "dragon-bonus-banker"}),
        ("baccarat simulate --rules examples/ez-baccarat.toml --wager d", {"dragon-7"}),
        ("baccarat analyze --rules punto-ba", {"punto-banco"}),
    ],
)
def test_shell_completion_offers_wager_and_rule_set_names(
    line: str, expected: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.shell_completion import ShellComplete

    monkeypatch.chdir(ROOT)
    words = shlex.split(line)
    completion = ShellComplete(cli, {}, "baccarat", "_BACCARAT_COMPLETE")
    offered = {item.value for item in completion.get_completions(words[1:-1], words[-1])}
    assert expected <= offered


@pytest.mark.slow
def test_count_and_simulate_default_to_one_worker_per_core() -> None:
    for command in ("count", "simulate"):
        (workers,) = [p for p in all_commands()[command].params if p.name == "workers"]
        assert workers.default is None and "one per core" in (workers.help or "")
    _, out, _ = run(
        "count", "--rules", "punto-banco", "--wager", "banker", "--shoes", "60", "--decks", "1", "--cut-card", "12"
    )
    assert f"local, {min(cores(), 3)} worker" in out  # 60 shoes are 3 chunks: never more workers than chunks


def test_workers_beyond_four_per_core_are_refused() -> None:
    assert_refused(
        ["simulate", "--rules", "punto-banco", "--workers", str(max_workers() + 1)],
        f"is not from 1 to {max_workers()} (four per core",
    )


def test_pay_puts_both_pays_side_by_side_in_compare() -> None:
    code, out, _ = run("compare", "--rules", "punto-banco", "--pay", "tie:tie=9:1", "--format", "json")
    assert code == 0
    text = " ".join(out.split())
    assert '"punto-banco"' in text and '"punto-banco, tie 9:1"' in text
    _, table, _ = run("compare", "--rules", "punto-banco", "--pay", "tie:tie=9:1")
    tie = next(line for line in table.splitlines() if line.startswith("tie "))
    assert "14.3596%" in tie and "4.8440%" in tie  # 8:1 and 9:1 side by side


NINE_TO_ONE = Fraction(-63053127805, 1301666217579)
"""The Tie's exact expected value at 9:1, 8 decks (4.8440% house edge)."""


@pytest.mark.parametrize(
    ("args", "figure"),
    [
        (
            ["simulate", "--rules", "punto-banco", "--rounds", "20000", "--seed", "1", "--wager", "tie"],
            lambda doc: Fraction(doc["wagers"][0]["exact"]),
        ),
        (
            ["eor", "--rules", "punto-banco", "--wager", "tie"],
            lambda doc: Fraction(doc[0]["wagers"][0]["expected_value"]),
        ),
        (
            ["analyze", "--rules", "punto-banco", "--wager", "tie"],
            lambda doc: -Fraction(doc[0]["wagers"][0]["house_edge"]),
        ),
    ],
)
def test_pay_changes_the_pay_in_every_command_that_computes_with_it(args: list[str], figure) -> None:  # type: ignore[no-untyped-def]
    plain, paid = run(*args, "--format", "json"), run(*args, "--pay", "tie:tie=9:1", "--format", "json")
    assert plain[0] == paid[0] == 0, paid[2]
    assert figure(json.loads(paid[1])) == NINE_TO_ONE != figure(json.loads(plain[1]))


@pytest.mark.slow
def test_pay_changes_what_a_counting_study_expects() -> None:
    """Betting the Tie every round: at 9:1 each round's exact expectation is higher than at 8:1."""
    args = [
        "count",
        "--rules",
        "punto-banco",
        "--wager",
        "tie",
        "--shoes",
        "20",
        "--workers",
        "1",
        "--play",
        "count",
        "--tags",
        " ".join(["0"] * 13),
        "--threshold",
        "0",
        "--format",
        "json",
    ]
    plain, paid = run(*args), run(*args, "--pay", "tie:tie=9:1")
    assert plain[0] == paid[0] == 0, paid[2]
    eight, nine = json.loads(plain[1]), json.loads(paid[1])
    assert eight["bets"] == nine["bets"] == eight["rounds"] > 0
    assert Fraction(nine["units_expected"]) > Fraction(eight["units_expected"])


def test_eor_accepts_remove_and_remove_accepts_counts() -> None:
    by_count = run("eor", "--rules", "punto-banco", "--wager", "banker", "--remove", "5x4,K", "--format", "json")
    by_list = run("eor", "--rules", "punto-banco", "--wager", "banker", "--remove", "5,5,5,5,K", "--format", "json")
    full = run("eor", "--rules", "punto-banco", "--wager", "banker", "--format", "json")

    def figures(out: str) -> list[dict[str, object]]:  # the report less its provenance, which names the command line
        return [{k: v for k, v in document.items() if k != "provenance"} for document in json.loads(out)]

    assert by_count[0] == 0 and figures(by_count[1]) == figures(by_list[1]) != figures(full[1])


@pytest.mark.parametrize(
    ("remove", "message"),
    [
        ("5x0", "N in CARDxN is from 1 to 4,000"),
        ("5x99999", "N in CARDxN is from 1 to 4,000"),
        ("Zx2", "'Z' is not a card"),
        ("5x", "is not CARDxN"),
        ("5x33", "Cannot remove 33 card(s) of rank 5"),
    ],
)
def test_remove_counts_are_checked(remove: str, message: str) -> None:
    assert_refused(["analyze", "--rules", "punto-banco", "--remove", remove], message)


@pytest.mark.parametrize(
    "cards",
    ["9 K 3 5", "9 K 3 5 4", "9 K 3 5 4 2", "9 K 3 5 4 2 7", "9 K 3 5 4 2 7 8"],
)
def test_deal_refuses_an_own_hand_with_too_few_cards(cards: str) -> None:
    assert_refused(
        ["deal", "--rules", "mini-louisiana", "--cards", cards, "--bet", "player=10", "--own-hand", "DRAW"], "but only"
    )


def test_progress_shows_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(cli_module.sys, "stderr", terminal)
    with cli_module.progress(3, "fitting formulas") as bar:
        assert bar is not None
        bar(3)
    assert "fitting formulas" in terminal.getvalue()
    monkeypatch.setattr(cli_module.sys, "stderr", io.StringIO())
    with cli_module.progress(3, "fitting formulas") as bar:
        assert bar is None
