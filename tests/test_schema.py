"""The schema of rule files (analyzer/game/schema.py): every key the loader accepts is declared there, documented,
and its example loads; the generated reference pages are what the schema renders."""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

import pytest

from analyzer.game import schema
from analyzer.game.rulefile import parse
from analyzer.game.schema import CONDITION_PLACES, KEYS, PLACES, Key, keys
from analyzer.game.shipped import games, shipped, shipped_text

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "analyzer" / "game"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import schema_reference  # noqa: E402

LITERAL_FINISHES = {
    "rulefile.py": {("wagers",)},  # a wagers-only file: its one table
    "standard.py": {("title", "side", "source", "outcomes", "default")},  # the package's own wagers.toml
}
"""The only allowed-key lists not taken from the schema, with why."""


def _finish_calls() -> tuple[dict[str, set[tuple[str, ...]]], set[str]]:
    literal: dict[str, set[tuple[str, ...]]] = {}
    places: set[str] = set()
    for path in GAME.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "keys" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    places.add(arg.value)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "finish":
                arg = node.args[0]
                if isinstance(arg, ast.Tuple):
                    values = tuple(e.value for e in arg.elts if isinstance(e, ast.Constant))
                    literal.setdefault(path.name, set()).add(values)
    return literal, places


def test_the_loader_takes_its_allowed_keys_from_the_schema() -> None:
    literal, places = _finish_calls()
    assert literal == LITERAL_FINISHES
    assert places == set(PLACES)


@pytest.mark.parametrize("key", KEYS, ids=[f"{k.places[0]}.{k.name}" for k in KEYS])
def test_every_key_is_documented_with_an_example_naming_it(key: Key) -> None:
    assert key.text.endswith(".") and key.allowed and key.kind
    assert key.name in key.example or key.places == ("file",)
    pages = schema_reference.pages()
    page = pages["conditions.md"] if set(key.places) & set(CONDITION_PLACES) else pages["rule-files.md"]
    assert f"`{key.name}`" in page and key.example in page


BASE = {
    "rule_set": {"name": '"x"', "title": '"x"', "extends": '"punto-banco"'},
    "shoe": {"decks": "8", "source": '"t"'},
    "dealing": {"order": '"P B P B"', "procedure": '"standard"', "source": '"t"'},
    "own_cards": {"wager": '"player"', "alone": "true", "source": '"t"'},
    "reveal": {
        "cards": '{ "1" = "1/4", "2" = "1/4", "3" = "1/4", "4" = "1/4" }',
        "multiples": "[2, 3]",
        "fee": '"20%"',
        "wagers": '["player"]',
        "source": '"t"',
    },
    "wager": {"title": '"w"', "side": '"player"', "source": '"t"', "outcomes": '[{ name = "l", pays = "lose" }]'},
    "choices": {
        "source": '"t"',
        "player": '"- - - - - C - -"',
        "banker": "{ " + ", ".join(f'"{t}" = "C C C C C C C C C C C"' for t in range(8)) + " }",
    },
}


def _file(tables: dict[str, dict[str, str]], extra: str = "") -> str:
    text = []
    for name, lines in tables.items():
        header = "wagers.w" if name == "wager" else name
        text.append(f"[{header}]\n" + "\n".join(f"{k} = {v}" for k, v in lines.items()))
    return "\n\n".join(text) + "\n" + extra


def _with_line(place: str, example: str) -> str:
    key, _, value = example.partition(" = ")
    tables = {"rule_set": dict(BASE["rule_set"]), "wager": dict(BASE["wager"])}
    if place in ("shoe", "dealing", "own_cards", "reveal", "choices"):
        tables[place] = dict(BASE[place])
    if key == "requires":
        tables["wager"]["requires_source"] = '"t"'
    if key == "extends":
        tables["rule_set"] = {k: v for k, v in tables["rule_set"].items() if k != "extends"}
        tables["rule_set"]["extends"] = value
    else:
        tables[place][key] = value
    return _file(tables)


