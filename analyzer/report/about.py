"""Who submits, evaluates and signs a report: the small TOML file ``baccarat report --about FILE`` reads.

::

    [supplier]
    name = "Acme Table Games Ltd"
    contact = "compliance@acme.example"

    [lab]
    name = "Example Test Lab"
    reference = "ETL-2026-0412"

    [evaluator]
    name = "A. Mathematician"
    title = "Senior Game Mathematician"

    [sign_off]
    name = "B. Reviewer"
    title = "Technical Director"
    date = "2026-11-24"

Every table is optional; in each, ``name`` is required and the other keys (``title``, ``contact``, ``reference``,
``date``) optional. Any other table or key is refused in one line, as in every file the analyzer reads. The text is
printed as given (escaped in HTML; never a formula in a spreadsheet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError
from ..game.strict import StrictTable, decoded, parse_toml, read_bytes

PARTIES: tuple[tuple[str, str], ...] = (
    ("supplier", "Supplier"),
    ("lab", "Test laboratory"),
    ("evaluator", "Evaluated by"),
    ("sign_off", "Signed off by"),
)
"""The tables of an about file, with the label the front page gives each."""
FIELDS: tuple[str, ...] = ("name", "title", "contact", "reference", "date")
MAX_ABOUT_BYTES = 64 * 1024
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True, slots=True)
class Party:
    """One party to the report: its role (a table of the file) and what the file says of it."""

    role: str
    label: str
    fields: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        values = dict(self.fields)
        extra = [values[k] for k in ("title", "contact", "reference", "date") if k in values]
        return values["name"] + (f" ({'; '.join(extra)})" if extra else "")


@dataclass(frozen=True, slots=True)
class About:
    """The parties of a report, in the order of :data:`PARTIES`; the file's name and SHA-256 for the provenance."""

    parties: tuple[Party, ...]
    path: str
    sha256: str


def load_about(path: str) -> About:
    """Read an about file; :class:`InputError` names a wrong table, key or value in one line."""
    import hashlib

    data = read_bytes(path, "about file", MAX_ABOUT_BYTES)
    top = StrictTable(parse_toml(decoded(data, path, "about file"), path), "", path)
    parties = []
    for role, label in PARTIES:
        table = top.table(role, required=False)
        if table is None:
            continue
        fields = []
        for key in FIELDS:
            value = table.string(key, required=key == "name")
            if value is None:
                continue
            if not value.strip() or len(value) > 200 or "\n" in value:
                raise table.error(key, "must be one line of 1 to 200 characters.")
            if key == "date" and not _DATE.fullmatch(value):
                raise table.error(key, f"is {value!r}; write a date as YYYY-MM-DD.")
            fields.append((key, value.strip()))
        table.finish(FIELDS)
        parties.append(Party(role, label, tuple(fields)))
    top.finish(tuple(role for role, _ in PARTIES))
    if not parties:
        raise InputError(f"{path}: names nobody; give at least one of the tables {', '.join(r for r, _ in PARTIES)}.")
    return About(tuple(parties), path, hashlib.sha256(data).hexdigest())
