"""Building result models from values the engine has already checked.

The engine's results (a meld's cards, a side's score, a hand's score) are made of values
it computed itself or read through a validated record, so validating them again only
costs time: about a microsecond per model, several per hand. `construct` builds such a
model as pydantic's `model_construct` does, without its per-field work.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["construct"]

_Model = TypeVar("_Model", bound=BaseModel)
_new = object.__new__
_set = object.__setattr__
_FIELDS: dict[type[BaseModel], frozenset[str]] = {}


def construct(
    model: type[_Model], values: dict[str, Any], fields: frozenset[str] | None = None
) -> _Model:
    """A ``model`` holding ``values``, not validated (as `BaseModel.model_construct`).

    Args:
        model: a pydantic model class with no private attributes and no extra fields.
        values: a value for every field (no default is filled in), already of the
            field's type; more keys are kept as attributes (a meld's counts).
        fields: the fields ``values`` sets, when the caller knows them; by default the
            model's fields among its keys.

    Returns:
        The model; ``values`` becomes its ``__dict__``.
    """
    if fields is None:
        known = _FIELDS.get(model)
        if known is None:
            known = _FIELDS[model] = frozenset(model.__pydantic_fields__)
        fields = known.intersection(values)
    made = _new(model)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", set(fields))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made
