"""The optional parts of the install, and the one line that says which to add when a command needs one.

The base install (``pip install baccarat-analyzer``) holds what par sheets,
``solve``, ``eor``, ``formula`` and ``verify`` of a claims file or a CSV par
sheet need: click, numpy, sympy, tabulate. Each extra adds what a few commands
need (``pyproject.toml`` lists them; ``all`` is every one):

========== ===================================== ======================================================
extra      packages                              for
========== ===================================== ======================================================
report     matplotlib, fpdf2, xlsxwriter         ``report``, ``tables``, ``--format pdf`` / ``xlsx``, plots
xlsx       openpyxl                              ``verify`` of a submitted ``.xlsx`` par sheet
web        starlette, uvicorn (and ``report``)   ``serve``, the workbench
dask       dask[distributed]                     ``--scheduler`` (a Dask cluster)
notebook   pandas                                ``to_frame()`` in a notebook
========== ===================================== ======================================================

:func:`require` is called where an extra's package is first needed, before
any work is done, so a missing extra costs the user one line (exit status 2
on the command line), not a traceback halfway through.

>>> require("report", "no_such_package_here", what="This example")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
analyzer.errors.InputError: This example needs the 'report' extra (no_such_package_here is not installed):
pip install 'baccarat-analyzer[report]' (in a clone of the repository: pip install '.[report]').
"""

from __future__ import annotations

import importlib.util

from .errors import InputError

EXTRAS: dict[str, tuple[str, ...]] = {
    "report": ("matplotlib", "fpdf2", "xlsxwriter"),
    "xlsx": ("openpyxl",),
    "web": ("starlette", "uvicorn"),
    "dask": ("dask[distributed]",),
    "notebook": ("pandas",),
}
"""Each extra and the distributions it installs (as ``pyproject.toml`` lists them)."""

_DISTRIBUTION = {"fpdf": "fpdf2", "distributed": "dask[distributed]"}
"""Import names whose distribution is named otherwise."""


def missing(*modules: str) -> tuple[str, ...]:
    """The import names among ``modules`` that cannot be imported here (found without importing them)."""
    absent = []
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a parent package missing, or a module set to None in sys.modules
            found = False
        if not found:
            absent.append(module)
    return tuple(absent)


def require(extra: str, *modules: str, what: str) -> None:
    """Refuse in one line, naming the extra and how to install it, when any of ``modules`` is missing.

    ``what`` names the feature that needs them, as the start of a sentence ("baccarat serve", "A PDF").
    """
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; the extras are {', '.join(EXTRAS)}")
    absent = missing(*modules)
    if absent:
        names = ", ".join(_DISTRIBUTION.get(m, m) for m in absent)
        verb = "is" if len(absent) == 1 else "are"
        raise InputError(
            f"{what} needs the {extra!r} extra ({names} {verb} not installed): "
            f"pip install 'baccarat-analyzer[{extra}]' (in a clone of the repository: pip install '.[{extra}]')."
        )
