"""The one exception family the CLI turns into a one-line error and exit 2, and how a rejected value is quoted."""

from __future__ import annotations

import reprlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

QUOTE_LIMIT = 100
"""At most this many characters of a rejected value appear in an error message."""


class InputError(ValueError):
    """Bad input from a user: a card, a shoe, a rule file, an odds string.

    The message is one full sentence naming what is wrong and what is allowed;
    the CLI prints it as is, without a traceback.
    """


class RunError(InputError):
    """A run that cannot go on for a reason outside the program: a lost Dask scheduler, workers that keep dying.

    The command line reports it as it reports bad input: one line, exit status 2.
    """


FRONT_ENDS: tuple[str, ...] = ("python", "command line")
"""Who an error speaks to: a program or notebook (Python's keywords, the default), or the command line (its options)."""

OPTIONS: dict[str, str] = {
    "pays": "--pay",
    "wagers": "--wager",
    "wager_files": "--wagers",
    "thresholds": "--threshold",
    "spreads": "--spread",
    "yield_shoes": "--counter-yield",
}
"""The parameters whose command-line option is not ``--`` and the keyword with ``_`` as ``-`` (``cut_card``:
``--cut-card``); a list the library takes is an option given once per item, named in the singular."""

_WORDING: ContextVar[str] = ContextVar("analyzer_error_wording", default="python")


@contextmanager
def worded_for(front_end: str) -> Iterator[None]:
    """Errors raised inside the block name parameters as ``front_end`` (one of :data:`FRONT_ENDS`) names them.

    The command line wraps each run in ``worded_for("command line")``; everything else is worded for Python.
    """
    if front_end not in FRONT_ENDS:
        raise ValueError(f"front_end must be one of {', '.join(FRONT_ENDS)}, got {front_end!r}")
    token = _WORDING.set(front_end)
    try:
        yield
    finally:
        _WORDING.reset(token)


def named(parameter: str, option: str | None = None) -> str:
    """How an error names ``parameter`` (a library keyword) to whoever called: the keyword itself, or at the command
    line its option: ``option`` where the command's own word differs (``within`` is ``--reveal-within`` for one
    command and ``--within`` for another), else :data:`OPTIONS`'s, else the keyword spelt as an option. One check,
    one message, worded for each front end.

    >>> named("shoes"), named("cut_card"), named("targets", "--reveal-rtp")
    ('shoes', 'cut_card', 'targets')
    >>> with worded_for("command line"):
    ...     named("shoes"), named("cut_card"), named("pays"), named("targets", "--reveal-rtp")
    ('--shoes', '--cut-card', '--pay', '--reveal-rtp')
    """
    if _WORDING.get() == "python":
        return parameter
    return option or OPTIONS.get(parameter, "--" + parameter.replace("_", "-"))


def setting(parameter: str, value: str, option: str | None = None) -> str:
    """``parameter`` given the text ``value``, as the caller writes it: ``play='count'`` or ``--play count``
    (``option`` as in :func:`named`).

    >>> setting("play", "count")
    "play='count'"
    >>> with worded_for("command line"):
    ...     setting("play", "count"), setting("targets", "98.8%", "--reveal-rtp")
    ('--play count', '--reveal-rtp 98.8%')
    """
    if _WORDING.get() == "python":
        return f"{parameter}={value!r}"
    return f"{named(parameter, option)} {value}"


_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = _REPR.maxlong = QUOTE_LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4


def digits(n: int) -> int:
    """The number of decimal digits of ``n``, without converting it to text (no limit on its size).

    >>> digits(0), digits(-999), digits(10**5000)
    (1, 3, 5001)
    """
    n = abs(n)
    estimate = max(1, int(n.bit_length() * 0.30102999566398120))  # log10(2); within one of the truth
    if n >= 10**estimate:
        return estimate + 1
    return estimate if estimate == 1 or n >= 10 ** (estimate - 1) else estimate - 1


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error message quotes it: its repr, cut to about ``limit`` characters.

    Safe on anything a file or a command line can hold: a whole number of
    thousands of digits is described, not converted; nested arrays and
    tables are shown two levels deep.

    >>> shown("9" * 500)[:12], len(shown("9" * 500)) < 140
    ("'99999999999", True)
    >>> shown(10**5000)
    'a whole number of 5,001 digits'
    >>> shown([[[[1]]]])
    '[[[...]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and digits(value) > limit:
        return f"a whole number of {digits(value):,} digits"
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value):,} characters)"
    try:
        text = _REPR.repr(value)
    except (ValueError, RecursionError):  # an int inside a container past Python's digit limit, or worse
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit + 10 else text[:limit] + "..."
