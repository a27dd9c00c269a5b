"""The workbench's exported rule file says what was shown: each pay written at its row's position, then proven.

Property tests (hypothesis) over generated rule texts: rows sharing lines, names written again as condition values
and inside other names, the four kinds of TOML string, inline tables and ``[[...]]`` tables, comments and odd
blanks. Each holds that an export after a random pay change loads back to exactly the edited model, and that the
locator under it reads each string as :mod:`tomllib` does.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.api.exporting import UNWRITTEN, exported_rule_file, prove
from analyzer.api.workbench import State, rule_set_of_text
from analyzer.errors import InputError
from analyzer.game.odds import parse_pays
from analyzer.game.shipped import shipped_text
from analyzer.game.tomlspans import basic_string, value_spans

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ISSUE_TEXT = """[rule_set]
name = "evens"
title = "Evens"
extends = "punto-banco"

[wagers.evens]
title = "Evens"
source = "issue 30"
outcomes = [{name="player even", player={total="even"}, pays="1:1"}, {name="even", banker={total="even"}, pays="2:1"},
  { name = "other", pays = "lose" }]
"""


def _pays(text: str, wager: str) -> dict[str, Fraction | None]:
    return {o.name: o.pays for o in rule_set_of_text(text).wager(wager).outcomes}


def test_a_pay_change_is_written_on_its_own_row_when_its_name_is_also_a_condition_value() -> None:
    exported, unwritten = exported_rule_file(State(text=ISSUE_TEXT, pays=("evens:even=5:1",), name="evens-5"))
    assert unwritten == ()
    assert _pays(exported, "evens") == {"player even": Fraction(1), "even": Fraction(5), "other": Fraction(-1)}
    assert 'pays="1:1"}, {name="even", banker={total="even"}, pays="5:1"}' in exported


def test_a_single_quoted_pay_on_a_two_row_line_changes_that_row_and_renames_nothing() -> None:
    text = ISSUE_TEXT.replace('pays="1:1"', "pays = '1:1'")
    exported, _ = exported_rule_file(State(text=text, pays=("evens:player even=3:1",), name="evens-3"))
    assert _pays(exported, "evens") == {"player even": Fraction(3), "even": Fraction(2), "other": Fraction(-1)}


def test_the_name_and_title_given_are_written_over_the_rule_sets_values_whatever_their_quoting() -> None:
    text = ISSUE_TEXT.replace('name = "evens"', "name = '''evens'''  # the name").replace(
        'title = "Evens"\nextends', 'title = """\nEvens"""\nextends'
    )
    state = State(text=text, name="evens-2", title='Evens "two" \\ one')
    exported, _ = exported_rule_file(state)
    loaded = rule_set_of_text(exported)
    assert (loaded.name, loaded.title) == ("evens-2", 'Evens "two" \\ one')
    assert "# the name" in exported


def test_a_pay_the_file_does_not_write_is_listed_at_its_top_and_proven_with_it() -> None:
    state = State(rules="golden-frog", pays=("tie:tie=9:1",), name="frog-9", title="Frog, tie 9 to 1")
    exported, unwritten = exported_rule_file(state)
    assert unwritten == ("tie:tie=9:1",)
    assert exported.startswith(f"{UNWRITTEN}tie:tie=9:1\n")


def test_an_export_that_would_load_back_to_other_par_sheets_is_refused_in_one_line() -> None:
    state = State(text=ISSUE_TEXT, pays=("evens:even=5:1",), name="evens-5")
    exported, _ = exported_rule_file(state)
    wrong = exported.replace('pays="5:1"', 'pays="2:1"').replace('pays="1:1"', 'pays="5:1"')
    with pytest.raises(InputError) as refused:
        prove(state, state.rule_set(), wrong, ())
    message = str(refused.value)
    assert message.startswith("Export refused: ") and "\n" not in message
    with pytest.raises(InputError, match="does not load back"):
        prove(state, state.rule_set(), exported.replace("[wagers.evens]", "[wagers.evens]\nbogus = 1"), ())


def test_a_row_without_a_pays_key_gets_one() -> None:
    text = ISSUE_TEXT.replace(', pays="2:1"}', "}").replace("[wagers.evens]", "[wagers.evens]\nunreachable = 'allow'")
    try:
        rule_set_of_text(text)
    except InputError:
        pytest.skip("a row without pays is refused by the loader")
    exported, _ = exported_rule_file(State(text=text, pays=("evens:even=4:1",), name="e4"))
    assert _pays(exported, "evens")["even"] == Fraction(4)


def test_every_shipped_file_reads_as_tomllib_reads_it() -> None:
    from analyzer.game.shipped import catalogue, shipped

    for name in (*shipped(), *catalogue()):
        text = shipped_text(name)
        _same_strings(text)


# --- generated rule texts -----------------------------------------------------------------------------------------

NAMES = ("even", "player even", "odd", "even odd", "tie", "8", "ev", "banker")
"""Row names: condition values ("even", "odd", "tie"), names inside other names ("ev", "even", "player even")."""
CONDITIONS = (
    ("player", {"total": "even"}),
    ("banker", {"total": "even"}),
    ("winner", "tie"),
    ("player", {"natural": True}),
)
"""Reachable in this order: each row takes rounds the ones before it leave."""
PAYS = ("1:1", "2 to 1", "3 for 1", "0.5", "11:2", "push")


def _string(value: str, style: int) -> str:
    """``value`` as one of TOML's four strings (a multi-line one sometimes starting on a new line)."""
    return [
        basic_string(value),
        f"'{value}'",
        f'"""{value}"""',
        f"'''{value}'''",
        f'"""\n{value}"""',
    ][style]


