"""Every pair class in one pass (analyzer/exact/classbatch.py) held to one pass per class and to a brute force.

``class_counts`` on numpy arrays lays the requested pair classes out as blocks of columns and counts every group once;
before, it ran the fast path's ``_endings`` once per class. The old loop is copied here as the reference: for
every subset of the classes, on batches of odd and suited small shoes, random depleted shoes and 8 decks, with
int64 arrays and with Python ints (object arrays), the new path must give the same endings in the same order and
the same count for every shoe; on the small shoes the classes must also be those of the brute force's final states.
With ``paired`` (the pair classes of some shoes only) each pair class must be the reference's counts of the shoes
picked, and ``final_state_matrix``'s ``told_apart`` rows the full matrix's, the other rows the counts without pair
flags in the (no, no) columns.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from analyzer.exact import classbatch
from analyzer.exact.batchall import final_state_counts, final_state_matrix, final_state_order, pair_flag_matrix
from analyzer.exact.fastcount import Hands, class_counts, class_counts_by_pass
from analyzer.game.cards import RANKS
from analyzer.game.rulefile import read_rules
from analyzer.game.shoe import Shoe
from analyzer.game.state import FinalState

from .brute_force import brute_force
from .test_enumerator import ODD_SHOES

DRAWINGS = {"standard": read_rules("punto-banco").drawing, "louisiana": read_rules("mini-louisiana").drawing}
SUBSETS = [subset for size in range(1, 5) for subset in combinations(range(4), size)]
SUITED_SHOES = {
    "tens-of-several-ranks": ["KS", "KH", "QD", "JC", "TS", "TS", "5H", "5D", "9C"],
    "seven-low-cards": ["AS", "AH", "2D", "3C", "3S", "4H", "6D"],
    "tens-and-high-cards": ["KS", "KS", "KH", "QC", "QD", "TS", "9H", "8D", "7C", "6S"],
}


one_pass_per_class = class_counts_by_pass  # one ``_endings`` pass per pair class, as before the one-pass path


def _columns(shoes: list[Shoe], dtype: type) -> list[Any]:
    rows = np.array([shoe.counts for shoe in shoes], dtype=object).reshape(len(shoes), len(RANKS))
    return [rows[:, r].astype(dtype) for r in range(len(RANKS))]


def _assert_same(got: list[dict[Hands, Any]], want: list[dict[Hands, Any]]) -> None:
    assert len(got) == len(want)
    for new, old in zip(got, want):
        assert list(new) == list(old)  # the same endings, in the same order
        for hands, counts in old.items():
            assert np.asarray(new[hands]).tolist() == np.asarray(counts).tolist(), hands


def _check_every_subset(shoes: list[Shoe], dtype: type) -> None:
    columns = _columns(shoes, dtype)
    for drawing in DRAWINGS.values():
        reference = dict(zip(range(4), one_pass_per_class(columns, drawing, (0, 1, 2, 3))))
        for subset in SUBSETS:
            _assert_same(class_counts(columns, drawing, subset), [reference[cls] for cls in subset])
        _assert_same(class_counts(columns, drawing, (3, 0, 2)), [reference[3], reference[0], reference[2]])


def _small_shoes() -> list[Shoe]:
    return [Shoe.from_counts(Counter(cards)) for cards in ODD_SHOES.values()] + [
        Shoe.from_cards(cards) for cards in SUITED_SHOES.values()
    ]


def _depleted(seed: int, count: int) -> list[Shoe]:
    """Shoes of 1 to 8 decks with up to 300 cards seen, drawn at random."""
    rng = np.random.default_rng(seed)
    shoes = []
    for _ in range(count):
        decks = int(rng.integers(1, 9))
        left = np.full(len(RANKS), 4 * decks)
        for rank in rng.integers(0, len(RANKS), size=int(rng.integers(0, min(300, 52 * decks - 6)))):
            if left[rank]:
                left[rank] -= 1
        shoes.append(Shoe(counts=tuple(int(c) for c in left)))
    return shoes


@pytest.mark.parametrize("dtype", [np.int64, object], ids=["int64", "python-ints"])
def test_odd_and_suited_shoes_every_subset_of_classes(dtype: type) -> None:
    _check_every_subset(_small_shoes(), dtype)


@pytest.mark.parametrize(
    "dtype", [np.int64, pytest.param(object, marks=pytest.mark.slow)], ids=["int64", "python-ints"]
)
def test_random_depleted_shoes_and_eight_decks_every_subset_of_classes(dtype: type) -> None:
    _check_every_subset(_depleted(31, 24) + [Shoe.decks(8)], dtype)


@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_the_classes_are_the_brute_forces_pair_flags(drawing: str) -> None:
    """Class 0 every dealing, 1 those with a Player pair, 2 a Banker pair, 3 both: read off the brute force."""
    shoes = list(ODD_SHOES.values()) + [[card[0] for card in cards] for cards in SUITED_SHOES.values()]
    columns = _columns([Shoe.from_counts(Counter(cards)) for cards in shoes], np.int64)
    got = class_counts(columns, DRAWINGS[drawing])
    for i, cards in enumerate(shoes):
        want: list[Counter[Hands]] = [Counter(), Counter(), Counter(), Counter()]
        for state, n in brute_force(cards, drawing).items():
            hands = (state.player_total, state.banker_total, state.player_cards, state.banker_cards)
            for cls, member in enumerate(
                (True, state.player_pair, state.banker_pair, state.player_pair and state.banker_pair)
            ):
                want[cls][hands] += n * member
        for cls in range(4):
            assert {hands: int(counts[i]) for hands, counts in got[cls].items() if counts[i]} == +want[cls]


def test_a_batch_is_counted_in_blocks_as_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes split over several blocks (the last one short) count as in one."""
    shoes = _depleted(7, 11)
    columns = _columns(shoes, np.int64)
    drawing = DRAWINGS["standard"]
    whole = class_counts(columns, drawing)
    monkeypatch.setattr(classbatch, "COLUMNS_PER_BLOCK", 4)
    _assert_same(class_counts(columns, drawing), whole)


