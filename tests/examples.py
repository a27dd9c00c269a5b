"""The one runner of the examples in README.md and on every page of docs/: they run, and must match.

The convention: a fenced code block whose first line begins with ``$ baccarat`` or ``$ cat`` is an
example, unless its info string is ``text`` (output shown, not run: a long study, say). Each line beginning with ``$ ``
is a command (a line ending in ``\\`` continues on the
next); the lines up to the next command are its output, exactly, except that a line ``...`` stands
for any number of lines and ``...`` inside a line for any text. ``$ cat FILE`` writes FILE with the
lines shown, so that the commands after it read it. ``; echo "exit status $?"`` after a command
adds that line, and then the error line of a refused command (exit status 2) is part of the
output. Commands run in a fresh folder holding a copy of ``examples/``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from analyzer.cli import cli

from .slow import dealing

ROOT = Path(__file__).parent.parent
SLOW = ("baccarat simulate --rules live-pittsburgh --rounds 100000000",)
"""Commands run only with BACCARAT_SLOW_EXAMPLES=1 (100 million rounds: about 1.3 s on 2 workers)."""


@dataclass(frozen=True)
class Example:
    """One example block: where it is, and its (command, expected output lines) steps."""

    path: Path
    line: int
    steps: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def slow(self) -> bool:
        return any(command.startswith(SLOW) for command, _ in self.steps)

    @property
    def dealing(self) -> bool:
        return any(dealing(command) for command, _ in self.steps)


def parameters(examples: list[Example]) -> list[object]:
    """The examples as test parameters, named by page and line; those that deal (:func:`.slow.dealing`) marked ``slow``,
    out of the quick subset."""
    return [pytest.param(e, id=e.name, marks=(pytest.mark.slow,) if e.dealing else ()) for e in examples]


def examples_in(path: Path) -> list[Example]:
    """Every example block of the Markdown file ``path`` (rendered by a CommonMark parser)."""
    found = []
    for fence in (t for t in MarkdownIt("commonmark").parse(path.read_text(encoding="utf-8")) if t.type == "fence"):
        lines = fence.content.splitlines()
        if fence.info.strip() == "text" or not lines or not lines[0].startswith(("$ baccarat", "$ cat ")):
            continue
        steps: list[tuple[str, tuple[str, ...]]] = []
        i = 0
        while i < len(lines):
            assert lines[i].startswith("$ "), f"{path}: {lines[i]!r} is neither a command nor its output"
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            i += 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i])
                i += 1
            steps.append((command, tuple(expected)))
        assert fence.map is not None
        found.append(Example(path, fence.map[0] + 1, tuple(steps)))
    return found


def matches(expected: list[str] | tuple[str, ...], actual: list[str]) -> bool:
    """Line by line; a line `...` matches any number of lines, `...` in a line any text."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.rstrip().split("..."))
    return re.fullmatch(pattern, actual[0].rstrip()) is not None and matches(rest, actual[1:])


def run_example(example: Example, folder: Path) -> None:
    """Run ``example`` in ``folder``, made the working directory; fail on the first mismatch.

    A slow example is skipped unless BACCARAT_SLOW_EXAMPLES is set.
    """
    if example.slow and not os.environ.get("BACCARAT_SLOW_EXAMPLES"):
        pytest.skip("slow: run with BACCARAT_SLOW_EXAMPLES=1")
    os.chdir(folder)
    shutil.copytree(ROOT / "examples", folder / "examples")
    for command, expected in example.steps:
        words = shlex.split(command)
        if words[0] == "cat":
            (folder / words[1]).write_text("\n".join(expected) + "\n")
            continue
        status = command.endswith('; echo "exit status $?"')
        if status:
            words = shlex.split(command[: command.index("; echo")])
        assert words[0] == "baccarat", f"{example.name}: only baccarat and cat run here: {command}"
        result = CliRunner().invoke(cli, words[1:], prog_name="baccarat")
        actual = result.stdout.splitlines()
        if status:
            actual += (result.stderr.splitlines() if result.exit_code == 2 else []) + [
                f"exit status {result.exit_code}"
            ]
        else:
            assert result.exit_code in (0, 1), f"{example.name}: `{command}` failed: {result.stderr}"
        assert matches(expected, actual), f"{example.name}: `{command}` printed\n" + "\n".join(actual[:80])
