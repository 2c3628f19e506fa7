"""Computer players, written against the protocol: each sees one seat's view and the legal moves,
never the state itself, so it cannot know a hidden card.

A game declares its levels (``game.levels``). "easy" plays a random legal move in every game;
"hard" is the determinized search of ``ai.search`` with the game's guide ``ai.hard.<module>``
(it is handed the state only to deal worlds that the seat cannot tell from it); any other level
is the function of that name in ``ai/<game module>.py``: ``medium(view, legal, rng)``, which
returns the move or works in steps (``search.stepwise``: Punto's scores one move a step).
"""
import importlib
import random
from collections.abc import Callable, Iterator
from typing import Any

from ai import search
from games import registry


def easy(view: dict, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def guide(game_id: str) -> search.Guide:
    return importlib.import_module(f"ai.hard.{registry.module_name(game_id)}").GUIDE


def player(game_id: str, level: str) -> Callable[..., Any]:
    """The function that plays ``level`` in that game, or ValueError. Every one takes
    ``(view, legal, rng)``; the hard one also takes ``state``."""
    game = registry.get(game_id)
    if level not in game.levels:
        raise ValueError(f"no {level!r} player for {game_id!r}")
    if level == "easy":
        return easy
    if level == "hard":
        rules, knowledge = game, guide(game_id)
        return lambda view, legal, rng, state: search.choose(
            rules, state, view["seat"], view, legal, rng, knowledge)
    return getattr(importlib.import_module(f"ai.{registry.module_name(game_id)}"), level)


def choose(game_id: str, level: str, view: dict, legal: list[str], rng: random.Random,
           state: Any = None) -> str:
    """One of ``legal``, as the computer of that level would play it. ``state`` (needed by the
    hard level only) is the real state, whose hidden cards the search redeals."""
    return search.last_move(think(game_id, level, view, legal, rng, state))


def think(game_id: str, level: str, view: dict, legal: list[str], rng: random.Random,
          state: Any = None) -> Iterator[str | None]:
    """The same choice as ``choose``, as a generator to run in slices: it yields None after each
    step of a level that works in steps (each rollout of the hard search), and last the move.
    Finding the level's player is a step of its own: the first time, it imports its modules
    (57 ms at a stretch for Punttu's hard level in the page, with its first move)."""
    if level == "hard":
        game, knowledge = registry.get(game_id), guide(game_id)
        yield None
        yield from search.think(game, state, view["seat"], view, legal, rng, knowledge)
    else:
        play = player(game_id, level)
        yield None
        yield (yield from search.stepwise(play(view, legal, rng)))
