"""A table copied from one TOML text into another holds what it held (analyzer.game.tomlcopy), however it was written;
and the files a rule file extends are found as the loader finds them (analyzer.game.rulefile.extended_files).

The property test writes generated tables every way TOML allows (a ``[header]`` table, an inline table, dotted keys
at the top or in a parent table, sub-tables under headers of their own, ``[[...]]`` arrays of tables, the four
kinds of string, quoted keys) and holds the copy's data equal to the original's.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.game.rulefile import extended_files, read_rules
from analyzer.game.shipped import shipped_text
from analyzer.game.standard import standard_wagers_sha256, standard_wagers_text
from analyzer.game.tomlcopy import copied_table, toml_key
from analyzer.game.tomlspans import TomlSyntax, basic_string

KEYS = ("name", "pays", "my key", "a.b", "x", "é")
"""Keys: bare, with a blank, with a dot (quoted), not ASCII."""


def _string(value: str, style: int) -> str:
    return [basic_string(value), f"'{value}'", f'"""{value}"""', f"'''{value}'''", f'"""\n{value}"""'][style]


scalars = st.one_of(
    st.tuples(st.sampled_from(("1:1", "lose", "it's", 'say "x"', "")), st.integers(0, 4)).filter(
        lambda t: not ("'" in t[0] and t[1] == 1)  # a literal string holds no single quote
    ),
    st.integers(-5, 5),
    st.booleans(),
)
tables: st.SearchStrategy[dict[str, Any]] = st.recursive(
    st.dictionaries(st.sampled_from(KEYS), scalars, max_size=3),
    lambda inner: st.dictionaries(
        st.sampled_from(KEYS), st.one_of(scalars, inner, st.lists(inner, min_size=1, max_size=2)), max_size=3
    ),
    max_leaves=8,
)
"""Tables whose values are scalars (a string with its quoting style), tables, or arrays of tables."""


def _data(value: Any) -> Any:
    """What tomllib reads for a generated value."""
    if isinstance(value, tuple):
        return value[0]
    if isinstance(value, dict):
        return {k: _data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_data(v) for v in value]
    return value


def _inline(value: Any) -> str:
    if isinstance(value, tuple):
        return _string(*value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key((k,))} = {_inline(v)}" for k, v in value.items()) + " }"
    return "[\n  " + ",  # a row\n  ".join(_inline(v) for v in value) + ",\n]"


def _written(header: tuple[str, ...], table: dict[str, Any], style: int, many: bool = False) -> str:
    """``table`` under ``[header]``: its tables as inline values, dotted keys or headers of their own, as ``style``
    (a number whose bits choose) says; arrays of tables inline or as ``[[...]]`` tables."""
    lines = [f"[[{toml_key(header)}]]" if many else f"[{toml_key(header)}]  # a comment"]
    later = []
    for i, (key, value) in enumerate(table.items()):
        choice = (style >> (2 * i)) & 3
        if isinstance(value, dict) and value and choice == 1 and _flat(value):
            lines += [f"{toml_key((key, k))} = {_inline(v)}" for k, v in value.items()]
        elif isinstance(value, (dict, list)) and choice >= 2:
            later.append((key, value))
        else:
            lines.append(f"{toml_key((key,))} = {_inline(value)}")
    text = "\n".join(lines) + "\n"
    for key, value in later:
        if isinstance(value, dict):
            text += _written((*header, key), value, style >> 3)
        else:
            text += "".join(_written((*header, key), v, style >> 5, many=True) for v in value)
    return text


def _flat(table: dict[str, Any]) -> bool:
    return not any(isinstance(v, list) or (isinstance(v, dict) and not v) for v in table.values())


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables, st.integers(0, 2**12), st.booleans(), st.sampled_from(("mine", "my bet", "tie")))
def test_a_copied_table_holds_what_the_original_held_however_it_was_written(
    table: dict[str, Any], style: int, standard: bool, name: str
) -> None:
    at = (name,) if standard else ("wagers", name)
    before = '[rule_set]\nname = "x"\n\n' if not standard else ""
    after = '\n[other]\nname = "after"\n'
    if style & 1 and _flat(table) and table and not standard:
        body = "[wagers]\n" + "".join(f"{toml_key((name, k))} = {_inline(v)}\n" for k, v in table.items())
    elif style & 2 and not any(isinstance(v, list) for v in table.values()):
        body = ("" if standard else "[wagers]\n") + f"{toml_key((name,))} = {_inline(table)}\n"
    else:
        body = _written(at, table, style)
    text = before + body + after
    data = tomllib.loads(text)
    original = data[name] if standard else data["wagers"][name]
    assert original == _data(table)
    copy = copied_table(text, at, ("wagers", name))
    assert tomllib.loads(copy)["wagers"][name] == original


def test_every_standard_and_shipped_wager_copies_to_what_its_file_holds() -> None:
    standard = standard_wagers_text()
    for name, entry in tomllib.loads(standard).items():
        assert tomllib.loads(copied_table(standard, (name,), ("wagers", name)))["wagers"][name] == entry
    for file in ("punto-banco", "golden-frog", "lucky-match", "dragon-dragon", "jackpot-baccarat"):
        text = shipped_text(file)
        for name, entry in tomllib.loads(text)["wagers"].items():
            assert tomllib.loads(copied_table(text, ("wagers", name), ("wagers", name)))["wagers"][name] == entry


def test_a_path_that_holds_no_table_is_refused() -> None:
    with pytest.raises(TomlSyntax, match=r"no table at wagers\.nothing"):
        copied_table(standard_wagers_text(), ("wagers", "nothing"), ("wagers", "nothing"))
    with pytest.raises(TomlSyntax):
        copied_table('[tie]\ntitle = "Tie"\n', ("tie", "title"), ("wagers", "tie"))


# --- the files a rule file extends ---------------------------------------------------------------------------------


def _rule_file(name: str, extends: str, body: str = "") -> str:
    return f'[rule_set]\nname = "{name}"\ntitle = "{name}"\nextends = "{extends}"\n\n[wagers]\n{body}'


def test_relative_extends_paths_are_followed_from_each_files_own_folder_as_the_loader_follows_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "base" / "deep").mkdir(parents=True)
    (tmp_path / "game").mkdir()
    base = tmp_path / "base" / "deep" / "base.toml"
    base.write_text(_rule_file("base", "golden-frog"), encoding="utf-8")
    middle = tmp_path / "base" / "middle.toml"
    middle.write_text(_rule_file("middle", "deep/base.toml"), encoding="utf-8")  # beside middle.toml, not the cwd
    child = tmp_path / "game" / "child.toml"
    child.write_text(_rule_file("child", "../base/middle.toml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "game")  # a folder where deep/base.toml does not exist
    found = extended_files(child.read_text(encoding="utf-8"), str(child))
    assert [f.text for f in found] == [
        middle.read_text(encoding="utf-8"),
        base.read_text(encoding="utf-8"),
        shipped_text("golden-frog"),
        shipped_text("punto-banco"),
    ]
    loaded = read_rules(str(child))
    assert [f.sha256 for f in reversed(found)] == [sha for _, _, sha in loaded.other_files]
    relative = os.path.relpath(child, tmp_path / "game")  # the same file by a relative path
    again = extended_files(child.read_text(encoding="utf-8"), relative)
    assert [(f.text, f.sha256) for f in again] == [(f.text, f.sha256) for f in found]


def test_text_without_a_path_may_extend_packaged_files_only_when_files_are_not_read() -> None:
    assert [f.origin for f in extended_files(_rule_file("x", "golden-frog"), read_files=False)] == [
        "golden-frog.toml",
        "punto-banco.toml",
    ]
    assert extended_files(shipped_text("punto-banco"), read_files=False) == ()
    with pytest.raises(InputError, match="a file by path"):
        extended_files(_rule_file("x", "mine.toml"), read_files=False)
    assert standard_wagers_sha256()  # the standard wagers' file stands apart from any chain
