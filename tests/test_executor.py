"""The executor interface: same results, in task order, from every implementation."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from analyzer.errors import InputError, RunError
from analyzer.play import executor as executor_module
from analyzer.play.executor import IN_FLIGHT_PER_WORKER, open_executor

from .clirun import assert_refused


def _square_after_delay(n: int) -> int:
    import time

    time.sleep(0.01 * (5 - n % 5))  # finish out of order on purpose
    return n * n


@pytest.mark.parametrize("workers", [1, 2])
def test_local_results_come_back_in_task_order(workers: int) -> None:
    done: list[int] = []
    with open_executor(workers=workers) as executor:
        assert executor.run(_square_after_delay, list(range(12)), done.append) == [n * n for n in range(12)]
    assert sum(done) == 12


def test_dask_local_cluster_gives_the_same_results() -> None:
    from dask.distributed import LocalCluster  # a test dependency: this test must run, not skip

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        open_executor(scheduler=cluster.scheduler_address) as executor,
    ):
        assert executor.run(_square_after_delay, list(range(12))) == [n * n for n in range(12)]


def test_workers_must_be_positive() -> None:
    with pytest.raises(InputError, match="workers must be at least 1"), open_executor(workers=0):
        pass


# ------------------------------------------------------- faults of the run


def _square_or_die_once(task: tuple[int, str]) -> int:
    """Kill the worker process running task 5 the first time (the marker file says whether it was done)."""
    import os
    import signal
    from pathlib import Path

    n, marker = task
    if n == 5 and not Path(marker).exists():
        Path(marker).write_text("killed once")
        os.kill(os.getpid(), signal.SIGKILL)
    return n * n


def _always_die(n: int) -> int:
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)
    return n


def test_a_killed_local_worker_s_chunk_is_run_again_and_the_results_are_unchanged(tmp_path: Path) -> None:
    marker = str(tmp_path / "killed")
    with open_executor(workers=2) as executor:
        assert executor.run(_square_or_die_once, [(n, marker) for n in range(12)]) == [n * n for n in range(12)]
    assert Path(marker).exists()  # the kill did happen


def test_a_task_that_always_kills_its_worker_stops_the_run_with_one_line() -> None:
    with pytest.raises(RunError, match="A worker process died 4 times"), open_executor(workers=2) as executor:
        executor.run(_always_die, [1, 2, 3])


def test_local_tasks_are_taken_as_they_are_sent_not_all_at_once() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for n in range(10**9):  # a billion tasks: never listed
            taken.append(n)
            yield n

    with open_executor(workers=2) as executor:
        results = executor.map(_square_after_delay, tasks())
        assert [next(results) for _ in range(5)] == [0, 1, 4, 9, 16]
    assert len(taken) <= 5 + IN_FLIGHT_PER_WORKER * 2


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("", "--scheduler is empty"),
        ("  ", "--scheduler is empty"),
        ("ucx://10.0.0.5:8786", "the scheme 'ucx' is not supported; use tcp://HOST:PORT or tls://HOST:PORT"),
        ("inproc://x", "the scheme 'inproc' is not supported"),
        ("tcp://host", "is not HOST:PORT"),
        ("tcp://host:99999", "is not HOST:PORT (a port from 1 to 65535)"),
    ],
)
def test_an_empty_or_unsupported_scheduler_address_is_refused(address: str, message: str) -> None:
    assert_refused(["simulate", "--rules", "punto-banco", "--rounds", "10", "--scheduler", address], message)


@pytest.fixture
def quick_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shorter bounded waits, so that the tests of them take a second or two."""
    monkeypatch.setattr(executor_module, "CONNECT_SECONDS", 1)
    monkeypatch.setattr(executor_module, "NO_WORKER_SECONDS", 1)


@contextmanager
def _silent_server() -> Iterator[str]:
    """A TCP server that accepts connections and never answers (as an HTTP server does to Dask's handshake)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: list[socket.socket] = []

    def accept() -> None:
        with contextlib.suppress(OSError):
            while True:
                accepted.append(server.accept()[0])

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for connection in accepted:
            connection.close()


@pytest.mark.slow
def test_something_that_is_not_a_scheduler_is_one_line_in_bounded_time(quick_dask: None) -> None:
    started = time.monotonic()
    with (
        _silent_server() as address,
        pytest.raises(RunError, match=r"Cannot reach a Dask scheduler at .* within 1 s"),
        open_executor(scheduler=address),
    ):
        pass
    assert time.monotonic() - started < 5


@pytest.mark.slow
def test_a_scheduler_with_no_worker_is_one_line_in_bounded_time(quick_dask: None) -> None:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0") as cluster:
        started = time.monotonic()
        with (
            pytest.raises(RunError, match=r"has no worker \(waited 1 s\)"),
            open_executor(scheduler=cluster.scheduler_address),
        ):
            pass
        assert time.monotonic() - started < 5


def _slow(n: int) -> int:
    time.sleep(0.2)
    return n


@pytest.mark.slow
def test_a_scheduler_lost_during_the_run_is_one_line(quick_dask: None) -> None:
    from dask.distributed import LocalCluster

    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0")
    try:
        with (
            pytest.raises(RunError, match=r"Lost the Dask scheduler at .* during the run"),
            open_executor(scheduler=cluster.scheduler_address) as executor,
        ):
            threading.Timer(0.5, cluster.close).start()
            executor.run(_slow, list(range(100)))
    finally:
        cluster.close()
