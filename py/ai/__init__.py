"""Computer players, written against the protocol: each sees one seat's view and the legal moves,
never the state itself, so it cannot know a hidden card.

``choose(game_id, level, view, legal, rng)`` returns one of ``legal``. A stronger level is one
more module with a ``choose(view, legal, rng)`` function, added to ``_PLAYERS``.
"""
import importlib

LEVELS = ("easy", "medium")

_PLAYERS = {
    ("punto", "medium"): "ai.punto",
    ("zero-pointe", "medium"): "ai.zero_pointe",
}


def choose(game_id: str, level: str, view: dict, legal: list, rng):
    if level == "easy":
        return rng.choice(legal)
    try:
        module = _PLAYERS[(game_id, level)]
    except KeyError:
        raise ValueError(f"no {level!r} player for {game_id!r}") from None
    return importlib.import_module(module).choose(view, legal, rng)
