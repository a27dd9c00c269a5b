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
            source = line[len("# Source:") :].strip()
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


SLOW: tuple[tuple[str, str], ...] = (
    ("test_cli_first_contact.py", "test_every_example_in_a_help_text_runs[baccarat tables"),
    ("test_cli_first_contact.py", "test_every_example_in_a_help_text_runs[baccarat report"),
    ("test_results.py", "test_results_folder_is_current"),
    ("test_results.py", "test_tables_command_writes_every_file"),
    ("test_owncards_report.py", "test_results_hold_the_eight_deck_card"),
    ("test_conditions.py", "test_fast_paths_equal_the_reference_on_random_suited_shoes"),
    ("test_catalogue.py", "test_every_catalogue_wager_is_a_side_bet_of_its_file"),
    ("test_patterns.py", "test_group_patterns_count_as_the_cards_say"),
    ("test_patterns.py", "test_cards_records_and_arrays_read_a_pattern_alike"),
    ("test_patterns.py", "test_every_pattern_row_is_dealt_by_some_test_shoe"),
    ("test_counting.py", "test_a_dask_cluster"),
    ("test_simulate.py", "test_a_dask_local_cluster"),
    ("test_executor.py", "test_dask_local_cluster"),
    ("test_engine_side_bets.py", "test_the_dealer_records_every_sequence_as_the_engine_deals_it"),
    ("test_fuzz_files.py", "test_a_mutated"),
    ("test_web_browser.py", "test_"),
    ("test_lightning.py", "test_multiplied_pays_equal_a_brute_force_over_deals_and_draws[nines-twice-2"),
    ("test_lightning.py", "test_multiplied_pays_equal_a_brute_force_over_deals_and_draws[mixed-2"),
)
"""Tests of a few seconds each (measured with `pytest --durations=40`): marked slow, so that
`pytest -m "not slow"` is the quick subset to run while working; the full run runs them all."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.path.name == file and item.name.startswith(name) for file, name in SLOW):
            item.add_marker(pytest.mark.slow)
