"""Where a key is written in a TOML text: every error about a file names its line, beside the key.

Python's TOML reader gives values, not places, so :func:`key_lines` reads the text once more, as a TOML
scanner that keeps only what it needs: every key path, named as the loaders' errors name it (dotted, an array's
element as ``[i]``: ``wagers.nine-nine.outcomes[0].pays``), with the line its key (or its element) starts on.
:func:`placed` puts that line into an error's first words: ``FILE: KEY: ...`` becomes ``FILE, line N: KEY: ...``
(a key that is missing is placed at its table's line). It runs on text the TOML reader has accepted; on any other
it places what it can and never raises.

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
from bisect import bisect_right

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR = re.compile(r"[^,\]}\n#]*")
_BLANKS = re.compile(r"(?:[ \t\r\n]|#[^\n]*)*")
_SPACES = re.compile(r"(?:[ \t\r]|#[^\n]*)*")
_BASIC_STOPS = re.compile(r'["\\\n]')
_LITERAL_STOPS = re.compile(r"['\n]")


MAX_PATHS = 20_000
"""The most key paths read from one text (a rule file writes a few hundred; every shipped file together, 4,218): an
error in a file of more is named without its line past them, and placing it stays well under a second."""


class _Enough(Exception):
    """The scanner has read :data:`MAX_PATHS` paths."""


class _Scanner:
    """One pass over a TOML text, recording each key path's line."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        self.lines: dict[str, int] = {}

    def line(self) -> int:
        return bisect_right(self.newlines, self.i - 1) + 1 if self.i else 1

    def record(self, path: str) -> None:
        if len(self.lines) >= MAX_PATHS:
            raise _Enough
        self.lines.setdefault(path, self.line())

    def at(self, token: str) -> bool:
        return self.text.startswith(token, self.i)

    def skip(self, newlines: bool = True) -> None:
        """Past blanks, comments and (with ``newlines``) line ends."""
        self.i = _past(_BLANKS if newlines else _SPACES, self.text, self.i)

    def key(self) -> list[str]:
        """A dotted key, each part bare or quoted."""
        parts = []
        while True:
            self.skip(newlines=False)
            if self.at('"') or self.at("'"):
                start = self.i
                self.string()
                parts.append(self.text[start + 1 : self.i - 1])  # escapes in a key are kept as written
            else:
                match = _BARE.match(self.text, self.i)
                if not match:
                    return parts
                parts.append(match.group())
                self.i = match.end()
            self.skip(newlines=False)
            if not self.at("."):
                return parts
            self.i += 1

    def string(self) -> None:
        """Past one string of any of TOML's four kinds."""
        text = self.text
        for quote in ('"""', "'''"):
            if self.at(quote):
                j = self.i + 3
                while True:
                    end = text.find(quote, j)
                    if end < 0:
                        self.i = len(text)
                        return
                    if quote == '"""' and _escaped(text, end):
                        j = end + 1
                        continue
                    end += 3
                    for _ in range(2):  # up to two quotes may end the content just before the closing three
                        if end < len(text) and text[end] == quote[0]:
                            end += 1
                    self.i = end
                    return
        quote = text[self.i]
        stops = _BASIC_STOPS if quote == '"' else _LITERAL_STOPS
        j = self.i + 1
        while True:
            found = stops.search(text, j)
            if found is None or found.group() == "\n":
                self.i = len(text) if found is None else found.start()
                return
            if found.group() == "\\":
                j = found.start() + 2
                continue
            self.i = found.end()
            return

    def value(self, path: str) -> None:
        """Past one value at ``path``, recording the paths inside it."""
        if self.at('"') or self.at("'"):
            self.string()
        elif self.at("["):
            self.i += 1
            index = 0
            while True:
                self.skip()
                if self.i >= len(self.text) or self.at("]"):
                    self.i += 1
                    return
                if self.at(","):
                    self.i += 1
                    index += 1
                    continue
                element = f"{path}[{index}]"
                self.record(element)
                self.value(element)
        elif self.at("{"):
            self.i += 1
            while True:
                self.skip()
                if self.i >= len(self.text) or self.at("}"):
                    self.i += 1
                    return
                if self.at(","):
                    self.i += 1
                    continue
                self.pair(path)
        else:
            self.i = _past(_SCALAR, self.text, self.i)

    def pair(self, table: str) -> None:
        """Past ``key = value`` in ``table``."""
        start = self.i
        parts = self.key()
        if not parts:
            self.i = max(self.i, start + 1)  # not a key: step over it (the reader refused such text already)
            return
        for n in range(1, len(parts) + 1):
            self.record(".".join(([table] if table else []) + parts[:n]))
        self.skip(newlines=False)
        if self.at("="):
            self.i += 1
            self.skip(newlines=False)
            self.value(".".join(([table] if table else []) + parts))

    def document(self) -> dict[str, int]:
        table = ""
        arrays: dict[str, int] = {}
        while True:
            self.skip()
            if self.i >= len(self.text):
                return self.lines
            if self.at("["):
                double = self.at("[[")
                self.i += 2 if double else 1
                parts = self.key()
                name = ".".join(parts)
                for n in range(1, len(parts) + 1):
                    self.record(".".join(parts[:n]))
                if double:
                    arrays[name] = arrays.get(name, -1) + 1
                    name = f"{name}[{arrays[name]}]"
                    self.record(name)
                table = name
                end = self.text.find("\n", self.i)
                self.i = len(self.text) if end < 0 else end
            else:
                self.pair(table)


def _past(pattern: re.Pattern[str], text: str, at: int) -> int:
    """Where ``pattern``, which matches the empty text too, ends when matched at ``at``."""
    found = pattern.match(text, at)
    assert found is not None
    return found.end()


def _escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes."""
    n = 0
    while at - n - 1 >= 0 and text[at - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def key_lines(text: str) -> dict[str, int]:
    """Each key path of a TOML text, as the loaders' errors name it, with the 1-based line it is written on: a
    table's path the line of its header (or of its first key), an array element's the line it starts on."""
    scanner = _Scanner(text)
    try:
        return scanner.document()
    except (_Enough, IndexError, ValueError, RecursionError):  # past the budget, or text the reader refused
        return scanner.lines


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
