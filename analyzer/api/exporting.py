"""The workbench's rule file as edited: the values changed in place, then proven by loading the file back.

The file a designer exports must give exactly the par sheets the workbench showed. Each changed pay is written
where the file itself has the row, found by its position in its wager's ``outcomes`` array
(:func:`analyzer.game.tomlspans.value_spans`), never by searching for its name: the value's whole TOML token
(``"2:1"``, ``'2:1'``, ``'''2:1'''``...) is replaced by the pay the edited model holds, as a basic string. The name
and title the designer gave are written the same way, over the ``[rule_set]`` values. A pay of a wager the file
takes from elsewhere (a standard wager, the file it extends) is not written: it is listed in a comment at the top
(``give it as --pay``), as :func:`exported_rule_file` returns it.

Then the proof: the exported text is loaded back as the workbench loads any text, the listed pays are applied as
``--pay`` applies them, and every wager must equal the one shown (its rows, conditions and pays) and give the same
par sheet on the shown shoe (every figure and row, exactly). Anything else refuses the export in one line: nothing
is exported that says something other than what was shown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import InputError, shown
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.tomlspans import Path, Span, TomlSyntax, basic_string, value_spans
from ..game.wager import Wager
from .common import with_pays
from .pricing import priced_sheets
from .workbench import State, rule_set_of_text, rule_text, wager_view

UNWRITTEN = "# pay changed in the workbench, not written below (give it as --pay): "
"""How the exported file's first lines list the pay changes it could not write."""


def exported_rule_file(state: State) -> tuple[str, tuple[str, ...]]:
    """The rule file with the state's pay changes, name and title written into it, proven to load back to the
    par sheets shown; and the pay changes it could not write (listed at its top). :class:`InputError` (one line)
    when the proof fails."""
    text = rule_text(state)
    rules = state.rule_set()
    try:
        spans = value_spans(text)
    except TomlSyntax as error:  # not reached for a text the loader accepted
        raise InputError(f"Export refused: the rule file could not be read for writing ({error}).") from None
    edits: dict[int, tuple[int, str]] = {}
    unwritten: list[str] = []
    for wager_name, outcome_name in dict.fromkeys((w, o) for w, o, _ in rules.pay_changes):
        wager = rules.wager(wager_name)
        position = next(i for i, o in enumerate(wager.outcomes) if o.name == outcome_name)
        paid = wager.outcomes[position].pays
        assert paid is not None
        row = ("wagers", wager_name, "outcomes", position)
        if row not in spans or spans[row].kind not in ("inline", "table"):
            unwritten.append(f"{wager_name}:{outcome_name}={format_pays(paid)}")
            continue
        edits.update([_pays_edit(text, spans, row, basic_string(format_pays(paid)))])
    for key in ("name", "title"):
        given = getattr(state, key)
        at = spans.get(("rule_set", key))
        if given is not None and at is not None:
            edits[at.start] = (at.end, basic_string(given))
    edited = text
    for start in sorted(edits, reverse=True):
        end, written = edits[start]
        edited = edited[:start] + written + edited[end:]
    if unwritten:
        edited = "".join(f"{UNWRITTEN}{u}\n" for u in unwritten) + edited
    prove(state, rules, edited, tuple(unwritten))
    return edited, tuple(unwritten)


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


def prove(state: State, rules: RuleSet, exported: str, unwritten: tuple[str, ...]) -> None:
    """Refuse, in one line, an exported text that does not load back (with ``unwritten`` given as ``--pay``) to
    ``rules``'s wagers and their par sheets on the state's shoe."""
    try:
        again = with_pays(rule_set_of_text(exported), unwritten)
    except InputError as error:
        raise InputError(f"Export refused: the rule file as edited does not load back ({error}).") from None
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
