"""Computer players, written against the protocol: each sees one seat's view and the legal moves,
never the state itself, so it cannot know a hidden card.

A game declares its levels (``game.levels``). "easy" plays a random legal move in every game; any
other level is the function of that name in ``ai/<game module>.py``: ``medium(view, legal, rng)``.
"""
import importlib

from engine import registry


def easy(view: dict, legal: list, rng):
    return rng.choice(legal)


def player(game_id: str, level: str):
    """The function that plays ``level`` in that game, or ValueError."""
    game = registry.get(game_id)
    if level not in game.levels:
        raise ValueError(f"no {level!r} player for {game_id!r}")
    if level == "easy":
        return easy
    return getattr(importlib.import_module(f"ai.{registry.module_name(game_id)}"), level)


def choose(game_id: str, level: str, view: dict, legal: list, rng):
    """One of ``legal``, as the computer of that level would play it."""
    return player(game_id, level)(view, legal, rng)
