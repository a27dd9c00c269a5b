"""A permanent regression guard: mutated rule files and claims files never crash, hang or flood.

Hypothesis mutates the shipped rule files, the side-bet catalogue's files and the published claims file (lines deleted
or
duplicated, values replaced by wrong types, unicode, huge numbers, deep nesting, keys renamed,
binary noise) and runs the command on each. The contract of every outcome: exit 0 (or 1, a
refuted claim) with sane output, or exit 2 with exactly one short line on stderr and nothing on
stdout; within a few seconds; never a traceback. 225 files in all, a few seconds.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.game.shipped import catalogue, shipped, shipped_text

from .clirun import run
from .conftest import EXAMPLES

RULE_TEXTS = [shipped_text(name) for name in shipped()] + [(EXAMPLES / "ez-baccarat.toml").read_text()]
CLAIMS_TEXT = (EXAMPLES / "claims.toml").read_text()
SIDE_BET_TEXTS = [shipped_text(name) for name in catalogue()] + [(EXAMPLES / "my-side-bets.toml").read_text()]

_toml_string = st.text(max_size=40).map(lambda s: json.dumps(s, ensure_ascii=False))
VALUES = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.integers(min_value=10**20, max_value=10**90).map(str),
    st.sampled_from(["9" * 5000, "1" + "0" * 400, "-" + "9" * 120, "0", "-1", "1001", "inf", "nan", "1e308", "0.5"]),
    _toml_string,
    st.sampled_from(
        [
            '"' + "x" * 200_000 + '"',
            '"\\u0000"',
            '"\u202e\u00e9\U0001f0a1"',
            '"1.0579%"',
            '"43/415"',
            '"5x4000"',
            '"9 K 3"',
            '"lose"',
            '"push"',
            '"1:0"',
            '"11:1"',
            '"punto-banco"',
            '"exact"',
        ]
    ),
    st.booleans().map(lambda b: "true" if b else "false"),
    st.integers(min_value=1, max_value=5000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=3000).map(lambda n: "{a = " * n + "1" + "}" * n),
    st.lists(st.integers(min_value=-3, max_value=12), max_size=6).map(lambda xs: "[" + ", ".join(map(str, xs)) + "]"),
    st.just('{ name = "x", pays = "1:1" }'),
)


_INLINE_PAIR = re.compile(r'(?P<key>[a-z_]+) = (?P<value>"[^"]*"|\[[^\]\[]*\]|\{[^{}]*\}|[\w.+-]+)')
"""A ``key = value`` pair inside a line, such as a condition of a pay-table row (``total = 8``, ``holds = ["K",
"Q"]``)."""


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> bytes:
    """One of ``texts`` with one to three mutations."""
    lines = draw(st.sampled_from(texts)).splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        kind = draw(
            st.sampled_from(
                ["value", "value", "value", "inline", "inline", "delete", "duplicate", "key", "noise", "nest"]
            )
        )
        pairs = list(_INLINE_PAIR.finditer(lines[i]))
        if kind == "inline" and pairs:  # a value inside an inline table: a pay-table row's condition
            pair = pairs[draw(st.integers(min_value=0, max_value=len(pairs) - 1))]
            lines[i] = lines[i][: pair.start("value")] + draw(VALUES) + lines[i][pair.end("value") :]
        elif kind == "value" and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {draw(VALUES)}"
        elif kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "key" and "=" in lines[i]:
            lines[i] = f"{draw(st.text(alphabet='abcxyz_-é', min_size=1, max_size=12))} =" + lines[i].split("=", 1)[1]
        elif kind == "nest":
            lines.insert(i, f"[{'a.' * draw(st.integers(min_value=1, max_value=200))}b]")
        if not lines:
            lines = ["# empty"]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.integers(min_value=0, max_value=5)) == 0:  # binary noise
        at = draw(st.integers(min_value=0, max_value=len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=40)) + data[at:]
    return data


def _outcome_is_sane(args: list[str], ok_codes: tuple[int, ...], check_output) -> None:  # type: ignore[no-untyped-def]
    started = time.monotonic()
    code, out, err = run(*args)
    assert time.monotonic() - started < 5, f"{args}: took {time.monotonic() - started:.1f} s"
    if code == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("baccarat: error: "), err[:2000]
        assert len(err) < 700, err[:2000]
    else:
        assert code in ok_codes, f"exit {code}: {err[-3000:]}"
        check_output(out)


FUZZ = settings(
    max_examples=75,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(mutated(RULE_TEXTS))
def test_a_mutated_rule_file_is_analysed_or_refused_in_one_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.toml"
        path.write_bytes(data)
        _outcome_is_sane(
            ["analyze", "--rules", str(path), "--format", "json"], (0,), lambda out: json.loads(out)[0]["wagers"]
        )


@FUZZ
@given(mutated(SIDE_BET_TEXTS), st.booleans())
def test_a_mutated_side_bet_file_is_analysed_or_refused_in_one_line(data: bytes, as_wagers: bool) -> None:
    """The condition language, ``extends`` and ``--wagers``: a rule file of the catalogue, or added to another game."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.toml"
        path.write_bytes(data)
        rules = ["--rules", "dactylus", "--wagers", str(path)] if as_wagers else ["--rules", str(path)]
        _outcome_is_sane(["analyze", *rules, "--format", "json"], (0,), lambda out: json.loads(out)[0]["wagers"])


@FUZZ
@given(mutated([CLAIMS_TEXT]))
def test_a_mutated_claims_file_is_verified_or_refused_in_one_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(EXAMPLES / "ez-baccarat.toml", folder)  # the claims file names it by a relative path
        path = Path(folder) / "claims.toml"
        path.write_bytes(data)
        _outcome_is_sane(["verify", str(path), "--format", "json"], (0, 1), lambda out: json.loads(out))
