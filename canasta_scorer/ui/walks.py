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
_MISSING = object()

#: By class: its fields walked, in Flet's order, as (name, Prop default or _MISSING
#: for a field read with getattr, whether the Prop's default must be walked too).
_PLANS: dict[type[Any], tuple[tuple[str, Any, bool], ...]] = {}


def _walked(value: Any) -> bool:
    """True when Flet's walks look into ``value`` (a dataclass, a list or a dict)."""
    return isinstance(value, list | dict) or dataclasses.is_dataclass(value)


def _plan(cls: type[Any]) -> tuple[tuple[str, Any, bool], ...]:
    from flet.controls.value_types import Prop

    plan = []
    for field in dataclasses.fields(cls):
        if field.metadata.get("skip", False):
            continue
        descriptor = next(
            (vars(klass)[field.name] for klass in cls.__mro__ if field.name in vars(klass)),
            None,
        )
        if isinstance(descriptor, Prop):
            default = descriptor.default
            plan.append((field.name, default, _walked(default)))
        else:
            plan.append((field.name, _MISSING, True))
    made = _PLANS[cls] = tuple(plan)
    return made


def _values(item: Any) -> Iterator[Any]:
    """The values of ``item``'s fields that Flet's walks would look into, in order."""
    if isinstance(item, type):  # a dataclass itself, not one of its objects
        for field in dataclasses.fields(item):
            if not field.metadata.get("skip", False):
                yield getattr(item, field.name)
        return
    cls = type(item)
    plan = _PLANS.get(cls) or _plan(cls)
    values = getattr(item, "_values", None)
    for name, default, always in plan:
        if default is _MISSING or values is None:
            value = getattr(item, name)
        else:
            value = values.get(name, _MISSING)
            if value is _MISSING:
                if not always:
                    continue
                value = default
        if value is None or isinstance(value, _PLAIN):
            continue
        yield value


def _configure(
    builder: Any,
    item: Any,
    parent: Any,
    frozen: bool,
    setattr_only: bool,
    out: list[Any],
) -> None:
    """Flet's ``_configure_dataclass`` (see its docstring), appending to ``out``."""
    from flet.controls.object_patch import ObjectPatchException, _control_setattr

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
    if not dataclasses.is_dataclass(item):
        return
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)  # type: ignore[union-attr]
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen  # type: ignore[union-attr]
    item_cls = item.__class__
    control_cls = builder.control_cls
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = control_cls  # type: ignore[union-attr]
    is_control = bool(control_cls) and isinstance(item, control_cls)
    if is_control:
        if not setattr_only:
            item.build()  # type: ignore[union-attr]
            item._before_update_safe()  # type: ignore[union-attr]
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
            if own_cls.__setattr__ is not _control_setattr:
                own_cls.__setattr__ = _control_setattr  # type: ignore[method-assign]
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
    from flet.controls.object_patch import DiffBuilder

    if installed():
        return

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
