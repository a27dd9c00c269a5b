"""Rule files: TOML text to a validated :class:`~analyzer.game.rules.RuleSet`.

Shipped rule sets live in ``analyzer/game/rulesets/NAME.toml``; the standard
wagers and the pay tables used when a rule set does not offer them live in
``analyzer/game/rulesets/wagers.toml``. :func:`load` accepts a shipped name or a
path to a user's own file, and refuses a bad file with one sentence naming the
file, the key and what is allowed.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..errors import InputError, shown
from .odds import parse_pays
from .rules import (
    BANKER_COLUMNS,
    DEFAULT_DEALING,
    DRAW,
    NON_NATURAL_TOTALS,
    PROCEDURES,
    RESULTS,
    SIDES,
    STAND,
    Dealing,
    Drawing,
    Outcome,
    OwnCards,
    RuleSet,
    Side,
    Wager,
)
from .settle import unsettled
from .shoe import MAX_DECKS
from .strict import StrictTable, decoded, origin_of, parse_toml, read_bytes

_SIDE_LETTERS: dict[str, Side] = {"P": "player", "B": "banker"}


def _symbols(table: StrictTable, key: str, count: int) -> tuple[bool, ...]:
    text = table.string(key)
    symbols = text.split()
    if len(symbols) != count or any(s not in (DRAW, STAND) for s in symbols):
        raise table.error(
            key, f"is {shown(text)}; it must be {count} entries, each {DRAW} (draw) or {STAND} (stand)."
        )
    return tuple(s == DRAW for s in symbols)


def _read_drawing(table: StrictTable) -> Drawing:
    player = _symbols(table, "player", len(NON_NATURAL_TOTALS))
    banker_table = table.table("banker")
    assert banker_table is not None
    rows = tuple(_symbols(banker_table, str(t), len(BANKER_COLUMNS)) for t in NON_NATURAL_TOTALS)
    banker_table.finish(tuple(str(t) for t in NON_NATURAL_TOTALS))
    source = table.string("source")
    table.finish(("source", "player", "banker"))
    return Drawing(player=player, banker=rows, source=source)


_OUTCOME_KEYS = ("name", "pays", "result", "natural", "margin", "min_margin", "total", "cards", "pair", "default")


def _read_dealing(table: StrictTable) -> Dealing:
    order = table.string("order")
    letters = order.split()
    if sorted(letters) != ["B", "B", "P", "P"]:
        raise table.error("order", f"is {shown(order)}; it must name the hand of each of the first four cards, two P and two B, e.g. \"P B P B\".")
    procedure = table.string("procedure")
    if procedure not in PROCEDURES:
        raise table.error("procedure", f"is {shown(procedure)}; it must be one of {', '.join(PROCEDURES)}.")
    dealing = Dealing(
        first_four=tuple(_SIDE_LETTERS[letter] for letter in letters),
        procedure=procedure,
        source=table.string("source"),
        default=table.string("default", required=False),
    )
    table.finish(("order", "procedure", "source", "default"))
    return dealing


def _read_outcome(table: StrictTable) -> Outcome:
    name = table.string("name")
    pays_text = table.string("pays", required=False)
    try:
        pays = None if pays_text is None else parse_pays(pays_text)
    except InputError as e:
        raise table.error("pays", str(e)) from None
    result = table.string("result", required=False)
    if result is not None and result not in RESULTS:
        raise table.error("result", f"is {shown(result)}; it must be one of {', '.join(RESULTS)}.")
    total = table.typed("total", (int, list), "a total 0-9 or an array of totals", False)
    if isinstance(total, int):
        total = [total]
    if total is not None and not all(isinstance(t, int) and not isinstance(t, bool) for t in total):
        raise table.error("total", "must be a total 0-9 or an array of totals.")
    try:
        outcome = Outcome(
            name=name,
            pays=pays,
            result=result,
            natural=table.boolean("natural", required=False),
            margin=table.integer("margin", required=False),
            min_margin=table.integer("min_margin", required=False),
            total=None if total is None else frozenset(total),
            cards=table.integer("cards", required=False),
            pair=table.boolean("pair", required=False),
            default=table.string("default", required=False),
        )
    except InputError as e:
        raise InputError(f"{table.origin}: {table.where}: {e}") from None
    table.finish(_OUTCOME_KEYS)
    return outcome


def _read_outcomes(table: StrictTable) -> tuple[Outcome, ...]:
    rows = table.array("outcomes")
    assert rows is not None
    outcomes = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise table.error(f"outcomes[{i}]", "must be an inline table such as { name = \"win\", result = \"win\", pays = \"1:1\" }.")
        outcomes.append(_read_outcome(StrictTable(row, f"{table.where}.outcomes[{i}]", table.origin)))
    return tuple(outcomes)


@dataclass(frozen=True, slots=True)
class _Standard:
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
    return resources.files("analyzer.game.rulesets").joinpath(STANDARD_WAGERS_FILE).read_bytes()


def _catalogue_text() -> str:
    return _catalogue_bytes().decode("utf-8")


@lru_cache(maxsize=1)
def standard_wagers_sha256() -> str:
    """The SHA-256 of ``wagers.toml``, whose pay tables every rule set uses for the wagers it does not offer."""
    return sha256_hex(_catalogue_bytes())


@lru_cache(maxsize=1)
def _catalogue() -> Mapping[str, _Standard]:
    """The standard wagers of ``rulesets/wagers.toml``, in report order (read once: package data)."""
    data = tomllib.loads(_catalogue_text())
    top = StrictTable(data, "", "wagers.toml")
    standard: dict[str, _Standard] = {}
    for name in data:
        entry = top.table(name)
        assert entry is not None
        standard[name] = _Standard(
            title=entry.string("title"),
            side=entry.string("side"),
            source=entry.string("source"),
            outcomes=_read_outcomes(entry),
            default=entry.string("default", required=False),
        )
        entry.finish(("title", "side", "source", "outcomes", "default"))
    return MappingProxyType(standard)


def standard_wagers() -> tuple[str, ...]:
    """The names of the standard wagers (``rulesets/wagers.toml``), which every rule set has, in report order."""
    return tuple(_catalogue())


def _read_wager(name: str, table: StrictTable, standard: _Standard | None) -> Wager:
    title = table.string("title", required=standard is None)
    side = table.string("side", required=standard is None)
    if standard is not None:
        if side is not None and side != standard.side:
            raise table.error("side", f"is {shown(side)}; the standard wager {name} follows the {standard.side} hand.")
        title = title or standard.title
        side = standard.side
    elif side not in SIDES:
        raise table.error("side", f"is {shown(side)}; it must be one of {', '.join(SIDES)}.")
    requires = table.array("requires", required=False) or []
    if not all(isinstance(r, str) for r in requires):
        raise table.error("requires", "must be an array of wager names.")
    requires_source = table.string("requires_source", required=bool(requires))
    wager = Wager(
        name=name,
        title=title,
        side=side,
        outcomes=_read_outcomes(table),
        offered=True,
        source=table.string("source"),
        default=table.string("default", required=False),
        requires=tuple(requires),
        requires_source=requires_source,
    )
    table.finish(("title", "side", "source", "default", "outcomes", "requires", "requires_source"))
    return wager


def _wager_from_standard(name: str, standard: _Standard) -> Wager:
    return Wager(
        name=name,
        title=standard.title,
        side=standard.side,
        outcomes=standard.outcomes,
        offered=False,
        source=standard.source,
        default=standard.default,
    )


def parse(text: str, origin: str, sha256: str | None = None) -> RuleSet:
    """Build a :class:`RuleSet` from TOML text; ``origin`` names it in errors.

    ``sha256`` is the SHA-256 of the file's bytes (default: of ``text`` as UTF-8).
    """
    return _build(parse_toml(text, origin), origin, sha256=sha256 or sha256_hex(text.encode("utf-8")))


def _build(data: dict[str, Any], origin: str, sha256: str = "", from_package: bool = False) -> RuleSet:
    top = StrictTable(data, "", origin)
    head = top.table("rule_set")
    shoe = top.table("shoe")
    drawing_table = top.table("drawing")
    wagers_table = top.table("wagers")
    own_table = top.table("own_cards", required=False)
    dealing_table = top.table("dealing", required=False)
    assert head is not None and shoe is not None and drawing_table is not None and wagers_table is not None
    top.finish(("rule_set", "shoe", "drawing", "wagers", "own_cards", "dealing"))

    name, title, document = head.string("name"), head.string("title"), head.string("document")
    notes = head.array("notes", required=False) or []
    if not all(isinstance(n, str) for n in notes):
        raise head.error("notes", "must be an array of strings.")
    head.finish(("name", "title", "document", "notes"))

    decks = shoe.integer("decks")
    if not 1 <= decks <= MAX_DECKS:
        raise shoe.error("decks", f"is {shown(decks)}; it must be from 1 to {MAX_DECKS:,}.")
    decks_source, decks_default = shoe.string("source"), shoe.string("default", required=False)
    shoe.finish(("decks", "source", "default"))

    drawing = _read_drawing(drawing_table)

    standard = _catalogue()
    wagers: dict[str, Wager] = {}
    for wager_name in standard:
        entry = wagers_table.table(wager_name, required=False)
        wagers[wager_name] = (
            _wager_from_standard(wager_name, standard[wager_name])
            if entry is None
            else _read_wager(wager_name, entry, standard[wager_name])
        )
    for wager_name in wagers_table.data:
        if wager_name not in standard:
            entry = wagers_table.table(wager_name)
            assert entry is not None
            wagers[wager_name] = _read_wager(wager_name, entry, None)

    own_cards = None
    if own_table is not None:
        own_cards = OwnCards(
            wager=own_table.string("wager"), alone=own_table.boolean("alone"), source=own_table.string("source")
        )
        own_table.finish(("wager", "alone", "source"))
    dealing = DEFAULT_DEALING if dealing_table is None else _read_dealing(dealing_table)

    rule_set = RuleSet(
        name=name,
        title=title,
        document=document,
        source_path=origin,
        shipped=from_package,
        decks=decks,
        decks_source=decks_source,
        decks_default=decks_default,
        drawing=drawing,
        wagers=tuple(wagers.values()),
        notes=tuple(notes),
        own_cards=own_cards,
        dealing=dealing,
        source_sha256=sha256,
    )
    _check_settles_every_round(rule_set, origin)
    return rule_set


def _check_settles_every_round(rule_set: RuleSet, origin: str) -> None:
    """Refuse a pay table that leaves some final hands unsettled."""
    for wager in rule_set.wagers:
        state = unsettled(wager)
        if state is not None:
            raise InputError(
                f"{origin}: wagers.{wager.name}: no outcome matches {state.describe()}; "
                "end the outcomes with a row that has no conditions, such as "
                '{ name = "loss", pays = "lose" }.'
            )


@lru_cache(maxsize=1)
def shipped() -> tuple[str, ...]:
    """Names of the rule sets shipped in the package, in document order (read once: package data)."""
    folder = resources.files("analyzer.game.rulesets")
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and entry.name != "wagers.toml":
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            found.append((data["rule_set"]["document"], entry.name[: -len(".toml")]))
    return tuple(name for _, name in sorted(found))


def shipped_text(name: str) -> str:
    """The TOML text of the shipped rule set ``name`` (one of :func:`shipped`)."""
    if name not in shipped():
        raise InputError(f"Unknown rule set {shown(name)}; the shipped ones are {', '.join(shipped())}.")
    return resources.files("analyzer.game.rulesets").joinpath(f"{name}.toml").read_text(encoding="utf-8")


def installed_path(rules: RuleSet) -> str:
    """The file ``rules`` was read from, as a full path for a shipped rule set (to copy for a rule file of one's own).

    ``rules.source_path`` names a shipped file by its name only (``punto-banco.toml``), so that outputs and
    their provenance do not depend on where the package is installed.
    """
    return shipped_path(rules.source_path.removesuffix(".toml")) if rules.shipped else rules.source_path


def shipped_path(name: str) -> str:
    """Where the shipped rule set ``name`` is installed: the file to copy for a rule file of one's own."""
    return str(resources.files("analyzer.game.rulesets").joinpath(f"{name}.toml"))


def load(name_or_path: str) -> RuleSet:
    """Load a shipped rule set by name, or a user's rule file by path.

    Raises :class:`InputError` for an unknown name, a missing file, or a file
    that does not validate.
    """
    if name_or_path in shipped():
        origin = f"{name_or_path}.toml"
        data = resources.files("analyzer.game.rulesets").joinpath(f"{name_or_path}.toml").read_bytes()
        return _build(parse_toml(data.decode("utf-8"), origin), origin, sha256=sha256_hex(data), from_package=True)
    if is_rule_file(name_or_path):
        data = read_bytes(name_or_path, "rule file")
        origin = origin_of(name_or_path)
        return _build(parse_toml(decoded(data, name_or_path, "rule file"), origin), origin, sha256=sha256_hex(data))
    raise InputError(
        f"Unknown rule set {shown(name_or_path)}; use one of {', '.join(shipped())}, or a path to a .toml rule file."
    )


def is_rule_file(name_or_path: str) -> bool:
    """Whether ``name_or_path`` is to be read as a path: it ends in ``.toml``, or something is there."""
    return name_or_path.endswith(".toml") or os.path.lexists(name_or_path)
