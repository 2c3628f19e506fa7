"""localStorage: the saved match, kept-aside saves, preferences. Never loses a save silently:
every write says whether it worked (a full storage raises QuotaExceededError), and nothing read
back is trusted (see engine.save.parse)."""
import json

import js

from engine.errors import BadSave
from engine.save import parse

SAVE_KEY = "tapis.save"
ASIDE_PREFIX = "tapis.save.aside."
PREFS_KEY = "tapis.prefs"
AT_TABLE_KEY = "tapis.at_table"  # in sessionStorage: this tab was showing the table


def _get(key: str):
    value = js.localStorage.getItem(key)
    return value if isinstance(value, str) else None  # JS null arrives as jsnull


def _set(key: str, text: str) -> bool:
    try:
        js.localStorage.setItem(key, text)
    except Exception:  # noqa: BLE001 - QuotaExceededError, or storage disabled by the browser
        return False
    return True


def read_save():
    """The raw saved text, or None."""
    return _get(SAVE_KEY)


def encode(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"))


def write_save(text: str) -> bool:
    return _set(SAVE_KEY, text)


def drop_save():
    js.localStorage.removeItem(SAVE_KEY)


def keep_aside(text: str) -> bool:
    """Move an unreadable save under a dated key, so nothing is erased. With no room for the
    copy, the save is dropped all the same (it must not block the start); returns whether it
    was kept."""
    kept = _set(ASIDE_PREFIX + js.Date.new().toISOString(), text)
    drop_save()
    return kept


def read_prefs() -> dict:
    try:
        prefs = parse(_get(PREFS_KEY) or "{}")
    except BadSave:
        return {}
    return prefs if isinstance(prefs, dict) else {}


def write_pref(name: str, value) -> bool:
    prefs = read_prefs()
    prefs[name] = value
    return _set(PREFS_KEY, json.dumps(prefs))


def set_at_table(at_table: bool):
    """Remember, for this tab only, whether the table is showing: a reload goes back to it."""
    try:
        if at_table:
            js.sessionStorage.setItem(AT_TABLE_KEY, "1")
        else:
            js.sessionStorage.removeItem(AT_TABLE_KEY)
    except Exception:  # noqa: BLE001 - a full or disabled storage only costs the shortcut
        pass


def was_at_table() -> bool:
    return js.sessionStorage.getItem(AT_TABLE_KEY) == "1"
