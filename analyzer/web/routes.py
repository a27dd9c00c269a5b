"""The JSON API: each handler reads a request, calls the library as the command line does, and answers.

Every body is JSON. A *state* is :class:`analyzer.api.workbench.State`'s JSON (``rules`` or ``text``,
``decks``, ``remove``, ``pays``, ``wagers``). Bad input is a 400 with the loader's own line
(``{"error": "...", "line": N}``, ``line`` the rule file's line when the message names a place in it). Every
computation runs in a worker process (:mod:`.workers`); work past the server's time or memory limit is a 503
naming the limit (start long work as a job instead). The API's figures are the
command line's: ``/api/analyze`` answers exactly what ``baccarat analyze --format json`` prints, but for the
command line in its provenance (``tests/test_web_api.py`` holds them equal).
"""

from __future__ import annotations

import base64
import json
import os
import re
import tempfile
import threading
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC
from typing import Any, TypeVar

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api.exporting import exported_rule_file
from ..api.workbench import State, require_own_name
from ..errors import InputError, RunError, shown
from .guard import BodyTooLarge
from .jobs import Busy, Jobs, UnknownJob
from .jsonbody import read
from .workers import Refused, Workers, failure

T = TypeVar("T")
LEFT_SECONDS = 0.25
"""How often a request's computation checks that its client is still there."""
EXPORTS: dict[str, tuple[str, str]] = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "json": ("application/json", "json"),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
    "toml": ("application/toml; charset=utf-8", "toml"),
    "html": ("text/html; charset=utf-8", "html"),
    "pdf": ("application/pdf", "pdf"),
}
"""What ``/api/export`` and report jobs write: media type and file suffix."""
COMMAND = "the workbench (baccarat serve)"
"""What made a file the workbench exports, as its provenance names it (the rule file is named by its SHA-256)."""
MAX_SHOES = 200_000
"""The most shoes a counting job from the workbench deals (the command line has no such limit)."""
MAX_COUNT_DECKS = 64
"""The most decks a counting job from the workbench deals (at 64 decks a one-shoe count peaks at about 300 MB;
its memory grows with the decks; the command line has no such limit)."""


