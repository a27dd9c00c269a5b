"""How a round ends: the final state every wager of the shipped rule sets is settled on.

A two-card 8 or 9 is a natural and ends the round for both hands (001: "If
either the player hand or the banker hand has a total of an 8 or a 9 they
both stand. This rule overrides all other rules."; 000 steps 3a, 5a; 003;
004).
"""

from __future__ import annotations

from typing import NamedTuple

NATURALS = (8, 9)
"""Two-card totals that are naturals."""


class FinalState(NamedTuple):
    """How a round ends: what every wager the documents define is settled on."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_pair: bool
    banker_pair: bool

    def describe(self) -> str:
        """A short human description, e.g. for error messages."""
        pairs = [side for side, flag in (("Player", self.player_pair), ("Banker", self.banker_pair)) if flag]
        return (
            f"Player {self.player_total} ({self.player_cards} cards) v "
            f"Banker {self.banker_total} ({self.banker_cards} cards)"
            + (f", {' and '.join(pairs)} pair" if pairs else "")
        )
