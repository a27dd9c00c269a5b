"""The test suite's environment, for every test and doctest under this folder (``tests/`` and the package's own).

The checked rule sets are kept between runs in the user's cache folder (:mod:`analyzer.game.rulecache`); the
suite never reads or writes it: it is turned off here, for this process and every command line a test runs, and
``tests/test_rulecache.py`` turns it on in a temporary folder of its own.
"""

import os

os.environ["BACCARAT_NO_CACHE"] = "1"
os.environ.pop("BACCARAT_CACHE_DIR", None)