def test_python_int_counts_equal_the_array_path_s_one_shoe() -> None:
    """class_counts on plain ints (one shoe: the pass per class) equals the array path's one shoe."""
    shoe = Shoe.decks(8).remove(["K", "K", "Q", "5", "5", "A"])
    drawing = DRAWINGS["standard"]
    plain = class_counts(list(shoe.counts), drawing)
    _assert_same([{k: [v] for k, v in d.items()} for d in plain], class_counts(_columns([shoe], np.int64), drawing))


def test_an_empty_batch_has_every_ending_and_no_shoe() -> None:
    columns = _columns([], np.int64)
    drawing = DRAWINGS["standard"]
    got = class_counts(columns, drawing)
    want = one_pass_per_class(_columns([Shoe.decks(1)], np.int64), drawing, (0, 1, 2, 3))
    assert [list(d) for d in got] == [list(d) for d in want]
    assert all(len(counts) == 0 for d in got for counts in d.values())


def _old_final_state_counts(by_rank: Any, drawing: Any, pairs: bool) -> dict[FinalState, list[int]]:
    """main's final_state_counts at 8302fca, on the reference loop: class counts, pair flags by inclusion-exclusion."""
    columns = [by_rank[:, r].astype(object) for r in range(len(RANKS))]
    if not pairs:
        (every,) = one_pass_per_class(columns, drawing, (0,))
        return {FinalState(*hands, False, False): list(n) for hands, n in every.items()}
    every, player, banker, both = one_pass_per_class(columns, drawing, (0, 1, 2, 3))
    out: dict[FinalState, list[int]] = {}
    for hands, n in every.items():
        p, b, pb = player.get(hands, 0), banker.get(hands, 0), both.get(hands, 0)
        for flags, count in (
            ((False, False), n - p - b + pb),
            ((True, False), p - pb),
            ((False, True), b - pb),
            ((True, True), pb),
        ):
            out[FinalState(*hands, *flags)] = list(np.broadcast_to(np.asarray(count, dtype=object), (len(by_rank),)))
    return out


