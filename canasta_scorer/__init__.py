"""canasta_scorer: score and check real Canasta hands and matches.

The rules engine is `canasta_scorer.rules` (pure: no I/O); the command line is
`canasta_scorer.cli`.
"""

__version__ = "0.1.0"
