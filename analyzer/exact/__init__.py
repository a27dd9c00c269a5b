"""Exact counting: every ordered six-card dealing of a finite shoe, counted with integers.

:mod:`.enumerator` is the readable, memoized reference; :mod:`.fastcount` returns
the same :class:`~.distribution.Distribution` from aggregated sums in
milliseconds (the reports use it, the tests hold it to the reference);
:mod:`.batch` counts many shoes at once on numpy integer arrays. A
distribution settled by a wager's pay table (:mod:`.distribution`) gives a par
sheet of exact fractions (:mod:`.parsheet`). Depends on :mod:`analyzer.game` only.
"""
