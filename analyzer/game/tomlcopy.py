"""One table of a TOML text written again as a ``[table]`` of another text, every value's own characters kept.

The workbench's export (:mod:`analyzer.api.exporting`) writes a changed pay of a wager the rule file takes from
elsewhere (``wagers.toml``, or a file it extends) by copying that wager's entry into the exported file as a
``[wagers.NAME]`` table of its own. :func:`copied_table` does the copying: the entry is found by its key path
(:func:`analyzer.game.tomlspans.value_spans`), however the file writes it (a ``[header]`` table, an inline
table, dotted keys, sub-tables under headers of their own, ``[[...]]`` arrays of tables), and each value is copied
as the exact TOML token the file wrote (its quoting, its escapes, a multi-line array with the comments inside it),
under keys written again as bare or basic-string keys. Comments between keys are not copied.

Guaranteed: on a text :mod:`tomllib` accepts, ``tomllib.loads(copied_table(text, at, header))`` holds at
``header`` exactly what ``tomllib.loads(text)`` holds at ``at`` (``tests/test_tomlcopy.py`` checks it over
generated texts). Not guaranteed: that the copy can be added to any other text (a text that already defines the
table, or writes its parent as an inline table, refuses it; load the result to know).

>>> text = '[tie]\\nside = "player"  # a comment\\noutcomes = [{ name = "tie", pays = \\'8:1\\' }]\\n'
>>> print(copied_table(text, ("tie",), ("wagers", "tie")), end="")
[wagers.tie]
side = "player"
outcomes = [{ name = "tie", pays = '8:1' }]
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from .tomlspans import Path, Span, TomlSyntax, basic_string, value_spans

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
Later = tuple[tuple[str, ...], Path, Any]
"""A table or array of tables written under a header of its own after a table's keys: its keys, path, value."""


def toml_key(parts: tuple[str, ...]) -> str:
    """A dotted key, each part bare when it can be and a basic string otherwise.

    >>> toml_key(("wagers", "my bet", "outcomes"))
    'wagers."my bet".outcomes'
    """
    return ".".join(part if _BARE_KEY.fullmatch(part) else basic_string(part) for part in parts)


def copied_table(text: str, at: Path, header: tuple[str, ...]) -> str:
    """The table that ``text`` holds at ``at``, written as the table ``[header]`` (each value's own TOML text, its
    keys and sub-tables written again), ending in a newline; :class:`TomlSyntax` when ``text`` holds no table there.
    """
    data: Any = tomllib.loads(text)
    try:
        for part in at:
            data = data[part]
    except (KeyError, IndexError, TypeError):
        data = None
    if not isinstance(data, dict):
        raise TomlSyntax(f"the text holds no table at {'.'.join(map(str, at))}")
    lines: list[str] = []
    _Copier(text, value_spans(text), lines).table(header, at, data, many=False)
    return "\n".join(lines) + "\n"


class _Copier:
    def __init__(self, text: str, spans: dict[Path, Span], lines: list[str]) -> None:
        self.text = text
        self.spans = spans
        self.lines = lines

    def written(self, path: Path) -> str | None:
        """The value's own TOML text, if the file writes it as one value (not a header or dotted keys)."""
        span = self.spans.get(path)
        return None if span is None or span.kind in ("table", "implied") else self.text[span.start : span.end]

    def table(self, header: tuple[str, ...], at: Path, data: dict[str, Any], many: bool) -> None:
        """``[header]`` (or ``[[header]]``, one table of an array of them) holding ``data``, found at ``at``."""
        self.lines.append(f"[[{toml_key(header)}]]" if many else f"[{toml_key(header)}]")
        later: list[Later] = []
        for key, value in data.items():
            self.pair((key,), (*at, key), value, later)
        for keys, path, value in later:  # after every key of this table: a header ends it
            if isinstance(value, dict):
                self.table((*header, *keys), path, value, many=False)
            else:
                for i, item in enumerate(value):
                    self.table((*header, *keys), (*path, i), item, many=True)

    def pair(self, keys: tuple[str, ...], path: Path, value: Any, later: list[Later]) -> None:
        """``keys = value`` (dotted keys for a table written in parts), or the value kept for a header of its own (an
        array of tables, an empty table; a header after dotted keys may add to the tables they made)."""
        written = self.written(path)
        if written is not None:
            self.lines.append(f"{toml_key(keys)} = {written}")
        elif isinstance(value, dict) and value:
            for key, item in value.items():
                self.pair((*keys, key), (*path, key), item, later)
        elif isinstance(value, (dict, list)):
            later.append((keys, path, value))
        else:  # not reached: the scanner spans every value tomllib reads
            raise TomlSyntax(f"the value at {'.'.join(map(str, path))} was not found in the text")
