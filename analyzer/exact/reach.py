"""Rows no deal can reach, refused when a rule set is loaded.

A pay-table row is tried only when every row above it failed, so a row can
be dead in two ways: rows above it settle every round it describes (a
catch-all row placed too high, a broader row above a narrower one), or its
conditions never hold together in a round the drawing rules deal (a natural
with three cards, a Banker two-card 3 that draws against a Player's third
8 under 001's chart). Both are mistakes a pay table must not ship with: a
dead row pays nothing, and a catch-all placed too high silently changes
every figure.

Which rounds a deal can reach is a question for the counting: a round uses
at most six cards, so every combination of six card types can be dealt from
six full decks, and the rounds reachable from any shoe are those with a
positive count from six decks. the fast paths give them (final states, or the records of what the wager reads), and
:func:`check` tries every reachable round against every offered wager's
rows. Loading through :func:`load_rules` (what the command line does) checks; the
parser :func:`analyzer.game.rulefile.read_rules` alone does not count.

>>> load_rules("punto-banco").name
'punto-banco'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError, shown
from ..game.rules import Drawing, RuleSet
from ..game.settle import FinalStateView, rows_by_view, state_view
from ..game.shoe import Shoe
from ..game.state import FinalState
from ..game.wager import Outcome, Wager
from .fastcount import count_deals

if TYPE_CHECKING:
    from ..game.conditions import Condition
    from ..game.needs import Needs

SUPPORT_DECKS = 6
"""Six full decks hold six cards of every type: enough for any round (six cards at most)."""
RECORD_DECKS = 8
"""The shoe whose records the check counts: any of at least :data:`SUPPORT_DECKS` decks reaches the same records;
eight, the shoe most analyses use, so that the analysis that follows a check finds the count made
(:func:`analyzer.exact.classcount.record_table` keeps its last few)."""


@lru_cache(maxsize=16)
def _states(drawing: Drawing) -> tuple[FinalState, ...]:
    return tuple(count_deals(Shoe.decks(SUPPORT_DECKS), drawing).counts)


@lru_cache(maxsize=32)
def _views(drawing: Drawing, side: str) -> tuple[int, ...]:
    return tuple(sorted({state_view(side, s) for s in _states(drawing)}))


@lru_cache(maxsize=4)
def _records(drawing: Drawing, needs: Needs) -> Any:
    """The records a deal can reach, as a read-only (records, fields) int64 array (a few kept: they can be large)."""
    from .classcount import record_table

    array = record_table(Shoe.decks(RECORD_DECKS), drawing, needs).fields
    return array


def _masks(drawing: Drawing, wager: Wager) -> list[list[bool]]:
    """Whether each row's condition holds, for each reachable round (each pattern once: only the patterns matter)."""
    if wager.side_view_only:
        assert wager.side is not None
        table = rows_by_view(wager)
        return [list(table[v]) for v in _views(drawing, wager.side)]
    from ..game.needs import needs_of  # read only for wagers beyond the shipped keys

    needs = needs_of(wager)
    if needs.final_state_level:
        from ..game.conditions import condition_holds

        views = [FinalStateView(s) for s in _states(drawing)]
        return [[condition_holds(row.condition, view, wager.side) for row in wager.outcomes] for view in views]
    import numpy as np

    from .settlement import row_masks

    records = _records(drawing, needs)
    if not len(records):
        return []
    masks = np.stack(row_masks(wager, needs, records), axis=1)
    if masks.shape[1] > 62:
        patterns: list[list[bool]] = np.unique(masks, axis=0).tolist()
        return patterns
    bits = np.left_shift(np.int64(1), np.arange(masks.shape[1], dtype=np.int64))
    codes = np.unique(masks.astype(np.int64) @ bits)  # each pattern of rows as one integer
    patterns = ((codes[:, None] & bits[None, :]) != 0).tolist()
    return patterns


def dead_rows(drawing: Drawing, wager: Wager) -> list[tuple[int | None, str]]:
    """Each dead row of ``wager`` (its index) with why it is dead, every one in order; or ``[(None, why)]`` when some
    reachable round is settled by no row."""
    rows = wager.outcomes
    reached = [False] * len(rows)
    holds_alone = [False] * len(rows)
    taken_by: list[set[int]] = [set() for _ in rows]
    for holds in _masks(drawing, wager):
        first = next((i for i, h in enumerate(holds) if h), None)
        if first is None:
            return [
                (
                    None,
                    "some round is settled by no row (e.g. a round the rows above do not describe); end the outcomes "
                    'with a row that has no conditions, such as { name = "loss", pays = "lose" }',
                )
            ]
        reached[first] = True
        for i in range(first, len(rows)):
            if holds[i]:
                holds_alone[i] = True
                if i != first:
                    taken_by[i].add(first)
    reasons: list[tuple[int | None, str]] = []
    for i, row in enumerate(rows):
        if reached[i]:
            continue
        where = f"outcomes[{i}] ({shown(row.name)})"
        if holds_alone[i]:
            above = ", ".join(repr(rows[j].name) for j in sorted(taken_by[i]))
            reasons.append(
                (
                    i,
                    f"{where} is never reached: every round it describes is settled by a row above it ({above})",
                )
            )
        else:
            loosened = _loosened(drawing, wager, row)
            remedy = (
                f"without {loosened[0]} it would hold: change that"
                if len(loosened) == 1
                else "without " + ", or without ".join(loosened) + ", it would hold: change one"
                if loosened
                else "change its conditions so that a dealt round meets them all"
            )
            reasons.append(
                (
                    i,
                    f"{where} is never reached: its conditions never hold together in a round these drawing rules "
                    f"deal (no order of the rows helps); {remedy}",
                )
            )
    return reasons


