"""What keeps the workbench safe on a laptop and on a studio server: one ASGI middleware.

* **Host and Origin**: a request whose ``Host`` is not one of the server's own names, or whose ``Origin``
  (sent by browsers on every cross-site and every POST request) is not the server's own origin, is refused
  (403). A page on another site cannot reach the workbench through DNS rebinding or a form post.
* **Token**: a server bound beyond loopback requires a token (printed at start, as Jupyter does) on every API
  request. Opened once as ``?token=...``, the page is answered with a cookie holding the token (HttpOnly,
  SameSite=Strict, named after the port) and a redirect to the same address without it, so the token is never
  left in the address bar, the history or a copied link; a program sends ``Authorization: Bearer ...``.
  Compared in constant time. The page itself and its static files (the package's own, nothing of anyone's
  work) are served without it: a link followed from another site (a web mail) carries no SameSite=Strict
  cookie, and the page's own requests, which do, then work.
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
from urllib.parse import parse_qsl, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16 * 1024 * 1024
"""The longest request body, in bytes: a 10 MB par sheet, base64-encoded, with room to spare."""
COOKIE = "baccarat_token"
"""The token's cookie, followed by ``_PORT``: cookies do not tell ports apart, two servers on one host must."""
PUBLIC = ("/", "/static/")
"""What is served without the token (GET and HEAD only): the page and its files, the package's own."""
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
    cookie: str = COOKIE

    @classmethod
    def for_address(cls, host: str, port: int, token: str | None, names: tuple[str, ...] = ()) -> Guard:
        """The names a browser may use for a server bound to ``host``:``port``: loopback answers to all three of
        its names; ``names`` adds others (in ``Host`` form: the machine's names and addresses, ``--allow-host``)."""
        bound = f"[{host}]" if ":" in host and not host.startswith("[") else host
        loopback = bound in LOOPBACK_NAMES or bound in ("0.0.0.0", "[::]")
        wildcard = bound in ("0.0.0.0", "[::]")  # not a name: a browser is sent to one of the machine's
        every = {*(() if wildcard else (bound,)), *(LOOPBACK_NAMES if loopback else ()), *(n.lower() for n in names)}
        return cls(
            hosts=frozenset(f"{n}:{port}" for n in every) | (frozenset(every) if port == 80 else frozenset()),
            token=token,
            cookie=f"{COOKIE}_{port}",
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
            if self.token is not None and scope["method"] in ("GET", "HEAD") and self._query_token(scope) is not None:
                await _redirect_keeping(send, _without_token(scope), self._set_cookie())
                return
            length = _header(scope, b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                await _refuse(send, 413, f"The request body is over {MAX_BODY // (1024 * 1024)} MB; send less.")
                return
            gone = _Gone(receive)
            try:
                await app(scope, gone.receive, _with_headers(send))
            except Exception:
                if not gone.left:
                    raise
                # the client left (or was cut off for sending too slowly): nobody to answer, nothing to log

        return guarded

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why a request is refused (status, one line), or ``None``."""
        host = _header(scope, b"host")
        if host is None or host.lower() not in self.hosts:
            if self.token is not None:
                return 403, (
                    f"Host {host!r} is not one of this server's names or addresses; open it by the name or address "
                    "`baccarat serve` printed, or start it with --allow-host NAME for a name of your network's."
                )
            return 403, (
                f"Host {host!r} is not this server's; open it as http://{sorted(self.hosts)[0]}/ "
                "(a page elsewhere may not reach the workbench)."
            )
        origin = _header(scope, b"origin")
        if origin is not None and origin.lower() not in {f"http://{h}" for h in self.hosts}:
            return 403, f"Origin {origin!r} is not this server's; the workbench answers its own page only."
        if self.token is None:
            return None
        in_address = self._query_token(scope) if scope["method"] in ("GET", "HEAD") else None
        if in_address is not None:  # shown once, to be kept in a cookie: it must be this server's
            return None if self._matches(in_address) else (401, "The token in this address is not this workbench's.")
        if not self._public(scope) and not any(self._matches(g) for g in self._given(scope)):
            return 401, (
                "This workbench needs its token (printed when `baccarat serve` started): open the address it "
                "printed, with ?token=..., once in this browser, or send Authorization: Bearer TOKEN."
            )
        return None

    def _public(self, scope: Scope) -> bool:
        path = str(scope.get("path", ""))
        return scope["method"] in ("GET", "HEAD") and (path == PUBLIC[0] or path.startswith(PUBLIC[1]))

    def _query_token(self, scope: Scope) -> str | None:
        pairs = parse_qsl(bytes(scope.get("query_string", b"")).decode("latin-1"), keep_blank_values=True)
        given = [v for k, v in pairs if k == "token"]
        return given[0] if given else None

    def _given(self, scope: Scope) -> list[str]:
        """The tokens a request shows in its header and cookie (the address's is only for a redirect)."""
        given = []
        authorization = _header(scope, b"authorization") or ""
        if authorization.startswith("Bearer "):
            given.append(authorization.removeprefix("Bearer "))
        cookie = SimpleCookie()
        with contextlib.suppress(Exception):  # a malformed cookie header shows no token
            cookie.load(_header(scope, b"cookie") or "")
        if self.cookie in cookie:
            given.append(cookie[self.cookie].value)
        return given

    def _matches(self, given: str) -> bool:
        assert self.token is not None
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode())

    def _set_cookie(self) -> bytes:
        """The cookie that keeps the token once the page was opened with ``?token=``."""
        return f"{self.cookie}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode()


class _Gone:
    """``receive`` that notes the client has left (an ``http.disconnect``), and stops a chunked body at
    :data:`MAX_BODY` bytes."""

    def __init__(self, receive: Receive) -> None:
        self.left = False
        self._receive = receive
        self._seen = 0

    async def receive(self) -> Message:
        message = await self._receive()
        if message["type"] == "http.disconnect":
            self.left = True
        elif message["type"] == "http.request":
            self._seen += len(message.get("body", b""))
            if self._seen > MAX_BODY:
                raise BodyTooLarge(f"The request body is over {MAX_BODY // (1024 * 1024)} MB; send less.")
        return message


def _without_token(scope: Scope) -> bytes:
    """The request's path and query, the token taken out (as sent: the path is not decoded and re-encoded)."""
    path = bytes(scope.get("raw_path") or str(scope.get("path", "/")).encode())
    pairs = parse_qsl(bytes(scope.get("query_string", b"")).decode("latin-1"), keep_blank_values=True)
    rest = urlencode([(k, v) for k, v in pairs if k != "token"])
    return path + (b"?" + rest.encode("latin-1") if rest else b"")


async def _redirect_keeping(send: Send, location: bytes, cookie: bytes) -> None:
    """303 to ``location`` with the token's cookie set: the address bar never keeps the token."""
    await send(
        {
            "type": "http.response.start",
            "status": 303,
            "headers": [
                (b"location", location),
                (b"set-cookie", cookie),
                (b"cache-control", b"no-store"),
                (b"content-length", b"0"),
                *HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": b""})


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


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *HEADERS]
        await send(message)

    return sending
