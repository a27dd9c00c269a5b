"""What one connection may cost the workbench: uvicorn's HTTP/1.1 protocol with deadlines, a cap and no Nagle delay.

uvicorn waits for a request's headers as long as a client cares to drip them, and keeps every connection the
kernel hands it: 1,100 connections each sending a header line now and then held a server with the usual
1,024-file limit until it stopped answering. :func:`protocol_for` gives uvicorn's own h11 protocol with
:class:`Limits` on top:

* **Header deadline**: a request's headers must be complete within :attr:`Limits.header_seconds` of the
  connection being made (or, on a kept-alive connection, of the request's first byte); else the client gets one
  ``408`` line and the connection is closed.
* **Body deadline**: a body must keep coming (no pause longer than :attr:`Limits.body_idle_seconds`) and be
  whole within :attr:`Limits.body_seconds` of its headers; else ``408`` and closed. A pause the server asked
  for (its own flow control, while the app has not read what came) does not count.
* **Connection cap**: at most :attr:`Limits.connections` open at once. A connection beyond it displaces the
  oldest one that is only waiting (for its request's headers, or idle between kept-alive requests); when every
  one is busy with a request, the new connection is reset at once, before a byte of it is read.
* **TCP_NODELAY** on every accepted connection: uvicorn writes a response's head and body separately, and with
  Nagle's algorithm the body waits for the client's delayed ACK (about 40 ms on Linux) on a kept-alive
  connection.

What is not guaranteed: a client that sends a request slowly but within the deadlines is served; many clients
(a distributed flood) can keep the cap full of busy requests, and then new connections are refused until they end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import socket
import struct
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

logger = logging.getLogger("uvicorn.error")
CONNECTIONS = 256
"""The cap on open connections where the open-file limit allows it (a quarter of the usual 1,024)."""
BACKLOG = 128
"""Connections the kernel queues and asyncio accepts in one go, before the cap sees them."""
REFUSED = "%d connection(s) refused at once: %d open (the cap), every one busy with a request."
DISPLACED = "%d waiting connection(s) closed to make room for new ones: %d open (the cap)."
"""The two warnings of the cap at work, each written at most every ten seconds with its count since the last."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How long a request may take to arrive, and how many connections may be open at once."""

    connections: int = CONNECTIONS
    """Open connections at most; the default is lowered to a quarter of the open-file limit where that is less."""
    header_seconds: float = 10.0
    """A request's headers complete within this many seconds of the connection (or of its first byte)."""
    body_idle_seconds: float = 15.0
    """A body arriving never pauses longer than this (16 MB at 1 MB/s stays well inside it)."""
    body_seconds: float = 120.0
    """A body is whole within this many seconds of its headers."""
    backlog: int = BACKLOG
    """Connections the kernel queues and asyncio accepts in one go, before the cap sees them."""

    def __post_init__(self) -> None:
        if self.connections < 1 or self.backlog < 1:
            raise ValueError("Limits.connections and Limits.backlog must be at least 1.")
        if min(self.header_seconds, self.body_idle_seconds, self.body_seconds) <= 0:
            raise ValueError("Limits' deadlines must be positive seconds.")

    @classmethod
    def for_this_process(cls) -> Limits:
        """The defaults, with the cap at most a quarter of this process's open-file limit (256 at 1,024 files).

        What the cap leaves beside it: the accepted connections not yet seen (up to a few :attr:`backlog` at once),
        the files the workbench reads and writes, and its job workers.
        """
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        fits = soft // 4 if soft != resource.RLIM_INFINITY else CONNECTIONS
        return cls(connections=max(16, min(CONNECTIONS, fits)))


def protocol_for(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol class held to ``limits`` (give it to ``uvicorn.Config(http=...)``)."""
    return type("BoundedH11Protocol", (BoundedH11Protocol,), {"limits": limits})


def timed_out(what: str) -> bytes:
    """The whole ``408`` response written to a client too slow with ``what``, then closed."""
    body = json.dumps({"error": f"The request's {what} did not arrive in time; the connection is closed."}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


class BoundedH11Protocol(H11Protocol):
    """uvicorn's :class:`H11Protocol` held to :attr:`limits` (see the module's docstring)."""

    limits: ClassVar[Limits] = Limits()
    _said_at: ClassVar[dict[str, float]] = {}
    _since_said: ClassVar[dict[str, int]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._phase = "headers"
        self._body_ends = 0.0
        self._waiting_since: float | None = None
        self._refused = False

    # --- the connection's life ----------------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if len(self.connections) >= self.limits.connections and not self._displace_one():
            self._refused = True
            self.transport = transport
            _reset(transport)
            self._say(REFUSED)
            return
        super().connection_made(transport)
        self._waiting_since = self.loop.time()
        self._arm(self.limits.header_seconds, "headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._refused:
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm(self.limits.header_seconds, "headers")  # the first byte of a request on a kept-alive connection
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._waiting_since = self.loop.time()
        self._follow()

    # --- deadlines ----------------------------------------------------------------------------------------------

    def _follow(self) -> None:
        """Move the deadline with the request: headers, then body, then none while the app answers."""
        state = self.conn.their_state
        if state is h11.IDLE:
            return  # still waiting for headers (the deadline, if armed, holds)
        self._waiting_since = None
        if state is h11.SEND_BODY:
            now = self.loop.time()
            if self._phase == "headers":
                self._body_ends = now + self.limits.body_seconds
            self._arm(min(self.limits.body_idle_seconds, self._body_ends - now), "body")
        else:
            self._disarm()

    def _arm(self, seconds: float, phase: str) -> None:
        self._disarm()
        self._phase = phase
        self._deadline = self.loop.call_later(max(0.0, seconds), self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._phase = "headers"

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._phase == "body" and self.flow.read_paused:  # the server asked the client to wait: not its fault
            self._arm(self.limits.body_idle_seconds, "body")
            return
        what = "headers" if self._phase == "headers" else "body"
        if what == "headers" or self.cycle is None or not self.cycle.response_started:
            self.transport.write(timed_out(what))
        self.transport.close()

    # --- the cap ------------------------------------------------------------------------------------------------

    def _displace_one(self) -> bool:
        """Close the connection that has waited longest for a request; whether there was one."""
        waiting = [
            c
            for c in self.connections
            if isinstance(c, BoundedH11Protocol) and c._waiting_since is not None and not c.transport.is_closing()
        ]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c._waiting_since or 0.0)
        oldest._disarm()
        _reset(oldest.transport)
        self.connections.discard(oldest)
        self._say(DISPLACED)
        return True

    def _say(self, what: str) -> None:
        """One warning of each kind at most every ten seconds, with how many happened since the last."""
        counts = BoundedH11Protocol._since_said
        counts[what] = counts.get(what, 0) + 1
        now = time.monotonic()
        if now - BoundedH11Protocol._said_at.get(what, -10.0) >= 10.0:
            logger.warning(what, counts[what], self.limits.connections)
            BoundedH11Protocol._said_at[what], counts[what] = now, 0


def _reset(transport: asyncio.Transport) -> None:
    """Close at once with a reset (SO_LINGER 0): no goodbye, no TIME_WAIT kept for it."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()
