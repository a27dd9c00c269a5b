"""The documentation site: every example on every page runs and matches, and the site builds without a warning."""

from __future__ import annotations

import shutil
import subprocess
import sys
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
def test_the_site_builds_without_a_warning(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="Sphinx is the docs extra: pip install -e '.[docs]'")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(tmp_path / "html")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    assert (tmp_path / "html" / "reference" / "cli.html").exists()
    assert (tmp_path / "html" / "guides" / "notebook-session.html").exists()  # the notebook, rendered
    shutil.rmtree(tmp_path / "html")
