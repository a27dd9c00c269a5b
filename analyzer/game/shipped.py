"""The shipped rule sets, the side-bet catalogue and the games: their names, their text, where they are installed.

The documented rule sets are ``analyzer/game/rulesets/NAME.toml`` (listed in
document order), the side-bet catalogue ``analyzer/game/rulesets/side-bets/NAME.toml``,
and the games that trace to a published paper or a casino's published rules rather than to one of the four
rule documents (chemin de fer: ``analyzer/game/rulesets/games/NAME.toml``, each citing its source in its
``[rule_set]`` and ``[choices]`` tables); all are package data, read without parsing anything but the document
number. ``baccarat analyze`` and the other commands that default to "every documented rule set" read
:func:`shipped` only, so a game is analysed when it is named.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import InputError, shown
from .rules import RuleSet
from .rulesets import FOLDER
from .standard import STANDARD_WAGERS_FILE

_CATALOGUE = "side-bets"
"""The folder of ``analyzer/game/rulesets`` holding the side-bet catalogue."""
_GAMES = "games"
"""The folder of ``analyzer/game/rulesets`` holding the games with choices (their sources: papers, casinos' rules)."""


@lru_cache(maxsize=1)
def shipped() -> tuple[str, ...]:
    """Names of the documented rule sets shipped in the package, in document order (read once: package data)."""
    import tomllib  # only to list them: a rule set named is read by its loader

    folder = FOLDER
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and entry.name != STANDARD_WAGERS_FILE:
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            found.append((data["rule_set"]["document"], entry.name[: -len(".toml")]))
    return tuple(name for _, name in sorted(found))


@lru_cache(maxsize=1)
def catalogue() -> tuple[str, ...]:
    """Names of the side-bet catalogue's rule files (``rulesets/side-bets/NAME.toml``), sorted."""
    folder = FOLDER / _CATALOGUE
    if not folder.is_dir():
        return ()
    return tuple(sorted(e.name[: -len(".toml")] for e in folder.iterdir() if e.name.endswith(".toml")))


@lru_cache(maxsize=1)
def games() -> tuple[str, ...]:
    """Names of the games of ``rulesets/games/NAME.toml`` (chemin de fer and its regles), sorted."""
    folder = FOLDER / _GAMES
    if not folder.is_dir():
        return ()
    return tuple(sorted(e.name[: -len(".toml")] for e in folder.iterdir() if e.name.endswith(".toml")))


def is_packaged(name: str) -> bool:
    """Whether ``name`` names a file of the package: a shipped rule set, a catalogue file or a game."""
    return is_shipped(name) or name in catalogue() or name in games()


def is_shipped(name: str) -> bool:
    """Whether ``name`` is a shipped rule set: what :func:`shipped` lists, without reading every rule set to order
    them."""
    plain = name.isascii() and name.replace("-", "").isalnum()  # a file name in the folder, never a path
    return plain and name != STANDARD_WAGERS_FILE.removesuffix(".toml") and (FOLDER / f"{name}.toml").is_file()


def shipped_text(name: str) -> str:
    """The TOML text of the shipped rule set or catalogue file ``name``."""
    text: str = shipped_file(name).read_text(encoding="utf-8")
    return text


def shipped_file(name: str) -> Path:
    folder = FOLDER
    if is_shipped(name):
        return folder / f"{name}.toml"
    if name in catalogue():
        return folder / _CATALOGUE / f"{name}.toml"
    if name in games():
        return folder / _GAMES / f"{name}.toml"
    raise InputError(
        f"Unknown rule set {shown(name)}; the shipped ones are {', '.join(shipped())}, the games "
        f"{', '.join(games())}, and the side-bet files {', '.join(catalogue())}."
    )


def installed_path(rules: RuleSet) -> str:
    """The file ``rules`` was read from, as a full path for a shipped rule set (to copy for a rule file of one's own).

    ``rules.source_path`` names a shipped file by its name only (``punto-banco.toml``), so that outputs and
    their provenance do not depend on where the package is installed.
    """
    return shipped_path(rules.source_path.removesuffix(".toml")) if rules.shipped else rules.source_path


def shipped_path(name: str) -> str:
    """Where the shipped rule set or catalogue file ``name`` is installed: the file to copy for one's own."""
    return str(shipped_file(name))
