"""The workbench's state and what its page shows, as plain data: the same figures as every other entry point.

A :class:`State` is everything a designer has chosen: a shipped rule set (or catalogue file) by name, or
the text of their own rule file; the decks; the cards taken out; pay changes; the wagers shown. It is
plain JSON both ways (:meth:`State.from_json`, :meth:`State.to_json`), so that the page can keep it in
its URL or a saved file and send a colleague exactly what it shows.

:func:`view` turns a state into what the page draws: each wager's figures and rows (exact, as
``"p/q"`` strings, with the one inexact figure, the standard deviation, as a float), its top award,
and the variation from a starting state on the same shoe. The page rounds the exact strings for
display and does no other arithmetic. Counts are kept between calls (:mod:`.pricing`), so a pay
change re-prices without recounting.

>>> state = State.from_json({"rules": "punto-banco", "pays": ["tie:tie=9:1"], "wagers": ["tie"]})
>>> [w["figures"]["house_edge"] for w in view(state)["wagers"]]
['63053127805/1301666217579']
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from threading import Lock
from typing import Any

from ..errors import InputError, shown
from ..exact.parsheet import ParSheet
from ..game.cards import RANKS
from ..game.odds import format_pays
from ..game.rules import RuleSet
from ..game.shoe import Shoe
from ..numbers import fraction_text
from .common import shoe_for, with_pays
from .compare import figure_changes, table_changes, top_award
from .pricing import priced_sheets

MAX_TEXT = 1_000_000
"""The longest rule-file text the workbench takes, in characters: the command line's limit on a rule file."""
MAX_NAME = 80
"""The longest name a designer gives an edited game (it names the files exported too)."""
MAX_TITLE = 200
"""The longest title a designer gives an edited game."""
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
"""A game's name, as a rule file's name is written and a file is named: letters, digits, '.', '_', '-'."""
MAX_PAYS = 200
"""The most pay changes one state may carry."""
MAX_DECKS = 1_000
"""The most decks, as on the command line."""
MAX_WAGERS = 64
"""The most wagers a rule file sent to the workbench may hold, its base's included (the largest shipped file holds
29): each is counted, and one over conditions costs about a second."""
MAX_ROWS = 640
"""The most pay-table rows (outcomes) in all of a rule file's wagers (the largest shipped file has 88)."""
KEYS: tuple[str, ...] = ("rules", "text", "decks", "remove", "pays", "wagers", "name", "title")
"""The keys of a state, each optional."""
RULE_FILE = "rule file"
"""How errors name a rule file's text sent to the workbench (``rule file, line 10: wagers.mine.pays: ...``)."""
CACHED_RULE_SETS = 64
"""How many loaded rule files (by the SHA-256 of their text) are kept."""


