"""The workbench's rule file as edited: the values changed in place, then proven by loading the file alone back.

The file a designer exports must give exactly the par sheets the workbench showed. Each changed pay is written
where the file itself has the row, found by its position in its wager's ``outcomes`` array
(:func:`analyzer.game.tomlspans.value_spans`), never by searching for its name: the value's whole TOML token
(``"2:1"``, ``'2:1'``, a multi-line string...) is replaced by the pay the edited model holds, as a basic string. The
name and title the designer gave are written the same way, over the ``[rule_set]`` values.

A changed pay of a wager the file takes from elsewhere is written the same way, into a table of its own: the rule-file
language lets a file give a standard wager its own ``[wagers.NAME]`` table, which replaces the one it would take.
The wager's table is copied from the file it comes from (the nearest file of the ``extends`` chain that writes it,
found as the loader finds each file; else the standard wagers' ``wagers.toml``), whichever way that file writes it
(:func:`analyzer.game.tomlcopy.copied_table`: each value's own text, its ``title`` and ``source`` kept), under a
comment line naming the file, at the end of the exported file; its changed rows are then written at their positions.
A standard wager copied from ``wagers.toml`` is offered by the exported file (that is what writing its table means):
loaded back it is "offered", where the workbench showed it "not offered by this document; standard pay table",
and this is the one difference the proof allows.

Then the proof: the exported text alone is loaded back as the workbench loads any text, and every wager must equal
the one shown (its rows, conditions and pays) and give the same par sheet on the shown shoe (every figure and row,
exactly). Anything else refuses the export in one line: nothing is exported that says something other than what
was shown. Refused so: a pay the file's fee or cap nets (written, it would load back netted again), a jackpot row
given a fixed pay (the wager's jackpot would differ), and a file that writes ``wagers`` as one inline table, to which
no table can be added. Nothing is left for the reader to apply beside the file: no ``--pay`` note, no exception.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from dataclasses import fields, replace
from typing import Any

from ..errors import InputError, shown
from ..game.odds import format_pays
from ..game.rulefile import extended_files
from ..game.rules import RuleSet
from ..game.standard import (
    STANDARD_WAGERS_FILE,
    sha256_hex,
    standard_tables,
    standard_wagers_sha256,
    standard_wagers_text,
)
from ..game.tomlcopy import copied_table
from ..game.tomlspans import Path, Span, TomlSyntax, basic_string, value_spans
from ..game.wager import Wager
from .pricing import priced_sheets
from .workbench import State, rule_set_of_text, rule_text, wager_view

COPIED = "# The workbench's export copied this table from {file}; its pays changed in the workbench{offered}."
"""The comment line above a wager's table copied into the exported file."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def exported_rule_file(state: State) -> str:
    """The rule file with the state's pay changes, name and title written into it (a wager the file takes from
    elsewhere copied into it first), proven to load back alone to the par sheets shown. :class:`InputError` (one
    line) when a change cannot be written or the proof fails."""
    text = rule_text(state)
    rules = state.rule_set()
    changed = tuple(dict.fromkeys((w, o) for w, o, _ in rules.pay_changes))
    own = tomllib.loads(text).get("wagers", {})
    copies = [name for name in dict.fromkeys(w for w, _ in changed) if name not in own]
    text, standard_copies = _with_copies(text, rules, copies)
    spans = _spans(text)
    edits: dict[int, tuple[int, str]] = {}
    for wager_name, outcome_name in changed:
        wager = rules.wager(wager_name)
        position = next(i for i, o in enumerate(wager.outcomes) if o.name == outcome_name)
        paid = wager.outcomes[position].pays
        assert paid is not None
        row = ("wagers", wager_name, "outcomes", position)
        if row not in spans or spans[row].kind not in ("inline", "table"):  # not reached for a file the loader read
            raise InputError(
                f"Export refused: row {shown(outcome_name, 40)} of wager {shown(wager_name)} is not written as a "
                "row of its outcomes; change its pay in the rule file's text."
            )
        edits.update([_pays_edit(text, spans, row, basic_string(format_pays(paid)))])
    for key in ("name", "title"):
        given = getattr(state, key)
        value = spans.get(("rule_set", key))
        if given is not None and value is not None:
            edits[value.start] = (value.end, basic_string(given))
    edited = text
    for start in sorted(edits, reverse=True):
        end, written = edits[start]
        edited = edited[:start] + written + edited[end:]
    prove(state, rules, edited, standard_copies)
    return edited


