"""The standard wagers (``rulesets/wagers.toml``): what every rule set has, and the pay tables it uses for those it
does not offer; and how a file's bytes are named (SHA-256).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .rulesets import FOLDER
from .wager import Outcome, Side


@dataclass(frozen=True, slots=True)
class Standard:
    """A standard wager as ``wagers.toml`` writes it."""

    title: str
    side: Side
    source: str
    outcomes: tuple[Outcome, ...]
    default: str | None


STANDARD_WAGERS_FILE = "wagers.toml"
"""The standard wagers' file, beside the shipped rule sets."""


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of a file's bytes, in hex: how provenance names a file's exact contents (as `sha256sum` does)."""
    return hashlib.sha256(data).hexdigest()


def _catalogue_bytes() -> bytes:
    return (FOLDER / STANDARD_WAGERS_FILE).read_bytes()


def _catalogue_text() -> str:
    return _catalogue_bytes().decode("utf-8")


def standard_wagers_text() -> str:
    """The text of ``wagers.toml``, as :func:`standard_tables` reads it (to copy a standard wager's table)."""
    return _catalogue_text()


@lru_cache(maxsize=1)
def standard_wagers_sha256() -> str:
    """The SHA-256 of ``wagers.toml``, whose pay tables every rule set uses for the wagers it does not offer."""
    return sha256_hex(_catalogue_bytes())


@lru_cache(maxsize=1)
def standard_tables() -> Mapping[str, Standard]:
    """The standard wagers of ``rulesets/wagers.toml``, in report order (read once: package data)."""
    import tomllib  # the parser, only where a rule file is read (a kept rule set and the provenance need none)

    from .rowfile import read_outcomes
    from .strict import StrictTable

    data = tomllib.loads(_catalogue_text())
    top = StrictTable(data, "", "wagers.toml")
    standard: dict[str, Standard] = {}
    for name in data:
        entry = top.table(name)
        assert entry is not None
        standard[name] = Standard(
            title=entry.string("title"),
            side=entry.string("side"),
            source=entry.string("source"),
            outcomes=read_outcomes(entry),
            default=entry.string("default", required=False),
        )
        entry.finish(("title", "side", "source", "outcomes", "default"))
    return MappingProxyType(standard)


def standard_wagers() -> tuple[str, ...]:
    """The names of the standard wagers (``rulesets/wagers.toml``), which every rule set has, in report order."""
    return tuple(standard_tables())
