"""Flet's two walks over the controls of a patch, made cheaper (same results).

Before a patch is sent, Flet walks every control it adds (``DiffBuilder.
_configure_dataclass``: parent, frozen flag, ``build()``, ``before_update()``) and,
for a screen taken down, every control it removes (``DiffBuilder._removed_controls``:
each is unmounted and leaves the session's index). Both are generators that call
themselves once for every field of every control (about 60 a control), though a
control keeps only the values that differ from their defaults (Flet's ``Prop``
fields, in ``_values``) and only dataclasses, lists and dicts hold anything to walk.

`install` puts in their place walks that visit, in Flet's order, only the fields
that can hold something: the fields that are not ``Prop`` ones, and the ``Prop``
fields set on that control (or whose default is a dataclass, list or dict), with
each class's fields looked at once. Everything Flet does to a control is done the
same way, in the same order; a test compares both walks on the app's screens
(tests/ui/test_edge.py). Opening the 200-hand scoreboard costs about half as
much CPU time (README, Speed: Load).
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from enum import Enum
from typing import Any

__all__ = ["install", "installed"]

#: Values in which Flet's walks find nothing (neither a dataclass, nor a list or dict).
_PLAIN = (str, int, float, bytes, Enum, tuple)
#: What the walks use of Flet's own module (read once, by `install`).
_FLET: dict[str, Any] = {}


@dataclasses.dataclass(frozen=True)
class _Plan:
    """What the walks read of one class's objects: the fields read with getattr (not
    ``Prop`` ones, or the class keeps no ``_values``), the ``Prop`` fields by name
    (read from ``_values``), and the ``Prop`` fields whose default is walked too;
    each with its place in Flet's order of the fields."""

    read: tuple[tuple[int, str], ...]
    props: dict[str, int]
    defaults: tuple[tuple[int, str, Any], ...]


_PLANS: dict[type[Any], _Plan] = {}
#: By class: whether its objects are dataclasses (Flet's walks look into them).
_DATACLASS: dict[type[Any], bool] = {}


def _is_dataclass(item: Any) -> bool:
    cls = type(item)
    known = _DATACLASS.get(cls)
    if known is None:
        known = _DATACLASS[cls] = dataclasses.is_dataclass(cls)
    return known or (isinstance(item, type) and dataclasses.is_dataclass(item))


def _walked(value: Any) -> bool:
    """True when Flet's walks look into ``value`` (a dataclass, a list or a dict)."""
    return isinstance(value, list | dict) or dataclasses.is_dataclass(value)


def _plan(cls: type[Any], sparse: bool) -> _Plan:
    from flet.controls.value_types import Prop

    read: list[tuple[int, str]] = []
    props: dict[str, int] = {}
    defaults: list[tuple[int, str, Any]] = []
    for index, field in enumerate(dataclasses.fields(cls)):
        if field.metadata.get("skip", False):
            continue
        descriptor = next(
            (vars(klass)[field.name] for klass in cls.__mro__ if field.name in vars(klass)),
            None,
        )
        if sparse and isinstance(descriptor, Prop):
            props[field.name] = index
            if _walked(descriptor.default):
                defaults.append((index, field.name, descriptor.default))
        else:
            read.append((index, field.name))
    plan = _PLANS[cls] = _Plan(tuple(read), props, tuple(defaults))
    return plan


def _first(found: tuple[int, Any]) -> int:
    return found[0]


def _values(item: Any) -> list[Any]:
    """The values of ``item``'s fields that Flet's walks would look into (neither
    None nor a plain value), in Flet's order of the fields."""
    if isinstance(item, type):  # a dataclass itself, not one of its objects
        return [
            getattr(item, field.name)
            for field in dataclasses.fields(item)
            if not field.metadata.get("skip", False)
        ]
    values: dict[str, Any] | None = getattr(item, "_values", None)
    plan = _PLANS.get(type(item)) or _plan(type(item), isinstance(values, dict))
    found: list[tuple[int, Any]] = []
    for index, name in plan.read:
        value = getattr(item, name)
        if value is not None and not isinstance(value, _PLAIN):
            found.append((index, value))
    if plan.props and values is not None:
        props = plan.props
        for name, value in values.items():
            if value is not None and not isinstance(value, _PLAIN):
                place = props.get(name)
                if place is not None:
                    found.append((place, value))
        for index, name, default in plan.defaults:
            if name not in values:
                found.append((index, default))
    if len(found) > 1:
        found.sort(key=_first)
    return [value for _, value in found]


