"""What the quick subset (``pytest -m "not slow"``) leaves out, where a rule decides it rather than a test's own mark.

The full run (``.ci/run``, the README's test command) runs everything.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

HEAVY_TABLES = ("lucky-match", "jackpot-baccarat", "dragon-dragon")
"""The catalogue's side bets whose tables take a second each to count and reach (many rows over suited records)."""
DEALING = ("baccarat simulate", "baccarat count", "baccarat tags", "baccarat report", "baccarat depth")
"""Commands that deal many rounds or shoes, or write a whole report; ``--counter-yield`` counts shoes too."""


MULTIPLIED = ("lightning-style.toml", "golden-wealth-style.toml", "prosperity-tree-style.toml", "poker-five.toml")
"""Rule files with lightning multipliers (their par sheets count every multiplier class), and the best five of every
card dealt (its own counter): a second or so each."""


SOLVING = ("--shoes", "--formula", "both-compositions", "--commission")
"""Options of ``baccarat equilibrium`` that solve many games (every coup of a shoe, every d, every equilibrium)."""


def dealing(command: str) -> bool:
    """Whether a command line deals many rounds or shoes (:data:`DEALING`), prices lightning multipliers
    (:data:`MULTIPLIED`), or counts a heavy catalogue table (``--rules`` one of :data:`HEAVY_TABLES`)."""
    words = command.split()
    heavy = any(a == "--rules" and b in HEAVY_TABLES for a, b in itertools.pairwise(words))
    solving = command.startswith("baccarat equilibrium") and any(o in command for o in SOLVING)
    return (
        command.startswith(DEALING)
        or "--counter-yield" in command
        or any(f in command for f in MULTIPLIED)
        or heavy
        or solving
    )


def side_bets(names: Iterable[str]) -> list[object]:
    """Side-bet names as test parameters, the :data:`HEAVY_TABLES` marked ``slow``."""
    return [pytest.param(n, marks=pytest.mark.slow) if n in HEAVY_TABLES else n for n in names]


def commands(lines: Iterable[str]) -> list[object]:
    """Command lines as test parameters, those that deal (:func:`dealing`) marked ``slow``."""
    return [pytest.param(c, marks=pytest.mark.slow) if dealing(c) else c for c in lines]
