"""The workbench on a shared server (issue 30, items 1 and 7): work held to memory and time limits in worker
processes, one job queue with owners, a list and cancel, sizes refused up front, and every failure one line of
JSON. The load test at the end sends the hostile requests of the issue to a real ``baccarat serve`` process."""

from __future__ import annotations

import base64
import contextlib
import errno
import json
import operator
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from analyzer.web import routes
from analyzer.web.app import create_app
from analyzer.web.guard import Guard
from analyzer.web.jobs import Jobs
from analyzer.web.jsonbody import MAX_DEPTH, depth
from analyzer.web.workers import Budget, Refused, Stopped, Workers, failure, perform, tree_rss

from .clirun import assert_refused
from .web_server import free_port, wait_listening

EXAMPLES = Path(__file__).parent.parent / "examples"
TAB = "tab-aaaaaaaaaaaaaaaa"
OTHER_TAB = "tab-bbbbbbbbbbbbbbbb"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Guard.for_address("testserver", 80, None)))


def one_line_error(response: Any, status: int) -> str:
    """The answer's one-line JSON error, after checking its status."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    error: str = response.json()["error"]
    assert "\n" not in error and "Traceback" not in error
    return error


def ten_wagers() -> str:
    """The issue's 11 KB rule text: ten copies of examples/my-side-bets.toml's wager."""
    text = (EXAMPLES / "my-side-bets.toml").read_text(encoding="utf-8")
    head, wager = text.split("[wagers.nine-over-seven]")
    return head + "".join(f"[wagers.w{i}]" + wager for i in range(10))


# --- errors as JSON, always (item 7) -------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [50_000, 100_000])
@pytest.mark.parametrize("opening", [b"[", b'{"a":'])
def test_json_nested_deeper_than_the_stated_depth_is_refused_before_it_is_parsed(
    client: TestClient, levels: int, opening: bytes
) -> None:
    closing = b"]" if opening == b"[" else b"}"
    body = opening * levels + (b"1" if opening == b"[" else b"{}") + closing * levels
    error = one_line_error(client.post("/api/analyze", content=body), 400)
    deep = levels + (opening != b"[")
    assert error == f"The request body nests JSON {deep:,} levels deep; the workbench reads at most {MAX_DEPTH}."


def test_the_depth_counts_brackets_outside_strings_only() -> None:
    assert depth(b'{"a": [1, {"b": "[[[{{{"}], "c": "\\"]]"}') == 3
    assert depth(b"[]" * 1000) == 1


@pytest.mark.slow  # its first computation starts a worker process
def test_a_state_nested_within_the_stated_depth_is_read(client: TestClient) -> None:
    nested: Any = {"rules": "punto-banco"}
    body = json.dumps({"state": nested, "pad": [[[[[]]]]]})
    assert client.post("/api/analyze", content=body).status_code == 200


@pytest.mark.parametrize(
    ("body", "place"),
    [
        (b'{"state":{"text":"\\ud800"}}', "state.text"),
        (b'{"state":{"rules":"punto-banco","pays":["tie:tie=9:1","\\udc00x"]}}', "state.pays[1]"),
        (b'{"state":{"rules":"punto-banco"},"wager":"\\ud83d"}', "wager"),
    ],
)
def test_a_lone_surrogate_is_a_400_naming_the_field(client: TestClient, body: bytes, place: str) -> None:
    error = one_line_error(client.post("/api/analyze", content=body), 400)
    assert error.startswith(f"{place} holds a lone surrogate")


@pytest.mark.slow  # its first computation starts a worker process
def test_a_surrogate_pair_is_text_and_is_read(client: TestClient) -> None:
    body = b'{"state":{"rules":"punto-banco","title":"\\ud83c\\udca1 aces"}}'
    assert client.post("/api/analyze", content=body).status_code == 200


@pytest.mark.parametrize(("method", "path", "status"), [("GET", "/api/nothing", 404), ("PUT", "/api/analyze", 405)])
def test_an_unknown_path_or_method_is_a_json_line(client: TestClient, method: str, path: str, status: int) -> None:
    assert path in one_line_error(client.request(method, path), status)


def test_an_unexpected_failure_is_a_json_500_line_not_a_bare_500(monkeypatch: pytest.MonkeyPatch) -> None:
    import analyzer.api.workbench

    def broken(state: Any) -> str:
        raise KeyError("something the code did not expect")

    monkeypatch.setattr(analyzer.api.workbench, "rule_text", broken)
    quiet = TestClient(create_app(Guard.for_address("testserver", 80, None)), raise_server_exceptions=False)
    error = one_line_error(quiet.get("/api/rules/punto-banco"), 500)
    assert error.startswith("The server failed on this request (KeyError:")


def test_a_full_temporary_folder_is_a_507_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """/api/verify writes the upload to a temporary folder; a full disk (here: the kernel's own ENOSPC from
    /dev/full, where the upload is written) is one line with 507, as a worker answers it."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    (tmp_path / "submitted.csv").symlink_to("/dev/full")

    @contextlib.contextmanager
    def full(prefix: str = "") -> Iterator[str]:
        yield str(tmp_path)

    monkeypatch.setattr(routes.tempfile, "TemporaryDirectory", full)
    upload = {"filename": "sheet.csv", "content": base64.b64encode(b"x," * 10_000).decode()}
    answer = perform(routes.verify_json, (routes.State(), upload), None)
    assert answer[:2] == ("refused", 507)
    assert answer[2].startswith("The server's temporary folder is full (No space left on device)")
    assert failure(OSError(errno.EDQUOT, "Disk quota exceeded"))[0] == 507


