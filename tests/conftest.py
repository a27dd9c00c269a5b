"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

REFERENCE = Path(__file__).parent / "reference"
EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture
def rule_file(tmp_path: Path):
    """Write a rule file from text and return its path."""

    def write(text: str, name: str = "custom.toml") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write
RULEFILES = Path(__file__).parent / "rulefiles"