@dataclass(frozen=True)
class Layout:
    names: tuple[str, ...]
    pays: tuple[str, ...]
    styles: tuple[int, ...]
    tables: bool
    per_line: int
    blanks: str
    comments: bool


def _value(value: Any, style: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value, style % 4)
    return "{ " + ", ".join(f"{k} = {_value(v, style)}" for k, v in value.items()) + " }"


def rule_text(layout: Layout) -> str:
    """A rule file extending punto banco with one wager, ``test``, written as ``layout`` says."""
    b = layout.blanks
    note = '  # a comment with pays = "9:1" and name = "even"' if layout.comments else ""
    head = (
        f"[rule_set]{note}\nname{b}={b}{_string('generated', layout.styles[0])}\ntitle = 'Generated'\n"
        f'extends = "punto-banco"\n\n[wagers.test]\ntitle = "Test"\nsource = "generated"{note}\n'
    )
    rows = []
    for i, (name, pays) in enumerate(zip(layout.names, layout.pays)):
        style = layout.styles[(i + 1) % len(layout.styles)]
        cells = [("name", _string(name, style))]
        if i < len(layout.names) - 1:
            key, condition = CONDITIONS[i]
            cells.append((key, _value(condition, style + i)))
        cells.append(("pays", _string(pays, (style + 1) % 5)))
        rows.append(cells)
    if layout.tables:
        body = "".join(
            f"\n[[wagers.test.outcomes]]{note}\n" + "".join(f"{b}{k}{b}={b}{v}{note}\n" for k, v in row) for row in rows
        )
        return head + body
    inline = ["{" + b + f",{b}".join(f"{k}{b}={b}{v}" for k, v in row) + b + "}" for row in rows]
    lines = [", ".join(inline[i : i + layout.per_line]) for i in range(0, len(inline), layout.per_line)]
    return head + "outcomes = [" + note + "\n" + (f",{note}\n").join(f"  {line}" for line in lines) + ",\n]\n"


layouts = st.integers(1, len(CONDITIONS)).flatmap(
    lambda n: st.builds(
        Layout,
        names=st.lists(st.sampled_from(NAMES), min_size=n + 1, max_size=n + 1, unique=True).map(tuple),
        pays=st.lists(st.sampled_from(PAYS), min_size=n + 1, max_size=n + 1).map(tuple),
        styles=st.lists(st.integers(0, 4), min_size=1, max_size=4).map(tuple),
        tables=st.booleans(),
        per_line=st.integers(1, 3),
        blanks=st.sampled_from(("", " ", "  ", "\t", " \t ")),
        comments=st.booleans(),
    )
)


def _get(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _same_strings(text: str) -> None:
    data = tomllib.loads(text)
    spans = value_spans(text)
    strings = 0
    for path, span in spans.items():
        if span.kind == "string":
            strings += 1
            assert span.value == _get(data, path), path
            assert tomllib.loads(f"x = {text[span.start : span.end]}")["x"] == span.value

    def count(value: Any) -> int:
        if isinstance(value, dict):
            return sum(count(v) for v in value.values())
        if isinstance(value, list):
            return sum(count(v) for v in value)
        return isinstance(value, str)

    assert strings == count(data)  # every string is spanned


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts)
def test_the_locator_reads_every_string_of_a_generated_rule_text_as_tomllib_does(layout: Layout) -> None:
    _same_strings(rule_text(layout))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts, st.data())
def test_an_export_after_a_random_pay_change_loads_back_to_exactly_the_edited_model(
    layout: Layout, data: st.DataObject
) -> None:
    text = rule_text(layout)
    row = data.draw(st.integers(0, len(layout.names) - 1), label="row")
    paid = data.draw(st.sampled_from(("5:1", "7:2", "push", "lose", "99:1")), label="pays")
    state = State(text=text, pays=(f"test:{layout.names[row]}={paid}",), decks=1, wagers=("test",))
    edited = state.rule_set()
    exported, unwritten = exported_rule_file(state)
    assert unwritten == ()
    again = rule_set_of_text(exported)
    assert [(o.name, o.pays) for o in again.wager("test").outcomes] == [
        (o.name, o.pays) for o in edited.wager("test").outcomes
    ]
    before, after = tomllib.loads(text), tomllib.loads(exported)
    changed = before["wagers"]["test"]["outcomes"][row]
    assert parse_pays(after["wagers"]["test"]["outcomes"][row].pop("pays")) == parse_pays(paid)
    changed.pop("pays")
    assert after == before  # nothing else in the file changed


@pytest.mark.slow
def test_the_web_export_of_a_pay_the_file_cannot_write_as_shown_is_a_400_in_one_line() -> None:
    pytest.importorskip("httpx2", reason="the API tests need httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from analyzer.web.app import create_app
    from analyzer.web.guard import Guard

    client = TestClient(create_app(Guard.for_address("testserver", 80, None)))
    text = (EXAMPLES / "progressive.toml").read_text(encoding="utf-8")  # a 10% fee nets every pay
    state = {"text": text, "name": "p2", "pays": ["suited-pairs-progressive:pair=6:1"]}
    answer = client.post("/api/export", json={"state": state, "format": "toml"})
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "Export refused: loaded back, row 'pair' of wager 'suited-pairs-progressive' pays 59:11, not the 6:1 shown "
        "(the file's pays are before its fee or cap); change it in the rule file's text."
    )
