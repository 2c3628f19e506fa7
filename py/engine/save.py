"""Reading stored text safely: a save or a preference is JSON that may be anything at all.

Pyodide's ``json.loads`` overflows the JS stack on input nested ~20,000 deep (and CPython raises
RecursionError), so depth and size are checked on the raw text before parsing. A real save is a
few kilobytes nested a few levels deep.
"""
import json
import re
from typing import Any

from engine.errors import BadSave

MAX_CHARS = 500_000
MAX_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def parse(raw: str) -> Any:
    """The JSON value of ``raw``, or BadSave with the reason (in English, for the console)."""
    if not isinstance(raw, str):
        raise BadSave("not text")
    if len(raw) > MAX_CHARS:
        raise BadSave(f"too large ({len(raw)} characters)")
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", raw)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise BadSave("nested too deeply")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise BadSave(f"not JSON ({err})") from None
