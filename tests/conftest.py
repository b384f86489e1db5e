"""Settings every test starts from.

The command line and the app follow the locale variables (LC_ALL, LC_MESSAGES, LANG,
LANGUAGE); a test that does not name a language expects English, so the machine's own
locale must not leak into the tests or the programs they start. Tests of other
languages set these themselves.
"""

import os

for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
