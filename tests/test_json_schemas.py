"""The JSON a command prints is what its published JSON Schema (docs/_extra/schemas/) says, on real output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .clirun import run

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")
from referencing import Registry, Resource  # noqa: E402  (jsonschema's own dependency)

SCHEMAS = Path(__file__).parent.parent / "docs" / "_extra" / "schemas"
REGISTRY = Registry().with_resources(
    (path.name, Resource.from_contents(json.loads(path.read_text()))) for path in SCHEMAS.glob("*.schema.json")
)


def _check(kind: str, document: object) -> None:
    schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema, registry=REGISTRY).validate(document)


@pytest.mark.parametrize(
    "args",
    [
        ("--rules", "dactylus"),
        ("--rules", "mini-louisiana", "--decks", "6", "--remove", "5x4,K"),  # Big Win Bonus: no pay table, nulls
        ("--rules", "punto-banco", "--pay", "tie:tie=9:1", "--rules", "live-pittsburgh"),
        (
            "--rules",
            "golden-frog",
        ),
        ("--rules", "examples/progressive.toml"),  # a jackpot paying the whole meter, to one
        pytest.param(
            ("--rules", "examples/golden-wealth-style.toml", "--wager", "golden-banker"), marks=pytest.mark.slow
        ),  # multipliers, 95% of the stake returned
        pytest.param(
            ("--rules", "dragon-dragon"), marks=pytest.mark.slow
        ),  # a share of the meter, for one (a heavy table)
    ],
)
def test_analyze_prints_what_its_schema_says(args: tuple[str, ...]) -> None:
    _, out, _ = run("analyze", *args, "--format", "json")
    _check("analyze", json.loads(out))


def test_diff_prints_what_its_schema_says() -> None:
    _, out, _ = run("diff", "punto-banco", "live-pittsburgh", "--pay-b", "tie:tie=9:1", "--format", "json")
    _check("diff", json.loads(out))


def test_a_schema_refuses_what_its_command_never_prints() -> None:
    _, out, _ = run("analyze", "--rules", "dactylus", "--wager", "tie", "--format", "json")
    (document,) = json.loads(out)
    document["wagers"][0]["house_edge"] = 0.1435  # a float where an exact figure belongs
    with pytest.raises(jsonschema.ValidationError):
        _check("analyze", [document])


@pytest.mark.parametrize(
    "kind, args",
    [
        (
            "solve",
            (
                "solve",
                "--rules",
                "punto-banco",
                "--rules",
                "dactylus",
                "--wager",
                "tie",
                "--outcome",
                "tie",
                "--edge",
                "5%",
            ),
        ),
        pytest.param(
            "solve",
            (
                "solve",
                "--rules",
                "punto-banco",
                "--wager",
                "tie",
                "--outcome",
                "tie",
                "--edge",
                "5%",
                "--counter-yield",
                "5",
                "--rank-by",
                "counter-yield",
                "--workers",
                "1",
            ),
            marks=pytest.mark.slow,
        ),
        ("eor", ("eor", "--rules", "live-pittsburgh", "--wager", "tie", "--wager", "dragon-bonus-player")),
        ("eor", ("eor", "--rules", "mini-louisiana", "--remove", "5x32")),  # a rank gone: null effects
        ("verify", ("verify", "examples/submitted-punto-banco.csv", "--rules", "punto-banco")),
        (
            "tags",
            ("tags", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--shoes", "20", "--workers", "1"),
        ),
        (
            "tags",
            (
                "tags",
                "--rules",
                "live-pittsburgh",
                "--wager",
                "dragon-bonus-player",
                "--shoes",
                "20",
                "--workers",
                "1",
                "--unbalanced",
                "--sheet",
            ),
        ),
        pytest.param(
            "tags",
            (
                "tags",
                "--rules",
                "ez-baccarat",
                "--wager",
                "dragon-7",
                "--wager",
                "panda-8",
                "--shoes",
                "5",
                "--workers",
                "1",
            ),
            marks=pytest.mark.slow,
        ),  # a co-count
        pytest.param(
            "tags",
            (
                "tags",
                "--rules",
                "ez-baccarat",
                "--wager",
                "dragon-7",
                "--wager",
                "panda-8",
                "--shoes",
                "2",
                "--workers",
                "1",
                "--search",
            ),
            marks=pytest.mark.slow,
        ),  # a searched co-count
        pytest.param(
            "tags",
            (
                "tags",
                "--rules",
                "ez-baccarat",
                "--wager",
                "dragon-7",
                "--wager",
                "panda-8",
                "--shoes",
                "2",
                "--workers",
                "1",
                "--unbalanced",
                "--sheet",
            ),
            marks=pytest.mark.slow,
        ),  # unbalanced, a sheet
        (
            "deal",
            (
                "deal",
                "--rules",
                "live-pittsburgh",
                "--cards",
                "9 K 3 5 4 2",
                "--bet",
                "2:player=5",
                "--bet",
                "2:dragon-bonus-player=1",
            ),
        ),
        (
            "deal",
            (
                "deal",
                "--rules",
                "mini-louisiana",
                "--cards",
                "9 K 3 5 4 2 7 8 J 5 5",
                "--bet",
                "player=10",
                "--own-hand",
                "STAND",
            ),
        ),  # an own hand, cards not dealt
        (
            "deal",
            (
                "deal",
                "--rules",
                "examples/lightning-style.toml",
                "--cards",
                "9S 9S 9H 9S",
                "--bet",
                "lightning-tie=1",
                "--bet",
                "player=1",
                "--lightning",
                "9S=2",
            ),
        ),
        (
            "simulate",
            (
                "simulate",
                "--rules",
                "mini-louisiana",
                "--remove",
                "5x4,K",
                "--decks",
                "6",
                "--rounds",
                "5000",
                "--seed",
                "2",
                "--workers",
                "1",
            ),
        ),  # a wager with no pay table: a frequency
        (
            "simulate",
            (
                "simulate",
                "--rules",
                "golden-frog",
                "--mode",
                "shoe",
                "--rounds",
                "5000",
                "--seed",
                "2",
                "--workers",
                "1",
            ),
        ),
        ("count", ("count", "--rules", "punto-banco", "--wager", "banker", "--shoes", "2", "--workers", "1")),  # no bet
        (
            "count",
            (
                "count",
                "--rules",
                "dactylus",
                "--wager",
                "player-pair",
                "--wager",
                "tie",
                "--shoes",
                "20",
                "--workers",
                "1",
                "--bankroll",
                "200",
            ),
        ),
        pytest.param(
            "count",
            (
                "count",
                "--rules",
                "live-pittsburgh",
                "--wager",
                "dragon-bonus-player",
                "--wager",
                "tie",
                "--shoes",
                "20",
                "--spread",
                "dragon-bonus-player:1@4,2@6,4@8",
                "--tags",
                "tie:0,0,0,0,0,0,0,0,0,0,0,0,0",
                "--spread",
                "tie:1@0",
                "--bankroll",
                "300",
                "--goal",
                "100",
                "--workers",
                "1",
            ),
            marks=pytest.mark.slow,
        ),  # bet spreads
        (
            "count",
            (
                "count",
                "--rules",
                "live-pittsburgh",
                "--wager",
                "dragon-bonus-player",
                "--shoes",
                "20",
                "--play",
                "count",
                "--tags",
                "A=1,2=2,3=2,4=1,5=1,6=0,7=-1,8=-1,9=-1,T=-1,J=-1,Q=-1,K=-1",
                "--threshold",
                "4",
                "--burn",
                "3",
                "--last-round",
                "cut",
                "--workers",
                "1",
            ),
        ),
        ("formula", ("formula", "--rules", "dactylus", "--wager", "tie", "--remove", "5x2")),
        pytest.param("formula", ("formula", "--rules", "golden-frog"), marks=pytest.mark.slow),
        ("own-cards", ("own-cards", "--decks", "4")),
        ("compare", ("compare", "--rules", "punto-banco", "--rules", "mini-louisiana", "--remove", "9")),
        ("claims", ("verify", "examples/claims.toml")),
        ("claims", ("verify", "examples/claims.toml", "--only", "refuted")),
        ("verify", ("verify", "examples/submitted-punto-banco.csv", "--rules", "punto-banco", "--pay", "tie:tie=9:1")),
        (
            "equivalence",
            ("verify", "--rules", "examples/electronic-pittsburgh.toml", "--equivalent-to", "live-pittsburgh"),
        ),
        (
            "equivalence",
            ("verify", "--rules", "examples/electronic-pittsburgh.toml", "--equivalent-to", "punto-banco"),
        ),
        pytest.param(
            "depth",
            (
                "depth",
                "--rules",
                "dactylus",
                "--wager",
                "player-pair",
                "--from",
                "8",
                "--to",
                "8",
                "--shoes",
                "500",
                "--workers",
                "1",
            ),
            marks=pytest.mark.slow,
        ),
        pytest.param(
            "solve-rtp",
            (
                "solve",
                "--rules",
                "examples/prosperity-tree-style.toml",
                "--rtp",
                "prosperity-player=98.9%",
                "--rtp",
                "prosperity-player-pair=92.5%",
                "--rtp",
                "prosperity-banker-pair=92.5%",
            ),
            marks=pytest.mark.slow,
        ),  # a law fits, a repeated target
        pytest.param(
            "solve-rtp",
            (
                "solve",
                "--rules",
                "examples/prosperity-tree-style.toml",
                "--rtp",
                "prosperity-player=98.9%",
                "--rtp",
                "prosperity-player-pair=95%",
            ),
            marks=pytest.mark.slow,
        ),  # no law fits: the targets that clash
        pytest.param(
            "solve-rtp",
            (
                "solve",
                "--rules",
                "examples/golden-wealth-style.toml",
                "--rtp",
                "golden-player=98.9%",
                "--rtp",
                "golden-tie=93.4%",
                "--free",
                "2",
                "--free",
                "3",
                "--free",
                "5",
            ),
            marks=pytest.mark.slow,
        ),  # two parameters, solved exactly
    ],
)
def test_each_command_prints_what_its_schema_says(
    kind: str, args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).parent.parent)
    code, out, err = run(*args, "--format", "json")
    assert code in (0, 1), err
    _check(kind, json.loads(out))


@pytest.mark.parametrize("bankroll", [(), ("--bankroll", "50")])
def test_the_bankroll_paths_file_is_what_its_schema_says(bankroll: tuple[str, ...], tmp_path: Path) -> None:
    target = tmp_path / "paths.json"
    code, _, err = run(
        "count",
        "--rules",
        "live-pittsburgh",
        "--wager",
        "dragon-bonus-player",
        "--wager",
        "tie",
        "--shoes",
        "10",
        "--workers",
        "1",
        "--bankroll-plot",
        str(target),
        "--paths",
        "5",
        *bankroll,
    )
    assert code == 0, err
    document = json.loads(target.read_text())
    _check("paths", document)
    assert document["wager"] == "total" and ("ruined" in document) == bool(bankroll)


@pytest.mark.slow
def test_diff_with_the_counter_yield_prints_what_its_schema_says() -> None:
    _, out, _ = run("diff", "punto-banco", "dactylus", "--wager", "tie", "--counter-yield", "10", "--format", "json")
    _check("diff", json.loads(out))


@pytest.mark.parametrize(
    "kind, args",
    [
        ("equilibrium", ("--decks", "6")),
        ("equilibrium", ("--with-replacement", "--information", "banker-composition")),  # linked cells
        ("equilibrium", ("--information", "totals", "--commission", "5%")),
        ("equilibrium", ("--decks", "1", "--remove", "5x4")),  # cells where either choice is optimal
        pytest.param(
            "equilibrium-formula", ("--information", "totals", "--formula", "--upto", "3"), marks=pytest.mark.slow
        ),
        pytest.param(
            "equilibrium-shoes", ("--decks", "1", "--information", "totals", "--shoes", "2"), marks=pytest.mark.slow
        ),
    ],
)
def test_equilibrium_prints_what_its_schema_says(kind: str, args: tuple[str, ...]) -> None:
    code, out, _ = run("equilibrium", "--rules", "chemin-de-fer", *args, "--format", "json")
    assert code == 0
    _check(kind, json.loads(out))
