"""The local executor's worker processes, owned outright through :mod:`multiprocessing`'s public interface.

:class:`Pool` starts ``workers`` processes (forked where the platform forks, so that they start at once and
inherit what this process has computed), each with its own duplex pipe, and runs one task at a time on each:
a task is sent when its worker is idle, and the worker sends back the result or the exception. A worker that
dies mid-task (its process sentinel is ready with no answer) is replaced and its task sent again; after
:data:`~analyzer.play.executor.MAX_POOL_RESTARTS` replacements the run stops with one
:class:`~analyzer.errors.RunError`. Results come back in task order, with at most ``window`` tasks taken from
the iterable and not yet yielded.

Why owned, and not :class:`concurrent.futures.ProcessPoolExecutor`: stopping a broken pool of that kind
cleanly, so that no worker outlives the run and the interpreter's exit never waits on a queue feeder blocked on
a dead worker's pipe, took its private attributes; here every pipe has one end in the worker and one in this
process (a forked worker closes its copies of the others'), so a dead worker's pipe reads EOF and refuses writes,
and there is no feeder thread at all. Each worker ends with its parent, whatever ends the parent, SIGKILL
included: a thread waits on ``multiprocessing.parent_process().join()`` and ends the worker when it returns.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.process
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from ..errors import RunError

T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int], None]
MAX_REPLACEMENTS = 3
"""How many dead workers are replaced before the run gives up (the executor's ``MAX_POOL_RESTARTS``)."""
_END: Any = object()


class _Worker:
    """One worker process, this process's end of its pipe, and the task it is running (index, task), if any."""

    def __init__(self, process: multiprocessing.process.BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.job: tuple[int, Any] | None = None

    def stop(self) -> None:
        """End the worker now (it may be in the middle of a task) and release its pipe."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        self.process.join(STOP_SECONDS)
        self.connection.close()


class Pool:
    """Worker processes this executor owns outright, one pipe each, through multiprocessing's public interface.

    Each worker runs one task at a time, sent over its own pipe when it is idle, and sends back the result or the
    exception. A worker that dies (its process sentinel is ready with no result) is replaced and its task sent
    again; nothing else is disturbed. Workers end with their parent, whatever ends it (:func:`_serve`).
    """

    def __init__(self, workers: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        # fork where there is one: workers start at once and inherit what this process has computed and cached
        self._context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self._forks = "fork" in methods
        self._workers: list[_Worker] = []
        for _ in range(workers):
            self._workers.append(self._start())
        self.deaths = 0

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe(duplex=True)
        siblings = [w.connection for w in self._workers] if self._forks else []  # inherited by a fork: closed there
        process = self._context.Process(target=_serve, args=(theirs, siblings), name="baccarat worker", daemon=True)
        process.start()
        theirs.close()  # only the worker holds its end: when it dies, this end reads EOF and writes fail
        return _Worker(process, ours)

    def _replace(self, worker: _Worker) -> None:
        worker.stop()
        self._workers[self._workers.index(worker)] = self._start()

    def map(self, fn: Callable[[T], R], tasks: Iterable[T], window: int, progress: Progress | None) -> Iterator[R]:
        """``fn(t) for t in tasks`` in task order; at most ``window`` tasks taken and not yet yielded."""
        source = iter(tasks)
        pending: deque[tuple[int, Any]] = deque()
        ready: dict[int, Any] = {}
        taken = yielded = 0
        exhausted = False
        try:
            while True:
                while not exhausted and taken - yielded < window:
                    task = next(source, _END)
                    if task is _END:
                        exhausted = True
                        break
                    pending.append((taken, task))
                    taken += 1
                for worker in list(self._workers):
                    if worker.job is None and pending:
                        self._send(worker, fn, pending.popleft(), pending)
                busy = [w for w in self._workers if w.job is not None]
                if busy:
                    for index, value in self._finished(busy, pending):
                        ready[index] = value
                        if progress:
                            progress(1)
                elif not pending and exhausted and not ready:
                    return
                while yielded in ready:
                    yield ready.pop(yielded)
                    yielded += 1
        finally:  # stopped early (an error, or a caller that stopped reading): no result may reach a later map
            for worker in list(self._workers):
                if worker.job is not None:
                    worker.job = None
                    self._replace(worker)

    def _send(self, worker: _Worker, fn: Callable[[Any], Any], job: tuple[int, Any], pending: deque[Any]) -> None:
        worker.job = job
        try:
            worker.connection.send((fn, job[1]))
        except (BrokenPipeError, ConnectionResetError):  # it died between tasks: its task waits for the next
            self._died(worker, pending)

    def _died(self, worker: _Worker, pending: deque[tuple[int, Any]]) -> None:
        self.deaths += 1
        if self.deaths > MAX_REPLACEMENTS:
            raise RunError(
                f"A worker process died {self.deaths} times while running a chunk (killed, or out of memory); "
                "the run is stopped. Try fewer --workers, or a smaller run."
            )
        assert worker.job is not None
        pending.appendleft(worker.job)
        worker.job = None
        self._replace(worker)

    def _finished(self, busy: list[_Worker], pending: deque[tuple[int, Any]]) -> list[tuple[int, Any]]:
        """Wait until a busy worker answers or dies; the (index, result) of those that answered."""
        by_handle: dict[Any, _Worker] = {}
        for worker in busy:
            by_handle[worker.connection] = worker
            by_handle[worker.process.sentinel] = worker
        answered: list[tuple[int, Any]] = []
        woken = {id(by_handle[h]): by_handle[h] for h in wait(list(by_handle))}
        for worker in woken.values():
            answer: tuple[bool, Any] | None
            try:
                answer = worker.connection.recv() if worker.connection.poll() else None
            except (EOFError, OSError):
                answer = None
            if answer is None:  # no answer: it died in the middle of the task
                self._died(worker, pending)
                continue
            ok, value = answer
            job, worker.job = worker.job, None
            assert job is not None
            if not ok:
                assert isinstance(value, BaseException)
                raise value
            answered.append((job[0], value))
            if not worker.process.is_alive():  # answered, then died: replaced, nothing to run again
                self._replace(worker)
        return answered

    def close(self) -> None:
        """Ask idle workers to finish, stop busy ones, and wait for every one (briefly; then they are killed)."""
        for worker in self._workers:
            if worker.job is None:
                with contextlib.suppress(OSError, ValueError):
                    worker.connection.send(None)
        deadline = time.monotonic() + STOP_SECONDS
        for worker in self._workers:
            if worker.job is None:
                worker.process.join(max(0.0, deadline - time.monotonic()))
            worker.stop()
        self._workers = []


STOP_SECONDS = 2.0
"""How long an idle worker is given to finish when the pool closes, before it is killed."""


def _serve(connection: Connection, siblings: list[Connection]) -> None:
    """A worker's life: run each task sent, send back its result or its exception, until told to stop.

    A forked worker first closes its copies of the other workers' pipes, so that each pipe has one end here and
    one in the parent. It ignores Ctrl-C (the parent stops the pool), and a thread waits for the parent to end
    (:meth:`multiprocessing.parent_process` ``.join()``) and then ends the worker at once, in the middle of a task
    too: no worker outlives its parent, whether the parent exits, is terminated or is killed.
    """
    for sibling in siblings:
        sibling.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="end with the parent", daemon=True).start()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if message is None:
            return
        fn, task = message
        try:
            outcome: tuple[bool, Any] = (True, fn(task))
        except Exception as error:
            outcome = (False, error)
        try:
            connection.send(outcome)
        except (BrokenPipeError, ConnectionResetError, EOFError):
            return
        except Exception as error:  # a result or an exception that cannot be pickled
            connection.send((False, RuntimeError(f"a worker's result could not be sent back: {error!r}")))


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()
    os._exit(1)