@pytest.mark.parametrize(
    "key",
    [k for k in KEYS if not set(k.places) & set(CONDITION_PLACES) or "wager" in k.places],
    ids=lambda k: f"{k.places[0]}.{k.name}",
)
def test_every_rule_file_example_loads(key: Key) -> None:
    place = key.places[0]
    if place in ("file", "drawing") or (place, key.name) == ("choices", "banker"):
        # whole tables: the shipped rule files (and games) or the examples hold each, in the form shown
        text = "\n".join(shipped_text(name) for name in (*shipped(), *games()))
        text += "\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "examples").glob("*.toml")))
        assert f"[{key.name}" in text or f"\n{key.name} = " in text or key.example.split(" = ")[0] in text
        if " = " in key.example:
            tomllib.loads(key.example)
        return
    if place == "lightning" or key.name == "lightning":  # random multipliers, written inline in a wager
        tables = {"rule_set": dict(BASE["rule_set"]), "wager": dict(BASE["wager"])}
        tables["wager"]["outcomes"] = '[{ name = "w", result = "win", pays = "1:1" }, { name = "l", pays = "lose" }]'
        needed = {"cards": "1", "multipliers": '{ "2" = "1" }'}
        if key.name == "lightning":
            tables["wager"]["lightning"] = key.example.split(" = ", 1)[1]
        else:
            name, value = key.example.split(" = ", 1)
            tables["wager"]["lightning"] = (
                "{ " + ", ".join(f"{k} = {v}" for k, v in {**needed, name: value}.items()) + " }"
            )
        assert parse(_file(tables), "example.toml").wager("w").lightning is not None
        return
    if place in ("cap", "jackpot") or key.name == "jackpot":  # the money tables, written inline in a wager
        tables = {"rule_set": dict(BASE["rule_set"]), "wager": dict(BASE["wager"])}
        given = {
            k.strip(): v.strip()
            for k, v in (
                part.split(" = ", 1)
                for part in (
                    key.example.removeprefix(key.name + " = {").removesuffix("}").split(", ")
                    if key.name in ("cap", "jackpot")
                    else [key.example]
                )
            )
        }
        needed = {"cap": {"amount": "100", "stake": "1"}, "jackpot": {"meter": "100", "stake": "1"}}
        table = "cap" if place == "cap" or key.name == "cap" else "jackpot"
        tables["wager"][table] = (
            "{ " + ", ".join(f"{k.strip()} = {v}" for k, v in {**needed[table], **given}.items()) + " }"
        )
        if table == "jackpot":
            tables["wager"]["outcomes"] = (
                '[{ name = "j", result = "win", pays = "jackpot" }, { name = "l", pays = "lose" }]'
            )
        rules = parse(_file(tables), "example.toml")
        assert rules.wager("w").money is not None
        return
    if place == "published":
        tables = {"rule_set": dict(BASE["rule_set"]), "wager": dict(BASE["wager"])}
        tables["wager"]["published"] = (
            f'[{{ figure = "house_edge", value = "1%", decks = 8, {key.example} }}]'
            if key.name not in ("figure", "value", "decks")
            else '[{ figure = "house_edge", value = "1%", decks = 8 }]'
        )
        text = _file(tables)
    else:
        text = _with_line(place, key.example)
    rules = parse(text, "example.toml")
    assert rules.name


@pytest.mark.parametrize(
    "key", [k for k in KEYS if set(k.places) & set(CONDITION_PLACES)], ids=lambda k: f"{k.places[0]}.{k.name}"
)
def test_every_condition_example_loads_as_a_row(key: Key) -> None:
    tables = {"rule_set": dict(BASE["rule_set"]), "wager": dict(BASE["wager"])}
    tables["wager"]["outcomes"] = f'[{key.example}, {{ name = "the rest", pays = "lose" }}]'
    wager = parse(_file(tables), "example.toml").wager("w")
    assert wager.outcomes[0].name != "the rest"


def test_the_reference_pages_are_what_the_schema_renders() -> None:
    """docs/reference/{rule-files,conditions}.md are generated (the docs build writes them); the committed copies are
    fresh."""
    for name, text in schema_reference.pages().items():
        assert (ROOT / "docs" / "reference" / name).read_text(encoding="utf-8") == text, (
            f"regenerate docs/reference/{name}"
        )


def test_keys_refuses_an_unknown_place() -> None:
    with pytest.raises(ValueError):
        keys("nowhere")
    assert schema.entry("group", "poker").kind == "string"
