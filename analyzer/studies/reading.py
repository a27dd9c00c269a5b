"""Reading a file a user hands to ``verify`` (a claims file, a submitted par sheet).

Every file goes through the guarded reader of :mod:`analyzer.game.strict`
(:func:`~analyzer.game.strict.read_bytes`: a regular file only, refused
before reading when it is not one or is too big); :func:`read_submitted`
keeps the bytes with their SHA-256, for the provenance, and reads them as
text on demand (:func:`~analyzer.game.strict.decoded`: binary or non-UTF-8
content refused). A par sheet may be larger than a rule file: up to
:data:`MAX_BYTES`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..game.strict import decoded, read_bytes

MAX_BYTES = 10 * 1024 * 1024
"""The largest file read: a par sheet or claims file is a few kilobytes; 10 MiB leaves room and bounds the time."""


@dataclass(frozen=True, slots=True)
class Submitted:
    """A file's bytes, as read, and their SHA-256 in hex."""

    path: str
    what: str
    data: bytes
    sha256: str

    def text(self) -> str:
        """The bytes as UTF-8 text (a byte-order mark is dropped); :class:`InputError` when they are binary or not
        UTF-8."""
        return decoded(self.data, self.path, self.what)


def read_submitted(path: str, what: str) -> Submitted:
    """Read ``path`` (a ``what``, e.g. "claims file") whole, refusing a non-regular, missing or oversized file."""
    data = read_bytes(path, what, MAX_BYTES)
    return Submitted(path=path, what=what, data=data, sha256=hashlib.sha256(data).hexdigest())
