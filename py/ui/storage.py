"""localStorage: the saved game, kept-aside saves, preferences. Never loses a save silently."""
import json

import js

SAVE_KEY = "tapis.save"
ASIDE_PREFIX = "tapis.save.aside."
PREFS_KEY = "tapis.prefs"
AT_TABLE_KEY = "tapis.at_table"  # in sessionStorage: this tab was showing the table


def _get(key: str):
    value = js.localStorage.getItem(key)
    return value if isinstance(value, str) else None  # JS null arrives as jsnull


def read_save():
    """The raw saved text, or None."""
    return _get(SAVE_KEY)


def write_save(data: dict):
    js.localStorage.setItem(SAVE_KEY, json.dumps(data, separators=(",", ":")))


def drop_save():
    js.localStorage.removeItem(SAVE_KEY)


def keep_aside(text: str) -> str:
    """Move an unreadable save under a dated key, so nothing is erased; returns that key."""
    key = ASIDE_PREFIX + js.Date.new().toISOString()
    js.localStorage.setItem(key, text)
    drop_save()
    return key


def read_prefs() -> dict:
    try:
        prefs = json.loads(_get(PREFS_KEY) or "{}")
    except ValueError:
        return {}
    return prefs if isinstance(prefs, dict) else {}


def write_pref(name: str, value):
    prefs = read_prefs()
    prefs[name] = value
    js.localStorage.setItem(PREFS_KEY, json.dumps(prefs))


def set_at_table(at_table: bool):
    """Remember, for this tab only, whether the table is showing: a reload goes back to it."""
    if at_table:
        js.sessionStorage.setItem(AT_TABLE_KEY, "1")
    else:
        js.sessionStorage.removeItem(AT_TABLE_KEY)


def was_at_table() -> bool:
    return js.sessionStorage.getItem(AT_TABLE_KEY) == "1"