def _with_copies(text: str, rules: RuleSet, names: list[str]) -> tuple[str, list[str]]:
    """``text`` with a table of its own for each wager ``names`` names (which it takes from elsewhere), copied from
    the file that writes it, under a comment line; and the names of those copied from ``wagers.toml``."""
    if not names:
        return text, []
    if _spans(text).get(("wagers",), Span(0, 0, None, "table")).kind == "inline":
        raise InputError(
            f"Export refused: the rule file writes its wagers as one inline table (wagers = {{...}}), to which "
            f"wager {shown(names[0])}'s table cannot be added; write its wagers as [wagers.NAME] tables."
        )
    blocks = []
    standard_copies = []
    for name in names:
        origin, source, at, through = _written_at(text, rules, name)
        standard = origin == STANDARD_WAGERS_FILE and at == (name,)
        try:
            table = copied_table(source, at, ("wagers", name))
        except TomlSyntax as error:  # not reached: the file was found to write the wager
            raise InputError(f"Export refused: wager {shown(name)} could not be copied ({error}).") from None
        if standard:
            standard_copies.append(name)
            file, offered = f"{origin} (the standard wagers)", ", so this file offers the wager"
        else:
            file, offered = f"{origin}, which this file extends", ""
            if through:
                file += f" through {through[0]}"
        comment = COPIED.format(file=_CONTROL.sub("?", file), offered=offered)
        blocks.append(f"\n{comment}\n{table}")
    return text + ("" if text.endswith("\n") else "\n") + "".join(blocks), standard_copies


def _spans(text: str) -> dict[Path, Span]:
    try:
        return value_spans(text)
    except TomlSyntax as error:  # not reached for a text the loader accepted
        raise InputError(f"Export refused: the rule file could not be read for writing ({error}).") from None


def _written_at(text: str, rules: RuleSet, name: str) -> tuple[str, str, Path, tuple[str, ...]]:
    """Where wager ``name``, which ``text`` does not write, is written, as the loader takes it: the nearest file of
    the ``extends`` chain with a ``[wagers.NAME]`` entry, else ``wagers.toml``; as (the file's name, its text, the
    entry's key path, the files of the chain before it, nearest last). The files are read again, and must be the
    ones ``rules`` was loaded from (their SHA-256)."""
    try:
        chain = extended_files(text, read_files=False)
    except InputError as error:  # not reached for a text the workbench loaded
        raise InputError(f"Export refused: the files the rule file extends could not be read ({error}).") from None
    loaded = [sha for _, kind, sha in rules.other_files if kind == "extended rule file"]
    if [f.sha256 for f in reversed(chain)] != loaded:
        raise InputError("Export refused: the files the rule file extends changed since it was loaded; load it again.")
    for i, file in enumerate(chain):
        if name in tomllib.loads(file.text).get("wagers", {}):
            return file.origin, file.text, ("wagers", name), tuple(f.origin for f in chain[:i])
    if name in standard_tables():
        standard = standard_wagers_text()
        if sha256_hex(standard.encode("utf-8")) != standard_wagers_sha256():
            raise InputError(f"Export refused: {STANDARD_WAGERS_FILE} changed since it was read; start again.")
        return STANDARD_WAGERS_FILE, standard, (name,), tuple(f.origin for f in chain)
    raise InputError(  # not reached: every wager is written in the file, a file it extends, or wagers.toml
        f"Export refused: wager {shown(name)} is written in no file this rule file takes it from."
    )


def _pays_edit(text: str, spans: dict[Path, Span], row: Path, written: str) -> tuple[int, tuple[int, str]]:
    """The edit that makes ``row`` pay ``written``: its ``pays`` token replaced, or a ``pays`` key added."""
    pays = spans.get((*row, "pays"))
    if pays is not None:
        return pays.start, (pays.end, written)
    table = spans[row]
    if table.kind == "inline":  # before the closing brace
        return table.end - 1, (table.end - 1, f", pays = {written} ")
    line_end = text.find("\n", table.end)
    at = len(text) if line_end < 0 else line_end + 1
    return at, (at, ("" if line_end >= 0 else "\n") + f"pays = {written}\n")


