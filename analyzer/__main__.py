"""``python -m analyzer`` runs the ``baccarat`` command."""

from .cli import main

main()
