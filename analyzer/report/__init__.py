"""Reports: what the commands print and what ``results/`` holds.

No arithmetic beyond turning exact numbers into text. Reads every lower
layer; only :mod:`analyzer.cli` reads it.
"""
