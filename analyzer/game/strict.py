"""The strict TOML reader: every key of a table must be known, every value of the right type.

Rule files (:mod:`analyzer.game.rulefile`) and claims files
(:mod:`analyzer.studies.verify`) are both read with :class:`StrictTable`, so
that every error names the file and the dotted key, and says what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError


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
        return InputError(f"{self.origin}: {dotted}: {message}")

    def typed(self, key: str, kind: type | tuple[type, ...], what: str, required: bool) -> Any:
        """The value of ``key`` if it is of ``kind`` (described as ``what`` in errors); None if absent and not required."""
        self.used.add(key)
        if key not in self.data:
            if required:
                raise self.error(key, f"is missing; it must be {what}.")
            return None
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
            raise self.error(key, f"is {value!r}; it must be {what}.")
        return value

    def string(self, key: str, required: bool = True) -> Any:
        return self.typed(key, str, "a string", required)

    def integer(self, key: str, required: bool = True) -> Any:
        return self.typed(key, int, "a whole number", required)

    def boolean(self, key: str, required: bool = True) -> Any:
        return self.typed(key, bool, "true or false", required)

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
            raise self.error(
                unknown[0], f"is not a known key; allowed here: {', '.join(allowed)}."
            )


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
