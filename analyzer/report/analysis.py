"""The ``analyze``, ``compare`` and ``rules`` reports, as documents.

Builders only: each returns a :class:`~.model.Document` that
:func:`analyzer.report.render.render` writes in any format.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..exact.parsheet import ParSheet
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shipped import installed_path
from ..game.shoe import CARDS_PER_ROUND, Shoe
from ..game.wager import Outcome
from ..numbers import count_text, fraction_text, percent_text
from .common import (
    COUNTING,
    WAGER_KEYS,
    dealing_lines,
    defaults_field,
    drawing_lines,
    figure_fields,
    offered_text,
    outcome_table,
    own_cards_text,
    requires_text,
    rule_set_fields,
    sheet_context,
    shoe_context,
    shoe_fields,
    shoe_text,
    wager_fields,
)
from .model import Block, Column, Document, Field, Fields, Prose, Section, Table, Value, count, data, text
from .provenance import provenance


def analysis_document(rules: RuleSet, shoe: Shoe, sheets: Sequence[ParSheet]) -> Document:
    """``analyze``: the par sheet of every wager asked for, under one rule set and shoe."""
    head = Fields(
        (
            *rule_set_fields(rules),
            Field(
                "shoe",
                "Shoe",
                shoe_fields(shoe),
                text=f"{shoe_text(shoe)}; denominator {count_text(shoe.denominator)} ordered {CARDS_PER_ROUND}-card "
                "dealings.",
            ),
            Field("counting", "", text(COUNTING)),
            Field("denominator", None, count(shoe.denominator)),
            defaults_field(rules, shoe),
            Field("pays_changed", None, tuple(text(f"{w}:{o}={format_pays(p)}") for w, o, p in rules.pay_changes)),
            *(Field(None, "Note", text(note)) for note in rules.notes),
            *((Field(None, "Note", text(own_cards_text(rules))),) if rules.own_cards is not None else ()),
        )
    )
    return Document(
        title=f"{rules.name}: par sheets",
        blocks=(head, *(sheet_section(sheet) for sheet in sheets)),
        context=(*shoe_context(rules, shoe), Field("denominator", None, count(shoe.denominator))),
        provenance=provenance((rules,), shoe_text(shoe)),
    )


def sheet_section(sheet: ParSheet) -> Section:
    """One wager's par sheet: its outcomes, then its figures."""
    wager = sheet.wager
    lead = [f"Source: {wager.source}"] + ([f"{requires_text(wager)}."] if wager.requires else [])
    return Section(
        title=wager.title,
        name=wager.name,
        status=offered_text(wager),
        lead=tuple(lead),
        blocks=(wager_fields(wager), outcome_table(sheet), figure_fields(sheet)),
        key="wagers",
        key_order=WAGER_KEYS,
        context=sheet_context(sheet),
    )


def compare_document(
    shoe: Shoe, analyses: Sequence[tuple[RuleSet, Sequence[ParSheet]]], exact: bool = False
) -> Document:
    """``compare``: the house edge of every wager under every rule set, one matrix."""
    names: list[str] = []
    for _, sheets in analyses:
        names.extend(s.wager.name for s in sheets if s.wager.name not in names)
    cells: dict[tuple[str, str], Value] = {}
    for rules, sheets in analyses:
        for s in sheets:
            edge = s.house_edge
            shown = "no pays" if edge is None else fraction_text(edge) if exact else percent_text(edge)
            cells[(rules.name, s.wager.name)] = data(
                {
                    "offered": s.wager.offered,
                    "house_edge": None if edge is None else fraction_text(edge),
                    "rtp": None if edge is None else fraction_text(1 - edge),
                },
                shown if s.wager.offered else f"({shown})",
            )
    matrix = Table(
        columns=(Column("wager", "wager"), *(Column(rules.name, rules.name, "right") for rules, _ in analyses)),
        rows=tuple((text(name), *(cells.get((rules.name, name)) for rules, _ in analyses)) for name in names),
        key="house_edge",
        by_column=True,
        csv=True,
    )
    legend = (
        f"House edge per unit bet, {shoe_text(shoe)}. In parentheses: a wager the rule set's "
        "document does not offer, analysed with the standard pay table under that rule set's "
        "drawing. 'no pays': the document gives no pay table. RTP (return to player) is 100% minus the house edge."
    )
    return Document(
        title="House edge by rule set",
        blocks=(
            Fields(
                (
                    Field("shoe", None, shoe_fields(shoe)),
                    Field("denominator", None, count(shoe.denominator)),
                    Field("rule_sets", None, tuple(text(rules.name) for rules, _ in analyses)),
                )
            ),
            Prose((legend,)),
            matrix,
        ),
        provenance=provenance([rules for rules, _ in analyses], shoe_text(shoe)),
    )


