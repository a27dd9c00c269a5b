"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

REFERENCE = Path(__file__).parent / "reference"
EXAMPLES = Path(__file__).parent.parent / "examples"
RULEFILES = Path(__file__).parent / "rulefiles"


def reference_records(name: str) -> list[tuple[str, list[str]]]:
    """The records of a perft-style file of ``reference/``: each with the ``# Source:`` line above it, its fields
    split at ``|`` and stripped."""
    source, records = "", []
    for line in (REFERENCE / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# Source:"):
            source = line[len("# Source:"):].strip()
        elif line.strip() and not line.startswith("#"):
            records.append((source, [field.strip() for field in line.split("|")]))
    return records


@pytest.fixture
def rule_file(tmp_path: Path):
    """Write a rule file from text and return its path."""

    def write(text: str, name: str = "custom.toml") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write
