"""Every string a player sees, in every language Tapis speaks.

A language is a package of its own, ``i18n/<tag>/`` (a BCP 47 tag: ``eu``, ``fr``): its
``__init__`` names it in its own words (``NAME``), says how it counts (``plural``) and writes
numbers (``MINUS``, ``GROUP``, ``DECIMAL``, ``GROUP_FROM``), and one module per catalog holds its
``WORDS``: ``common`` for the page around the games, and one per game (``<game module>.py``,
every key starting with the game's prefix). Adding a language is adding its package (and its
rules pages, rules/<game>.<tag>.html): the languages are the packages found here. English is the
reference: every language has its keys, with the same placeholders (tests/test_i18n.py).

Keys are dotted ("punto.err.not_adjacent"); an IllegalMove's ``code`` is such a key and its
``params`` fill the ``{placeholders}``. A language's words are imported when first asked for.
"""
import importlib
import pkgutil
import sys
from collections.abc import Iterable
from typing import Any

REFERENCE = "en"
_PATH = sys.modules[__name__].__path__
LANGS = tuple(sorted(info.name for info in pkgutil.iter_modules(_PATH) if info.ispkg))
_catalogs: dict = {}


def _package(lang: str) -> Any:
    return importlib.import_module(f"{__name__}.{lang}")


def names() -> dict:
    """Each language's name in its own words, in the order a picker lists them."""
    found = {lang: str(_package(lang).NAME) for lang in LANGS}
    return dict(sorted(found.items(), key=lambda item: item[1].casefold()))


def modules(lang: str) -> tuple:
    """The catalog modules of ``lang``: common first, then the games' in name order."""
    package = _package(lang)
    found = sorted(info.name for info in pkgutil.iter_modules(package.__path__))
    found.sort(key=lambda name: name != "common")
    return tuple(importlib.import_module(f"{package.__name__}.{name}") for name in found)


def catalog(lang: str) -> dict:
    """Every key of ``lang`` and its text."""
    if lang not in _catalogs:
        _catalogs[lang] = {k: v for module in modules(lang) for k, v in module.WORDS.items()}
    return _catalogs[lang]


def __getattr__(name: str) -> Any:
    """CATALOGS: every language's catalog, for the checks and the build scripts."""
    if name != "CATALOGS":
        raise AttributeError(name)
    return {lang: catalog(lang) for lang in LANGS}


def prefix(game_id: str) -> str:
    """The key prefix of a game's words: "zero-pointe" -> "zero_pointe"."""
    return game_id.replace("-", "_")


def pick_lang(preferred: Iterable) -> str:
    """The first supported language among browser-style tags ("eu-ES", "fr"); English otherwise."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGS:
            return base
    return REFERENCE


def _plural_fallback(lang: str, n: float) -> str:
    return str(_package(lang).plural(n))


def _number_fallback(lang: str, n: float) -> str:
    """``n`` as Intl.NumberFormat(lang) writes it: the language's minus sign, groups of three
    digits from GROUP_FROM digits on, at most three decimals."""
    package = _package(lang)
    digits = f"{abs(n)}" if isinstance(n, int) else f"{abs(n):.3f}".rstrip("0").rstrip(".")
    whole, _, fraction = digits.partition(".")
    if len(whole) >= package.GROUP_FROM:
        head = len(whole) % 3 or 3
        whole = package.GROUP.join([whole[:head]] + [whole[i:i + 3] for i in range(head, len(whole), 3)])
    sign = package.MINUS if n < 0 and digits.strip("0.") else ""
    return sign + whole + (package.DECIMAL + fraction if fraction else "")


# The page swaps in the browser's Intl.PluralRules and Intl.NumberFormat; CPython keeps these.
PLURAL = {"rule": _plural_fallback}
NUMBER = {"format": _number_fallback}


def has(lang: str, key: str) -> bool:
    """Whether ``key`` has a text in ``lang``, as one form or as plural forms."""
    words = catalog(lang) if lang in LANGS else {}
    return key in words or f"{key}.other" in words


def t(lang: str, key: str, **params: Any) -> str:
    """The text of ``key`` with ``params`` filled (numbers written as ``lang`` writes them); a key
    with ".one"/".other" forms picks the form that suits ``n``; a key missing in ``lang`` is said
    in English."""
    words = catalog(lang if lang in LANGS else REFERENCE)
    if key not in words and "n" in params and f"{key}.other" in words:
        form = f"{key}.{PLURAL['rule'](lang, params['n'])}"
        key = form if form in words else f"{key}.other"
    text = words.get(key) or catalog(REFERENCE).get(key)
    if text is None:
        raise KeyError(f"no text for {key!r}")
    if not params:
        return text
    return text.format(**{name: NUMBER["format"](lang, value) if type(value) in (int, float) else value
                          for name, value in params.items()})


def sentence(text: str) -> str:
    """``text``, a finished sentence, with its first letter a capital: a sentence that begins
    with a placeholder ("{card} bota duzu", "{name} joue") starts as any other does, whatever
    fills it ("Ezpatako txota bota duzu"). Marks before it stay ("¡", "«", "…"); a sentence that
    begins with a number is left as it is."""
    for i, char in enumerate(text):
        if char.isalnum():
            return text[:i] + char.upper() + text[i + 1:] if char.islower() else text
    return text