@dataclass(frozen=True, slots=True)
class State:
    """What the workbench shows: a rule set by name (``rules``) or by its text (``text``, which wins), the shoe
    (``decks``, default the rule set's; cards ``remove``-d, as ``--remove`` takes them), ``pays`` changes as
    ``--pay`` takes them, the ``wagers`` shown (default all), and the ``name`` and ``title`` the designer gives the
    game as edited (default the rule file's), under which it is exported and reported."""

    rules: str = "punto-banco"
    text: str | None = None
    decks: int | None = None
    remove: str = ""
    pays: tuple[str, ...] = ()
    wagers: tuple[str, ...] = ()
    name: str | None = None
    title: str | None = None

    def __post_init__(self) -> None:
        if self.name is not None and (len(self.name) > MAX_NAME or not NAME.fullmatch(self.name)):
            raise InputError(
                f"The name {shown(self.name)} is not a game's name: use up to {MAX_NAME} letters, digits, '.', '_' "
                "and '-', starting with a letter or digit (it names the files exported)."
            )
        if self.title is not None and (not self.title.strip() or len(self.title) > MAX_TITLE or "\n" in self.title):
            raise InputError(f"The title must be one line of 1 to {MAX_TITLE} characters.")
        if self.text is not None and len(self.text) > MAX_TEXT:
            raise InputError(
                f"The rule file is {len(self.text):,} characters long; the workbench takes at most {MAX_TEXT:,}."
            )
        if self.decks is not None and not 1 <= self.decks <= MAX_DECKS:
            raise InputError(f"decks is {self.decks}; use a whole number from 1 to {MAX_DECKS:,}.")
        if len(self.pays) > MAX_PAYS:
            raise InputError(f"{len(self.pays)} pay changes; a state carries at most {MAX_PAYS}.")

    @classmethod
    def from_json(cls, data: object) -> State:
        """A state from its JSON object; :class:`InputError` names a wrong key or type in one line."""
        if not isinstance(data, Mapping):
            raise InputError("The state must be a JSON object with the keys " + ", ".join(KEYS) + ".")
        unknown = [k for k in data if k not in KEYS]
        if unknown:
            raise InputError(f"Unknown key {shown(str(unknown[0]))} in the state; use {', '.join(KEYS)}.")
        rules = _typed(data, "rules", str, "a rule set's name", "punto-banco")
        text = _typed(data, "text", str, "a rule file's text", None)
        decks = _typed(data, "decks", int, "a whole number of decks", None)
        remove = _typed(data, "remove", str, "cards as --remove takes them, e.g. '5x4,K'", "")
        pays = _texts(data, "pays", "pay changes such as 'tie:tie=9:1'")
        wagers = _texts(data, "wagers", "wager names")
        name = _typed(data, "name", str, "the game's name", None)
        title = _typed(data, "title", str, "the game's title", None)
        return cls(
            rules=rules,
            text=text or None,
            decks=decks,
            remove=remove,
            pays=pays,
            wagers=wagers,
            name=name or None,
            title=title or None,
        )

    def to_json(self) -> dict[str, Any]:
        """The state as a JSON object, leaving out what is at its default."""
        every = {
            "rules": self.rules,
            "text": self.text,
            "decks": self.decks,
            "remove": self.remove,
            "pays": list(self.pays),
            "wagers": list(self.wagers),
            "name": self.name,
            "title": self.title,
        }
        return {k: v for k, v in every.items() if v not in (None, "", [])}

    def rule_set(self) -> RuleSet:
        """The rule set, checked as the command line checks one, with the pay changes made, under the name and title
        the designer gave it (if any)."""
        rules = with_pays(_loaded(self.rules if self.text is None else None, self.text), self.pays)
        if self.name is not None or self.title is not None:
            rules = replace(rules, name=self.name or rules.name, title=self.title or rules.title)
        return rules

    def shoe(self, rules: RuleSet) -> Shoe:
        return shoe_for(rules, self.decks, self.remove)


def _typed(data: Mapping[str, Any], key: str, kind: type, what: str, default: Any) -> Any:
    value = data.get(key, default)
    if value is None or (isinstance(value, kind) and not isinstance(value, bool)):
        return value if value is not None else default
    raise InputError(f"The state's {key} must be {what}, got {shown(str(value)[:60])}.")


def _texts(data: Mapping[str, Any], key: str, what: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"The state's {key} must be a list of {what}.")
    return tuple(value)


_loaded_cache: OrderedDict[tuple[str | None, str | None], RuleSet] = OrderedDict()
_lock = Lock()


def _loaded(name: str | None, text: str | None) -> RuleSet:
    """A shipped rule set by name, or a rule file's text (which may extend shipped files only), checked for dead
    rows; kept by name or by the SHA-256 of the text."""
    from ..exact.reach import check, load_rules
    from ..game.keylines import placed
    from ..game.rulefile import parse
    from ..game.shipped import catalogue, shipped

    key = (name, None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest())
    with _lock:
        if key in _loaded_cache:
            _loaded_cache.move_to_end(key)
            return _loaded_cache[key]
    if text is None:
        assert name is not None
        if name not in shipped() and name not in catalogue():
            raise InputError(
                f"Unknown rule set {shown(name)}; the workbench opens a shipped rule set "
                f"({', '.join(shipped())}) or a catalogue file (`baccarat rules`), or a rule file's text."
            )
        rules = load_rules(name)
    else:
        rules = parse(text, RULE_FILE, read_files=False)
        _within_sizes(rules)
        try:
            rules = check(rules)
        except InputError as e:
            raise InputError(placed(str(e), RULE_FILE, text)) from None
    with _lock:
        _loaded_cache[key] = rules
        while len(_loaded_cache) > CACHED_RULE_SETS:
            _loaded_cache.popitem(last=False)
    return rules


def _within_sizes(rules: RuleSet) -> None:
    """Refuse, before anything is counted, a rule file with more wagers or rows than the workbench takes."""
    rows = sum(len(w.outcomes) for w in rules.wagers)
    if len(rules.wagers) > MAX_WAGERS or rows > MAX_ROWS:
        raise InputError(
            f"The rule file holds {len(rules.wagers)} wagers with {rows} rows; the workbench takes at most "
            f"{MAX_WAGERS} wagers and {MAX_ROWS} rows (`baccarat analyze` on the command line takes more)."
        )


