"""The checked rule sets kept between runs: a rule set loaded and checked once is read back, not parsed and checked
again, while every file it was read from is unchanged.

:func:`analyzer.exact.reach.load_rules` (what the command line, the API and the workbench load through) asks
:func:`cached` first and, on a miss, loads, checks and :func:`store`\\ s the rule set. Loading a shipped rule set
parses its TOML, validates every key and checks that every round settles; read back, it is the same frozen
dataclasses, equal field for field (``tests/test_rulecache.py`` holds every shipped rule set, catalogue file and
game to it). The entry keeps what the check settled too: for each wager read from one side's view, the views each
row settles (:func:`analyzer.game.settle.settlement`), given back to :mod:`analyzer.game.settle` on a hit (an entry
whose tables do not settle each of the 400 views exactly once is refused).

Where
    ``$BACCARAT_CACHE_DIR`` when set; else ``$XDG_CACHE_HOME/baccarat-analyzer``, else
    ``~/.cache/baccarat-analyzer``. ``BACCARAT_NO_CACHE=1`` turns the cache off (nothing read, nothing written).
    Each entry is one small file named by its key; deleting the folder is always safe.

What a hit requires (anything else is a miss: the rule set is loaded as if there were no cache, and the entry
rewritten)
    * the key: SHA-256 of the entry format, the package version, a fingerprint of the code that reads and checks
      rule files (size and modification time of each module of ``analyzer/game`` and of the module that checks
      them, ``analyzer/exact/reach.py``, so that an edited checkout never reads an entry its old code wrote), the
      name or path asked for (and, for a path, where it resolves and the working folder) and the SHA-256 of the
      bytes of that file and of every ``--wagers`` file;
    * the entry's own checksum: its first line holds the SHA-256 of the rest, so a truncated or corrupted file is
      refused;
    * every other file the load read (a file named by ``extends``, at any depth) still has the SHA-256 recorded;
    * every object in it is a dataclass of the package's own rule modules (:data:`MODULES`) with exactly the
      fields that class has now; values are JSON (strings, integers, booleans), tuples, lists, frozen sets,
      mappings and fractions. No pickle: reading an entry runs no code of its own and names no other class.

An entry is written to a temporary file in the folder and moved into place (``os.replace``), so a reader sees a
whole entry or none; a folder that cannot be written to is skipped in silence (the load goes on uncached).
What is not guaranteed: an entry written by a different build with the same version and the same modification
times of its modules is trusted (a development checkout that rewrites a module restamps it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import __version__
from .rules import RuleSet
from .settle import VIEWS, remember_settlement

FORMAT = "baccarat-analyzer checked rule set, format 1"
CACHE_DIR_ENV = "BACCARAT_CACHE_DIR"
"""The environment variable naming the folder of the cache (overrides the XDG default)."""
NO_CACHE_ENV = "BACCARAT_NO_CACHE"
"""The environment variable that turns the cache off when set to anything but "" or "0"."""
MODULES: tuple[str, ...] = (
    "analyzer.game.choices",
    "analyzer.game.conditions",
    "analyzer.game.money",
    "analyzer.game.patterns",
    "analyzer.game.reveal",
    "analyzer.game.rules",
    "analyzer.game.wager",
)
"""The only modules whose dataclasses an entry may hold."""
_CODE = Path(__file__).resolve().parent
_READ: ContextVar[list[tuple[str, str, str]] | None] = ContextVar("rule_files_read", default=None)


class _Refused(Exception):
    """An entry, or a value, the cache does not hold or read back."""


def folder() -> Path | None:
    """Where the cache lives, or ``None`` when it is turned off."""
    if os.environ.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    given = os.environ.get(CACHE_DIR_ENV)
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    except RuntimeError:  # no home folder to be found: no cache
        return None
    return base / "baccarat-analyzer"


# --------------------------------------------------------------------------- what a load read


@contextmanager
def recording() -> Iterator[list[tuple[str, str, str]]]:
    """Inside the block, every rule or wagers file read is recorded (:func:`read`): (kind, where, SHA-256)."""
    files: list[tuple[str, str, str]] = []
    token = _READ.set(files)
    try:
        yield files
    finally:
        _READ.reset(token)


def read(kind: str, where: str, sha256: str) -> None:
    """Record a file read while :func:`recording`: kind "shipped" (``where`` its name) or "path" (its real path)."""
    files = _READ.get()
    if files is not None:
        files.append((kind, where, sha256))


MAX_BYTES = 1_000_000
"""The largest file hashed for a key (the loader's own limit, :data:`analyzer.game.strict.MAX_FILE_BYTES`): a larger
one is not kept, and the loader refuses it."""


def _bytes_of(kind: str, where: str) -> bytes:
    """The bytes of a file read by a load: a shipped name's, or a regular file's at a path (opened without waiting:
    a FIFO or a device is never read, a file over :data:`MAX_BYTES` is not read whole); else :class:`_Refused`."""
    if kind == "shipped":
        from .shipped import shipped_file

        return shipped_file(where).read_bytes()
    if kind != "path":
        raise _Refused(kind)
    handle = os.open(where, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise _Refused(f"{where} is not a regular file")
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _Refused(f"{where} is larger than a rule file may be")
    return data


def _located(name_or_path: str) -> tuple[str, str]:
    """(kind, where) of a name or path as :func:`analyzer.game.rulefile.read_rules` reads it."""
    from .shipped import is_packaged

    if is_packaged(name_or_path):
        return "shipped", name_or_path
    return "path", os.path.realpath(name_or_path)


def _fingerprint(code: Sequence[Path]) -> list[tuple[str, int, int]]:
    """Size and modification time of every module of ``analyzer/game`` and of the files ``code`` names."""
    files = sorted([*(Path(e.path) for e in os.scandir(_CODE) if e.name.endswith(".py")), *code])
    return [(f"{f.parent.name}/{f.name}", (s := f.stat()).st_size, s.st_mtime_ns) for f in files]


def _key(name_or_path: str, wagers: Sequence[str], code: Sequence[Path]) -> tuple[str, list[tuple[str, str, str]]]:
    """The entry's key, and the files it names (kind, where, SHA-256); raises OSError when a file cannot be read."""
    named = []
    for item in (name_or_path, *wagers):
        kind, where = _located(item)
        named.append((kind, where, hashlib.sha256(_bytes_of(kind, where)).hexdigest()))
    given = [name_or_path, *wagers, os.getcwd() if any(kind == "path" for kind, _, _ in named) else ""]
    text = json.dumps([FORMAT, __version__, _fingerprint(code), given, named])
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), named


