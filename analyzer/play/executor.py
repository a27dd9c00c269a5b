"""Executors: one interface for running independent chunks of work.

``simulate`` and ``count`` split their work into chunks whose results do not
depend on which worker runs them (each chunk carries its own seed), then hand
the chunks to an :class:`Executor`. Two implementations stand behind the one
interface:

* :class:`LocalExecutor`: a local process pool (``--workers N``); with one
  worker the chunks run in this process, in order.
* :class:`DaskExecutor`: a Dask distributed cluster (``--scheduler ADDRESS``),
  through ``dask.distributed.Client``. Dask is an optional dependency
  (``pip install 'baccarat-analyzer[dask]'``), imported only here and only
  when a scheduler is named.

Guarantees
    :meth:`Executor.map` yields the results in the order of the tasks,
    whatever order they finish in, so a caller that combines them in that
    order gets the same answer from any executor and any number of workers.
    Tasks are taken from the iterable only as they are sent, and at most
    :data:`IN_FLIGHT_PER_WORKER` per worker are out at once, so memory does
    not grow with the number of tasks.

    The local pool owns its worker processes outright, through
    :mod:`multiprocessing`'s public interface only: one pipe per worker, a
    task sent when the worker is idle. A worker that dies (killed, out of
    memory) is replaced and its task sent again; as tasks are deterministic,
    the results are those of an unbroken run. After :data:`MAX_POOL_RESTARTS`
    replacements the run stops with one :class:`~analyzer.errors.RunError` (a
    task that kills its worker every time). No worker outlives its parent,
    whatever ends the parent (SIGKILL included): each waits on
    ``multiprocessing.parent_process().join()`` and ends when it returns. On
    Dask, the scheduler retries a lost worker's tasks itself.

Bounded waits on Dask (:class:`~analyzer.errors.RunError`, one line, exit 2
at the command line): an address that does not answer as a Dask scheduler
within :data:`CONNECT_SECONDS` (nothing listening, an HTTP server, a
firewall); a scheduler with no worker for :data:`NO_WORKER_SECONDS`, at the
start or at any time during the run; a scheduler lost during the run.

Trap: ``fn`` and the tasks must be picklable (a module-level function and
plain data), because they cross a process or a network boundary.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..errors import InputError, RunError, named, shown
from ..extras import require
from .pool import MAX_REPLACEMENTS, Pool

T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int], None]
"""Called with the number of tasks just finished (for a progress bar)."""

IN_FLIGHT_PER_WORKER = 4
"""Tasks sent ahead per worker: enough to keep every worker busy, few enough to keep memory flat."""
MAX_POOL_RESTARTS = MAX_REPLACEMENTS
"""How many dead local workers are replaced before the run gives up."""
CONNECT_SECONDS = 10
"""The longest wait for an address to answer as a Dask scheduler."""
NO_WORKER_SECONDS = 30
"""The longest a run waits while the Dask scheduler has no worker."""
SCHEMES = ("tcp", "tls")
"""Dask address schemes accepted by ``--scheduler``; ``HOST:PORT`` alone means tcp."""


class Executor(Protocol):
    """Runs ``fn`` over tasks and yields the results in task order."""

    description: str

    def map(self, fn: Callable[[T], R], tasks: Iterable[T], progress: Progress | None = None) -> Iterator[R]:
        """``fn(t) for t in tasks``, computed wherever the executor runs things, in task order."""
        ...

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        """``[fn(t) for t in tasks]``: :meth:`map`, as a list."""
        ...


def _dask_ordered(
    submit: Callable[[T], Any],
    finished: Callable[[list[Any]], list[Any]],
    result: Callable[[Any], Any],
    tasks: Iterable[T],
    window: int,
    progress: Progress | None,
) -> Iterator[Any]:
    """Keep ``window`` Dask futures out and yield their results in task order.

    ``finished(futures)`` waits until at least one of them is done and returns the done ones.
    """
    source = iter(tasks)
    out: dict[int, Any] = {}  # index -> future
    ready: dict[int, Any] = {}
    sent = yielded = 0
    exhausted = False
    while True:
        while not exhausted and len(out) + len(ready) < window:
            task = next(source, _END)
            if task is _END:
                exhausted = True
                break
            out[sent] = submit(task)
            sent += 1
        if not out and not ready:
            return
        if out:
            by_future = {id(future): i for i, future in out.items()}
            for future in finished(list(out.values())):
                index = by_future[id(future)]
                ready[index] = result(future)
                del out[index]
                if progress:
                    progress(1)
        while yielded in ready:
            yield ready.pop(yielded)
            yielded += 1


_END: Any = object()


class LocalExecutor:
    """A pool of ``workers`` local processes; one worker runs in this process."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise InputError(f"{named('workers')} must be at least 1, got {shown(workers)}.")
        self.workers = workers
        self.description = f"local, {workers} worker{'s' if workers != 1 else ''}"
        self._pool: Pool | None = Pool(workers) if workers > 1 else None

    def map(self, fn: Callable[[T], R], tasks: Iterable[T], progress: Progress | None = None) -> Iterator[R]:
        if self._pool is None:
            for task in tasks:
                value = fn(task)
                if progress:
                    progress(1)
                yield value
            return
        yield from self._pool.map(fn, tasks, IN_FLIGHT_PER_WORKER * self.workers, progress)

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        return list(self.map(fn, tasks, progress))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()


