"""The names and addresses this machine answers to: what a colleague's browser may send as ``Host``.

A server bound beyond loopback is reached by another machine under one of the server's names (its hostname, its
fully qualified name) or addresses (any of its interfaces'). :func:`machine_hosts` lists them as a browser writes
them in a ``Host`` header (an IPv6 address in brackets, names in lower case, no trailing dot); a DNS name that
only the network knows (a CNAME, a load balancer's name) is added with ``baccarat serve --allow-host NAME``.

Read once, when the server starts: an address the machine gains later is not accepted until it restarts. IPv6
link-local addresses (``fe80::``) are left out: a browser cannot send their zone in ``Host``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import itertools
import re
import socket
from pathlib import Path

_NAME = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*")
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def host_form(name: str) -> str | None:
    """``name`` as a ``Host`` header writes it (``None`` if it is neither an address nor a DNS name).

    >>> host_form("Studio.Example.COM."), host_form("fd00::2"), host_form("[::1]"), host_form("a b")
    ('studio.example.com', '[fd00::2]', '[::1]', None)
    """
    text = name.strip().lower().rstrip(".")
    try:
        address = ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return text if len(text) <= 253 and _NAME.fullmatch(text) else None
    return f"[{address.compressed}]" if address.version == 6 else address.compressed


def machine_hosts() -> tuple[str, ...]:
    """This machine's hostname, fully qualified name, every interface address and loopback's names, in ``Host``
    form, first seen first (the names, then the addresses, loopback last)."""
    found: list[str] = []
    hostname = socket.gethostname()
    names = [hostname, socket.getfqdn()]
    addresses = list(_interface_addresses())
    for name in names:
        with contextlib.suppress(OSError, UnicodeError):
            addresses += [str(info[4][0]) for info in socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)]
    for candidate in [*names, *addresses, *LOOPBACK]:
        form = host_form(candidate.split("%")[0])
        if form is not None and form not in found and not _link_local(form):
            found.append(form)
    return tuple(found)


def _link_local(form: str) -> bool:
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(form.strip("[]")).is_link_local
    return False


def _interface_addresses() -> list[str]:
    """Every address of every interface, where the system says (Linux's /proc); elsewhere none (the names'
    addresses, from :func:`machine_hosts`, stand in)."""
    found: list[str] = []
    with contextlib.suppress(OSError):  # IPv4: the kernel's local routes, secondary addresses included
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
        for previous, line in itertools.pairwise(lines):
            if line.strip() == "/32 host LOCAL":
                found.append(previous.split()[-1])
    with contextlib.suppress(OSError, ValueError):  # IPv6: one line per address, 32 hex digits first
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            digits = line.split()[0]
            found.append(str(ipaddress.IPv6Address(int(digits, 16))))
    return found
