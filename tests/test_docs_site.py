"""The documentation site as a reader gets it: literal text that pastes, nothing from another host, maths without
a network, nothing cut at 1280 px, each guide opening with a command and its output, a priced side bet one click
from the front page.

The site is built once (``built_site`` in conftest.py, with ``-W``) and read two ways: its HTML files, parsed
(what a page asks for, what its code says), and its pages in Debian's chromium through Playwright, with every
request to another host refused and recorded (what a reader's browser does with them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import click
import pytest

from analyzer.cli import cli

pytestmark = [pytest.mark.slow, pytest.mark.needs("chromium")]

TYPOGRAPHIC = re.compile("[\u2013\u2014\u2018\u2019\u201c\u201d]")
"""En and em dashes, curly single and double quotes: what smartquotes writes for -- and straight quotes."""
LITERAL_TAGS = {"code", "pre", "kbd", "samp", "tt"}
LITERAL_CLASSES = {"sig-name", "sig-prename", "descname", "descclassname", "highlight"}
"""Where a page's text is literal: code, and the names and metavars of the command reference's options."""
DOCS = Path(__file__).parent.parent / "docs"
WIDTH, HEIGHT = 1280, 800
"""The screen a reader looks at the site on: a laptop's, the browser's own bars left out."""
OWNED_ELSEWHERE: dict[str, str] = {}
"""Guide pages another branch is rewriting at the same time (page: why): held to the first screen after the merge."""


def _pages(html: Path) -> list[Path]:
    """Every page of the site a reader can open (not the search page, the indices or the highlighted sources)."""
    skipped = {"search.html", "genindex.html", "py-modindex.html"}
    return sorted(
        p
        for p in html.rglob("*.html")
        if not any(part.startswith("_") for part in p.relative_to(html).parts) and p.name not in skipped
    )


@pytest.fixture(scope="module")
def site(built_site: tuple[int, str, Path]) -> Path:
    status, errors, html = built_site
    assert status == 0, f"the site does not build: {errors[-3000:]}"
    return html


class _Literal(HTMLParser):
    """The text inside literal elements, and each URL the page asks the browser to fetch by itself."""

    FETCHED: ClassVar[set[tuple[str, str]]] = {
        ("script", "src"),
        ("img", "src"),
        ("iframe", "src"),
        ("source", "src"),
        ("embed", "src"),
        ("video", "src"),
        ("audio", "src"),
        ("object", "data"),
        ("input", "src"),
    }

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.stack: list[bool] = []
        self.literal: list[str] = []
        self.fetched: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if (tag, name) in self.FETCHED and value:
                self.fetched.append(value)
        if tag == "link" and values.get("href") and values.get("rel") not in ("canonical", None):
            self.fetched.append(values["href"] or "")
        if tag in {"br", "img", "input", "link", "meta", "hr", "source", "wbr"}:
            return
        classes = set((values.get("class") or "").split())
        literal = tag in LITERAL_TAGS or bool(classes & LITERAL_CLASSES)
        self.stack.append(literal)
        self.depth += literal

    def handle_endtag(self, tag: str) -> None:
        if tag in {"br", "img", "input", "link", "meta", "hr", "source", "wbr"} or not self.stack:
            return
        self.depth -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.literal.append(data)


def _read(page: Path) -> _Literal:
    parser = _Literal()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_literal_text_is_never_typographically_rewritten(site: Path) -> None:
    """No en dash, em dash or curly quote inside code, an example or an option's name, on any page; nor an en dash
    before a letter anywhere (an option name rewritten in prose, as `–rules`)."""
    found = []
    for page in _pages(site):
        literal = "".join(_read(page).literal)
        for m in TYPOGRAPHIC.finditer(literal):
            found.append(f"{page.relative_to(site)}: {literal[max(0, m.start() - 30) : m.end() + 30]!r}")
        text = page.read_text(encoding="utf-8")
        found += [f"{page.relative_to(site)}: {m[0]!r}" for m in re.finditer("\u2013[a-z][a-z-]+", text)]
    assert not found, f"{len(found)} typographic substitutions in literal text, e.g. {found[:5]}"


def _examples() -> Iterator[tuple[str, str]]:
    """Every command's help examples, as click holds them: (command path, example line)."""

    def walk(command: click.Command, path: str) -> Iterator[tuple[str, str]]:
        for line in (command.epilog or "").splitlines():
            if line.strip().startswith("baccarat "):
                yield path, line.strip()
        if isinstance(command, click.Group):
            context = click.Context(command)
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                if sub is not None:
                    yield from walk(sub, f"{path} {name}")

    yield from walk(cli, "baccarat")


def test_the_command_reference_shows_every_example_as_code_that_pastes(site: Path) -> None:
    page = site / "reference" / "cli.html"
    code = "".join(_read(page).literal)
    examples = list(_examples())
    assert len(examples) >= 30
    missing = [line for _, line in examples if line not in code]
    assert not missing, f"examples not shown as code, character for character: {missing[:3]}"
    assert "baccarat analyze --rules punto-banco --decks 6 --remove 5x4,K --pay 'tie:tie=9:1'" in code


