"""Rule files: TOML text to a validated :class:`~analyzer.game.rules.RuleSet`.

Shipped rule sets live in ``analyzer/game/rulesets/NAME.toml``; the standard
wagers and the pay tables used when a rule set does not offer them live in
``analyzer/game/rulesets/wagers.toml``. :func:`read_rules` accepts a shipped name or a
path to a user's own file, and refuses a bad file with one sentence naming the
file, the key and what is allowed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError, shown
from . import rulecache
from .choices import read_choices
from .keylines import placed
from .kinds import DEFAULT_KIND, GAME_KINDS
from .reveal import reveal_note
from .revealfile import read_reveal
from .rules import (
    BANKER_COLUMNS,
    DEFAULT_DEALING,
    DRAW,
    NON_NATURAL_TOTALS,
    PROCEDURES,
    STAND,
    Dealing,
    Drawing,
    OwnCards,
    RuleSet,
)
from .schema import keys
from .settle import unsettled
from .shipped import games, is_packaged, shipped, shipped_file
from .shoe import MAX_DECKS
from .standard import sha256_hex, standard_tables
from .strict import StrictTable, decoded, key_text, origin_of, parse_toml, read_bytes
from .wager import Side, Wager
from .wagerfile import wager_from_standard, wager_tables

_SIDE_LETTERS: dict[str, Side] = {"P": "player", "B": "banker"}


def _symbols(table: StrictTable, key: str, count: int) -> tuple[bool, ...]:
    text = table.string(key)
    symbols = text.split()
    if len(symbols) != count or any(s not in (DRAW, STAND) for s in symbols):
        raise table.error(key, f"is {shown(text)}; it must be {count} entries, each {DRAW} (draw) or {STAND} (stand).")
    return tuple(s == DRAW for s in symbols)


def _read_drawing(table: StrictTable) -> Drawing:
    player = _symbols(table, "player", len(NON_NATURAL_TOTALS))
    banker_table = table.table("banker")
    assert banker_table is not None
    rows = tuple(_symbols(banker_table, str(t), len(BANKER_COLUMNS)) for t in NON_NATURAL_TOTALS)
    banker_table.finish(tuple(str(t) for t in NON_NATURAL_TOTALS))
    source = table.string("source")
    table.finish(keys("drawing"))
    return Drawing(player=player, banker=rows, source=source)


def _read_dealing(table: StrictTable) -> Dealing:
    order = table.string("order")
    letters = order.split()
    if sorted(letters) != ["B", "B", "P", "P"]:
        raise table.error(
            "order",
            f'is {shown(order)}; it must name the hand of each of the first four cards, two P and two B, e.g. "P B P '
            'B".',
        )
    procedure = table.string("procedure")
    if procedure not in PROCEDURES:
        raise table.error("procedure", f"is {shown(procedure)}; it must be one of {', '.join(PROCEDURES)}.")
    dealing = Dealing(
        first_four=tuple(_SIDE_LETTERS[letter] for letter in letters),
        procedure=procedure,
        source=table.string("source"),
        default=table.string("default", required=False),
    )
    table.finish(keys("dealing"))
    return dealing


DOCUMENT_KEYS: tuple[str, ...] = ("document_title", "operator", "jurisdiction", "approved")
"""What a rule file may say of its source document, for the report's front page (each optional)."""


def parse(text: str, origin: str, sha256: str | None = None, *, read_files: bool = True) -> RuleSet:
    """Build a :class:`RuleSet` from TOML text; ``origin`` names it in errors.

    ``sha256`` is the SHA-256 of the file's bytes (default: of ``text`` as
    UTF-8). A file whose ``[rule_set]`` says ``extends = "NAME"`` (a shipped
    rule set, a catalogue name, or a path beside the file) takes that rule
    set's shoe, drawing, dealing, own-cards table and wagers, and changes or
    adds only what it writes itself. With ``read_files`` False (text sent to
    the web workbench) ``extends`` may name a shipped rule set or catalogue
    file only: no other file is read.
    """
    return _build(_Source(text, origin, sha256 or sha256_hex(text.encode("utf-8")), read_files=read_files))


