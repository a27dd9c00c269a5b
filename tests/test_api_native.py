"""The newer entry points feel as native in a notebook as ``analyze`` does (issue 29, item 5): ``information``,
``sort_search`` and an exposure, ``peek`` and ``reveal_laws``, ``equilibrium``, ``multiplier_law``.

Each result's ``repr`` is one line (what, which rule set, how many rows); ``render`` takes every format the docs name;
a text is one item where a parameter takes several; errors name the Python parameter (the command line, the same
check, its option); the HTML shows values as the text output prints them, exact fractions in tooltips or with
``to_html(exact=True)``; ``to_frame`` keeps Fractions, ``floats=True`` adds float64 twins.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import analyzer
from analyzer.api import multiplier_law, peek, reveal_laws
from analyzer.api.common import RENDER_FORMATS, texts
from analyzer.errors import InputError

from .clirun import run

PEEK = "examples/peek-style.toml"
PROSPERITY = "examples/prosperity-tree-style.toml"
THREE = "player,banker,tie"
TEXT_FORMATS = ("text", "table", "txt", "md", "markdown", "csv", "json", "html")


@pytest.fixture(scope="module")
def seen() -> Any:
    return analyzer.information("live-pittsburgh", see="1=value", bets=THREE)


@pytest.fixture(scope="module")
def game() -> Any:
    return peek(PEEK, wagers="player")


@pytest.fixture(scope="module")
def results(seen: Any, game: Any) -> dict[str, Any]:
    """One result of each entry point, each cheap to compute (peek's counts are cached for the other tests)."""
    return {
        "information": seen,
        "exposure": seen.exposure(200, "5000"),
        "sort_search": analyzer.sort_search("live-pittsburgh", first=1, bets=THREE, top=5),
        "peek": game,
        "reveal_laws": reveal_laws(PEEK, "98.8%", within="0.05%"),
        "equilibrium": analyzer.equilibrium("chemin-de-fer", decks=6, information="totals"),
        "multiplier_law": multiplier_law(PROSPERITY, "prosperity-player=98.9%"),
    }


ENTRY_POINTS = ("information", "exposure", "sort_search", "peek", "reveal_laws", "equilibrium", "multiplier_law")

REPRS = {
    "information": "<InformationResult: what seeing 1=value is worth under live-pittsburgh, 8 decks (416 cards); "
    "10 pattern rows>",
    "exposure": "<ExposureResult: 1=value seen on every round for 200 rounds at an average bet of 5,000, under "
    "live-pittsburgh; 1 row>",
    "sort_search": "<SortSearchResult: the sorts of the values for the first card under live-pittsburgh, 8 decks "
    "(416 cards); 511 rows, best first>",
    "peek": "<Peek: reveal and raise under peek-style, 8 decks (416 cards), raising player; 11 summary rows>",
    "reveal_laws": "<RevealLawSolution: reveal laws for player 98.8%, banker 98.8% per amount wagered under "
    "peek-style, 8 decks (416 cards): consistent laws; 8 rows>",
    "equilibrium": "<Equilibria: the equilibrium of chemin-de-fer (totals), 6 decks (312 cards); 1 equilibrium, "
    "88 Banker cell rows>",
    "multiplier_law": "<MultiplierFit: prosperity-tree-style: a multiplier law fitted to 1 target return; 1 row of "
    "targets>",
}


# ------------------------------------------------------------------------------------------------------ repr


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_a_results_repr_is_one_line_naming_what_it_is_its_rule_set_and_rows(name: str, results: dict[str, Any]) -> None:
    """Today's ``repr`` of the information study ran to 20 KB, of peek to 1.1 MB: one line now."""
    shown = repr(results[name])
    assert shown == REPRS[name]
    assert "\n" not in shown and len(shown) < 200 and re.search(r"\d+ (\w+ )*rows?\b", shown)


# ---------------------------------------------------------------------------------------------------- render


HEAVY = ("peek",)
"""Entry points whose document takes a fifth of a second or more to write (peek's lists every pattern seen, some
8,700): their renders are out of the quick subset."""


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in HEAVY else n for n in ENTRY_POINTS])
def test_every_text_format_the_docs_name_renders(name: str, fmt: str, results: dict[str, Any]) -> None:
    assert set(TEXT_FORMATS) | {"xlsx", "pdf"} == set(RENDER_FORMATS)
    shown = results[name].render(fmt)
    assert isinstance(shown, str) and shown.strip()
    rule_set = {"equilibrium": "chemin-de-fer", "peek": "peek-style", "reveal_laws": "peek-style"}
    assert rule_set.get(name, "prosperity-tree-style" if name == "multiplier_law" else "live-pittsburgh") in shown
    if fmt == "json":
        assert isinstance(json.loads(shown), dict)


