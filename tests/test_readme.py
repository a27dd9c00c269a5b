"""The README as a newcomer meets it: rendered structure, the quick start, and every example's real output.

Rendering: markdown-it-py (a CommonMark parser, the test extra) turns the README into tokens, so
that an unclosed code fence, which swallows every section after it, or a heading lost inside a
code block, fails here rather than on a reader's screen.

Examples, the convention: a fenced code block whose first line begins with ``$ baccarat`` is run.
Each line beginning with ``$ `` is a command (a line ending in ``\\`` continues on the next);
the lines up to the next command are its standard output, exactly, except that a line ``...``
stands for any number of lines and ``...`` inside a line for any text. ``$ cat FILE`` writes FILE
with the lines shown (so a later command can read it); ``; echo "exit status $?"`` after a
command adds that line. Commands run in a folder holding a copy of ``examples/``.
The slow example (SLOW below: 100 million rounds, about 1.3 s on 2 workers and far longer on
one) runs only with BACCARAT_SLOW_EXAMPLES=1; it matched when this was written.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from analyzer.cli import all_commands, cli

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOKENS = MarkdownIt("commonmark").parse(README)
LINES = README.splitlines()

SLOW = ("baccarat simulate --rules live-pittsburgh --rounds 100000000",)


def _headings(level: int) -> list[str]:
    return [TOKENS[i + 1].content for i, t in enumerate(TOKENS) if t.type == "heading_open" and t.tag == f"h{level}"]


def test_every_code_fence_is_closed() -> None:
    fences = [t for t in TOKENS if t.type == "fence"]
    assert fences
    for fence in fences:
        assert fence.map is not None
        last = LINES[fence.map[1] - 1] if fence.map[1] - 1 < len(LINES) else ""
        assert last.strip().startswith("```"), f"the code block opened on line {fence.map[0] + 1} is never closed"


def test_no_heading_or_section_is_swallowed_by_a_code_block() -> None:
    for fence in (t for t in TOKENS if t.type == "fence"):
        if fence.info.strip() in ("", "sh", "text"):
            assert not re.search(r"^#{2,3} ", fence.content, re.MULTILINE), f"a heading inside the block at line {fence.map}"
            assert "\n### `baccarat" not in fence.content


def test_the_sections_a_reader_looks_for_are_headings() -> None:
    assert _headings(1) == ["baccarat-analyzer"]
    second = _headings(2)
    for section in ("Quick start", "An example par sheet", "Commands", "Bad input and limits",
                    "Writing your own rule file", "How the figures are proved", "Speed", "Layout", "License"):
        assert section in second
    commands = sorted(all_commands())
    assert sorted(h.strip("`") for h in _headings(3) if h.startswith("`baccarat ")) == [f"baccarat {c}" for c in commands]


def _quick_start() -> list[str]:
    section = README[README.index("## Quick start") : README.index("## An example par sheet")]
    return re.findall(r"```sh\n(.*?)\n```", section, re.DOTALL)


def test_the_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    first, second = _quick_start()
    for command in (first, second):
        assert "\n" not in command and command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
        assert not re.search(r"(^|\s)python\s", command)  # Debian has no `python` command
    assert first.endswith(".venv/bin/baccarat analyze")


def test_ci_runs_exactly_the_readme_s_test_command() -> None:
    _, second = _quick_start()
    script = (ROOT / ".ci" / "run").read_text()
    assert script.splitlines()[-1] == second
    assert "set -euo pipefail" in script


# ------------------------------------------------------------- examples


def _examples() -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """(line of the block, [(command, expected output lines)]) for every block that begins with `$ baccarat`."""
    found = []
    for fence in (t for t in TOKENS if t.type == "fence"):
        lines = fence.content.splitlines()
        if not lines or not lines[0].startswith("$ baccarat"):
            continue
        steps: list[tuple[str, list[str]]] = []
        i = 0
        while i < len(lines):
            assert lines[i].startswith("$ "), lines[i]
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            i += 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i])
                i += 1
            steps.append((command, expected))
        assert fence.map is not None
        found.append((fence.map[0] + 1, steps))
    return found


EXAMPLES = _examples()


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line `...` matches any number of lines, `...` in a line any text."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(_matches(rest, actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.rstrip().split("..."))
    return re.fullmatch(pattern, actual[0].rstrip()) is not None and _matches(rest, actual[1:])


def test_there_are_examples_to_check() -> None:
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize(("line", "steps"), EXAMPLES, ids=[f"README line {line}" for line, _ in EXAMPLES])
def test_a_readme_example_prints_what_the_readme_shows(
    line: int, steps: list[tuple[str, list[str]]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if any(command.startswith(SLOW) for command, _ in steps) and not os.environ.get("BACCARAT_SLOW_EXAMPLES"):
        pytest.skip("slow: run with BACCARAT_SLOW_EXAMPLES=1")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for command, expected in steps:
        words = shlex.split(command)
        if words[0] == "cat":
            Path(words[1]).write_text("\n".join(expected) + "\n")
            continue
        status = words[-3:] == [";", "echo", "exit status $?"] or command.endswith('; echo "exit status $?"')
        if status:
            words = shlex.split(command[: command.index("; echo")])
        assert words[0] == "baccarat", command
        result = CliRunner().invoke(cli, words[1:], prog_name="baccarat")
        actual = result.stdout.splitlines() + ([f"exit status {result.exit_code}"] if status else [])
        assert result.exit_code in (0, 1), f"{command}: {result.stderr}"
        assert _matches(expected, actual), (
            f"README line {line}: `{command}` printed\n" + "\n".join(actual[:80])
        )
