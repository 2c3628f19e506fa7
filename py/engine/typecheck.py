"""Whether a JSON-like value is what a type hint declares, at run time: the conformance suite
holds every view a game builds against the ``View`` its ``schema.py`` declares, and a guest's
device every view the host sends (net.guest).

It knows what views are made of: TypedDicts (every required key, no undeclared one; generic ones
such as ``ViewHeader[Round]`` with their parameters), lists, dicts, tuples, unions, literals,
None and the plain JSON types (an int is not a bool; a float may be an int).
"""
import functools
import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, hint: Any, where: str = "view") -> list[str]:
    """Every place where ``value`` is not a ``hint``, as "where: what"; empty when it is."""
    if _ok(value, hint, {}):  # the same checks, without writing where each value sits: 4× faster
        return []
    return _check(value, hint, where, {}) or [f"{where}: not a {hint}"]


@functools.cache
def _parts(hint: Any) -> tuple:
    """(kind, origin, args) of a hint, worked out once."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return "union", origin, args
    if origin is Literal:
        return "literal", origin, args
    if is_typeddict(origin or hint):
        return "typeddict", origin, args
    if origin in (list, tuple, dict):
        return origin.__name__, origin, args
    return "plain", origin, args


def _ok(value: Any, hint: Any, bound: dict) -> bool:
    """Whether ``value`` is a ``hint``: what _check says, as a yes or no."""
    if isinstance(hint, TypeVar):
        hint = bound.get(hint, Any)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    kind, origin, args = _parts(hint)
    if kind == "union":
        return any(_ok(value, option, bound) for option in args)
    if kind == "literal":
        return value in args
    if kind == "typeddict":
        cls = origin or hint
        if cls is not hint:
            bound = {**bound, **dict(zip(cls.__parameters__, (_resolve(a, bound) for a in args)))}
        if _base_parameters(cls):
            bound = {**bound, **_base_parameters(cls)}
        if not isinstance(value, dict):
            return False
        fields = _fields(cls)
        if not (cls.__required_keys__ <= value.keys() <= fields.keys()):
            return False
        return all(_ok(item, fields[key], bound) for key, item in value.items())
    if kind in ("list", "tuple", "dict"):
        if not isinstance(value, origin):
            return False
        if kind == "list" or (kind == "tuple" and len(args) == 2 and args[1] is Ellipsis):
            return all(_ok(item, args[0], bound) for item in value)
        if kind == "dict":
            return all(_ok(key, args[0], bound) and _ok(item, args[1], bound) for key, item in value.items())
        return len(args) == len(value) and all(_ok(item, arg, bound) for item, arg in zip(value, args))
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    raise TypeError(f"cannot check against {hint!r}")


def _check(value: Any, hint: Any, where: str, bound: dict) -> list[str]:
    if isinstance(hint, TypeVar):
        hint = bound.get(hint, Any)
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        if any(not _check(value, option, where, bound) for option in get_args(hint)):
            return []
        return [f"{where}: {value!r} is none of {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if is_typeddict(origin or hint):
        return _typeddict(value, hint, where, bound)
    if origin in (list, tuple, dict):
        if not isinstance(value, origin):
            return [f"{where}: {type(value).__name__} is not a {origin.__name__}"]
        args = get_args(hint)
        if origin is list:
            return [p for i, item in enumerate(value) for p in _check(item, args[0], f"{where}[{i}]", bound)]
        if origin is dict:
            return [p for key, item in value.items()
                    for p in _check(key, args[0], f"{where} key", bound)
                    + _check(item, args[1], f"{where}[{key!r}]", bound)]
        if len(args) == 2 and args[1] is Ellipsis:
            return [p for i, item in enumerate(value) for p in _check(item, args[0], f"{where}[{i}]", bound)]
        if len(args) != len(value):
            return [f"{where}: {len(value)} items, not {len(args)}"]
        return [p for i, (item, arg) in enumerate(zip(value, args)) for p in _check(item, arg, f"{where}[{i}]", bound)]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(hint, type):
        ok = isinstance(value, hint)
    else:
        raise TypeError(f"{where}: cannot check against {hint!r}")
    return [] if ok else [f"{where}: {value!r} is not a {hint.__name__}"]


def _typeddict(value: Any, hint: Any, where: str, bound: dict) -> list[str]:
    cls = get_origin(hint) or hint
    bound = dict(bound)
    if cls is not hint:  # a parameterised generic TypedDict: Header[Record]
        bound.update(zip(cls.__parameters__, (_resolve(a, bound) for a in get_args(hint))))
    bound.update(_base_parameters(cls))
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__} is not a {cls.__name__}"]
    fields = _fields(cls)
    out = [f"{where}: no {key!r}" for key in sorted(cls.__required_keys__ - set(value))]
    out += [f"{where}: {key!r} is not declared by {cls.__name__}" for key in sorted(set(value) - set(fields))]
    for key, field in fields.items():
        if key in value:
            out += _check(value[key], field, f"{where}[{key!r}]", bound)
    return out


@functools.cache
def _fields(cls: Any) -> dict:
    return get_type_hints(cls)  # slow, and asked for every record of every view


@functools.cache
def _base_parameters(cls: Any) -> dict:
    """The type parameters a TypedDict gave its generic bases (``class V(Header[Round])``)."""
    bound: dict = {}
    for base in getattr(cls, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is not None and is_typeddict(origin):
            bound.update(zip(origin.__parameters__, (_resolve(a, bound) for a in get_args(base))))
            bound.update(_base_parameters(origin))
    return bound


def _resolve(arg: Any, bound: dict) -> Any:
    return bound.get(arg, arg) if isinstance(arg, TypeVar) else arg

