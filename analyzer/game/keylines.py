"""Where a key is written in a TOML text: every error about a file names its line, beside the key.

:func:`key_lines` names every key path of a text as the loaders' errors name it (dotted, an array's element as
``[i]``: ``wagers.nine-nine.outcomes[0].pays``) with the line it is written on, the first line of its span in
:func:`analyzer.game.tomlspans.value_spans` (the one scanner of TOML texts: a value's line is its key's, a table's
the line of its header or of the first dotted key or header that makes it). :func:`placed` puts that line into an
error's first words: ``FILE: KEY: ...`` becomes ``FILE, line N: KEY: ...`` (a key that is missing is placed at its
table's line). Neither raises: on a text the scanner cannot read (one :mod:`tomllib` refused) nothing is placed,
and past :data:`MAX_PATHS` paths the rest of a text is not read, so placing an error stays well under a second.

>>> text = '[rule_set]\\nname = "x"\\n\\n[wagers.mine]\\noutcomes = [\\n  { name = "a", pays = "forty" },\\n]\\n'
>>> key_lines(text)["wagers.mine.outcomes[0].pays"]
6
>>> placed("my.toml: wagers.mine.outcomes[0].pays: Pays 'forty' is not understood.", "my.toml", text)
"my.toml, line 6: wagers.mine.outcomes[0].pays: Pays 'forty' is not understood."
>>> placed("my.toml: wagers.mine.title: is missing; it must be a string.", "my.toml", text)
'my.toml, line 4: wagers.mine.title: is missing; it must be a string.'
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .tomlspans import Path, value_spans

MAX_PATHS = 20_000
"""The most spans read from one text (a rule file writes a few hundred; every shipped file together, 4,218): an
error in a file of more is named without its line past them, and placing it stays well under a second."""


def key_lines(text: str) -> dict[str, int]:
    """Each key path of a TOML text, as the loaders' errors name it, with the 1-based line it is written on: a
    table's path the line of its header (or of the first key that makes it), an array element's the line it starts
    on. Read from :func:`analyzer.game.tomlspans.value_spans` (each span's first line), at most :data:`MAX_PATHS`
    of them; nothing on a text it cannot read (one :mod:`tomllib` refused, or nested past Python's recursion)."""
    try:
        spans = value_spans(text, limit=MAX_PATHS)
    except (ValueError, RecursionError):  # TomlSyntax (a ValueError), a bad escape, or nesting past the stack
        return {}
    last = max((span.start for span in spans.values()), default=0)
    newlines = [found.start() for found in re.finditer("\n", text[:last])]  # no further than the last span
    lines: dict[str, int] = {}
    for path, span in spans.items():
        name, line = _named(path), bisect_left(newlines, span.start) + 1
        if lines.get(name, line) >= line:  # two paths written alike ("a.b" and a.b): the first in the text
            lines[name] = line
    return lines


def _named(path: Path) -> str:
    """A key path as the loaders' errors name it: ``("wagers", "x", "outcomes", 0, "pays")`` as
    ``wagers.x.outcomes[0].pays``."""
    named = ""
    for part in path:
        named += f"[{part}]" if isinstance(part, int) else f".{part}" if named else part
    return named


_PATH = re.compile(r"([^\s:][^:]*?): ")


def placed(message: str, origin: str, text: str) -> str:
    """``message`` (``ORIGIN: KEY: ...``) with the line of ``text`` its key is written on: ``ORIGIN, line N: KEY:
    ...``; a key not written in the text (a missing one) is placed at the nearest table around it. A message that
    names no key of the text, or is placed already, is returned as it is."""
    head = f"{origin}: "
    if not message.startswith(head):
        return message
    rest = message[len(head) :]
    match = _PATH.match(rest)
    if not match:
        return message
    lines = key_lines(text)
    path = match.group(1)
    while path:
        if path in lines:
            return f"{origin}, line {lines[path]}: {_rows_placed(rest, path, lines)}"
        path = re.sub(r"(\.[^.\[\]]+|\[\d+\])$", "", path) if re.search(r"(\.[^.\[\]]+|\[\d+\])$", path) else ""
    return message


_ROW = re.compile(r"\b(\w+\[\d+\]) \(('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\)")


def _rows_placed(rest: str, path: str, lines: dict[str, int]) -> str:
    """Each row the message lists inside ``path`` (``outcomes[2] ('both pairs')``) with its own line."""

    def with_line(found: re.Match[str]) -> str:
        line = lines.get(f"{path}.{found.group(1)}")
        return found.group(0) if line is None else f"{found.group(1)} ({found.group(2)}, line {line})"

    return _ROW.sub(with_line, rest)
