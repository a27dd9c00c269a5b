"""``baccarat serve`` as a user starts it: a process that says where it is, answers, and refuses bad options."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from .clirun import assert_refused
from .web_server import free_port, wait_listening


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "analyzer", "serve", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    return server, first


@pytest.mark.slow
def test_serve_says_where_it_is_and_answers_there() -> None:
    port = free_port()
    server, first = start("--port", str(port))
    try:
        assert first == f"baccarat workbench at http://127.0.0.1:{port}/\n"
        wait_listening(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=30) as answer:
            names = [r["name"] for r in json.load(answer)["rule_sets"]]
        assert names == ["mini-louisiana", "punto-banco", "live-pittsburgh", "dactylus"]
    finally:
        server.terminate()  # uvicorn shuts down gracefully, then ends by the signal it caught (143 or -15)
        assert server.wait(15) in (0, -15, 143)
        assert server.stdout is not None and "Traceback" not in server.stdout.read()


@pytest.mark.slow
def test_serve_beyond_loopback_requires_the_token_it_prints() -> None:
    port = free_port()
    server, first = start("--host", "0.0.0.0", "--port", str(port))
    try:
        assert re.fullmatch(rf"baccarat workbench at http://[^/]+:{port}/\?token=[\w-]{{32}}\n", first)
        token = first.strip().split("?token=")[1]
        assert server.stdout is not None
        said = [first, server.stdout.readline()]
        if said[-1].startswith("Also at "):  # the machine's other names and addresses, loopback last
            said.append(server.stdout.readline())
        assert f"http://127.0.0.1:{port}/" in "".join(said) and "needs the token" in said[-1]
        wait_listening(port)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=30)
        assert refused.value.code == 401
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/rules", headers={"authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 200
    finally:
        server.terminate()
        server.wait(15)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--port", "0"], "--port 0 is not a port; use 1 to 65535."),
        (["--port", "70000"], "--port 70000 is not a port"),
        (["--host", "a b"], "--host 'a b' is not a host name or address."),
        (["--token", "short"], "--token must be at least 16 printable ASCII characters"),
    ],
)
def test_bad_serve_options_are_one_line(args: list[str], message: str) -> None:
    assert_refused(["serve", *args], message)


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "analyzer", "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert result.returncode == 2 and result.stdout == ""
    assert (
        result.stderr
        == f"baccarat: error: Cannot listen on 127.0.0.1:{port}: Address already in use; choose another --port or "
        "--host.\n"
    )
