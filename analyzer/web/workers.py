"""Where the workbench computes: persistent worker processes, each held to a memory and a time limit.

Every request's computation and every job runs in a worker process, never in the server's own: the server
only reads requests, hands the work over and answers. A worker is started once and kept (its counts stay
warm, so a pay change re-prices in milliseconds) until it breaks a limit:

* **memory**: the resident memory of the worker and every process it started (a counting study's pool) is
  read from ``/proc`` every :data:`WATCH_SECONDS`; above :attr:`Budget.memory_mb` the worker's whole process
  group is killed. As a backstop the worker's address space is capped (``RLIMIT_AS``) at its size when ready
  plus twice the limit, so that an allocation faster than the watch ends in ``MemoryError``, not in the
  machine's swap.
* **time**: a request's work is given :attr:`Budget.request_seconds`, a job's :attr:`Budget.job_seconds`;
  past it the worker is killed.
* **stop**: a request whose client left, or a job cancelled, kills its worker at once (the work is not left
  computing for nobody).

A killed worker is replaced by a new one on the next call (its first answer is slower: it loads the library
and counts afresh). The work ends in one line naming the limit and the ``baccarat serve`` option that raises
it. Not guaranteed: the memory watch samples, so a process may overshoot the limit by what it allocates in
:data:`WATCH_SECONDS` (the address-space cap bounds that); the limits hold per worker, so the server's whole
footprint is bounded by the workers' number times the limit, plus the server's own.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..errors import InputError, RunError

WATCH_SECONDS = 0.1
"""How often a worker's memory and time are checked while it works."""


@dataclass(frozen=True, slots=True)
class Budget:
    """What the workbench's work may use (``baccarat serve --memory-limit --time-limit`` set the first two)."""

    memory_mb: int = 2048
    """Resident memory of one worker and its helper processes, in MiB."""
    request_seconds: int = 30
    """The longest one request may compute."""
    job_seconds: int = 3600
    """The longest one job (a counting study, a report) may run."""
    request_workers: int = 2
    """Worker processes answering requests (this machine class has two cores)."""
    job_slots: int = 2
    """Jobs running at once, each in a worker of its own; more wait in the queue."""
    queue: int = 8
    """Jobs that may wait; beyond them a new job is refused (429)."""
    abandon_seconds: int = 60
    """A job nobody has asked about for this long (its page closed, its client gone) is cancelled."""

    def __post_init__(self) -> None:
        if not 256 <= self.memory_mb <= 1_048_576:
            raise InputError(f"--memory-limit {self.memory_mb} MiB; use 256 to 1048576 (MiB per worker).")
        if not 1 <= self.request_seconds <= 86_400 or not 1 <= self.job_seconds <= 120 * 86_400:
            raise InputError("--time-limit must be 1 to 86400 seconds (a job may run 120 times as long).")


class Stopped(Exception):
    """The work was stopped from outside (its client left, or its job was cancelled); there is no answer."""