def test_no_page_asks_another_host_for_anything(site: Path) -> None:
    """Every script, style sheet, picture and frame a page loads is the site's own (a relative URL, or data inlined
    in the page: a notebook's plot), and so is every url() of the site's style sheets; MathJax's CDN is gone."""
    remote = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
    found = []
    for page in _pages(site):
        fetched = _read(page).fetched
        found += [
            f"{page.relative_to(site)}: {url}" for url in fetched if remote.match(url) and not url.startswith("data:")
        ]
        assert not re.search(r"<script[^>]*mathjax", page.read_text(encoding="utf-8"), re.IGNORECASE), page
    for sheet in (site / "_static").rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", sheet.read_text(encoding="utf-8")):
            if remote.match(url) and not url.startswith("data:"):
                found.append(f"{sheet.relative_to(site)}: {url}")
        found += [
            f"{sheet.relative_to(site)}: {m}"
            for m in re.findall(r"@import\s+url\(\s*['\"]?(?:https?:)?//[^)]+", sheet.read_text(encoding="utf-8"))
        ]
    assert not found, f"pages that fetch from another host: {found[:5]}"


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the test extra")
    from .needs import CHROMIUM
    from .web_server import CHROMIUM_ARGS

    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A 1280 x 800 page that refuses every request to another host and keeps a list of them (``page.refused``)."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    opened = context.new_page()
    refused: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(("file:", "data:", "blob:", "about:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    opened.refused = refused
    yield opened
    context.close()


def test_every_page_loads_in_chromium_with_no_request_to_another_host(site: Path, page: Any) -> None:
    for each in _pages(site):
        page.goto(each.as_uri(), wait_until="load")
    assert not page.refused, f"requests to other hosts: {page.refused[:5]}"


def test_maths_is_mathml_that_chromium_lays_out(site: Path, page: Any) -> None:
    depth = site / "researcher" / "depth.html"
    text = depth.read_text(encoding="utf-8")
    assert re.search(r'<math [^>]*display="block"', text) and "\\binom" not in re.sub(r'alttext="[^"]*"', "", text)
    page.goto(depth.as_uri())
    block = page.locator("math[display=block]").first
    box = block.bounding_box()
    assert box is not None and box["height"] > 20 and box["width"] > 100  # laid out as a formula, not TeX source
    pages_with_tex = [p for p in _pages(site) if re.search(r'class="math[^"]*">\s*\\\(', p.read_text(encoding="utf-8"))]
    assert not pages_with_tex, pages_with_tex


CUT = """() => [...document.querySelectorAll('article pre, article table, article .table-wrapper, article math')]
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.innerText || e.textContent).trim().split('\\n')[0].slice(0, 70))"""


def test_nothing_is_cut_at_1280_px(site: Path, page: Any) -> None:
    """No code block, table or formula wider than the room it is given at 1280 px, on any page."""
    cut = {}
    for each in _pages(site):
        page.goto(each.as_uri())
        if found := page.evaluate(CUT):
            cut[str(each.relative_to(site))] = found
    assert not cut, f"cut at {WIDTH} px: {cut}"


FIRST = """(notebook) => {
  for (const e of document.querySelectorAll('article pre')) {
    const text = e.innerText.trimStart();
    const cell = notebook && e.closest('.highlight-python') !== null;
    if (cell || /^(\\$ baccarat |\\$ cat |>>> )/.test(text)) return e.getBoundingClientRect().top + window.scrollY;
  }
  return null;
}"""
"""The top of a page's first example: a command, a Python session, or (``notebook`` true) a notebook's code cell."""


def test_every_guide_page_opens_with_a_command_and_its_output_on_the_first_screen(site: Path, page: Any) -> None:
    """The first example (a command, a Python session, or a notebook's first code cell) starts high enough that it
    and a few lines of its output show on a 1280 x 800 screen, before any scrolling."""
    guides = [site / "getting-started.html", site / "documents.html"] + [
        p for part in ("designer", "regulator", "researcher", "guides") for p in sorted((site / part).glob("*.html"))
    ]
    late = {}
    for each in guides:
        name = str(each.relative_to(site))
        if each.name == "index.html" or name in OWNED_ELSEWHERE:
            continue
        page.goto(each.as_uri())
        top = page.evaluate(FIRST, (DOCS / name).with_suffix(".ipynb").exists())
        if top is None or top + 100 > HEIGHT:  # the command and about four lines of output
            late[name] = top
    assert not late, f"guide pages whose first example is not on the first screen (its top, px): {late}"


def test_a_designer_reaches_a_priced_side_bet_from_the_front_page_in_one_click(site: Path, page: Any) -> None:
    page.goto((site / "index.html").as_uri())
    page.get_by_role("link", name="Write a side bet").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("designer/write-a-side-bet.html")
    assert page.locator("h1").inner_text().startswith("Write a side bet")
    first = page.locator("article pre").first
    shown = first.inner_text()
    assert shown.startswith("$ cat my-bet.toml") and "house edge: -4.3930%" in shown and "9:1" in shown
    assert first.bounding_box()["y"] < HEIGHT  # the priced bet is on the first screen
    page.goto((site / "index.html").as_uri())  # and through the sidebar: Designer guide, then the page
    page.locator(".sidebar-tree").get_by_role("link", name="Designer guide").click()
    page.locator("article").get_by_role("link", name="Write a side bet").first.click()
    assert page.url.endswith("designer/write-a-side-bet.html")
