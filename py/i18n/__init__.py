"""Every string a player sees, in French and English.

Each catalog module defines ``EN`` and ``FR`` dicts with the same keys: ``common`` for the page
around the games, and one module per registered game (``i18n/<game module>.py``, every key
starting with the game's prefix).
Keys are dotted ("punto.err.not_adjacent"); an IllegalMove's ``code`` is such a key and its
``params`` fill the ``{placeholders}``.
"""
import importlib

from engine import registry
from i18n import common

LANGS = ("fr", "en")
_LOADED = {}


def __getattr__(name):
    """MODULES and CATALOGS, built on first use: a game's rules import its own words module
    (for English messages) while the registry is still loading the games."""
    if name not in ("MODULES", "CATALOGS"):
        raise AttributeError(name)
    if not _LOADED:
        modules = (common,) + tuple(
            importlib.import_module(f"i18n.{registry.module_name(game_id)}")
            for game_id in registry.ids())
        _LOADED["MODULES"] = modules
        _LOADED["CATALOGS"] = {lang: {k: v for m in modules for k, v in getattr(m, lang.upper()).items()}
                               for lang in LANGS}
    return _LOADED[name]


def prefix(game_id: str) -> str:
    """The key prefix of a game's words: "zero-pointe" -> "zero_pointe"."""
    return registry.module_name(game_id)


def pick_lang(preferred) -> str:
    """The first supported language among browser-style tags ("fr-FR", "en"); English otherwise."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGS:
            return base
    return "en"


def _plural_fallback(lang: str, n) -> str:
    """CLDR's cardinal rule for our languages (French counts 0 and 1 as singular)."""
    if lang == "fr":
        return "one" if 0 <= n < 2 else "other"
    return "one" if n == 1 else "other"


# The page swaps in the browser's Intl.PluralRules; CPython tests keep the fallback.
PLURAL = {"rule": _plural_fallback}


def t(lang: str, key: str, **params) -> str:
    """The text of ``key`` with ``params`` filled; a key with ".one"/".other" forms picks the
    form that suits ``n``."""
    catalogs = __getattr__("CATALOGS")
    catalog = catalogs.get(lang, catalogs["en"])
    if key not in catalog and "n" in params and f"{key}.other" in catalog:
        form = f"{key}.{PLURAL['rule'](lang, params['n'])}"
        key = form if form in catalog else f"{key}.other"
    text = catalog.get(key) or catalogs["en"].get(key)
    if text is None:
        raise KeyError(f"no text for {key!r}")
    return text.format(**params) if params else text
