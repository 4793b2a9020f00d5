"""Canonical key order, from the content models: a record's id, what it is, then what we say of it and where it comes from."""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from ..models import ContentFile, Record


@dataclass
class Shape:
    """The key order of one model and the shapes of its fields' values."""

    order: dict[str, int] = field(default_factory=dict)
    fields: dict[str, "Shape | None"] = field(default_factory=dict)


_SHAPES: dict[type, Shape] = {}


def _shape_of(tp: Any) -> Shape | None:
    origin = get_origin(tp)
    if origin is Annotated:
        return _shape_of(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        for arg in get_args(tp):
            s = _shape_of(arg)
            if s is not None:
                return s
        return None
    if origin in (list, tuple, set, frozenset):
        args = get_args(tp)
        return _shape_of(args[0]) if args else None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model_shape(tp)
    return None


def _model_shape(model: type) -> Shape:
    hit = _SHAPES.get(model)
    if hit is not None:
        return hit
    shape = Shape()
    _SHAPES[model] = shape  # before recursing: models may refer to themselves
    for i, (name, info) in enumerate(_canonical_fields(model)):
        key = info.alias or name
        shape.order[key] = i
        shape.fields[key] = _shape_of(info.annotation)
    return shape


# A record reads best as: its id, what it is, then what we say of it and where it comes from.
_TRAILING = ("summary", "completeness", "source")


def _canonical_fields(model: type) -> list:
    items = list(model.model_fields.items())
    if not (isinstance(model, type) and issubclass(model, Record)):
        return items
    head = [(n, f) for n, f in items if n not in _TRAILING]
    tail = sorted(((n, f) for n, f in items if n in _TRAILING), key=lambda nf: _TRAILING.index(nf[0]))
    return head + tail


def content_shape() -> Shape:
    return _model_shape(ContentFile)
