"""What every entry point shares with the command line: a rule set with its pay changes, and its shoe."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..errors import InputError, named, setting, shown
from ..exact.reach import load_rules
from ..extras import require
from ..game.cards import parse_removal
from ..game.odds import parse_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..report.model import Document

_PAY = re.compile(r"(?P<wager>[^:=]+):(?P<outcome>[^=]+)=(?P<pays>.+)")


def texts(value: str | Iterable[str], parameter: str, commas: bool = False) -> tuple[str, ...]:
    """``value`` as a tuple of texts: a string is one (``wagers="banker"`` is the one wager banker, never its
    letters), any other iterable of strings is as many; anything else is refused naming ``parameter``. With
    ``commas`` (a parameter whose command-line option is a comma-separated list, ``--bets player,banker``) a string
    is split at its commas, blanks dropped; a list is taken as it is, so a name holding a comma is given in a list.

    >>> texts("banker", "wagers"), texts(["banker", "tie"], "wagers")
    (('banker',), ('banker', 'tie'))
    >>> texts("player, banker,tie", "bets", commas=True), texts(["a,b"], "bets", commas=True)
    (('player', 'banker', 'tie'), ('a,b',))
    """
    if isinstance(value, str):
        if commas:
            return tuple(name.strip() for name in value.split(",") if name.strip())
        return (value,)
    try:
        items = tuple(value)
    except TypeError:
        items = None
    if items is None or not all(isinstance(item, str) for item in items):
        raise InputError(f"{named(parameter)} must be a text or a list of texts, got {shown(value)}.")
    return items


def plural(n: int, what: str) -> str:
    """``n`` things, the count with thousands separated: "1 wager", "1,296 pattern rows".

    >>> plural(1, "wager"), plural(1296, "pattern row")
    ('1 wager', '1,296 pattern rows')
    """
    return f"{n:,} {what}" + ("" if n == 1 else "s")


def with_pays(rules: RuleSet, overrides: str | Iterable[str]) -> RuleSet:
    """``rules`` with each ``WAGER:OUTCOME=PAYS`` change made (``"tie:tie=9:1"``, or a list of them); each is listed in
    every output."""
    for text in texts(overrides, "pays"):
        match = _PAY.fullmatch(text.strip())
        if not match:
            raise InputError(
                f"{named('pays')} {shown(text)} is not WAGER:OUTCOME=PAYS, e.g. {setting('pays', 'tie:tie=9:1')}."
            )
        rules = rules.with_pays(match["wager"].strip(), match["outcome"].strip(), parse_pays(match["pays"]))
    return rules


def rule_set(rules: str | RuleSet, pays: str | Iterable[str] = (), wager_files: str | Sequence[str] = ()) -> RuleSet:
    """A shipped rule set or catalogue file by name, a rule file by path, or a :class:`RuleSet` as it is;
    with the side bets of ``wager_files`` and the pay changes ``pays`` (a text is one file, one change)."""
    if not isinstance(rules, (str, RuleSet)):
        raise InputError(
            f"{named('rules')} must be a rule set's name, a rule file's path or a RuleSet, got {shown(rules)}."
        )
    loaded = rules if isinstance(rules, RuleSet) else load_rules(rules, texts(wager_files, "wager_files"))
    return with_pays(loaded, pays)


def shoe_for(rules: RuleSet, decks: int | None = None, remove: str | Iterable[str] = "") -> Shoe:
    """The rule set's shoe (its own decks unless ``decks`` is given) less the cards ``remove`` names
    (``"5x4,K"``, or a list of such tokens)."""
    text = ",".join(texts(remove, "remove"))
    return Shoe.decks(decks if decks is not None else rules.decks).remove(parse_removal(text))


def to_frame(records: Sequence[Mapping[str, Any]], floats: bool = False) -> Any:
    """``records`` as a pandas DataFrame, its exact figures kept as Fraction objects (``object`` columns); with
    ``floats``, each column holding Fractions gets a ``float64`` twin beside it, ``NAME_float``, for plotting (a
    figure that does not exist is NaN there)."""
    require("notebook", "pandas", what="to_frame() (to_records() gives the same rows as plain dicts)")
    import pandas

    frame = pandas.DataFrame.from_records(list(records))
    if floats:
        for name in list(frame.columns):
            column = frame[name]
            if any(isinstance(v, Fraction) for v in column):
                twin = column.map(lambda v: float(v) if isinstance(v, (Fraction, int)) else float("nan"))
                frame.insert(frame.columns.get_loc(name) + 1, f"{name}_float", twin.astype("float64"))
    return frame


RENDER_FORMATS: dict[str, str] = {
    "text": "table",
    "table": "table",
    "txt": "table",
    "md": "markdown",
    "markdown": "markdown",
    "csv": "csv",
    "json": "json",
    "html": "html",
    "xlsx": "xlsx",
    "pdf": "pdf",
}
"""Every name ``render`` takes, and the command line's format it is: the ``--format`` names and the suffixes of
``--out`` (``md``, ``txt``), with ``text`` for the terminal's table."""


def rendered(document: Document, fmt: str, exact: bool) -> str | bytes:
    """``document`` written as ``baccarat ... --format FMT`` writes it: text for the text formats and HTML, bytes for
    xlsx and PDF (which need the ``report`` extra)."""
    from ..report.output import produce, require_format

    if not isinstance(fmt, str) or fmt.lower() not in RENDER_FORMATS:
        raise InputError(f"{named('fmt')} {shown(fmt)} is not a format; use one of {', '.join(RENDER_FORMATS)}.")
    chosen = RENDER_FORMATS[fmt.lower()]
    require_format(chosen)
    return produce(document, chosen, exact)
