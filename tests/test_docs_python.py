"""The Python sessions on the guide pages run as shown: every ```python block holding ``>>>`` lines, page by page, in
one namespace per page, from the repository's folder (so ``examples/`` is at hand), and what each line prints must
match the lines under it (``...`` stands for any text). docs/guides/notebook.md has its own test
(tests/test_notebook_page.py); a block without ``>>>`` is a sketch, not run.

The pages are found by what they hold, not by name, so a page split in two keeps its sessions checked.
"""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
OWN_TEST = (DOCS / "guides" / "notebook.md",)
"""Pages whose sessions another test runs."""
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)
COUNTING = ("peek(", "sort_search(")
"""Calls that count for about half a second or more (a reveal-and-raise game, a sort search): a page whose session
makes one is out of the quick subset (tests/slow.py)."""


def _sessions() -> list[tuple[Path, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        if page in OWN_TEST or "_build" in page.parts:
            continue
        blocks = [b for b in BLOCK.findall(page.read_text(encoding="utf-8")) if ">>> " in b]
        if blocks:
            found.append((page, "\n".join(blocks)))
    return found


SESSIONS = _sessions()


def test_the_pages_that_show_the_new_entry_points_hold_sessions() -> None:
    """A test that cannot fail is a defect: the sessions of the pages on games with choices, information and Peek are
    found (were a page's examples turned back into sketches, this fails)."""
    text = "\n".join(session for _, session in SESSIONS)
    for call in ("analyzer.equilibrium(", "analyzer.information(", "analyzer.sort_search(", "peek(", "reveal_laws("):
        assert f">>> {call}" in text or f"= {call}" in text, f"no page runs {call}"


@pytest.mark.parametrize(
    "page, session",
    [
        pytest.param(
            p, s, id=str(p.relative_to(DOCS)), marks=(pytest.mark.slow,) if any(c in s for c in COUNTING) else ()
        )
        for p, s in SESSIONS
    ],
)
def test_every_python_session_on_a_page_runs_as_shown(
    page: Path, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "to_frame(" in session:
        pytest.importorskip("pandas", reason="the page shows DataFrames: pandas is the notebook extra")
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(session, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.tries > 0 and os.getcwd() == str(ROOT)
    assert runner.failures == 0, f"{runner.failures} example(s) on {page.name} do not match (see the output above)"
