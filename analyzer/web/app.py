"""The workbench's ASGI app: the page, its static files, and the JSON API (:mod:`.routes`), behind :mod:`.guard`.

:func:`create_app` builds it; ``baccarat serve`` runs it with uvicorn. Everything the page needs is served
from the package (``analyzer/web/static``); nothing is fetched from anywhere else.

=======  ==========================  =========================================================
Method   Path                        What
=======  ==========================  =========================================================
GET      /                           the workbench page
GET      /api/rules                  the shipped rule sets and catalogue files, with titles
GET      /api/rules/{name}           a shipped file's text
POST     /api/workbench              what the page shows for a state (and its change from a start)
POST     /api/analyze                ``baccarat analyze --format json`` of a state
POST     /api/solve                  ``baccarat solve``: a pay for a target edge
POST     /api/eor                    ``baccarat eor``: effects of removal
POST     /api/diff                   ``baccarat diff``: the variation exhibit between two states
POST     /api/verify                 ``baccarat verify``: a submitted par sheet (base64)
POST     /api/export                 the rule file as edited, or the par sheets (csv, json, xlsx)
POST     /api/jobs                   start a counting study or a report (queued when the slots are full)
GET      /api/jobs                   the caller's jobs, running, queued and ended, with the queue's state
GET      /api/jobs/{id}              a job's progress
GET      /api/jobs/{id}/result       a finished job's result
DELETE   /api/jobs/{id}              cancel a job
GET      /api/openapi.json           this API, described
=======  ==========================  =========================================================
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..api.workbench import State, view
from . import routes
from .guard import ASGIApp, Guard
from .jobs import SESSION, Jobs
from .openapi import description
from .workers import Budget, Workers

Handler = Callable[[Request], Awaitable[Response]]
logger = logging.getLogger("analyzer.web")


def _lifespan(jobs: Jobs, pool: Workers) -> Callable[[Starlette], Any]:
    def warm() -> None:
        """Start a worker and count the page's first view in it, so that the first visitor waits for neither."""
        with contextlib.suppress(Exception):
            pool.call(view, (State(),), pool.limits.request_seconds, threading.Event())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        threading.Thread(target=warm, name="warm a worker", daemon=True).start()
        yield
        jobs.close()  # the server is stopping: its jobs and workers stop with it
        pool.close()

    return lifespan


def owner_of(request: Request) -> str:
    """Whose jobs a request sees: the page's tab (``X-Workbench-Session``), or ``""`` for a program sending none."""
    session = request.headers.get("x-workbench-session", "")
    return session if SESSION.fullmatch(session) else ""


