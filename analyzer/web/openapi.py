"""The OpenAPI 3.1 description of the workbench's JSON API, served at ``/api/openapi.json``.

Written by hand beside the routes (``tests/test_web_api.py`` holds every route of the app described and every
described path routed). The figures in the answers are exact fractions as ``"p/q"`` strings and counts as
decimal strings, as ``--format json`` writes them.
"""

from __future__ import annotations

from typing import Any

_STATE: dict[str, Any] = {
    "type": "object",
    "description": "What the workbench shows. Give rules (a shipped rule set or catalogue name) or text (a rule "
    "file's TOML, which may extend a shipped file only).",
    "additionalProperties": False,
    "properties": {
        "rules": {
            "type": "string",
            "default": "punto-banco",
            "examples": ["punto-banco", "golden-frog"],
            "description": "a shipped rule set or catalogue file",
        },
        "text": {
            "type": "string",
            "maxLength": 1_000_000,
            "description": "a rule file's TOML, used instead of rules (it may extend a shipped file only)",
        },
        "decks": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "decks (default: the rule set's)"},
        "remove": {"type": "string", "description": "cards taken out, as --remove takes them", "examples": ["5x4,K"]},
        "pays": {
            "type": "array",
            "items": {"type": "string"},
            "examples": [["tie:tie=9:1"]],
            "description": "pay changes, as --pay takes them",
        },
        "wagers": {
            "type": "array",
            "items": {"type": "string"},
            "examples": [["tie"]],
            "description": "the wagers shown (default: all)",
        },
        "name": {
            "type": "string",
            "maxLength": 80,
            "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
            "examples": ["tie-nine"],
            "description": "the game's own name (default: the rule file's); an edited shipped game needs one to be "
            "exported or reported",
        },
        "title": {
            "type": "string",
            "maxLength": 200,
            "examples": ["Punto banco, the Tie at 9 to 1"],
            "description": "the game's own title (default: the rule file's)",
        },
    },
}
_ERROR: dict[str, Any] = {
    "description": "Refused: one line saying what is wrong and what is allowed; line is the rule file's line, when "
    "known.",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["error"],
                "properties": {"error": {"type": "string"}, "line": {"type": ["integer", "null"]}},
            }
        }
    },
}
_JOB: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "kind": {"enum": ["count", "report"]},
        "status": {"enum": ["queued", "running", "done", "failed", "cancelled"]},
        "done": {"type": "integer"},
        "total": {"type": "integer"},
        "seconds": {"type": "number", "description": "seconds running (0 while queued)"},
        "error": {"type": ["string", "null"]},
        "position": {"type": ["integer", "null"], "description": "place in the queue while queued (1 is next)"},
    },
}
_JOBS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "jobs": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}, "description": "newest first"},
        "running": {"type": "integer", "description": "jobs running on the server (everyone's)"},
        "queued": {"type": "integer", "description": "jobs waiting on the server (everyone's)"},
        "slots": {"type": "integer", "description": "jobs that run at once"},
        "queue": {"type": "integer", "description": "jobs that may wait; beyond them a new job is a 429"},
    },
}
_SESSION: dict[str, Any] = {
    "name": "X-Workbench-Session",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"},
    "description": "whose jobs these are: the page sends a random id per tab; a job is seen and cancelled by its "
    "owner only (a program sending none is one owner)",
}


def _post(
    summary: str, properties: dict[str, Any], required: list[str], answer: str, answer_type: str = "application/json"
) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {"schema": {"type": "object", "properties": properties, "required": required}}
                },
            },
            "responses": {
                "200": {"description": answer, "content": {answer_type: {}}},
                "400": _ERROR,
                "413": _ERROR,
                "500": _ERROR,
                "503": {**_ERROR, "description": "Stopped by the server's time or memory limit (the line names it)."},
                "507": {**_ERROR, "description": "The server's temporary folder is full."},
            },
        }
    }


def _get(summary: str, answer: str, parameter: str | None = None, owned: bool = False) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": {"200": {"description": answer}, "500": _ERROR}}
    if parameter:
        operation["responses"]["404"] = _ERROR
        operation["parameters"] = [{"name": parameter, "in": "path", "required": True, "schema": {"type": "string"}}]
    if owned:
        operation["parameters"] = [*operation.get("parameters", []), _SESSION]
    return operation


