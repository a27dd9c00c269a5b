"""The executor interface: same results, in task order, from every implementation."""

from __future__ import annotations

import pytest

from analyzer.errors import InputError
from analyzer.play.executor import open_executor


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

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with open_executor(scheduler=cluster.scheduler_address) as executor:
            assert executor.run(_square_after_delay, list(range(12))) == [n * n for n in range(12)]


def test_workers_must_be_positive() -> None:
    with pytest.raises(InputError, match="--workers must be at least 1"):
        with open_executor(workers=0):
            pass
