"""The kinds of game a rule set may be (``[rule_set] kind``): what a regulatory check covers depends on it.

A **live** table game is dealt by a person, bets placed with chips on a layout (the default: the four documents
describe live tables); an **electronic** table game deals real cards (by a dealer or a machine) with bets placed and
settled at electronic terminals; an **RNG** game draws its cards by a random number generator (a gaming device).

>>> kind_text("live", stated=False)
'live table game (the default: the rule file states no kind)'
"""

from __future__ import annotations

from ..errors import InputError, shown

GAME_KINDS: tuple[str, ...] = ("live", "electronic", "rng")
"""The kinds, as a rule file writes them."""
KIND_NAMES: dict[str, str] = {
    "live": "live table game",
    "electronic": "electronic table game",
    "rng": "RNG game",
}
"""Each kind in words."""
DEFAULT_KIND = "live"
"""The kind of a rule file that states none: said so wherever it matters (the report, the checks)."""


def check_kind(name: str, kind: str) -> None:
    """Refuse, in one line, a kind that is not one of :data:`GAME_KINDS`."""
    if kind not in GAME_KINDS:
        raise InputError(
            f"Rule set {shown(name)} has kind {shown(kind)}; use one of {', '.join(GAME_KINDS)} "
            "(a live table game, an electronic table game, an RNG game)."
        )


def a_kind(kind: str) -> str:
    """The kind in words with its article: "a live table game", "an electronic table game", "an RNG game"."""
    name = KIND_NAMES[kind]
    return f"{'an' if name[0] in 'aeiouR' else 'a'} {name}"


def kind_text(kind: str, stated: bool) -> str:
    """The kind in words, and whether the rule file states it or the default applies."""
    name = KIND_NAMES[kind]
    if stated:
        return f"{name} (the rule file: kind = {kind!r})"
    return f"{name} (the default: the rule file states no kind)"
