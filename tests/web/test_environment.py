"""The environment variables the README names for a server are checked before it
serves: a value that cannot be used stops it in plain words (exit status 2), rather
than the default being used without a word."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_scorer.cli import main as cli_main

from .server import free_port

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        (
            "CANASTA_SCORER_UNLOCK_SECONDS",
            "three minutes",
            "CANASTA_SCORER_UNLOCK_SECONDS is “three minutes”; it must be a number of "
            "seconds from 1 to 86400, such as 180 (or unset)",
        ),
        (
            "CANASTA_SCORER_UNLOCK_SECONDS",
            "0",
            "CANASTA_SCORER_UNLOCK_SECONDS is “0”; it must be a number of seconds from 1 "
            "to 86400, such as 180 (or unset)",
        ),
        (
            "CANASTA_SCORER_UNLOCK_SECONDS",
            "nan",
            "CANASTA_SCORER_UNLOCK_SECONDS is “nan”; it must be a number of seconds from 1 "
            "to 86400, such as 180 (or unset)",
        ),
        (
            "CANASTA_SCORER_LOG",
            "loud",
            "CANASTA_SCORER_LOG is “loud”; it must be one of DEBUG, INFO, WARNING, ERROR, "
            "CRITICAL (or unset)",
        ),
        (  # the store is opened after the server listens: it stops before a tab is served
            "CANASTA_SCORER_BUSY_SECONDS",
            "soon",
            "CANASTA_SCORER_BUSY_SECONDS is “soon”; it must be a number of seconds from 0 "
            "to 3600, such as 10 (or unset). Nothing was changed.",
        ),
    ],
)
def test_a_server_setting_that_cannot_be_used_stops_the_server_before_it_serves(
    tmp_path: Path, name: str, value: str, said: str
) -> None:
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web"]
    done = subprocess.run(
        [*command, "--port", str(free_port()), "--db", f"sqlite:///{tmp_path / 'c.db'}"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "LANG": "C", "LC_ALL": "", "LC_MESSAGES": "", name: value},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"canasta-scorer: {said}\n"
    assert "open http" not in done.stdout
    assert not (tmp_path / "c.db").exists()  # nothing was made


def test_both_server_settings_wrong_are_said_together() -> None:
    from canasta_scorer.ui.serving import environment_problems

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CANASTA_SCORER_UNLOCK_SECONDS", "-5")
        patch.setenv("CANASTA_SCORER_LOG", "chatty")
        assert [problem.split(";")[0] for problem in environment_problems()] == [
            "CANASTA_SCORER_UNLOCK_SECONDS is “-5”",
            "CANASTA_SCORER_LOG is “chatty”",
        ]
        patch.setenv("CANASTA_SCORER_UNLOCK_SECONDS", " 2.5 ")
        patch.setenv("CANASTA_SCORER_LOG", "info")
        assert environment_problems() == []


@pytest.mark.parametrize("value", ["soon", "-1", "3601", "inf", "nan"])
def test_a_busy_wait_that_cannot_be_used_is_refused_before_the_database_is_opened(
    tmp_path: Path,
    value: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("CANASTA_SCORER_BUSY_SECONDS", value)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert cli_main(["matches", "--db", f"sqlite:///{tmp_path / 'c.db'}"]) == 2
    assert capsys.readouterr().err == (
        f"canasta-scorer: CANASTA_SCORER_BUSY_SECONDS is “{value}”; it must be a number "
        "of seconds from 0 to 3600, such as 10 (or unset). Nothing was changed.\n"
    )
    assert not (tmp_path / "c.db").exists()


@pytest.mark.parametrize("value", ["0", "2.5", " 60 ", "3600", ""])
def test_a_busy_wait_that_can_be_used_opens_the_database(
    tmp_path: Path, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CANASTA_SCORER_BUSY_SECONDS", value)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert cli_main(["import", str(SAMPLES / "evening-match.json"), "--db", url]) == 0
    assert cli_main(["matches", "--db", url]) == 0
