"""What every entry point shares with the command line: a rule set with its pay changes, and its shoe."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..errors import InputError, shown
from ..exact.reach import load_rules
from ..extras import require
from ..game.cards import parse_removal
from ..game.odds import parse_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe

_PAY = re.compile(r"(?P<wager>[^:=]+):(?P<outcome>[^=]+)=(?P<pays>.+)")


def with_pays(rules: RuleSet, overrides: Iterable[str]) -> RuleSet:
    """``rules`` with each ``WAGER:OUTCOME=PAYS`` change made (``"tie:tie=9:1"``); each is listed in every output."""
    for text in overrides:
        match = _PAY.fullmatch(text.strip())
        if not match:
            raise InputError(f"--pay {shown(text)} is not WAGER:OUTCOME=PAYS, e.g. --pay 'tie:tie=9:1'.")
        rules = rules.with_pays(match["wager"].strip(), match["outcome"].strip(), parse_pays(match["pays"]))
    return rules


def rule_set(rules: str | RuleSet, pays: Iterable[str] = (), wager_files: Sequence[str] = ()) -> RuleSet:
    """A shipped rule set or catalogue file by name, a rule file by path, or a :class:`RuleSet` as it is;
    with the side bets of ``wager_files`` and the pay changes ``pays``."""
    loaded = rules if isinstance(rules, RuleSet) else load_rules(rules, tuple(wager_files))
    return with_pays(loaded, pays)


def shoe_for(rules: RuleSet, decks: int | None = None, remove: str | Iterable[str] = "") -> Shoe:
    """The rule set's shoe (its own decks unless ``decks`` is given) less the cards ``remove`` names
    (``"5x4,K"``, or a list of such tokens)."""
    text = remove if isinstance(remove, str) else ",".join(remove)
    return Shoe.decks(decks if decks is not None else rules.decks).remove(parse_removal(text))


def to_frame(records: Sequence[Mapping[str, Any]]) -> Any:
    """``records`` as a pandas DataFrame, its exact figures kept as Fraction objects (``object`` columns)."""
    require("notebook", "pandas", what="to_frame() (to_records() gives the same rows as plain dicts)")
    import pandas

    return pandas.DataFrame.from_records(list(records))


def cell_text(value: object) -> str:
    """A figure as a notebook table shows it: a fraction as a decimal rounded exactly, the rest as text."""
    from ..numbers import decimal_text

    if isinstance(value, Fraction):
        return decimal_text(value, 8)
    return "" if value is None else str(value)


def html_table(records: Sequence[Mapping[str, Any]], caption: str) -> str:
    """A plain HTML table of ``records``; every text is escaped (names come from rule files)."""
    import html  # a notebook's display, not a command's start-up

    columns = list(records[0]) if records else []
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell_text(r[c]))}</td>" for c in columns) + "</tr>" for r in records
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
