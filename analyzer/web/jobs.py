"""Long work off the request path: counting studies and reports run as jobs, queued, listed and cancelled.

A job runs in a worker process of its own (:mod:`.workers`: under the server's memory and time limits), so no
request waits for one; the page polls its progress. At most :attr:`Budget.job_slots` jobs run at once; more
wait in one queue, first come first served, up to :attr:`Budget.queue` of them (beyond it a new job is refused
with a 429 line). The last :data:`KEPT` ended jobs are kept for their results.

Each job has an **owner**: the page's tab (the ``X-Workbench-Session`` header it sends, a random id it keeps
for the tab's life), or a program that sends none. Only its owner sees a job (``GET /api/jobs`` lists the
caller's jobs; another's id is a 404), so on a shared server one designer cannot watch or cancel another's
work. A job's id is 128 random bits besides. A running or queued job nobody has asked about for
:attr:`Budget.abandon_seconds` is cancelled: its client is taken to have left.

Only a finished job has a result; a failed one has its one-line error, a cancelled one nothing.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .workers import Budget, Refused, Stopped, Workers

KEPT = 32
"""Ended jobs kept for their results, oldest dropped first."""
SESSION = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""An owner as the page sends it (``X-Workbench-Session``)."""


@dataclass
class Job:
    """One piece of long work: how far it is (``done`` of ``total`` steps) and how it ended."""

    id: str
    kind: str
    total: int
    owner: str
    work: Callable[..., Any]
    args: tuple[Any, ...]
    done: int = 0
    status: str = "queued"
    """queued, running, done, failed or cancelled."""
    error: str | None = None
    result: Any = None
    queued: float = field(default_factory=time.monotonic)
    started: float | None = None
    ended: float | None = None
    seen: float = field(default_factory=time.monotonic)
    stop: threading.Event = field(default_factory=threading.Event)

    def step(self, n: int) -> None:
        """Progress from the worker: ``n`` more steps done."""
        self.done = min(self.total, self.done + n)

    def to_json(self, position: int | None = None) -> dict[str, Any]:
        elapsed = (self.ended or time.monotonic()) - (self.started or time.monotonic())
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "seconds": round(max(0.0, elapsed), 1),
            "error": self.error,
            "position": position,
        }


class Jobs:
    """The server's jobs: one queue, :attr:`Budget.job_slots` running at once, each in a worker."""

    def __init__(self, limits: Budget) -> None:
        self.limits = limits
        self.pool = Workers(limits.job_slots, limits, "job")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._sweeper: threading.Thread | None = None
        self._closed = threading.Event()

    def start(self, kind: str, total: int, owner: str, work: Callable[..., Any], args: tuple[Any, ...]) -> Job:
        """Queue ``work(*args, step)`` (run in a worker as soon as a slot is free); refuses (:class:`Busy`)
        when the queue is full."""
        with self._lock:
            waiting = sum(j.status == "queued" for j in self._jobs.values())
            if waiting >= self.limits.queue:
                raise Busy(
                    f"{self.limits.job_slots} jobs are running and {waiting} waiting, the most the server queues; "
                    "wait for one to finish or cancel one."
                )
            job = Job(id=secrets.token_hex(16), kind=kind, total=max(1, total), owner=owner, work=work, args=args)
            self._jobs[job.id] = job
            ended = [k for k, j in self._jobs.items() if j.status not in ("queued", "running")]
            for key in ended[: max(0, len(self._jobs) - KEPT)]:
                del self._jobs[key]
            if self._sweeper is None:
                self._sweeper = threading.Thread(target=self._sweep, name="jobs sweeper", daemon=True)
                self._sweeper.start()
        self._dispatch()
        return job

    def _dispatch(self) -> None:
        """Start queued jobs, oldest first, while slots are free."""
        with self._lock:
            running = sum(j.status == "running" for j in self._jobs.values())
            starting = []
            for job in self._jobs.values():
                if running >= self.limits.job_slots:
                    break
                if job.status == "queued":
                    job.status, job.started, running = "running", time.monotonic(), running + 1
                    starting.append(job)
        for job in starting:
            threading.Thread(target=self._run, args=(job,), name=f"job {job.kind}", daemon=True).start()

    def _run(self, job: Job) -> None:
        try:
            result = self.pool.call(job.work, job.args, self.limits.job_seconds, job.stop, job.step)
        except Stopped:
            job.status = "cancelled"
        except Refused as e:
            job.error, job.status = str(e), "failed"
        except Exception as e:  # a job's failure is its own; the server goes on
            job.error, job.status = f"The job failed: {type(e).__name__}: {e}", "failed"
        else:
            job.result, job.done, job.status = result, job.total, "done"
        job.ended = time.monotonic()
        self._dispatch()

    def _sweep(self) -> None:
        """Cancel the jobs nobody has asked about for :attr:`Budget.abandon_seconds` (checked every second)."""
        while not self._closed.wait(1.0):
            now = time.monotonic()
            with self._lock:
                left = [
                    j
                    for j in self._jobs.values()
                    if j.status in ("queued", "running") and now - j.seen > self.limits.abandon_seconds
                ]
            for job in left:
                self._stop(job)

    def _stop(self, job: Job) -> None:
        with self._lock:
            if job.status == "queued":
                job.status, job.ended = "cancelled", time.monotonic()
        job.stop.set()
        self._dispatch()

    def get(self, job_id: str, owner: str) -> Job:
        """``owner``'s job ``job_id`` (asking counts as being there); :class:`UnknownJob` for anyone else's."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None or job.owner != owner:
            raise UnknownJob(f"No job {job_id[:40]!r} here (it may have ended long ago and been dropped).")
        job.seen = time.monotonic()
        return job

    def listing(self, owner: str) -> dict[str, Any]:
        """``owner``'s jobs, newest first, with the queue's state (asking counts as being there for each)."""
        now = time.monotonic()
        with self._lock:
            queued = [j for j in self._jobs.values() if j.status == "queued"]
            mine = [j for j in self._jobs.values() if j.owner == owner]
            running = sum(j.status == "running" for j in self._jobs.values())
        for job in mine:
            job.seen = now
        position = {j.id: i + 1 for i, j in enumerate(queued)}
        return {
            "jobs": [j.to_json(position.get(j.id)) for j in reversed(mine)],
            "running": running,
            "queued": len(queued),
            "slots": self.limits.job_slots,
            "queue": self.limits.queue,
        }

    def position(self, job: Job) -> int | None:
        """Where ``job`` waits in the queue (1 is next), or ``None`` when it is not waiting."""
        with self._lock:
            queued = [j.id for j in self._jobs.values() if j.status == "queued"]
        return queued.index(job.id) + 1 if job.id in queued else None

    def cancel(self, job_id: str, owner: str) -> Job:
        job = self.get(job_id, owner)
        self._stop(job)
        return job

    def close(self) -> None:
        """Stop every job and worker (the server is stopping)."""
        self._closed.set()
        with self._lock:
            every = list(self._jobs.values())
        for job in every:
            job.stop.set()
            if job.status == "queued":
                job.status = "cancelled"
        self.pool.close()


class Busy(InputError):
    """Too many jobs at once (429)."""


class UnknownJob(InputError):
    """No such job (404)."""
