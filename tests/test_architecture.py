"""The package's shape: layers that depend one way, no import cycle, no giant module.

game -> exact -> studies / play -> report -> api -> cli / web. ``errors`` and ``numbers``
sit below every layer. A study may deal with the play layer's dealer and run
on its executors; nothing in play imports a study. Imports under
``if TYPE_CHECKING:`` are annotations only and are not counted; imports
inside functions (lazy, to keep start-up light) are.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import analyzer

PACKAGE = Path(__file__).parent.parent / "analyzer"
SIGNAL_LINES = 500
"""About this many lines is a signal to look for a seam a reader can name, never a reason to compress code
(``ruff format --check`` in CI keeps code in its readable form)."""
CEILING_LINES = 800
"""No module passes this, cohesive or not."""
COHESIVE: dict[str, str] = {}
"""Modules past the signal that stay whole, each with the reason it is one concern (none today)."""

LAYERS = {
    "analyzer": 0,  # the package itself: its version, and public names looked up lazily
    "analyzer.errors": 0,
    "analyzer.numbers": 0,
    "analyzer.extras": 1,  # above errors, which it raises; below every layer that needs an extra
    "analyzer.game": 1,
    "analyzer.exact": 2,
    "analyzer.studies": 3,
    "analyzer.play": 3,
    "analyzer.report": 4,
    "analyzer.api": 5,  # the documented library entry points a notebook calls
    "analyzer.cli": 6,
    "analyzer.web": 6,  # the workbench: an ASGI app over the same api functions
    "analyzer.__main__": 7,
}
SAME_LAYER_ALLOWED = {("analyzer.studies", "analyzer.play"), ("analyzer.cli", "analyzer.web")}
"""(importer, imported) between two packages of one layer: a study may deal cards; ``baccarat serve`` starts
the web app (lazily). The web app never imports the command line."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path) -> set[str]:
    """The package modules ``name`` imports, lazily or not, outside TYPE_CHECKING blocks."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer_of(module: str) -> tuple[str, int]:
    for prefix in sorted(LAYERS, key=len, reverse=True):
        if module == prefix or (prefix != "analyzer" and module.startswith(prefix + ".")):
            return prefix, LAYERS[prefix]
    raise AssertionError(f"module {module} belongs to no layer; add its package to LAYERS")


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_module_imports_only_its_own_layer_or_lower(module: str) -> None:
    package, layer = _layer_of(module)
    for imported in sorted(GRAPH[module]):
        other_package, other_layer = _layer_of(imported)
        allowed = other_layer < layer or other_package == package or (package, other_package) in SAME_LAYER_ALLOWED
        assert allowed, f"{module} (layer {layer}) imports {imported} (layer {other_layer}): dependencies point one way"


def test_no_import_cycle() -> None:
    state: dict[str, str] = {}
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for imported in sorted(GRAPH[module]):
            if state.get(imported) == "open":
                cycle = path[path.index(imported) :] + [imported]
                raise AssertionError(f"import cycle: {' -> '.join(cycle)}")
            if imported not in state:
                walk(imported)
        path.pop()
        state[module] = "done"

    for module in sorted(GRAPH):
        if module not in state:
            walk(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_past_500_lines_is_split_along_a_seam_or_says_why_it_is_whole(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= CEILING_LINES, f"{module} has {lines} lines, past {CEILING_LINES}: split it along a seam"
    assert lines <= SIGNAL_LINES or module in COHESIVE, (
        f"{module} has {lines} lines: look for a seam a reader can name (and split there), or record in COHESIVE "
        "why it is one concern"
    )


def test_every_module_said_to_be_whole_is_past_the_signal() -> None:
    short = [m for m in COHESIVE if MODULES[m].read_text(encoding="utf-8").count("\n") <= SIGNAL_LINES]
    assert not short, f"{short} no longer need a reason to stay whole: drop them from COHESIVE"


def test_every_layer_has_its_package() -> None:
    packages = {m for m in MODULES if MODULES[m].name == "__init__.py"}
    assert {"analyzer.game", "analyzer.exact", "analyzer.studies", "analyzer.play", "analyzer.report"} <= packages


def _layout_tree() -> dict[str, str]:
    """docs/reference/layout.md's tree: each folder of the package (``analyzer/game``) with the text of its lines."""
    page = (Path(__file__).parent.parent / "docs" / "reference" / "layout.md").read_text(encoding="utf-8")
    block = page[page.index("```\nanalyzer/") + 4 :]
    block = block[: block.index("```")]
    folders: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        name = line.split()[0]
        if name.endswith("/"):
            stack.append((indent, name.rstrip("/")))
        folder = "/".join(n for _, n in stack)
        folders[folder] = folders.get(folder, "") + "\n" + line
    return folders


def test_the_layout_page_names_every_module_under_its_folder() -> None:
    """docs/reference/layout.md shows the architecture: a module it does not name is a part nobody can find."""
    folders = _layout_tree()
    root = Path(analyzer.__file__).parent
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".toml") or path.name == "__init__.py" or "rulesets" in path.parts:
            continue
        folder = "/".join(("analyzer", *path.relative_to(root).parent.parts))
        assert re.search(rf"(?<![\w.]){re.escape(path.name)}", folders.get(folder, "")), (
            f"{folder}/{path.name} is not in docs/reference/layout.md's tree"
        )
