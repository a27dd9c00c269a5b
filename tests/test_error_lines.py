"""Errors with their line (issue 29, item 7): a rule file's error names file, line and key at the command line as in
the workbench; the multiplier table's error names the table and its sum; a Lightning par sheet says how a tie with a
fee is counted; the values of ``straight`` each mean one thing, as the reference says."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from analyzer.game.shipped import shipped_text

from .clirun import run

SIDE_BET = """[rule_set]
name = "my-game"
title = "Punto banco with a side bet of my own"
extends = "punto-banco"

[wagers.nine-nine]
title = "Both hands 9"
source = "my own design"
outcomes = [
  { name = "both 9", player = { total = 9 }, banker = { total = 9 }, pays = "40:1" },
  { name = "other", pays = "lose" },
]
"""

BROKEN: list[tuple[str, str, str, int, str]] = [
    # (what is wrong, the text replaced, its replacement, the line named, the key named)
    ("a pay no one can read", 'pays = "40:1"', 'pays = "forty"', 10, "wagers.nine-nine.outcomes[0].pays"),
    (
        "an unknown key in a row",
        '{ name = "other", pays',
        '{ name = "other", colour = 3, pays',
        11,
        "wagers.nine-nine.outcomes[1].colour",
    ),
    ("a key of the wrong type", 'source = "my own design"', "source = 7", 8, "wagers.nine-nine.source"),
    ("a key that is missing", 'title = "Both hands 9"\n', "", 6, "wagers.nine-nine.title"),
    (
        "an unknown table key",
        'extends = "punto-banco"',
        'extends = "punto-banco"\ncolour = "red"',
        5,
        "rule_set.colour",
    ),
    ("an extends that names nothing", 'extends = "punto-banco"', 'extends = "nowhere"', 4, "rule_set.extends"),
    ("a total out of range", "player = { total = 9 }", "player = { total = 19 }", 10, "wagers.nine-nine.outcomes[0]"),
    (
        "a row no deal reaches",
        '{ name = "other", pays = "lose" },',
        '{ name = "nine and three", player = { natural = true, cards = 3 }, pays = "2:1" },\n'
        '  { name = "other", pays = "lose" },',
        11,
        "wagers.nine-nine.outcomes[1]",
    ),
    ("a TOML syntax error", 'title = "Both hands 9"', 'title = "Both hands 9', 7, ""),
    (
        "a wager required that is not there",
        'source = "my own design"',
        'source = "my own design"\nrequires = ["nope"]\nrequires_source = "mine"',
        9,
        "wagers.nine-nine.requires",
    ),
    (
        "a dealing procedure the drawing rules cannot follow",
        'extends = "punto-banco"',
        'extends = "punto-banco"\n\n[dealing]\norder = "P B P B"\nprocedure = "louisiana"\nsource = "s"',
        8,
        "dealing.procedure",
    ),
]


@pytest.mark.parametrize(("what", "old", "new", "line", "key"), BROKEN, ids=[b[0] for b in BROKEN])
def test_every_rule_file_error_on_the_command_line_names_file_line_and_key(
    rule_file: Callable[[str], str], what: str, old: str, new: str, line: int, key: str
) -> None:
    assert old in SIDE_BET
    path = rule_file(SIDE_BET.replace(old, new, 1))
    code, out, err = run("analyze", "--rules", path)
    assert code == 2 and out == ""
    assert err.startswith(f"baccarat: error: {path}, line {line}: {key}"), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("what", "old", "new", "line", "key"), BROKEN, ids=[b[0] for b in BROKEN])
def test_the_workbench_names_the_same_line(what: str, old: str, new: str, line: int, key: str) -> None:
    pytest.importorskip("starlette", reason="the workbench is the web extra")
    from starlette.testclient import TestClient

    from analyzer.web.app import create_app
    from analyzer.web.guard import Guard

    client = TestClient(create_app(Guard.for_address("testserver", 80, None)), base_url="http://testserver")
    answer = client.post("/api/workbench", json={"state": {"text": SIDE_BET.replace(old, new, 1)}})
    assert answer.status_code == 400
    problem = answer.json()
    assert problem["line"] == line and problem["error"].startswith(f"rule file, line {line}: {key}"), problem


def test_an_error_in_a_file_it_extends_names_both_lines(rule_file: Callable[[str], str], tmp_path: Path) -> None:
    parent = rule_file(SIDE_BET.replace('pays = "40:1"', 'pays = "forty"'))
    child = tmp_path / "child.toml"
    child.write_text(
        f'[rule_set]\nname = "child"\ntitle = "A child"\nextends = "{parent}"\n\n[wagers]\n', encoding="utf-8"
    )
    code, _, err = run("analyze", "--rules", str(child))
    assert code == 2
    assert re.match(
        rf"baccarat: error: {re.escape(str(child))}, line 4: rule_set\.extends: {re.escape(parent)}, line 10: ", err
    )


def test_a_multiplier_table_that_does_not_add_up_names_the_table_and_its_sum(rule_file: Callable[[str], str]) -> None:
    text = Path("examples/lightning-style.toml").read_text(encoding="utf-8").replace('"8" = "5%"', '"8" = "4%"', 1)
    path = rule_file(text)
    code, _, err = run("analyze", "--rules", path, "--wager", "lightning-player")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"8" = "4%"' in t)
    assert code == 2
    assert (
        f"{path}, line {line}: wagers.lightning-player.lightning.multipliers: its probabilities add up to 99/100 "
        "(99.0000%), not 1; they must add up to 1 exactly." in err
    )


def test_a_lightning_par_sheet_says_a_tie_keeps_the_fee_and_is_no_push() -> None:
    code, out, _ = run("analyze", "--rules", "examples/lightning-style.toml", "--wager", "lightning-player")
    assert code == 0
    assert re.search(r"push frequency: 0\.00000000", out)
    note = " ".join(out[out.index("stake back, fee kept:") :].split())
    assert note.startswith(
        "stake back, fee kept: tie: the stake comes back but the fee is kept, -1:6 per unit staked; counted as a "
        "loss of the fee, not a push"
    )
    code, out, _ = run("analyze", "--rules", "punto-banco", "--wager", "player")
    assert "fee kept" not in out  # a tie that pushes with nothing kept is a push


STRAIGHTS = {  # the reference's examples, value by value: which three ranks make a straight
    "true": {"A23": True, "QKA": True, "234": True},
    '"ace-low"': {"A23": True, "QKA": False, "234": True},
    '"ace-high"': {"QKA": True, "A23": False, "234": True},
    "false": {"A23": False, "235": True, "KA2": True},
}


@pytest.mark.parametrize("value", list(STRAIGHTS))
def test_each_value_of_straight_means_what_the_reference_says(value: str) -> None:
    from analyzer.game.conditionkeys import CONDITION_KEYS
    from analyzer.game.patternfile import read_pattern
    from analyzer.game.patterns import RANKS_KEYING, pattern_holds
    from analyzer.game.strict import StrictTable, parse_toml

    (key,) = [k for k in CONDITION_KEYS if k.name == "straight"]
    pattern = read_pattern(StrictTable(parse_toml(f"straight = {value}", "t"), "group", "t"))
    assert pattern is not None
    rank = {"A": 0, "2": 1, "3": 2, "4": 3, "5": 4, "Q": 11, "K": 12}
    for cards, holds in STRAIGHTS[value].items():
        assert pattern_holds(pattern, {RANKS_KEYING: tuple(sorted(rank[c] for c in cards))}, None) == holds, cards
        shown = "-".join(cards)
        if value != "true" or holds:
            assert shown in key.text, f"the reference does not say what {value} does to {shown}"


def _paths(data: dict[str, object], prefix: str = "") -> list[tuple[str, str | None]]:
    """Every key path of parsed TOML as the loaders name them, with the key written last (None for an element)."""
    found: list[tuple[str, str | None]] = []
    for key, value in data.items():
        path = f"{prefix}.{key}" if prefix else key
        found.append((path, key))
        if isinstance(value, dict):
            found += _paths(value, path)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                found.append((f"{path}[{i}]", None))
                if isinstance(item, dict):
                    found += _paths(item, f"{path}[{i}]")
    return found


def test_every_key_of_every_shipped_file_is_found_on_the_line_that_writes_it() -> None:
    import tomllib

    from analyzer.game.keylines import key_lines
    from analyzer.game.shipped import catalogue, shipped

    checked = 0
    for name in (*shipped(), *catalogue()):
        text = shipped_text(name)
        lines, written = key_lines(text), text.splitlines()
        for path, key in _paths(tomllib.loads(text)):
            assert path in lines, f"{name}: {path} not found"
            if key is not None:
                assert key in written[lines[path] - 1], f"{name}: {path} placed at line {lines[path]}"
            checked += 1
    assert checked > 4000


def test_keys_in_every_kind_of_toml_string_and_table_are_placed() -> None:
    from analyzer.game.keylines import key_lines

    text = (
        'a = """x\n"y" = 1\n"""\n'  # a multi-line string that looks like a key inside
        "b = '''\nc = 2\n'''\n"
        '"quoted key" = "with \\" and # inside"\n'
        "[t.u]  # a comment\n"
        "v = [ # an array over lines\n  1,\n  { w = 2 },\n]\n"
        "[[arr]]\nx = 1\n[[arr]]\nx = 2\n"
    )
    lines = key_lines(text)
    assert {k: lines[k] for k in ("a", "b", "quoted key", "t.u", "t.u.v", "t.u.v[1].w", "arr[1].x")} == {
        "a": 1,
        "b": 4,
        "quoted key": 7,
        "t.u": 8,
        "t.u.v": 9,
        "t.u.v[1].w": 11,
        "arr[1].x": 16,
    }
    assert "y" not in lines and "c" not in lines
