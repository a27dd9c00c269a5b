"""The documentation site: every example on every page runs and matches, and the site builds without a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from .examples import Example, examples_in, parameters, run_example

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts and "_ext" not in p.parts)
EXAMPLES = [example for page in PAGES for example in examples_in(page)]


def test_the_guides_are_by_reader_and_hold_examples() -> None:
    for section in ("designer", "regulator", "researcher", "guides", "reference"):
        assert any(p.parent.name == section and p.name != "index.md" for p in PAGES), section
    assert len(EXAMPLES) >= 25


@pytest.mark.parametrize("example", parameters(EXAMPLES))
def test_a_docs_example_prints_what_the_page_shows(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # restored after the test; run_example works in tmp_path
    run_example(example, tmp_path)


@pytest.mark.slow
@pytest.mark.needs("chromium")  # the workbench's pictures are taken in it; without it the -W build fails, saying so
def test_the_site_builds_without_a_warning(built_site: tuple[int, str, Path]) -> None:
    status, errors, html = built_site
    assert status == 0, errors[-4000:]
    assert (html / "reference" / "cli.html").exists()
    assert (html / "guides" / "notebook-session.html").exists()  # the notebook, rendered