def prove(state: State, rules: RuleSet, exported: str, copied_standard: Collection[str] = ()) -> None:
    """Refuse, in one line, an exported text that does not load back alone to ``rules``'s wagers and their par
    sheets on the state's shoe. The standard wagers ``copied_standard`` names were written out from
    ``wagers.toml`` and so are offered by the exported file: that, and only that, may differ from what was shown."""
    try:
        again = rule_set_of_text(exported)
    except InputError as error:
        raise InputError(f"Export refused: the rule file as edited does not load back ({error}).") from None
    if copied_standard:
        shown_offered = {w.name: w.offered for w in rules.wagers}
        again = replace(
            again,
            wagers=tuple(
                replace(w, offered=shown_offered.get(w.name, w.offered)) if w.name in copied_standard else w
                for w in again.wagers
            ),
        )
    for key in ("name", "title", "decks"):
        if getattr(again, key) != getattr(rules, key):
            raise InputError(
                f"Export refused: the rule file as edited has {key} {shown(getattr(again, key))}, not the "
                f"{shown(getattr(rules, key))} shown."
            )
    names = [w.name for w in rules.wagers]
    if [w.name for w in again.wagers] != names:
        raise InputError("Export refused: the rule file as edited does not have the wagers shown, in their order.")
    for mine, theirs in zip(rules.wagers, again.wagers):
        if _model(mine) != _model(theirs):
            raise InputError(f"Export refused: {_wager_difference(mine, theirs)}; change it in the rule file's text.")
    shoe = state.shoe(rules)
    chosen = state.wagers or tuple(names)
    for sheet, loaded in zip(priced_sheets(rules, shoe, chosen), priced_sheets(again, shoe, chosen)):
        mismatch = _first_difference(wager_view(sheet), wager_view(loaded))
        if mismatch is not None:
            raise InputError(
                f"Export refused: the rule file as edited gives {sheet.wager.name}'s {mismatch}, not the one shown."
            )


def _model(wager: Wager) -> Wager:
    """``wager`` as its pays and conditions are: the notes saying a pay was changed are taken out."""
    return replace(wager, outcomes=tuple(replace(o, default=None) for o in wager.outcomes))


def _wager_difference(mine: Wager, theirs: Wager) -> str:
    """How the wager loaded back from the export differs from the one shown, in words."""
    name = shown(mine.name)
    for row, (a, b) in enumerate(zip(mine.outcomes, theirs.outcomes)):
        if a.name != b.name:
            return (
                f"loaded back, wager {name}'s row {row + 1} is {shown(b.name, 40)}, not the {shown(a.name, 40)} shown"
            )
        if a.pays != b.pays:
            written = "no pay" if b.pays is None else format_pays(b.pays)
            return (
                f"loaded back, row {shown(a.name, 40)} of wager {name} pays {written}, not the "
                f"{'no pay' if a.pays is None else format_pays(a.pays)} shown"
                + (" (the file's pays are before its fee or cap)" if mine.money is not None else "")
            )
    if len(mine.outcomes) == len(theirs.outcomes):
        for field in fields(Wager):
            if field.name != "outcomes" and getattr(mine, field.name) != getattr(theirs, field.name):
                return f"loaded back, wager {name}'s {field.name} is not the one shown"
    return f"loaded back, wager {name} does not have the rows shown"


def _first_difference(shown_view: dict[str, Any], loaded_view: dict[str, Any]) -> str | None:
    """The first figure or row that differs between two :func:`~.workbench.wager_view` results, named."""
    for name, value in shown_view["figures"].items():
        if loaded_view["figures"].get(name) != value:
            return f"{name.replace('_', ' ')} as {loaded_view['figures'].get(name)}"
    for i, (row, other) in enumerate(zip(shown_view["rows"], loaded_view["rows"], strict=False)):
        if row != other:
            return f"row {i + 1} ({shown(row['outcome'], 40)}) as {other['pays']} on {other['combinations']}"
    if len(shown_view["rows"]) != len(loaded_view["rows"]) or shown_view != loaded_view:
        return "par sheet"
    return None
