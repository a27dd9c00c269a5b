"""The one report model: what a command states, as a plain typed document.

Every command builds a :class:`Document`; one renderer per format writes any
document (:mod:`.to_text`, :mod:`.to_markdown`, :mod:`.to_csv`, :mod:`.to_json`,
:mod:`.to_html`, :mod:`.to_pdf`, :mod:`.to_xlsx`, chosen by
:func:`analyzer.report.render.render`), so a new format is one new renderer
that serves every command.

A document is a sequence of blocks:

* :class:`Fields`, a key/value block (a header, a par sheet's figures);
* :class:`Table`, rows of typed cells under typed columns;
* :class:`Prose`, sentences (notes, definitions, legends);
* :class:`Section`, a titled group of blocks (one wager's par sheet);
* :class:`Figure`, a plot with the data it shows (text and JSON carry the data).

A document may carry its :class:`Provenance` (version, files and their
SHA-256, shoe, command line), which every renderer writes.

Every piece has two names: a machine ``key`` (JSON, CSV) and a human
``label`` or ``title`` (text, Markdown). A piece with no key is for people
only (a sentence that sums up several fields); a piece with no label is for
machines only (a field the human header already states inside a sentence).
That is the whole of the difference between the formats; everything else is
the same document.

Values are typed (:class:`Value`): exact counts, fractions, percentages,
pays, odds, text, small integers, floats (a standard deviation), flags. A
value keeps its exact data, and each renderer decides how to write it: a
fraction is "0.45859742" in a table (or "p/q" with ``--exact``) and "p/q" in
JSON; a count is "2,292,252,566,437,888" in a table, digits in CSV, and a
string in JSON (JSON numbers lose digits past 2**53).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Union

Kind = Literal["text", "count", "integer", "decimal", "percent", "fraction", "pays", "odds", "real", "flag", "data"]
"""What a value is. ``decimal`` and ``percent`` are exact fractions shown rounded (or
as fractions with ``--exact``); ``fraction`` is always shown as "p/q"; ``odds``
is "N to 1"; ``data`` is a small JSON-ready structure with a text for people."""

Tone = Literal["good", "bad"]

KINDS: tuple[str, ...] = (
    "text",
    "count",
    "integer",
    "decimal",
    "percent",
    "fraction",
    "pays",
    "odds",
    "real",
    "flag",
    "data",
)


@dataclass(frozen=True, slots=True)
class Value:
    """One typed value: its exact data, and, if it must read otherwise than its kind says, its text.

    ``data`` is ``None`` for a value that does not exist (a house edge of a
    wager with no pays); people then read ``text`` (default "n/a") and
    machines read null. ``places`` is the number of decimals a person sees
    (``decimal``, ``percent``, ``odds``, ``real``); ``signed`` shows a plus
    sign on positive decimals.
    """

    kind: Kind
    data: object
    places: int = 8
    text: str | None = None
    signed: bool = False
    tone: Tone | None = None
    """A verdict's tone (a check passed or failed), which renderers that colour show; words never decide it."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"Unknown value kind {self.kind!r}; use one of {', '.join(KINDS)}.")
        exact_kinds = ("decimal", "percent", "fraction", "odds")
        if self.data is not None and self.kind in exact_kinds and not isinstance(self.data, Fraction | int):
            raise ValueError(f"A {self.kind} value must be exact (a Fraction), got {self.data!r}.")
        if self.kind == "count" and self.data is not None and not isinstance(self.data, int):
            raise ValueError(f"A count must be an int, got {self.data!r}.")


def text(value: str | None, shown: str | None = None) -> Value:
    """A piece of text."""
    return Value("text", value, text=shown)


def count(n: int | None, shown: str | None = None) -> Value:
    """An exact whole number that may be large (dealings, rounds): "1,234" for people, a string in JSON."""
    return Value("count", n, text=shown)


