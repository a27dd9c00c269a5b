"""A request body read as JSON, refused in one line before it can hurt: too deep, not text, not an object.

* **Depth**: JSON nested deeper than :data:`MAX_DEPTH` is refused before it is parsed (Python's parser recurses
  once per level and would end in ``RecursionError``), by counting brackets outside strings with numpy: no
  recursion, linear in the body's length (a 16 MB body in well under a second).
* **Text**: a string holding a lone surrogate (``"\\ud800"``: JSON allows the escape, but it is no character)
  is refused with the place it was found (``state.text``), before anything tries to encode it.

>>> read(b'{"state": {"rules": "punto-banco"}}')
{'state': {'rules': 'punto-banco'}}
>>> read(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
    ...
analyzer.errors.InputError: The request body nests JSON 100 levels deep; the workbench reads at most 32.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from ..errors import InputError

MAX_DEPTH = 32
"""The deepest JSON nesting a request may have (a state is 3 levels deep)."""
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")


def depth(raw: bytes) -> int:
    """How deep the arrays and objects of the JSON text ``raw`` nest (strings' contents ignored).

    >>> depth(b'{"a": [1, {"b": "[[["}]}')
    3
    """
    bare = np.frombuffer(_STRINGS.sub(b'""', raw), dtype=np.uint8)
    opens = (bare == ord("[")) | (bare == ord("{"))
    closes = (bare == ord("]")) | (bare == ord("}"))
    levels = np.cumsum(opens.astype(np.int64) - closes.astype(np.int64))
    return int(levels.max()) if levels.size else 0


def read(raw: bytes) -> dict[str, Any]:
    """The JSON object of a request body; :class:`InputError` in one line for anything else."""
    deep = depth(raw) if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH else 0  # fewer brackets: shallow enough
    if deep > MAX_DEPTH:
        raise InputError(f"The request body nests JSON {deep:,} levels deep; the workbench reads at most {MAX_DEPTH}.")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise InputError(f"The request body is not JSON ({e}); send a JSON object.") from None
    if not isinstance(data, dict):
        raise InputError("The request body must be a JSON object.")
    place = _lone_surrogate(data)
    if place is not None:
        raise InputError(
            f"{place} holds a lone surrogate (an escape such as \\ud800 that is no character); send text only."
        )
    return data


def _lone_surrogate(data: Any) -> str | None:
    """Where in ``data`` a string (or a key) holds a lone surrogate (``state.text``, ``pays[2]``), or ``None``."""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        place, value = todo.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return place or "The request body"
        elif isinstance(value, dict):
            for key, item in value.items():
                if _SURROGATE.search(key):
                    return f"A key in {place or 'the request body'}"
                todo.append((f"{place}.{key}" if place else key, item))
        elif isinstance(value, list):
            todo.extend((f"{place}[{i}]", item) for i, item in enumerate(value))
    return None
