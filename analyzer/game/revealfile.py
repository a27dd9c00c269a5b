"""A rule file's ``[reveal]`` table, read strictly into a :class:`~analyzer.game.reveal.Reveal`.

Every key is declared in :mod:`analyzer.game.filekeys`; a bad value is refused with one sentence naming the file, the
key and what is allowed.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InputError, shown
from .odds import parse_percent
from .reveal import POSITIONS, Positions, Reveal
from .schema import keys
from .strict import StrictTable

_COUNTS = ("1", "2", "3", "4")


def read_reveal(table: StrictTable) -> Reveal:
    """The reveal-and-raise a ``[reveal]`` table states (the rule set checks the wagers it names)."""
    raw_cards = table.typed("cards", (int, dict), "a number of cards 1-4, or a table of numbers to probabilities", True)
    if isinstance(raw_cards, int):
        if not 1 <= raw_cards <= 4:
            raise table.error("cards", f"is {raw_cards}; 1 to 4 of the four cards are revealed.")
        cards: tuple[tuple[int, Fraction], ...] = ((raw_cards, Fraction(1)),)
    else:
        law = []
        for k, p in raw_cards.items():
            if k not in _COUNTS:
                raise table.error("cards", f"has {shown(str(k))}; its keys are numbers of cards, 1 to 4.")
            law.append((int(k), _probability(table, "cards", p)))
        cards = tuple(sorted(law))
    positions = None
    raw_positions = table.typed("positions", dict, "a table of sets of positions to probabilities", False)
    if raw_positions is not None:
        positions = tuple(
            (_positions(table, text), _probability(table, "positions", p)) for text, p in raw_positions.items()
        )
    raw_multiples = table.array("multiples")
    assert raw_multiples is not None  # required
    if not raw_multiples or not all(isinstance(m, int) and not isinstance(m, bool) for m in raw_multiples):
        raise table.error(
            "multiples", f"is {shown(raw_multiples)}; it must be an array of whole numbers such as [2, 3]."
        )
    fee_written = table.string("fee")
    try:
        fee = parse_percent(fee_written)
    except InputError as e:
        raise table.error("fee", str(e)) from None
    raw_wagers = table.array("wagers")
    if not raw_wagers or not all(isinstance(w, str) for w in raw_wagers or ()):
        raise table.error("wagers", f'is {shown(raw_wagers)}; it must name wagers, e.g. ["player", "banker"].')
    assert raw_wagers is not None
    source = table.string("source")
    default = table.string("default", required=False)
    table.finish(keys("reveal"))
    try:
        return Reveal(
            cards=cards,
            positions=positions,
            multiples=tuple(raw_multiples),
            fee=fee,
            wagers=tuple(raw_wagers),
            source=source,
            default=default,
        )
    except InputError as e:
        raise table.located(e) from None


def _positions(table: StrictTable, text: str) -> Positions:
    """A set of positions written ``"P1 B2"``, each one of :data:`~analyzer.game.reveal.POSITIONS`."""
    names = tuple(text.upper().split())
    if not names or any(n not in POSITIONS for n in names) or len(set(names)) != len(names):
        raise table.error(
            "positions",
            f"has {shown(text)}; its keys are sets of distinct positions among {', '.join(POSITIONS)}, written "
            'like "P1 B2".',
        )
    return tuple(sorted(names, key=POSITIONS.index))


def _probability(table: StrictTable, key: str, text: object) -> Fraction:
    """A probability written "1/2", "25%" or "0.25", exactly; above 0 and at most 1."""
    try:
        if not isinstance(text, str):
            raise ValueError
        value = parse_percent(text) if text.strip().endswith("%") else Fraction(text.strip())
    except (ValueError, ZeroDivisionError, InputError):
        raise table.error(key, f'{shown(str(text))} is not a probability; write "1/4", "25%" or "0.25".') from None
    if not 0 < value <= 1:
        raise table.error(key, f"{shown(str(text))} is not a probability above 0 and at most 1.")
    return value
