"""The guide pages as a reader uses them, read from their Markdown: pages of a length one reads through, command
summaries that list every option, no "see ... below" pointing at nothing, the designer's path in working order,
the side bet of the README first, the four documents explained, and a docs build that says what it lacks.

What the pages look like in a browser is tests/test_docs_site.py's.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import click
import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from analyzer.cli import cli
from analyzer.game.rulefile import read_rules
from analyzer.game.shipped import shipped

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
GUIDES = sorted(
    [DOCS / "getting-started.md", DOCS / "documents.md"]
    + [p for part in ("designer", "regulator", "researcher", "guides") for p in (DOCS / part).glob("*.md")]
)
COUNTING_TASKS = ("counting", "count-design", "co-counts", "depth", "risk", "counting-side-bets", "counting-published")
"""The task pages the counting page was split into: a first study, designing a count, co-counts, depth, risk and
money, side bets that read suits or pay multipliers, published figures placed."""
MOST_WORDS = 1600
"""About 1,500 words of prose (code blocks and their output not counted): a page read through in one sitting."""
OWNED_ELSEWHERE: dict[str, str] = {}
"""Pages another branch rewrites at the same time (page: why); held to these rules after the merge."""


def _tokens(page: Path) -> list[Token]:
    return MarkdownIt("commonmark").enable("table").parse(page.read_text(encoding="utf-8"))


def prose_words(page: Path) -> int:
    """The words of ``page`` outside its code blocks.

    >>> prose_words(DOCS / "researcher" / "counting.md") > 500
    True
    """
    lines = page.read_text(encoding="utf-8").splitlines()
    code = {i for t in _tokens(page) if t.type in ("fence", "code_block") and t.map for i in range(*t.map)}
    return sum(len(line.split()) for i, line in enumerate(lines) if i not in code)


def test_the_counting_page_is_split_into_task_pages_of_at_most_about_1500_words() -> None:
    for name in COUNTING_TASKS:
        page = DOCS / "researcher" / f"{name}.md"
        assert page.exists(), page
        assert prose_words(page) <= MOST_WORDS, f"{page.name}: {prose_words(page)} words"
    index = (DOCS / "researcher" / "index.md").read_text(encoding="utf-8")
    assert all(f"\n{name}\n" in index for name in COUNTING_TASKS)


def test_no_guide_page_is_a_wall_of_text() -> None:
    long = {p.name: prose_words(p) for p in GUIDES if prose_words(p) > MOST_WORDS}
    assert not long, f"guide pages over about 1,500 words of prose: {long}"


def _summaries() -> list[tuple[Path, int, str]]:
    """Every command summary on a page: a code block (not an example) whose first line is ``baccarat COMMAND``."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        if "_build" in page.parts or str(page.relative_to(DOCS)) in OWNED_ELSEWHERE:
            continue
        for t in _tokens(page):
            if t.type == "fence" and t.content.startswith("baccarat ") and t.map:
                found.append((page, t.map[0] + 1, t.content))
    return found


def _command(words: list[str]) -> click.Command:
    context = click.Context(cli)
    command = cli.get_command(context, words[1])
    assert command is not None, words[1]
    if isinstance(command, click.Group) and len(words) > 2:
        command = command.get_command(context, words[2]) or command
    return command


def test_every_command_summary_lists_every_option_and_format() -> None:
    summaries = _summaries()
    assert {text.split()[1] for _, _, text in summaries} >= {"analyze", "verify", "count", "solve", "depth", "eor"}
    wrong = []
    for page, line, text in summaries:
        command = _command(text.split())
        options = {
            o for p in command.params if isinstance(p, click.Option) and not p.hidden for o in p.opts + p.secondary_opts
        }
        options = {o for o in options if o.startswith("--")} - {"--help"}
        shown = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))
        if options != shown:
            wrong.append(f"{page.name}:{line}: missing {sorted(options - shown)}, unknown {sorted(shown - options)}")
        fmt = next((p for p in command.params if p.name == "fmt"), None)
        if fmt is not None and isinstance(fmt.type, click.Choice):
            for listed in re.findall(r"--format ([a-z|]+)", text):
                if set(listed.split("|")) != set(fmt.type.choices):
                    wrong.append(f"{page.name}:{line}: --format {listed}, where it takes {fmt.type.choices}")
    assert not wrong, "\n".join(wrong)


