"""Exact mini-baccarat analysis: rule sets as data, a memoized enumerator, par sheets.

The version is kept in one place, ``pyproject.toml``; ``__version__`` reads it
from the installed package metadata.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("baccarat-analyzer")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"