# --------------------------------------------------------------------------- values to JSON and back


def _encoded(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple):
        return {"tuple": [_encoded(v) for v in value]}
    if isinstance(value, list):
        return {"list": [_encoded(v) for v in value]}
    if isinstance(value, frozenset):  # in one order, whatever the set's: an entry's bytes are its values'
        return {"frozenset": sorted((_encoded(v) for v in value), key=json.dumps)}
    if isinstance(value, dict):
        return {"dict": [[_encoded(k), _encoded(v)] for k, v in value.items()]}
    kind = type(value)
    if dataclasses.is_dataclass(value) and kind.__module__ in MODULES:
        fields = {f.name: _encoded(_kept_value(value, f)) for f in dataclasses.fields(value)}
        return {"class": f"{kind.__module__}:{kind.__qualname__}", "fields": fields}
    raise _Refused(f"a {kind.__name__} is not kept")


def _kept_value(value: Any, field: dataclasses.Field[Any]) -> Any:
    """A field's value as kept: a field made when first read (not set by the constructor, with a default, such as
    :attr:`~analyzer.game.wager.Outcome.condition`'s) is kept as its default and made again when read."""
    if not field.init and field.default is not dataclasses.MISSING:
        return field.default
    return getattr(value, field.name)


def _decoded(data: Any) -> Any:
    if data is None or isinstance(data, bool | int | str):
        return data
    if not isinstance(data, dict) or len(data) != (2 if "class" in data else 1):
        raise _Refused("not a value of this format")
    if "class" in data:
        return _instance(data["class"], data["fields"])
    ((tag, items),) = data.items()
    if not isinstance(items, list):
        raise _Refused("not a value of this format")
    if tag == "fraction":
        numerator, denominator = items
        if not (isinstance(numerator, int) and isinstance(denominator, int)) or denominator <= 0:
            raise _Refused("not a fraction")
        return Fraction(numerator, denominator)
    if tag == "dict":
        return {_decoded(k): _decoded(v) for k, v in items}
    values = [_decoded(v) for v in items]
    if tag == "tuple":
        return tuple(values)
    if tag == "list":
        return values
    if tag == "frozenset":
        return frozenset(values)
    raise _Refused(f"unknown tag {tag!r}")


