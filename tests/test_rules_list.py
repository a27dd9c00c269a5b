"""`baccarat rules`: the rule sets first, each file's SHA-256 on request, the provenance whole everywhere else.

The list reads every shipped file (28 of them); their digests used to come first, 28 lines before the first rule
set. Now one line says how many files were read and how to list them (``--digests``), and ``rules show`` keeps
its file's path on a line of its own.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from analyzer.game.shipped import catalogue, games, shipped, shipped_path

from .clirun import run

DIGEST = re.compile(r"^  [0-9a-f]{64}  (\S+) \(")


def test_rules_lists_the_rule_sets_before_anything_else_of_length() -> None:
    code, out, _ = run("rules")
    lines = out.splitlines()
    assert code == 0
    assert lines[:2] == ["Provenance: baccarat-analyzer 0.1.0", "Command: baccarat rules"]
    read = len(shipped()) + len(catalogue()) + len(games()) + 1  # every shipped file and the standard wagers' file
    assert lines[2] == f"Files read: {read} shipped files (each one's SHA-256: baccarat rules --digests)"
    assert not any(DIGEST.match(line) for line in lines)
    first = next(i for i, line in enumerate(lines) if line.startswith(shipped()[0] + " "))
    assert first < 8  # the table of rule sets starts on the first screen of a terminal
    assert any(line.startswith("Games with choices") for line in lines[first:])  # chemin de fer, after them
    assert all(any(line.startswith(f"{game} ") for line in lines) for game in games())


def test_rules_digests_lists_every_file_read_with_its_sha256() -> None:
    code, out, _ = run("rules", "--digests")
    assert code == 0
    listed = {m[1]: line.split()[0] for line in out.splitlines() if (m := DIGEST.match(line))}
    for name in (*shipped(), *catalogue(), *games()):
        path = Path(shipped_path(name))
        assert listed[path.name] == hashlib.sha256(path.read_bytes()).hexdigest(), name
    assert "wagers.toml" in listed
    assert out.index("Files read (SHA-256") < out.index(f"{shipped()[0]} ")


def test_rules_show_prints_its_file_s_path_whole_on_a_line_of_its_own() -> None:
    _, out, _ = run("rules", "show", "punto-banco")
    assert f"\nFile: {shipped_path('punto-banco')}\n" in out
    assert DIGEST.match(out.splitlines()[3])  # rules show keeps the whole provenance
