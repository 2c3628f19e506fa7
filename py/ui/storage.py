"""localStorage: each game's match in progress, the history of finished matches, kept-aside
entries, preferences. Never loses anything silently: every write says whether it worked (a full
storage raises QuotaExceededError), and nothing read back is trusted (engine.save.parse, the
records' checks).

Keys, versioned by their names: ``tapis.save.<game>`` a game's match in progress (one a game;
versions before 2026-12 kept one match in all under ``tapis.save``, which ``migrate`` moves),
``tapis.history.<game>`` a JSON list of that game's records (records.history), newest last,
``tapis.aside.<what>.<date>`` an unreadable entry kept aside, ``tapis.prefs`` the preferences,
``tapis.hints`` the hints asked in each match in progress.
"""
import json

import js

from engine.errors import BadSave
from engine.save import parse

LEGACY_SAVE = "tapis.save"
SAVE_PREFIX = "tapis.save."
HISTORY_PREFIX = "tapis.history."
ASIDE_PREFIX = "tapis.save.aside."  # kept-aside saves: the name older versions gave them
PREFS_KEY = "tapis.prefs"
HINTS_KEY = "tapis.hints"
AT_TABLE_KEY = "tapis.at_table"  # in sessionStorage: the game whose table this tab was showing


def get(key: str) -> str | None:
    value = js.localStorage.getItem(key)
    return value if isinstance(value, str) else None  # JS null arrives as jsnull


def put(key: str, text: str) -> bool:
    try:
        js.localStorage.setItem(key, text)
    except Exception:  # noqa: BLE001 - QuotaExceededError, or storage disabled by the browser
        return False
    return True


def drop(key: str) -> None:
    js.localStorage.removeItem(key)


def keys(prefix: str) -> list[str]:
    store = js.localStorage
    return sorted(key for key in (store.key(i) for i in range(store.length)) if isinstance(key, str)
                  and key.startswith(prefix))


def read_json(key: str):
    """What ``key`` holds, as JSON (None when absent or unreadable)."""
    try:
        return parse(get(key) or "null")
    except BadSave:
        return None


def encode(data) -> str:
    return json.dumps(data, separators=(",", ":"))


# --- matches in progress ------------------------------------------------------------------------
def save_key(game_id: str) -> str:
    return SAVE_PREFIX + game_id


def read_save(game_id: str) -> str | None:
    return get(save_key(game_id))


def write_save(game_id: str, text: str) -> bool:
    return put(save_key(game_id), text)


def drop_save(game_id: str) -> None:
    drop(save_key(game_id))


def keep_aside(key: str, text: str) -> bool:
    """Move an unreadable entry under a dated key, so nothing is erased. With no room for the
    copy, the entry is dropped all the same (it must not block the start); returns whether it
    was kept."""
    kept = put(ASIDE_PREFIX + key.removeprefix("tapis.") + "." + js.Date.new().toISOString(), text)
    drop(key)
    return kept


def migrate(game_of) -> str:
    """The one save of older versions (``tapis.save``) becomes its game's (``game_of(text)``: the
    game it names, None when unreadable); a game that has a match of its own already, or an
    unreadable save, puts it aside. Runs at every start, and when another tab of an older
    version writes it. Returns the i18n key of what to tell the player ("": nothing)."""
    text = get(LEGACY_SAVE)
    if text is None:
        return ""
    game = game_of(text)
    if game is not None and get(save_key(game)) is None and put(save_key(game), text):
        drop(LEGACY_SAVE)
        return ""
    return "notice.save_aside" if keep_aside(LEGACY_SAVE, text) else "notice.save_dropped"


# --- the history --------------------------------------------------------------------------------
def history_key(game_id: str) -> str:
    return HISTORY_PREFIX + game_id


# --- preferences ----------------------------------------------------------------------------
def read_prefs() -> dict:
    try:
        prefs = parse(get(PREFS_KEY) or "{}")
    except BadSave:
        return {}
    return prefs if isinstance(prefs, dict) else {}


def write_pref(name: str, value) -> bool:
    prefs = read_prefs()
    prefs[name] = value
    return put(PREFS_KEY, json.dumps(prefs))


def set_at_table(game_id: str | None):
    """Remember, for this tab only, which game's table is showing: a reload goes back to it."""
    try:
        if game_id:
            js.sessionStorage.setItem(AT_TABLE_KEY, game_id)
        else:
            js.sessionStorage.removeItem(AT_TABLE_KEY)
    except Exception:  # noqa: BLE001 - a full or disabled storage only costs the shortcut
        pass


def at_table() -> str | None:
    """The game whose table this tab was showing ("1": an older version's, of its one save)."""
    value = js.sessionStorage.getItem(AT_TABLE_KEY)
    return value if isinstance(value, str) else None
