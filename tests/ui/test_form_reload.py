"""A reload of the page keeps what the forms hold and draws it again: the tab's
session (and its state) is kept, and the screen built again on the reconnect sends
each text field the text the form holds, so Start match starts what is shown."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgpack

from canasta_scorer.store import Store

from .harness import _ENCODE, AppHarness

NAMES = {
    "Side 1 name": "Us",
    "Us player 1": "Alice",
    "Us player 2": "Bob",
    "East-West player 1": "Carol",
    "East-West player 2": "Dan",
}


OpenApp = Callable[..., AppHarness]


def _sent(app: AppHarness) -> list[Any]:
    """Record what the app sends the client from now on, as the client reads it."""
    sent: list[Any] = []
    send = app.connection.send_message

    def record(message: object) -> None:
        sent.append(msgpack.unpackb(msgpack.packb(message, default=_ENCODE), strict_map_key=False))
        send(message)

    app.connection.send_message = record  # type: ignore[method-assign]
    return sent


def _controls(data: Any) -> Iterator[dict[str, Any]]:
    """Every control (a map with a type, ``_c``) in what was sent."""
    if isinstance(data, dict):
        if "_c" in data:
            yield data
        for value in data.values():
            yield from _controls(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _controls(value)


def _label(field: dict[str, Any]) -> Any:
    """A text field's label as sent: its words, also when it is sent as a text (one
    holding text is read with it, `field_label`)."""
    label = field.get("label")
    return label.get("value") if isinstance(label, dict) else label


def test_a_reload_of_the_new_match_form_sends_the_names_it_holds(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    for label, name in NAMES.items():
        app.type(label, name)
    before = {label: app.field(label) for label in NAMES}
    sent = _sent(app)
    app.disconnect()  # the page reloads: its connection ends, Flet keeps the session
    app.reconnect()  # ... and the reloaded page connects to it again
    for label, name in NAMES.items():
        field = app.field(label)
        assert field is not before[label]  # a field of the screen built again
        assert field.value == name
        # the client is sent the field with that text (a page loaded afresh has none)
        drawn = [c for c in _controls(sent) if c["_c"] == "TextField" and _label(c) == label]
        assert [c.get("value") for c in drawn] == [name]
    app.click("Start match")
    (match,) = store.matches()
    assert match.sides == ("Us", "East-West")
    assert match.players == (("Alice", "Bob"), ("Carol", "Dan"))
