"""What keeps the workbench safe on a laptop and on a studio server: one ASGI middleware.

* **Host and Origin**: a request whose ``Host`` is not one of the server's own names, or whose ``Origin``
  (sent by browsers on every cross-site and every POST request) is not the server's own origin, is refused
  (403). A page on another site cannot reach the workbench through DNS rebinding or a form post.
* **Token**: a server bound beyond loopback requires a token (printed at start, as Jupyter does): given once
  as ``?token=...`` on the page's address, it is kept in a cookie (HttpOnly, SameSite=Strict); a program sends
  it as ``Authorization: Bearer ...``. Compared in constant time.
* **Body size**: a request body longer than :data:`MAX_BODY` bytes is refused (413) before it is read whole.
* **Headers**: every response says ``Content-Security-Policy`` (everything from this server, nothing from
  anywhere else: no CDN, no external font or script), ``X-Content-Type-Options: nosniff``, no referrer, and
  may not be framed.

Every refusal is one line of JSON, ``{"error": "..."}``, with its 4xx status.
"""

from __future__ import annotations

import contextlib
import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16 * 1024 * 1024
"""The longest request body, in bytes: a 10 MB par sheet, base64-encoded, with room to spare."""
COOKIE = "baccarat_token"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The page loads everything from this server: no CDN, no external font or script, no inline script."""
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
LOOPBACK_NAMES: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True, slots=True)
class Guard:
    """Who may talk to the server: its own ``hosts`` (``name:port`` as a browser sends them) and, when
    ``token`` is set, only those who show it."""

    hosts: frozenset[str]
    token: str | None = None

    @classmethod
    def for_address(cls, host: str, port: int, token: str | None) -> Guard:
        """The names a browser may use for a server bound to ``host``:``port`` (loopback answers to all three of
        its names)."""
        bound = f"[{host}]" if ":" in host and not host.startswith("[") else host
        names = {bound, *(LOOPBACK_NAMES if bound in LOOPBACK_NAMES or bound in ("0.0.0.0", "[::]") else ())}
        return cls(
            hosts=frozenset(f"{n}:{port}" for n in names) | (frozenset(names) if port == 80 else frozenset()),
            token=token,
        )

    def wrap(self, app: ASGIApp) -> ASGIApp:
        async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            refusal = self.refusal(scope)
            if refusal is not None:
                await _refuse(send, *refusal)
                return
            length = _header(scope, b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                await _refuse(send, 413, f"The request body is over {MAX_BODY // (1024 * 1024)} MB; send less.")
                return
            await app(scope, _bounded(receive), _with_headers(send, self._cookie(scope)))

        return guarded

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why a request is refused (status, one line), or ``None``."""
        host = _header(scope, b"host")
        if host is None or host.lower() not in self.hosts:
            return 403, (
                f"Host {host!r} is not this server's; open it as http://{sorted(self.hosts)[0]}/ "
                "(a page elsewhere may not reach the workbench)."
            )
        origin = _header(scope, b"origin")
        if origin is not None and origin.lower() not in {f"http://{h}" for h in self.hosts}:
            return 403, f"Origin {origin!r} is not this server's; the workbench answers its own page only."
        if self.token is not None and not self._shows_token(scope):
            return 401, (
                "This workbench needs its token (printed when `baccarat serve` started): open the address "
                "it printed, with ?token=..., or send Authorization: Bearer TOKEN."
            )
        return None

    def _given(self, scope: Scope) -> list[str]:
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [])
        authorization = _header(scope, b"authorization") or ""
        if authorization.startswith("Bearer "):
            given.append(authorization.removeprefix("Bearer "))
        cookie = SimpleCookie()
        with contextlib.suppress(Exception):  # a malformed cookie header shows no token
            cookie.load(_header(scope, b"cookie") or "")
        if COOKIE in cookie:
            given.append(cookie[COOKIE].value)
        return given

    def _shows_token(self, scope: Scope) -> bool:
        assert self.token is not None
        return any(hmac.compare_digest(g.encode(), self.token.encode()) for g in self._given(scope))

    def _cookie(self, scope: Scope) -> bytes | None:
        """The cookie that keeps the token once the page was opened with ``?token=``."""
        if self.token is None or b"token=" not in scope.get("query_string", b""):
            return None
        return f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """A body sent in chunks (no Content-Length) grew past :data:`MAX_BODY`."""


def _bounded(receive: Receive) -> Receive:
    """``receive`` that stops a chunked body at :data:`MAX_BODY` bytes."""
    seen = 0

    async def bounded() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge(f"The request body is over {MAX_BODY // (1024 * 1024)} MB; send less.")
        return message

    return bounded


def _with_headers(send: Send, cookie: bytes | None) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            extra = [*HEADERS, *(((b"set-cookie", cookie),) if cookie else ())]
            message["headers"] = [*message.get("headers", []), *extra]
        await send(message)

    return sending
