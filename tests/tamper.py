"""Tampering with a par sheet the way a careless or dishonest supplier would: one figure cell at a time.

Used by the tamper-every-figure tests of ``verify`` (``tests/test_verify_tamper.py``). A cell "carries a figure"
by a rule of its own, independent of the reader: it is a number, or a text with a digit in it, or a pay word
("lose", "push"). Tampering changes the figure so that no reading at any printed precision can confirm it.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.sax.saxutils import escape

PAY_WORDS = {"lose": "push", "push": "lose"}
SIGNIFICANT = 15
"""The significant digits verify reads from a decimal printed with more (a double printed in full, such as the
CSV's standard deviation): the 15th is the last one it states."""


def carries_figure(value: object) -> bool:
    """Whether a cell states a figure: a number, a text with a digit, or a pay word."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float):
        return True
    text = str(value).strip().strip("()").lower()
    return text in PAY_WORDS or any(c.isdigit() for c in text)


def tampered(value: object) -> object:
    """A different figure: a number moved by 1% (0 to 0.01), a whole number by 1, a text's last digit by 1 (the 15th
    significant digit of a decimal printed with more, as verify reads it), a pay word swapped.

    >>> [tampered(v) for v in (8, 0.95, 0.0, "19:20", "(lose)", "114753351728/10847218479825", "-0.0105")]
    [9, 0.9595, 0.01, '19:21', '(push)', '114753351728/10847218479826', '-0.0106']
    >>> tampered("0.9273720217932128")
    '0.9273720217932138'
    """
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return round(value * 1.01, 15) if value else 0.01
    text = str(value)
    word = text.strip().strip("()").lower()
    if word in PAY_WORDS:
        return text.lower().replace(word, PAY_WORDS[word])
    digits = list(re.finditer(r"\d", text))
    significant = [d for d in digits if d.start() >= next((x.start() for x in digits if x.group() != "0"), 0)]
    long_decimal = re.fullmatch(r"-?\d+\.\d+", text) and len(significant) > SIGNIFICANT
    last = significant[SIGNIFICANT - 1] if long_decimal else digits[-1]  # a double printed in full states 15 digits
    digit = int(last.group())
    return text[: last.start()] + str((digit + 1) % 10 if digit != 9 else 8) + text[last.end() :]


def with_cell(workbook: bytes, sheet: int, address: str, value: object) -> bytes:
    """``workbook`` with the cell at ``address`` of its ``sheet``-th worksheet (from 1) holding ``value`` alone: a
    number, or an inline text (any formula the cell held is dropped, so the value is what a reader sees)."""
    part = f"xl/worksheets/sheet{sheet}.xml"
    source = zipfile.ZipFile(io.BytesIO(workbook))
    xml = source.read(part).decode("utf-8")
    found = re.search(rf'<c r="{address}"( s="\d+")?[^>]*?(/>|>.*?</c>)', xml)
    assert found is not None, f"no cell {address} in {part}"
    style = found.group(1) or ""
    if isinstance(value, int | float):
        cell = f'<c r="{address}"{style}><v>{value!r}</v></c>'
    else:
        cell = f'<c r="{address}"{style} t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'
    xml = xml[: found.start()] + cell + xml[found.end() :]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info, xml.encode("utf-8") if info.filename == part else source.read(info))
    return out.getvalue()
