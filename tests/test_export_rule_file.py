"""The workbench's exported rule file says what was shown: each pay written at its row's position, then proven.

Property tests (hypothesis) over generated rule texts: rows sharing lines, names written again as condition values
and inside other names, the four kinds of TOML string, inline tables and ``[[...]]`` tables, comments and odd
blanks. Each holds that an export after a random pay change loads back to exactly the edited model, and that the
locator under it reads each string as :mod:`tomllib` does.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.api.exporting import exported_rule_file, prove
from analyzer.api.workbench import State, rule_set_of_text, view
from analyzer.errors import InputError
from analyzer.game.odds import parse_pays
from analyzer.game.shipped import shipped_text
from analyzer.game.tomlspans import basic_string, value_spans
from analyzer.numbers import percent_text

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
    exported = exported_rule_file(State(text=ISSUE_TEXT, pays=("evens:even=5:1",), name="evens-5"))
    assert _pays(exported, "evens") == {"player even": Fraction(1), "even": Fraction(5), "other": Fraction(-1)}
    assert 'pays="1:1"}, {name="even", banker={total="even"}, pays="5:1"}' in exported


def test_a_single_quoted_pay_on_a_two_row_line_changes_that_row_and_renames_nothing() -> None:
    text = ISSUE_TEXT.replace('pays="1:1"', "pays = '1:1'")
    exported = exported_rule_file(State(text=text, pays=("evens:player even=3:1",), name="evens-3"))
    assert _pays(exported, "evens") == {"player even": Fraction(3), "even": Fraction(2), "other": Fraction(-1)}


def test_the_name_and_title_given_are_written_over_the_rule_sets_values_whatever_their_quoting() -> None:
    text = ISSUE_TEXT.replace('name = "evens"', "name = '''evens'''  # the name").replace(
        'title = "Evens"\nextends', 'title = """\nEvens"""\nextends'
    )
    state = State(text=text, name="evens-2", title='Evens "two" \\ one')
    exported = exported_rule_file(state)
    loaded = rule_set_of_text(exported)
    assert (loaded.name, loaded.title) == ("evens-2", 'Evens "two" \\ one')
    assert "# the name" in exported


def _alone(exported: str, state: State) -> dict[str, Any]:
    """What the workbench shows for the exported file on its own (no pay change given with it), on ``state``'s shoe."""
    again = State(text=exported, wagers=state.wagers, decks=state.decks, remove=state.remove)
    return {w["wager"]: w for w in view(again)["wagers"]}


def _shown(state: State) -> dict[str, Any]:
    return {w["wager"]: w for w in view(state)["wagers"]}


def test_a_changed_pay_of_a_wager_the_file_extends_is_written_in_a_table_copied_from_the_extended_file() -> None:
    state = State(rules="golden-frog", pays=("tie:tie=9:1",), name="frog-9", title="Frog, tie 9 to 1", wagers=("tie",))
    exported = exported_rule_file(state)
    assert "give it as --pay" not in exported
    copied = exported[exported.index("# The workbench's export copied this table from punto-banco.toml") :]
    # punto-banco writes its own [wagers.tie] (its source ends in a full stop, wagers.toml's does not): that one is
    # the table golden-frog takes, so that one is copied
    assert copied.splitlines()[1:4] == [
        "[wagers.tie]",
        "source = \"001, The Rules: 'winning bets on a tie pay 8 to 1'.\"",
        "outcomes = [",
    ]
    assert '{ name = "tie", result = "tie", pays = "9:1" }' in copied
    alone = _alone(exported, state)["tie"]
    shown = _shown(state)["tie"]
    assert {k: v for k, v in alone.items() if k != "compared"} == {k: v for k, v in shown.items() if k != "compared"}
    # Source: Wizard of Odds, baccarat basics: the Tie at 9 to 1, 8 decks, has a 4.8440% house edge.
    assert percent_text(Fraction(alone["figures"]["house_edge"])) == "4.8440%"
    again = rule_set_of_text(exported)
    assert [w.name for w in again.wagers] == [w.name for w in state.rule_set().wagers]
    assert again.wager("tie").offered and again.pay_changes == ()