def create_app(guard: Guard, limits: Budget | None = None) -> ASGIApp:
    """The workbench app, answering only what ``guard`` lets through, its work held to ``limits`` (default
    :class:`~.workers.Budget`)."""
    limits = limits or Budget()
    pool = Workers(limits.request_workers, limits, "request")
    jobs = Jobs(limits)

    def handled(fn: Callable[[Request], Awaitable[Response]]) -> Handler:
        async def handler(request: Request) -> Response:
            routes.calling.set(routes.Calling(request, pool))
            try:
                return await fn(request)
            except Exception as error:
                if not routes.errors_of(error):
                    logger.exception("%s %s failed", request.method, request.url.path)
                    return routes.failed(error)
                return routes.answer(error, getattr(request.state, "rule_text", None))

        return handler

    async def remember_text(request: Request, data: dict[str, Any], key: str = "state") -> State:
        """The state of ``data[key]``, its rule text kept on the request so that an error can name its line."""
        raw = data.get(key)
        if isinstance(raw, dict) and isinstance(raw.get("text"), str):
            request.state.rule_text = raw["text"]
        return routes.state_of(data, key)

    async def page(request: Request) -> Response:
        html = resources.files("analyzer.web").joinpath("static/index.html").read_text(encoding="utf-8")
        return Response(html.replace("{{version}}", __version__), media_type="text/html; charset=utf-8")

    async def rule_list(request: Request) -> Response:
        return JSONResponse(await routes.compute(routes.rule_list))

    async def rule_text(request: Request) -> Response:
        from ..api.workbench import rule_text

        name = request.path_params["name"]
        return JSONResponse({"name": name, "text": rule_text(State(rules=name))})

    async def workbench(request: Request) -> Response:
        data = await routes.body(request)
        state = await remember_text(request, data)
        start = await remember_text(request, data, "start") if "start" in data else None
        return JSONResponse(await routes.compute(view, state, start))

    async def analyze(request: Request) -> Response:
        data = await routes.body(request)
        return JSONResponse(await routes.compute(routes.analyze_json, await remember_text(request, data)))

    async def solve(request: Request) -> Response:
        data = await routes.body(request)
        return JSONResponse(await routes.compute(routes.solve_json, await remember_text(request, data), data))

    async def eor(request: Request) -> Response:
        data = await routes.body(request)
        return JSONResponse(await routes.compute(routes.eor_json, await remember_text(request, data)))

    async def exposure(request: Request) -> Response:
        data = await routes.body(request)
        return JSONResponse(await routes.compute(routes.exposure_json, await remember_text(request, data), data))

    async def diff(request: Request) -> Response:
        data = await routes.body(request)
        a, b = await remember_text(request, data, "a"), await remember_text(request, data, "b")
        return JSONResponse(await routes.compute(routes.diff_json, a, b))

    async def verify(request: Request) -> Response:
        data = await routes.body(request)
        return JSONResponse(await routes.compute(routes.verify_json, await remember_text(request, data), data))

    async def export(request: Request) -> Response:
        data = await routes.body(request)
        fmt = data.get("format")
        content, name = await routes.compute(routes.export, await remember_text(request, data), str(fmt))
        return routes.file_response(content, str(fmt), name)

    async def start_job(request: Request) -> Response:
        data = await routes.body(request)
        state = await remember_text(request, data)
        kind, owner = data.get("kind"), owner_of(request)
        if kind == "count":
            total = await routes.compute(routes.count_plan, state, data)
            started = jobs.start("count", total, owner, routes.count_job, (state, data))
        elif kind == "report":
            fmt = str(data.get("format", "html"))
            total = await routes.compute(routes.report_plan, state, fmt)
            started = jobs.start("report", total, owner, routes.report_job, (state, fmt))
        else:
            raise routes.Problem(400, f"Unknown job kind {str(kind)[:40]!r}; use count or report.")
        return JSONResponse(started.to_json(jobs.position(started)), status_code=202)

    async def job_list(request: Request) -> Response:
        return JSONResponse(jobs.listing(owner_of(request)))

    async def job(request: Request) -> Response:
        found = jobs.get(request.path_params["id"], owner_of(request))
        return JSONResponse(found.to_json(jobs.position(found)))

    async def result(request: Request) -> Response:
        return routes.job_result(jobs, request.path_params["id"], owner_of(request))

    async def cancel(request: Request) -> Response:
        found = jobs.cancel(request.path_params["id"], owner_of(request))
        return JSONResponse(found.to_json(jobs.position(found)))

    async def not_found(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        if status == 500:
            return routes.failed(error)
        return JSONResponse({"error": f"{request.method} {request.url.path[:80]}: {error}", "line": None}, status)

    async def openapi(request: Request) -> Response:
        return JSONResponse(description(__version__))

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/rules", handled(rule_list)),
            Route("/api/rules/{name}", handled(rule_text)),
            Route("/api/workbench", handled(workbench), methods=["POST"]),
            Route("/api/analyze", handled(analyze), methods=["POST"]),
            Route("/api/solve", handled(solve), methods=["POST"]),
            Route("/api/eor", handled(eor), methods=["POST"]),
            Route("/api/diff", handled(diff), methods=["POST"]),
            Route("/api/exposure", handled(exposure), methods=["POST"]),
            Route("/api/verify", handled(verify), methods=["POST"]),
            Route("/api/export", handled(export), methods=["POST"]),
            Route("/api/jobs", handled(start_job), methods=["POST"]),
            Route("/api/jobs", handled(job_list)),
            Route("/api/jobs/{id}", handled(job)),
            Route("/api/jobs/{id}", handled(cancel), methods=["DELETE"]),
            Route("/api/jobs/{id}/result", handled(result)),
            Route("/api/openapi.json", openapi),
            Mount("/static", StaticFiles(packages=[("analyzer.web", "static")])),
        ],
        lifespan=_lifespan(jobs, pool),
        exception_handlers={HTTPException: not_found, Exception: not_found},
    )
    return guard.wrap(app)