class Problem(Exception):
    """An answer other than 200: its status and one line."""

    def __init__(self, status: int, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.status, self.line = status, line


@dataclass(frozen=True)
class Calling:
    """What :func:`compute` needs of the request being answered: the request (to notice its client leaving) and
    the worker pool with its limits. Set by the app around each handler."""

    request: Request
    pool: Workers


calling: ContextVar[Calling] = ContextVar("calling")


async def compute(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker process (:mod:`.workers`) under the server's memory and time limits; stopped
    (the worker killed) when its client leaves. ``fn`` and its arguments must pickle (module-level functions)."""
    now = calling.get()
    stop = threading.Event()

    async def watch(scope: anyio.CancelScope) -> None:
        while not await now.request.is_disconnected():
            await anyio.sleep(LEFT_SECONDS)
        stop.set()
        scope.cancel()

    seconds = now.pool.limits.request_seconds
    result: list[T] = []
    refused: list[Exception] = []
    try:
        async with anyio.create_task_group() as group:
            group.start_soon(watch, group.cancel_scope)
            try:
                result.append(
                    await anyio.to_thread.run_sync(
                        lambda: now.pool.call(fn, args, seconds, stop), abandon_on_cancel=True
                    )
                )
            except Exception as e:  # kept out of the task group, which would wrap it in an ExceptionGroup
                refused.append(e)
            group.cancel_scope.cancel()
    finally:
        stop.set()  # a request cancelled (its client gone, the server stopping) stops its worker
    if refused and isinstance(refused[0], Refused):
        raise Problem(refused[0].status, str(refused[0]), refused[0].line)
    if refused:
        raise refused[0]
    if not result:
        raise Problem(499, "The client left before the answer; the work was stopped.")
    return result[0]


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object."""
    try:
        raw = await request.body()
    except BodyTooLarge as e:
        raise Problem(413, str(e)) from None
    return read(raw)


def state_of(data: dict[str, Any], key: str = "state") -> State:
    return State.from_json(data.get(key, {}))


def answer(error: Exception, text: str | None = None) -> JSONResponse:
    """A refusal as JSON: 404/429 for jobs, 400 for bad input (with its line in ``text``), else the problem's own."""
    if isinstance(error, Problem):
        line = error.line if error.line is not None else error_line(text, str(error))
        return JSONResponse({"error": str(error), "line": line}, status_code=error.status)
    status = 404 if isinstance(error, UnknownJob) else 429 if isinstance(error, Busy) else 400
    message = str(error)
    return JSONResponse({"error": message, "line": error_line(text, message)}, status_code=status)


def error_line(text: str | None, message: str) -> int | None:
    """The line of ``text`` (a rule file) that ``message`` is about: the loader names it (``rule file, line N: KEY:
    ...``, :func:`analyzer.game.keylines.placed`), as the command line's errors do."""
    if text is None:
        return None
    found = re.match(r"rule file, line (\d+): ", message)
    return int(found.group(1)) if found else None


def file_response(content: str | bytes, fmt: str, name: str) -> Response:
    media, suffix = EXPORTS[fmt]
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name)[:80] or "export"
    return Response(
        content, media_type=media, headers={"content-disposition": f'attachment; filename="{safe}.{suffix}"'}
    )


def cli_json(documents: Any) -> Any:
    """Documents as ``--format json`` writes them (an array, one object per document)."""
    from ..report.output import produce

    return json.loads(produce(list(documents), "json"))


# --- the handlers ------------------------------------------------------------------------------------------


def rule_list() -> dict[str, Any]:
    from ..exact.reach import load_rules
    from ..game.shipped import catalogue, shipped

    def entry(name: str) -> dict[str, str]:
        rules = load_rules(name)
        return {"name": name, "title": rules.title}

    return {"rule_sets": [entry(n) for n in shipped()], "catalogue": [entry(n) for n in catalogue()]}


def analyze_json(state: State) -> Any:
    from ..api.analysis import Analysis
    from ..api.pricing import priced_sheets

    rules = state.rule_set()
    shoe = state.shoe(rules)
    return cli_json([Analysis(rules, shoe, priced_sheets(rules, shoe, state.wagers)).document()])


def solve_json(state: State, data: dict[str, Any]) -> Any:
    from ..api.studies import solve
    from ..game.odds import parse_percent

    wager, outcome, edge = data.get("wager"), data.get("outcome"), data.get("edge")
    if not isinstance(wager, str) or not isinstance(edge, str) or not isinstance(outcome, (str, type(None))):
        raise InputError("solve needs wager (a name), edge (a percentage such as '5%') and, optionally, outcome.")
    rules = state.rule_set()
    return cli_json([solve(rules, state.shoe(rules), wager, parse_percent(edge), outcome)])


def eor_json(state: State) -> Any:
    from ..api.removal import eor

    rules = state.rule_set()
    # by default, not the wagers with lightning multipliers: theirs take a par sheet per card type (name them to ask)
    paid = state.wagers or tuple(w.name for w in rules.wagers if w.has_pay_table and w.lightning is None)
    return cli_json([eor(rules, decks=state.decks, remove=state.remove, wagers=paid).document()])


def exposure_json(state: State, data: dict[str, Any]) -> Any:
    """What seeing ``see`` is worth at the table in view, and an exposure of ``rounds`` at ``average_bet``
    (``baccarat information --see SPEC --rounds N --average-bet B``); ``bets``: the candidate wagers (default the
    offered ones)."""
    from ..api.seeing import information

    see, rounds, bet, bets = data.get("see"), data.get("rounds"), data.get("average_bet"), data.get("bets", [])
    if not isinstance(see, str) or not isinstance(rounds, int) or isinstance(rounds, bool) or not isinstance(bet, str):
        raise InputError("exposure needs see (a spec such as '1=value'), rounds (a whole number) and average_bet.")
    if not isinstance(bets, list) or not all(isinstance(b, str) for b in bets):
        raise InputError("bets must be a list of wager names.")
    rules = state.rule_set()
    seen = information(rules, decks=state.decks, remove=state.remove, see=see, bets=bets)
    return cli_json([seen.exposure(rounds, bet).document()])


def diff_json(a: State, b: State) -> Any:
    from ..api.studies import diff

    first, second = a.rule_set(), b.rule_set()
    shoe = b.shoe(second)
    wagers = tuple(w for w in b.wagers)
    return cli_json([diff(first, second, shoe, wagers)])


def verify_json(state: State, data: dict[str, Any]) -> Any:
    from ..api.studies import verify_par_sheet

    name, content = data.get("filename"), data.get("content")
    if not isinstance(name, str) or not isinstance(content, str):
        raise InputError("verify needs filename (ending in .csv or .xlsx) and content (the file, base64-encoded).")
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in (".csv", ".xlsx"):
        raise InputError(f"{shown(name)} is not a par sheet: upload a .csv or .xlsx file.")
    try:
        raw = base64.b64decode(content, validate=True)
    except ValueError:
        raise InputError("The uploaded file is not base64-encoded.") from None
    rules = state.rule_set()
    with tempfile.TemporaryDirectory(prefix="baccarat-verify-") as folder:
        path = os.path.join(folder, "submitted" + suffix)
        with open(path, "wb") as f:
            f.write(raw)
        document, confirmed = verify_par_sheet(path, rules, state.shoe(rules))
    return {"confirmed": confirmed, "verdicts": cli_json([document])}


def export(state: State, fmt: str) -> tuple[str | bytes, str]:
    """The par sheets (csv, json, xlsx) or the rule file as edited (toml), and a name for the file."""
    from ..api.analysis import Analysis
    from ..api.pricing import priced_sheets
    from ..report.output import produce

    require_own_name(state)
    if fmt == "toml":
        text = exported_rule_file(state)
        return text, state.rule_set().name
    if fmt not in ("csv", "json", "xlsx"):
        raise InputError(f"Export format {shown(fmt)}; use toml, csv, json or xlsx (a report is a job: html, pdf).")
    rules = state.rule_set()
    shoe = state.shoe(rules)
    document = Analysis(rules, shoe, priced_sheets(rules, shoe, state.wagers)).document()
    return produce([document], fmt, command=COMMAND), f"{rules.name}-par-sheets"


def report_plan(state: State, fmt: str) -> int:
    """A report job's steps, once its state and format are checked (in a request's worker)."""
    if fmt not in ("html", "pdf"):
        raise InputError(f"Report format {shown(fmt)}; use html or pdf.")
    require_own_name(state)
    rules = state.rule_set()
    state.shoe(rules)
    return 1


def report_job(state: State, fmt: str, step: Callable[[int], None]) -> tuple[bytes | str, str, str]:
    """A report job: the math evaluation report of the state (``baccarat report``), as HTML or PDF. Runs in a
    worker process of its own, so that two reports (matplotlib draws one figure at a time per process) never
    share a plotting state."""
    from datetime import datetime

    from ..report.evaluation import evaluation_document
    from ..report.output import produce
    from ..studies.evaluation import evaluate

    rules = state.rule_set()
    shoe = state.shoe(rules)
    document = evaluation_document(evaluate(rules, shoe, state.wagers))
    step(1)
    made = produce(document, fmt, command=COMMAND, generated=datetime.now(UTC).strftime("%Y-%m-%d"))
    return made, fmt, f"{rules.name}-report"


def _count_study(state: State, data: dict[str, Any]) -> Any:
    from ..studies.counting import wager_plans
    from ..studies.plan import Study

    wager, shoes, seed = data.get("wager"), data.get("shoes", 2000), data.get("seed", 0)
    if not isinstance(wager, str):
        raise InputError("A counting job needs wager (a name).")
    if not isinstance(shoes, int) or isinstance(shoes, bool) or not 1 <= shoes <= MAX_SHOES:
        raise InputError(
            f"shoes is {shown(str(shoes))}; a counting job from the workbench deals 1 to {MAX_SHOES:,} shoes."
        )
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InputError("seed must be a whole number of at least 0.")
    rules = state.rule_set()
    if state.remove:
        raise InputError("A counting study deals whole shoes: clear the cards taken out first.")
    decks = state.decks or rules.decks
    if decks > MAX_COUNT_DECKS:
        raise InputError(
            f"decks is {decks}; a counting job from the workbench deals 1 to {MAX_COUNT_DECKS} decks "
            "(`baccarat count --decks N` on the command line takes more)."
        )
    plans = wager_plans(rules, (wager,), decks, "perfect", {}, {}, None)
    return Study(rules=rules, wagers=plans, shoes=shoes, decks=decks, play="perfect", seed=seed)


def count_plan(state: State, data: dict[str, Any]) -> int:
    """A counting job's steps (one per task), once its state and options are checked (in a request's worker)."""
    tasks: int = _count_study(state, data).tasks
    return tasks


def count_job(state: State, data: dict[str, Any], step: Callable[[int], None]) -> Any:
    """A counting job: perfect play at the standard shoe procedure (``baccarat count``), one step per task."""
    from ..play.executor import open_executor
    from ..report.count import count_document
    from ..studies.counting import run
    from ..studies.risk import Asked, study_risk

    study = _count_study(state, data)
    with open_executor(min(os.cpu_count() or 1, study.tasks)) as executor:
        tally = run(study, executor, step)
        return cli_json([count_document(tally, executor.description, study_risk(tally, Asked()), Asked())])


def job_result(jobs: Jobs, job_id: str, owner: str) -> Response:
    job = jobs.get(job_id, owner)
    if job.status != "done":
        raise Problem(
            409,
            f"The job is {job.status}; only a finished job has a result."
            + (f" It failed: {job.error}" if job.error else ""),
        )
    if job.kind == "report":
        content, fmt, name = job.result
        return file_response(content, fmt, name)
    return JSONResponse(job.result)


def errors_of(error: Exception) -> bool:
    """Whether ``error`` is one the API answers with a line (bad input, a refused run, a problem)."""
    return isinstance(error, (InputError, RunError, Problem))


def failed(error: Exception) -> JSONResponse:
    """Any other failure, as one line of JSON (500, or what :func:`.workers.failure` says of it): the server's
    log has the traceback, the client one line."""
    status, message, _ = failure(error)
    return JSONResponse({"error": message, "line": None}, status_code=status)
