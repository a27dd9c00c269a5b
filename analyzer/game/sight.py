"""What is visible before a bet, as data: for each of the six dealt positions, what a player sees of its card.

A round's cards are dealt from the shoe in positions 1 to 6: the first four in the rule set's dealing order
(``[dealing] order``: 003's P B P B gives cards 1 and 3 to the Player, 2 and 4 to the Banker), then the fifth
and the sixth, the third cards (the fifth is the Player's third card when the Player draws, else the Banker's;
the sixth the Banker's when both draw). Positions 5 and 6 are the fifth and sixth cards out of the shoe
whether or not the round uses them, as the package counts every dealing (ordered six-card dealings).

Before betting, a player may see, of the card at each position (:data:`KINDS`):

* ``nothing``;
* ``group``: which group of a partition of the ranks it falls in (an edge sort: the backs of the cards of
  one group are turned one way, the rest the other). The partition is data: groups of ranks, and the
  ranks named in no group form one more group. A partition of the *values* is one that keeps T, J, Q and
  K together (``0`` names the four of them);
* ``value``: its baccarat value (T, J, Q and K are all 0);
* ``rank``: its rank.

A :class:`Sight` is read from a spec such as ``1=value``, ``5=rank``, ``1-4=group:6789`` or
``1,3=value; 2=group:789``: clauses ``POSITIONS=WHAT`` separated by ``;``; positions a number from 1 to 6,
a range ``1-4`` or a list ``1,3``; a group lists its ranks (``A`` or ``1``, ``2``-``9``, ``T``, ``J``, ``Q``,
``K``; ``0`` for the four ten-valued ranks), and ``/`` separates several groups (``group:6789/0``: three
groups, 6-9, the ten-valued ranks and the rest).

>>> sight = parse_sight("1-4=group:6789")
>>> sight.text
'1-4=group:6789'
>>> sight.observed
(0, 1, 2, 3)
>>> sight.seen[0].names
('6789', 'A2345TJQK')
>>> [sight.seen[0].label(RANK_INDEX[r]) for r in ("7", "K")]
[0, 1]
>>> parse_sight("1=value; 5=rank").text
'1=value; 5=rank'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..errors import InputError, shown
from .cards import RANK_INDEX, RANKS, VALUES

POSITIONS = 6
"""Positions a round can deal: the first four cards, then the fifth and the sixth."""
KINDS: tuple[str, ...] = ("nothing", "group", "value", "rank")
"""What may be seen of one card, from least to most."""
Kind = Literal["nothing", "group", "value", "rank"]
TEN_VALUED = tuple(r for r, v in zip(RANKS, VALUES) if v == 0)
"""The ranks of value 0: T, J, Q, K."""
MAX_SPEC = 400
"""The longest spec read (a spec names at most six positions; anything longer is not one)."""

SPEC_FORM = (
    "write POSITIONS=WHAT clauses separated by ';', e.g. '1=value', '5=rank', '1-4=group:6789' or "
    "'1,3=value; 2=group:789' (positions 1 to 6; WHAT is nothing, value, rank or group:RANKS, groups "
    "separated by '/')"
)
_CLAUSE = re.compile(r"(?P<positions>[0-9,\-\s]+)=(?P<what>[^=]+)")
_GROUP_RANKS = "A (or 1) 2 3 4 5 6 7 8 9 T J Q K, or 0 for T J Q K together"


@dataclass(frozen=True, slots=True)
class Seen:
    """What is seen of the card at one position.

    ``groups`` (for ``group`` only) is the whole partition of the thirteen ranks: each group its ranks in
    :data:`~analyzer.game.cards.RANKS` order, every rank in exactly one group, at least two groups; the
    groups are in the order they were written, the ranks named in none last.
    """

    kind: Kind
    groups: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InputError(f"What is seen of a card is {shown(self.kind)}; use one of {', '.join(KINDS)}.")
        if self.kind != "group":
            if self.groups:
                raise InputError(f"Only a group sight has groups, not {self.kind}.")
            return
        named = [rank for group in self.groups for rank in group]
        if sorted(named, key=RANK_INDEX.__getitem__) != list(RANKS):
            raise InputError("The groups of a sort must hold every rank exactly once.")
        if len(self.groups) < 2 or any(not group for group in self.groups):
            raise InputError("A sort needs at least two groups, none of them empty; one group shows nothing.")
        for group in self.groups:
            if list(group) != sorted(group, key=RANK_INDEX.__getitem__):
                raise InputError("The ranks of each group are listed in rank order (A 2 ... 9 T J Q K).")

    @property
    def names(self) -> tuple[str, ...]:
        """The name of each label: a group's ranks run together ('6789'), a value's digit, a rank."""
        if self.kind == "group":
            return tuple("".join(group) for group in self.groups)
        if self.kind == "value":
            return tuple(str(v) for v in range(10))
        if self.kind == "rank":
            return RANKS
        return ()

    def label(self, rank: int) -> int:
        """The label a card of rank index ``rank`` shows: its group's, value's or rank's index (0 for nothing)."""
        if self.kind == "group":
            return next(i for i, group in enumerate(self.groups) if RANKS[rank] in group)
        if self.kind == "value":
            return VALUES[rank]
        if self.kind == "rank":
            return rank
        return 0

    @property
    def by_value(self) -> bool:
        """True when what is seen depends on the card's value alone (a group keeps the ten-valued ranks together)."""
        if self.kind == "rank":
            return False
        return self.kind != "group" or any(set(TEN_VALUED) <= set(group) for group in self.groups)

    @property
    def text(self) -> str:
        """As a spec writes it: ``value``, ``group:6789`` (the last group, the rest, left out)."""
        if self.kind != "group":
            return self.kind
        return "group:" + "/".join(_group_text(group) for group in self.groups[:-1])


