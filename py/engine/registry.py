"""Every playable game, by id: ``registry.get("punto")``."""

_GAMES: dict = {}


def register(game):
    _GAMES[game.id] = game
    return game


def _load():
    # Imported here, not at module top, because each game module registers itself on import.
    import games.punto  # noqa: F401
    import games.zero_pointe  # noqa: F401


def get(game_id: str):
    if not _GAMES:
        _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}") from None


def games() -> list:
    if not _GAMES:
        _load()
    return list(_GAMES.values())
