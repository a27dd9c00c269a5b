"""The README as a newcomer meets it: short, rendered cleanly, the quick start, and every example's real output.

Rendering: markdown-it-py (a CommonMark parser, the test extra) turns the README into tokens, so
that an unclosed code fence, which swallows every section after it, fails here rather than on a
reader's screen. The examples run through :mod:`tests.examples`, as every docs page's do.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from .examples import Example, examples_in, parameters, run_example

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOKENS = MarkdownIt("commonmark").parse(README)
LINES = README.splitlines()
MAX_LINES = 250


def _headings(level: int) -> list[str]:
    return [TOKENS[i + 1].content for i, t in enumerate(TOKENS) if t.type == "heading_open" and t.tag == f"h{level}"]


def test_the_readme_is_short_and_the_manual_is_the_docs_site() -> None:
    assert len(LINES) <= MAX_LINES, f"README.md has {len(LINES)} lines; move detail into docs/"
    for target in re.findall(r"\]\((docs/[^)#]+)", README):
        assert (ROOT / target).exists(), f"README links to {target}, which does not exist"


def test_every_code_fence_is_closed() -> None:
    fences = [t for t in TOKENS if t.type == "fence"]
    assert fences
    for fence in fences:
        assert fence.map is not None
        last = LINES[fence.map[1] - 1] if fence.map[1] - 1 < len(LINES) else ""
        assert last.strip().startswith("```"), f"the code block opened on line {fence.map[0] + 1} is never closed"


def test_the_sections_a_reader_looks_for_are_headings() -> None:
    assert _headings(1) == ["baccarat-analyzer"]
    second = _headings(2)
    for section in (
        "Quick start",
        "An example par sheet",
        "A side bet, written and priced",
        "Verifying a submitted par sheet",
        "Where to read on",
        "License",
    ):
        assert section in second


def _quick_start() -> list[str]:
    section = README[README.index("## Quick start") : README.index("## An example par sheet")]
    return re.findall(r"```sh\n(.*?)\n```", section, re.DOTALL)


def test_the_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    first, second = _quick_start()
    for command in (first, second):
        assert "\n" not in command and command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
        assert not re.search(r"(^|\s)python\s", command)  # Debian has no `python` command
    assert first.endswith(".venv/bin/baccarat analyze")
    assert second.endswith(".venv/bin/python -m pytest")


def test_ci_runs_exactly_the_readme_s_test_command_then_ruff_and_mypy() -> None:
    _, second = _quick_start()
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert "set -euo pipefail" in lines
    assert second in lines
    after = lines[lines.index(second) + 1 :]
    assert after == [
        ".venv/bin/pip install -q -c .ci/constraints.txt -e '.[dev]'",
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/mypy",
    ]


def test_the_test_command_installs_pinned_versions() -> None:
    _, second = _quick_start()
    assert " -c .ci/constraints.txt " in second


EXAMPLES = examples_in(ROOT / "README.md")


def test_the_readme_shows_three_examples_with_real_output() -> None:
    assert len(EXAMPLES) >= 3
    assert any(command.startswith("cat ") for example in EXAMPLES for command, _ in example.steps)


@pytest.mark.parametrize("example", parameters(EXAMPLES))
def test_a_readme_example_prints_what_the_readme_shows(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # restored after the test; run_example works in tmp_path
    run_example(example, tmp_path)
