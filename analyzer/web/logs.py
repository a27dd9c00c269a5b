"""The server's log, rate-limited: a flood of bad requests writes a few lines and a count, never gigabytes.

A server under a flood (1,100 slow connections, say) once grew its log 1.44 GB in 40 s, a warning or a
traceback for each. :class:`RateLimited` wraps a log handler: at most :attr:`RateLimited.lines` records go through
in each window of :attr:`RateLimited.seconds`, each cut to :attr:`RateLimited.longest` characters, and the next
record after a window that dropped some is preceded by one line saying how many were dropped. :func:`rate_limit`
puts it on uvicorn's and asyncio's loggers.

Guaranteed: at most ``lines + 1`` records per window, each at most ``longest`` characters (plus the handler's
own prefix). Not guaranteed: which records of a burst are the ones kept (the first of each window).
"""

from __future__ import annotations

import logging
import sys
import threading
import time

LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio", "analyzer")
"""The loggers a running workbench writes to: uvicorn's, asyncio's (a failed accept) and the package's own."""


class RateLimited(logging.Handler):
    """A handler that passes at most :attr:`lines` records per :attr:`seconds` to ``target``, then counts."""

    def __init__(self, target: logging.Handler, lines: int = 20, seconds: float = 60.0, longest: int = 2000) -> None:
        super().__init__(target.level)
        if lines < 1 or seconds <= 0 or longest < 80:
            raise ValueError("RateLimited needs lines >= 1, seconds > 0 and longest >= 80.")
        self.target = target
        self.lines = lines
        self.seconds = seconds
        self.longest = longest
        self._window = time.monotonic()
        self._passed = 0
        self._dropped = 0
        self._guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        with self._guard:
            now = time.monotonic()
            if now - self._window >= self.seconds:
                dropped, self._dropped = self._dropped, 0
                self._window, self._passed = now, 0
                if dropped:
                    self._pass(self._summary(record, dropped))
            if self._passed >= self.lines:
                self._dropped += 1
                return
            self._pass(record)

    def close(self) -> None:
        with self._guard:
            if self._dropped:
                summary = logging.LogRecord("analyzer.web", logging.WARNING, __file__, 0, "", None, None)
                self._pass(self._summary(summary, self._dropped))
                self._dropped = 0
        self.target.close()
        super().close()

    def _pass(self, record: logging.LogRecord) -> None:
        self._passed += 1
        text = self.target.format(record)
        if len(text) > self.longest:
            cut = logging.makeLogRecord(record.__dict__)
            cut.msg = text[: self.longest] + f" [... {len(text) - self.longest:,} more characters cut]"
            cut.args, cut.exc_info, cut.exc_text, cut.stack_info = None, None, None, None
            record = cut
        self.target.handle(record)

    def _summary(self, like: logging.LogRecord, dropped: int) -> logging.LogRecord:
        summary = logging.makeLogRecord(like.__dict__)
        summary.levelno, summary.levelname = logging.WARNING, "WARNING"
        summary.msg = (
            f"{dropped:,} more log line(s) suppressed (at most {self.lines} are written every {self.seconds:g} s)."
        )
        summary.args, summary.exc_info, summary.exc_text, summary.stack_info = None, None, None, None
        return summary


def rate_limit(lines: int = 20, seconds: float = 60.0) -> None:
    """Put :class:`RateLimited` on every handler of :data:`LOGGERS`; a logger with none writes through uvicorn's.

    One limit per handler, shared by the loggers writing through it: the limit is the whole of stderr's. Call after
    uvicorn has configured its logging (``uvicorn.Config`` does it).
    """
    shared: dict[int, RateLimited] = {}

    def limited(handler: logging.Handler) -> RateLimited:
        if isinstance(handler, RateLimited):
            return handler
        if id(handler) not in shared:
            shared[id(handler)] = RateLimited(handler, lines, seconds)
        return shared[id(handler)]

    uvicorn = logging.getLogger("uvicorn").handlers
    fallback = uvicorn[0] if uvicorn else logging.StreamHandler(sys.stderr)
    for name in LOGGERS:
        log = logging.getLogger(name)
        if not log.handlers and name != "uvicorn.error":  # uvicorn.error passes its records to uvicorn's
            log.addHandler(fallback)
            log.propagate = False
        log.handlers = [limited(h) for h in log.handlers]
