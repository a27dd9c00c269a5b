"""The programs from outside pip that some tests need, and the marker that says so.

A test that runs one of them is marked ``@pytest.mark.needs("chromium")`` (or ``pdftoppm``, ``pdftotext``,
``soffice``); where the program is absent it is skipped, on its own (each one counted in the run's summary),
with a reason naming the Debian package that brings it (``tests/conftest.py`` does the skipping). The README's
paragraph on skipped tests states how many tests need each program, and ``tests/test_readme_skips.py`` holds it
to the markers, counted by collecting the whole suite (``BACCARAT_LIST_NEEDS=FILE`` writes them out).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium: the one tests/web_server.py launches through Playwright (kept equal by a test)."""


@dataclass(frozen=True)
class Program:
    """A program some tests run: where it is looked for, what it does for them, and the Debian package with it."""

    name: str
    path: str | None
    purpose: str
    package: str

    @property
    def present(self) -> bool:
        return self.path is not None and os.path.exists(self.path)

    @property
    def reason(self) -> str:
        return f"needs {self.name} ({self.purpose}), absent here: apt-get install {self.package}"


PROGRAMS: dict[str, Program] = {
    p.name: p
    for p in (
        Program("chromium", CHROMIUM, "Debian's chromium, driven by Playwright or headless", "chromium"),
        Program("pdftoppm", shutil.which("pdftoppm"), "a PDF's pages as pictures", "poppler-utils"),
        Program("pdftotext", shutil.which("pdftotext"), "a PDF's text", "poppler-utils"),
        Program("soffice", shutil.which("soffice"), "LibreOffice, recalculating a workbook", "libreoffice-calc-nogui"),
    )
}
"""Every program a test may need, by the name the marker gives."""
