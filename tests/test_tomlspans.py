"""The one TOML scanner (analyzer/game/tomlspans.py) and the error lines read from it (analyzer/game/keylines.py):
every value and table of every shipped rule file is spanned from the line its key is written on, and key_lines
names each path on that line; tables made by dotted keys and header keys, arrays of tables, the bound."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.game import keylines
from analyzer.game.keylines import MAX_PATHS, key_lines, placed
from analyzer.game.tomlspans import TomlSyntax, value_spans

Key = tuple[str | int, ...]

RULE_FILES = sorted([*Path("analyzer/game/rulesets").rglob("*.toml"), *Path("examples").glob("*.toml")])


def _paths(data: dict[str, Any], prefix: Key = ()) -> list[tuple[Key, str | None]]:
    """Every path of parsed TOML, with the key written last (None for an array's element)."""
    found: list[tuple[Key, str | None]] = []
    for key, value in data.items():
        path = (*prefix, key)
        found.append((path, key))
        items = list(enumerate(value)) if isinstance(value, list) else []
        for i, item in items:
            found.append(((*path, i), None))
            if isinstance(item, dict):
                found += _paths(item, (*path, i))
        if isinstance(value, dict):
            found += _paths(value, path)
    return found


def _named(path: Key) -> str:
    """A path as the loaders' errors name it (written here again, not taken from keylines)."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if i else p for i, p in enumerate(path))


def test_every_shipped_rule_file_is_checked() -> None:
    assert len(RULE_FILES) >= 30
    assert Path("analyzer/game/rulesets/punto-banco.toml") in RULE_FILES
    assert Path("examples/lightning-style.toml") in RULE_FILES


@pytest.mark.parametrize("file", RULE_FILES, ids=str)
def test_key_lines_names_every_path_of_a_shipped_file_at_the_first_line_of_its_span(file: Path) -> None:
    text = file.read_text(encoding="utf-8")
    spans, lines, written = value_spans(text), key_lines(text), text.splitlines()
    paths = _paths(tomllib.loads(text))
    assert set(lines) == {_named(path) for path, _ in paths}  # no path more, none less
    for path, key in paths:
        assert path in spans, f"{file}: {path} not spanned"
        line = text.count("\n", 0, spans[path].start) + 1
        assert lines[_named(path)] == line, f"{file}: {_named(path)}"
        if key is not None:
            assert key in written[line - 1], f"{file}: {_named(path)} spanned from line {line}"


TABLES = """a.b.c = 1
[x.y.z]
q = { r.s = 2 }
[x]
t = 3
[[arr]]
u = 4
[arr.sub]
v = 5
[[arr]]
[[arr.inner]]
w = 6
"""


def test_a_table_made_by_a_dotted_key_or_a_header_s_key_is_spanned_where_it_is_first_written() -> None:
    spans = value_spans(TABLES)
    kinds = {path: span.kind for path, span in spans.items()}
    assert kinds[("a",)] == kinds[("a", "b")] == kinds[("x", "y")] == kinds[("x", "y", "z", "q", "r")] == "implied"
    assert TABLES[spans["a", "b"].start : spans["a", "b"].end] == "a.b"
    assert TABLES[spans["x", "y"].start : spans["x", "y"].end] == "x.y"
    assert kinds[("arr",)] == kinds[("arr", 1, "inner")] == "implied"  # an array of tables: its first header's key
    assert kinds[("arr", 0)] == kinds[("arr", 0, "sub")] == kinds[("arr", 1, "inner", 0)] == "table"


def test_a_header_gives_its_table_its_line_even_after_a_sub_table_implied_it() -> None:
    lines = key_lines(TABLES)
    assert value_spans(TABLES)["x",].kind == "table"
    assert (lines["x"], lines["x.y"], lines["x.t"]) == (4, 2, 5)


def test_a_header_under_an_array_of_tables_is_named_as_the_loaders_name_it() -> None:
    lines = key_lines(TABLES)
    assert (lines["arr"], lines["arr[0]"], lines["arr[0].sub"], lines["arr[0].sub.v"]) == (6, 6, 8, 9)
    assert (lines["arr[1]"], lines["arr[1].inner"], lines["arr[1].inner[0]"], lines["arr[1].inner[0].w"]) == (
        10,
        11,
        11,
        12,
    )
    assert "arr.sub" not in lines


def test_a_missing_key_of_a_table_made_by_a_header_s_key_is_placed_at_that_header() -> None:
    text = '[rule_set]\nname = "x"\n\n[wagers.mine.reveal]\nx = 1\n'
    assert placed("f: wagers.mine.title: is missing.", "f", text) == "f, line 4: wagers.mine.title: is missing."


def test_a_limit_stops_the_scanner_with_the_spans_written_first(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "".join(f"k{i} = {i}\n" for i in range(100))
    spans = value_spans(text, limit=10)
    assert list(spans) == [(f"k{i}",) for i in range(10)]
    assert len(value_spans(text)) == 100
    assert MAX_PATHS == 20_000
    monkeypatch.setattr(keylines, "MAX_PATHS", 50)
    many = key_lines(text)
    assert len(many) == 50 and many["k5"] == 6 and "k50" not in many
    rows = "[t]\nrows = [\n" + "".join(f'  {{ name = "r{i}", pays = "1:1" }},\n' for i in range(30)) + "]\n"
    cut = value_spans(rows, limit=20)
    assert cut["t", "rows"].kind == "array" and rows[cut["t", "rows"].start] == "["  # the array it stopped inside
    assert placed("f: t.rows[29].pays: bad.", "f", rows) == "f, line 2: t.rows[29].pays: bad."


@pytest.mark.parametrize(
    "text",
    [
        "key =\n  [1]\n",  # a value must start on its key's line (a multi-line array may go on over lines)
        "[wagers.mine]\nx = 'not closed\n",
        'a = "\\q"\n',
        "a = " + "[" * 5000 + "]" * 5000 + "\n",  # past Python's recursion (tomllib's too)
        "[[a]\n",
    ],
)
def test_key_lines_places_nothing_on_a_text_tomllib_refuses_and_never_raises(text: str) -> None:
    with pytest.raises((tomllib.TOMLDecodeError, RecursionError)):
        tomllib.loads(text)
    assert key_lines(text) == {}
    assert placed("f: key: is wrong.", "f", text) == "f: key: is wrong."
    if "[" * 100 not in text:
        with pytest.raises(TomlSyntax):
            value_spans(text)


def test_a_value_s_span_starts_on_its_key_s_line_though_the_array_goes_on_over_lines() -> None:
    text = "key = [\n  1,\n  [2,\n   3],\n]\n"
    spans, lines = value_spans(text), key_lines(text)
    assert text[spans["key",].start] == "[" and lines["key"] == 1
    assert (lines["key[0]"], lines["key[1]"], lines["key[1][1]"]) == (2, 3, 4)


ESCAPED = st.lists(
    st.sampled_from(["\\", '"', "t", "n", "u", "U", "0", "0041", "0000005C", " ", "\n", "\r\n", "x", "é"]), max_size=30
).map("".join)


def test_a_line_ending_backslash_drops_the_blanks_after_it_but_not_an_escaped_tab() -> None:
    """Found by the property below: a line-ending backslash, then ``\\t``: the escape is a tab that is kept (the
    blanks dropped are the text's own, not what an escape writes)."""
    text = 'a = """\\\n  \\tb"""\n'
    assert tomllib.loads(text)["a"] == "\tb"
    assert value_spans(text)["a",].value == "\tb"


@settings(max_examples=300, deadline=None)
@given(ESCAPED, st.booleans())
def test_a_basic_string_decodes_as_tomllib_decodes_it_or_is_refused_as_tomllib_refuses_it(
    body: str, multiline: bool
) -> None:
    quote = '"""' if multiline else '"'
    text = f"a = {quote}{body}{quote}\n"
    try:
        expected = tomllib.loads(text)["a"]
    except tomllib.TOMLDecodeError:
        expected = None
    try:
        got = value_spans(text)["a",].value
    except (TomlSyntax, ValueError):
        got = None
    if expected is not None:
        assert got == expected