@pytest.mark.slow  # the PDF and the workbook of seven documents: a few seconds
@pytest.mark.parametrize(("fmt", "magic"), [("xlsx", b"PK"), ("pdf", b"%PDF")])
@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_the_binary_formats_render_as_bytes(name: str, fmt: str, magic: bytes, results: dict[str, Any]) -> None:
    shown = results[name].render(fmt)
    assert isinstance(shown, bytes) and shown.startswith(magic)


def test_an_unknown_format_names_the_parameter(results: dict[str, Any]) -> None:
    for name in ENTRY_POINTS:
        with pytest.raises(InputError, match=r"^fmt 'docx' is not a format; use one of text, table, txt, md"):
            results[name].render("docx")


@pytest.mark.slow  # two commands run beside their results (about a second)
def test_a_result_renders_what_the_command_prints_as_json(seen: Any, game: Any) -> None:
    """One document for both front ends: the command's --format json is the result's render("json")."""
    for result, args in (
        (seen, ["information", "--rules", "live-pittsburgh", "--see", "1=value", "--bets", THREE]),
        (game, ["peek", "--rules", PEEK, "--wager", "player"]),
    ):
        code, out, _ = run(*args, "--format", "json")
        assert code == 0
        printed = json.loads(out)  # one document: an object (several rule sets: an array)
        rendered = json.loads(result.render("json"))
        for document in (printed, rendered):
            document["provenance"].pop("command", None)
        assert rendered == printed


# ---------------------------------------------------------------------------------------- a text is one item


def test_a_text_is_one_item_where_a_parameter_takes_several(seen: Any, game: Any) -> None:
    assert [w.wager.name for w in game.analysis.wagers] == ["player"]  # never its letters ("Unknown wager 'p'")
    assert reveal_laws(PEEK, "98.8%").to_records() == reveal_laws(PEEK, ["98.8%"]).to_records()
    assert [w.name for w in analyzer.information("live-pittsburgh", see="1=value", bets="banker").study.wagers] == [
        "banker"
    ]
    one = multiplier_law(PROSPERITY, "prosperity-player=98.9%")
    assert one.to_records() == multiplier_law(PROSPERITY, ["prosperity-player=98.9%"]).to_records()
    with pytest.raises(InputError, match=r"free 23 is not a multiplier of the law; its values are 2, 3"):
        multiplier_law(PROSPERITY, "prosperity-player=98.9%", free="23")  # one value, never "2" and "3"


def test_a_text_of_cards_removed_is_one_removal() -> None:
    with_five_out = analyzer.equilibrium("chemin-de-fer", decks=6, information="totals", remove="5")
    assert with_five_out.to_records() == (
        analyzer.equilibrium("chemin-de-fer", decks=6, information="totals", remove=["5"]).to_records()
    )
    assert (
        with_five_out.to_records() != analyzer.equilibrium("chemin-de-fer", decks=6, information="totals").to_records()
    )


