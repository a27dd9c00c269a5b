"""A colleague's machine reaching a studio server: run in its own network namespace by tests/test_web_studio.py.

    python -m tests.studio_colleague ADDRESS PORT TOKEN [--browser]

Prints one JSON object of what it saw: the answers to requests made under each ``Host`` name, the first visit with
``?token=`` (its redirect and cookie), the API with and without the cookie, and (``--browser``) what a real
chromium shows: the address after the first visit, the figures, and the link *Copy link* copies.
"""

from __future__ import annotations

import http.client
import json
import sys
from typing import Any


def get(address: str, port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(address, port, timeout=60)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def requests(address: str, port: int, token: str) -> dict[str, Any]:
    bearer = {"authorization": f"Bearer {token}"}
    seen: dict[str, Any] = {}
    for name in (address, "studio-floor", "workbench.studio.example", "evil.example"):
        status, _, body = get(address, port, "/api/rules", {"host": f"{name}:{port}", **bearer})
        seen[f"host {name}"] = [status, json.loads(body).get("error") if status != 200 else None]
    status, headers, _ = get(address, port, f"/?token={token}", {})
    seen["first visit"] = [status, headers.get("location"), headers.get("set-cookie")]
    cookie = headers.get("set-cookie", "").split(";")[0]
    seen["api with the cookie"] = get(address, port, "/api/rules", {"cookie": cookie})[0]
    seen["api without"] = get(address, port, "/api/rules", {})[0]
    seen["page without"] = get(address, port, "/", {})[0]
    return seen


def browser(address: str, port: int, token: str) -> dict[str, Any]:
    from playwright.sync_api import expect, sync_playwright

    from .web_server import CHROMIUM, CHROMIUM_ARGS

    seen: dict[str, Any] = {}
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = launched.new_context()
        # plain http beyond localhost has no clipboard API (and no permission to read one): note what is copied
        context.add_init_script(
            'document.addEventListener("copy", (e) => { const t = e.target;'
            " window.copied = t.value !== undefined ? t.value.slice(t.selectionStart, t.selectionEnd)"
            " : String(document.getSelection()); });"
        )
        page = context.new_page()
        page.goto(f"http://{address}:{port}/?token={token}")
        tie = page.locator("#summary tbody tr", has=page.locator("th", has_text="tie"))
        expect(tie).to_contain_text("14.3596%", timeout=60_000)
        seen["address after the first visit"] = page.url
        page.locator("#share").click()
        expect(page.locator("#busy")).to_have_text("link copied")
        link = page.evaluate("window.copied")
        seen["copied link"] = link
        other = context.new_page()
        other.goto(link)
        expect(other.locator("#summary tbody tr", has=other.locator("th", has_text="tie"))).to_contain_text("14.3596%")
        seen["copied link opens"] = True
        stranger = launched.new_context().new_page()  # a browser that never had the token
        stranger.goto(link)
        expect(stranger.locator("#editor-error")).to_contain_text("needs its token")
        seen["a stranger is told"] = stranger.locator("#editor-error").inner_text()
        launched.close()
    return seen


if __name__ == "__main__":
    address, port, token = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seen = requests(address, port, token)
    if "--browser" in sys.argv:
        seen |= browser(address, port, token)
    print(json.dumps(seen))
