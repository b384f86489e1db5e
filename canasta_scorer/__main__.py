"""``python -m canasta_scorer``: the command line."""

from canasta_scorer.cli import main

raise SystemExit(main())
