"""The shipped rule sets (``NAME.toml``), the standard wagers (``wagers.toml``) and the side-bet catalogue
(``side-bets/``).

:data:`FOLDER` is where they are installed: package data beside this file (a plain path, which
``importlib.resources`` would give for an installed package too, without its import time).
"""

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
"""The folder of the shipped rule files."""
