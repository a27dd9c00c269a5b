"""The depth study shared over a cluster (issue 31, item 6): every depth cut into parts of its compositions
(analyzer/studies/depth_parts.py), each composition in exactly one part, the figures those of the one-machine path
whatever the parts and the order they come back in; on a Dask cluster, depths beyond the one-machine limit taken."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from analyzer.api import depth_study
from analyzer.errors import InputError
from analyzer.exact.reach import load_rules
from analyzer.game.shoe import Shoe
from analyzer.play.executor import open_executor
from analyzer.studies import depth as depth_module
from analyzer.studies import depth_parts
from analyzer.studies.depth import compositions, count_compositions, depth_figures
from analyzer.studies.depth_kernel import SPLIT
from analyzer.studies.depth_parts import Part, count_part, depth_of, parts, shared_study

from .clirun import run

RULES = load_rules("live-pittsburgh")
SMALL = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "9", "8", "K", "2", "T", "5", "5", "J"]
"""21 cards, every rank, some twice: an odd shoe whose compositions are few."""


def _rows(part: Part) -> list[tuple[int, ...]]:
    """Every composition a part holds, by pairing its nodes with its pieces' leaves."""
    h = SPLIT[len(part.caps)]
    found = []
    for piece in part.pieces:
        leaves = np.concatenate(list(depth_parts._leaves(part.caps[h:], piece, 1 << 20)))
        for node in piece.nodes.tolist():
            found.extend(tuple(node) + tuple(leaf) for leaf in leaves.tolist())
    return found


def _by_parts(rules_name: str, wager: str, shoe: Shoe, k: int, work: int) -> tuple[int, object]:
    """The depth's figures from its parts, the parts counted in reverse order (as workers may finish them)."""
    rules = load_rules(rules_name)
    cut = list(parts(rules, wager, shoe, k, work))
    sums = [count_part(p) for p in reversed(cut)]
    return len(cut), depth_of(k, shoe, cut[0].caps, sums)


@pytest.mark.parametrize(
    "rules, wager, shoe, k, work",
    [
        pytest.param(  # split sums over the values
            "live-pittsburgh", "dragon-bonus-player", Shoe.decks(1), 12, 200_000, marks=pytest.mark.slow
        ),
        ("live-pittsburgh", "tie", Shoe.from_cards(SMALL), 9, 2_000),
        pytest.param("live-pittsburgh", "player-pair", Shoe.from_cards(SMALL), 9, 6_000, marks=pytest.mark.slow),
        pytest.param(  # both hands read: one by one
            "egalite", "egalite-9", Shoe.from_cards(SMALL), 7, 500, marks=pytest.mark.slow
        ),
    ],
)
def test_the_parts_of_a_depth_give_the_one_machine_figures_in_any_order(
    rules: str, wager: str, shoe: Shoe, k: int, work: int
) -> None:
    count, found = _by_parts(rules, wager, shoe, k, work)
    local = depth_figures(load_rules(rules), wager, shoe, k)
    assert count > 3  # the depth really is cut into several parts
    assert isinstance(found, depth_module.Depth)
    assert (found.compositions, found.edge_probability, found.average_edge, found.gain_per_round) == (
        local.compositions,
        local.edge_probability,
        local.average_edge,
        local.gain_per_round,
    )
    assert local.gain_per_round > 0  # the comparison has something to compare


