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


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a test marked ``needs(PROGRAM)`` where the program is absent, naming the package (tests/needs.py)."""
    from .needs import PROGRAMS

    for marker in item.iter_markers("needs"):
        program = PROGRAMS[marker.args[0]]
        if not program.present:
            pytest.skip(program.reason)


def pytest_collection_finish(session: pytest.Session) -> None:
    """With BACCARAT_LIST_NEEDS=FILE, write each collected test's programs to FILE as JSON (tests/needs.py)."""
    import json
    import os

    target = os.environ.get("BACCARAT_LIST_NEEDS")
    if target:
        needs = {item.nodeid: [m.args[0] for m in item.iter_markers("needs")] for item in session.items}
        Path(target).write_text(json.dumps({k: v for k, v in needs.items() if v}, indent=1), encoding="utf-8")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    """The documentation site built once for the session with ``-W`` (every warning an error): the build's exit
    status, its stderr and the HTML folder (tests/test_docs.py and tests/test_docs_site.py read it)."""
    import subprocess
    import sys

    pytest.importorskip("sphinx", reason="Sphinx is the docs extra: pip install -e '.[docs]'")
    root = Path(__file__).parent.parent
    html = tmp_path_factory.mktemp("site") / "html"
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(root / "docs"), str(html)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=600,
    )
    return build.returncode, build.stderr, html