def _configure(
    builder: Any,
    item: Any,
    parent: Any,
    frozen: bool,
    setattr_only: bool,
    out: list[Any],
) -> None:
    """Flet's ``_configure_dataclass`` (see its docstring), appending to ``out``."""
    if isinstance(item, list):
        for value in item:
            if value is not None and not isinstance(value, _PLAIN):
                _configure(builder, value, parent, frozen, False, out)
        return
    if isinstance(item, dict):
        for value in item.values():
            if value is not None and not isinstance(value, _PLAIN):
                _configure(builder, value, parent, frozen, False, out)
        return
    if not _is_dataclass(item):
        return
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise _FLET["ObjectPatchException"]("a control is its own parent", item)
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    control_cls = builder.control_cls
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = control_cls
    is_control = bool(control_cls) and isinstance(item, control_cls)
    if is_control:
        if not setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        out.append(item)
    if not setattr_only:
        child_parent = item if is_control else parent
        for value in _values(item):
            _configure(builder, value, child_parent, frozen, False, out)
    if not frozen:
        dirty = getattr(item, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            own_cls = type(item)
            control_setattr = _FLET["_control_setattr"]
            if own_cls.__setattr__ is not control_setattr:
                own_cls.__setattr__ = control_setattr
            object.__setattr__(item, "__changes", {})


def _removed(builder: Any, item: Any, recurse: bool, out: list[Any]) -> None:
    """Flet's ``_removed_controls`` (see its docstring), appending to ``out``."""
    control_cls = builder.control_cls
    if control_cls and isinstance(item, control_cls):
        if hasattr(item, "__prev_lists"):
            for name in ("__prev_lists", "__prev_dicts", "__prev_classes"):
                for value in getattr(item, name, {}).values():
                    _removed(builder, value, recurse, out)
        elif recurse:
            for value in _values(item):
                _removed(builder, value, recurse, out)
        out.append(item)
    elif isinstance(item, dict):
        for value in item.values():
            _removed(builder, value, recurse, out)
    elif isinstance(item, list):
        for value in item:
            _removed(builder, value, recurse, out)


def install() -> None:
    """Put the cheaper walks in place of Flet's (once per process; Flet's own are
    kept as ``flet_walk`` on each)."""
    from flet.controls import object_patch
    from flet.controls.object_patch import DiffBuilder

    if installed():
        return
    _FLET["ObjectPatchException"] = object_patch.ObjectPatchException
    _FLET["_control_setattr"] = object_patch._control_setattr

    def configure(
        self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
    ) -> Iterator[Any]:
        out: list[Any] = []
        _configure(self, item, parent, frozen, configure_setattr_only, out)
        return iter(out)

    def removed(self: Any, item: Any, recurse: bool) -> Iterator[Any]:
        out: list[Any] = []
        _removed(self, item, recurse, out)
        return iter(out)

    configure.flet_walk = DiffBuilder._configure_dataclass  # type: ignore[attr-defined]
    removed.flet_walk = DiffBuilder._removed_controls  # type: ignore[attr-defined]
    DiffBuilder._configure_dataclass = configure  # type: ignore[method-assign]
    DiffBuilder._removed_controls = removed  # type: ignore[method-assign]


def installed() -> bool:
    """True once `install` has put the cheaper walks in place."""
    from flet.controls.object_patch import DiffBuilder

    return hasattr(DiffBuilder._removed_controls, "flet_walk")