class Refused(Exception):
    """The work ended without a result: ``status`` and the one line to answer (``line``: the rule file's)."""

    def __init__(self, status: int, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.status, self.line = status, line


# --- inside a worker ---------------------------------------------------------------------------------------


def failure(error: BaseException) -> tuple[int, str, int | None]:
    """The answer to work that raised ``error``: status, one line, and the rule file's line if the error has one.

    >>> failure(OSError(errno.ENOSPC, "No space left on device"))[0]
    507
    """
    status = getattr(error, "status", None)
    if isinstance(error, (InputError, RunError)) or isinstance(status, int):
        return (status if isinstance(status, int) else 400), str(error), getattr(error, "line", None)
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        full = f"The server's temporary folder is full ({error.strerror}); free space there (TMPDIR) and try again."
        return 507, full, None
    if isinstance(error, OSError):
        return 503, f"The server could not use its files ({error.strerror or error}); try again later.", None
    if isinstance(error, RecursionError):
        return 400, "The input nests too deeply to be read; flatten it.", None
    text = " ".join(str(error).split())[:200]
    return 500, f"The server failed on this request ({type(error).__name__}: {text}); its log has the details.", None


def perform(fn: Callable[..., Any], args: tuple[Any, ...], step: Callable[[int], None] | None) -> tuple[Any, ...]:
    """Run ``fn(*args)`` (with ``step`` last, for a job) and say how it ended, as a worker sends it: ``("done",
    result)`` or ``("refused", status, line of text, rule-file line)``."""
    try:
        result = fn(*args, step) if step is not None else fn(*args)
    except MemoryError:
        raise
    except Exception as error:
        status, message, line = failure(error)
        if status == 500:
            traceback.print_exc()  # the server's log has the details; the client gets one line
        return ("refused", status, message, line)
    return ("done", result)


def worker_main(fd: int, memory: int, parent: int) -> None:
    """A worker's life (``python -c`` runs it): answers ``(fn, args, with_progress)`` messages from the socket
    ``fd``, one at a time, until the server closes it."""
    conn = Connection(fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()
    from ..api import workbench  # noqa: F401  (loaded before the cap: what every request needs)

    with contextlib.suppress(OSError, ValueError):
        size = _status_kb(os.getpid(), "VmSize") * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = size + 2 * memory
        if hard == resource.RLIM_INFINITY or soft < hard:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))

    def step(n: int) -> None:
        try:
            conn.send(("step", n))
        except OSError:  # the server is gone: so is this worker, with everything it started
            os.killpg(0, signal.SIGKILL)

    while True:
        try:
            fn, args, progress = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(perform(fn, args, step if progress else None))
        except OSError:
            os.killpg(0, signal.SIGKILL)
        except MemoryError:
            with contextlib.suppress(Exception):
                conn.send(("memory",))
            os._exit(3)  # a worker that ran out is not trusted with more work


def _orphan_watch(parent: int) -> None:
    """Stop this worker's process group when the server is gone (killed without a chance to stop it)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os.killpg(0, signal.SIGKILL)


# --- in the server -----------------------------------------------------------------------------------------


def _status_kb(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def tree_rss(pid: int) -> int:
    """The resident memory, in bytes, of process ``pid`` and its descendants (0 for a process gone)."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        with contextlib.suppress(OSError, ValueError):
            total += _status_kb(p, "VmRSS") * 1024
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as f:
                    todo.extend(int(c) for c in f.read().split())
    return total