@pytest.mark.parametrize("pairs", [True, False], ids=["pair-flags", "no-pair-flags"])
@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_the_final_state_matrix_is_the_old_final_state_counts(rule_set: str, pairs: bool) -> None:
    """final_state_matrix (a row per shoe, int64 while it fits) and final_state_counts, in final_state_order's order,
    against the old final_state_counts: the same states in the same order, the same counts."""
    rules = read_rules(rule_set)
    shoes = _small_shoes() + _depleted(5, 6) + [Shoe.decks(8)]
    by_rank = np.array([shoe.counts for shoe in shoes], dtype=object)
    want = _old_final_state_counts(by_rank, rules.drawing, pairs)
    states, matrix = final_state_matrix(rules, by_rank.astype(np.int64), pairs)
    assert matrix.dtype == np.int64 and matrix.shape == (len(shoes), len(want))
    assert list(states) == list(want) == list(final_state_order(rules.drawing, pairs))
    assert [matrix[:, k].tolist() for k in range(len(states))] == list(want.values())
    found = final_state_counts(rules, by_rank, pairs)
    assert list(found) == list(want) and [list(n) for n in found.values()] == list(want.values())


def test_the_final_state_matrix_takes_python_ints_past_the_int64_bound() -> None:
    """15 decks (780 cards) is past the 64 N^6 < 2^63 bound: the matrix holds Python ints, the same counts."""
    rules = read_rules("punto-banco")
    by_rank = np.array([Shoe.decks(15).counts, Shoe.decks(1).counts], dtype=object)
    states, matrix = final_state_matrix(rules, by_rank, True)
    assert matrix.dtype == object
    want = _old_final_state_counts(by_rank, rules.drawing, True)
    assert list(states) == list(want)
    assert [matrix[:, k].tolist() for k in range(len(states))] == list(want.values())


