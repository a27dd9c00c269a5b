"""Where a command's documents go: stdout, or a file given with ``--out``, in any format.

The text formats (:data:`~.render.FORMATS`, and ``html``) may go to stdout
or to a file; the binary ones (``xlsx``, ``pdf``) need a file. A format can
be named by ``--format`` or read from the file's suffix. A file is written
whole through a temporary file and an atomic rename, so a failure leaves
nothing half-written. The renderers that need a library the command line
does not start with (matplotlib, xlsxwriter, fpdf2) are imported here, when
that format is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import InputError
from ..extras import require
from .model import Document
from .provenance import with_command
from .render import FORMATS, render

PAGE_FORMATS: tuple[str, ...] = ("html",)
"""Text formats for a browser: to stdout or a file."""
FILE_FORMATS: tuple[str, ...] = ("xlsx", "pdf")
"""Binary formats: only to a file (``--out``)."""
ALL_FORMATS: tuple[str, ...] = (*FORMATS, *PAGE_FORMATS, *FILE_FORMATS)
SUFFIXES: dict[str, str] = {
    ".txt": "table",
    ".md": "markdown",
    ".csv": "csv",
    ".json": "json",
    ".html": "html",
    ".htm": "html",
    ".xlsx": "xlsx",
    ".pdf": "pdf",
}
"""A file's suffix names its format when ``--format`` does not."""


FORMAT_MODULES: dict[str, tuple[str, ...]] = {"pdf": ("fpdf", "matplotlib"), "xlsx": ("xlsxwriter",)}
"""The packages of the ``report`` extra each binary format is written with (the PDF takes matplotlib's fonts)."""


def require_format(fmt: str) -> None:
    """Refuse in one line a format whose writer is not installed (the ``report`` extra), before any work."""
    if fmt in FORMAT_MODULES:
        require("report", *FORMAT_MODULES[fmt], what={"pdf": "A PDF", "xlsx": "A workbook (.xlsx)"}[fmt])


def chosen_format(fmt: str | None, out: Path | None) -> str:
    """The format to write: ``--format`` if given, else the suffix of ``--out``, else ``table``."""
    if fmt is None:
        if out is None:
            return "table"
        suffix = out.suffix.lower()
        if suffix not in SUFFIXES:
            raise InputError(
                f"--out {out}: cannot tell the format from the suffix {suffix or '(none)'!r}; "
                f"give --format ({', '.join(ALL_FORMATS)}) or end the name with one of {', '.join(SUFFIXES)}."
            )
        return SUFFIXES[suffix]
    if fmt in FILE_FORMATS and out is None:
        raise InputError(f"--format {fmt} writes a file: give --out FILE.{fmt}.")
    return fmt


def produce(
    documents: Document | Sequence[Document],
    fmt: str,
    exact: bool = False,
    command: str | None = None,
    generated: str | None = None,
) -> str | bytes:
    """The documents in ``fmt``: text for the text formats and HTML, bytes for xlsx and PDF.

    One document or a sequence, as :func:`~.render.render` takes them (JSON: an object or an array).
    ``command`` and ``generated`` (a date, never under results/) go into each document's provenance.
    """
    if isinstance(documents, Document):
        single = with_command(documents, command, generated)
        if fmt in FORMATS:
            return render(single, fmt, exact)
        documents = (single,)
    stamped = [with_command(d, command, generated) for d in documents]
    if fmt in FORMATS:
        return render(stamped, fmt, exact)
    if fmt == "html":
        from .to_html import render_html

        return render_html(stamped, exact)
    require_format(fmt)
    if fmt == "xlsx":
        from .to_xlsx import render_xlsx

        return render_xlsx(stamped)
    if fmt == "pdf":
        from .to_pdf import render_pdf

        return render_pdf(stamped)
    raise ValueError(f"Unknown format {fmt!r}; use one of {', '.join(ALL_FORMATS)}.")
