"""A real workbench server for the browser tests and the benchmark: uvicorn in a thread on a free port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from analyzer.web.app import create_app
from analyzer.web.guard import Guard
from analyzer.web.server import _listen, uvicorn_config
from analyzer.web.transport import Limits

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Debian's chromium, headless, as root, on a machine with no network beyond loopback."""


def wait_listening(port: int, seconds: float = 10) -> None:
    """Until a server on this machine accepts connections on ``port`` (a process just started), or fail."""
    for _ in range(int(seconds * 10)):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"no server listened on port {port} within {seconds} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(token: str | None = None) -> Iterator[str]:
    """The address of a workbench server running for the duration of the block."""
    port = free_port()
    config = uvicorn.Config(
        create_app(Guard.for_address("127.0.0.1", port, token)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
    )
    with _in_thread(uvicorn.Server(config)):
        yield f"http://127.0.0.1:{port}"


@contextmanager
def serving(limits: Limits, token: str | None = None) -> Iterator[tuple[int, uvicorn.Server]]:
    """A workbench run as ``baccarat serve`` runs it (its socket, its uvicorn configuration) but held to ``limits``,
    in a thread: its port and the uvicorn server (whose ``server_state`` holds the open connections)."""
    listening = _listen("127.0.0.1", 0)
    port: int = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(Guard.for_address("127.0.0.1", port, token), limits))
    try:
        with _in_thread(server, listening):
            yield port, server
    finally:
        listening.close()


@contextmanager
def _in_thread(server: uvicorn.Server, listening: socket.socket | None = None) -> Iterator[None]:
    """``server`` running in a thread (on ``listening`` when given) until the block ends."""
    sockets = {"sockets": [listening]} if listening is not None else {}
    thread = threading.Thread(target=server.run, kwargs=sockets, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    else:
        raise RuntimeError("the workbench server did not start")
    try:
        yield
    finally:
        server.should_exit = True
        thread.join(10)
