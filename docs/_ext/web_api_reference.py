"""Generate the workbench API reference from :func:`analyzer.web.openapi.description`, and publish the description.

On ``builder-inited`` this writes ``docs/reference/web-api.md`` (only when its text changes) and
``docs/_extra/openapi.json`` (not in git), which the site publishes beside its pages. ``tests/test_web_api.py`` checks
that the
committed page is what :func:`page` renders, so the reference cannot drift from the routes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from analyzer import __version__
from analyzer.web.openapi import description

HERE = Path(__file__).resolve().parent
PAGE = HERE.parent / "reference" / "web-api.md"
OPENAPI = HERE.parent / "_extra" / "openapi.json"
_GENERATED = (
    "<!-- Generated from analyzer/web/openapi.py by docs/_ext/web_api_reference.py: edit those, not this page. -->"
)


def _fields(schema: dict[str, Any], components: dict[str, Any]) -> str:
    properties = schema.get("properties", {})
    required = set(schema.get("required", ()))
    parts = []
    for name, spec in properties.items():
        if "$ref" in spec:
            kind = spec["$ref"].rsplit("/", 1)[1]
        elif "enum" in spec:
            kind = " \\| ".join(str(v) for v in spec["enum"])
        else:
            kind = str(spec.get("type", ""))
        parts.append(f"`{name}`{'*' if name in required else ''} ({kind})")
    return ", ".join(parts) or "none"


def page() -> str:
    """The reference page's Markdown."""
    api = description(__version__)
    components = api["components"]["schemas"]
    lines = [
        "# Workbench API",
        "",
        _GENERATED,
        "",
        "The JSON API behind the workbench page (`baccarat serve`). A studio's own tools may call it: every figure "
        'is the command line\'s (exact fractions as `"p/q"` strings, counts as decimal strings, as `--format json` '
        "writes them). The description in OpenAPI 3.1 is served by the app at `/api/openapi.json` and published with "
        "this site as {download}`openapi.json <../_extra/openapi.json>`.",
        "",
        "Requests must come from the server's own origin (a browser's `Origin` header, and the `Host` header, are "
        "checked); a server bound beyond loopback needs its token: `Authorization: Bearer TOKEN`. Bad input is a "
        '4xx answer `{"error": "...", "line": N}` with the loader\'s own line (`line`: the rule file\'s line, '
        "when the message names a place in it).",
        "",
        "## A state",
        "",
        "Most requests carry a *state*: what the workbench shows.",
        "",
        "| key | type | what |",
        "|---|---|---|",
    ]
    for name, spec in components["State"]["properties"].items():
        kind = spec.get("type", "")
        kind = f"{kind} of {spec['items']['type']}" if kind == "array" else kind
        what = spec["description"].replace("--", "`--").replace(" takes", "` takes")
        example = spec.get("examples", [None])[0]
        shown = f"; e.g. `{json.dumps(example)}`" if example is not None else ""
        lines.append(f"| `{name}` | {kind} | {what}{shown} |")
    lines += ["", "## Endpoints", "", "Fields marked * are required.", ""]
    for path, operations in api["paths"].items():
        for method, operation in operations.items():
            lines += [f"### `{method.upper()} {path}`", "", operation["summary"], ""]
            body = operation.get("requestBody")
            if body:
                schema = body["content"]["application/json"]["schema"]
                lines += [f"Body: {_fields(schema, components)}.", ""]
            codes = ", ".join(sorted(operation["responses"]))
            lines += [f"Answers: {codes}.", ""]
    lines += [
        "## An example",
        "",
        "With `baccarat serve` running, the Tie at 9 to 1, exactly (the answer is what `baccarat analyze --rules "
        "punto-banco --wager tie --pay tie:tie=9:1 --format json` prints):",
        "",
        "```text",
        "curl -s http://127.0.0.1:8765/api/analyze -H 'content-type: application/json' \\",
        '     -d \'{"state": {"pays": ["tie:tie=9:1"], "wagers": ["tie"]}}\'',
        "```",
    ]
    return "\n".join(lines).rstrip() + "\n"


def _builder_inited(app: Any) -> None:
    text = page()
    if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
        PAGE.write_text(text, encoding="utf-8")
    OPENAPI.write_text(json.dumps(description(__version__), indent=2) + "\n", encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _builder_inited)
    return {"parallel_read_safe": True}