def integer(n: int | None, shown: str | None = None) -> Value:
    """A small whole number (a total, a deck count): a number in JSON."""
    return Value("integer", n, text=shown)


def decimal(x: Fraction | None, places: int = 8, shown: str | None = None, signed: bool = False) -> Value:
    """An exact fraction, shown as a decimal rounded exactly to ``places`` (a fraction with ``--exact``)."""
    return Value("decimal", x, places=places, text=shown, signed=signed)


def percent(x: Fraction | None, places: int = 4, shown: str | None = None) -> Value:
    """An exact fraction, shown as a percentage with ``places`` decimals (a fraction with ``--exact``)."""
    return Value("percent", x, places=places, text=shown)


def fraction(x: Fraction | None, shown: str | None = None) -> Value:
    """An exact fraction always shown as "p/q"."""
    return Value("fraction", x, text=shown)


def pays(x: Fraction | None, shown: str | None = None) -> Value:
    """A pay as a pay table prints it: "11:1", "19:20", "push", "lose"."""
    return Value("pays", x, text=shown)


def odds(x: Fraction | None, places: int = 4, shown: str | None = None) -> Value:
    """Fair odds "N to 1", N an exact fraction shown to ``places`` decimals (a fraction with ``--exact``)."""
    return Value("odds", x, places=places, text=shown)


def real(x: float | None, places: int = 4, shown: str | None = None) -> Value:
    """A float (a square root, a simulated mean): the one inexact kind."""
    return Value("real", x, places=places, text=shown)


def verdict(passed: bool, shown: str) -> Value:
    """The verdict of a check ("CONFIRMED", "PASS", ...): text, toned good or bad."""
    return Value("text", shown, tone="good" if passed else "bad")


def flag(b: bool | None, shown: str | None = None) -> Value:
    """True or false."""
    return Value("flag", b, text=shown)


def data(structure: object, shown: str) -> Value:
    """A small JSON-ready structure (dicts, lists, strings, numbers) that people read as ``shown``."""
    return Value("data", structure, text=shown)


FieldValue = Union[Value, "Fields", tuple[Value, ...], None]
"""What a field holds: a value, a nested key/value block, a list of values, or nothing (null)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One fact of a key/value block.

    ``key`` names it for machines, ``label`` for people; ``None`` leaves it
    out of that audience's formats (``label=""`` shows the text without a
    label). ``text`` is what people read when it is not the value's own text
    (a nested block, or a sentence that says more). A list value is shown as
    a bulleted list under the label, and left out when empty.
    """

    key: str | None
    label: str | None
    value: FieldValue
    text: str | None = None

    def __post_init__(self) -> None:
        if self.key is None and self.label is None:
            raise ValueError("A field needs a key (for machines), a label (for people), or both.")
        if self.label is not None and isinstance(self.value, Fields) and self.text is None:
            raise ValueError(f"Field {self.key!r} holds a nested block: give the text people read.")


Layout = Literal["lines", "aligned", "labelled"]


