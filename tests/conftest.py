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
from collections.abc import Iterator

import pytest
from hypothesis import settings

from canasta_scorer import i18n

settings.register_profile("canasta", deadline=None, print_blob=True)
settings.load_profile("canasta")

for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _no_tab_language_left() -> Iterator[None]:
    """A test that builds the app sets how the language of a tab is found
    (`canasta_scorer.i18n.set_resolver`); the next test starts without it, so a
    language it sets with `i18n.use` is the one in force whatever ran before."""
    yield
    i18n.set_resolver(None)
