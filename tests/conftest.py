"""Settings every test starts from.

The command line and the app follow the locale variables (LC_ALL, LC_MESSAGES, LANG,
LANGUAGE); a test that does not name a language expects English, so the machine's own
locale must not leak into the tests or the programs they start. Tests of other
languages set these themselves.

Hypothesis runs without its per-example deadline (200 ms by default): a wall-clock
limit fails a property test on a loaded machine for no fault of the code (speed is
measured by the benchmarks in tests/benchmarks). A failing example's reproduction blob
is printed, so a failure in CI can be replayed (``@reproduce_failure``).
"""

import os

from hypothesis import settings

settings.register_profile("canasta", deadline=None, print_blob=True)
settings.load_profile("canasta")

for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