def test_a_changed_standard_pay_of_a_file_that_extends_nothing_is_written_in_a_table_copied_from_wagers_toml() -> None:
    pays = ("banker:Banker wins=1:1", "player-pair:pair=12:1")
    state = State(rules="punto-banco", pays=pays, name="pb-even", title="Even money", wagers=("banker", "player-pair"))
    exported = exported_rule_file(state)
    assert exported.count("[wagers.banker]") == 1  # punto-banco writes the banker's row: changed where it is
    assert '{ name = "Banker wins", result = "win", pays = "1:1" }' in exported
    assert exported.endswith(
        "\n# The workbench's export copied this table from wagers.toml (the standard wagers); its pays changed in the "
        'workbench, so this file offers the wager.\n[wagers.player-pair]\ntitle = "Player Pair"\nside = "player"\n'
        "source = \"004: 'If the first two cards dealt are identical in rank, the Pair wager shall be paid at odds of "
        '11 to 1 and loses on any other card combination.\'"\noutcomes = [\n  { name = "pair", pair = true, pays = '
        '"12:1" },\n  { name = "no pair", pays = "lose" },\n]\n'
    )
    alone, shown = _alone(exported, state), _shown(state)
    for name in state.wagers:
        assert alone[name]["figures"] == shown[name]["figures"] and alone[name]["rows"] == shown[name]["rows"]
    assert (shown["player-pair"]["offered"], alone["player-pair"]["offered"]) == (False, True)
    # the one difference the proof allows, and only for a table copied from wagers.toml
    with pytest.raises(InputError, match="offered"):
        prove(state, state.rule_set(), exported)
    prove(state, state.rule_set(), exported, ("player-pair",))


def test_a_changed_pay_of_the_extended_files_own_wager_is_copied_with_its_published_figures() -> None:
    text = '[rule_set]\nname = "frog-plus"\ntitle = "Frog plus"\nextends = "golden-frog"\n\n[wagers]\n'
    pays = ("any-8-beats-any-6:8 beats 6=30:1", "tie:tie=9:1", "banker-pair:pair=12:1")
    state = State(text=text, pays=pays, wagers=("any-8-beats-any-6", "tie", "banker-pair"), decks=1)
    exported = exported_rule_file(state)
    assert "copied this table from golden-frog.toml, which this file extends;" in exported
    assert "copied this table from punto-banco.toml, which this file extends through golden-frog.toml;" in exported
    assert "copied this table from wagers.toml (the standard wagers)" in exported
    frog = tomllib.loads(shipped_text("golden-frog"))["wagers"]["any-8-beats-any-6"]
    written = tomllib.loads(exported)["wagers"]["any-8-beats-any-6"]
    assert written["outcomes"][0].pop("pays") == "30:1" and frog["outcomes"][0].pop("pays") == "25:1"
    assert written == frog  # title, source, the other row and the published figures, as golden-frog writes them
    alone, shown = _alone(exported, state), _shown(state)
    assert [alone[w]["figures"] for w in state.wagers] == [shown[w]["figures"] for w in state.wagers]
    assert [alone[w]["rows"] for w in state.wagers] == [shown[w]["rows"] for w in state.wagers]


def test_a_standard_wager_written_with_dotted_keys_and_arrays_of_tables_is_copied_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import analyzer.api.exporting as exporting
    from analyzer.game.standard import sha256_hex, standard_wagers_text

    real = standard_wagers_text()
    source = tomllib.loads(real)["player-pair"]["source"]
    block = real[real.index("[player-pair]") : real.index("[banker-pair]")]
    # the entry as root dotted keys (before the first header) and [[...]] tables at the end, with other quotings
    dotted = (
        f"player-pair.title = 'Player Pair'\nplayer-pair . side = \"player\"\n"
        f"player-pair.source = {basic_string(source)}\n"
    )
    rows = (
        '\n[[player-pair.outcomes]]\n"name" = "pair"  # eleven\npair = true\npays = """11:1"""\n'
        "[[player-pair.outcomes]]\nname = 'no pair'\npays = 'lose'\n"
    )
    other = dotted + real.replace(block, "") + rows
    assert tomllib.loads(other) == tomllib.loads(real)  # the same standard wagers, written otherwise
    monkeypatch.setattr(exporting, "standard_wagers_text", lambda: other)
    monkeypatch.setattr(exporting, "standard_wagers_sha256", lambda: sha256_hex(other.encode("utf-8")))
    state = State(pays=("player-pair:pair=12:1",), name="pb-12", wagers=("player-pair",), decks=1)
    exported = exported_rule_file(state)
    assert exported.endswith(
        "[wagers.player-pair]\ntitle = 'Player Pair'\nside = \"player\"\n"
        f'source = {basic_string(source)}\n[[wagers.player-pair.outcomes]]\nname = "pair"\npair = true\n'
        "pays = \"12:1\"\n[[wagers.player-pair.outcomes]]\nname = 'no pair'\npays = 'lose'\n"
    )
    assert _alone(exported, state)["player-pair"]["figures"] == _shown(state)["player-pair"]["figures"]