def test_bets_separated_by_commas_are_read_as_the_command_lines_bets_option(seen: Any) -> None:
    """``information(..., bets="player,banker,tie")`` was refused ("A bet is named twice"): a text of names separated
    by commas is what ``--bets`` takes, and names the same bets as a list."""
    listed = analyzer.information("live-pittsburgh", see="1=value", bets=["player", "banker", "tie"])
    assert [w.name for w in seen.study.wagers] == ["player", "banker", "tie"]
    assert seen.to_records() == listed.to_records()
    assert texts(" player , banker,tie", "bets", commas=True) == ("player", "banker", "tie")  # sort_search's too


COMMA_NAMED = """[rule_set]
name = "comma"
title = "A wager whose name holds a comma"
extends = "punto-banco"

[wagers."player,early"]
title = "Player, paid even"
source = "an illustration"
side = "player"
outcomes = [
  { name = "win", result = "win", pays = "1:1" },
  { name = "tie", result = "tie", pays = "push" },
  { name = "loss", pays = "lose" },
]
"""


def test_a_wager_whose_name_holds_a_comma_is_named_in_a_list(tmp_path: Path) -> None:
    path = tmp_path / "comma.toml"
    path.write_text(COMMA_NAMED, encoding="utf-8")
    found = analyzer.information(str(path), see="1=value", bets=["player,early", "banker"])
    assert [w.name for w in found.study.wagers] == ["player,early", "banker"]
    with pytest.raises(InputError, match="Unknown wager 'early'"):
        analyzer.information(str(path), see="1=value", bets="player,early")  # a text is split at its commas


def test_a_parameter_that_is_neither_a_text_nor_a_list_of_texts_is_refused_by_name() -> None:
    with pytest.raises(InputError, match=r"^bets must be a text or a list of texts, got 5\.$"):
        analyzer.information("live-pittsburgh", see="1=value", bets=5)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^wagers must be a text or a list of texts, got 3\.$"):
        peek(PEEK, wagers=3)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^targets must be a text or a list of texts"):
        reveal_laws(PEEK, 98.8)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ errors, worded for each


def _refusals() -> list[tuple[str, Callable[[], object], str]]:
    eq = analyzer.equilibrium
    return [
        ("see", lambda: analyzer.information("live-pittsburgh", see=5), "see must be a sight spec"),  # type: ignore[arg-type]
        ("see", lambda: analyzer.information("live-pittsburgh", see="1=colour"), "see '1=colour': 'colour' is not"),
        (
            "first",
            lambda: analyzer.sort_search("live-pittsburgh", first=9),
            "first (the first cards, whose groups are seen) must be from 1 to 6, got 9",
        ),
        ("over", lambda: analyzer.sort_search("live-pittsburgh", first=1, over="suits"), "over 'suits' is not one"),
        ("top", lambda: analyzer.sort_search("live-pittsburgh", first=1, top=0), "top must be a whole number"),
        (
            "sort_search",
            lambda: analyzer.information("live-pittsburgh", see="1-6=rank"),
            "or rank sorts with sort_search().",
        ),
        ("bets", lambda: analyzer.information("punto-banco", see="1=value", bets=["player", "player"]), "named twice"),
        ("average_bet", lambda: analyzer.information("punto-banco", see="1=value").exposure(5, None), "average_bet"),  # type: ignore[arg-type]
        ("wagers", lambda: peek(PEEK, wagers="tie"), "'tie' is not raised in rule set peek-style"),
        ("pays", lambda: peek(PEEK, pays="tie=9"), "pays 'tie=9' is not WAGER:OUTCOME=PAYS, e.g. pays='tie:tie=9:1'"),
        ("cards", lambda: peek(PEEK, wagers="player").rows("player", cards=9), "cards 9: that many cards are never"),
        ("targets", lambda: reveal_laws(PEEK, "98.8"), "targets '98.8' is not a percentage or WAGER=PERCENT"),
        ("targets", lambda: reveal_laws(PEEK, ["player=98%", "player=97%"]), "targets: 'player' is given two targets"),
        ("per", lambda: reveal_laws(PEEK, "98.8%", per="bet"), "per 'bet' is not an RTP basis"),
        ("within", lambda: reveal_laws(PEEK, "98.8%", within="x"), "within 'x' is not a percentage"),
        ("within", lambda: reveal_laws(PEEK, "98.8%", within="-1%"), "a tolerance cannot be negative"),
        ("information", lambda: eq("chemin-de-fer", information="all"), "information 'all' is not one of totals"),
        (
            "with_replacement",
            lambda: eq("chemin-de-fer", decks=6, with_replacement=True),
            "with_replacement draws every card from a fresh deck: give it without decks or remove.",
        ),
        ("rules", lambda: eq("punto-banco"), "try rules='chemin-de-fer'."),
        ("commission", lambda: eq("chemin-de-fer", commission=0.05), "commission must be a text such as '5%'"),  # type: ignore[arg-type]
        (
            "upto",
            lambda: analyzer.api.equilibrium.equilibrium_formulas("chemin-de-fer", upto=0),
            "upto must be a whole number of at least 1, got 0",
        ),
        (
            "shoes",
            lambda: analyzer.api.equilibrium.equilibrium_shoes("chemin-de-fer", shoes=0),
            "shoes must be a whole number of at least 1, got 0",
        ),
        ("rtp", lambda: multiplier_law(PROSPERITY, "prosperity-player=98.9"), "rtp 'prosperity-player=98.9' is not"),
        ("rtp", lambda: multiplier_law(PROSPERITY, "player=98.9%"), "no lightning multipliers; rtp fits"),
        ("free", lambda: multiplier_law(PROSPERITY, "prosperity-player=98.9%", free="5"), "free 5 is not a multiplier"),
        ("free", lambda: multiplier_law(PROSPERITY, "prosperity-player=98.9%", free="two"), "e.g. free='2'."),
        ("within", lambda: multiplier_law(PROSPERITY, "prosperity-player=98.9%", within="1"), "within '1' is not a"),
    ]