def _build(source: _Source, chain: tuple[str, ...] = ()) -> RuleSet:
    """The rule set of ``source``; ``chain`` holds the files that extend it, nearest last (to refuse a loop). An
    error names the line of the file its key is written on (:func:`analyzer.game.keylines.placed`)."""
    try:
        return _built(source, chain)
    except InputError as e:
        raise InputError(placed(str(e), source.origin, source.text)) from None


def placed_in_files(error: InputError, names: Sequence[str]) -> InputError:
    """``error`` with the line of the file it names, one of the files ``names`` names (read again, only to place
    it: for a refusal made after loading, such as a row no deal reaches); as it is when none of them is named."""
    for name in names:
        try:
            source = _read(name, "rule file")
        except InputError:
            continue
        message = placed(str(error), source.origin, source.text)
        if message != str(error):
            return InputError(message)
    return error


def _built(source: _Source, chain: tuple[str, ...]) -> RuleSet:
    origin = source.origin
    top = StrictTable(parse_toml(source.text, origin), "", origin)
    head = top.table("rule_set")
    assert head is not None
    extends = head.string("extends", required=False)
    parent = None if extends is None else _parent(extends, source, head, chain)
    shoe = top.table("shoe", required=parent is None)
    drawing_table = top.table("drawing", required=parent is None)
    wagers_table = top.table("wagers")
    own_table = top.table("own_cards", required=False)
    dealing_table = top.table("dealing", required=False)
    reveal_table = top.table("reveal", required=False)
    choices_table = top.table("choices", required=False)
    assert wagers_table is not None
    top.finish(keys("file"))

    name, title = head.string("name"), head.string("title")
    document = head.string("document", required=parent is None) or (parent.document if parent else "")
    notes = head.array("notes", required=False) or []
    if not all(isinstance(n, str) for n in notes):
        raise head.error("notes", "must be an array of strings.")
    about = tuple((key, value) for key in DOCUMENT_KEYS if (value := head.string(key, required=False)) is not None)
    if parent is not None and document == parent.document:
        about = tuple(dict((*parent.about, *about)).items())
    kind = head.string("kind", required=False)
    if kind is not None and kind not in GAME_KINDS:
        raise head.error("kind", f"is {shown(kind)}; use one of {', '.join(GAME_KINDS)}.")
    head.finish(keys("rule_set"))

    if shoe is not None:
        decks = shoe.integer("decks")
        if not 1 <= decks <= MAX_DECKS:
            raise shoe.error("decks", f"is {shown(decks)}; it must be from 1 to {MAX_DECKS:,}.")
        decks_source, decks_default = shoe.string("source"), shoe.string("default", required=False)
        shoe.finish(keys("shoe"))
    else:
        assert parent is not None
        decks, decks_source, decks_default = parent.decks, parent.decks_source, parent.decks_default

    drawing = _read_drawing(drawing_table) if drawing_table is not None else _inherited(parent).drawing

    standard = standard_tables()
    wagers: dict[str, Wager] = (
        {w.name: w for w in parent.wagers}
        if parent
        else {wager_name: wager_from_standard(wager_name, entry) for wager_name, entry in standard.items()}
    )
    wagers.update(wager_tables(wagers_table, standard))

    own_cards = parent.own_cards if parent else None
    if own_table is not None:
        own_cards = OwnCards(
            wager=own_table.string("wager"), alone=own_table.boolean("alone"), source=own_table.string("source")
        )
        own_table.finish(keys("own_cards"))
    dealing = (
        _read_dealing(dealing_table) if dealing_table is not None else parent.dealing if parent else DEFAULT_DEALING
    )
    reveal = parent.reveal if parent else None
    if reveal_table is not None:
        reveal = read_reveal(reveal_table)
        notes.append(reveal_note(reveal))
    choices = read_choices(choices_table) if choices_table is not None else parent.choices if parent else None

    try:
        rule_set = RuleSet(
            name=name,
            title=title,
            document=document,
            source_path=origin,
            shipped=source.shipped,
            source_sha256=source.sha256,
            decks=decks,
            decks_source=decks_source,
            decks_default=decks_default,
            drawing=drawing,
            wagers=tuple(wagers.values()),
            notes=(parent.notes if parent else ()) + tuple(notes),
            about=about,
            kind=kind if kind is not None else parent.kind if parent else DEFAULT_KIND,
            kind_stated=kind is not None or (parent is not None and parent.kind_stated),
            own_cards=own_cards,
            dealing=dealing,
            reveal=reveal,
            choices=choices,
            extends=None if parent is None else parent.name,
            other_files=()
            if parent is None
            else (*parent.other_files, (parent.source_path, "extended rule file", parent.source_sha256)),
        )
    except InputError as e:
        raise InputError(f"{origin}: {e}") from None
    _check_settles_every_round(rule_set, origin)
    return rule_set