def test_a_file_writing_its_wagers_as_one_inline_table_is_refused_a_copied_table_in_one_line() -> None:
    head = '[rule_set]\nname = "x"\ntitle = "X"\nextends = "punto-banco"\n'
    state = State(text="wagers = { }\n" + head, pays=("tie:tie=9:1",), name="x9", decks=1, wagers=("tie",))
    with pytest.raises(InputError) as refused:
        exported_rule_file(state)
    assert str(refused.value).startswith("Export refused: the rule file writes its wagers as one inline table")
    assert "\n" not in str(refused.value)
    # dotted keys at the top leave the wagers table open to a [wagers.tie] table after them
    mine = 'wagers.mine = { title = "M", source = "s", outcomes = [{ name = "all", pays = "lose" }] }\n'
    state = replace(state, text=mine + head)
    exported = exported_rule_file(state)
    assert "\n[wagers.tie]\n" in exported
    assert _alone(exported, state)["tie"]["figures"] == _shown(state)["tie"]["figures"]


def test_a_copy_from_an_extended_file_that_is_no_longer_the_one_loaded_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import analyzer.api.exporting as exporting
    from analyzer.game.rulefile import ExtendedFile, extended_files

    def changed(text: str, path: str | None = None, *, read_files: bool = True) -> tuple[ExtendedFile, ...]:
        found = extended_files(text, path, read_files=read_files)
        return (replace(found[0], text=found[0].text.replace('"8:1"', '"7:1"'), sha256="0" * 64), *found[1:])

    monkeypatch.setattr(exporting, "extended_files", changed)
    with pytest.raises(InputError, match=r"^Export refused: the files the rule file extends changed since"):
        exported_rule_file(State(rules="golden-frog", pays=("tie:tie=9:1",), name="f9", decks=1, wagers=("tie",)))


def test_an_export_that_would_load_back_to_other_par_sheets_is_refused_in_one_line() -> None:
    state = State(text=ISSUE_TEXT, pays=("evens:even=5:1",), name="evens-5")
    exported = exported_rule_file(state)
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
    exported = exported_rule_file(State(text=text, pays=("evens:even=4:1",), name="e4"))
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
    # and sometimes a wager the file takes from punto-banco (tie, banker) or from wagers.toml (player-pair)
    inherited = data.draw(st.sampled_from(INHERITED), label="inherited")
    pays = (f"test:{layout.names[row]}={paid}",) + (
        () if inherited is None else (f"{inherited[0]}:{inherited[1]}=3:1",)
    )
    shown = ("test",) + (() if inherited is None else (inherited[0],))
    state = State(text=text, pays=pays, decks=1, wagers=shown)
    edited = state.rule_set()
    exported = exported_rule_file(state)
    again = rule_set_of_text(exported)  # alone: no pay given with it
    for name in shown:
        assert [(o.name, o.pays) for o in again.wager(name).outcomes] == [
            (o.name, o.pays) for o in edited.wager(name).outcomes
        ]
    before, after = tomllib.loads(text), tomllib.loads(exported)
    changed = before["wagers"]["test"]["outcomes"][row]
    assert parse_pays(after["wagers"]["test"]["outcomes"][row].pop("pays")) == parse_pays(paid)
    changed.pop("pays")
    if inherited is not None:
        assert parse_pays(after["wagers"].pop(inherited[0])["outcomes"][inherited[2]]["pays"]) == 3
    assert after == before  # nothing else in the file changed


INHERITED = (None, ("tie", "tie", 0), ("banker", "Banker wins", 0), ("player-pair", "pair", 0))
"""Wagers the generated file takes from elsewhere, a row of each and its position."""


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