SEE = re.compile(r"\bsee\b([^.;!?()]{0,80}?)\b(below|above)\b", re.IGNORECASE)
LINK = re.compile(r"\]\(|\{doc\}|\{ref\}|<https?:")


def test_every_see_below_names_a_section_that_is_there() -> None:
    """A "see ... below" (or above) links its target, or quotes a heading of the same page on that side."""
    dangling = []
    for page in sorted(DOCS.rglob("*.md")):
        if "_build" in page.parts:
            continue
        tokens = _tokens(page)
        headings = [
            (t.map[0], tokens[i + 1].content) for i, t in enumerate(tokens) if t.type == "heading_open" and t.map
        ]
        for t in tokens:
            if t.type != "inline" or not t.map:
                continue
            for m in SEE.finditer(t.content.replace("\n", " ")):
                named = re.findall(r"[\"']([^\"']+)[\"']", m[1])
                side = [h for at, h in headings if (at > t.map[0]) == (m[2].lower() == "below")]
                if LINK.search(m[0]) or (named and all(any(n in h for h in side) for n in named)):
                    continue
                dangling.append(f"{page.relative_to(DOCS)}:{t.map[0] + 1}: {m[0]!r}")
    assert not dangling, f"'see ... below' with nothing there: {dangling}"


def test_write_a_side_bet_opens_with_the_readme_s_bet() -> None:
    page = DOCS / "designer" / "write-a-side-bet.md"
    assert page.read_text(encoding="utf-8").startswith("# Write a side bet\n")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    bet = re.search(r"\$ cat my-bet\.toml\n(.*?)\n\$ baccarat", readme, re.DOTALL)
    assert bet is not None
    first = next(t for t in _tokens(page) if t.type == "fence")
    assert first.content.startswith(f"$ cat my-bet.toml\n{bet[1]}\n$ baccarat analyze --rules my-bet.toml")
    assert "house edge: -4.3930%" in first.content and "$ baccarat solve" in first.content


def test_the_designer_guide_is_in_the_order_a_designer_works() -> None:
    index = (DOCS / "designer" / "index.md").read_text(encoding="utf-8")
    stages = [index.index(f"**{stage}**") for stage in ("Write", "Price", "Solve", "Check", "Report")]
    assert stages == sorted(stages)
    toctree = index[index.index("```{toctree}") :]
    order = [toctree.index(f"\n{name}\n") for name in ("write-a-side-bet", "analyze", "solve")]
    assert order == sorted(order)
    front = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "[Write a side bet](designer/write-a-side-bet.md)" in front


def test_the_documents_page_explains_each_document_and_its_id() -> None:
    page = (DOCS / "documents.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in page.splitlines() if re.match(r"\| 00\d \|", line)}
    assert sorted(rows) == ["000", "001", "003", "004"]
    for rules in (read_rules(name) for name in shipped()):
        document = rules.document
        assert document in page, document
        assert f"`{rules.name}`" in rows[document[:3]], (document, rules.name)
    assert "no document 002" in page


@pytest.mark.slow
def test_a_docs_build_without_chromium_fails_naming_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workbench pictures' extension, on a machine without chromium: a warning naming ``apt-get install
    chromium``, which ``-W`` turns into an error, and placeholder pictures (never the build's success)."""
    pytest.importorskip("sphinx", reason="Sphinx is the docs extra")
    pytest.importorskip("playwright", reason="Playwright is in the test extra")
    from sphinx.application import Sphinx

    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    import workbench_pictures

    monkeypatch.setattr(workbench_pictures, "CHROMIUM", str(tmp_path / "no-chromium-here"))
    monkeypatch.setattr(workbench_pictures, "OUT", tmp_path / "pictures")
    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["workbench_pictures"]\n', encoding="utf-8")
    (source / "index.rst").write_text("Title\n=====\n", encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(
        str(source),
        str(source),
        str(tmp_path / "html"),
        str(tmp_path / "doctrees"),
        "html",
        status=None,
        warning=warnings,
        warningiserror=True,
    )
    app.build()
    assert app.statuscode != 0  # -W: the build fails
    assert "apt-get install chromium" in warnings.getvalue() and "placeholders" in warnings.getvalue()
    assert sorted(p.name for p in (tmp_path / "pictures").iterdir()) == sorted(workbench_pictures.PICTURES)
    sys.modules.pop("workbench_pictures", None)