def _inherited(parent: RuleSet | None) -> RuleSet:
    assert parent is not None, "a file without the table extends a rule set that has it"
    return parent


MAX_EXTENDS = 16
"""The longest chain of files extending one another that a rule file may start."""


def _parent(extends: str, child: _Source, head: StrictTable, chain: tuple[str, ...]) -> RuleSet:
    """The rule set named by ``extends``: shipped, catalogue, or a path read from the extending file's folder."""
    if is_packaged(extends):
        where = key = extends
    elif not child.read_files:
        raise head.error(
            "extends",
            f"is {shown(extends)}; text sent to the workbench may extend a shipped rule set "
            f"({', '.join(shipped())}), a game or a catalogue file only, never a file by path.",
        )
    else:
        where = _extended_path(extends, child)
        key = os.path.realpath(where)
    chain = (*chain, (child.path and os.path.realpath(child.path)) or child.origin.removesuffix(".toml"))
    if key in chain:
        raise head.error(
            "extends", f"is {shown(extends)}, which extends this file again; a rule file cannot extend itself."
        )
    if len(chain) > MAX_EXTENDS:
        raise head.error("extends", f"makes a chain of more than {MAX_EXTENDS} files extending one another.")
    try:
        return _build(_read(where, "rule file"), chain)
    except InputError as e:
        raise head.error("extends", str(e)) from None


def _extended_path(extends: str, child: _Source) -> str:
    """Where a file ``extends`` names by path: beside the extending file when it was read from a path, else as
    written (from the working folder)."""
    return str(Path(child.path).parent / extends) if child.path else extends


@dataclass(frozen=True, slots=True)
class ExtendedFile:
    """A file a rule file extends, as the loader reads it: how errors name it, its text, the SHA-256 of its bytes."""

    origin: str
    text: str
    sha256: str


def extended_files(text: str, path: str | None = None, *, read_files: bool = True) -> tuple[ExtendedFile, ...]:
    """The files a rule file's ``text`` extends, nearest first, each found as :func:`parse` finds it (a packaged
    name, or with ``read_files`` a path from the folder of the file that names it; ``path`` is where ``text`` was
    read from, if it was). Meant for a text the loader has accepted: an ``extends`` it would refuse ends the chain
    with :class:`InputError`."""
    source = _Source(text, origin_of(path) if path else "rule file", "", path=path, read_files=read_files)
    found: list[ExtendedFile] = []
    while len(found) <= MAX_EXTENDS:
        head = parse_toml(source.text, source.origin).get("rule_set")
        extends = head.get("extends") if isinstance(head, dict) else None
        if not isinstance(extends, str):
            return tuple(found)
        if not is_packaged(extends) and not read_files:
            raise InputError(f"{source.origin}: extends {shown(extends)}, a file by path, which is not read here.")
        source = _read(extends if is_packaged(extends) else _extended_path(extends, source), "rule file")
        found.append(ExtendedFile(source.origin, source.text, source.sha256))
    raise InputError(f"A chain of more than {MAX_EXTENDS} files extending one another.")


def _check_settles_every_round(rule_set: RuleSet, origin: str) -> None:
    """Refuse a pay table of shipped row keys that leaves some final hands unsettled.

    Wagers that read more than a side's view are checked against every
    round a deal can reach when the rule set is checked for unreachable
    rows (:mod:`analyzer.exact.reach`).
    """
    for wager in rule_set.wagers:
        if not wager.side_view_only:
            continue
        state = unsettled(wager)
        if state is not None:
            raise InputError(
                f"{origin}: {key_text(f'wagers.{wager.name}')}: no outcome matches {state.describe()}; "
                "end the outcomes with a row that has no conditions, such as "
                '{ name = "loss", pays = "lose" }.'
            )