def description(version: str) -> dict[str, Any]:
    """The API as OpenAPI 3.1."""
    state = {"state": {"$ref": "#/components/schemas/State"}}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "baccarat workbench API",
            "version": version,
            "description": "Exact mini-baccarat figures: the command line's computations over HTTP. Requests "
            "must come from the server's own origin; a server bound beyond loopback needs its "
            "token (Authorization: Bearer TOKEN). Every computation runs in a worker process under the server's "
            "memory and time limits (`baccarat serve --memory-limit MIB --time-limit SECONDS`, default 2048 MiB "
            "and 30 s; a job may run 120 times as long). Every failure is one line of JSON, "
            '{"error": "..."}, with a 4xx or 5xx status; a body nested deeper than 32 levels, or holding a lone '
            "surrogate, is a 400.",
        },
        "components": {"schemas": {"State": _STATE, "Job": _JOB, "Jobs": _JOBS}},
        "paths": {
            "/api/rules": {
                "get": _get("The shipped rule sets and catalogue files, with their titles.", "Names and titles.")
            },
            "/api/rules/{name}": {
                "get": _get("A shipped rule set's or catalogue file's TOML text.", "The text.", "name")
            },
            "/api/workbench": _post(
                "What the workbench page shows for a state: every wager's exact figures, rows and top award, and, with "
                "start, each figure's change from the starting state on the same shoe.",
                {**state, "start": {"$ref": "#/components/schemas/State"}},
                ["state"],
                "The view.",
            ),
            "/api/analyze": _post(
                "Par sheets: exactly what `baccarat analyze --format json` prints.",
                state,
                ["state"],
                "An array of analyze documents.",
            ),
            "/api/solve": _post(
                "The pay of one outcome for a target house edge, with the nearest printable pays.",
                {
                    **state,
                    "wager": {"type": "string"},
                    "outcome": {"type": "string"},
                    "edge": {"type": "string", "examples": ["5%"]},
                },
                ["state", "wager", "edge"],
                "An array of solve documents.",
            ),
            "/api/eor": _post(
                "Effects of removal and the balanced count (`baccarat eor`).",
                state,
                ["state"],
                "An array of eor documents.",
            ),
            "/api/exposure": _post(
                "What seeing part of each round is worth at the table in view, and an exposure's worth over some "
                "rounds at an average bet (`baccarat information --see SPEC --rounds N --average-bet B`).",
                {
                    **state,
                    "see": {"type": "string", "examples": ["1=value", "1-4=group:6789"]},
                    "rounds": {"type": "integer", "minimum": 1, "maximum": 1_000_000_000},
                    "average_bet": {"type": "string", "examples": ["5000"]},
                    "bets": {"type": "array", "items": {"type": "string"}, "examples": [["player", "banker", "tie"]]},
                },
                ["state", "see", "rounds", "average_bet"],
                "An array of one information document with its exposure section.",
            ),
            "/api/diff": _post(
                "The variation exhibit from state a to state b, on b's shoe (`baccarat diff`).",
                {"a": {"$ref": "#/components/schemas/State"}, "b": {"$ref": "#/components/schemas/State"}},
                ["a", "b"],
                "An array of diff documents.",
            ),
            "/api/verify": _post(
                "Check a submitted par sheet (`baccarat verify FILE --rules ...`).",
                {
                    **state,
                    "filename": {"type": "string", "examples": ["submitted.csv"]},
                    "content": {"type": "string", "contentEncoding": "base64"},
                },
                ["state", "filename", "content"],
                "confirmed (every figure) and the verdicts.",
            ),
            "/api/export": _post(
                "The rule file as edited (toml: each changed pay written at its row, a wager the file takes from "
                "elsewhere copied in as a [wagers.NAME] table; the file alone loaded back and refused with a 400 "
                "unless its par sheets equal the ones shown) or the par sheets (csv, json, xlsx), as a download.",
                {**state, "format": {"enum": ["toml", "csv", "json", "xlsx"]}},
                ["state", "format"],
                "The file.",
                "application/octet-stream",
            ),
            "/api/jobs": {
                "post": {
                    "summary": "Start a counting study (kind count: wager, shoes, seed; perfect play at the standard "
                    "shoe procedure; 1 to 64 decks) or a report (kind report: format html or pdf). It runs at once "
                    "when a job slot is free, else waits in the queue (status queued); a full queue is a 429.",
                    "parameters": [_SESSION],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        **state,
                                        "kind": {"enum": ["count", "report"]},
                                        "wager": {"type": "string"},
                                        "shoes": {"type": "integer", "minimum": 1, "maximum": 200_000},
                                        "seed": {"type": "integer", "minimum": 0},
                                        "format": {"enum": ["html", "pdf"]},
                                    },
                                    "required": ["kind", "state"],
                                }
                            }
                        },
                    },
                    "responses": {
                        "202": {
                            "description": "The job, started.",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}},
                        },
                        "400": _ERROR,
                        "429": _ERROR,
                        "500": _ERROR,
                        "503": _ERROR,
                    },
                },
                "get": {
                    **_get(
                        "The caller's jobs (running, queued and the last ended), newest first, with the queue's state. "
                        "A running or queued job nobody asks about for 60 s is cancelled.",
                        "The jobs.",
                        owned=True,
                    ),
                    "responses": {
                        "200": {
                            "description": "The jobs.",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Jobs"}}},
                        },
                        "500": _ERROR,
                    },
                },
            },
            "/api/jobs/{id}": {
                "get": _get("A job's progress (its owner's only).", "The job.", "id", owned=True),
                "delete": _get(
                    "Cancel a job: a queued one leaves the queue, a running one's worker is stopped; it has no result.",
                    "The job.",
                    "id",
                    owned=True,
                ),
            },
            "/api/jobs/{id}/result": {
                "get": _get(
                    "A finished job's result: the count document (JSON), or the report file.",
                    "The result.",
                    "id",
                    owned=True,
                )
            },
            "/api/openapi.json": {"get": _get("This description.", "OpenAPI 3.1.")},
        },
    }
