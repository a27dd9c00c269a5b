"""Reading the files a user gives: guarded, then strict TOML.

Every file the program reads on a user's word (rule files of
:mod:`analyzer.game.rulefile`, claims files and par sheets of
:mod:`analyzer.studies`, and any reader to come) goes through
:func:`read_bytes`, :func:`decoded` and :func:`parse_toml`, which guarantee, in
bounded time and memory, one :class:`~analyzer.errors.InputError` (one line,
exit status 2 at the command line) for anything that is not a sane TOML text:

* before a byte is read: a path that does not exist, is too long for the file
  system, is a folder, a FIFO, a device (``/dev/zero``) or anything but a
  regular file, or a file over :data:`MAX_FILE_BYTES`;
* after reading: binary or non-UTF-8 content, invalid TOML, arrays or tables
  nested deeper than :data:`MAX_NESTING`, a whole number of more than
  :data:`MAX_INTEGER_DIGITS` digits.

The data is then read with :class:`StrictTable`: every key must be known,
every value of the right type, and every error names the file and the dotted
key, says what is allowed, and quotes at most about a hundred characters of
the value it rejects (:func:`analyzer.errors.shown`).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..errors import InputError, digits, shown
from .odds import parse_pays

MAX_FILE_BYTES = 1_000_000
"""The largest file read (1 MB); a rule file is about 5 kB, the published claims file 15 kB."""
MAX_NESTING = 32
"""The deepest nesting of arrays and tables accepted; rule and claims files need 4."""
MAX_INTEGER_DIGITS = 100
"""The longest whole number accepted in a file; the largest any file needs is a count of dealings (29 digits at 1,000
decks)."""


def origin_of(path: str) -> str:
    """How errors name the file at ``path``: the path itself, or its last hundred characters.

    >>> origin_of("rules/my.toml"), len(origin_of("d/" * 100 + "my.toml"))
    ('rules/my.toml', 103)
    """
    return path if len(path) <= 100 else "..." + path[-100:]


def read_bytes(path: str, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (``what`` names it in errors, e.g. "rule file").

    Refused before anything is read: a missing file, a path too long, a folder,
    a FIFO, a device or any other non-regular file, a file over ``limit``
    bytes.
    """
    name = origin_of(path)
    if not path:
        raise InputError(f"The {what} path is empty; give the path of a TOML file.")
    try:
        # O_NONBLOCK: opening a FIFO does not wait for a writer; fstat then refuses it.
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except ValueError:
        raise InputError(f"Cannot read {what} {shown(path)}: the path holds a NUL character.") from None
    except OSError as error:
        reason = {
            errno.ENOENT: "no such file",
            errno.ENAMETOOLONG: f"the path is too long for the file system ({len(path):,} characters)",
            errno.ENOTDIR: "a part of the path is not a folder",
            errno.EACCES: "permission denied",
            errno.ELOOP: "too many symbolic links",
        }.get(error.errno or 0, error.strerror or "it cannot be opened")
        raise InputError(f"Cannot read {what} {name}: {reason}.") from None
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise InputError(f"Cannot read {what} {name}: it is a folder; give the path of a file.")
        if not stat.S_ISREG(status.st_mode):
            device = stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode)
            kind = "a FIFO" if stat.S_ISFIFO(status.st_mode) else "a device" if device else "something else"
            raise InputError(f"Cannot read {what} {name}: it is {kind}, not a regular file; give the path of a file.")
        if status.st_size > limit:
            raise InputError(
                f"Cannot read {what} {name}: it is {status.st_size:,} bytes; a {what} is at most {limit:,} bytes."
            )
        try:
            with os.fdopen(os.dup(handle), "rb") as stream:
                data = stream.read(limit + 1)
        except OSError as error:  # /proc/self/mem and the like: a regular file that cannot be read
            raise InputError(f"Cannot read {what} {name}: {(error.strerror or 'read error').lower()}.") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise InputError(f"Cannot read {what} {name}: it is over {limit:,} bytes; a {what} is at most {limit:,} bytes.")
    return data


def decoded(data: bytes, path: str, what: str) -> str:
    """The UTF-8 text of a file's bytes (a byte-order mark dropped); binary or non-UTF-8 content is refused."""
    name = origin_of(path)
    if b"\0" in data:
        raise InputError(f"Cannot read {what} {name}: it is binary (it holds NUL bytes), not a text file.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(
            f"Cannot read {what} {name}: it is not UTF-8 text (byte 0x{data[error.start]:02x} at offset "
            f"{error.start:,})."
        ) from None


