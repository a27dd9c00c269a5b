"""The ``baccarat`` command line. Click parses and prints; the layers below compute.

:mod:`.app` holds the group and what every command shares, :mod:`.options`
the option types; each family of commands has its module (:mod:`.exact`,
:mod:`.studies`, :mod:`.play`), imported here so that they register.
"""

from __future__ import annotations

from . import exact, play, studies  # noqa: F401  (each registers its commands on the group)
from .app import MODES, cli, main

__all__ = ["MODES", "cli", "main"]