def _loosened(drawing: Drawing, wager: Wager, row: Outcome) -> list[str]:
    """The tests of ``row`` (as a rule file writes them: ``cards``, ``player.natural``) each of which, dropped alone,
    lets the row hold in some round these drawing rules deal; counted only for a row read from the final hands
    (their rounds are few); empty otherwise, or when no single test is to blame."""
    from ..game.conditions import condition_holds
    from ..game.needs import needs_of

    if not needs_of(replace(wager, outcomes=(row,))).final_state_level:  # the row alone: what it reads
        return []
    states = [FinalStateView(s) for s in _states(drawing)]
    return [
        label
        for label, condition in _loosenings(row.condition)
        if any(condition_holds(condition, view, wager.side) for view in states)
    ]


def _loosenings(condition: Condition) -> list[tuple[str, Condition]]:
    """``condition`` less one of its tests, for each test it makes: (the test as a rule file names it, the rest)."""
    from ..game.conditions import NO_GROUP, GroupTest, HandTest

    found: list[tuple[str, Condition]] = []
    for place in fields(condition):
        value = getattr(condition, place.name)
        if value is None:
            continue
        if not isinstance(value, HandTest):
            found.append((place.name, replace(condition, **{place.name: None})))
            continue
        for test in fields(value):
            given = getattr(value, test.name)
            if given is None or (isinstance(given, GroupTest) and given.empty):
                continue
            label = test.name if place.name == "own" else f"{place.name}.{test.name}"
            less: Any = NO_GROUP if isinstance(given, GroupTest) else None  # one field of many types
            hand: Any = replace(value, **{test.name: less})
            found.append((label, replace(condition, **{place.name: hand})))
    return found


def check(rules: RuleSet) -> RuleSet:
    """``rules`` if every offered wager's every row can be reached and every round is settled; else :class:`InputError`.

    Every dead row of a wager is named at once. A wager that says ``unreachable = "allow"`` (a generated
    table) keeps its dead rows; the returned rule set carries a note naming them (their counts are zero).
    """
    notes: list[str] = []
    for wager in rules.wagers:
        if not wager.offered:
            continue
        try:
            reasons = dead_rows(rules.drawing, wager)
        except InputError as e:
            raise InputError(f"{wager.origin or rules.source_path}: wagers.{wager.name}: {e}") from None
        if not reasons:
            continue
        if wager.unreachable == "allow" and reasons[0][0] is not None:
            names = ", ".join(repr(wager.outcomes[i].name) for i, _ in reasons if i is not None)
            notes.append(
                f"wagers.{wager.name}: {len(reasons)} row{'s' if len(reasons) != 1 else ''} no deal can reach, "
                f'kept (unreachable = "allow"): {names}.'
            )
            continue
        origin = wager.origin or rules.source_path
        if reasons[0][0] is None:
            raise InputError(f"{origin}: wagers.{wager.name}: {reasons[0][1]}.")
        taken = any("settled by a row above it" in reason for _, reason in reasons)
        if len(reasons) == 1:
            ((index, reason),) = reasons
            assert index is not None
            where, count = f"{origin}: wagers.{wager.name}.outcomes[{index}]", ""
            row = shown(wager.outcomes[index].name)
            listed = reason.replace(f"outcomes[{index}] ({row})", f"row {row}", 1)
            move = "move it above them (it then takes those rounds) " if taken else ""
            advice = f"{move}or drop it"
        else:
            where, count = f"{origin}: wagers.{wager.name}", f"{len(reasons)} rows are dead: "
            listed = "; ".join(reason for _, reason in reasons)
            move = "move a row settled by rows above it above them (it then takes those rounds), " if taken else ""
            advice = f"{move}or drop them"
        raise InputError(
            f'{where}: {count}{listed}; {advice} (a generated table may keep them: unreachable = "allow").'
        )
    if notes:
        from dataclasses import replace

        return replace(rules, notes=rules.notes + tuple(notes))
    return rules


def load_rules(name_or_path: str, wagers: Sequence[str] = ()) -> RuleSet:
    """Load a rule set (:func:`analyzer.game.rulefile.read_rules`, with the wagers files added) and :func:`check` it.

    A shipped rule set or catalogue file loaded alone is not counted again:
    the tests check every one of them (``tests/test_reach.py``). The checked
    rule set is kept between runs (:mod:`analyzer.game.rulecache`) and read
    back while every file it came from is unchanged.
    """
    from ..game import rulecache

    rules, keep = rulecache.cached(name_or_path, wagers, code=(Path(__file__),))
    if rules is not None:
        return rules
    with rulecache.recording() as files:
        rules = _loaded(name_or_path, wagers)
    keep(rules, files)
    return rules


def _loaded(name_or_path: str, wagers: Sequence[str]) -> RuleSet:
    from ..game import rulefile  # the parser and its checks: not imported when the rule set is kept

    rules = rulefile.read_rules(name_or_path, wagers)
    if not wagers and rules.shipped:  # read by its shipped or catalogue name
        return rules
    try:
        return check(rules)
    except InputError as e:
        raise rulefile.placed_in_files(e, (name_or_path, *wagers)) from None
