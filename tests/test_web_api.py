"""The workbench's JSON API: the command line's figures exactly, bad input as one line with its place, and
nothing but its own page may call it."""

from __future__ import annotations

import base64
import io
import json
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2", reason="the API tests need httpx2 (the test extra)")
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from analyzer.game.shipped import shipped_text
from analyzer.web.app import create_app
from analyzer.web.guard import MAX_BODY, Guard
from analyzer.web.openapi import description
from analyzer.web.routes import error_line

from .clirun import run

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Guard.for_address("testserver", 80, None)))


def without_command(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Documents with the command line left out of their provenance (the API has none)."""
    for d in documents:
        d["provenance"].pop("command", None)
    return documents


def cli_json(*args: str) -> list[dict[str, Any]]:
    code, out, err = run(*args, "--format", "json")
    assert code in (0, 1), err
    found = json.loads(out)
    return without_command(found if isinstance(found, list) else [found])


def post(client: TestClient, path: str, payload: dict[str, Any]) -> Any:
    response = client.post(path, json=payload)
    assert response.status_code == 200, response.text
    return response.json()


# --- the figures are the command line's ---------------------------------------------------------------------


def test_analyze_answers_exactly_what_the_command_line_prints(client: TestClient) -> None:
    state = {
        "rules": "punto-banco",
        "decks": 6,
        "remove": "5x4,K",
        "pays": ["tie:tie=9:1"],
        "wagers": ["tie", "banker"],
    }
    assert without_command(post(client, "/api/analyze", {"state": state})) == cli_json(
        "analyze",
        "--rules",
        "punto-banco",
        "--decks",
        "6",
        "--remove",
        "5x4,K",
        "--pay",
        "tie:tie=9:1",
        "--wager",
        "tie",
        "--wager",
        "banker",
    )


def test_a_catalogue_file_as_text_gives_the_figures_of_the_file_by_name(client: TestClient) -> None:
    by_name = post(client, "/api/workbench", {"state": {"rules": "golden-frog"}})
    by_text = post(client, "/api/workbench", {"state": {"text": shipped_text("golden-frog")}})
    assert [w["figures"] for w in by_text["wagers"]] == [w["figures"] for w in by_name["wagers"]]


def test_the_tie_at_9_to_1_has_a_house_edge_of_4_8440_percent(client: TestClient) -> None:
    # Source: Wizard of Odds, Baccarat (wizardofodds.com/games/baccarat/basics/), tie 9 to 1, 8 decks: 4.84%.
    view = post(client, "/api/workbench", {"state": {"pays": ["tie:tie=9:1"], "wagers": ["tie"]}})
    (tie,) = view["wagers"]
    assert Fraction(tie["figures"]["house_edge"]) == Fraction(63053127805, 1301666217579)
    assert tie["top_award"] == {
        "outcome": "tie",
        "pays": "9:1",
        "probability": "619306544887/6508331087895",
        "one_in": "6508331087895/619306544887",
    }


def test_the_view_compares_each_wager_with_the_starting_table_on_the_same_shoe(client: TestClient) -> None:
    view = post(client, "/api/workbench", {"state": {"pays": ["tie:tie=9:1"], "remove": "9x3"}, "start": {}})
    tie = next(w for w in view["wagers"] if w["wager"] == "tie")
    then = post(client, "/api/workbench", {"state": {"remove": "9x3"}})
    before = next(w for w in then["wagers"] if w["wager"] == "tie")["figures"]["house_edge"]
    change = tie["compared"]["house_edge"]
    assert change["from"] == before and Fraction(change["change"]) == Fraction(change["to"]) - Fraction(before)
    assert next(w for w in view["wagers"] if w["wager"] == "banker")["compared"]["house_edge"]["change"] == "0"


@pytest.mark.parametrize("kind", ["solve", "eor", "diff"])
def test_solve_eor_and_diff_answer_what_their_commands_print(client: TestClient, kind: str) -> None:
    if kind == "solve":
        api = post(
            client, "/api/solve", {"state": {"rules": "dactylus"}, "wager": "tie", "outcome": "tie", "edge": "5%"}
        )
        cli = cli_json("solve", "--rules", "dactylus", "--wager", "tie", "--outcome", "tie", "--edge", "5%")
    elif kind == "eor":
        api = post(client, "/api/eor", {"state": {"wagers": ["tie", "player-pair"], "decks": 6}})
        cli = cli_json("eor", "--rules", "punto-banco", "--wager", "tie", "--wager", "player-pair", "--decks", "6")
    else:
        api = post(client, "/api/diff", {"a": {}, "b": {"pays": ["tie:tie=9:1"], "wagers": ["tie"]}})
        cli = cli_json("diff", "punto-banco", "punto-banco", "--pay-b", "tie:tie=9:1", "--wager", "tie")
    assert without_command(api) == cli


def test_verify_of_an_uploaded_par_sheet_confirms_and_refutes_as_the_command_does(client: TestClient) -> None:
    good = (EXAMPLES / "submitted-punto-banco.csv").read_bytes()
    answer = post(
        client, "/api/verify", {"state": {}, "filename": "mine.csv", "content": base64.b64encode(good).decode()}
    )
    assert answer["confirmed"] is True and answer["verdicts"][0]["refuted"] == 0
    tampered = good.replace(b"1.06%", b"1.26%", 1)
    assert tampered != good
    answer = post(
        client, "/api/verify", {"state": {}, "filename": "mine.csv", "content": base64.b64encode(tampered).decode()}
    )
    assert answer["confirmed"] is False and answer["verdicts"][0]["refuted"] >= 1


def test_the_rule_file_exported_carries_the_pays_changed(client: TestClient) -> None:
    state = {"rules": "golden-frog", "pays": ["any-8-beats-any-6:8 beats 6=30:1", "tie:tie=9:1"]}
    refused = client.post("/api/export", json={"state": state, "format": "toml"})
    assert refused.status_code == 400  # an edited shipped game is never exported under the shipped name
    assert refused.json()["error"] == (
        "This game is golden-frog as edited, not the shipped golden-frog: give it a name and a title of its own "
        "(name, title) to export or report it."
    )
    state |= {"name": "frog-30", "title": "Golden Frog, 8 beats 6 at 30 to 1"}
    response = client.post("/api/export", json={"state": state, "format": "toml"})
    assert response.status_code == 200 and 'filename="frog-30.toml"' in response.headers["content-disposition"]
    text = response.text
    assert '\nname = "frog-30"\ntitle = "Golden Frog, 8 beats 6 at 30 to 1"\n' in text
    assert "\n[wagers.tie]\n" in text  # the tie golden-frog takes from punto-banco, copied with its new pay
    again = post(client, "/api/workbench", {"state": {"text": text, "wagers": ["any-8-beats-any-6", "tie"]}})
    assert [w["rows"][0]["pays"] for w in again["wagers"]] == ["30:1", "9:1"]  # the file alone, no pay given


def test_the_workbook_exported_reads_back_with_the_exact_counts(client: TestClient) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    response = client.post("/api/export", json={"state": {"wagers": ["tie"]}, "format": "xlsx"})
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    values = [c for sheet in book for row in sheet.iter_rows(values_only=True) for c in row]
    assert 475627426473216 in values  # the tie's combinations, 8 decks


# --- bad input: one line, and where --------------------------------------------------------------------------


def test_a_broken_rule_file_is_a_400_naming_its_line(client: TestClient) -> None:
    text = shipped_text("golden-frog").replace('pays = "25:1"', 'pays = "x25:1"')
    response = client.post("/api/workbench", json={"state": {"text": text}})
    assert response.status_code == 400
    problem = response.json()
    assert "wagers.any-8-beats-any-6.outcomes[0].pays" in problem["error"] and "\n" not in problem["error"]
    assert 'pays = "x25:1"' in text.splitlines()[problem["line"] - 1]


def test_a_toml_syntax_error_names_the_parser_line(client: TestClient) -> None:
    response = client.post("/api/workbench", json={"state": {"text": "a = 1\nb = = 2\n"}})
    assert response.status_code == 400 and response.json()["line"] == 2
    assert response.json()["error"].startswith("rule file, line 2: not valid TOML")
    assert error_line("a = 1", "rule file, line 7: wagers.x.pays: ...") == 7


def test_a_dead_row_is_placed_at_its_line(client: TestClient) -> None:
    text = shipped_text("golden-frog").replace("[wagers.", "[wagers.", 1)
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("{ name ="))
    lines.insert(first, '  { name = "nothing", player = { natural = true, cards = 3 }, pays = "1:1" },')
    response = client.post("/api/workbench", json={"state": {"text": "\n".join(lines) + "\n"}})
    assert response.status_code == 400, response.json()
    problem = response.json()
    assert problem["line"] == first + 1 and "no order of the rows helps" in problem["error"]


def test_text_sent_to_the_workbench_cannot_read_a_file_by_path(client: TestClient) -> None:
    response = client.post(
        "/api/workbench", json={"state": {"text": '[rule_set]\nname = "x"\nextends = "/etc/passwd"\n'}}
    )
    assert response.status_code == 400 and "never a file by path" in response.json()["error"]


@pytest.mark.parametrize(
    "payload, message",
    [
        ({"state": {"rules": "nope"}}, "Unknown rule set 'nope'"),
        ({"state": {"decks": 0}}, "decks is 0"),
        ({"state": {"pays": "tie:tie=9:1"}}, "pays must be a list"),
        ({"state": {"colour": "red"}}, "Unknown key 'colour'"),
        ({"state": {"pays": ["tie:tie=nine"]}}, "Pays 'nine' is not understood"),
        ({"state": {"remove": "Z"}}, "'Z'"),
    ],
)
def test_bad_state_is_one_line_with_a_400(client: TestClient, payload: dict[str, Any], message: str) -> None:
    response = client.post("/api/workbench", json=payload)
    assert response.status_code == 400 and message in response.json()["error"]


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    response = client.post("/api/workbench", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 400 and "not JSON" in response.json()["error"]


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post(
        "/api/workbench", content=b" " * (MAX_BODY + 1), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


# --- only the server's own page ----------------------------------------------------------------------------


def test_another_host_or_origin_is_refused(client: TestClient) -> None:
    assert client.get("/api/rules", headers={"host": "evil.example"}).status_code == 403
    response = client.post("/api/workbench", json={}, headers={"origin": "http://evil.example"})
    assert response.status_code == 403 and "Origin" in response.json()["error"]
    assert client.post("/api/workbench", json={}, headers={"origin": "http://testserver"}).status_code == 200


def test_a_server_with_a_token_answers_only_those_who_show_it() -> None:
    guarded = TestClient(create_app(Guard.for_address("testserver", 80, "s3cret-token-123456")))
    assert guarded.get("/api/rules").status_code == 401
    assert guarded.get("/api/rules", headers={"authorization": "Bearer s3cret-token-123456"}).status_code == 200
    page = guarded.get("/?token=s3cret-token-123456", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"] == "/" and "HttpOnly" in page.headers["set-cookie"]
    assert guarded.get("/api/rules").status_code == 200  # the cookie the redirect set


def test_every_answer_carries_the_content_security_policy(client: TestClient) -> None:
    for response in (client.get("/"), client.get("/static/workbench.js"), client.get("/api/rules")):
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"


def test_the_page_loads_nothing_from_elsewhere(client: TestClient) -> None:
    page = client.get("/").text
    for asset in ("/static/workbench.js", "/static/workbench.css"):
        assert asset in page and client.get(asset).status_code == 200
    assert "http://" not in page and "https://" not in page


# --- jobs ----------------------------------------------------------------------------------------------------


def wait_for(client: TestClient, job_id: str) -> dict[str, Any]:
    for _ in range(600):
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["status"] != "running":
            return job
        time.sleep(0.1)
    raise AssertionError("the job did not finish in a minute")


@pytest.mark.slow
def test_a_counting_job_gives_what_count_prints(client: TestClient) -> None:
    started = client.post("/api/jobs", json={"kind": "count", "state": {}, "wager": "tie", "shoes": 40, "seed": 3})
    assert started.status_code == 202
    job = wait_for(client, started.json()["id"])
    assert job["status"] == "done" and job["done"] == job["total"] == 2
    result = client.get(f"/api/jobs/{job['id']}/result").json()
    cli = cli_json("count", "--rules", "punto-banco", "--wager", "tie", "--shoes", "40", "--seed", "3")
    for documents in (result, cli):
        documents[0].pop("executor")
    assert without_command(result) == cli


@pytest.mark.slow
def test_a_cancelled_job_has_no_result(client: TestClient) -> None:
    started = client.post("/api/jobs", json={"kind": "count", "state": {}, "wager": "tie", "shoes": 200_000}).json()
    client.delete(f"/api/jobs/{started['id']}")
    job = wait_for(client, started["id"])
    assert job["status"] == "cancelled" and job["done"] < job["total"]
    assert client.get(f"/api/jobs/{started['id']}/result").status_code == 409


def test_an_unknown_job_is_a_404(client: TestClient) -> None:
    assert client.get("/api/jobs/0123").status_code == 404


@pytest.mark.parametrize(
    "payload, message",
    [
        ({"kind": "count", "state": {}, "wager": "tie", "shoes": 0}, "1 to 200,000 shoes"),
        ({"kind": "count", "state": {"remove": "5"}, "wager": "tie"}, "whole shoes"),
        ({"kind": "dance", "state": {}}, "Unknown job kind"),
        ({"kind": "report", "state": {}, "format": "docx"}, "use html or pdf"),
    ],
)
def test_a_bad_job_is_refused_before_it_starts(client: TestClient, payload: dict[str, Any], message: str) -> None:
    response = client.post("/api/jobs", json=payload)
    assert response.status_code == 400 and message in response.json()["error"]


# --- described --------------------------------------------------------------------------------------------


def test_the_api_reference_page_is_what_the_description_renders() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "docs" / "_ext"))
    from web_api_reference import PAGE, page

    assert PAGE.read_text(encoding="utf-8") == page(), "run the docs build (or web_api_reference.page()) and commit"


def test_every_route_is_described_in_the_openapi_document(client: TestClient) -> None:
    served = client.get("/api/openapi.json").json()
    assert served == json.loads(json.dumps(description(served["info"]["version"])))
    app = create_app(Guard.for_address("testserver", 80, None))
    routes = app.__closure__  # the guard wraps the Starlette app
    assert routes is not None
    starlette = next(c.cell_contents for c in routes if hasattr(c.cell_contents, "routes"))
    paths = {r.path for r in starlette.routes if isinstance(r, Route) and r.path.startswith("/api/")}
    assert paths == set(served["paths"])
    assert any(isinstance(r, Mount) for r in starlette.routes)


@pytest.mark.slow
def test_an_edited_shipped_game_is_not_reported_under_the_shipped_name(client: TestClient) -> None:
    answer = client.post(
        "/api/jobs", json={"kind": "report", "state": {"rules": "dactylus", "pays": ["tie:tie=9:1"]}, "format": "pdf"}
    )
    assert answer.status_code == 400 and "not the shipped dactylus" in answer.json()["error"]
    named = {"rules": "dactylus", "name": "dactylus", "title": "Dactylus"}  # naming it as shipped changes nothing
    assert client.post("/api/export", json={"state": named, "format": "csv"}).status_code == 400
    same = client.post("/api/export", json={"state": {"rules": "dactylus"}, "format": "csv"})
    assert same.status_code == 200  # the shipped game as it is


@pytest.mark.slow
def test_a_report_job_writes_the_report_of_the_state(client: TestClient) -> None:
    started = client.post(
        "/api/jobs",
        json={
            "kind": "report",
            "state": {"rules": "dactylus", "pays": ["tie:tie=9:1"], "name": "dactylus-tie-9", "title": "Tie at 9"},
            "format": "html",
        },
    )
    assert started.status_code == 202
    job = wait_for(client, started.json()["id"])
    assert job["status"] == "done", job
    report = client.get(f"/api/jobs/{job['id']}/result")
    assert 'filename="dactylus-tie-9-report.html"' in report.headers["content-disposition"]
    assert "dactylus-tie-9" in report.text and "Tie at 9" in report.text
    assert "pays 9:1 set by the user (the rule file says 8:1)" in report.text and "4.8440%" in report.text
    assert "the workbench (baccarat serve)" in report.text  # the provenance says what made it
