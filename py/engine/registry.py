"""Every game, found by itself: each package under games/ exposes its game object as ``GAME``.

``registry.get("punto")``, ``registry.games()``. Nothing else names a game: the home page, the
new-game screen, the tables, the computer players and the translation checks all start here.
"""
import importlib
import pkgutil

import games as _packages

_GAMES: dict = {}


def _load():
    # Every package, every time the list is incomplete: importing one game module first (which
    # imports its own package) must not leave the others unknown.
    for info in sorted(pkgutil.iter_modules(_packages.__path__), key=lambda m: m.name):
        if info.ispkg:
            game = importlib.import_module(f"games.{info.name}").GAME
            if game.id.replace("-", "_") != info.name:
                raise RuntimeError(f"games.{info.name} declares the id {game.id!r}")
            _GAMES[game.id] = game


def games_by_id() -> dict:
    if not _GAMES:
        _load()
    return _GAMES


def get(game_id):
    try:
        return games_by_id()[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}") from None


def games() -> list:
    """Every game, in the order the home page lists them."""
    return sorted(games_by_id().values(), key=lambda game: game.catalog_order)


def module_name(game_id: str) -> str:
    """The name of a game's modules: "zero-pointe" -> "zero_pointe" (games/, ai/, i18n/, ui/)."""
    return game_id.replace("-", "_")
