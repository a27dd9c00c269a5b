"""The workbench's latencies over real HTTP, kept-alive as a browser asks and over fresh connections, against the
server as it was before TCP_NODELAY and the plain in-process recount, in the same run.

    python benchmarks/workbench.py [--repeats N]

Starts two servers on free ports, each a process of its own: ``baccarat serve`` as a designer runs it, and *before*,
the same app served as it was before issue 31 (a listening socket made with protocol 0, so asyncio never set
TCP_NODELAY, and uvicorn's plain h11 protocol). Against each it times, interleaved request by request, the requests
the page makes, each with a state that server has not seen (so each is a real re-pricing or recount, never an
answer from a cache of answers), over one kept-alive ``http.client`` connection (as a browser does) and over a fresh
connection per request, in blocks of consecutive requests (as edits follow one another: a connection's delayed
ACK, what stalled a kept-alive response without TCP_NODELAY, shows only when requests follow closely):

* a pay change: every wager of punto-banco re-priced (counts kept: the figures are linear in the pays);
* a row change on a final-state wager: golden-frog's text with one row's condition changed (a new rule file:
  loaded, checked for dead rows, its changed wager counted);
* a shoe change: the nine standard wagers of punto-banco on a shoe not seen before.

Beside them, in the same run: the plainest correct baseline, the same computation without the kept counts
(``analyzer.api.analyze`` in this process, which counts every time), and a whole ``baccarat analyze --rules
punto-banco`` process. Targets (issue 17, kept-alive): pay change 50 ms, row change 300 ms, shoe change 200 ms.
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
    """A connection to a workbench, posting JSON as the page does: one kept alive, or a fresh one per request."""

    def __init__(self, port: int, keep_alive: bool) -> None:
        self.port = port
        self.keep_alive = keep_alive
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def post(self, path: str, payload: dict[str, Any]) -> Any:
        if not self.keep_alive:
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
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


BEFORE = """
import socket, sys
import uvicorn
from analyzer.web.app import create_app
from analyzer.web.guard import Guard
port = int(sys.argv[1])
listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # protocol 0: asyncio never sets TCP_NODELAY
listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listening.bind(("127.0.0.1", port))
listening.listen(128)
print(f"baccarat workbench at http://127.0.0.1:{port}/ (as before TCP_NODELAY)", flush=True)
config = uvicorn.Config(create_app(Guard.for_address("127.0.0.1", port, None)), http="h11", log_level="warning",
                        access_log=False)
uvicorn.Server(config).run(sockets=[listening])
"""
"""The server as it was before issue 31's fix: the same app, its socket made with protocol 0, plain h11."""


def start(command: list[str], port: int) -> subprocess.Popen[str]:
    """A server process, once it listens on ``port``."""
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
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
    return server


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    repeats = parser.parse_args().repeats
    from analyzer.api import analyze

    now_port, before_port = free_port(), free_port()
    servers = [
        start([sys.executable, "-m", "analyzer", "serve", "--port", str(now_port)], now_port),
        start([sys.executable, "-c", BEFORE, str(before_port)], before_port),
    ]
    try:
        clients = {
            ("now", "keep-alive"): Client(now_port, keep_alive=True),
            ("now", "fresh"): Client(now_port, keep_alive=False),
            ("before", "keep-alive"): Client(before_port, keep_alive=True),
            ("before", "fresh"): Client(before_port, keep_alive=False),
        }
        for client in clients.values():  # the first count of the standard shoe, as when the page opens
            client.post("/api/workbench", {"state": {}})
            client.post("/api/workbench", {"state": {"text": golden_frog(0)}})
        requests: dict[str, Callable[[Client, int], Any]] = {
            "pay change": lambda c, i: c.post(
                "/api/workbench", {"state": {"pays": [f"tie:tie={9 + i}:1"]}, "start": {}}
            ),
            "row change": lambda c, i: c.post("/api/workbench", {"state": {"text": golden_frog(i)}}),
            "shoe change": lambda c, i: c.post("/api/workbench", {"state": {"remove": shoe(i)}}),
        }
        plain: dict[str, Callable[[int], Any]] = {
            "pay change": lambda i: analyze("punto-banco", pays=[f"tie:tie={9 + i}:1"]).summary(),
            "row change": lambda i: _fresh_text(golden_frog(i)),
            "shoe change": lambda i: analyze("punto-banco", remove=shoe(i)).summary(),
        }
        times: dict[tuple[str, str], list[float]] = {}
        block = max(3, repeats // 3)
        for name, served in requests.items():
            # each way in blocks of consecutive requests on its connection (as a designer's edits follow one
            # another: the delayed ACK that stalled a kept-alive connection shows only then), the blocks of the
            # four ways interleaved, so that a change of load falls on all of them
            for first in range(1, repeats + 1, block):
                for (server, way), client in clients.items():
                    for i in range(first, min(first + block, repeats + 1)):
                        offset = i + (repeats if way == "fresh" else 0)  # a state this server has not seen
                        times.setdefault((name, f"{server} {way}"), []).append(_time(served, client, offset))
                for i in range(first, min(first + block, repeats + 1)):
                    times.setdefault((name, "in-process"), []).append(_time(plain[name], 2 * repeats + i))
        whole = []
        for _ in range(max(3, repeats // 3)):
            command = [sys.executable, "-m", "analyzer", "analyze", "--rules", "punto-banco"]
            whole.append(_time(subprocess.run, command, stdout=subprocess.DEVNULL, check=True))
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
    median = {key: statistics.median(values) * 1000 for key, values in times.items()}
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {repeats} requests each, medians in ms")
    print(
        f"{'case':12s} {'keep-alive':>10s} {'fresh':>7s} {'before: keep-alive':>19s} {'fresh':>7s} "
        f"{'in-process':>11s} {'keep-alive gain':>16s}  target (keep-alive)"
    )
    for name in requests:
        ka, fr = median[(name, "now keep-alive")], median[(name, "now fresh")]
        bka, bfr = median[(name, "before keep-alive")], median[(name, "before fresh")]
        verdict = "met" if ka <= TARGETS[name] * 1000 else "NOT met"
        print(
            f"{name:12s} {ka:10.1f} {fr:7.1f} {bka:19.1f} {bfr:7.1f} {median[(name, 'in-process')]:11.1f} "
            f"{bka / ka:15.1f}x  {TARGETS[name] * 1000:.0f} ms: {verdict}"
        )
    print(f"{'baccarat analyze --rules punto-banco, a whole process':55s} {statistics.median(whole) * 1000:8.1f} ms")
    print("keep-alive gain: before keep-alive / now keep-alive; in-process: the same figures recounted, nothing kept")


def _time(action: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    started = time.perf_counter()
    action(*args, **kwargs)
    return time.perf_counter() - started


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
