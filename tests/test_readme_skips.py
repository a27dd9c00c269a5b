"""The README's count of the tests that are skipped, and of what each needs, held to the tests themselves.

A test that runs a program from outside pip is marked ``needs(PROGRAM)`` (tests/needs.py) and skipped on its own
where the program is absent; the whole suite is collected in a subprocess (``BACCARAT_LIST_NEEDS`` writes each
test's programs out) and the README's words are compared with the count: the total, each program's, and the one
example skipped unless ``BACCARAT_SLOW_EXAMPLES`` is set. A new browser test changes the count: the failure says
what the README should now say.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from .examples import examples_in
from .needs import CHROMIUM, PROGRAMS

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
]
UNITS += ["seventeen", "eighteen", "nineteen"]
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
SAID = {
    "chromium": "Debian's chromium",
    "pdftoppm": "pdftoppm",
    "pdftotext": "pdftotext",
    "soffice": "LibreOffice's soffice",
}
"""How the README names each program of tests/needs.py."""


def number(word: str) -> int:
    """A count as the README writes it, in words.

    >>> number("Twenty-four"), number("nineteen"), number("one")
    (24, 19, 1)
    """
    word = word.lower()
    if word in UNITS:
        return UNITS.index(word)
    tens, _, unit = word.partition("-")
    return TENS[tens] + (UNITS.index(unit) if unit else 0)


def words(n: int) -> str:
    """``n`` in words, as the README should write it (``number``'s inverse)."""
    if n < len(UNITS):
        return UNITS[n]
    tens = next(name for name, value in TENS.items() if value == n - n % 10)
    return tens + (f"-{UNITS[n % 10]}" if n % 10 else "")


def _said(pattern: str) -> int:
    found = re.search(pattern, " ".join(README.split()), re.IGNORECASE)
    assert found is not None, f"the README no longer says /{pattern}/"
    return number(found[1])


def test_the_readme_names_each_program_as_tests_needs_py_does() -> None:
    web_server = pytest.importorskip("tests.web_server", reason="the workbench's server is the web extra")
    assert set(SAID) == set(PROGRAMS)
    assert CHROMIUM == web_server.CHROMIUM  # the program the needs marker looks for is the one the browser tests launch
    for program in PROGRAMS.values():
        assert f"apt-get install {program.package}" in program.reason
        assert program.package in README


@pytest.mark.slow
def test_the_readme_counts_the_skipped_tests_and_what_each_needs(tmp_path: Path) -> None:
    listing = tmp_path / "needs.json"
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", str(ROOT / "tests")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "BACCARAT_LIST_NEEDS": str(listing)},
        timeout=300,
    )
    assert collected.returncode == 0, collected.stdout[-2000:] + collected.stderr[-2000:]
    needs = json.loads(listing.read_text(encoding="utf-8"))
    counts = Counter(program for programs in needs.values() for program in programs)
    assert all(len(programs) == 1 for programs in needs.values())  # each skipped for one reason
    expected = {program: counts[program] for program in PROGRAMS}
    stated = {program: _said(rf"(\w+(?:-\w+)?) needs? {re.escape(name)}\b") for program, name in SAID.items()}
    total = _said(r"(\w+(?:-\w+)?) tests use programs from outside pip")
    advice = f"the README should say: {words(len(needs))} tests use programs from outside pip; " + ", ".join(
        f"{words(n)} {'needs' if n == 1 else 'need'} {SAID[p]}" for p, n in expected.items()
    )
    assert stated == expected and total == len(needs), advice


def test_the_readme_counts_the_examples_skipped_without_baccarat_slow_examples() -> None:
    pages = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)]
    slow = [example.name for page in pages for example in examples_in(page) if example.slow]
    said = _said(r"(\w+) more (?:is|are) skipped unless `BACCARAT_SLOW_EXAMPLES=1`")
    assert said == len(slow), f"{len(slow)} examples are skipped without BACCARAT_SLOW_EXAMPLES: {slow}"
