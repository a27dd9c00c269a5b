"""An exact evaluator of the spreadsheet formulas the workbooks use, for the tests.

It reads a worksheet's cells as openpyxl gives them (numbers, text, formula
strings) and evaluates formulas with Python Fractions, so a workbook's house
edge can be compared with the analyzer's exact figure for equality, not to
15 digits. The subset: numbers, cell references (A1, $A$1, A$1), ranges,
+ - * / ^, unary minus, comparisons inside IF, and the functions SUM,
SUMIF (criteria: a number, or ">0"), SUMPRODUCT, SQRT (a float), IF, NA.
Anything else raises, so a formula outside the subset fails the test loudly.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+(?:\.\d+)?)|(?P<string>\"[^\"]*\")|(?P<range>\$?[A-Z]+\$?\d+:\$?[A-Z]+\$?\d+)"
    r"|(?P<cell>\$?[A-Z]+\$?\d+)|(?P<name>[A-Z]+)\(|(?P<op><=|>=|<>|[-+*/^(),=<>]))"
)


def _split(ref: str) -> tuple[int, int]:
    m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", ref)
    assert m, ref
    column = 0
    for ch in m[1]:
        column = column * 26 + ord(ch) - 64
    return int(m[2]), column


class Sheet:
    """Cells by (row, column), 1-based, as openpyxl reads them with formulas (not cached values)."""

    def __init__(self, worksheet: Any) -> None:
        self.cells: dict[tuple[int, int], Any] = {}
        for row in worksheet.iter_rows():
            for cell in row:
                if cell.value is not None:
                    self.cells[(cell.row, cell.column)] = cell.value
        self.memo: dict[tuple[int, int], Any] = {}

    def value(self, ref: str) -> Any:
        key = _split(ref)
        if key not in self.memo:
            raw = self.cells.get(key)
            self.memo[key] = (
                _Parser(self, raw[1:]).expression() if isinstance(raw, str) and raw.startswith("=") else (_typed(raw))
            )
        return self.memo[key]

    def set(self, ref: str, value: Any) -> None:
        self.cells[_split(ref)] = value
        self.memo.clear()

    def range(self, text: str) -> list[Any]:
        first, last = text.split(":")
        (r1, c1), (r2, c2) = _split(first), _split(last)
        return [self.value(f"{_letters(c)}{r}") for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]


def _typed(raw: Any) -> Any:
    """A constant as typed: 0.95 is the decimal 19/20 that was written (repr), not its binary double."""
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        return raw
    return Fraction(repr(raw)) if isinstance(raw, float) else Fraction(raw)


def _letters(column: int) -> str:
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out


class _Parser:
    def __init__(self, sheet: Sheet, text: str) -> None:
        self.sheet = sheet
        self.tokens = []
        position = 0
        while position < len(text):
            m = _TOKEN.match(text, position)
            if not m or m.end() == position:
                raise ValueError(f"formula outside the evaluated subset: {text!r} at {position}")
            self.tokens.append((m.lastgroup, m[m.lastgroup]))
            position = m.end()
        self.at = 0

    def peek(self) -> tuple[str | None, str | None]:
        return self.tokens[self.at] if self.at < len(self.tokens) else (None, None)

    def take(self, op: str | None = None) -> tuple[str | None, str | None]:
        token = self.peek()
        if op is not None and token != ("op", op):
            raise ValueError(f"expected {op!r}, got {token}")
        self.at += 1
        return token

    def expression(self) -> Any:
        left = self.additive()
        while self.peek()[0] == "op" and self.peek()[1] in ("=", "<", ">", "<=", ">=", "<>"):
            op = self.take()[1]
            right = self.additive()
            left = {
                "=": left == right,
                "<": left < right,
                ">": left > right,
                "<=": left <= right,
                ">=": left >= right,
                "<>": left != right,
            }[op]
        return left

    def additive(self) -> Any:
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            value = value + self.term() if self.take()[1] == "+" else value - self.term()
        return value

    def term(self) -> Any:
        value = self.power()
        while self.peek() in (("op", "*"), ("op", "/")):
            value = value * self.power() if self.take()[1] == "*" else value / self.power()
        return value

    def power(self) -> Any:
        value = self.unary()
        while self.peek() == ("op", "^"):
            self.take()
            value = value ** self.unary()
        return value

    def unary(self) -> Any:
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        return self.atom()

    def atom(self) -> Any:
        kind, text = self.take()
        assert text is not None
        if kind == "number":
            return Fraction(text)
        if kind == "string":
            return text[1:-1]
        if kind == "cell":
            return self.sheet.value(text)
        if kind == "range":
            return self.sheet.range(text)
        if kind == "op" and text == "(":
            value = self.expression()
            self.take(")")
            return value
        if kind == "name":
            args = []
            if self.peek() != ("op", ")"):
                args.append(self.expression())
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.expression())
            self.take(")")
            return _call(text, args)
        raise ValueError(f"unexpected {text!r}")


def _numbers(values: list[Any]) -> list[Fraction]:
    return [v for v in values if isinstance(v, Fraction)]


def _call(name: str, args: list[Any]) -> Any:
    if name == "SUM":
        return sum((sum(_numbers(a)) if isinstance(a, list) else a for a in args), Fraction(0))
    if name == "SUMPRODUCT":
        total = Fraction(0)
        for items in zip(*args):
            if all(isinstance(x, Fraction) for x in items):
                total += math.prod(items, start=Fraction(1))
        return total
    if name == "SUMIF":
        tested, criterion, summed = args
        if isinstance(criterion, str):
            assert criterion == ">0", criterion
            keep = [isinstance(t, Fraction) and t > 0 for t in tested]
        else:
            keep = [isinstance(t, Fraction) and t == criterion for t in tested]
        return sum((s for k, s in zip(keep, summed) if k and isinstance(s, Fraction)), Fraction(0))
    if name == "SQRT":
        return math.sqrt(args[0])
    if name == "IF":
        return args[1] if args[0] else args[2]
    if name == "NA":
        return "#N/A"
    raise ValueError(f"function {name} is outside the evaluated subset")
