"""Every string a player sees, in French and English.

Each catalog module (common, one per game) defines ``EN`` and ``FR`` dicts with the same keys.
Keys are dotted ("punto.err.not_adjacent"); an IllegalMove's ``code`` is such a key and its
``params`` fill the ``{placeholders}``.
"""
from i18n import common, punto, zero_pointe

LANGS = ("fr", "en")
MODULES = (common, punto, zero_pointe)
CATALOGS = {
    "en": {k: v for m in MODULES for k, v in m.EN.items()},
    "fr": {k: v for m in MODULES for k, v in m.FR.items()},
}


def prefix(game_id: str) -> str:
    """The key prefix of a game's words: "zero-pointe" -> "zero_pointe"."""
    return game_id.replace("-", "_")


def pick_lang(preferred) -> str:
    """The first supported language among browser-style tags ("fr-FR", "en"); English otherwise."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGS:
            return base
    return "en"


def t(lang: str, key: str, **params) -> str:
    catalog = CATALOGS.get(lang, CATALOGS["en"])
    text = catalog.get(key) or CATALOGS["en"].get(key)
    if text is None:
        raise KeyError(f"no text for {key!r}")
    return text.format(**params) if params else text