# --- sizes refused up front (item 1) -------------------------------------------------------------------------


@pytest.mark.slow  # its first computation starts a worker process
def test_a_counting_job_beyond_64_decks_is_refused_before_it_starts(client: TestClient) -> None:
    payload = {"state": {"decks": 1000}, "kind": "count", "wager": "banker", "shoes": 1}
    error = one_line_error(client.post("/api/jobs", json=payload), 400)
    assert error.startswith("decks is 1000; a counting job from the workbench deals 1 to 64 decks")


def test_a_rule_file_with_more_wagers_than_the_workbench_takes_is_refused_before_it_is_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import analyzer.exact.reach
    from analyzer.api.workbench import MAX_ROWS, MAX_WAGERS
    from analyzer.errors import InputError

    def counted(rules: Any) -> Any:
        raise AssertionError("the rule file was counted (checked for dead rows) before its sizes were")

    monkeypatch.setattr(analyzer.exact.reach, "check", counted)
    text = (EXAMPLES / "my-side-bets.toml").read_text(encoding="utf-8")
    head, wager = text.split("[wagers.nine-over-seven]")
    many = head + "".join(f"[wagers.w{i}]" + wager for i in range(70))
    with pytest.raises(InputError) as refused:
        routes.State(text=many).rule_set()
    assert str(refused.value) == (
        f"The rule file holds 79 wagers with 748 rows; the workbench takes at most {MAX_WAGERS} wagers and "
        f"{MAX_ROWS} rows (`baccarat analyze` on the command line takes more)."
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--memory-limit", "10"], "--memory-limit 10 MiB; use 256 to 1048576 (MiB per worker)."),
        (["--time-limit", "0"], "--time-limit must be 1 to 86400 seconds (a job may run 120 times as long)."),
    ],
)
def test_limits_out_of_range_are_refused_in_one_line(args: list[str], message: str) -> None:
    assert_refused(["serve", *args], message)


# --- the worker processes and their limits (item 1) ----------------------------------------------------------


@pytest.fixture(scope="module")
def pool() -> Iterator[Workers]:
    made = Workers(1, Budget(memory_mb=256, request_seconds=2), "request")
    yield made
    made.close()


