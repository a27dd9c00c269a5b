"""Where each value of a TOML text is written: its exact span, found by its key path, never by searching a name.

Python's TOML reader gives values, not places. :func:`value_spans` reads a text that :mod:`tomllib` has accepted,
token by token (the four kinds of string, arrays, inline tables, ``[table]`` and ``[[array of tables]]`` headers,
dotted and quoted keys, comments), and gives each value's :class:`Span` by its path: table keys as strings and array
positions as ints, as the data :mod:`tomllib` returns is indexed (``("wagers", "even", "outcomes", 1, "pays")``);
a table written by a header has the header's span, and one made only by a dotted key or a header's key an
``implied`` span there. A row is found by its position in its array, so a name written again as a value, or inside
another name, or a second row on the same line, cannot be taken for it. Its users: the workbench's export of an
edited pay table (:mod:`analyzer.api.exporting`, :mod:`.tomlcopy`) replaces the exact characters of one value, and
:mod:`.keylines` names the line of each key path in an error message.

Guaranteed: on a text :mod:`tomllib` accepts, every string value's span decodes (:attr:`Span.value`) to what
:mod:`tomllib` reads at that path (``tests/test_export_rule_file.py`` holds them equal over generated texts), and
every value and table it reads is spanned, from the line its key is written on (``tests/test_tomlspans.py`` checks
both on every shipped file). Not guaranteed: anything on a text
:mod:`tomllib` refuses (call it first: :class:`TomlSyntax` is raised where the scanner cannot go on). Other scalars
(numbers, booleans, dates) are spanned, and their ``value`` is their text.

>>> text = 'rows = [{name="player even", pays="1:1"}, {name="even", pays = \\'2:1\\'}]  # two rows\\n'
>>> spans = value_spans(text)
>>> span = spans["rows", 1, "pays"]
>>> text[span.start : span.end], span.value
("'2:1'", '2:1')
>>> spans["rows", 1, "name"].value
'even'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Path = tuple[str | int, ...]
"""A value's place: table keys and array positions, as :mod:`tomllib`'s data is indexed."""

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_BLANKS = re.compile(r"(?:[ \t\r\n]|#[^\n]*)*")
_SPACES = re.compile(r"(?:[ \t]|#[^\n]*)*")
_BASIC_STOPS = re.compile(r'["\\\n]')
_LITERAL_STOPS = re.compile(r"['\n]")
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ ]\d{2}:\d{2}")
_SCALAR = re.compile(r"[^ \t\r\n,\]}#]+")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_ONE_LETTER = [("\\" + letter, char) for letter, char in _ESCAPES.items() if letter != "\\"]


class TomlSyntax(ValueError):
    """The text is not TOML the scanner can read (check it with :mod:`tomllib` first)."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where one value is written: ``text[start:end]``, quotes and all for a string; ``value`` is the string it
    decodes to (a scalar's text for any other scalar, ``None`` for an array or an inline table)."""

    start: int
    end: int
    value: str | None
    kind: str
    """``string``, ``scalar``, ``array``, ``inline`` (an inline table), ``table`` (a header: the span is the
    ``[...]`` or ``[[...]]`` header itself) or ``implied`` (a table, or an array of tables, that no value or header
    of its own writes, made by a dotted key or by the start of a header's key: the span is that key up to the
    table's name, where it is first written)."""


class _Enough(Exception):
    """The scanner has recorded as many spans as it was allowed."""


def value_spans(text: str, *, limit: int | None = None) -> dict[Path, Span]:
    """Every value's (and every table's) span in ``text``, by path; see the module's guarantees. With ``limit``, the
    scanner stops after recording that many spans and returns those, with the arrays and inline tables it stopped
    inside, spanned as far as it read them (a text that writes more is spanned only in part, in bounded time)."""
    scanner = _Scanner(text, limit)
    try:
        return scanner.document()
    except _Enough:
        return scanner.spans


def basic_string(value: str) -> str:
    """``value`` written as a TOML basic string (``"..."``): the quote, the backslash and every control character
    escaped.

    >>> basic_string('say "9:1"\\tnow') == '"say \\\\"9:1\\\\"\\\\tnow"'
    True
    """
    out = []
    for char in value:
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif char == "\t":
            out.append("\\t")
        elif char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


class _Scanner:
    def __init__(self, text: str, limit: int | None) -> None:
        self.text = text
        self.i = 0
        self.spans: dict[Path, Span] = {}
        self.left = limit
        """How many more spans may be recorded (``None``: no limit)."""

    def record(self, path: Path, span: Span) -> None:
        """``span`` at ``path``; an ``implied`` span only where none is yet (a header written later replaces it)."""
        if self.left is not None:
            if self.left <= 0:
                raise _Enough
            self.left -= 1
        if span.kind != "implied" or path not in self.spans:
            self.spans[path] = span

    def imply(self, path: Path, start: int, end: int) -> None:
        """The table at ``path``, named by the key written at ``text[start:end]``, unless a span is recorded there."""
        if path not in self.spans:
            self.record(path, Span(start, end, None, "implied"))

    def fail(self, what: str) -> TomlSyntax:
        line = self.text.count("\n", 0, self.i) + 1
        return TomlSyntax(f"line {line}: {what}")

    def at(self, token: str) -> bool:
        return self.text.startswith(token, self.i)

    def skip(self, newlines: bool = True) -> None:
        found = (_BLANKS if newlines else _SPACES).match(self.text, self.i)
        assert found is not None
        self.i = found.end()

    def key(self) -> tuple[list[str], int, list[int]]:
        """A dotted key, each part bare or quoted, decoded; with where the key starts and where each part ends."""
        parts = []
        ends = []
        self.skip(newlines=False)
        start = self.i
        while True:
            self.skip(newlines=False)
            if self.at('"') or self.at("'"):
                if self.at('"""') or self.at("'''"):
                    raise self.fail("a key cannot be a multi-line string")
                parts.append(self.string())
            else:
                match = _BARE.match(self.text, self.i)
                if not match:
                    raise self.fail("a key was expected")
                parts.append(match.group())
                self.i = match.end()
            ends.append(self.i)
            self.skip(newlines=False)
            if not self.at("."):
                return parts, start, ends
            self.i += 1

    def string(self) -> str:
        """One string of any of TOML's four kinds, decoded; the scanner stops just past it."""
        text = self.text
        if self.at('"""') or self.at("'''"):
            quote = text[self.i : self.i + 3]
            j = self.i + 3
            if text.startswith("\r\n", j):
                j += 2
            elif text.startswith("\n", j):
                j += 1
            start = j
            while True:
                end = text.find(quote, j)
                if end < 0:
                    raise self.fail("a multi-line string is not closed")
                if quote == '"""' and _escaped(text, end):
                    j = end + 1
                    continue
                break
            close = end + 3
            for _ in range(2):  # up to two more quotes end the content just before the closing three
                if close < len(text) and text[close] == quote[0]:
                    close += 1
                    end += 1
            self.i = close
            body = text[start:end]
            return body if quote == "'''" else _unescaped(body, multiline=True)
        quote = text[self.i]
        stops = _BASIC_STOPS if quote == '"' else _LITERAL_STOPS
        j = self.i + 1
        while True:
            found = stops.search(text, j)
            if found is None or found.group() == "\n":
                raise self.fail("a string is not closed on its line")
            if found.group() == "\\":
                j = found.start() + 2
                continue
            j = found.start()
            break
        body = text[self.i + 1 : j]
        self.i = j + 1
        return body if quote == "'" else _unescaped(body, multiline=False)

    def value(self, path: Path) -> None:
        """One value at ``path``, recording its span and the spans inside it; an array or inline table the limit
        stops the scanner inside is spanned as far as it was read."""
        start = self.i
        try:
            self.contents(path, start)
        except _Enough:
            if self.text.startswith(("[", "{"), start) and path not in self.spans:
                self.spans[path] = Span(start, self.i, None, "array" if self.text[start] == "[" else "inline")
            raise

    def contents(self, path: Path, start: int) -> None:
        """The value at ``path``, which starts at ``start``: see :meth:`value`."""
        if self.at('"') or self.at("'"):
            decoded = self.string()
            self.record(path, Span(start, self.i, decoded, "string"))
        elif self.at("["):
            self.i += 1
            index = 0
            while True:
                self.skip()
                if self.at("]"):
                    self.i += 1
                    break
                self.value((*path, index))
                index += 1
                self.skip()
                if self.at(","):
                    self.i += 1
                elif not self.at("]"):
                    raise self.fail("',' or ']' was expected in an array")
            self.record(path, Span(start, self.i, None, "array"))
        elif self.at("{"):
            self.i += 1
            self.skip(newlines=False)
            if self.at("}"):
                self.i += 1
            else:
                while True:
                    self.pair(path)
                    self.skip(newlines=False)
                    if self.at("}"):
                        self.i += 1
                        break
                    if not self.at(","):
                        raise self.fail("',' or '}' was expected in an inline table")
                    self.i += 1
            self.record(path, Span(start, self.i, None, "inline"))
        else:
            dated = _DATE_TIME.match(self.text, self.i)
            if dated:
                self.i = dated.end()
            found = _SCALAR.match(self.text, self.i)
            if found is None and not dated:
                raise self.fail("a value was expected")
            if found is not None:
                self.i = found.end()
            self.record(path, Span(start, self.i, self.text[start : self.i], "scalar"))

    def pair(self, table: Path) -> None:
        """``key = value`` in ``table``."""
        parts, start, ends = self.key()
        for n in range(1, len(parts)):
            self.imply((*table, *parts[:n]), start, ends[n - 1])
        self.skip(newlines=False)
        if not self.at("="):
            raise self.fail("'=' was expected after a key")
        self.i += 1
        self.skip(newlines=False)
        self.value((*table, *parts))

    def document(self) -> dict[Path, Span]:
        table: Path = ()
        arrays: dict[Path, int] = {}
        """Each array of tables' path, and how many tables it has so far."""
        while True:
            self.skip()
            if self.i >= len(self.text):
                return self.spans
            if self.at("["):
                start = self.i
                double = self.at("[[")
                self.i += 2 if double else 1
                parts, key_start, ends = self.key()
                closing = "]]" if double else "]"
                if not self.at(closing):
                    raise self.fail(f"'{closing}' was expected to close a table header")
                self.i += len(closing)
                table = ()
                for n, part in enumerate(parts):
                    last = n == len(parts) - 1
                    table = (*table, part)
                    if not last or double:
                        self.imply(table, key_start, ends[n])
                    if table in arrays and not (last and double):
                        table = (*table, arrays[table] - 1)  # a key naming an array of tables: its last table so far
                if double:
                    arrays[table] = arrays.get(table, 0) + 1
                    table = (*table, arrays[table] - 1)
                self.record(table, Span(start, self.i, None, "table"))
            else:
                self.pair(table)
            self.skip(newlines=False)
            if self.i < len(self.text) and not self.at("\n") and not self.at("\r\n"):
                raise self.fail("a line holds more than one key or header")


def _escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes."""
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _unescaped(body: str, multiline: bool) -> str:
    """A basic string's content with its escapes (and, multi-line, its line-ending backslashes) undone."""
    if multiline:
        body = body.replace("\r\n", "\n")
    if "\\" not in body:
        return body
    # Escapes are read left to right, so every pair of backslashes is one escaped backslash: between them, each
    # backslash begins an escape of its own, and the one-letter escapes are undone by replacing (no backslash is
    # written by it), the rest one by one.
    return "\\".join(_unescaped_between(part, multiline) for part in body.split("\\\\"))


def _unescaped_between(body: str, multiline: bool) -> str:
    """A basic string's content holding no escaped backslash, with its escapes undone."""
    if not multiline:  # no line-ending backslash, which would drop the blanks an escape such as \t makes
        for escape, char in _ONE_LETTER:
            body = body.replace(escape, char)
    out = []
    j = 0
    while j < len(body):
        backslash = body.find("\\", j)
        if backslash < 0:
            out.append(body[j:])
            break
        out.append(body[j:backslash])
        j = backslash
        following = body[j + 1] if j + 1 < len(body) else ""
        if following in _ESCAPES:
            out.append(_ESCAPES[following])
            j += 2
        elif following in ("u", "U"):
            width = 4 if following == "u" else 8
            out.append(chr(int(body[j + 2 : j + 2 + width], 16)))
            j += 2 + width
        elif multiline:  # a line-ending backslash: the line end and the blanks after it are dropped
            k = j + 1
            while k < len(body) and body[k] in " \t":
                k += 1
            if k < len(body) and body[k] not in "\r\n":
                raise TomlSyntax("a backslash escapes nothing")
            while k < len(body) and body[k] in " \t\r\n":
                k += 1
            j = k
        else:
            raise TomlSyntax("a backslash escapes nothing")
    return "".join(out)