def parse_toml(text: str, origin: str) -> dict[str, Any]:
    """TOML text to data, refusing invalid TOML, nesting deeper than :data:`MAX_NESTING`
    and whole numbers longer than :data:`MAX_INTEGER_DIGITS` digits; ``origin`` names the text in errors.

    >>> parse_toml("a = [[[1]]]", "x.toml")
    {'a': [[[1]]]}
    >>> parse_toml("a = " + "[" * 5000 + "]" * 5000, "x.toml")
    Traceback (most recent call last):
    ...
    analyzer.errors.InputError: x.toml: arrays or tables are nested too deep; at most 32 levels are allowed.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = re.search(r"at line (\d+)", str(error))
        line = where.group(1) if where else text.count("\n") + 1 if "end of document" in str(error) else None
        place = origin if line is None else f"{origin}, line {line}"
        raise InputError(f"{place}: not valid TOML ({shown(str(error), 200)[1:-1]}).") from None
    except RecursionError:
        raise InputError(
            f"{origin}: arrays or tables are nested too deep; at most {MAX_NESTING} levels are allowed."
        ) from None
    except ValueError:  # Python's limit on the digits of an integer converted from text
        raise InputError(
            f"{origin}: a whole number has thousands of digits; at most {MAX_INTEGER_DIGITS} are allowed."
        ) from None
    _check_sizes(data, origin)
    return data


def _check_sizes(data: dict[str, Any], origin: str) -> None:
    """Refuse nesting deeper than :data:`MAX_NESTING` and integers longer than :data:`MAX_INTEGER_DIGITS` digits."""
    pending: list[tuple[str, Any, int]] = [(key, value, 1) for key, value in data.items()]
    while pending:
        where, value, depth = pending.pop()
        if depth > MAX_NESTING:
            raise InputError(
                f"{origin}: arrays or tables are nested too deep; at most {MAX_NESTING} levels are allowed."
            )
        if isinstance(value, dict):
            pending.extend((f"{where}.{key_text(k, 40)}", v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            pending.extend((f"{where}[{i}]", v, depth + 1) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and digits(value) > MAX_INTEGER_DIGITS:
            raise InputError(
                f"{origin}: {key_text(where)}: is {shown(value)}; at most {MAX_INTEGER_DIGITS} digits are allowed."
            )


class StrictTable:
    """A TOML table being read: every key must be used, every use is checked.

    Errors name the file and the dotted key, and say what is allowed. Rule
    files and claims files are both read with it.
    """

    def __init__(self, data: Mapping[str, Any], where: str, origin: str) -> None:
        self.data = dict(data)
        self.where = where
        self.origin = origin
        self.used: set[str] = set()

    def error(self, key: str, message: str) -> InputError:
        dotted = f"{self.where}.{key}" if self.where else key
        return InputError(f"{self.origin}: {key_text(dotted)}: {message}")

    def located(self, error: InputError) -> InputError:
        """``error`` (raised while building what this table describes) placed in the file, at this table."""
        return InputError(f"{self.origin}: {key_text(self.where)}: {error}")

    def typed(self, key: str, kind: type | tuple[type, ...], what: str, required: bool) -> Any:
        """The value of ``key`` if it is of ``kind`` (described as ``what`` in errors); None if absent and not
        required."""
        self.used.add(key)
        if key not in self.data:
            if required:
                raise self.error(key, f"is missing; it must be {what}.")
            return None
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
            raise self.error(key, f"is {shown(value)}; it must be {what}.")
        return value

    def string(self, key: str, required: bool = True) -> Any:
        return self.typed(key, str, "a string", required)

    def integer(self, key: str, required: bool = True) -> Any:
        return self.typed(key, int, "a whole number", required)

    def boolean(self, key: str, required: bool = True) -> Any:
        return self.typed(key, bool, "true or false", required)

    def pays(self, key: str = "pays") -> Fraction | None:
        """A pay as a pay table writes it ("11:1", "19:20", "push", "lose"), read exactly; ``None`` if absent."""
        written = self.string(key, required=False)
        try:
            return None if written is None else parse_pays(written)
        except InputError as e:
            raise self.error(key, str(e)) from None

    def table(self, key: str, required: bool = True) -> StrictTable | None:
        value = self.typed(key, dict, "a table", required)
        if value is None:
            return None
        return StrictTable(value, f"{self.where}.{key}" if self.where else key, self.origin)

    def array(self, key: str, required: bool = True) -> list[Any] | None:
        value: list[Any] | None = self.typed(key, list, "an array", required)
        return value

    def finish(self, allowed: tuple[str, ...]) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.error(unknown[0], f"is not a known key; allowed here: {', '.join(allowed)}.")


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def key_text(text: str, limit: int = 100) -> str:
    """A key or dotted path as errors show it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "..."