class WorkerProcess:
    """One worker process and the pipe to it."""

    def __init__(self, memory: int) -> None:
        # a fresh interpreter (not multiprocessing's spawn, which would import the caller's main script again)
        ours, theirs = socket.socketpair()
        code = f"from analyzer.web.workers import worker_main; worker_main({theirs.fileno()}, {memory}, {os.getpid()})"
        path = os.pathsep.join(p for p in sys.path if p)
        self.process = subprocess.Popen(
            [sys.executable, "-c", code],
            pass_fds=(theirs.fileno(),),
            start_new_session=True,  # a process group of its own: killing it takes its helper processes too
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": path},
        )
        theirs.close()
        self.conn = Connection(ours.detach())

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """Kill the worker and every process it started."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        self.conn.close()


class Workers:
    """Up to ``size`` workers; the most recently used idle one takes the next call (its counts are warmest)."""

    def __init__(self, size: int, limits: Budget, what: str) -> None:
        self.size, self.limits, self.what = size, limits, what
        self._idle: list[WorkerProcess] = []
        self._every: set[WorkerProcess] = set()
        self._workers = 0
        self._ready = threading.Condition()
        self._closed = False
        atexit.register(self.close)  # the workers stop with the server, however it ends

    def call(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        seconds: float,
        stop: threading.Event,
        step: Callable[[int], None] | None = None,
    ) -> Any:
        """``fn(*args)`` in a worker (``fn(*args, step)`` for a job, ``step`` called in this thread with its
        progress); raises :class:`Refused` for bad input or a broken limit, :class:`Stopped` once ``stop`` is
        set. Blocks: call it from a thread."""
        worker = self._acquire(stop, seconds)
        healthy = False
        try:
            worker.conn.send((fn, args, step is not None))
            answer = self._await(worker, seconds, stop, step)
            healthy = True
        finally:
            self._release(worker, healthy)
        if answer[0] == "refused":
            raise Refused(answer[1], answer[2], answer[3])
        return answer[1]

    def _await(
        self, worker: WorkerProcess, seconds: float, stop: threading.Event, step: Callable[[int], None] | None
    ) -> tuple[Any, ...]:
        deadline = time.monotonic() + seconds
        memory = self.limits.memory_mb * 1024 * 1024
        watched = 0.0  # when the worker's memory was last read: at most every WATCH_SECONDS, however often it reports
        while True:
            if worker.conn.poll(WATCH_SECONDS):
                try:
                    message = worker.conn.recv()
                except (EOFError, OSError):
                    message = ("gone",)
                if message[0] in ("done", "refused"):
                    return tuple(message)
                if message[0] == "memory":
                    raise self._memory()
                if message[0] != "step":
                    raise Refused(500, f"The {self.what} worker stopped unexpectedly; try again.")
                if step is not None:
                    step(message[1])
            # checked after every message too: a job reporting progress often is still stopped, timed and watched
            if stop.is_set():
                raise Stopped
            now = time.monotonic()
            if now > deadline:
                raise self._time(seconds)
            if now - watched < WATCH_SECONDS:
                continue
            watched = now
            if tree_rss(worker.pid) > memory:
                raise self._memory()
            if not worker.alive():
                raise Refused(500, f"The {self.what} worker stopped unexpectedly; try again.")

    def _memory(self) -> Refused:
        return Refused(
            503,
            f"This needed more than {self.limits.memory_mb:,} MiB, the server's memory limit per {self.what} "
            "(`baccarat serve --memory-limit MIB` raises it); try fewer decks or wagers, or the command line.",
        )

    def _time(self, seconds: float) -> Refused:
        hint = (
            "try fewer wagers, or run it as a job (counting studies and reports are jobs)"
            if self.what == "request"
            else "try fewer shoes, or the command line"
        )
        return Refused(
            503,
            f"This took longer than {seconds:g} s, the server's time limit per {self.what} "
            f"(`baccarat serve --time-limit SECONDS` raises it); {hint}.",
        )

    def _acquire(self, stop: threading.Event, seconds: float) -> WorkerProcess:
        deadline = time.monotonic() + seconds
        with self._ready:
            while not self._idle and self._workers >= self.size:
                if stop.is_set():
                    raise Stopped
                if time.monotonic() > deadline:
                    raise Refused(503, f"Every {self.what} worker stayed busy for {seconds:g} s; try again.")
                self._ready.wait(WATCH_SECONDS)
            if self._closed:
                raise Stopped
            if self._idle:
                return self._idle.pop()
            self._workers += 1
        try:
            worker = WorkerProcess(self.limits.memory_mb * 1024 * 1024)
        except BaseException:
            with self._ready:
                self._workers -= 1
                self._ready.notify()
            raise
        with self._ready:
            self._every.add(worker)
        return worker

    def _release(self, worker: WorkerProcess, healthy: bool) -> None:
        if not healthy or self._closed:
            worker.kill()
        with self._ready:
            if healthy and not self._closed:
                self._idle.append(worker)
            else:
                self._workers -= 1
                self._every.discard(worker)
            self._ready.notify()

    def close(self) -> None:
        """Stop every worker, idle or busy (a busy one's call ends as its worker stopped)."""
        with self._ready:
            self._closed = True
            every, self._idle = list(self._every), []
            self._every.clear()
        for worker in every:
            worker.kill()

    def pids(self) -> list[int]:
        """The idle workers' process ids (for tests and the memory figures)."""
        with self._ready:
            return [w.pid for w in self._idle]
