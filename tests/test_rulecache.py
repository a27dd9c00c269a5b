"""The checked rule sets kept between runs (analyzer/game/rulecache.py): read back only while whole and current.

Every test turns the cache on in a temporary folder of its own (the suite turns it off: conftest.py), so nothing is
read from or written to the user's cache folder.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from analyzer.exact import reach
from analyzer.game import rulecache, rulefile
from analyzer.game.rulecache import FORMAT, NO_CACHE_ENV
from analyzer.game.shipped import catalogue, games, shipped

SIDE_BET = """
[rule_set]
name = "with-a-side-bet"
title = "Punto banco with a side bet"
extends = "punto-banco"

[wagers.banker-nine]
title = "Banker nine"
source = "a test"
side = "banker"
outcomes = [
  { name = "nine", total = 9, pays = "PAYS" },
  { name = "loss", pays = "lose" },
]
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache turned on in a temporary folder."""
    folder = tmp_path / "cache"
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    monkeypatch.setenv(rulecache.CACHE_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names the rule-file parser was asked to read (each a parse and a check that the load did)."""
    calls: list[str] = []
    read = rulefile.read_rules

    def counted(name_or_path: str, wagers: tuple[str, ...] = ()) -> object:
        calls.append(name_or_path)
        return read(name_or_path, wagers)

    monkeypatch.setattr(rulefile, "read_rules", counted)
    return calls


def _calls(monkeypatch: pytest.MonkeyPatch, module: object, function: str) -> list[str]:
    """The names of what ``module.function`` is called with from now on (it still runs)."""
    called: list[str] = []
    real = getattr(module, function)

    def counted(argument: object) -> object:
        called.append(getattr(argument, "name", ""))
        return real(argument)

    monkeypatch.setattr(module, function, counted)
    return called


def _checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return _calls(monkeypatch, reach, "check")


