"""The ``baccarat`` command line. Click parses and prints; the layers below compute.

:mod:`.app` holds the group and what every command shares, :mod:`.options`
the option types; each family of commands has its module (:mod:`.exact`,
:mod:`.studies`, :mod:`.counting`, :mod:`.play`), imported only when one of its commands runs
(:data:`.app.COMMANDS` names the module of each command: register a new one there).
"""

from __future__ import annotations

from .app import COMMANDS, MODES, all_commands, cli, main

__all__ = ["COMMANDS", "MODES", "all_commands", "cli", "main"]