REFUSALS = _refusals()


@pytest.mark.parametrize(
    ("parameter", "call", "message"), REFUSALS, ids=[f"{p}-{i}" for i, (p, _, _) in enumerate(REFUSALS)]
)
def test_bad_arguments_are_one_line_naming_the_python_parameter(
    parameter: str, call: Callable[[], object], message: str
) -> None:
    """The library's own checks, worded for Python: the keyword, never the command line's option (issue 29, item 5);
    ``information(..., see=5)`` and ``equilibrium_shoes(..., shoes=0)`` raised a TypeError and a ZeroDivisionError."""
    with pytest.raises(InputError) as refused:
        call()
    said = str(refused.value)
    assert message in said and "\n" not in said
    assert "--" not in said, said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--rules", PEEK, "--reveal-rtp", "98"], "--reveal-rtp '98' is not a percentage or WAGER=PERCENT"),
        (["solve", "--rules", PEEK, "--reveal-rtp", "98%", "--reveal-within", "x"], "--reveal-within 'x' is not a"),
        (["equilibrium", "--rules", "punto-banco"], "try --rules chemin-de-fer."),
        (
            ["equilibrium", "--rules", "chemin-de-fer", "--with-replacement", "--decks", "6"],
            "--with-replacement draws every card from a fresh deck: give it without --decks or --remove.",
        ),
        (["information", "--rules", "punto-banco", "--see", "1-6=rank"], "or rank sorts with --search-sorts."),
        (["solve", "--rules", PROSPERITY, "--rtp", "prosperity-player=98.9%", "--free", "two"], "e.g. --free 2."),
    ],
)
def test_the_same_checks_at_the_command_line_name_its_options(args: list[str], message: str) -> None:
    """One check, two wordings (analyzer.errors.named, with the option where the command's word differs)."""
    code, out, err = run(*args)
    assert code == 2 and out == "" and message in err, err


# ------------------------------------------------------------------------------------------------------ HTML


