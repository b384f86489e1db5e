"""The server's log: a tab going away mid-send is one info line, real faults keep
their traceback."""

from __future__ import annotations

import logging

import pytest
from starlette.websockets import WebSocketDisconnected

from canasta_scorer.ui.serving import quiet_closed_connections

FLET = "flet_web.fastapi"


def _receive_loop_error(error: BaseException) -> None:
    """Log as Flet's receive loop does (flet_web/fastapi/flet_app.py)."""
    try:
        raise error
    except BaseException as e:
        logging.getLogger(FLET).warning(f"Receive loop error: {e}", exc_info=True)


@pytest.fixture(autouse=True)
def _filtered() -> None:
    quiet_closed_connections()
    quiet_closed_connections()  # once is enough; twice adds nothing
    filters = logging.getLogger(FLET).filters
    assert len([f for f in filters if type(f).__name__ == "_ClosedWhileReceiving"]) == 1


def test_a_connection_closed_while_sending_is_not_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    _receive_loop_error(
        WebSocketDisconnected('WebSocket is not connected. Need to call "accept" first.')
    )
    assert caplog.records == []
    assert "Traceback" not in caplog.text


def test_at_info_level_it_is_one_line_without_traceback(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=FLET)
    _receive_loop_error(WebSocketDisconnected("not connected"))
    [record] = [r for r in caplog.records if r.name == FLET]
    assert record.levelno == logging.INFO
    assert record.getMessage() == "a tab's connection closed while it was being sent to"
    assert record.exc_info is None
    assert "Traceback" not in caplog.text


def test_any_other_receive_error_keeps_its_warning_and_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    _receive_loop_error(ValueError("bad frame"))
    [record] = caplog.records
    assert record.levelno == logging.WARNING
    assert record.getMessage() == "Receive loop error: bad frame"
    assert "Traceback" in caplog.text and "ValueError: bad frame" in caplog.text
