"""Every key of a rule file and of the condition language, declared once: where it may appear, its type, its
allowed values, what it means, and an example.

The loaders take the keys they allow from here (:func:`keys`), so a key the
reference documents is a key the loader accepts and no other; the reference
pages (``docs/reference/rule-files.md``, ``docs/reference/conditions.md``)
are generated from :data:`KEYS`, and a test loads every example. An entry is
plain data (:class:`Key`); a file adding keys adds entries.

Places (``Key.places``):

* ``file``: the top-level tables of a rule file; ``rule_set``, ``shoe``,
  ``drawing``, ``dealing``, ``own_cards``: the keys of those tables;
  ``wager``: a ``[wagers.NAME]`` table; ``published``: an entry of its
  ``published`` array.
* ``row``: a pay-table row (an ``outcomes`` entry); ``hand``: a hand table
  of a row (``player = { ... }``; a wager with a ``side`` also takes them at
  the row's top level); ``group``: a group of cards (``first_two``,
  ``first_four``, ``all_cards``; a hand takes them over all its cards);
  ``card``: a card table (``{ rank = "K", suit = "H" }``); ``counted``: the
  table form of ``of_a_kind`` and ``same_suit``; ``range``: the table form of
  ``rank_sum`` and ``value_sum``.

>>> keys("dealing")
('order', 'procedure', 'source', 'default')
>>> entry("group", "of_a_kind").example
'{ name = "full house", all_cards = { of_a_kind = [3, 2] }, pays = "15:1" }'
"""

from __future__ import annotations

from .conditionkeys import CONDITION_KEYS
from .filekeys import FILE_KEYS
from .revealkeys import REVEAL_KEYS
from .schemakey import CONDITION_PLACES, PLACES, Key

__all__ = ["CONDITION_PLACES", "KEYS", "PLACES", "Key", "entry", "keys"]

KEYS: tuple[Key, ...] = FILE_KEYS + REVEAL_KEYS + CONDITION_KEYS
"""Every key, the rule file's first (:mod:`analyzer.game.filekeys`, then its ``[reveal]`` table's,
:mod:`analyzer.game.revealkeys`), then the condition language's (:mod:`analyzer.game.conditionkeys`)."""


def keys(place: str) -> tuple[str, ...]:
    """The keys allowed in ``place``, in the order the reference lists them."""
    if place not in PLACES:
        raise ValueError(f"place {place!r} is not among {', '.join(PLACES)}")
    return tuple(dict.fromkeys(k.name for k in KEYS if place in k.places))


def entry(place: str, name: str) -> Key:
    """The entry of key ``name`` in ``place``."""
    for key in KEYS:
        if key.name == name and place in key.places:
            return key
    raise KeyError(f"{place}.{name}")
