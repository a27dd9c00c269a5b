"""Studio-server mode (issue 30, item 5): a workbench bound beyond loopback answers under the machine's names and
addresses (and ``--allow-host`` names), keeps its token in a cookie after the first visit, and never puts it in a
copied link.

The walk-through of docs/designer/studio-server.md is run on two machines: two network namespaces
joined by a veth pair, the server in one (with its own hostname), a colleague's requests and browser in the other,
reaching it by its address. It needs root (``ip netns``); elsewhere it is skipped, saying so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from analyzer.errors import InputError
from analyzer.web.app import create_app
from analyzer.web.guard import Guard
from analyzer.web.hosts import host_form, machine_hosts
from analyzer.web.server import guard_for

from .clirun import assert_refused
from .needs import PROGRAMS

ROOT = Path(__file__).parent.parent
TOKEN = "studio-token-0123456789"
PAGE = ROOT / "docs" / "designer" / "studio-server.md"


def studio(port: int = 8765) -> TestClient:
    """A server bound to every interface of a machine called studio-floor at 10.77.0.1."""
    guard = Guard.for_address("0.0.0.0", port, TOKEN, names=("studio-floor", "10.77.0.1", "localhost", "127.0.0.1"))
    return TestClient(create_app(guard), base_url=f"http://10.77.0.1:{port}")


BEARER = {"authorization": f"Bearer {TOKEN}"}


@pytest.mark.parametrize("name", ["10.77.0.1:8765", "studio-floor:8765", "STUDIO-FLOOR:8765", "127.0.0.1:8765"])
def test_a_server_beyond_loopback_answers_under_the_machines_names_and_addresses(name: str) -> None:
    assert studio().get("/api/rules", headers={"host": name, **BEARER}).status_code == 200


@pytest.mark.parametrize("name", ["evil.example:8765", "0.0.0.0:8765", "10.77.0.1:9999", "studio-floor"])
def test_any_other_host_is_refused_without_telling_the_servers_names(name: str) -> None:
    refused = studio().get("/api/rules", headers={"host": name, **BEARER})
    assert refused.status_code == 403
    error = refused.json()["error"]
    assert "--allow-host NAME" in error and "0.0.0.0" not in error.replace(name, "")
    assert "studio-floor" not in error.replace(name, "") and "10.77.0.1" not in error.replace(name, "")


def test_the_machines_own_hostname_and_addresses_are_among_its_names() -> None:
    names = machine_hosts()
    assert host_form(socket.gethostname()) in names and "127.0.0.1" in names and "[::1]" in names
    assert not any(n.startswith("[fe80") for n in names)  # a browser cannot send a link-local zone
    guard = guard_for("0.0.0.0", 8765, None, ("Workbench.Studio.Example.",))
    assert guard.token is not None and len(guard.token) == 32  # beyond loopback a token is made
    assert {f"{host_form(socket.gethostname())}:8765", "workbench.studio.example:8765"} <= guard.hosts


def test_allow_host_takes_a_name_not_an_address_with_a_port_and_not_on_loopback() -> None:
    with pytest.raises(InputError, match=r"^--allow-host 'studio:8765' is not a host name or address"):
        guard_for("0.0.0.0", 8765, None, ("studio:8765",))
    with pytest.raises(InputError, match="beyond loopback"):
        guard_for("127.0.0.1", 8765, None, ("studio",))
    assert_refused(["serve", "--allow-host", "studio"], "--allow-host is for a server bound beyond loopback")


def test_the_first_visit_moves_the_token_into_a_cookie_and_out_of_the_address() -> None:
    client = studio()
    first = client.get(f"/workbench/?view=2&token={TOKEN}", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"] == "/workbench/?view=2"
    assert first.headers["set-cookie"] == f"baccarat_token_8765={TOKEN}; HttpOnly; SameSite=Strict; Path=/"
    assert first.headers["cache-control"] == "no-store"
    assert client.get("/api/rules").status_code == 200  # the cookie, no header
    assert client.post("/api/workbench", json={}).status_code == 200


def test_a_wrong_token_in_the_address_sets_no_cookie() -> None:
    client = studio()
    wrong = client.get("/?token=not-the-token-at-all", follow_redirects=False)
    assert wrong.status_code == 401 and "set-cookie" not in wrong.headers
    assert client.get("/api/rules").status_code == 401


def test_the_token_in_a_post_address_is_not_taken() -> None:
    assert studio().post(f"/api/workbench?token={TOKEN}", json={}).status_code == 401


def test_another_ports_cookie_does_not_open_this_server() -> None:
    client = studio(8766)
    client.cookies.set("baccarat_token_8765", TOKEN)
    assert client.get("/api/rules").status_code == 401


def test_the_page_is_served_without_the_token_and_its_api_is_not() -> None:
    """A link followed from another site (a web mail) carries no SameSite=Strict cookie: the page loads, and its
    own requests, which do carry it, work (or say the token is needed)."""
    client = studio()
    assert client.get("/").status_code == 200 and client.get("/static/workbench.js").status_code == 200
    refused = client.get("/api/rules")
    assert refused.status_code == 401 and "needs its token" in refused.json()["error"]
    assert client.post("/", json={}).status_code in (401, 405)


def test_copy_link_builds_the_address_from_the_path_and_the_state_only() -> None:
    script = (ROOT / "analyzer" / "web" / "static" / "workbench.js").read_text()
    assert 'function stateUrl() { return location.origin + location.pathname + "#s=" + encodeState(); }' in script
    assert "copyText(stateUrl())" in script and "location.href" not in script


# --- two machines: two network namespaces -------------------------------------------------------------------------


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=30)


@contextmanager
def two_machines() -> Iterator[tuple[str, str]]:
    """Two network namespaces joined by a veth pair: the studio (10.77.0.1) and a colleague's machine (10.77.0.2)."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("two network namespaces need Linux and root (ip netns add)")
    if shutil.which("ip") is None or shutil.which("unshare") is None:
        pytest.skip("two network namespaces need ip (iproute2) and unshare (util-linux)")
    studio_ns, colleague_ns = f"baccarat-studio-{os.getpid()}", f"baccarat-colleague-{os.getpid()}"
    try:
        ip("netns", "add", studio_ns)
    except subprocess.CalledProcessError as e:
        pytest.skip(f"network namespaces are not permitted here: {e.stderr.strip()}")
    try:
        ip("netns", "add", colleague_ns)
        ip(
            "-n",
            studio_ns,
            "link",
            "add",
            "eth-studio",
            "type",
            "veth",
            "peer",
            "name",
            "eth-colleague",
            "netns",
            colleague_ns,
        )
        for ns, device, address in (
            (studio_ns, "eth-studio", "10.77.0.1"),
            (colleague_ns, "eth-colleague", "10.77.0.2"),
        ):
            ip("-n", ns, "addr", "add", f"{address}/24", "dev", device)
            ip("-n", ns, "link", "set", device, "up")
            ip("-n", ns, "link", "set", "lo", "up")
        yield studio_ns, colleague_ns
    finally:
        for ns in (studio_ns, colleague_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=30)