@dataclass(frozen=True, slots=True)
class Fields:
    """A key/value block.

    ``lines``: one "label: text" per line (a header); ``aligned``: labels
    right-aligned in a column (a par sheet's figures; Markdown makes it a
    figure/value table); ``labelled``: a page's two columns, labels beside
    their text (a certificate; the text formats write it as lines). ``key`` nests the block under that key for
    machines; without one its fields join the enclosing object. ``csv``
    makes the block the document's CSV: one (figure, value) row per field.
    """

    fields: tuple[Field, ...]
    layout: Layout = "lines"
    key: str | None = None
    csv: bool = False

    def __post_init__(self) -> None:
        if self.layout not in ("lines", "aligned", "labelled"):
            raise ValueError(f"Unknown layout {self.layout!r}; use lines, aligned or labelled.")


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: machine ``key``, human ``title``, alignment, and what it holds.

    ``role`` names what a renderer that computes may rely on (a spreadsheet
    writing live formulas): "combinations", "probability", "pays", "return".
    ``head`` columns head each record of a table shown as records.
    """

    key: str | None
    title: str | None
    align: Literal["left", "right"] = "left"
    role: str | None = None
    head: bool = False

    def __post_init__(self) -> None:
        if self.key is None and self.title is None:
            raise ValueError("A column needs a key (for machines), a title (for people), or both.")


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of typed cells under typed columns.

    For machines (``key`` set) a table is a list of row objects, or with
    ``by_column`` an object keyed by column, then by the first column's
    value (a matrix such as the house edge of every wager under every rule
    set; an empty cell, ``None``, is left out). ``human=False`` keeps the
    table out of the human formats. ``caption`` is a line shown above it.
    ``records`` shows each row as a block of "title: text" lines instead of a
    grid (rows too wide to read across), headed by its ``head`` columns. ``csv`` makes the table part of the document's
    CSV
    export: its machine columns, after the ``context`` fields of the
    document and of the sections around it.
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[Value | None, ...], ...]
    key: str | None = None
    caption: str | None = None
    human: bool = True
    by_column: bool = False
    records: bool = False
    csv: bool = False
    footer: tuple[Value | None, ...] | None = None
    """A totals row for people (below a rule in text, ``<tfoot>`` in HTML); machines read the figures
    elsewhere, so JSON and CSV leave it out, and a spreadsheet writes it as formulas over the rows."""

    def __post_init__(self) -> None:
        for row in (*self.rows, *((self.footer,) if self.footer is not None else ())):
            if len(row) != len(self.columns):
                raise ValueError(f"A row has {len(row)} cells for {len(self.columns)} columns.")


@dataclass(frozen=True, slots=True)
class Formula:
    """A formula the program computed from exact numbers, set for a page: the text before it, the formula in
    presentation MathML (HTML) and in LaTeX (PDF, drawn by matplotlib's mathtext). Never user text: each renderer
    checks the markup against the layout of numbers and d, and prints the Prose line instead when it does not match."""

    lead: str
    mathml: str
    latex: str


@dataclass(frozen=True, slots=True)
class Prose:
    """Sentences: each string is a line (Markdown: hard line breaks; "  - " lines become a list).

    With ``key``, machines get the text too (joined by spaces); ``human=False``
    keeps it out of the human formats. ``code`` shows it as code in Markdown
    (a formula).
    """

    lines: tuple[str, ...]
    key: str | None = None
    human: bool = True
    code: bool = False
    math: tuple[Formula, ...] = ()
    """For HTML and PDF, instead of ``lines``: one formula per line, set as a fraction."""


PlotKind = Literal["bars", "lines", "stems"]
PLOT_KINDS: tuple[str, ...] = ("bars", "lines", "stems")


@dataclass(frozen=True, slots=True)
class Reference:
    """A horizontal line drawn across a plot at an exact height (a limit, zero), with its label."""

    label: str
    value: Value


@dataclass(frozen=True, slots=True)
class Figure:
    """A plot and the data it shows.

    ``data`` is the data, as a table: its first column holds the x values
    (labels such as ranks, or numbers such as deck counts), each other column
    one series of y values. Renderers that draw (HTML, PDF) plot it as
    ``kind``: "bars" (one bar per x label, series side by side), "lines"
    (series against numeric x), "stems" (a probability at each numeric x).
    Renderers of text and data write the data itself (a table with the title
    above it; JSON an object under ``key``), so no format loses what a plot
    shows. ``references`` are horizontal lines (a limit); ``caption`` says
    how to read the plot.
    """

    title: str
    data: Table
    kind: PlotKind
    x_label: str
    y_label: str
    caption: str | None = None
    key: str | None = None
    references: tuple[Reference, ...] = ()
    y_percent: bool = False
    log_y: bool = False

    def __post_init__(self) -> None:
        if self.kind not in PLOT_KINDS:
            raise ValueError(f"Unknown plot kind {self.kind!r}; use one of {', '.join(PLOT_KINDS)}.")
        if len(self.data.columns) < 2:
            raise ValueError(f"Figure {self.title!r} needs an x column and at least one series.")


@dataclass(frozen=True, slots=True)
class Section:
    """A titled group of blocks: "== title (name): status" in text, "## title (`name`)" in Markdown.

    ``lead`` lines follow the heading (text: indented under it; Markdown: a
    paragraph each, the first starting with the status). Sections with the
    same ``key`` form a list of objects under that key for machines.
    ``context`` fields (see :class:`Table`) apply to the tables inside.
    ``key_order`` lists keys machines read first, where the reading order
    for people differs (a par sheet's figures come after its table on paper,
    before it in JSON).
    """

    title: str
    blocks: tuple[Block, ...]
    name: str | None = None
    status: str | None = None
    lead: tuple[str, ...] = ()
    key: str | None = None
    human: bool = True
    key_order: tuple[str, ...] = ()
    context: tuple[Field, ...] = ()


Block = Fields | Table | Prose | Section | Figure


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file a document was computed from: its name as given, what it is, and the SHA-256 of its bytes."""

    name: str
    role: str
    sha256: str

    def __post_init__(self) -> None:
        if len(self.sha256) != 64 or any(c not in "0123456789abcdef" for c in self.sha256):
            raise ValueError(f"{self.name}: a SHA-256 is 64 lowercase hex digits, got {self.sha256!r}.")


@dataclass(frozen=True, slots=True)
class Provenance:
    """Which version computed a document, from which files, for which shoe, by which command line.

    Builders fill ``version``, ``files`` and ``shoe``; the command line is
    added where it is known (:func:`analyzer.report.render.render`'s
    ``command``). ``generated`` is a date for a report handed to a person;
    nothing under ``results/`` carries one, so regenerating it changes no byte.
    ``files_summary``, where a list of files would bury what people asked for
    (``baccarat rules`` reads every shipped file), is the one line people's
    renderings print in place of each file's SHA-256, saying how to get them;
    machines' renderings (JSON, CSV) list every file whatever it says.
    """

    version: str
    files: tuple[SourceFile, ...] = ()
    shoe: str | None = None
    command: str | None = None
    generated: str | None = None
    files_summary: str | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """What one command states about one subject (one rule set, one study, one claims file).

    ``title`` heads the Markdown (people reading a terminal have the command
    line above the output, so the text form leaves it out). ``context``
    fields start every CSV row. ``provenance`` is written by every renderer:
    a header for people, a ``provenance`` object in JSON, columns in CSV.
    """

    title: str
    blocks: tuple[Block, ...]
    context: tuple[Field, ...] = field(default=())
    key_order: tuple[str, ...] = ()
    provenance: Provenance | None = None
    provenance_after: str | None = None
    """The key of the block (a certificate's front page) after which people read the provenance, on a page of its
    own in a PDF; ``None``: the provenance heads the document. Machines read it first either way."""

    @property
    def parts(self) -> tuple[tuple[Block, ...], tuple[Block, ...]]:
        """The blocks people read before the provenance, and those after it."""
        for i, block in enumerate(self.blocks):
            if self.provenance_after is not None and getattr(block, "key", None) == self.provenance_after:
                return self.blocks[: i + 1], self.blocks[i + 1 :]
        return (), self.blocks

    def tables(self) -> list[tuple[tuple[Field, ...], Table]]:
        """Every table with the context fields that apply to it, in reading order."""
        found: list[tuple[tuple[Field, ...], Table]] = []

        def walk(blocks: Sequence[Block], context: tuple[Field, ...]) -> None:
            for block in blocks:
                if isinstance(block, Table):
                    found.append((context, block))
                elif isinstance(block, Section):
                    walk(block.blocks, context + block.context)

        walk(self.blocks, self.context)
        return found
