"""Checks for reading a game state back from JSON: each failure is a BadSave that says what."""
from collections.abc import Callable, Collection, Iterable
from typing import Any, TypeVar

from engine.errors import BadSave

T = TypeVar("T")


def need(ok: object, why: str) -> None:
    if not ok:
        raise BadSave(why)


def count(value: Any, name: str, low: int = 0, high: int | None = None) -> int:
    """An int (not a bool) within ``low``..``high``."""
    need(type(value) is int and value >= low and (high is None or value <= high),
         f"bad {name}: {str(value)[:40]}")
    return value


def seat(value: Any, players: int, name: str, none_ok: bool = False) -> int | None:
    if value is None and none_ok:
        return None
    return count(value, name, 0, players - 1)


def text(value: Any, name: str, longest: int = 200) -> str:
    need(isinstance(value, str) and len(value) <= longest, f"bad {name}")
    return value


def cards(value: Any, known: Collection[str], name: str) -> tuple:
    """A list of card ids, each in ``known`` (a set)."""
    need(isinstance(value, list) and all(isinstance(c, str) and c in known for c in value),
         f"bad {name}")
    return tuple(value)


def per_seat(value: Any, players: int, name: str) -> list:
    need(isinstance(value, list) and len(value) == players, f"bad {name}: one entry per seat")
    return value


def keys(value: Any, expected: Collection[str], name: str) -> dict:
    need(isinstance(value, dict) and set(value) == set(expected), f"bad {name}")
    return value


def same_cards(found: Iterable[str], deck: Iterable[str], what: str = "the game") -> None:
    need(sorted(found) == sorted(deck), f"the cards are not those of {what}")


def reading(what: str, read: Callable[[Any], T], data: Any) -> T:
    """``read(data)``, with any slip on malformed data turned into BadSave."""
    try:
        return read(data)
    except BadSave:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as err:
        raise BadSave(f"unreadable {what} state ({err!r})"[:200]) from None


class OneOf(tuple):
    """In a shape: any of these values (compared by type and value, so True is not 1)."""


def shape(value: Any, schema: Any, name: str) -> Any:
    """Check ``value`` against ``schema``: a type (bool is never taken for int), None, a tuple of
    alternative schemas, a OneOf of allowed values, ``[item]`` (a list of items), a dict of
    ``key: schema`` (exactly those keys), or a predicate. For nested records the page draws."""
    if not _fits(value, schema):
        raise BadSave(f"bad {name}")
    return value


def _fits(value: Any, schema: Any) -> bool:
    if schema is None:
        return value is None
    if isinstance(schema, OneOf):
        return any(type(value) is type(c) and value == c for c in schema)
    if isinstance(schema, tuple):
        return any(_fits(value, option) for option in schema)
    if isinstance(schema, type):
        return type(value) is schema
    if isinstance(schema, list):
        return isinstance(value, list) and all(_fits(item, schema[0]) for item in value)
    if isinstance(schema, dict):
        return (isinstance(value, dict) and set(value) == set(schema)
                and all(_fits(value[key], sub) for key, sub in schema.items()))
    return bool(schema(value))
