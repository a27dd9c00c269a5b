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
    sync_api.expect(error).to_contain_text("rule file, line 10: wagers.nine-nine.outcomes[0].pays")
    sync_api.expect(page.locator("#gutter .bad")).to_have_text("10")
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


# --- issue 29, item 6: a workbench that shows every change --------------------------------------------------------


def test_compare_lists_an_added_wager_against_the_table_first_opened(page: Any) -> None:
    """Without pressing "Use as starting table": the starting table is the rule set as first opened."""
    page.locator("#text").fill(SIDE_BET)
    summary_row(page, "nine-nine")
    page.get_by_role("tab", name="Compare").click()
    changes = page.locator("#change-list")
    sync_api.expect(changes).to_contain_text("wager added")
    sync_api.expect(changes).to_contain_text("nine-nine (Both hands 9)")
    added = page.locator("#compare tbody tr", has_text="nine-nine").filter(has_text="house edge")
    sync_api.expect(added).to_contain_text("(not in the starting table)")
    sync_api.expect(page.locator("#compare")).to_contain_text("Starting table: punto-banco")


def test_compare_lists_rows_added_and_removed_and_pays_changed(page: Any) -> None:
    page.locator("#rules").select_option("golden-frog")
    summary_row(page, "any-8-beats-any-6")
    text = page.locator("#text").input_value()
    first = re.search(r'\{ name = "([^"]+)"[^\n]*pays = "([^"]+)"', text)
    assert first is not None
    edited = text.replace(
        first.group(0), first.group(0).replace(f'name = "{first.group(1)}"', 'name = "renamed row"'), 1
    )
    page.locator("#text").fill(edited)
    page.get_by_role("tab", name="Compare").click()
    changes = page.locator("#change-list")
    sync_api.expect(changes.locator("li", has_text="row added")).to_contain_text("renamed row")
    sync_api.expect(changes.locator("li", has_text="row removed")).to_contain_text(first.group(1))
    page.get_by_role("tab", name="Pay tables").click()
    page.locator("#sheets details[data-wager='any-8-beats-any-6'] summary").click()
    page.get_by_label("Pays for any-8-beats-any-6, renamed row").fill("99:1")
    page.locator("#sheets details[data-wager='two-card-9-beats-two-card-7'] summary").click()
    page.get_by_label("Pays for two-card-9-beats-two-card-7, 2-card 9 beats 2-card 7").fill("60:1")
    page.get_by_role("tab", name="Compare").click()
    changes = page.locator("#change-list")
    sync_api.expect(changes.locator("li", has_text="row added")).to_contain_text("renamed row pays 99:1")
    sync_api.expect(changes.locator("li", has_text="pay changed")).to_contain_text(
        "2-card 9 beats 2-card 7 50:1 → 60:1"
    )


def test_a_broken_file_marks_the_figures_stale_until_it_loads(page: Any) -> None:
    stale = page.locator("#stale")
    sync_api.expect(stale).to_be_hidden()
    page.locator("#text").fill(SIDE_BET)
    summary_row(page, "nine-nine")
    page.locator("#text").fill(SIDE_BET.replace('pays = "40:1"', 'pays = "forty"'))
    sync_api.expect(stale).to_be_visible()
    sync_api.expect(stale).to_contain_text("Stale")
    sync_api.expect(page.locator("main")).to_have_class(re.compile(r"\bstale\b"))
    page.locator("#text").fill(SIDE_BET)
    sync_api.expect(stale).to_be_hidden()
    sync_api.expect(page.locator("main")).not_to_have_class(re.compile(r"\bstale\b"))


def test_the_editor_wraps_long_rows_and_its_width_can_be_dragged(page: Any) -> None:
    long_row = '  { name = "both 9", player = { total = 9 }, banker = { total = 9 }, pays = "40:1", ' + " " * 80 + "},"
    page.locator("#text").fill(SIDE_BET.replace(SIDE_BET.splitlines()[9], long_row))
    text = page.locator("#text")
    wraps = "e => e.scrollWidth <= e.clientWidth"
    assert text.evaluate(wraps)  # wrapped: nothing cut off to the right
    gutter = page.locator("#gutter div")
    line_10, line_11 = gutter.nth(9).bounding_box(), gutter.nth(10).bounding_box()
    assert line_10 and line_11 and line_11["y"] - line_10["y"] > 30  # line 10 takes two rows: 11 is numbered below
    page.get_by_label("wrap lines").uncheck()
    assert not text.evaluate(wraps)
    before = page.locator("#editor-pane").bounding_box()
    handle = page.locator("#splitter").bounding_box()
    assert before and handle
    page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + 200)
    page.mouse.down()
    page.mouse.move(handle["x"] + 200, handle["y"] + 200, steps=5)
    page.mouse.up()
    after = page.locator("#editor-pane").bounding_box()
    assert after and after["width"] > before["width"] + 150
    page.locator("#splitter").focus()
    page.keyboard.press("ArrowLeft")
    narrower = page.locator("#editor-pane").bounding_box()
    assert narrower and narrower["width"] < after["width"]


