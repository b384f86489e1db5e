"""Every command of the README's ```bash and ```text blocks works as the README says.

The install command is checked against the test environment, which ``tests/run`` makes
exactly so (``python3 -m venv .venv`` and ``.venv/bin/pip install -e .``): this Python
makes a virtual environment, the package is installed in ``.venv`` from this clone, and
``.venv/bin/canasta-scorer`` then starts the app (here without a display, so it says so and
serves the browser version, which answers). ``tests/run`` itself is run on one small test
file. Every ``$ canasta-scorer …`` line of a ```text block is run as a user would after
activating ``.venv``, and must print what the README shows (up to its ``...``), with an
exit status that agrees with its answer.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent
BLOCK = re.compile(r"^```(bash|text)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[str]:
    return [body for found_kind, body in BLOCK.findall(README) if found_kind == kind]


def _bash_commands() -> list[str]:
    return [line.strip() for body in _blocks("bash") for line in body.splitlines() if line.strip()]


def _text_examples() -> list[tuple[str, list[str]]]:
    """(command, the output lines the README shows) of each ``$ `` line."""
    examples: list[tuple[str, list[str]]] = []
    for body in _blocks("text"):
        for line in body.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            elif examples:
                examples[-1][1].append(line)
    return examples


def _user_env(tmp: Path) -> dict[str, str]:
    """A user's shell after ``. .venv/bin/activate``, with a store of its own."""
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(BIN.parent)
    env["CANASTA_SCORER_DB"] = f"sqlite:///{tmp / 'canasta.db'}"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def test_the_readme_has_the_commands_this_test_knows() -> None:
    assert _bash_commands() == [
        "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/canasta-scorer",
        "tests/run",
    ]
    assert len(_text_examples()) >= 3


def test_the_install_command_makes_a_venv_with_the_package_from_this_clone(
    tmp_path: Path,
) -> None:
    # python3 -m venv .venv: this Python makes one (without pip, to stay quick).
    made = subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(tmp_path / ".venv")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    assert (tmp_path / ".venv" / "bin" / "python").exists()
    # .venv/bin/pip install -e .: the test environment is that install.
    shown = subprocess.run(
        [str(BIN / "python"), "-m", "pip", "show", "canasta-scorer"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert f"Editable project location: {ROOT}" in shown.stdout
    assert (BIN / "canasta-scorer").exists()


def test_canasta_scorer_with_no_display_serves_the_browser_version(tmp_path: Path) -> None:
    # another program may take the free port before the app binds it: the app then
    # says so and stops, and is started again on another one
    for _attempt in range(3):
        printed = _serve_with_no_display(tmp_path)
        if "choose another with --port" not in printed:
            break
    else:
        raise AssertionError(f"a free port was taken 3 times:\n{printed}")
    assert "No display here (neither DISPLAY nor WAYLAND_DISPLAY is set)" in printed


def _serve_with_no_display(tmp_path: Path) -> str:
    """Run the README's command with no display on a free port; what it printed, after
    checking it served the page (unless the port was taken)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "flet.toml"
    config.write_text(f'[web]\nhost = "127.0.0.1"\nport = {port}\n', encoding="utf-8")
    env = _user_env(tmp_path) | {"CANASTA_SCORER_CONFIG": str(config)}
    log = tmp_path / "app.log"
    with log.open("wb") as out:
        # The README's command, as typed: .venv/bin/canasta-scorer
        process = subprocess.Popen(
            [str(BIN / "canasta-scorer")], stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT
        )
    try:
        address = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        # it has bound the port once it prints its address: only then is what answers there
        # the app and not another program
        while f"open {address} in a browser" not in log.read_text(encoding="utf-8"):
            if process.poll() is not None:
                printed = log.read_text(encoding="utf-8")
                assert "choose another with --port" in printed, printed
                return printed
            assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
            time.sleep(0.05)
        while True:
            assert process.poll() is None, log.read_text(encoding="utf-8")
            try:
                with urllib.request.urlopen(address, timeout=2) as answer:
                    page = answer.read().decode("utf-8")
                    break
            except OSError:
                assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.2)
        assert "<title>Canasta scorer</title>" in page
        return log.read_text(encoding="utf-8")
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def test_tests_run_runs_the_tests(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(ROOT / "tests" / "run"), "-q", "-p", "no:cacheprovider", "tests/test_docs.py"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\d+ passed", done.stdout), done.stdout[-2000:]


@pytest.mark.parametrize(
    ("command", "shown"), _text_examples(), ids=[command for command, _ in _text_examples()]
)
def test_each_example_prints_what_the_readme_shows(
    command: str, shown: list[str], tmp_path: Path
) -> None:
    assert command.startswith("canasta-scorer ")
    done = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=_user_env(tmp_path),
        check=False,
    )
    expected = shown[: shown.index("...")] if "..." in shown else shown
    printed = [line.rstrip() for line in done.stdout.splitlines()]
    assert printed[: len(expected)] == [line.rstrip() for line in expected], shlex.quote(command)
    says_no = any(line.startswith(("No:", "NOT VALID")) for line in printed)
    assert done.returncode == (1 if says_no else 0), done.stderr