def check_address(address: str) -> str:
    """A ``--scheduler`` address as Dask takes it, or :class:`InputError`.

    >>> check_address("10.0.0.5:8786"), check_address("tls://sched.example:8786")
    ('tcp://10.0.0.5:8786', 'tls://sched.example:8786')
    """
    text = address.strip()
    if not text:
        raise InputError("--scheduler is empty; give the Dask scheduler's address, e.g. tcp://10.0.0.5:8786.")
    scheme, _, rest = text.rpartition("://")
    if scheme and scheme not in SCHEMES:
        raise InputError(
            f"--scheduler {shown(address)}: the scheme {shown(scheme, 20)} is not supported; use "
            f"{' or '.join(s + '://HOST:PORT' for s in SCHEMES)}."
        )
    match = re.fullmatch(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]{1,253}):(?P<port>\d{1,5})", rest)
    if not match or not 1 <= int(match["port"]) <= 65535:
        raise InputError(
            f"--scheduler {shown(address)} is not HOST:PORT (a port from 1 to 65535), e.g. tcp://10.0.0.5:8786."
        )
    return f"{scheme or 'tcp'}://{rest}"


def _quiet() -> None:
    """Silence Dask's own log lines on stderr (call after importing it): a failure is reported once, as one line."""
    import logging

    silent = logging.CRITICAL + 1
    for name in ("distributed", "tornado", "asyncio"):
        logger = logging.getLogger(name)
        logger.setLevel(silent)
        for handler in logger.handlers:
            handler.setLevel(silent)
    for name in list(logging.root.manager.loggerDict):
        if name.startswith("distributed."):
            logging.getLogger(name).setLevel(silent)


def _identity(address: str) -> dict[str, Any]:
    """What the server at ``address`` says it is, asked as Dask asks, within :data:`CONNECT_SECONDS`."""
    import asyncio

    from distributed.comm.core import connect
    from distributed.security import Security

    async def ask() -> Any:
        arguments = Security().get_connection_args("client")
        comm = await asyncio.wait_for(connect(address, timeout=CONNECT_SECONDS, **arguments), CONNECT_SECONDS)
        try:
            await asyncio.wait_for(comm.write({"op": "identity"}), CONNECT_SECONDS)
            return await asyncio.wait_for(comm.read(), CONNECT_SECONDS)
        finally:
            comm.abort()

    started = time.monotonic()
    try:
        reply = asyncio.run(ask())
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        waited = time.monotonic() - started
        if address.startswith("tls://") and "ssl_context" in str(error):
            raise RunError(
                f"--scheduler {shown(address)} is tls://, but no TLS settings are given: set Dask's "
                "DASK_DISTRIBUTED__COMM__TLS__CA_FILE, __CLIENT__CERT and __CLIENT__KEY (see the README)."
            ) from None
        reason = (
            "no answer" if waited >= CONNECT_SECONDS - 0.5 else shown(str(error) or type(error).__name__, 200)[1:-1]
        )
        raise RunError(
            f"Cannot reach a Dask scheduler at {shown(address)} within {CONNECT_SECONDS} s ({reason}); "
            "check the address, and that `dask scheduler` runs there."
        ) from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise RunError(f"{shown(address)} answered, but not as a Dask scheduler; check the address and port.")
    return reply


