"""Whether a JSON-like value is what a type hint declares, at run time: the conformance suite
holds every view a game builds against the ``View`` its ``schema.py`` declares, and a guest's
device every view the host sends (net.guest).

It knows what views are made of: TypedDicts (every required key, no undeclared one; generic ones
such as ``ViewHeader[Round]`` with their parameters), lists, dicts, tuples, unions, literals,
None and the plain JSON types (an int is not a bool; a float may be an int).
"""
import functools
import types
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, hint: Any, where: str = "view") -> list[str]:
    """Every place where ``value`` is not a ``hint``, as "where: what"; empty when it is."""
    if _checker(hint, ())(value):  # the same checks, compiled once a hint, saying nothing of where
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


Check = Callable[[Any], bool]


@functools.cache
def _checker(hint: Any, bound: tuple) -> Check:
    """Whether a value is a ``hint`` (``bound``: the type variables bound so far, as pairs), as a
    function made once for each hint: a view is checked many times a game (what _check says, as
    a yes or no, several times faster than reading the hint again at every value)."""
    hint = dict(bound).get(hint, Any) if isinstance(hint, TypeVar) else hint
    if hint is Any:
        return lambda value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    kind, origin, args = _parts(hint)
    if kind == "union":
        options = tuple(_checker(option, bound) for option in args)
        return lambda value: any(check(value) for check in options)
    if kind == "literal":
        return lambda value: value in args
    if kind == "typeddict":
        return _typeddict_checker(hint, origin or hint, args, bound)
    if kind in ("list", "tuple", "dict"):
        return _container_checker(kind, origin, args, bound)
    if hint is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return lambda value: isinstance(value, hint)
    raise TypeError(f"cannot check against {hint!r}")


def _typeddict_checker(hint: Any, cls: Any, args: tuple, bound: tuple) -> Check:
    names = dict(bound)
    if cls is not hint:  # a parameterised generic TypedDict: Header[Record]
        names.update(zip(cls.__parameters__, (_resolve(a, names) for a in args)))
    names.update(_base_parameters(cls))
    inner = tuple(names.items())
    fields = {key: _checker(field, inner) for key, field in _fields(cls).items()}
    required, allowed = cls.__required_keys__, fields.keys()

    def check(value: Any) -> bool:
        return (isinstance(value, dict) and required <= value.keys() <= allowed
                and all(fields[key](item) for key, item in value.items()))
    return check


def _container_checker(kind: str, origin: Any, args: tuple, bound: tuple) -> Check:
    if kind == "list" or (kind == "tuple" and len(args) == 2 and args[1] is Ellipsis):
        item = _checker(args[0], bound)
        return lambda value: isinstance(value, origin) and all(item(each) for each in value)
    if kind == "dict":
        key, item = _checker(args[0], bound), _checker(args[1], bound)
        return lambda value: isinstance(value, dict) and all(key(k) and item(v) for k, v in value.items())
    items = tuple(_checker(arg, bound) for arg in args)
    return lambda value: (isinstance(value, tuple) and len(value) == len(items)
                          and all(check(each) for check, each in zip(items, value)))


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

