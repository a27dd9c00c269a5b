"""docs/guides/notebook-session.ipynb is executed in a real Jupyter kernel (nbclient and ipykernel, the test extra),
and every output must be what the notebook stores, so that the page the site renders from the stored outputs shows
what the library does today (issue 29, item 5). Images are compared by kind only (their bytes follow matplotlib's
version); text and HTML exactly, the one-line ``repr`` included.

To store fresh outputs after a deliberate change: ``.venv/bin/python tests/test_notebook_executed.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
NOTEBOOK = ROOT / "docs" / "guides" / "notebook-session.ipynb"
COMPARED = ("text/plain", "text/html")
"""The kinds of output compared exactly; any other (an image) must be there, of the same kind."""


def executed() -> Any:
    """The notebook, run from the top in a fresh kernel, in the repository's folder (so examples/ is at hand)."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    kernel = KernelManager(kernel_name="python3", transport="ipc")  # a local socket file, no TCP port
    client = NotebookClient(notebook, km=kernel, timeout=300, resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    finally:
        if kernel.has_kernel:
            kernel.shutdown_kernel(now=True)
    return notebook


def outputs(cell: Any) -> list[dict[str, Any]]:
    """What a code cell showed, as the test compares it."""
    shown = []
    for output in cell.get("outputs", []):
        kind = output["output_type"]
        if kind == "stream":
            shown.append({"stream": output["name"], "text": output["text"]})
        elif kind in ("execute_result", "display_data"):
            data = output["data"]
            shown.append({key: data[key] if key in COMPARED else "(present)" for key in sorted(data)})
        else:
            shown.append({"error": f"{output.get('ename')}: {output.get('evalue')}"})
    return shown


@pytest.mark.slow
def test_the_notebook_in_the_docs_runs_and_shows_what_it_stores() -> None:
    pytest.importorskip("nbclient", reason="the notebook is executed with nbclient (the test extra)")
    pytest.importorskip("ipykernel", reason="the notebook's kernel is ipykernel (the test extra)")
    pytest.importorskip("pandas", reason="the notebook shows DataFrames: pandas is the notebook extra")
    import nbformat

    stored = nbformat.read(NOTEBOOK, as_version=4)
    fresh = executed()
    code = [(old, new) for old, new in zip(stored.cells, fresh.cells) if old.cell_type == "code"]
    assert len(code) >= 6
    for number, (old, new) in enumerate(code, 1):
        assert not any("error" in o for o in outputs(new)), f"code cell {number} raised: {outputs(new)}"
        assert outputs(new) == outputs(old), (
            f"code cell {number} of {NOTEBOOK.name} now shows something else; if that is meant, store the new "
            "outputs: .venv/bin/python tests/test_notebook_executed.py"
        )
    shown = [o for _, new in code for o in outputs(new)]
    assert any("image/png" in o for o in shown), "the plot is missing"
    assert any("<td>19:20</td>" in o.get("text/html", "") for o in shown), "pays as the rule file writes them"


if __name__ == "__main__":
    import nbformat

    notebook = executed()
    for cell in notebook.cells:
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(notebook, NOTEBOOK)
    print(f"stored the outputs of {NOTEBOOK}")
