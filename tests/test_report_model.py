"""The one report model: one document, one renderer per format.

A small document exercises every piece (key/value blocks, a nested block,
a list, a table with people-only and machine-only columns, a section with a
status and lead lines, a matrix keyed by column, records), and each renderer
is held to what it must write. The commands' own documents are checked
against the published figures elsewhere; here it is the rendering.
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest

from analyzer.report.model import (
    Column,
    Document,
    Field,
    Fields,
    Prose,
    Section,
    Table,
    Value,
    count,
    data,
    decimal,
    flag,
    fraction,
    integer,
    odds,
    pays,
    percent,
    real,
    text,
)
from analyzer.report.render import FORMATS, render
from analyzer.report.values import csv_text, human, machine

from .clirun import run


def _document(name: str = "pb") -> Document:
    head = Fields(
        (
            Field("rule_set", "Rule set", text(name), text=f"{name}: a game"),
            Field("title", None, text("a game")),
            Field(
                "shoe",
                "Shoe",
                Fields((Field("decks", None, integer(8)), Field("cards", None, integer(416)))),
                text="8 decks (416 cards)",
            ),
            Field("defaults", "Defaults", (text("8 decks"), text("tie pushes"))),
            Field(None, "Note", text("people only")),
        )
    )
    outcomes = Table(
        columns=(
            Column("outcome", "outcome"),
            Column("combinations", "combinations", "right"),
            Column("probability", "probability", "right"),
            Column("pays", "pays", "right"),
            Column("fair_odds", None),
        ),
        rows=(
            (
                text("win"),
                count(2_292_252_566_437_888),
                decimal(Fraction(43, 415)),
                pays(Fraction(11)),
                odds(Fraction(1, 3)),
            ),
            (text("loss"), count(5), decimal(Fraction(1, 3)), pays(Fraction(-1)), odds(None)),
        ),
        key="outcomes",
        csv=True,
    )
    figures = Fields(
        (
            Field("house_edge", "house edge", percent(Fraction(43, 415))),
            Field("standard_deviation", "standard deviation", real(3.1549)),
        ),
        layout="aligned",
    )
    section = Section(
        title="Pair",
        name="player-pair",
        status="offered",
        lead=("Source: 004",),
        blocks=(outcomes, figures),
        key="wagers",
        key_order=("house_edge",),
        context=(Field("wager", None, text("player-pair")),),
    )
    return Document(
        title=f"{name}: par sheets",
        blocks=(head, section, Prose(("Last words.",), key="notes")),
        context=(Field("rule_set", None, text(name)),),
    )


def test_text_shows_people_what_is_labelled_and_leaves_machine_keys_out() -> None:
    out = render(_document(), "table")
    assert out.splitlines()[:6] == [
        "Rule set: pb: a game",
        "Shoe: 8 decks (416 cards)",
        "Defaults:",
        "  - 8 decks",
        "  - tie pushes",
        "Note: people only",
    ]
    assert "== Pair (player-pair): offered\n   Source: 004\noutcome" in out
    assert "2,292,252,566,437,888" in out and "0.10361446" in out and "11:1" in out and "lose" in out
    assert "        house edge: 10.3614%\nstandard deviation: 3.1549" in out
    assert "fair" not in out and "a game\n" not in out.split("\n", 1)[1]
    assert out.endswith("Last words.\n")


def test_exact_shows_fractions_instead_of_decimals() -> None:
    out = render(_document(), "table", exact=True)
    assert "43/415" in out and "0.10361446" not in out and "10.3614%" not in out


def test_markdown_heads_the_page_and_breaks_header_lines() -> None:
    out = render(_document(), "markdown")
    lines = out.splitlines()
    assert lines[:3] == ["# pb: par sheets", "", "Rule set: pb: a game  "]
    assert "Defaults:  \n- 8 decks\n- tie pushes\nNote: people only  " in out
    assert "## Pair (`player-pair`)\n\nOffered. Source: 004\n\n| outcome" in out
    assert "| figure             | value    |" in out


def test_json_holds_machine_keys_exactly_in_declared_order() -> None:
    document = json.loads(render(_document(), "json"))
    assert list(document) == ["rule_set", "title", "shoe", "defaults", "wagers", "notes"]
    assert document["shoe"] == {"decks": 8, "cards": 416}
    (wager,) = document["wagers"]
    assert list(wager) == ["house_edge", "outcomes", "standard_deviation"]
    assert wager["house_edge"] == "43/415" and wager["standard_deviation"] == 3.1549
    assert wager["outcomes"][0] == {
        "outcome": "win",
        "combinations": "2292252566437888",
        "probability": "43/415",
        "pays": "11:1",
        "fair_odds": "1/3",
    }
    assert wager["outcomes"][1]["fair_odds"] is None
    assert document["notes"] == "Last words."


def test_json_of_several_documents_is_an_array_whatever_their_number() -> None:
    assert isinstance(json.loads(render([_document()], "json")), list)
    assert [d["rule_set"] for d in json.loads(render([_document("a"), _document("b")], "json"))] == ["a", "b"]


def test_csv_rows_carry_their_context_and_several_documents_share_one_header() -> None:
    out = render([_document("a"), _document("b")], "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rule_set", "wager", "outcome", "combinations", "probability", "pays", "fair_odds"]
    assert rows[1] == ["a", "player-pair", "win", "2292252566437888", "0.10361446", "11:1", "0.3333 to 1"]
    assert [r[0] for r in rows[1:]] == ["a", "a", "b", "b"]


def test_a_matrix_is_keyed_by_column_then_row_and_skips_empty_cells() -> None:
    matrix = Table(
        columns=(Column("wager", "wager"), Column("x", "x", "right"), Column("y", "y", "right")),
        rows=(
            (text("tie"), data({"edge": "1/7"}, "14%"), None),
            (text("pair"), data({"edge": "1/9"}, "(11%)"), data(1, "1")),
        ),
        key="house_edge",
        by_column=True,
    )
    document = Document(title="m", blocks=(matrix,))
    assert json.loads(render(document, "json"))["house_edge"] == {
        "x": {"tie": {"edge": "1/7"}, "pair": {"edge": "1/9"}},
        "y": {"pair": 1},
    }
    assert "(11%)" in render(document, "table")


def test_records_show_a_head_line_and_aligned_labels_in_text_and_a_grid_in_markdown() -> None:
    table = Table(
        columns=(
            Column("claim", "#", head=True),
            Column("verdict", "verdict", head=True),
            Column("claimed", "claimed"),
            Column("computed", "computed"),
            Column("source", None),
        ),
        rows=((integer(1, shown="[1]"), text("CONFIRMED"), text("1.0579%"), text("1.0579%"), text("WoO")),),
        key="claims",
        records=True,
    )
    document = Document(title="claims", blocks=(table,))
    assert render(document, "table") == "[1] CONFIRMED\n    claimed:  1.0579%\n    computed: 1.0579%\n"
    assert "| #   | verdict   |" in render(document, "markdown")
    assert json.loads(render(document, "json"))["claims"] == [
        {"claim": 1, "verdict": "CONFIRMED", "claimed": "1.0579%", "computed": "1.0579%", "source": "WoO"}
    ]


def test_dotted_keys_nest_objects_and_empty_tables_are_empty_lists() -> None:
    document = Document(
        title="d",
        blocks=(
            Table(columns=(Column("total", None),), rows=((integer(5),),), key="card.totals", human=False),
            Table(columns=(Column("total", None),), rows=(), key="card.exceptions", human=False),
            Fields((Field("mimic", None, fraction(Fraction(-1, 3))),), key="option_value"),
        ),
    )
    assert json.loads(render(document, "json")) == {
        "card": {"totals": [{"total": 5}], "exceptions": []},
        "option_value": {"mimic": "-1/3"},
    }
    assert render(document, "table") == "\n"


@pytest.mark.parametrize(
    ("value", "people", "json_value", "csv_value"),
    [
        (count(4998398275503360), "4,998,398,275,503,360", "4998398275503360", "4998398275503360"),
        (integer(8), "8", 8, "8"),
        (decimal(Fraction(-1, 3), 4), "-0.3333", "-1/3", "-0.3333"),
        (decimal(Fraction(1, 3), 2, signed=True), "+0.33", "1/3", "0.33"),
        (percent(Fraction(43, 415)), "10.3614%", "43/415", "0.10361446"),
        (pays(Fraction(19, 20)), "19:20", "19:20", "19:20"),
        (pays(Fraction(0)), "push", "push", "push"),
        (odds(Fraction(28, 3)), "9.3333 to 1", "28/3", "9.3333 to 1"),
        (real(0.92737), "0.9274", 0.92737, "0.92737"),
        (flag(True), "yes", True, "true"),
        (decimal(None), "n/a", None, ""),
        (text("x", shown="(x)"), "(x)", "x", "(x)"),
    ],
)
def test_each_kind_of_value_reads_as_each_audience_expects(
    value: Value, people: str, json_value: object, csv_value: str
) -> None:
    assert human(value) == people
    assert machine(value) == json_value
    assert csv_text(value) == csv_value


def test_an_inexact_number_is_refused_where_an_exact_one_is_promised() -> None:
    with pytest.raises(ValueError, match="exact"):
        decimal(0.5)  # type: ignore[arg-type]


def test_a_piece_with_neither_key_nor_label_is_refused() -> None:
    with pytest.raises(ValueError, match="key"):
        Field(None, None, text("orphan"))
    with pytest.raises(ValueError, match="column"):
        Column(None, None)


def test_every_format_is_served_for_every_document() -> None:
    for fmt in FORMATS:
        assert render(_document(), fmt).endswith("\n")


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "--wager", "tie"],
        ["eor", "--wager", "tie"],
        ["formula", "--wager", "player-pair", "--upto", "1"],
        ["solve", "--wager", "tie", "--outcome", "tie", "--edge", "2%"],
    ],
)
def test_commands_over_rule_sets_give_one_json_shape_whatever_their_number(args: list[str]) -> None:
    code, one, _ = run(*args, "--rules", "punto-banco", "--format", "json")
    assert code == 0 and [d["rule_set"] for d in json.loads(one)] == ["punto-banco"]
    code, two, _ = run(*args, "--rules", "punto-banco", "--rules", "dactylus", "--format", "json")
    assert code == 0 and [d["rule_set"] for d in json.loads(two)] == ["punto-banco", "dactylus"]


@pytest.mark.parametrize(
    "args",
    [
        ["rules"],
        ["rules", "show", "mini-louisiana"],
        ["own-cards"],
        ["analyze", "--rules", "live-pittsburgh"],
        ["verify", "examples/claims.toml"],
        ["formula", "--rules", "dactylus", "--wager", "player-pair", "--outcomes"],
    ],
)
def test_text_output_fits_a_100_column_terminal(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).parent.parent)
    code, out, _ = run(*args)
    assert code == 0
    sha256sum = re.compile(r"  [0-9a-f]{64}  ")  # a file's hash as sha256sum prints it, kept whole with its name
    too_wide = [line for line in out.splitlines() if len(line) > 100 and not sha256sum.match(line)]
    assert not too_wide, f"{len(too_wide)} lines over 100 columns, e.g. {too_wide[0]!r}"


def test_a_long_sentence_wraps_with_a_hanging_indent_and_a_table_wraps_its_words_not_its_numbers() -> None:
    long = "word " * 40
    document = Document(
        title="t",
        blocks=(
            Prose((long.strip(),)),
            Table(
                columns=(Column("name", "name"), Column("how", "how it plays"), Column("edge", "edge", "right")),
                rows=((text("mimic"), text(long.strip()), percent(Fraction(1, 3))),),
            ),
        ),
    )
    lines = render(document, "table").splitlines()
    assert all(len(line) <= 100 for line in lines)
    assert lines[1].startswith("  word") and "33.3333%" in render(document, "table")
    assert render(document, "markdown").count("word") == 80  # Markdown is not wrapped: the page reflows it