def test_a_second_load_reads_the_kept_rule_set_and_checks_nothing_again(
    cache: Path, loads: list[str], rule_file: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = _checked(monkeypatch)
    path = rule_file(SIDE_BET.replace("PAYS", "8:1"))
    first = reach.load_rules(path)
    assert (loads, checked) == ([path], ["with-a-side-bet"])
    second = reach.load_rules(path)
    assert (loads, checked) == ([path], ["with-a-side-bet"])  # neither parsed nor checked again
    assert second == first and second is not first
    assert rulecache._encoded(second) == rulecache._encoded(first)  # every field, those equality skips too
    assert len(list(cache.glob("*.json"))) == 1


def test_a_changed_rule_file_is_not_served_from_the_cache(
    cache: Path, loads: list[str], rule_file: Callable[..., str]
) -> None:
    path = rule_file(SIDE_BET.replace("PAYS", "8:1"))
    assert str(reach.load_rules(path).wager("banker-nine").outcomes[0].pays) == "8"
    Path(path).write_text(SIDE_BET.replace("PAYS", "9:1"), encoding="utf-8")
    assert str(reach.load_rules(path).wager("banker-nine").outcomes[0].pays) == "9"
    assert loads == [path, path]


def test_a_changed_file_named_by_extends_is_not_served_from_the_cache(
    cache: Path, loads: list[str], tmp_path: Path
) -> None:
    """The entry is named by the file asked for; the files it extends are hashed again on every read."""
    parent = tmp_path / "parent.toml"
    parent.write_text(SIDE_BET.replace("PAYS", "8:1"), encoding="utf-8")
    child = tmp_path / "child.toml"
    child.write_text(
        '[rule_set]\nname = "child"\ntitle = "Child"\nextends = "parent.toml"\n[wagers]\n', encoding="utf-8"
    )
    assert str(reach.load_rules(str(child)).wager("banker-nine").outcomes[0].pays) == "8"
    assert str(reach.load_rules(str(child)).wager("banker-nine").outcomes[0].pays) == "8"
    assert loads == [str(child)]
    parent.write_text(SIDE_BET.replace("PAYS", "9:1"), encoding="utf-8")
    assert str(reach.load_rules(str(child)).wager("banker-nine").outcomes[0].pays) == "9"
    assert loads == [str(child), str(child)]


def _corruptions(entry: bytes) -> dict[str, bytes]:
    body = entry.partition(b"\n")[2]
    data = json.loads(body)

    def signed(changed: dict[str, object]) -> bytes:
        text = json.dumps(changed).encode("utf-8")
        return rulecache.hashlib.sha256(text).hexdigest().encode("ascii") + b"\n" + text

    foreign = json.loads(body)
    foreign["rule_set"]["class"] = "subprocess:Popen"  # a class no rule module defines, checksum and all
    fewer = json.loads(body)
    fewer["rule_set"]["fields"].pop("name")
    return {
        "truncated": entry[: len(entry) // 2],
        "empty": b"",
        "a byte changed": entry[:-10] + bytes([entry[-10] ^ 1]) + entry[-9:],
        "checksum of other bytes": b"0" * 64 + b"\n" + body,
        "another version": signed({**data, "version": "0.0.0"}),
        "another format": signed({**data, "format": FORMAT + " (old)"}),
        "a foreign class": signed(foreign),
        "a field missing": signed(fewer),
        "not JSON": signed({}).replace(b"{}", b"{"),
    }


def test_a_corrupt_truncated_or_stale_entry_is_ignored_and_rewritten(
    cache: Path, loads: list[str], rule_file: Callable[..., str]
) -> None:
    path = rule_file(SIDE_BET.replace("PAYS", "8:1"))
    expected = reach.load_rules(path)
    (entry,) = cache.glob("*.json")
    good = entry.read_bytes()
    for what, bad in _corruptions(good).items():
        entry.write_bytes(bad)
        before = len(loads)
        assert reach.load_rules(path) == expected, what
        assert len(loads) == before + 1, f"{what}: the entry was trusted"
        assert entry.read_bytes() == good, f"{what}: the entry was not rewritten"
        reach.load_rules(path)
        assert len(loads) == before + 1, f"{what}: the rewritten entry was not read back"


def test_the_cache_is_turned_off_by_its_variable(
    cache: Path, loads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(NO_CACHE_ENV, "1")
    reach.load_rules("punto-banco")
    reach.load_rules("punto-banco")
    assert loads == ["punto-banco", "punto-banco"]
    assert not cache.exists()


def test_the_cache_folder_follows_xdg_and_its_own_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    monkeypatch.delenv(rulecache.CACHE_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert rulecache.folder() == tmp_path / "xdg" / "baccarat-analyzer"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # ignored, as the XDG specification says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert rulecache.folder() == tmp_path / "home" / ".cache" / "baccarat-analyzer"
    monkeypatch.setenv(rulecache.CACHE_DIR_ENV, str(tmp_path / "mine"))
    assert rulecache.folder() == tmp_path / "mine"


def test_a_folder_that_cannot_be_written_leaves_the_load_uncached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loads: list[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.delenv(NO_CACHE_ENV, raising=False)
    monkeypatch.setenv(rulecache.CACHE_DIR_ENV, str(blocked / "cache"))
    assert reach.load_rules("punto-banco").name == "punto-banco"
    assert reach.load_rules("punto-banco").name == "punto-banco"
    assert loads == ["punto-banco", "punto-banco"]


@pytest.mark.slow
def test_every_shipped_rule_set_and_catalogue_file_reads_back_field_for_field(cache: Path) -> None:
    for name in (*shipped(), *catalogue(), *games()):
        loaded = reach.load_rules(name)
        kept = reach.load_rules(name)
        assert rulecache._encoded(kept) == rulecache._encoded(loaded), name
    assert len(list(cache.glob("*.json"))) == len(shipped()) + len(catalogue()) + len(games())


def test_an_entry_names_no_class_outside_the_rule_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading an entry imports nothing and makes nothing but the dataclasses of the rule modules (no pickle)."""
    import importlib

    imported: list[str] = []
    real = importlib.import_module

    def recorded(name: str, package: str | None = None) -> object:
        imported.append(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", recorded)
    for name in ("json.decoder:JSONDecoder", "analyzer.report.model:Value", "analyzer.game.rules:RuleSet.Inner", "x"):
        with pytest.raises(rulecache._Refused):
            rulecache._decoded({"class": name, "fields": {}})
    assert imported == []
    with pytest.raises(rulecache._Refused):  # a rule class with other fields than it has
        rulecache._decoded({"class": "analyzer.game.rules:Drawing", "fields": {"player": {"tuple": []}}})


def test_a_kept_rule_set_brings_its_settled_pay_tables(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the check settled (each row's views) is kept with the rule set: read back, nothing is settled again;
    an entry whose settlement does not settle each of the 400 views once is refused."""
    from analyzer.game import settle

    reach.load_rules("dactylus")
    made = _calls(monkeypatch, settle, "_settled")
    monkeypatch.setattr(settle, "_SETTLED", {})
    rules = reach.load_rules("dactylus")
    assert [settle.settlement(w) for w in rules.wagers] and made == []
    (entry,) = cache.glob("*.json")
    data = json.loads(entry.read_bytes().partition(b"\n")[2])
    data["settlements"][0][0].pop()  # a view left unsettled
    text = json.dumps(data).encode("utf-8")
    entry.write_bytes(rulecache.hashlib.sha256(text).hexdigest().encode("ascii") + b"\n" + text)
    monkeypatch.setattr(settle, "_SETTLED", {})
    rules = reach.load_rules("dactylus")
    assert [settle.settlement(w) for w in rules.wagers] and made  # settled anew: the entry was refused


def test_a_fifo_or_an_oversized_file_is_refused_by_the_loader_not_read_for_a_key(cache: Path, tmp_path: Path) -> None:
    """The key hashes a file before the loader reads it: a FIFO is never opened to wait for a writer, and a file
    over the loader's limit is not read whole; the loader then refuses each with its one line, and nothing is kept."""
    import os

    from analyzer.errors import InputError

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="FIFO"):
        reach.load_rules(str(fifo))
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * rulecache.MAX_BYTES + b"\n")
    with pytest.raises(InputError, match=r"MB|large|bytes"):
        reach.load_rules(str(big))
    assert not list(cache.glob("*.json"))
