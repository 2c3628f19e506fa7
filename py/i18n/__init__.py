"""Every string a player sees, in French and English.

Each catalog module defines ``EN`` and ``FR`` dicts with the same keys: ``common`` for the page
around the games, and one module per game (``i18n/<game module>.py``, every key starting with
the game's prefix). The catalogs are every module of this package: words know no rules, and the
translation check makes sure each registered game has its module.
Keys are dotted ("punto.err.not_adjacent"); an IllegalMove's ``code`` is such a key and its
``params`` fill the ``{placeholders}``.
"""
import importlib
import pkgutil
import sys
from collections.abc import Iterable
from typing import Any

LANGS = ("fr", "en")
_LOADED: dict = {}


def __getattr__(name: str) -> Any:
    """MODULES and CATALOGS, built on first use: a page shows its first words before it needs
    every game's."""
    if name not in ("MODULES", "CATALOGS"):
        raise AttributeError(name)
    if not _LOADED:
        names = sorted(info.name for info in pkgutil.iter_modules(sys.modules[__name__].__path__))
        modules = tuple(importlib.import_module(f"i18n.{name}") for name in names)
        _LOADED["MODULES"] = modules
        _LOADED["CATALOGS"] = {lang: {k: v for m in modules for k, v in getattr(m, lang.upper()).items()}
                               for lang in LANGS}
    return _LOADED[name]


def prefix(game_id: str) -> str:
    """The key prefix of a game's words: "zero-pointe" -> "zero_pointe"."""
    return game_id.replace("-", "_")


def pick_lang(preferred: Iterable) -> str:
    """The first supported language among browser-style tags ("fr-FR", "en"); English otherwise."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGS:
            return base
    return "en"


def _plural_fallback(lang: str, n: float) -> str:
    """CLDR's cardinal rule for our languages (French counts 0 and 1 as singular)."""
    if lang == "fr":
        return "one" if 0 <= n < 2 else "other"
    return "one" if n == 1 else "other"


# The page swaps in the browser's Intl.PluralRules; CPython tests keep the fallback.
PLURAL = {"rule": _plural_fallback}


def has(lang: str, key: str) -> bool:
    """Whether ``key`` has a text in ``lang``, as one form or as plural forms."""
    catalog = __getattr__("CATALOGS").get(lang, {})
    return key in catalog or f"{key}.other" in catalog


def t(lang: str, key: str, **params: Any) -> str:
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