def _paired_subsets(shoes: int, seed: int) -> list[np.ndarray]:
    """Ascending shoe indices: none, every shoe, the last, and a random pick of about a third."""
    rng = np.random.default_rng(seed)
    pick = np.sort(rng.choice(shoes, max(1, shoes // 3), replace=False))
    return [np.arange(0), np.arange(shoes), np.arange(shoes)[-1:], pick]


def _check_paired_subsets(shoes: list[Shoe], dtype: type, seed: int) -> None:
    """The pair classes counted for some shoes only: class 0 as for every shoe, each pair class the every-shoe
    counts of the shoes picked (by the reference pass per class), in their order, for every subset of the classes."""
    columns = _columns(shoes, dtype)
    for drawing in DRAWINGS.values():
        whole = dict(zip(range(4), one_pass_per_class(columns, drawing, (0, 1, 2, 3))))
        for paired in _paired_subsets(len(shoes), seed):
            for subset in [*SUBSETS, (3, 0, 2)]:
                want = [
                    whole[cls] if cls == 0 else {hands: counts[paired] for hands, counts in whole[cls].items()}
                    for cls in subset
                ]
                got = class_counts(columns, drawing, subset, paired=paired)
                _assert_same(got, want)
                assert all(
                    len(counts) == (len(shoes) if cls == 0 else len(paired))
                    for cls, d in zip(subset, got)
                    for counts in d.values()
                )
                assert all(np.asarray(counts).dtype == dtype for d in got for counts in d.values())


@pytest.mark.parametrize(
    "dtype", [np.int64, pytest.param(object, marks=pytest.mark.slow)], ids=["int64", "python-ints"]
)
def test_pair_classes_of_some_shoes_are_the_every_shoe_counts_of_those_shoes_on_odd_and_suited_shoes(
    dtype: type,
) -> None:
    _check_paired_subsets(_small_shoes(), dtype, seed=1)


@pytest.mark.parametrize(
    "dtype", [np.int64, pytest.param(object, marks=pytest.mark.slow)], ids=["int64", "python-ints"]
)
def test_pair_classes_of_some_shoes_are_the_every_shoe_counts_of_those_shoes_on_depleted_shoes_and_eight_decks(
    dtype: type,
) -> None:
    _check_paired_subsets(_depleted(41, 20) + [Shoe.decks(8)], dtype, seed=2)


@pytest.mark.slow
def test_pair_classes_of_some_shoes_past_the_int64_bound() -> None:
    """15 decks (780 cards: 64 N^6 > 2^63) on Python ints: the subset's counts are the every-shoe ones."""
    _check_paired_subsets([Shoe.decks(15), Shoe.decks(15).remove(["K", "K", "5"]), Shoe.decks(1)], object, seed=3)


def test_pair_classes_of_some_shoes_counted_in_blocks_as_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes split over several blocks, some with no shoe picked, count as in one."""
    columns = _columns(_depleted(9, 13), np.int64)
    drawing = DRAWINGS["standard"]
    for paired in (np.array([0, 1, 2, 11]), np.array([5]), np.arange(13), np.arange(0)):
        whole = class_counts(columns, drawing, paired=paired)
        monkeypatch.setattr(classbatch, "COLUMNS_PER_BLOCK", 5)
        _assert_same(class_counts(columns, drawing, paired=paired), whole)
        _assert_same(class_counts(columns, drawing, (2, 1), paired=paired), [whole[2], whole[1]])
        monkeypatch.undo()


@pytest.mark.parametrize(
    "paired",
    [np.array([2, 1]), np.array([1, 1]), np.array([0, 3]), np.array([-1]), np.array([0.0]), np.array([[0]])],
    ids=["descending", "twice", "past-the-end", "negative", "floats", "two-dimensional"],
)
def test_paired_must_be_ascending_shoe_indices(paired: np.ndarray) -> None:
    with pytest.raises(ValueError, match="paired must"):
        class_counts(_columns(_depleted(3, 3), np.int64), DRAWINGS["standard"], paired=paired)


def test_paired_is_refused_on_one_shoe_of_ints() -> None:
    with pytest.raises(ValueError, match="only with numpy arrays"):
        class_counts(list(Shoe.decks(1).counts), DRAWINGS["standard"], paired=np.array([0]))


def _check_told_apart(rules_name: str, by_rank: np.ndarray, told_apart: np.ndarray) -> None:
    """Rows told apart: the full pair-flag matrix's; the others: pairs=False's counts in the (no, no) columns."""
    rules = read_rules(rules_name)
    states, full = final_state_matrix(rules, by_rank, True)
    _, flagless = final_state_matrix(rules, by_rank, False)
    got_states, got = final_state_matrix(rules, by_rank, True, told_apart=told_apart)
    assert got_states == states and got.dtype == full.dtype and got.shape == full.shape
    assert got[told_apart].tolist() == full[told_apart].tolist()
    others = got[~told_apart]
    assert others[:, 0::4].tolist() == flagless[~told_apart].tolist()
    assert not others[:, 1::4].any() and not others[:, 2::4].any() and not others[:, 3::4].any()
    assert [s.player_pair or s.banker_pair for s in states[0::4]] == [False] * (len(states) // 4)


@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_rows_not_told_apart_hold_every_dealing_under_no_pair(rule_set: str) -> None:
    shoes = _small_shoes() + _depleted(13, 10) + [Shoe.decks(8)]
    by_rank = np.array([shoe.counts for shoe in shoes], dtype=np.int64)
    rng = np.random.default_rng(4)
    for told_apart in (
        np.zeros(len(shoes), dtype=bool),
        np.ones(len(shoes), dtype=bool),
        rng.random(len(shoes)) < 0.25,
        np.arange(len(shoes)) == len(shoes) - 1,
    ):
        _check_told_apart(rule_set, by_rank, told_apart)


def test_rows_not_told_apart_past_the_int64_bound() -> None:
    by_rank = np.array([Shoe.decks(15).counts, Shoe.decks(1).counts, Shoe.decks(15).remove(["Q", "Q"]).counts])
    by_rank = by_rank.astype(object)
    _check_told_apart("punto-banco", by_rank, np.array([False, True, True]))
    _check_told_apart("punto-banco", by_rank, np.array([True, False, False]))


def test_with_no_row_told_apart_only_class_0_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pair work at all when no row's pair flags are told apart: class_counts is asked for class 0 alone."""
    from analyzer.exact import batchall

    asked: list[tuple[tuple[int, ...], Any]] = []
    real = batchall.class_counts

    def recorder(columns: Any, drawing: Any, classes: Any = (0, 1, 2, 3), paired: Any = None) -> Any:
        asked.append((tuple(classes), paired))
        return real(columns, drawing, classes, paired)

    monkeypatch.setattr(batchall, "class_counts", recorder)
    by_rank = np.array([shoe.counts for shoe in _depleted(3, 4)], dtype=np.int64)
    final_state_matrix(read_rules("punto-banco"), by_rank, True, told_apart=np.zeros(4, dtype=bool))
    assert asked == [((0,), None)]
    asked.clear()
    final_state_matrix(read_rules("punto-banco"), by_rank, True, told_apart=np.array([False, True, False, True]))
    assert [classes for classes, _ in asked] == [(0, 1, 2, 3)] and asked[0][1].tolist() == [1, 3]


@pytest.mark.parametrize(
    ("pairs", "told_apart", "message"),
    [
        (False, np.ones(2, dtype=bool), "only with pairs=True"),
        (True, np.ones(3, dtype=bool), "one entry per row"),
        (True, np.array([0, 1]), "boolean"),
    ],
    ids=["without-pairs", "wrong-length", "not-boolean"],
)
def test_told_apart_must_be_a_boolean_per_row_with_pairs(pairs: bool, told_apart: np.ndarray, message: str) -> None:
    by_rank = np.array([Shoe.decks(1).counts] * 2, dtype=np.int64)
    with pytest.raises(ValueError, match=message):
        final_state_matrix(read_rules("punto-banco"), by_rank, pairs, told_apart=told_apart)


def _flag_sums(matrix: np.ndarray) -> np.ndarray:
    """A final state matrix's dealings by pair flags alone: its four flag columns summed over the endings."""
    return np.stack([matrix[:, flag::4].sum(axis=1) for flag in range(4)], axis=1)


def test_the_pair_flag_counts_are_the_brute_forces() -> None:
    """Dealings by pair flags alone, (no, no), (yes, no), (no, yes), (yes, yes): read off the brute force of every
    ordered dealing of the odd and suited shoes (tens of four ranks among them: two tens pair only in one rank)."""
    shoes = list(ODD_SHOES.values()) + [[card[0] for card in cards] for cards in SUITED_SHOES.values()]
    got = pair_flag_matrix(np.array([Shoe.from_counts(Counter(cards)).counts for cards in shoes], dtype=np.int64))
    for row, cards in zip(got.tolist(), shoes):
        want = [0, 0, 0, 0]
        for state, n in brute_force(cards, "standard").items():
            want[state.player_pair + 2 * state.banker_pair] += n
        assert row == want


@pytest.mark.parametrize("rule_set", ["punto-banco", "mini-louisiana"])
def test_the_pair_flag_counts_are_the_final_state_matrix_summed_over_its_endings(rule_set: str) -> None:
    shoes = _depleted(7, 30) + [Shoe.decks(8)] + _small_shoes()
    by_rank = np.array([shoe.counts for shoe in shoes], dtype=np.int64)
    flags = pair_flag_matrix(by_rank)
    assert flags.dtype == np.int64
    assert np.array_equal(flags, _flag_sums(final_state_matrix(read_rules(rule_set), by_rank, True)[1]))


def test_the_pair_flag_counts_take_python_ints_past_the_int64_bound() -> None:
    by_rank = np.array([Shoe.decks(15).counts, Shoe.decks(8).counts], dtype=np.int64)
    flags = pair_flag_matrix(by_rank)
    assert flags.dtype == object
    assert (flags == _flag_sums(final_state_matrix(read_rules("punto-banco"), by_rank, True)[1])).all()
    assert sum(flags[0]) == 780 * 779 * 778 * 777 * 776 * 775
