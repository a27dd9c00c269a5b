"""Sphinx configuration of the baccarat-analyzer site (MyST Markdown, furo).

Build: ``.venv/bin/pip install -e '.[docs]' && .venv/bin/sphinx-build -W -b html docs docs/_build/html``.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

import analyzer  # noqa: E402

project = "baccarat-analyzer"
author = "the baccarat-analyzer developers"
copyright = "2026, " + author
version = release = analyzer.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_click",
    # Local extensions, one module per generated page or picture (each defines setup(app)).
    *sorted(p.stem for p in (DOCS / "_ext").glob("*.py") if not p.name.startswith("_")),
]
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "_extra", "Thumbs.db", ".DS_Store"]  # no intersphinx: the build needs no network
autodoc_member_order = "bysource"
autodoc_typehints = "description"

# Nothing on the site is typographically rewritten: a command, an option or a value in quotes is pasted as it
# is printed (smartquotes turned `--rules` into an en dash and '9:1' into curly quotes). docs/_ext/cli_literals.py
# also sets the command reference's examples, options and values as code.
smartquotes = False
# Maths as MathML written at build time (docs/_ext/mathml.py): no script and no network, where MathJax came from a CDN.
html_math_renderer = "mathml"

html_theme = "furo"
html_title = f"baccarat-analyzer {release}"
html_static_path = ["_static"]
html_css_files = ["wide.css"]  # code blocks and tables as wide as the window, prose at a readable measure
html_extra_path = ["_extra"]  # the JSON Schemas of the outputs, published at schemas/*.schema.json

# `sphinx-build -b man docs OUT` writes baccarat(1) from the generated command reference.
man_pages = [("reference/cli", "baccarat", "exact mini-baccarat analysis", [author], 1)]