def test_the_html_tables_show_values_as_the_text_output_prints_them(results: dict[str, Any]) -> None:
    seen = results["information"]
    html, text = seen.to_html(), seen.render("text")
    assert '<td title="6604082064256/97624966318425">6.7647%</td>' in html and "6.7647%" in text  # gain per round
    sorted_seen = analyzer.information("live-pittsburgh", see="1-4=group:6789", bets=THREE)
    assert "<td>none</td>" in sorted_seen.to_html()  # a pattern where nothing is bet, as the text output says
    worth = results["exposure"].to_html()
    assert '<td title="264163282570240000/3904998652737">67,647.47</td>' in worth  # money to the cent, exact behind
    assert "<td>264163282570240000/3904998652737</td>" in results["exposure"].to_html(exact=True)
    assert '<td title="1977/2000">98.8500%</td>' in results["reveal_laws"].to_html()
    fit = results["multiplier_law"].to_html()
    assert '<td title="989/1000">98.9%</td>' in fit and "<td>yes</td>" in fit
    ranked = results["sort_search"].to_html()
    assert ranked.count("<tr>") == 1 + 5  # the head and the best five (top=5); the records hold all 511
    for name in ENTRY_POINTS:
        assert results[name]._repr_html_() == results[name].to_html()
        assert "0.95000000" not in results[name]._repr_html_()


def test_the_peek_tables_show_returns_as_the_peek_command_prints_them(results: dict[str, Any]) -> None:
    game = results["peek"].to_html()
    assert '<td title="2403700991440303/2432759573944971">98.8055%</td>' in game  # optimal play under the law
    assert "<td>the law</td>" in game and '<td title="3/10">30.00%</td>' in game  # 1 card revealed 30% of the time


@pytest.mark.slow  # peek's whole document written (a fifth of a second)
def test_the_peek_table_agrees_with_the_text_output(results: dict[str, Any]) -> None:
    text = results["peek"].render("text")
    assert "98.8055%" in text and "30.00%" in text


def test_the_equilibrium_tables_show_the_mixes_as_the_equilibrium_command_prints_them() -> None:
    solved = analyzer.equilibrium("chemin-de-fer", decks=6)  # banker-composition: the Player mixes at 5
    html, text = solved.to_html(), solved.render("text")
    assert '<td title="477191/592524">80.5353%</td>' in html and "80.5353%" in text
    assert '<td title="77143741/121269912">63.6133%</td>' in html and "63.6133%" in text  # 6 (T-6) v stood
    assert "<td>6 (T-6) v stood</td>" in html
    exact = solved.to_html(exact=True)
    assert "<td>77143741/121269912</td>" in exact and "63.6133%" not in exact


def test_a_tooltip_is_left_out_where_the_text_is_the_fraction_itself() -> None:
    from analyzer.api.table import html_table
    from analyzer.report.model import fraction, percent

    html = html_table([{"f": fraction(Fraction(1, 3)), "p": percent(Fraction(1, 3), shown="a third")}], "t")
    assert "<td>1/3</td>" in html and '<td title="1/3">a third</td>' in html


# ---------------------------------------------------------------------------------------------------- frames


@pytest.mark.parametrize(
    ("name", "column"),
    [
        ("information", "probability"),
        ("exposure", "expected_gain"),
        ("sort_search", "gain_per_round"),
        ("peek", "rtp"),
        ("reveal_laws", "P(2)"),
        ("equilibrium", "draw"),
        ("multiplier_law", "rtp"),
    ],
)
def test_a_frame_keeps_exact_fractions_and_offers_float_twins(name: str, column: str, results: dict[str, Any]) -> None:
    pytest.importorskip("pandas", reason="pandas is the notebook extra")
    result = results[name]
    exact = result.to_frame()
    assert exact[column].dtype == object and all(isinstance(x, Fraction) for x in exact[column])
    assert f"{column}_float" not in exact
    both = result.to_frame(floats=True)
    columns = list(both.columns)
    assert columns[columns.index(column) + 1] == f"{column}_float"
    assert str(both[f"{column}_float"].dtype) == "float64"
    assert both[f"{column}_float"].tolist() == [float(x) for x in exact[column]]
