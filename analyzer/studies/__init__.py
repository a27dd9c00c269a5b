"""Studies built on the exact figures: own cards, effects of removal, counting, closed forms, solving, verification.

Each takes rule sets and shoes and returns frozen, exact results; none prints.
They read :mod:`analyzer.exact` and :mod:`analyzer.game`; the counting study
also deals shoes with the play layer's vectorized dealer and runs on its
executors (:mod:`analyzer.play.dealer`, :mod:`analyzer.play.executor`).
Nothing in the play layer imports a study.
"""
