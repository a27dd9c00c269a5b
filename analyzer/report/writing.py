"""Files written whole: one output file, or a folder of tables replaced as a whole.

:func:`write_file` writes one file through a temporary file beside it and a
rename. :func:`staged` checks the folder to write before anything is
computed and makes a staging folder beside it; :meth:`Stage.commit` writes
every file there, then swaps the staging folder for the old one, so the
folder is replaced as a whole or not at all: an error or an interrupt
(Ctrl-C, SIGTERM) before the swap leaves the old folder as it was and no
temporary file behind, and the two renames of the swap run with those
signals held back. Files and the folder are created with the user's umask.
Only a power cut or SIGKILL between the two renames can leave the folder
missing, its old content then beside it as ``.NAME.old-*``.

An output file is never written through a symbolic link, a device, a FIFO or a socket: the rename would replace
the link (``--out /dev/stdout`` is one) by a file and the output would be lost, so each is refused in one line
before anything is computed (:func:`not_writable_over`). What a killed write leaves is swept by the next write
into the folder only when it is proven stale (:func:`sweep`): left by a process of this host and PID namespace
that no longer runs, or unchanged for a day; a writer in another container or on another host sharing the folder
keeps its files.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import signal
import socket
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import FrameType

from ..errors import InputError, shown

SUFFIXES = (".md", ".json", ".html", ".pdf", ".xlsx")
"""The kinds of file ``baccarat tables`` writes; a folder holding any other is not replaced."""
MARKER = "# results/"
"""How the README.md that :func:`generate` writes begins: a folder holding it was written by ``baccarat tables``."""


class Stage:
    """A staging folder beside the folder to replace; see :func:`staged`."""

    def __init__(self, out: str, target: Path, folder: Path) -> None:
        self.out, self.target, self.folder = out, target, folder

    def commit(self, files: dict[str, str | bytes]) -> list[Path]:
        """Write ``files`` into the staging folder, then put it in the target's place; the paths written."""
        for name, content in files.items():
            handle = os.open(self.folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            with os.fdopen(handle, "wb") as stream:
                stream.write(content.encode("utf-8") if isinstance(content, str) else content)
                stream.flush()
                os.fsync(stream.fileno())
        old = self.target.parent / f".{self.target.name}.old-{os.urandom(4).hex()}"
        with _signals_held():
            had_old = os.path.lexists(self.target)
            if had_old:
                os.chmod(self.folder, stat.S_IMODE(os.stat(self.target).st_mode))
                os.rename(self.target, old)
            try:
                os.rename(self.folder, self.target)
            except BaseException:
                if had_old:
                    os.rename(old, self.target)
                raise
            if had_old:
                shutil.rmtree(old, ignore_errors=True)
        return [Path(self.out) / name for name in files]


@contextmanager
def staged(out: str) -> Iterator[Stage]:
    """Check that ``out`` can be written as a whole and make the staging folder, before anything is computed.

    Refused with :class:`InputError`: an empty path; a path that exists and
    is not a folder (a file, ``/dev/null``); a folder holding anything
    ``baccarat tables`` did not write (a subfolder, another file), which a
    mistyped ``--out`` must never delete; a parent folder that does not exist
    or cannot be written. On leaving, the staging folder is removed if it
    was not committed, whatever happened; SIGTERM is turned into an exit so
    that this cleaning runs.
    """
    target = _checked(out)
    sweep(target.parent)
    folder = target.parent / f".{target.name}.new-{os.getpid()}-{place()}-{os.urandom(4).hex()}"
    try:
        os.mkdir(folder, 0o777)  # the umask applies
    except OSError as error:
        raise InputError(
            f"--out {shown(out)}: cannot create a folder in {shown(str(target.parent))}: "
            f"{(error.strerror or 'error').lower()}."
        ) from None
    previous = _exit_on_sigterm()
    try:
        yield Stage(out, target, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _checked(out: str) -> Path:
    """The folder ``out`` names, once it is known that it may be replaced as a whole."""
    if not out.strip():
        raise InputError("--out is empty; name the folder to write the tables to, e.g. --out results.")
    target = Path(os.path.realpath(out))
    if target.parent == target:
        raise InputError(f"--out {shown(out)} is the root folder; name a folder of its own for the tables.")
    if os.path.lexists(target):
        if not target.is_dir():
            raise InputError(f"--out {shown(out)} is not a folder; name a new folder, or one `baccarat tables` wrote.")
        entries = sorted(target.iterdir())
        foreign = [e.name for e in entries if not (e.is_file() and e.suffix in SUFFIXES) or e.is_symlink()]
        readme = target / "README.md"
        written = not entries or (
            readme.is_file() and readme.read_text(encoding="utf-8", errors="replace").startswith(MARKER)
        )
        if foreign or not written:
            example = f" (e.g. {shown(foreign[0], 60)})" if foreign else ""
            raise InputError(
                f"--out {shown(out)} holds files `baccarat tables` did not write{example}; it replaces the folder as a "
                "whole, so name a new or empty folder, or one it wrote."
            )
    elif os.path.lexists(target.parent) and not target.parent.is_dir():
        raise InputError(f"--out {shown(out)}: {shown(str(target.parent))} is a file, not a folder.")
    elif not target.parent.is_dir():
        raise InputError(f"--out {shown(out)}: the folder {shown(str(target.parent))} does not exist; create it first.")
    return target


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered on leaving) for the few renames of the swap."""
    held = {signal.SIGINT, signal.SIGTERM}
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _exit_on_sigterm() -> signal.Handlers | Callable[[int, FrameType | None], object] | int | None:
    """Make SIGTERM raise SystemExit (so ``finally`` blocks run); the previous handler, or None if unchanged."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def leave(number: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + number)

    return signal.signal(signal.SIGTERM, leave)


STALE_SECONDS = 86_400
"""How old (by its last change) a leftover of a write by another host or PID namespace must be before the sweep
removes it: a day. Its writer's process cannot be looked up from here, so only age can prove it stale."""

_LEFT = re.compile(
    r"\..+\.(?:new-(?P<pid>\d+)(?:-(?P<place>[0-9a-f]{12}))?-[0-9a-f]{8}"
    r"|(?P<file_pid>\d+)(?:-(?P<file_place>[0-9a-f]{12}))?-[0-9a-f]{8}\.tmp)"
)
"""What a write leaves while it runs: a staging folder ``.NAME.new-PID-PLACE-TOKEN``, a file
``.NAME.PID-PLACE-TOKEN.tmp`` (PLACE is :func:`place`; a name without it was left by an earlier version)."""


@cache
def place() -> str:
    """Where this process's PIDs mean something, as 12 hex digits: a hash of the host's name, its boot id and this
    process's PID namespace (the inode of ``/proc/self/ns/pid``). Two containers sharing a folder, or two hosts on
    one NFS share, have different places, so neither takes the other's running writer for a dead one."""
    parts = [socket.gethostname()]
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as stream:
            parts.append(stream.read().strip())
    except OSError:
        parts.append("")
    try:
        parts.append(str(os.stat("/proc/self/ns/pid").st_ino))
    except OSError:
        parts.append("")
    return hashlib.sha256("\0".join(parts).encode("utf-8", "replace")).hexdigest()[:12]


def sweep(folder: Path, now: float | None = None) -> list[Path]:
    """Remove from ``folder`` what writes left that are proven stale (a SIGKILL leaves them: nothing can run then);
    the paths removed.

    A leftover is proven stale when it names this host and PID namespace (:func:`place`) and a process that no
    longer runs there, or, whoever left it (another container, another host, an earlier version's name), when it
    has not changed for :data:`STALE_SECONDS`. A running writer's files are never touched, wherever it runs (unless
    it has written nothing for a day), nor is anything not named as a write names it.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    here = place()
    now = time.time() if now is None else now
    for entry in entries:
        found = _LEFT.fullmatch(entry.name)
        if not found:
            continue
        pid = int(found["pid"] or found["file_pid"])
        if (found["place"] or found["file_place"]) == here:
            if pid == os.getpid() or _alive(pid):
                continue
        else:
            try:
                changed = entry.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue
            if now - changed < STALE_SECONDS:
                continue
        path = Path(entry.path)
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                path.unlink()
        removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or a number no process has): left alone
    return True


def write(out: Path, files: dict[str, str | bytes]) -> list[Path]:
    """Write ``files`` as the folder ``out``, replacing it as a whole (see :func:`staged`)."""
    with staged(str(out)) as stage:
        return stage.commit(files)


def not_writable_over(path: Path) -> str | None:
    """Why an output file may not be written at ``path`` (the end of a sentence), or None if it may.

    The file is written beside the path and renamed over it, so what the path names is replaced, never written
    through: a symbolic link (``ln -s /proc/self/fd/1 s``, or ``/dev/stdout``, itself a link) would be replaced by
    a file and the output lost to where the link pointed, and a device, FIFO or socket replaced by a file. Each is
    refused; a new path or a regular file may be written.
    """
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{(error.strerror or 'error').lower()}."
    if stat.S_ISLNK(mode):
        return (
            "it is a symbolic link, which would be replaced by the file, not written through; give the file it "
            "points to, a new path, or leave out the option to print to stdout."
        )
    if stat.S_ISDIR(mode):
        return "it is a folder."
    if not stat.S_ISREG(mode):
        return "it is not a regular file (a device, a FIFO or a socket); give a new path or a regular file."
    return None


def write_file(path: Path, content: str | bytes) -> Path:
    """Write one file atomically (a temporary file beside it, then a rename), with the umask; no temporary file
    is left behind by an error or an interrupt. For a single output file such as a per-shoe table; a folder of
    tables goes through :func:`write`, which replaces the folder as a whole.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"Cannot write {shown(str(path))}: the folder {shown(str(folder))} does not exist.")
    refused = not_writable_over(path)
    if refused is not None:
        raise InputError(f"Cannot write {shown(str(path))}: {refused}")
    sweep(folder)
    temporary = folder / f".{path.name}.{os.getpid()}-{place()}-{os.urandom(4).hex()}.tmp"
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    except OSError as error:
        raise InputError(f"Cannot write {shown(str(path))}: {(error.strerror or 'error').lower()}.") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content.encode("utf-8") if isinstance(content, str) else content)
            stream.flush()
            os.fsync(stream.fileno())
        with _signals_held():
            os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
    return path