def rule_list_document(
    rule_sets: Iterable[RuleSet],
    catalogue: Iterable[RuleSet] = (),
    digests: bool = False,
    games: Iterable[RuleSet] = (),
) -> Document:
    """``rules``: one line per rule set (name, document, title, wagers offered), then the side-bet catalogue's files,
    then the games with choices (solved by ``baccarat equilibrium``).

    The files read are all the shipped ones: their SHA-256 are listed only with ``digests`` (``--digests``), else
    one line says how many files were read and how to list them, so that the list of rule sets comes first (a
    machine's rendering of the provenance lists every file either way).
    """
    columns = (
        Column("name", "name"),
        Column("document", "document"),
        Column("title", "title"),
        Column("offered", "wagers offered"),
    )
    listed = tuple(rule_sets)
    rows = tuple(
        (text(r.name), text(r.document), text(r.title), text(", ".join(w.name for w in r.wagers if w.offered)))
        for r in listed
    )
    blocks: list[Block] = [Table(columns=columns, rows=rows, key="rule_sets", csv=True)]
    files = tuple(catalogue)
    if files:
        blocks.append(
            Prose(
                (
                    "Side-bet catalogue (each file a complete rule set; add its side bets to any rule set "
                    "with --wagers NAME):",
                )
            )
        )
        blocks.append(
            Table(
                columns=(
                    Column("name", "name"),
                    Column("extends", "extends"),
                    Column("title", "title"),
                    Column("side_bets", "side bets"),
                ),
                rows=tuple(
                    (
                        text(r.name),
                        text(r.extends or ""),
                        text(r.title),
                        text(", ".join(w.name for w in r.wagers if w.published)),
                    )
                    for r in files
                ),
                key="side_bet_files",
            )
        )
    played = tuple(games)
    if played:
        blocks.append(
            Prose(
                ("Games with choices (the sides choose some draws; solve one with baccarat equilibrium --rules NAME):",)
            )
        )
        blocks.append(
            Table(
                columns=(Column("name", "name"), Column("title", "title"), Column("document", "document")),
                rows=tuple((text(r.name), text(r.title), text(r.document)) for r in played),
                key="games",
            )
        )
    read = provenance(listed + files + played)
    if not digests:
        summary = f"Files read: {len(read.files)} shipped files (each one's SHA-256: baccarat rules --digests)"
        read = replace(read, files_summary=summary)
    return Document(title="Rule sets", blocks=tuple(blocks), provenance=read)


def rule_set_document(rules: RuleSet) -> Document:
    """``rules show``: the drawing chart, the choices (a game with choices), the dealing, and every pay table, with
    sources.

    The file's full path is a line of its own, never broken however long (``sed -n 's/^File: //p'`` reads it).
    """
    from .equilibrium_cards import choices_lines

    head = Prose(
        (
            f"{rules.name}: {rules.title}",
            f"Document: {rules.document}",
            f"Shoe: {rules.decks} decks. {rules.decks_default or rules.decks_source}",
        )
    )
    path = Prose((f"File: {installed_path(rules)}",), code=True)
    sections = []
    for wager in rules.wagers:
        lead = [f"Source: {wager.source}"]
        if wager.default:
            lead.append(f"Default: {wager.default}")
        if wager.requires:
            lead.append(f"{requires_text(wager)}.")
        table = Table(
            columns=(Column("outcome", "outcome"), Column("when", "when"), Column("pays", "pays")),
            rows=tuple((text(o.name), text(conditions_text(o)), text(o.pays_text)) for o in wager.outcomes),
            key="outcomes",
        )
        side = f"{wager.side} side, " if wager.side else ""
        sections.append(
            Section(
                title=wager.title,
                name=wager.name,
                status=f"{side}{offered_text(wager)}",
                lead=tuple(lead),
                blocks=(table,),
                key="wagers",
            )
        )
    notes = [f"Note: {n}" for n in rules.notes] + ([f"Note: {own_cards_text(rules)}"] if rules.own_cards else [])
    return Document(
        title=f"{rules.name}: rules",
        blocks=(
            head,
            path,
            Prose(tuple(drawing_lines(rules))),
            *((Prose(tuple(choices_lines(rules))),) if rules.choices else ()),
            Prose(tuple(dealing_lines(rules))),
            *sections,
            *((Prose(tuple(notes)),) if notes else ()),
        ),
        provenance=provenance((rules,)),
    )


def conditions_text(o: Outcome) -> str:
    """When an outcome holds, in words: the shipped keys tersely ('win, natural', 'by 3 or more', 'otherwise'),
    any other row as the condition language reads it."""
    if not o.side_view_only:
        from ..game.describe import describe

        return describe(o.condition) or "otherwise"
    parts: list[str] = []
    if o.result is not None:
        parts.append(o.result)
    if o.natural is not None:
        parts.append("natural" if o.natural else "not natural")
    if o.margin is not None:
        parts.append(f"by {o.margin}")
    if o.min_margin is not None:
        parts.append(f"by {o.min_margin} or more")
    if o.total is not None:
        parts.append("total " + "/".join(str(t) for t in sorted(o.total)))
    if o.cards is not None:
        parts.append(f"{o.cards} cards")
    if o.pair is not None:
        parts.append("pair" if o.pair else "no pair")
    return ", ".join(parts) or "otherwise"
