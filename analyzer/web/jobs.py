"""Long work off the request path: counting studies and reports run as jobs with progress and a cancel.

A job runs in a thread of its own (a counting study hands its shoes to a local process pool from there), so
no request ever waits for one; the page polls its progress. A job's id is 128 random bits: a tab sees only the
jobs it started. Only a finished job has a result; a failed one has its one-line error, a cancelled one nothing.
At most :data:`RUNNING` jobs run at once (more are refused with a 429 line), and the last :data:`KEPT` are kept.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError

RUNNING = 2
"""Jobs that may run at once (this machine has two cores; a counting study uses them all)."""
KEPT = 32
"""Finished jobs kept for their results, oldest dropped first."""


class Cancelled(Exception):
    """Raised inside a job's progress callback once its cancel was asked for: the work stops at the next step."""


@dataclass
class Job:
    """One piece of long work: how far it is (``done`` of ``total`` steps) and how it ended."""

    id: str
    kind: str
    total: int
    done: int = 0
    status: str = "running"
    """running, done, failed or cancelled."""
    error: str | None = None
    result: Any = None
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)

    def step(self, n: int) -> None:
        """The progress callback: ``n`` more steps done; raises :class:`Cancelled` once a cancel was asked for."""
        if self.cancel.is_set():
            raise Cancelled
        self.done = min(self.total, self.done + n)

    def to_json(self) -> dict[str, Any]:
        elapsed = (self.ended or time.monotonic()) - self.started
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "seconds": round(elapsed, 1),
            "error": self.error,
        }


Work = Callable[[Job], Any]
"""A job's work: called in the job's thread with the job (to report progress through :meth:`Job.step`)."""


class Jobs:
    """The server's jobs."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, kind: str, total: int, work: Work) -> Job:
        """Start ``work`` in its own thread; refuses (:class:`Busy`) when :data:`RUNNING` jobs already run."""
        with self._lock:
            if sum(j.status == "running" for j in self._jobs.values()) >= RUNNING:
                raise Busy(f"{RUNNING} jobs are running already; wait for one to finish or cancel one.")
            job = Job(id=secrets.token_hex(16), kind=kind, total=max(1, total))
            self._jobs[job.id] = job
            finished = [k for k, j in self._jobs.items() if j.status != "running"]
            for key in finished[: max(0, len(self._jobs) - KEPT)]:
                del self._jobs[key]
        threading.Thread(target=self._run, args=(job, work), name=f"job {kind}", daemon=True).start()
        return job

    def _run(self, job: Job, work: Work) -> None:
        try:
            result = work(job)
        except Cancelled:
            job.status = "cancelled"
        except InputError as e:
            job.error, job.status = str(e), "failed"
        except Exception as e:  # a job's failure is its own; the server goes on
            job.error, job.status = f"The job failed: {type(e).__name__}: {e}", "failed"
        else:
            job.result, job.done, job.status = result, job.total, "done"
        job.ended = time.monotonic()

    def get(self, job_id: str) -> Job:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise UnknownJob(f"No job {job_id[:40]!r} here (it may have finished long ago and been dropped).")
        return job

    def cancel(self, job_id: str) -> Job:
        job = self.get(job_id)
        job.cancel.set()
        return job

    def cancel_all(self) -> None:
        """Ask every running job to stop (the server is shutting down)."""
        with self._lock:
            for job in self._jobs.values():
                job.cancel.set()


class Busy(InputError):
    """Too many jobs at once (429)."""


class UnknownJob(InputError):
    """No such job (404)."""