class DaskExecutor:
    """Chunks sent to the Dask distributed scheduler at ``address``."""

    def __init__(self, address: str) -> None:
        address = check_address(address)
        require("dask", "dask", "distributed", what="--scheduler")
        from dask.distributed import Client

        _quiet()
        _identity(address)
        try:
            self._client = Client(address, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError, ValueError) as error:
            raise RunError(f"Cannot reach the Dask scheduler at {shown(address)}: {shown(str(error))[1:-1]}.") from None
        self.description = f"Dask scheduler {address}"
        self.address = address
        self._wait_for_a_worker()

    def _workers(self) -> int:
        try:
            return len(self._client.scheduler_info(n_workers=-1)["workers"])
        except TypeError:  # older distributed: no n_workers argument
            return len(self._client.scheduler_info()["workers"])

    def _wait_for_a_worker(self) -> None:
        try:
            self._client.wait_for_workers(1, timeout=NO_WORKER_SECONDS)
        except (TimeoutError, OSError):
            self.close()
            raise RunError(
                f"The Dask scheduler at {self.address} has no worker (waited {NO_WORKER_SECONDS} s); "
                f"start some with: dask worker {self.address}"
            ) from None

    def map(self, fn: Callable[[T], R], tasks: Iterable[T], progress: Progress | None = None) -> Iterator[R]:
        from dask.distributed import wait as dask_wait

        idle_since: list[float | None] = [None]

        def submit(task: T) -> Any:
            return self._client.submit(fn, task, pure=False)

        def finished(futures: list[Any]) -> list[Any]:
            while True:
                try:
                    done, _ = dask_wait(futures, timeout=2, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    done = set()
                if done:
                    idle_since[0] = None
                    return list(done)
                if self._client.status not in ("running", "connecting"):
                    raise RunError(f"Lost the Dask scheduler at {self.address} during the run; nothing is reported.")
                if self._workers():
                    idle_since[0] = None
                elif idle_since[0] is None:
                    idle_since[0] = time.monotonic()
                elif time.monotonic() - idle_since[0] > NO_WORKER_SECONDS:
                    raise RunError(
                        f"The Dask scheduler at {self.address} has had no worker for {NO_WORKER_SECONDS} s; "
                        "the run is stopped."
                    )

        try:
            yield from _dask_ordered(
                submit, finished, self._result, tasks, IN_FLIGHT_PER_WORKER * max(1, self._workers()), progress
            )
        except RunError:
            raise
        except (OSError, TimeoutError, CancelledError) as error:  # CommClosedError is an OSError
            reason = (
                "its tasks were cancelled"
                if isinstance(error, CancelledError)
                else shown(str(error) or type(error).__name__)[1:-1]
            )
            raise RunError(
                f"Lost the Dask scheduler at {self.address} during the run ({reason}); nothing is reported."
            ) from None

    def _result(self, future: Any) -> Any:
        try:
            return future.result()
        except (ModuleNotFoundError, RuntimeError) as error:
            # The scheduler (it unpickles the task graph) or a worker lacks this package.
            missing = error if isinstance(error, ModuleNotFoundError) else error.__cause__
            if not isinstance(missing, ModuleNotFoundError):
                raise
            raise RunError(
                f"The Dask cluster at {self.address} cannot import {missing.name}: install this package, "
                "the same version, on the scheduler and on every worker (pip install 'baccarat-analyzer[dask]')."
            ) from None

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        return list(self.map(fn, tasks, progress))

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing a client whose scheduler is gone: nothing more to do
            self._client.close(timeout=CONNECT_SECONDS)


@contextmanager
def open_executor(workers: int = 1, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor the command line asked for, closed on exit.

    ``scheduler`` (a Dask address such as ``tcp://10.0.0.5:8786``) wins over
    ``workers``: the cluster decides how many workers there are. An empty
    ``scheduler`` is refused, not taken to mean "local".
    """
    chosen: LocalExecutor | DaskExecutor = DaskExecutor(scheduler) if scheduler is not None else LocalExecutor(workers)
    try:
        yield chosen
    finally:
        chosen.close()
