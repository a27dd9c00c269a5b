"""``baccarat tables`` as a library call: every file ``results/`` holds, computed, then written in memory.

:func:`generate` is :func:`analyzer.studies.tables.tables_figures` (the figures) followed by
:func:`analyzer.report.results.results_files` (the files); ``baccarat tables`` writes what it returns as a folder
replaced whole, and the staleness test compares it with the committed one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..report.results import renderers, results_files
from ..studies.tables import steps, tables_figures

__all__ = ["generate", "renderers", "steps"]


def generate(progress: Callable[[int], None] | None = None, reports: bool = True) -> dict[str, str | bytes]:
    """File name (relative to the results folder) to content, for every table (``reports``: and the reports).

    ``progress(1)`` after each step (:func:`~analyzer.studies.tables.steps`).
    """
    return results_files(tables_figures(progress, reports))