def walk_through() -> tuple[str, list[str]]:
    """The command and the output docs/designer/studio-server.md shows."""
    text = PAGE.read_text()
    section = text
    block = re.search(r"```text\n\$ (baccarat serve [^\n]+)\n(.*?)```", section, re.S)
    assert block is not None, "the studio-server page shows the command and what it prints"
    return block.group(1), block.group(2).splitlines()


@pytest.mark.slow
def test_a_colleague_on_another_machine_reaches_the_studio_server_by_its_address() -> None:
    command, printed = walk_through()
    with two_machines() as (studio_ns, colleague_ns):
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        serve = [sys.executable, "-m", "analyzer", *command.split()[1:]]
        server = subprocess.Popen(
            [
                "ip",
                "netns",
                "exec",
                studio_ns,
                "unshare",
                "--uts",
                "sh",
                "-c",
                'hostname studio-floor && exec "$@"',
                "-",
            ]
            + serve,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=ROOT,
        )
        try:
            assert server.stdout is not None
            said = [server.stdout.readline() for _ in printed]
            token = re.search(r"\?token=([\w-]+)", said[0])
            assert token is not None, said
            assert [line.replace(token.group(1), "TOKEN").rstrip("\n") for line in said] == printed
            port = re.search(r":(\d+)/", said[0])
            assert port is not None
            for _ in range(100):
                probe = subprocess.run(
                    ["ip", "netns", "exec", colleague_ns, sys.executable, "-c",
                     f"import socket; socket.create_connection(('10.77.0.1', {port.group(1)}), timeout=1)"],
                    capture_output=True,
                )  # fmt: skip
                if probe.returncode == 0:
                    break
                time.sleep(0.1)
            browser = ["--browser"] if PROGRAMS["chromium"].present else []
            colleague = subprocess.run(
                ["ip", "netns", "exec", colleague_ns, sys.executable, "-m", "tests.studio_colleague", "10.77.0.1",
                 port.group(1), token.group(1), *browser],
                capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
            )  # fmt: skip
            assert colleague.returncode == 0, colleague.stderr[-3000:]
            seen = json.loads(colleague.stdout)
        finally:
            server.terminate()
            rest = server.communicate(timeout=15)[0]
        assert "Traceback" not in rest
    where = f"http://10.77.0.1:{port.group(1)}/"
    assert seen["host 10.77.0.1"] == [200, None]
    assert seen["host studio-floor"] == [200, None]  # the machine's hostname
    assert seen["host workbench.studio.example"] == [200, None]  # --allow-host
    assert seen["host evil.example"][0] == 403 and "--allow-host" in seen["host evil.example"][1]
    status, location, cookie = seen["first visit"]
    assert (status, location) == (303, "/") and "HttpOnly; SameSite=Strict" in cookie and token.group(1) in cookie
    assert (seen["api with the cookie"], seen["api without"], seen["page without"]) == (200, 401, 200)
    if browser:
        after = seen["address after the first visit"]
        assert after.startswith(where + "#s=") and "token" not in after  # the page keeps its state in the hash
        assert seen["copied link"].startswith(where + "#s=") and token.group(1) not in seen["copied link"]
        assert seen["copied link opens"] is True
        assert "needs its token" in seen["a stranger is told"]