def rule_set_of_text(text: str) -> RuleSet:
    """A rule file's text loaded and checked as the workbench loads the text it is sent (kept by its SHA-256)."""
    return _loaded(None, text)


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def wager_view(sheet: ParSheet) -> dict[str, Any]:
    """One wager as the page shows it: figures and rows exact (``"p/q"``), the standard deviation a float."""
    wager = sheet.wager
    figures = {
        name: _exact(getattr(sheet, name))
        for name in ("house_edge", "rtp", "hit_frequency", "push_frequency", "element_of_risk", "variance")
    }
    return {
        "wager": wager.name,
        "title": wager.title,
        "offered": wager.offered,
        "source": wager.source,
        "has_pays": wager.has_pay_table,
        "figures": figures,
        "standard_deviation": sheet.standard_deviation,
        "top_award": top_award(sheet) if wager.has_pay_table else None,
        "rows": [
            {
                "outcome": r.outcome.name,
                "pays": None if r.pays is None else format_pays(r.pays),
                "combinations": str(r.combinations),
                "probability": _exact(r.probability),
                "return": _exact(r.contribution),
            }
            for r in sheet.rows
        ],
    }


def view(state: State, start: State | None = None) -> dict[str, Any]:
    """What the workbench page shows for ``state``; with ``start``, each wager's change from the starting
    table's figures on the same shoe (the variation exhibit: ``baccarat diff``'s figures)."""
    rules = state.rule_set()
    shoe = state.shoe(rules)
    sheets = priced_sheets(rules, shoe, state.wagers)
    compared: dict[str, Any] = {}
    changes = None
    if start is not None:
        then_rules = start.rule_set()
        changes = table_changes(rules, then_rules)
        names = tuple(s.wager.name for s in sheets if s.wager.name in {w.name for w in then_rules.wagers})
        then = {s.wager.name: s for s in priced_sheets(then_rules, shoe, names)} if names else {}
        compared = {
            s.wager.name: figure_changes(s, then[s.wager.name])
            for s in sheets
            if s.wager.name in then and s.wager.has_pay_table and then[s.wager.name].wager.has_pay_table
        }
        removed = {w["wager"] for w in changes["removed_wagers"]}
        changes["removed_figures"] = (
            [
                wager_view(s)
                for s in priced_sheets(then_rules, shoe, tuple(w.name for w in then_rules.wagers if w.name in removed))
            ]
            if removed
            else []
        )
    from ..game.needs import needs_of
    from ..report.common import shoe_text

    return {
        "rule_set": rules.name,
        "title": rules.title,
        "document": rules.document,
        "decks": rules.decks,
        "shoe": {
            "text": shoe_text(shoe),
            "cards": shoe.size,
            "denominator": str(shoe.denominator),
            "counts": dict(zip(RANKS, shoe.counts)),
            "removed": list(shoe.removed_from_decks()) if shoe.decks_built is not None else [],
        },
        "reads_suits": any(not s.wager.side_view_only and needs_of(s.wager).reads_suits for s in sheets),
        "pays_changed": [f"{w}:{o}={format_pays(p)}" for w, o, p in rules.pay_changes],
        "notes": list(rules.notes),
        "name_needed": shipped_name_edited(state),
        "changes": changes,
        "wagers": [{**wager_view(s), "compared": compared.get(s.wager.name)} for s in sheets],
    }


def shipped_name_edited(state: State) -> str | None:
    """The shipped rule set's (or catalogue file's) name the state's game still goes by while it is no longer that
    file (a pay changed, its text edited), or None: an edited game is exported and reported under a name of its own,
    never as the shipped one."""
    from ..game.shipped import catalogue, shipped, shipped_text

    name = state.name or state.rule_set().name
    if name not in shipped() and name not in catalogue():
        return None
    if state.name is None and not state.pays and (state.text is None or state.text == shipped_text(name)):
        return None
    return name


def require_own_name(state: State) -> None:
    """Refuse, in one line, to export or report an edited game under a shipped name (:func:`shipped_name_edited`)."""
    name = shipped_name_edited(state)
    if name is not None:
        raise InputError(
            f"This game is {name} as edited, not the shipped {name}: give it a name and a title of its own "
            "(name, title) to export or report it."
        )


def rule_text(state: State) -> str:
    """The rule file as the workbench shows it: the state's text, or the shipped file's."""
    from ..game.shipped import catalogue, shipped, shipped_text

    if state.text is not None:
        return state.text
    if state.rules not in shipped() and state.rules not in catalogue():
        raise InputError(f"Unknown rule set {shown(state.rules)}.")
    return shipped_text(state.rules)
