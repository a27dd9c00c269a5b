"""The workbench in a real browser: Playwright driving Debian's chromium against a running server.

Each test is skipped, with the reason, where chromium is missing (``needs("chromium")``, tests/needs.py;
``.ci/run`` installs chromium when it can).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .web_server import CHROMIUM, CHROMIUM_ARGS, running_server

pytestmark = pytest.mark.needs("chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright (the test extra)")

SIDE_BET = """[rule_set]
name = "my-game"
title = "Punto banco with a side bet of my own"
extends = "punto-banco"

[wagers.nine-nine]
title = "Both hands 9"
source = "my own design"
outcomes = [
  { name = "both 9", player = { total = 9 }, banker = { total = 9 }, pays = "40:1" },
  { name = "other", pays = "lose" },
]
"""


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    with running_server() as where:
        yield where


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, address: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda e: errors.append(str(e)))
    opened.goto(address + "/")
    summary_row(opened, "tie")
    yield opened
    context.close()
    assert errors == []


def summary_row(page: Any, wager: str) -> Any:
    row = page.locator("#summary tbody tr", has=page.locator("th", has_text=re.compile(f"^{re.escape(wager)}$")))
    row.wait_for()
    return row


def test_changing_the_ties_pay_to_9_to_1_shows_4_8440_percent(page: Any) -> None:
    # Source: Wizard of Odds, Baccarat (wizardofodds.com/games/baccarat/basics/): the tie at 9 to 1, 8 decks, 4.84%.
    sync_api.expect(summary_row(page, "tie")).to_contain_text("14.3596%")
    page.locator("#sheets details[data-wager='tie'] summary").click()
    pay = page.get_by_label("Pays for tie, tie")
    pay.fill("9:1")
    sync_api.expect(summary_row(page, "tie")).to_contain_text("4.8440%")
    assert "#s=" in page.url  # the state is in the address, to send to a colleague


def test_taking_cards_out_changes_the_shoe_and_the_figures(page: Any) -> None:
    page.get_by_role("tab", name="Shoe").click()
    for _ in range(3):
        page.get_by_label(re.compile("^Take out a 9")).click()
    sync_api.expect(page.locator("#removed")).to_have_text("Taken out: 9 9 9")
    sync_api.expect(page.locator("#shoe-text")).to_contain_text("8 decks less 9 9 9 (413 cards)")
    sync_api.expect(summary_row(page, "tie")).not_to_contain_text("14.3596%")
    page.get_by_label("Put a 9 back").click()
    sync_api.expect(page.locator("#removed")).to_have_text("Taken out: 9 9")


def test_a_pasted_side_bet_is_priced_exactly(page: Any, address: str) -> None:
    page.locator("#text").fill(SIDE_BET)
    row = summary_row(page, "nine-nine")
    import httpx2  # the same figure from the API, rounded as the page rounds it

    edge = httpx2.post(
        address + "/api/workbench",
        json={"state": {"text": SIDE_BET, "wagers": ["nine-nine"]}},
        headers={"origin": address},
    ).json()["wagers"][0]["figures"]["house_edge"]
    from fractions import Fraction

    from analyzer.numbers import percent_text

    sync_api.expect(row).to_contain_text(percent_text(Fraction(edge)))


def test_a_broken_rule_file_shows_its_error_inline_at_its_line(page: Any) -> None:
    page.locator("#text").fill(SIDE_BET.replace('pays = "40:1"', 'pays = "forty"'))
    error = page.locator("#editor-error")
    sync_api.expect(error).to_contain_text("Line 10: ")
    sync_api.expect(error).to_contain_text("wagers.nine-nine.outcomes[0].pays")
    sync_api.expect(page.locator("#gutter .bad")).to_have_text("10\n")
    page.locator("#text").fill(SIDE_BET)
    sync_api.expect(error).to_be_hidden()


def test_solve_lists_the_nearest_printable_pays(page: Any) -> None:
    page.get_by_role("tab", name="Solve").click()
    page.locator("#solve-wager").select_option("tie")
    page.locator("#solve-edge").fill("5%")
    page.get_by_role("button", name="Solve", exact=True).click()
    result = page.locator("#solve-result")
    sync_api.expect(result).to_contain_text("9:1")
    sync_api.expect(result).to_contain_text("4.8440%")
    result.get_by_role("row", name=re.compile("^9:1")).get_by_role("button", name="Use").click()
    sync_api.expect(summary_row(page, "tie")).to_contain_text("4.8440%")


def test_the_tabs_answer_the_keyboard(page: Any) -> None:
    page.get_by_role("tab", name="Pay tables").focus()
    page.keyboard.press("ArrowRight")
    sync_api.expect(page.get_by_role("tab", name="Shoe")).to_have_attribute("aria-selected", "true")
    sync_api.expect(page.locator("#panel-shoe")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    sync_api.expect(page.locator("#panel-sheets")).to_be_visible()


def test_compare_shows_the_change_from_the_starting_table(page: Any) -> None:
    page.locator("#sheets details[data-wager='tie'] summary").click()
    page.get_by_label("Pays for tie, tie").fill("9:1")
    sync_api.expect(summary_row(page, "tie")).to_contain_text("4.8440%")
    page.get_by_role("tab", name="Compare").click()
    row = page.locator("#compare tbody tr", has_text="house edge").filter(has_text="tie")
    sync_api.expect(row.first).to_contain_text("14.3596%")
    sync_api.expect(row.first).to_contain_text("-9.5156%")


def test_the_workbook_exported_reads_back(page: Any) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    page.get_by_role("tab", name="Export").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="Workbook (.xlsx)").click()
    assert download.value.suggested_filename == "punto-banco-par-sheets.xlsx"
    path = download.value.path()
    book = openpyxl.load_workbook(io.BytesIO(Path(path).read_bytes()))
    values = {c for sheet in book for row in sheet.iter_rows(values_only=True) for c in row}
    assert 475627426473216 in values  # the tie's combinations, 8 decks


def test_a_link_opens_exactly_what_was_shown(page: Any, browser: Any) -> None:
    page.locator("#sheets details[data-wager='tie'] summary").click()
    page.get_by_label("Pays for tie, tie").fill("9:1")
    sync_api.expect(summary_row(page, "tie")).to_contain_text("4.8440%")
    page.get_by_role("tab", name="Shoe").click()
    page.get_by_label(re.compile("^Take out a 5")).click()
    sync_api.expect(page.locator("#removed")).to_have_text("Taken out: 5")
    link = page.url
    other = browser.new_page(viewport={"width": 800, "height": 900})
    other.goto(link)
    sync_api.expect(other.locator("#removed")).to_have_text("Taken out: 5")
    sync_api.expect(other.locator("#shoe-text")).to_contain_text("less 5")
    other.close()
