"""docs/guides/notebook.md is a notebook session: every `>>>` line of its ```python blocks runs, in order,
in one namespace, and what it prints must match the lines shown under it."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).parent.parent / "docs" / "guides" / "notebook.md"


def test_every_example_on_the_notebook_page_runs_as_shown() -> None:
    pytest.importorskip("pandas", reason="the page shows DataFrames: pandas is the notebook extra")
    blocks = re.findall(r"^```python\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)
    session = "\n".join(blocks)
    test = doctest.DocTestParser().get_doctest(session, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.tries > 10
    assert runner.failures == 0, f"{runner.failures} example(s) on {PAGE.name} do not match (see the output above)"
