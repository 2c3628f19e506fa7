"""Every game, found by itself: each package under games/ exposes its game object as ``GAME``.

``registry.get("punto")``, ``registry.games()``. Nothing else names a game: the home page, the
new-game screen, the tables, the computer players and the translation checks all start here.
A game's modules are imported when it is first asked for: a page that opens on one game's
table imports that game alone (``ids`` lists them all without importing any).
"""
import importlib
import pkgutil

import games as _packages

_GAMES: dict = {}
_IDS: list = []


def ids() -> list:
    """Every game's id, sorted, read from the names of the packages under games/."""
    if not _IDS:
        _IDS.extend(sorted(id_of(info.name) for info in pkgutil.iter_modules(_packages.__path__)
                           if info.ispkg))
    return list(_IDS)


def _load(game_id: str):
    name = module_name(game_id)
    game = importlib.import_module(f"games.{name}").GAME
    if game.id != game_id:
        raise RuntimeError(f"games.{name} declares the id {game.id!r}")
    _GAMES[game_id] = game
    return game


def games_by_id() -> dict:
    # Every game, whichever were asked for first.
    for game_id in ids():
        if game_id not in _GAMES:
            _load(game_id)
    return _GAMES


def get(game_id):
    """The game of that id, or ValueError (for any other value too: ids come from saves)."""
    if isinstance(game_id, str) and game_id in ids():
        return _GAMES.get(game_id) or _load(game_id)
    raise ValueError(f"unknown game {game_id!r}")


def games() -> list:
    """Every game, in the order the home page lists them."""
    return sorted(games_by_id().values(), key=lambda game: game.catalog_order)


def module_name(game_id: str) -> str:
    """The name of a game's modules: "zero-pointe" -> "zero_pointe" (games/, ai/, i18n/, ui/)."""
    return game_id.replace("-", "_")


def id_of(module: str) -> str:
    """The id of the game whose modules are named ``module``: "zero_pointe" -> "zero-pointe"."""
    return module.replace("_", "-")