def _instance(name: Any, fields: Any) -> Any:
    """The dataclass ``name`` ("module:Class", of :data:`MODULES`) with ``fields``, made as the loader made it
    (its checks passed when it was written: they are not run again)."""
    if not isinstance(name, str) or not isinstance(fields, dict):
        raise _Refused("not a class of this format")
    module, _, qualname = name.partition(":")
    if module not in MODULES or "." in qualname:
        raise _Refused(f"{name} is not a rule class")
    import importlib

    kind = getattr(importlib.import_module(module), qualname, None)
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        raise _Refused(f"{name} is not a dataclass")
    if set(fields) != {f.name for f in dataclasses.fields(kind)}:
        raise _Refused(f"{name} has other fields now")
    made = object.__new__(kind)
    for field_name, value in fields.items():
        object.__setattr__(made, field_name, _decoded(value))
    return made


# --------------------------------------------------------------------------- the entries


def _entry_path(key: str) -> Path | None:
    where = folder()
    return None if where is None else where / f"{key}.json"


def cached(
    name_or_path: str, wagers: Sequence[str], code: Sequence[Path] = ()
) -> tuple[RuleSet | None, Callable[[RuleSet, list[Any]], None]]:
    """The checked rule set kept for ``name_or_path`` with ``wagers`` files, or ``None``; and the function that keeps
    one after a miss (given the rule set and the files :func:`recording` saw). ``code``: modules outside
    ``analyzer/game`` whose change must make every entry stale (the checks' own). Never raises: a file that cannot
    be read, or an entry that is not whole and current, is a miss."""

    def nothing(rules: RuleSet, files: list[Any]) -> None:
        return None

    if folder() is None:
        return None, nothing
    try:
        key, named = _key(name_or_path, wagers, code)
    except (OSError, ValueError, _Refused):
        return None, nothing
    path = _entry_path(key)
    assert path is not None

    def keep(rules: RuleSet, files: list[Any]) -> None:
        if all(tuple(n) in {tuple(f) for f in files} for n in named):  # not changed while it was being read
            store(path, key, rules, files)

    try:
        return _read_entry(path, key, named), keep
    except (OSError, ValueError, _Refused, KeyError, TypeError, AttributeError, RecursionError):
        return None, keep


def _read_entry(path: Path, key: str, named: list[tuple[str, str, str]]) -> RuleSet | None:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    head, _, body = raw.partition(b"\n")
    if head != hashlib.sha256(body).hexdigest().encode("ascii"):
        raise _Refused("the entry's checksum does not match")
    entry = json.loads(body)
    if entry["format"] != FORMAT or entry["key"] != key or entry["version"] != __version__:
        raise _Refused("another entry")
    for kind, where, sha256 in entry["files"]:  # the files extends named: unchanged?
        if [kind, where, sha256] not in [list(n) for n in named] and (
            hashlib.sha256(_bytes_of(kind, where)).hexdigest() != sha256
        ):
            raise _Refused(f"{where} changed")
    rules = _decoded(entry["rule_set"])
    if not isinstance(rules, RuleSet):
        raise _Refused("not a rule set")
    settled = entry["settlements"]
    if not isinstance(settled, list) or len(settled) != len(rules.wagers):
        raise _Refused("not the settlements of these wagers")
    tables = []
    for wager, rows in zip(rules.wagers, settled):
        if rows is None:
            continue
        table = tuple(tuple(int(view) for view in row) for row in rows)
        if len(table) != len(wager.outcomes) or sorted(v for row in table for v in row) != list(range(VIEWS)):
            raise _Refused(f"not a settlement of {wager.name}")
        tables.append((wager, table))
    for wager, table in tables:
        remember_settlement(wager, table)
    return rules


def store(path: Path, key: str, rules: RuleSet, files: list[tuple[str, str, str]]) -> None:
    """Write the entry for ``key`` atomically (a temporary file moved into place); silently nothing when the rule set
    holds a value the cache does not keep or the folder cannot be written."""
    from .settle import settlement

    try:
        settled = [[list(row) for row in settlement(w)] if w.side_view_only else None for w in rules.wagers]
        body = json.dumps(
            {
                "format": FORMAT,
                "version": __version__,
                "key": key,
                "files": files,
                "rule_set": _encoded(rules),
                "settlements": settled,
            },
            separators=(",", ":"),
        ).encode("utf-8")
    except (_Refused, ValueError, RecursionError):
        return
    data = hashlib.sha256(body).hexdigest().encode("ascii") + b"\n" + body
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        import tempfile  # only when writing

        handle, temporary = tempfile.mkstemp(prefix=".entry-", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return
