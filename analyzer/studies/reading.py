"""Reading a file a user hands to ``verify`` (a claims file, a submitted par sheet), with limits.

One function, :func:`read_submitted`, reads every such file: it refuses what
is not a regular file, a file over :data:`MAX_BYTES`, and (for text) bytes
that are not UTF-8, each with one sentence naming the file and what is
allowed, and returns the bytes with their SHA-256 for the provenance. (The
rule files go through :func:`analyzer.game.rulefile.load`; one guarded reader
for every file the program reads can replace both.)
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError

MAX_BYTES = 10 * 1024 * 1024
"""The largest file read: a par sheet or claims file is a few kilobytes; 10 MiB leaves room and bounds the time."""


@dataclass(frozen=True, slots=True)
class Submitted:
    """A file's bytes, as read, and their SHA-256 in hex."""

    path: str
    data: bytes
    sha256: str

    def text(self) -> str:
        """The bytes as UTF-8 text (a UTF-8 byte-order mark is dropped); :class:`InputError` when they are not."""
        try:
            return self.data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise InputError(f"{self.path}: is not UTF-8 text (byte {e.start} cannot be read); save it as UTF-8.") from None


def read_submitted(path: str, what: str) -> Submitted:
    """Read ``path`` (a ``what``, e.g. "claims file") whole, refusing a non-regular, missing or oversized file."""
    try:
        info = os.stat(path)
    except OSError as e:
        raise InputError(f"Cannot read {what} {path}: {e.strerror}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"Cannot read {what} {path}: it is not a regular file.")
    if info.st_size > MAX_BYTES:
        raise InputError(f"Cannot read {what} {path}: it holds {info.st_size:,} bytes; at most {MAX_BYTES:,} are read.")
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(f"Cannot read {what} {path}: {e.strerror}.") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"Cannot read {what} {path}: it holds more than {MAX_BYTES:,} bytes.")
    return Submitted(path=path, data=data, sha256=hashlib.sha256(data).hexdigest())
