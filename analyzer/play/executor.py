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

Guarantee: :meth:`Executor.run` returns the results in the order of the
tasks, whatever order they finish in, so a caller that combines them in that
order gets the same answer from any executor and any number of workers.
Trap: ``fn`` and the tasks must be picklable (a module-level function and
plain data), because they cross a process or a network boundary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..errors import InputError

T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int], None]
"""Called with the number of tasks just finished (for a progress bar)."""


class Executor(Protocol):
    """Runs ``fn`` over tasks and returns the results in task order."""

    description: str

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        """``[fn(t) for t in tasks]``, computed wherever the executor runs things."""
        ...


class LocalExecutor:
    """A pool of ``workers`` local processes; one worker runs in this process."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise InputError(f"--workers must be at least 1, got {workers}.")
        self.workers = workers
        self.description = f"local, {workers} worker{'s' if workers != 1 else ''}"
        self._pool: ProcessPoolExecutor | None = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        if self._pool is None:
            results = []
            for task in tasks:
                results.append(fn(task))
                if progress:
                    progress(1)
            return results
        futures: dict[Future[R], int] = {self._pool.submit(fn, task): i for i, task in enumerate(tasks)}
        ordered: list[Any] = [None] * len(tasks)
        for future in as_completed(futures):
            ordered[futures[future]] = future.result()
            if progress:
                progress(1)
        return ordered

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()


class DaskExecutor:
    """Chunks sent to the Dask distributed scheduler at ``address``."""

    def __init__(self, address: str) -> None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise InputError(
                "--scheduler needs Dask distributed; install it with: pip install 'baccarat-analyzer[dask]'."
            ) from None
        try:
            self._client = Client(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise InputError(f"Cannot reach the Dask scheduler at {address!r}: {error}.") from None
        self.description = f"Dask scheduler {address}"
        self.address = address

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], progress: Progress | None = None) -> list[R]:
        from dask.distributed import as_completed as dask_as_completed

        futures = self._client.map(fn, list(tasks), pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        ordered: list[Any] = [None] * len(tasks)
        try:
            for future in dask_as_completed(futures):
                ordered[index[future.key]] = future.result()
                if progress:
                    progress(1)
        except (ModuleNotFoundError, RuntimeError) as error:
            # The scheduler (it unpickles the task graph) or a worker lacks this package.
            missing = error if isinstance(error, ModuleNotFoundError) else error.__cause__
            if not isinstance(missing, ModuleNotFoundError):
                raise
            raise InputError(
                f"The Dask cluster at {self.address} cannot import {missing.name}: install this package, "
                "the same version, on the scheduler and on every worker (pip install 'baccarat-analyzer[dask]')."
            ) from None
        return ordered

    def close(self) -> None:
        self._client.close()


@contextmanager
def open_executor(workers: int = 1, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor the command line asked for, closed on exit.

    ``scheduler`` (a Dask address such as ``tcp://10.0.0.5:8786``) wins over
    ``workers``: the cluster decides how many workers there are.
    """
    chosen: LocalExecutor | DaskExecutor = DaskExecutor(scheduler) if scheduler else LocalExecutor(workers)
    try:
        yield chosen
    finally:
        chosen.close()