@dataclass(frozen=True, slots=True)
class _Source:
    """A rule file's text, how errors name it, the SHA-256 of its bytes, and whether it is the package's own."""

    text: str
    origin: str
    sha256: str
    shipped: bool = False
    path: str | None = None
    """Where the file is, when read from a path (``origin`` may be shortened for errors)."""
    read_files: bool = True
    """Whether ``extends`` may name a file by path (False for text from the web workbench)."""


def _read(name_or_path: str, what: str) -> _Source:
    """A shipped or catalogue name's file, or the file at a path (``what`` names it in errors)."""
    if is_packaged(name_or_path):
        data = shipped_file(name_or_path).read_bytes()
        rulecache.read("shipped", name_or_path, sha256_hex(data))
        return _Source(data.decode("utf-8"), f"{name_or_path}.toml", sha256_hex(data), shipped=True)
    if is_rule_file(name_or_path):
        data = read_bytes(name_or_path, what)
        rulecache.read("path", os.path.realpath(name_or_path), sha256_hex(data))
        return _Source(decoded(data, name_or_path, what), origin_of(name_or_path), sha256_hex(data), path=name_or_path)
    raise InputError(
        f"Unknown rule set {shown(name_or_path)}; use one of {', '.join(shipped())}, a game ("
        f"{', '.join(games())}), a side-bet file of `baccarat rules` (e.g. golden-frog), or a path to a .toml rule "
        "file."
    )


def is_rule_file(name_or_path: str) -> bool:
    """Whether ``name_or_path`` is to be read as a path: it ends in ``.toml``, or something is there."""
    return name_or_path.endswith(".toml") or os.path.lexists(name_or_path)


def read_rules(name_or_path: str, wagers: Sequence[str] = ()) -> RuleSet:
    """Load a shipped rule set or catalogue file by name, or a user's rule file by path.

    ``wagers`` names files whose wagers are added (:func:`with_wagers`).
    Raises :class:`InputError` for an unknown name, a missing file, or a file
    that does not validate. Rows that no deal reaches are refused by
    :func:`analyzer.exact.reach.load_rules_rules`, which the command line uses.
    """
    rules = _build(_read(name_or_path, "rule file"))
    for name in wagers:
        rules = with_wagers(rules, name)
    return rules


def wagers_in(name_or_path: str) -> tuple[tuple[Wager, ...], _Source]:
    """The side bets a file defines in its ``[wagers]`` table, and the file.

    The file is a rule file (its own ``[wagers]`` only, not what it
    extends) or a file holding only ``[wagers.NAME]`` tables. The standard
    wagers (player, banker, tie, pairs, Dragon Bonus, Big Win Bonus) belong
    to a game's own rules and are not taken.
    """
    source = _read(name_or_path, "wagers file")
    origin = source.origin
    data = parse_toml(source.text, origin)
    if "rule_set" in data:
        rules = _build(source)
        names = [n for n in data.get("wagers", {}) if n not in standard_tables()]
        return tuple(rules.wager(n) for n in names), source
    top = StrictTable(data, "", origin)
    try:
        table = top.table("wagers")
        assert table is not None
        top.finish(("wagers",))
        defined = wager_tables(table, standard_tables())
    except InputError as e:
        raise InputError(placed(str(e), origin, source.text)) from None
    return tuple(w for w in defined.values() if w.name not in standard_tables()), source


def with_wagers(rules: RuleSet, name_or_path: str) -> RuleSet:
    """``rules`` with the side bets of a file added (``--wagers FILE``), as offered wagers; a note says so.

    Raises :class:`InputError` when the file defines no side bet or one
    whose name the rule set already uses.
    """
    added, source = wagers_in(name_or_path)
    origin = source.origin
    if not added:
        raise InputError(
            f"{origin}: defines no side bet to add (a [wagers.NAME] table other than the standard wagers)."
        )
    taken = sorted({w.name for w in added} & {w.name for w in rules.wagers})
    if taken:
        raise InputError(
            f"{origin}: wager {shown(taken[0])} is already in rule set {rules.name}; give yours another name."
        )
    note = f"Wagers added from {origin} (--wagers): {', '.join(w.name for w in added)}."
    try:
        return replace(
            rules,
            wagers=rules.wagers + tuple(replace(w, origin=origin) for w in added),
            notes=rules.notes + (note,),
            other_files=(*rules.other_files, (origin, "wagers file", source.sha256)),
        )
    except InputError as e:
        raise InputError(f"{origin}: {e}") from None
