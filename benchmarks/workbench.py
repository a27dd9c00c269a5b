"""The workbench's latencies over real HTTP, against the plain command line in the same run.

    python benchmarks/workbench.py [--repeats N]

Starts ``baccarat serve`` on a free port (a process of its own, as a designer runs it) and times, with a
keep-alive HTTP client (``http.client``), the requests the page makes, each with a state the server has not
seen (so each is a real re-pricing or recount, never an answer from a cache of answers):

* a pay change: every wager of punto-banco re-priced (counts kept: the figures are linear in the pays);
* a row change on a final-state wager: golden-frog's text with one row's condition changed (a new rule file:
  loaded, checked for dead rows, its changed wager counted);
* a shoe change: the nine standard wagers of punto-banco on a shoe not seen before.

Beside them, in the same run: the plainest correct baseline, the same computation without the kept counts
(``analyzer.api.analyze`` in this process, which counts every time), and a whole ``baccarat analyze --rules
punto-banco`` process. Targets (issue 17): pay change 50 ms, row change 300 ms, shoe change 200 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

TARGETS = {"pay change": 0.050, "row change": 0.300, "shoe change": 0.200}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client:
    """A keep-alive connection to the workbench, posting JSON as the page does."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def post(self, path: str, payload: dict[str, Any]) -> Any:
        self.connection.request(
            "POST",
            path,
            json.dumps(payload),
            {"content-type": "application/json", "origin": f"http://127.0.0.1:{self.port}"},
        )
        response = self.connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"{path}: {response.status} {body[:300]!r}")
        return json.loads(body)


def golden_frog(i: int) -> str:
    """golden-frog's text with the first wager's row changed: winning total ``w`` beats losing total ``l``."""
    from analyzer.game.shipped import shipped_text

    pairs = [(winning, losing) for winning in range(1, 10) for losing in range(winning)]
    w, l = pairs[i % len(pairs)]  # noqa: E741 (w and l as the row writes them)
    return shipped_text("golden-frog").replace(
        "winning_hand = { total = 8 }, losing_hand = { total = 6 }",
        f"winning_hand = {{ total = {w} }}, losing_hand = {{ total = {l} }}",
        1,
    )


def shoe(i: int) -> str:
    """A removal not seen before: ``i`` spread over ranks and counts."""
    ranks = "A23456789TJQK"
    return f"{ranks[i % 13]}x{1 + i // 13},{ranks[(i * 5 + 3) % 13]}"


def timed(action: Callable[[int], Any], repeats: int, offset: int) -> list[float]:
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        action(offset + i)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    repeats = parser.parse_args().repeats
    from analyzer.api import analyze

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "analyzer", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not re.search(r"workbench at http://", line):
            raise SystemExit(f"the server did not start: {line}")
        for _ in range(100):  # the address is printed just before uvicorn listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        client = Client(port)
        client.post("/api/workbench", {"state": {}})  # the first count of the standard shoe, as when the page opens
        client.post("/api/workbench", {"state": {"text": golden_frog(0)}})
        cases: dict[str, tuple[Callable[[int], Any], Callable[[int], Any]]] = {
            "pay change": (
                lambda i: client.post("/api/workbench", {"state": {"pays": [f"tie:tie={9 + i}:1"]}, "start": {}}),
                lambda i: analyze("punto-banco", pays=[f"tie:tie={9 + i}:1"]).summary(),
            ),
            "row change": (
                lambda i: client.post("/api/workbench", {"state": {"text": golden_frog(i)}}),
                lambda i: _fresh_text(golden_frog(i)),
            ),
            "shoe change": (
                lambda i: client.post("/api/workbench", {"state": {"remove": shoe(i)}}),
                lambda i: analyze("punto-banco", remove=shoe(i)).summary(),
            ),
        }
        results = {}
        for name, (served, plain) in cases.items():
            results[name] = (
                statistics.median(timed(served, repeats, 1)),
                statistics.median(timed(plain, repeats, 1 + repeats)),
            )
        whole = []
        for _ in range(max(3, repeats // 3)):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "analyzer", "analyze", "--rules", "punto-banco"],
                stdout=subprocess.DEVNULL,
                check=True,
            )
            whole.append(time.perf_counter() - start)
    finally:
        server.terminate()
        server.wait(10)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {repeats} requests each, medians")
    print(f"{'case':14s} {'over HTTP':>10s} {'recount in-process':>19s} {'ratio':>6s}  target")
    for name, (served, plain) in results.items():
        verdict = "met" if served <= TARGETS[name] else "NOT met"
        print(
            f"{name:14s} {served * 1000:8.1f} ms {plain * 1000:16.1f} ms {plain / served:6.1f}x  "
            f"{TARGETS[name] * 1000:.0f} ms: {verdict}"
        )
    print(f"{'baccarat analyze --rules punto-banco, a whole process':55s} {statistics.median(whole) * 1000:8.1f} ms")


def _fresh_text(text: str) -> Any:
    """The baseline of a row change: load and check the text and count every wager, nothing kept."""
    from analyzer.exact.parsheet import par_sheets
    from analyzer.exact.reach import check
    from analyzer.game.rulefile import parse
    from analyzer.game.shoe import Shoe

    rules = check(parse(text, "rule file"))
    return par_sheets(rules, Shoe.decks(rules.decks))


if __name__ == "__main__":
    main()
