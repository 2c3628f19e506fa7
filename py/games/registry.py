"""Every game, found by itself: each package under games/ exposes its game object as ``GAME``.

``registry.get("punto")``, ``registry.games()``. Nothing else names a game: the home page, the
new-game screen, the tables, the computer players and the translation checks all start here.
A game's modules are imported when it is first asked for: a page that opens on one game's
table imports that game alone (``ids`` and ``catalogue`` list them all without importing any).
In the page each game's modules come in an archive of their own, fetched when the game is opened
(scripts/pack_py.py); py.zip then holds ``catalogue.json``, what ``catalogue`` says, written by the
build from the games themselves.
"""
import importlib
import json
import pkgutil

import games as _packages

_GAMES: dict = {}
_IDS: list = []
_PACKED: list = []


def packed() -> list:
    """The build's list of the games (id, home page order, whether it has a table), or [] where
    the games are not packed apart (the sources, as the tests run them)."""
    if not _PACKED:
        try:
            data = pkgutil.get_data(__package__, "catalogue.json")
        except OSError:
            data = None
        if data:
            _PACKED.extend(json.loads(data))
    return _PACKED


def ids() -> list:
    """Every game's id, sorted, read from the names of the packages under games/."""
    if not _IDS:
        listed = [entry["id"] for entry in packed()] or [
            id_of(info.name) for info in pkgutil.iter_modules(_packages.__path__) if info.ispkg]
        _IDS.extend(sorted(listed))
    return list(_IDS)


def catalogue() -> list:
    """Every game's id in the order the home page lists them, without importing them when packed."""
    if packed():
        return [entry["id"] for entry in sorted(packed(), key=lambda entry: entry["order"])]
    return [game.id for game in games()]


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


def schema(game_id: str):
    """A game's contract with the page and the computers (``games/<game>/schema.py``): its view's
    type ``View``, its moves' codec."""
    get(game_id)
    return importlib.import_module(f"games.{module_name(game_id)}.schema")
