"""Provenance: which version computed a document, from which files, for which shoe, by which command.

Builders call :func:`provenance` with the rule sets and shoe they used; the
command line is added by :func:`with_command` where it is known. Every
renderer writes what :func:`provenance_lines` (people) and
:func:`provenance_data` (machines) return, so no builder writes it twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from .. import __version__
from ..game.rules import RuleSet
from ..game.standard import STANDARD_WAGERS_FILE, standard_wagers_sha256
from .model import Document, Provenance, SourceFile

PACKAGE = "baccarat-analyzer"
"""The distribution name that provenance names beside its version."""


def rule_files(rule_sets: Iterable[RuleSet]) -> tuple[SourceFile, ...]:
    """Each rule file once (in order) with the files it extends or adds wagers from, then the standard wagers' file."""
    files: list[SourceFile] = []
    for rules in rule_sets:
        read = [(rules.source_path, "rule file", rules.source_sha256), *rules.other_files]
        for name, role, sha256 in read:
            if sha256 and all(f.sha256 != sha256 or f.name != name for f in files):
                files.append(SourceFile(name, role, sha256))
    files.append(SourceFile(STANDARD_WAGERS_FILE, "standard wagers", standard_wagers_sha256()))
    return tuple(files)


def provenance(rule_sets: Sequence[RuleSet], shoe: str | None = None, other: Sequence[SourceFile] = ()) -> Provenance:
    """The provenance of a document computed from ``rule_sets`` (and ``other`` files) for the shoe named ``shoe``."""
    return Provenance(version=__version__, files=(*other, *rule_files(rule_sets)), shoe=shoe)


def with_command(document: Document, command: str | None, generated: str | None = None) -> Document:
    """``document`` with the command line (and, outside results/, a date) in its provenance."""
    if document.provenance is None or (command is None and generated is None):
        return document
    return replace(document, provenance=replace(document.provenance, command=command, generated=generated))


def provenance_lines(p: Provenance) -> list[str]:
    """What people read: version and shoe, the command, then each file's SHA-256 as ``sha256sum`` prints it (or the
    one line of ``files_summary`` in its place).

    >>> from analyzer.report.model import Provenance, SourceFile
    >>> files = (SourceFile("x.toml", "rule file", "0" * 64),)
    >>> for line in provenance_lines(Provenance("1.0", files, "8 decks", "baccarat x")):
    ...     print(line)
    Provenance: baccarat-analyzer 1.0; shoe: 8 decks
    Command: baccarat x
    Files read (SHA-256, as sha256sum prints it):
      0000000000000000000000000000000000000000000000000000000000000000  x.toml (rule file)
    """
    parts = [f"{PACKAGE} {p.version}"]
    if p.shoe:
        parts.append(f"shoe: {p.shoe}")
    if p.generated:
        parts.append(f"generated: {p.generated}")
    lines = [f"Provenance: {'; '.join(parts)}"]
    if p.command:
        lines.append(f"Command: {p.command}")
    if p.files and p.files_summary:
        lines.append(p.files_summary)
    elif p.files:
        lines.append("Files read (SHA-256, as sha256sum prints it):")
        lines.extend(f"  {f.sha256}  {f.name} ({f.role})" for f in p.files)
    return lines


def provenance_data(p: Provenance) -> dict[str, Any]:
    """What machines read: ``package``, ``version``, ``command``, ``shoe``, ``files`` (name, role, sha256)."""
    data: dict[str, Any] = {
        "package": PACKAGE,
        "version": p.version,
        "command": p.command,
        "shoe": p.shoe,
        "files": [{"name": f.name, "role": f.role, "sha256": f.sha256} for f in p.files],
    }
    if p.generated:
        data["generated"] = p.generated
    return data


def provenance_csv(p: Provenance | None) -> list[str]:
    """The two CSV columns of :data:`CSV_COLUMNS`: the version, and every file as NAME:SHA-256, space-separated."""
    if p is None:
        return ["", ""]
    return [p.version, " ".join(f"{f.name}:{f.sha256}" for f in p.files)]


CSV_COLUMNS = ("analyzer_version", "source_sha256")
"""The provenance columns that end every CSV row."""
