"""Running the workbench: where it listens, its token, and uvicorn."""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
import webbrowser

from ..errors import InputError, shown
from .guard import Guard
from .workers import Limits


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def guard_for(host: str, port: int, token: str | None) -> Guard:
    """The guard of a server at ``host``:``port``: beyond loopback a token is required (one is made if none given)."""
    if not 0 < port < 65536:
        raise InputError(f"--port {port} is not a port; use 1 to 65535.")
    if token is not None and (len(token) < 16 or not token.isascii() or not token.isprintable() or " " in token):
        raise InputError("--token must be at least 16 printable ASCII characters without spaces.")
    if not is_loopback(host) and token is None:
        token = secrets.token_urlsafe(24)
    return Guard.for_address(host, port, token)


def address(host: str, port: int, guard: Guard) -> str:
    """The address to open (with ``?token=`` when the server has one)."""
    name = "127.0.0.1" if host in ("0.0.0.0", "::", "[::]") else host
    name = f"[{name}]" if ":" in name and not name.startswith("[") else name
    return f"http://{name}:{port}/" + (f"?token={guard.token}" if guard.token else "")


def serve(
    host: str, port: int, token: str | None = None, open_browser: bool = False, limits: Limits | None = None
) -> None:
    """Run the workbench until interrupted; say where it is, and its token when it has one; its work is held to
    ``limits`` (default :class:`~.workers.Limits`)."""
    import uvicorn

    from .app import create_app

    if not host or any(c in host for c in "/ ?#@"):
        raise InputError(f"--host {shown(host)} is not a host name or address.")
    guard = guard_for(host, port, token)
    listening = _listen(host.strip("[]"), port)
    where = address(host, port, guard)
    print(f"baccarat workbench at {where}", flush=True)
    if guard.token:
        print(
            "Bound beyond this machine: every request needs the token above (open that address, or send "
            "Authorization: Bearer TOKEN). Stop with Ctrl-C.",
            flush=True,
        )
    else:
        print("Only this machine can reach it. Stop with Ctrl-C.", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(where,)).start()
    config = uvicorn.Config(
        create_app(guard, limits), log_level="warning", access_log=False, timeout_graceful_shutdown=5
    )
    uvicorn.Server(config).run(sockets=[listening])


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, before anything is printed (a port in use is one line)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        if not host[:1].isdigit() and ":" not in host:
            family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError as e:
        raise InputError(
            f"Cannot listen on {host}:{port}: {e.strerror or e}; choose another --port or --host."
        ) from None
    return listening
