"""The command reference sets what a reader pastes as code: examples, option names, values, commands.

sphinx-click writes a command's help, its options' help and its epilog as reStructuredText prose. The examples
that end every command's help (``analyzer.cli.app.examples``: a click ``\\b`` paragraph, kept as written in a
terminal) became a line block, prose in the body font, and ``--rules`` or ``'tie:tie=9:1'`` inside the help were
prose too. Prose is what a typographic transform rewrites: Sphinx's smartquotes turned ``--`` into an en dash and
straight quotes into curly ones, so a pasted example failed ("Got unexpected extra arguments"). conf.py turns
smartquotes off for the whole site; this extension, on sphinx-click's events, marks the literal text as literal,
so that it is set in code and no later transform can touch it:

* the epilog's examples become a ``shell`` code block under an "Examples" rubric;
* in help text, an option name (``--rules``) becomes a cross-reference to that option when the command has it
  and inline code otherwise; a quoted value (``'tie:tie=9:1'``, quotes kept: they are what the shell needs) and a
  `backquoted` command become inline code; an option's choices (``:options:``) become inline code;
* an option's metavar that opens with an optional part (``[W:]TAGS``), of which sphinx-click drops the ``[``,
  gets it back.

The terminal's ``--help`` is untouched: these are the site's rendering of the same definitions.
"""

from __future__ import annotations

import re
from typing import Any

import click

OPTION = re.compile(r"(?<![\w`:<'-])(--[a-z0-9][a-z0-9-]*)")
"""An option name in running text (not inside a word, a literal or a metavar)."""
QUOTED = re.compile(r"(?<![\w`])'([^'\s][^']*)'(?!\w)")
"""A value in straight single quotes, as a shell takes it ("e.g. 'tie:tie=9:1'"); never an apostrophe."""
BACKQUOTED = re.compile(r"(?<!`)`([^`]+)`(?!`)")
"""A command in single backquotes (reST's default role): code."""
LITERAL = re.compile(r"(``.+?``|:option:`[^`]+`)")
"""What is already literal: left alone by the rewriting."""


def _options_of(ctx: click.Context) -> set[str]:
    return {name for param in ctx.command.params if isinstance(param, click.Option) for name in param.opts}


def _literal(text: str) -> str:
    return f"``{text}``"


def literal_prose(line: str, program: str, options: set[str]) -> str:
    """``line`` of help text with its commands, option names and quoted values marked as code.

    >>> literal_prose("With --play count: 'W:' for one wager, see `baccarat eor`.", "baccarat count", {"--play"})
    "With :option:`--play <baccarat count --play>` count: ``'W:'`` for one wager, see ``baccarat eor``."
    """
    parts = LITERAL.split(line)
    for i in range(0, len(parts), 2):  # the even parts are prose, the odd ones already literal
        prose = BACKQUOTED.sub(lambda m: _literal(m[1]), parts[i])
        prose = QUOTED.sub(lambda m: _literal(m[0]), prose)
        pieces = LITERAL.split(prose)
        for j in range(0, len(pieces), 2):
            pieces[j] = OPTION.sub(
                lambda m: f":option:`{m[1]} <{program} {m[1]}>`" if m[1] in options else _literal(m[1]),
                pieces[j],
            )
        parts[i] = "".join(pieces)
    return "".join(parts)


def _prose_lines(ctx: click.Context, lines: list[str]) -> None:
    """Rewrite, in place, the help text among sphinx-click's lines; directives and their fields stay as they are."""
    program, options = ctx.command_path, _options_of(ctx)
    for i, line in enumerate(lines):
        body = line.strip()
        if body.startswith(".. "):
            lines[i] = re.sub(r" <([^<>\[]*)\]([^<>]*)>$", r" <[\1]\2>", line)  # [W:]TAGS, whose [ was dropped
        elif body.startswith(":options:"):
            head, _, choices = line.partition(":options:")
            lines[i] = head + ":options: " + " | ".join(_literal(c.strip()) for c in choices.split("|"))
        elif body and not body.startswith(":"):
            lines[i] = literal_prose(line, program, options)


def _help(app: Any, ctx: click.Context, lines: list[str]) -> None:
    _prose_lines(ctx, lines)


def _epilog(app: Any, ctx: click.Context, lines: list[str]) -> None:
    """The examples of ``analyzer.cli.app.examples`` (a line block) as a shell code block; other epilogs as help."""
    block = [line for line in lines if line.strip()]
    if not block or block[0] != "| Examples:" or not all(line.startswith("| ") for line in block):
        _prose_lines(ctx, lines)
        return
    commands = [line[2:].strip() for line in block[1:]]
    lines[:] = [".. rubric:: Examples", "", ".. code-block:: shell", "", *(f"    {c}" for c in commands), ""]


def setup(app: Any) -> dict[str, Any]:
    app.setup_extension("sphinx_click")
    for event in ("description", "options", "arguments"):
        app.connect(f"sphinx-click-process-{event}", _help)
    app.connect("sphinx-click-process-epilog", _epilog)
    return {"parallel_read_safe": True}
