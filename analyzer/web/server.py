"""Running the workbench: where it listens, the names it answers to, its token, and uvicorn held to its limits."""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
import webbrowser

import uvicorn

from ..errors import InputError, shown
from .guard import Guard
from .hosts import LOOPBACK, host_form, machine_hosts
from .logs import rate_limit
from .transport import BACKLOG, Limits, protocol_for


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def guard_for(host: str, port: int, token: str | None, allow_hosts: tuple[str, ...] = ()) -> Guard:
    """The guard of a server at ``host``:``port``: beyond loopback a token is required (one is made if none given),
    and the machine's names and addresses (:func:`.hosts.machine_hosts`) and ``allow_hosts`` are its names."""
    if not 0 < port < 65536:
        raise InputError(f"--port {port} is not a port; use 1 to 65535.")
    if token is not None and (len(token) < 16 or not token.isascii() or not token.isprintable() or " " in token):
        raise InputError("--token must be at least 16 printable ASCII characters without spaces.")
    allowed = []
    for name in allow_hosts:
        form = host_form(name)
        if form is None:
            raise InputError(f"--allow-host {shown(name)} is not a host name or address; give a DNS name (no port).")
        allowed.append(form)
    if is_loopback(host):
        if allowed:
            raise InputError("--allow-host is for a server bound beyond loopback (--host 0.0.0.0, say).")
        return Guard.for_address(host, port, token)
    token = token or secrets.token_urlsafe(24)
    return Guard.for_address(host, port, token, names=(*machine_hosts(), *allowed))


def addresses(host: str, port: int, allow_hosts: tuple[str, ...] = ()) -> list[str]:
    """Where to open the workbench, best first: the bound address (or, bound to every interface, the names given
    with ``--allow-host``, the machine's names and addresses), loopback last. No token: see :func:`address`."""
    if host in ("0.0.0.0", "::", "[::]"):
        unreachable = ("[", "::") if host == "0.0.0.0" else ()  # bound to IPv4's wildcard: no IPv6 address
        own = [n for n in machine_hosts() if n not in LOOPBACK and not n.startswith(("127.", *unreachable))]
        dotted = [n for n in own if "." in n and not n[0].isdigit()]  # a fully qualified name first
        numeric = [n for n in own if n[0].isdigit() or n.startswith("[")]
        names = [f for f in (host_form(n) for n in allow_hosts) if f] + dotted + numeric + own + ["127.0.0.1"]
    else:
        names = [host_form(host) or host]
    return list(dict.fromkeys(f"http://{n}:{port}/" for n in names))


def address(host: str, port: int, guard: Guard, allow_hosts: tuple[str, ...] = ()) -> str:
    """The address to open first (with ``?token=`` when the server has one: opened once, the token moves into a
    cookie and out of the address)."""
    first = addresses(host, port, allow_hosts)[0]
    return first + (f"?token={guard.token}" if guard.token else "")


def uvicorn_config(guard: Guard, limits: Limits) -> uvicorn.Config:
    """How uvicorn runs the workbench: its protocol held to ``limits`` (deadlines, a cap, TCP_NODELAY), the
    kernel's queue no longer than the cap can take in one go, no access log, and five seconds to shut down."""
    from .app import create_app

    return uvicorn.Config(
        create_app(guard),
        http=protocol_for(limits),
        backlog=limits.backlog,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=5,
    )


def serve(
    host: str, port: int, token: str | None = None, open_browser: bool = False, allow_hosts: tuple[str, ...] = ()
) -> None:
    """Run the workbench until interrupted; say where it is, and its token when it has one."""
    if not host or any(c in host for c in "/ ?#@"):
        raise InputError(f"--host {shown(host)} is not a host name or address.")
    guard = guard_for(host, port, token, allow_hosts)
    listening = _listen(host.strip("[]"), port)
    where = address(host, port, guard, allow_hosts)
    print(f"baccarat workbench at {where}", flush=True)
    if guard.token:
        others = addresses(host, port, allow_hosts)[1:]
        if others:
            print(f"Also at {', '.join(others)} (any of this machine's names or addresses).", flush=True)
        print(
            "Bound beyond this machine: every request needs the token above. Open that address once: the browser "
            "keeps the token in a cookie and the address drops it (share the address without it); a program sends "
            "Authorization: Bearer TOKEN. Stop with Ctrl-C.",
            flush=True,
        )
    else:
        print("Only this machine can reach it. Stop with Ctrl-C.", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(where,)).start()
    config = uvicorn_config(guard, Limits.for_this_process())
    rate_limit()
    uvicorn.Server(config).run(sockets=[listening])


def _listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening, before anything is printed (a port in use is one line).

    Made with ``IPPROTO_TCP`` (not protocol 0): asyncio sets TCP_NODELAY only on sockets that say they are TCP, and
    without it a kept-alive response's body waited about 40 ms for the client's delayed ACK."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        if not host[:1].isdigit() and ":" not in host:
            family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        listening = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(BACKLOG)
    except OSError as e:
        raise InputError(
            f"Cannot listen on {host}:{port}: {e.strerror or e}; choose another --port or --host."
        ) from None
    return listening