def test_verify_shows_the_refuted_figures_only_when_asked(page: Any) -> None:
    page.locator("#sheets details[data-wager='banker'] summary").click()
    page.get_by_label("Pays for banker, Banker wins").fill("1:1")
    sync_api.expect(summary_row(page, "banker")).not_to_contain_text("1.0579%")
    page.get_by_role("tab", name="Verify").click()
    page.locator("#verify-file").set_input_files(
        str(Path(__file__).parent.parent / "examples" / "submitted-punto-banco.csv")
    )
    result = page.locator("#verify-result")
    sync_api.expect(result).to_contain_text("REFUTED")
    every = result.locator("tbody tr").count()
    assert result.locator("tbody tr", has_text="CONFIRMED").count() > 0
    page.get_by_label("refuted only").check()
    sync_api.expect(result).to_contain_text("Showing the")
    rows = result.locator("tbody tr")
    assert 0 < rows.count() < every
    assert rows.filter(has_text="CONFIRMED").count() == 0


def test_an_edited_game_is_exported_under_a_name_and_title_of_its_own(page: Any) -> None:
    page.locator("#sheets details[data-wager='tie'] summary").click()
    page.get_by_label("Pays for tie, tie").fill("9:1")
    sync_api.expect(summary_row(page, "tie")).to_contain_text("4.8440%")
    page.get_by_role("tab", name="Export").click()
    page.get_by_role("button", name="Rule file (.toml)").click()
    dialog = page.locator("#name-dialog")
    sync_api.expect(dialog).to_be_visible()
    sync_api.expect(page.locator("#game-name")).to_have_value("punto-banco-edited")  # asked: never the shipped name
    page.locator("#game-name").fill("punto-banco")
    page.get_by_role("button", name="Export under this name").click()
    sync_api.expect(page.locator("#name-dialog-error")).to_contain_text("shipped")
    page.locator("#game-name").fill("tie-nine")
    page.locator("#game-title").fill("Punto banco, the Tie at 9 to 1")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export under this name").click()
    assert download.value.suggested_filename == "tie-nine.toml"
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert 'name = "tie-nine"' in exported and 'title = "Punto banco, the Tie at 9 to 1"' in exported
    assert '{ name = "tie", result = "tie", pays = "9:1" }' in exported or 'pays = "9:1"' in exported
    with page.expect_download() as download:  # named once: not asked again
        page.get_by_role("button", name="Par sheets (.json)").click()
    assert download.value.suggested_filename == "tie-nine-par-sheets.json"
    import json

    (document,) = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert document["rule_set"] == "tie-nine" and document["title"] == "Punto banco, the Tie at 9 to 1"
    sync_api.expect(page.locator("#export-name")).to_contain_text("tie-nine")


@pytest.mark.slow
def test_the_jobs_tab_lists_this_tabs_jobs_and_cancels_them(page: Any, browser: Any, address: str) -> None:
    page.get_by_role("tab", name="Counter yield").click()
    page.locator("#count-shoes").fill("200000")
    page.locator("#count-start").click()
    page.get_by_role("tab", name="Jobs").click()
    row = page.locator("#jobs tbody tr", has_text="counting study")
    sync_api.expect(row).to_contain_text(re.compile("running|waiting"))
    sync_api.expect(page.locator("#jobs-queue")).to_contain_text("The server runs 2 jobs at once")
    other = browser.new_context().new_page()  # another tab, or another designer: sees none of them
    other.goto(address + "/")
    summary_row(other, "tie")
    other.get_by_role("tab", name="Jobs").click()
    sync_api.expect(other.locator("#jobs")).to_contain_text("No jobs from this tab yet")
    other.context.close()
    row.get_by_role("button", name="Cancel this count job").click()
    sync_api.expect(row).to_contain_text("cancelled", timeout=20_000)
    sync_api.expect(row.get_by_role("button")).to_be_disabled()


def test_verify_says_why_a_sheet_is_not_verified(page: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "short.csv"
    sheet.write_text("Wager,Event,Pays\nbanker,Banker wins,19:20\nbanker,Player wins,lose\n")
    page.get_by_role("tab", name="Verify").click()
    page.locator("#verify-file").set_input_files(str(sheet))
    sync_api.expect(page.locator("#verify-result")).to_contain_text(
        "short.csv: NOT VERIFIED: 1 row missing (banker: tie). 2 rows, 2 CONFIRMED, 0 REFUTED."
    )