def _group_text(group: tuple[str, ...]) -> str:
    return "".join(group)


@dataclass(frozen=True, slots=True)
class Sight:
    """What is seen of each of the six positions (index 0 is position 1), before the bet is made."""

    seen: tuple[Seen, ...]

    def __post_init__(self) -> None:
        if len(self.seen) != POSITIONS:
            raise InputError(f"A sight says what is seen of each of the {POSITIONS} positions.")

    @classmethod
    def of(cls, seen: dict[int, Seen]) -> Sight:
        """The sight that sees ``seen[p]`` at position ``p`` (1 to 6) and nothing elsewhere."""
        for position in seen:
            if not 1 <= position <= POSITIONS:
                raise InputError(f"Position {shown(position)} is not one of 1 to {POSITIONS}.")
        return cls(tuple(seen.get(p, Seen("nothing")) for p in range(1, POSITIONS + 1)))

    @property
    def observed(self) -> tuple[int, ...]:
        """The positions (0-based) of which something is seen."""
        return tuple(i for i, s in enumerate(self.seen) if s.kind != "nothing")

    @property
    def patterns(self) -> int:
        """How many patterns can be seen: the product of the observed positions' labels."""
        count = 1
        for i in self.observed:
            count *= len(self.seen[i].names)
        return count

    @property
    def text(self) -> str:
        """The spec, canonical: runs of positions seeing the same thing as ranges ('1-4=group:6789')."""
        clauses: list[str] = []
        i = 0
        while i < POSITIONS:
            seen = self.seen[i]
            j = i
            while j + 1 < POSITIONS and self.seen[j + 1] == seen:
                j += 1
            if seen.kind != "nothing":
                where = str(i + 1) if i == j else f"{i + 1}-{j + 1}"
                clauses.append(f"{where}={seen.text}")
            i = j + 1
        return "; ".join(clauses) if clauses else "nothing"


def parse_group_sort(text: str) -> Seen:
    """The group sight of ``GROUPS`` (``6789``, ``6789/0``): groups of ranks separated by ``/``, the rest one more."""
    groups: list[tuple[str, ...]] = []
    taken: set[str] = set()
    for part in text.split("/"):
        ranks: list[str] = []
        for char in part.replace(" ", "").upper():
            if char == "0":
                chosen: tuple[str, ...] = TEN_VALUED
            elif char == "1" or char in RANK_INDEX:
                chosen = ("A",) if char == "1" else (char,)
            else:
                raise InputError(f"{shown(char)} in group {shown(part)} is not a rank; use {_GROUP_RANKS}.")
            for rank in chosen:
                if rank in taken:
                    raise InputError(f"Rank {rank} is named twice in the sort {shown(text)}; name each rank once.")
                taken.add(rank)
                ranks.append(rank)
        if not ranks:
            raise InputError(f"The sort {shown(text)} has an empty group; list the ranks of each group.")
        groups.append(tuple(sorted(ranks, key=RANK_INDEX.__getitem__)))
    rest = tuple(r for r in RANKS if r not in taken)
    if rest:
        groups.append(rest)
    if len(groups) < 2:
        raise InputError(f"The sort {shown(text)} puts every rank in one group, which shows nothing; name a group.")
    return Seen("group", tuple(groups))


def _positions(text: str, clause: str) -> list[int]:
    found: list[int] = []
    for part in text.split(","):
        part = part.strip()
        match = re.fullmatch(r"(\d)(?:\s*-\s*(\d))?", part)
        if not match:
            raise InputError(f"Positions {shown(text)} in {shown(clause)} are not positions; {SPEC_FORM}.")
        first, last = int(match[1]), int(match[2] or match[1])
        if not 1 <= first <= last <= POSITIONS:
            raise InputError(f"Positions {shown(part)} in {shown(clause)} must run from 1 to {POSITIONS}, upwards.")
        found += range(first, last + 1)
    return found


def parse_seen(text: str) -> Seen:
    """What is seen, as a clause writes it after ``=``: ``nothing``, ``value``, ``rank`` or ``group:RANKS``."""
    word = text.strip()
    kind, _, rest = word.partition(":")
    kind = kind.strip().lower()
    if kind == "group":
        if not rest.strip():
            raise InputError(f"{shown(word)} names no group; write group:RANKS, e.g. group:6789.")
        return parse_group_sort(rest)
    if rest or kind not in KINDS:
        raise InputError(f"{shown(word)} is not something seen; use nothing, value, rank or group:RANKS.")
    return Seen(kind)  # type: ignore[arg-type]  # checked against KINDS just above


def parse_sight(text: str) -> Sight:
    """The sight a spec states (see the module notes); :class:`InputError` names what is wrong and what is allowed."""
    if not isinstance(text, str) or len(text) > MAX_SPEC:
        raise InputError(f"A sight spec is a short text; {SPEC_FORM}.")
    seen: dict[int, Seen] = {}
    clauses = [c.strip() for c in text.split(";") if c.strip()]
    if not clauses:
        raise InputError(f"The sight spec is empty; {SPEC_FORM}.")
    for clause in clauses:
        match = _CLAUSE.fullmatch(clause)
        if not match:
            raise InputError(f"{shown(clause)} is not a clause; {SPEC_FORM}.")
        what = parse_seen(match["what"])
        for position in _positions(match["positions"], clause):
            if position in seen:
                raise InputError(f"Position {position} is named twice in {shown(text)}; say once what is seen of it.")
            seen[position] = what
    sight = Sight.of(seen)
    if not sight.observed:
        raise InputError(f"The spec {shown(text)} sees nothing; name a position and what is seen of it.")
    return sight
