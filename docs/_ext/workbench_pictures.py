"""Screenshots of the workbench, taken by the build: a running server, Debian's chromium, Playwright.

On ``builder-inited`` this starts the workbench on a free port, opens it in headless chromium at 1280 px, does
what the designer guide describes (the Tie's pay changed to 9:1; a broken rule file; the Compare tab) and writes
the pictures to ``docs/images/generated/`` (not in git: each build takes them again from the code as it is).
Where chromium or Playwright is missing, each picture is a plain image saying so, and the build says what it
lacks in a warning naming the package to install, which the ``-W`` build (the docs test's, the README's) turns
into an error: a site with placeholder pictures is never built as a success.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "images" / "generated"
PICTURES = ("workbench-par-sheets.png", "workbench-error-and-compare.png")
CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium, which the pictures are taken in (tests/web_server.py drives the same one)."""


def _placeholder(reason: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for name in PICTURES:
        figure = plt.figure(figsize=(6.4, 1.2), dpi=100)
        figure.text(0.5, 0.5, f"Screenshot not taken: {reason}", ha="center", va="center", fontsize=10)
        figure.savefig(OUT / name)
        plt.close(figure)


def take(out: Path = OUT) -> None:
    """Take the workbench's pictures into ``out``."""
    sys.path.insert(0, str(HERE.parent.parent))
    from playwright.sync_api import expect, sync_playwright

    from tests.web_server import CHROMIUM_ARGS, running_server

    with running_server() as address, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.goto(address + "/")
        page.locator("#sheets details[data-wager='tie'] summary").click()
        page.get_by_label("Pays for tie, tie").fill("9:1")
        expect(page.locator("#summary")).to_contain_text("4.8440%")
        page.get_by_role("tab", name="Shoe").click()
        page.get_by_label("Take out a 9 (32 left)").click()
        expect(page.locator("#removed")).to_have_text("Taken out: 9")
        page.screenshot(path=str(out / PICTURES[0]))
        page.get_by_role("tab", name="Compare").click()
        text = page.locator("#text")
        text.fill(text.input_value().replace('pays = "8:1"', 'pays = "8 to one"', 1))
        expect(page.locator("#editor-error")).to_be_visible()
        page.get_by_role("button", name=re.compile("^Go to line ")).click()
        page.screenshot(path=str(out / PICTURES[1]))
        browser.close()


def missing() -> str | None:
    """What the pictures need and this machine lacks, with what to install; None when nothing is missing."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not os.path.exists(CHROMIUM):
        return f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


def _builder_inited(app: Any) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    lacking = missing()
    if lacking is None:
        take(OUT)
        return
    _placeholder(lacking)
    logger.warning("the workbench pictures are placeholders: %s", lacking, type="workbench_pictures")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _builder_inited)
    return {"parallel_read_safe": True}