@pytest.mark.slow
def test_work_past_the_time_limit_is_killed_and_named(pool: Workers) -> None:
    started = time.monotonic()
    with pytest.raises(Refused) as refused:
        pool.call(time.sleep, (30,), 2, threading.Event())
    assert time.monotonic() - started < 15
    assert refused.value.status == 503
    assert str(refused.value).startswith("This took longer than 2 s, the server's time limit per request")
    assert "`baccarat serve --time-limit SECONDS` raises it" in str(refused.value)
    assert pool.call(sum, ((1, 2, 3),), 10, threading.Event()) == 6  # a new worker took its place


def _reporting_often(seconds: float, step: Any) -> None:
    """Work that reports progress every 5 ms for ``seconds`` (run in a worker, so at module level)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step(1)
        time.sleep(0.005)


@pytest.mark.slow
def test_work_that_reports_progress_often_is_still_stopped_when_asked(pool: Workers) -> None:
    """The stop, the time limit and the memory watch are checked after every progress message too (they were
    checked only when none came for a while: a counting job reporting often ran on after its cancel)."""
    stop = threading.Event()
    threading.Timer(1.0, stop.set).start()
    started = time.monotonic()
    with pytest.raises(Stopped):
        pool.call(_reporting_often, (60,), 120, stop, lambda n: None)
    assert time.monotonic() - started < 30
    assert pool.call(sum, ((1, 2, 3),), 10, threading.Event()) == 6


@pytest.mark.slow
@pytest.mark.parametrize(
    ("grab", "args"),
    [(operator.mul, ([0], 40_000_000)), (bytearray, (4096 * 2**20,))],
    ids=["written", "reserved"],
)
def test_work_past_the_memory_limit_is_killed_and_named(pool: Workers, grab: Any, args: tuple[Any, ...]) -> None:
    """Memory written (a list of 320 MB: the watch on resident memory, under the address-space cap) and memory asked
    for at once beyond the cap (4 GiB) both end the work in one line naming the limit; the next call is answered."""
    with pytest.raises(Refused) as refused:
        pool.call(grab, args, 20, threading.Event())
    assert str(refused.value).startswith("This needed more than 256 MiB, the server's memory limit per request")
    assert "`baccarat serve --memory-limit MIB` raises it" in str(refused.value)
    assert pool.call(sum, ((1, 2, 3),), 10, threading.Event()) == 6


@pytest.mark.slow
def test_work_whose_client_left_is_stopped_and_its_worker_killed(pool: Workers) -> None:
    pool.call(sum, ((1,),), 10, threading.Event())
    (busy,) = pool.pids()
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    with pytest.raises(Stopped):
        pool.call(time.sleep, (30,), 60, stop)
    assert not Path(f"/proc/{busy}").exists() or "zombie" in Path(f"/proc/{busy}/status").read_text()
    assert pool.call(sum, ((1, 2),), 10, threading.Event()) == 3


# --- one job queue, owners, list, cancel (item 1) ------------------------------------------------------------


def count(shoes: int) -> dict[str, Any]:
    return {"state": {"rules": "punto-banco", "decks": 1}, "kind": "count", "wager": "banker", "shoes": shoes}


@pytest.mark.slow
def test_jobs_beyond_the_slots_wait_in_a_queue_and_beyond_it_are_refused() -> None:
    queued = TestClient(create_app(Guard.for_address("testserver", 80, None), Budget(job_slots=1, queue=1)))
    mine = {"x-workbench-session": TAB}
    first = queued.post("/api/jobs", json=count(200_000), headers=mine).json()
    second = queued.post("/api/jobs", json=count(200_000), headers=mine).json()
    assert (first["status"], second["status"], second["position"]) == ("running", "queued", 1)
    error = one_line_error(queued.post("/api/jobs", json=count(10), headers=mine), 429)
    assert error.startswith("1 jobs are running and 1 waiting, the most the server queues")
    listing = queued.get("/api/jobs", headers=mine).json()
    assert [j["id"] for j in listing["jobs"]] == [second["id"], first["id"]]
    assert (listing["running"], listing["queued"], listing["slots"], listing["queue"]) == (1, 1, 1, 1)
    assert queued.delete(f"/api/jobs/{second['id']}", headers=mine).json()["status"] == "cancelled"
    queued.delete(f"/api/jobs/{first['id']}", headers=mine)
    for _ in range(100):
        if queued.get(f"/api/jobs/{first['id']}", headers=mine).json()["status"] == "cancelled":
            break
        time.sleep(0.1)
    assert queued.get(f"/api/jobs/{first['id']}", headers=mine).json()["status"] == "cancelled"


@pytest.mark.slow
def test_a_tab_sees_and_cancels_only_its_own_jobs(client: TestClient) -> None:
    started = client.post("/api/jobs", json=count(200_000), headers={"x-workbench-session": TAB}).json()
    other = {"x-workbench-session": OTHER_TAB}
    try:
        assert client.get("/api/jobs", headers=other).json()["jobs"] == []
        assert client.get("/api/jobs").json()["jobs"] == []  # a program without the header is another owner
        for method in ("GET", "DELETE"):
            one_line_error(client.request(method, f"/api/jobs/{started['id']}", headers=other), 404)
        one_line_error(client.get(f"/api/jobs/{started['id']}/result", headers=other), 404)
        listed = client.get("/api/jobs", headers={"x-workbench-session": TAB}).json()["jobs"]
        assert [j["id"] for j in listed] == [started["id"]]
    finally:
        client.delete(f"/api/jobs/{started['id']}", headers={"x-workbench-session": TAB})


@pytest.mark.slow
def test_a_job_nobody_asks_about_is_cancelled_and_frees_its_slot() -> None:
    jobs = Jobs(Budget(job_slots=1, abandon_seconds=1))
    try:
        state = routes.State(rules="punto-banco", decks=1)
        job = jobs.start("count", 1, "", routes.count_job, (state, count(200_000)))
        for _ in range(600):  # a deadline, not a speed claim: a fresh worker starts slowly on a loaded machine
            if job.status == "cancelled":
                break
            time.sleep(0.1)
        assert job.status == "cancelled"
    finally:
        jobs.close()


# --- the load test: the issue's hostile requests against a real server process --------------------------------

SERVER_RSS_MB = 200
"""The bound on the server process's own resident memory after the hostile requests (its workers apart: each is
held to --memory-limit)."""
MEMORY_LIMIT_MB = 320
TIME_LIMIT_S = 8


def call(base: str, path: str, body: bytes | None = None, method: str | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path,
        data=body,
        method=method or ("POST" if body is not None else "GET"),
        headers={"content-type": "application/json", "x-workbench-session": TAB},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            raw, status, kind = answer.read(), answer.status, answer.headers["content-type"]
    except urllib.error.HTTPError as e:
        raw, status, kind = e.read(), e.code, e.headers["content-type"]
    return status, json.loads(raw) if kind.startswith("application/json") else raw


def post(base: str, path: str, payload: dict[str, Any]) -> tuple[int, Any]:
    return call(base, path, json.dumps(payload).encode())


def hang_up(port: int, payload: dict[str, Any]) -> None:
    """Send a request and leave before its answer."""
    body = json.dumps(payload).encode()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:%d\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\n\r\n%s" % (port, len(body), body)
        )
        time.sleep(0.5)


def rss_mb(pid: int) -> float:
    return tree_rss(pid) / 2**20 if pid else 0.0


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
            found.extend(int(c) for c in f.read().split())
    return found


@pytest.mark.slow
def test_the_hostile_requests_of_issue_30_leave_the_server_answering_within_its_bounds() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    limits = ("--memory-limit", str(MEMORY_LIMIT_MB), "--time-limit", str(TIME_LIMIT_S))
    with tempfile.TemporaryFile("w+") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "analyzer", "serve", "--port", str(port), *limits], stdout=log, stderr=log
        )
        try:
            _hostile_run(base, port, server.pid)
        finally:
            server.terminate()
            server.wait(20)
            log.seek(0)
            written = log.read()
        assert "Traceback" not in written, written


def _hostile_run(base: str, port: int, pid: int) -> None:
    wait_listening(port, seconds=20)
    normal = {"state": {"rules": "punto-banco", "pays": ["tie:tie=9:1"]}}
    started = time.monotonic()
    assert post(base, "/api/workbench", normal)[0] == 200
    usual = time.monotonic() - started  # a fresh worker's first answer: the slowest a normal request is

    # four reports at once: two PDFs together, then a PDF beside an HTML (two run, two wait in the queue)
    reports = [
        post(base, "/api/jobs", {"kind": "report", "state": {"rules": "punto-banco", "name": f"r{i}"}, "format": f})
        for i, f in enumerate(("pdf", "pdf", "pdf", "html"))
    ]
    assert [r[0] for r in reports] == [202] * 4, reports
    assert [r[1]["status"] for r in reports] == ["running", "running", "queued", "queued"]
    # a counting study at 1,000 decks (the issue's 6.4 GB) is refused up front; at 64 it runs within its limit
    status, refused = post(base, "/api/jobs", {"state": {"decks": 1000}, "kind": "count", "wager": "banker"})
    assert (status, refused["error"][:11]) == (400, "decks is 10")
    # the 11 KB rule text, three at once (the issue's 6.8 GB), and three more whose clients hang up
    big = {"state": {"text": ten_wagers()}}
    answers: list[tuple[int, Any]] = []
    threads = [threading.Thread(target=lambda: answers.append(post(base, "/api/analyze", big))) for _ in range(3)]
    threads += [threading.Thread(target=hang_up, args=(port, big)) for _ in range(3)]
    for t in threads:
        t.start()
    hostile = [
        call(base, "/api/analyze", b"[" * 100_000 + b"]" * 100_000),
        call(base, "/api/analyze", b'{"a":' * 50_000 + b"{}" + b"}" * 50_000),
        call(base, "/api/analyze", b'{"state":{"text":"\\ud800"}}'),
        call(base, "/api/nowhere"),
    ]
    assert [s for s, _ in hostile] == [400, 400, 400, 404]
    for t in threads:
        t.join(120)
    for status, answer in answers:  # each finished within the limits, or was stopped by one, in one line
        assert status == 200 or (status == 503 and "the server's" in answer["error"] and "limit" in answer["error"])
    # every report done (the list is asked, as the page asks it: asking keeps every job of the tab wanted)
    ids = {job["id"] for _, job in reports}
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ended = {j["id"]: j for j in call(base, "/api/jobs")[1]["jobs"] if j["id"] in ids}
        if all(j["status"] not in ("queued", "running") for j in ended.values()):
            break
        time.sleep(0.5)
    assert [j["status"] for j in ended.values()] == ["done"] * 4, ended
    # then a normal request, answered within a generous multiple of its usual time
    started = time.monotonic()
    status, shown = post(base, "/api/workbench", {"state": {"rules": "punto-banco", "pays": ["tie:tie=8:1"]}})
    assert status == 200 and shown["wagers"]
    assert time.monotonic() - started < max(20.0, 10 * usual)
    # and memory: the server's own under the bound, every worker under its limit
    own = _status_mb(pid)
    workers = {c: rss_mb(c) for c in children(pid)}
    print(f"server {own:.0f} MB, workers {', '.join(f'{m:.0f}' for m in workers.values())} MB")
    assert own < SERVER_RSS_MB
    assert all(m < MEMORY_LIMIT_MB for m in workers.values())


def _status_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024


@pytest.mark.slow
def test_the_workers_end_with_a_server_killed_without_warning() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "analyzer", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_listening(port, seconds=20)
        base = f"http://127.0.0.1:{port}"
        job = post(base, "/api/jobs", count(200_000))[1]
        for _ in range(100):
            if call(base, f"/api/jobs/{job['id']}")[1]["done"] > 0:
                break
            time.sleep(0.1)
        groups = children(server.pid)  # each worker leads a process group: itself and what it started
        assert len(groups) >= 2
    finally:
        server.kill()
        server.wait(10)
    for _ in range(100):
        left = [line for line in _process_groups() if line in groups]
        if not left:
            break
        time.sleep(0.1)
    assert not left, "workers (or their helpers) outlived the server"


def _process_groups() -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                found.append(int(stat.rsplit(")", 1)[1].split()[2]))
    return found
