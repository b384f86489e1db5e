"""The browser version's server reads its command line with the ``app`` command's part
of it alone (`canasta_scorer.cli_app.serve`): the same options as the full command
line, read the same way, and anything else left to the full command line."""

from __future__ import annotations

from typing import Any

import pytest

from canasta_scorer import cli, cli_app, i18n

#: Command lines that ask for the app alone, as `serve` reads them.
APP_LINES = [
    [],
    ["app", "--web", "--port", "9000"],
    ["--db", "sqlite:///before.db", "app", "--web", "--host", "0.0.0.0"],
    ["--lang", "de", "app", "--web", "--db", "sqlite:///after.db", "--allow-host", "a.example"],
    ["app", "--web", "--lang=pt-BR", "--access-code-file", "code.txt", "--allow-host", "b"],
    ["app", "--web", "--access-code", "123456", "--allow-host", "b", "--allow-host", "c"],
]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What `run_app` is asked for (the app is not run), in the language in force."""
    asked: list[dict[str, Any]] = []

    def run_app(**options: Any) -> int:
        asked.append({**options, "language": i18n.current().code})
        return 0

    monkeypatch.setattr("canasta_scorer.ui.run.run_app", run_app)
    # the test's own process is never started again with the C allocator
    monkeypatch.setattr("canasta_scorer.ui.process.use_c_allocator", lambda: None)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C")
    return asked


@pytest.mark.parametrize("line", APP_LINES, ids=lambda line: " ".join(line) or "nothing")
def test_the_server_reads_the_app_s_options_as_the_full_command_line_does(
    line: list[str], started: list[dict[str, Any]]
) -> None:
    assert cli_app.serve(line) == 0
    assert cli.main(line) == 0
    alone, full = started
    assert alone == full


def test_the_options_read_are_the_ones_given(started: list[dict[str, Any]]) -> None:
    line = ["--lang", "de", "--db", "sqlite:///x.db", "app", "--web", "--port", "9000"]
    assert cli_app.serve([*line, "--allow-host", "a.example"]) == 0
    assert started == [
        {
            "web": True,
            "host": None,
            "port": 9000,
            "db": "sqlite:///x.db",
            "access_code": None,
            "access_code_file": None,
            "extra_hosts": ("a.example",),
            "language": "de",
        }
    ]


@pytest.mark.parametrize(
    "line",
    [
        ["--web"],  # an option of the command, without the command: a mistake
        ["--web", "--he"],  # argparse's shortening of --help
        ["--web", "--vers"],
        ["app", "--web", "-x"],
        ["app", "--web", "--port", "0"],  # not a port: the full command line says so
        ["--web", "bogus"],
        ["--web", "--lang", "xx"],
        ["app", "--web", "--unknown"],
        ["--web", "score", "hand.json"],
    ],
    ids=" ".join,
)
def test_anything_else_is_left_to_the_full_command_line_with_nothing_printed(
    line: list[str], started: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_app.serve(line) is None
    assert started == []
    assert capsys.readouterr() == ("", "")


def test_a_port_that_is_no_port_is_still_worded_by_the_full_command_line(
    started: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["app", "--web", "--port", "0"]) == 2
    assert (
        "canasta-scorer app: argument --port: “0” is not a port: it must be a whole number "
        "from 1 to 65535" in capsys.readouterr().err
    )
    assert started == []


@pytest.mark.parametrize(
    ("lang", "port", "said"),
    [
        ("en", "99999", "“99999” is not a port: it must be a whole number from 1 to 65535"),
        ("en", "80a", "“80a” is not a port: it must be a whole number from 1 to 65535"),
        ("en", "08550x", "“08550x” is not a port"),
        ("en", " 8550", "“ 8550” is not a port"),
        ("en", "8_550", "“8_550” is not a port"),
        ("en", "+8550", "“+8550” is not a port"),
        ("en", "\u0668\u0665\u0665\u0660", "“\u0668\u0665\u0665\u0660” is not a port"),
        ("de", "0", "„0“ ist kein Port: ein Port ist eine ganze Zahl von 1 bis 65535"),
        ("es", "0", "«0» no es un puerto: debe ser un número entero de 1 a 65535"),
        ("it", "0", "«0» non è una porta: deve essere un numero intero da 1 a 65535"),
        ("pt_BR", "0", "“0” não é uma porta: deve ser um número inteiro de 1 a 65535"),
    ],
)
def test_a_port_that_is_no_port_is_quoted_as_given_with_what_it_must_be(
    lang: str,
    port: str,
    said: str,
    started: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["--lang", lang, "app", "--web", "--port", port]) == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert "got" not in err and "below" not in err
    assert started == []
