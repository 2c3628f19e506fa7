"""The computers' thinking off the page's main thread: the Python of js/think.mjs, a Web Worker
with a Pyodide of its own (the page's side: ui/thinker.py).

Pure: the worker hands it strings. A request is a match's save (``Match.dump()`` as JSON) and a
task: ``move``, the move ``computer_move()`` chooses there, the very move the page would think
itself (the same modules, seed and moves: see ``Match.computer_think``), which the page plays
through the session's door as any move; ``hint``, the hard level's move for the player on turn
and why (coach.hint); ``scan`` and ``confirm``, one decision of a review (coach.review), weighed.
Each answer is a string (JSON but for a move).
"""
import importlib
import json

import ai
from coach import hint as hints
from coach import review
from match import Match

# Where a game's archive (py-<game>.zip, scripts/pack_py.py) adds modules; the page adds its
# tables too (ui/modules.py).
PACKAGES = ("games", "ai", "ai.hard", "coach.reasons", "coach.lessons")


def add_archive(path: str, packages: tuple[str, ...] = PACKAGES) -> None:
    """Put a game's archive, written at ``path``, on the import path of its packages."""
    for package in packages:
        importlib.import_module(package).__path__.append(f"{path}/{package.replace('.', '/')}")


def add_game(path: str, game_id: str) -> None:
    """A game's archive, its rules and its hard player imported now rather than in its first
    move (about 100 ms in the page)."""
    add_archive(path)
    ai.player(game_id, "hard")


def move(save: str) -> str:
    """The move of the computer on turn in the match that ``save`` holds."""
    return Match.load(json.loads(save), ai.think).computer_move()


def hint(save: str) -> str:
    """The hard level's move for the player on turn, and why: ``[move, key, params]``."""
    match = Match.load(json.loads(save), ai.think)
    seat = match.to_move
    assert seat is not None, "a hint for a match going on"
    found, (key, params) = hints.hint(match, seat)
    return json.dumps([found, key, params])


def weigh(save: str, ply: int, stage: str) -> str:
    """One decision of a review, scanned or confirmed (``stage``): its verdict as JSON, or null."""
    match = Match.load(json.loads(save), ai.think)
    verdict = (review.scan if stage == "scan" else review.confirm)(match, ply)
    return json.dumps(None if verdict is None else vars(verdict))