@pytest.mark.slow
def test_every_composition_is_in_exactly_one_part_when_remainders_are_cut_by_their_lead_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the leaf blocks made tiny, every remainder is cut by the count of its first leaf class (the path a deep
    depth of 8 decks takes): the parts still hold every composition once, and give the figures."""
    monkeypatch.setattr(depth_parts, "LEAF_BLOCK", 4)
    shoe, k = Shoe.from_cards(SMALL), 11
    cut = list(parts(RULES, "tie", shoe, k, 2_000))
    assert any(piece.lead is not None for part in cut for piece in part.pieces)
    held = Counter(row for part in cut for row in _rows(part))
    every = {tuple(row) for rows in compositions(shoe.by_value(), k) for row in rows.tolist()}
    assert set(held) == every and set(held.values()) == {1}
    assert sum(p.compositions for p in cut) == count_compositions(shoe.by_value(), k) == len(every)
    found = depth_of(k, shoe, cut[0].caps, [count_part(p) for p in cut])
    assert found.gain_per_round == depth_figures(RULES, "tie", shoe, k).gain_per_round


def test_a_part_lost_or_counted_twice_is_caught() -> None:
    shoe, k = Shoe.from_cards(SMALL), 10
    sums = [count_part(p) for p in parts(RULES, "tie", shoe, k, 2_000)]
    with pytest.raises(RuntimeError, match="hold"):
        depth_of(k, shoe, shoe.by_value(), sums[1:])
    with pytest.raises(RuntimeError, match="hold"):
        depth_of(k, shoe, shoe.by_value(), [*sums, sums[0]])


@pytest.mark.slow
def test_the_shared_study_on_local_workers_gives_the_study_s_figures() -> None:
    with open_executor(1) as executor:
        shared = shared_study(RULES, "dragon-bonus-player", 1, range(10, 13), executor, shoes=500, work=500_000)
    local = depth_study(RULES, "dragon-bonus-player", decks=1, unseen=range(10, 13), shoes=500)
    assert [(d.edge_probability, d.gain_per_round) for d in shared.depths] == [
        (d.edge_probability, d.gain_per_round) for d in local.depths
    ]
    assert shared.rounds_at == local.rounds_at


@pytest.mark.slow
@pytest.mark.parametrize("k, remainder, lead", [(200, 156, 32), (290, 150, 30)])
def test_a_part_of_a_deep_depth_gives_the_sums_counted_one_by_one(k: int, remainder: int, lead: int) -> None:
    """Far beyond 26 unseen cards of 8 decks (weights of some 150 to 270 bits, P up to its float64 bound near
    k = 296), a part's split sums equal the per-composition engine's sums in Python integers on the same
    compositions: 12 nodes of varied make-up, each with every leaf holding ``lead`` cards of value 5."""
    shoe = Shoe.decks(8)
    caps = shoe.by_value()
    rng = np.random.default_rng(1)
    nodes: list[np.ndarray] = []
    while len(nodes) < 12:
        node = rng.multinomial(k - remainder, rng.dirichlet([1.0] * 5))
        if (node <= np.array(caps[:5])).all():
            nodes.append(node)
    piece = depth_parts.Piece(remainder, lead, np.array(nodes, dtype=np.int16))
    form = depth_module.split_form(RULES, "dragon-bonus-player", shoe, k)
    assert form is not None  # within the kernel's bounds
    split, each = (
        count_part(Part(RULES, "dragon-bonus-player", k, caps, True, how, (piece,), 0)) for how in (form, None)
    )
    assert (split.positive, split.gain, split.scale) == (each.positive, each.gain, each.scale)
    assert split.positive > 0 and split.positive.bit_length() > 140  # an edge somewhere, weights past any float


@pytest.fixture(scope="module")
def cluster() -> object:
    """A Dask scheduler with one in-process worker, over TCP as a real cluster is reached."""
    from dask.distributed import LocalCluster  # a test dependency: this test must run, not skip

    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=":0"
    ) as running:
        yield running.scheduler_address


@pytest.mark.slow
def test_on_a_dask_cluster_the_depths_equal_the_local_workers(cluster: str) -> None:
    """8 decks, 10 to 12 unseen cards of the Dragon Bonus (the docs' figures), through the command line."""
    args = ("depth", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--from", "10", "--to", "12")
    code, local, _ = run(*args, "--shoes", "2000", "--format", "json", "--workers", "1")
    code_dask, shared, err = run(*args, "--shoes", "2000", "--format", "json", "--scheduler", cluster)
    assert code == code_dask == 0, err
    one, other = json.loads(local), json.loads(shared)
    assert one.pop("provenance")["command"] != other.pop("provenance")["command"]
    for found in (one, other):
        for row in found["depths"]:
            row.pop("seconds")
    assert one == other and len(one["depths"]) == 3


@pytest.mark.slow
def test_a_depth_above_the_one_machine_limit_is_refused_locally_and_counted_on_dask(
    cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit lowered to 200,000 compositions: one deck's 27 to 29 unseen cards (beyond 26) are refused on one
    machine with a pointer to --scheduler, and counted on the cluster, equal to the kernel's figures."""
    monkeypatch.setattr(depth_module, "MAX_SPLIT_COMPOSITIONS", 200_000)
    with pytest.raises(InputError, match=r"above the limit of 200,000 on one machine.*\(--scheduler ADDRESS\)"):
        depth_study(RULES, "dragon-bonus-player", decks=1, unseen=range(27, 30), shoes=500)
    shared = depth_study(RULES, "dragon-bonus-player", decks=1, unseen=range(27, 30), shoes=500, scheduler=cluster)
    assert [d.unseen for d in shared.depths] == [27, 28, 29]
    assert min(d.compositions for d in shared.depths) > 200_000
    for found in shared.depths:
        exact = depth_figures(RULES, "dragon-bonus-player", Shoe.decks(1), found.unseen)
        assert (found.edge_probability, found.average_edge, found.gain_per_round) == (
            exact.edge_probability,
            exact.average_edge,
            exact.gain_per_round,
        )


def test_the_one_machine_refusal_names_the_dask_option() -> None:
    code, out, err = run(
        "depth", "--rules", "live-pittsburgh", "--wager", "dragon-bonus-player", "--from", "36", "--to", "36"
    )
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "886,161,155 compositions" in err and "share the depths over a Dask cluster (--scheduler ADDRESS)" in err


def test_workers_beside_a_scheduler_is_one_line() -> None:
    code, _, err = run(
        "depth", "--rules", "live-pittsburgh", "--wager", "tie", "--workers", "2", "--scheduler", "tcp://x:8786"
    )
    assert code == 2 and err.count("\n") == 1 and "give one of the two" in err
