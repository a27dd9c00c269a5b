"""The game as data: cards, the shoe, pays, the rule-set model and its TOML files.

The lowest layer. It knows the documents' rules (what a card is worth, how a
shoe is made, when a hand draws, how a pay table settles a final state) but
counts nothing: the exact layer counts, the play layer deals. Rule sets are
frozen, validated objects read strictly from TOML (:mod:`.rulefile`, with the
reader of :mod:`.strict`); the shipped files are in ``rulesets/``.
"""
