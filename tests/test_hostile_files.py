"""Every file the program reads: anything but a sane TOML text is one line, exit 2, within a second.

The cases an adversarial tester tried (see issue 13): directories, FIFOs, devices, paths too long,
binary and non-UTF-8 files, nesting 5,000 deep, whole numbers of thousands of digits, values of
megabytes quoted back, and claims whose precision or figures have thousands of digits.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from analyzer.game.shipped import shipped_text
from analyzer.game.strict import MAX_FILE_BYTES

from .clirun import run

CLAIM = """[[claim]]
rules = "punto-banco"
decks = 8
wager = "banker"
figure = "house_edge"
value = "1.0579%"
"""


def _refused(args: list[str], message: str) -> str:
    started = time.monotonic()
    code, out, err = run(*args)
    # A hang guard, not a speed claim: a FIFO or device read whole would never return.
    assert time.monotonic() - started < 10.0
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert message in err, err
    assert len(err) < 700
    return err


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, str]:
    """Paths of hostile files, by name."""
    paths: dict[str, str] = {}

    def text(name: str, content: str | bytes) -> None:
        path = tmp_path / f"{name}.toml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        paths[name] = str(path)

    rules = shipped_text("punto-banco")
    text("nested", "a = " + "[" * 5000 + "]" * 5000 + "\n")
    text("nested-tables", "a = " + "{b = " * 2000 + "1" + "}" * 2000 + "\n")
    text("big-integer", rules.replace("decks = 8", "decks = " + "9" * 5000))
    text("long-integer", rules.replace("decks = 8", "decks = " + "9" * 400))
    text("huge-decks", rules.replace("decks = 8", "decks = " + "9" * 50))
    text("long-string", rules.replace("decks = 8", 'decks = "' + "x" * 900_000 + '"'))
    text("binary", bytes(range(256)) * 4)
    text("latin-1", rules.replace('"Mini-baccarat', '"Mini-baccarat \u00e9').encode("latin-1", "replace"))
    text("too-big", "# " + "x" * MAX_FILE_BYTES + "\n")
    text("nested-value", rules.replace("decks = 8", "decks = [[[[1]]]]"))
    (tmp_path / "folder.toml").mkdir()
    paths["folder"] = str(tmp_path / "folder.toml")
    os.mkfifo(tmp_path / "fifo.toml")
    paths["fifo"] = str(tmp_path / "fifo.toml")
    paths["device"] = "/dev/zero"
    paths["too-long"] = str(tmp_path / ("x" * 5000 + ".toml"))
    paths["missing"] = str(tmp_path / "missing.toml")
    return paths


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nested", "nested too deep; at most 32 levels"),
        ("nested-tables", "nested too deep"),
        ("big-integer", "a whole number has thousands of digits"),
        ("long-integer", "is a whole number of 400 digits; at most 100 digits are allowed"),
        ("huge-decks", "shoe.decks: is 99999999999999999999999999999999999999999999999999; it must be from 1 to 1,000"),
        ("long-string", "shoe.decks: is 'xxxx"),
        ("binary", "it is binary (it holds NUL bytes)"),
        ("latin-1", "it is not UTF-8 text (byte 0xe9"),
        ("too-big", "a rule file is at most 1,000,000 bytes"),
        ("nested-value", "shoe.decks: is [[[...]]]; it must be a whole number"),
        ("folder", "it is a folder"),
        ("fifo", "it is a FIFO, not a regular file"),
        ("device", "it is a device, not a regular file"),
        ("too-long", "the path is too long for the file system"),
        ("missing", "no such file"),
    ],
)
def test_a_hostile_rule_file_is_one_line_exit_2_within_a_second(
    hostile: dict[str, str], name: str, message: str
) -> None:
    _refused(["analyze", "--rules", hostile[name]], message)


@pytest.mark.parametrize("name", ["nested", "big-integer", "binary", "folder", "fifo", "device", "too-long", "too-big"])
def test_a_hostile_claims_file_is_one_line_exit_2_within_a_second(hostile: dict[str, str], name: str) -> None:
    _refused(["verify", hostile[name]], "claims file" if name not in ("nested", "big-integer") else "")


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        (CLAIM + "precision = 1000000\n", "precision: is 1000000; it must be a number of decimal places from 0 to 100"),
        (CLAIM + "precision = 100000000\n", "precision: is 100000000"),
        (CLAIM.replace('"1.0579%"', '"1.' + "0" * 5000 + '%"'), "is not a number"),
        (CLAIM.replace('"1.0579%"', "1" + "0" * 3000), "is a whole number of 3,001 digits"),
        (CLAIM.replace('"1.0579%"', '"1' + ",000" * 2000 + '"'), "is not a number"),
        (
            CLAIM.replace("decks = 8", "decks = " + "9" * 80),
            "The number of decks must be a whole number from 1 to 1,000",
        ),
        (CLAIM.replace('"punto-banco"', '"' + "y" * 5000 + '.toml"'), "the path is too long for the file system"),
        (CLAIM.replace('"punto-banco"', '"a\\u0000b.toml"'), "the path holds a NUL character"),
    ],
)
def test_claims_with_thousands_of_digits_are_refused_cleanly(tmp_path: Path, claim: str, message: str) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(claim, encoding="utf-8")
    _refused(["verify", str(path)], message)


def test_a_value_of_megabytes_is_quoted_in_at_most_about_a_hundred_characters(hostile: dict[str, str]) -> None:
    err = _refused(["analyze", "--rules", hostile["long-string"]], "900,000 characters")
    assert err.count("x") < 120


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "--decks", "9" * 5000],
        ["analyze", "--decks", "1" + "0" * 1000],
        ["analyze", "--rules", "z" * 100_000],
        ["analyze", "--remove", "5x" + "9" * 5000],
        ["analyze", "--pay", "tie:" + "t" * 100_000 + "=9:1"],
        ["simulate", "--rules", "punto-banco", "--rounds", "1" + "0" * 30],
        ["simulate", "--rules", "punto-banco", "--seed", "9" * 5000],
        ["count", "--rules", "punto-banco", "--wager", "banker", "--shoes", "9" * 5000],
        ["formula", "--upto", "9" * 5000],
        ["deal", "--rules", "punto-banco", "--cards", "9 K " * 50_000],
    ],
)
def test_huge_command_line_values_are_one_short_line(args: list[str]) -> None:
    _refused(args, "")


@pytest.mark.parametrize("args", [["analyze", "--format", "x" * 5000], ["analyze", "--frobnicate" + "x" * 5000]])
def test_click_s_own_refusals_quote_a_value_short_too(args: list[str]) -> None:
    err = _refused(args, "")
    assert err.count("x") < 120


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda text: text.replace(
                "[wagers.tie]", '[wagers.tie]\nrequires = ["' + "x" * 3000 + '"]\nrequires_source = "s"'
            ),
            "requires unknown wager",
        ),
        (
            lambda text: (
                text + "\n[wagers." + "y" * 3000 + ']\ntitle = "t"\nside = "player"\nsource = "s"\n'
                'outcomes = [{ name = "win", result = "win", pays = "1:1" }]\n'
            ),
            "no outcome matches",
        ),
    ],
)
def test_a_name_of_thousands_of_characters_is_quoted_short_and_the_advice_kept(
    tmp_path: Path, edit, message: str
) -> None:  # type: ignore[no-untyped-def]
    """Wager names come from the file: an error naming one cuts it, so the line still ends with what to do."""
    path = tmp_path / "long.toml"
    path.write_text(edit(shipped_text("punto-banco")), encoding="utf-8")
    code, out, err = run("analyze", "--rules", str(path))
    assert code == 2 and out == "" and message in err and len(err) < 600 and "(cut)" not in err, err[:800]
