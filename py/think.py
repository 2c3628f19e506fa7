"""The computers' thinking off the page's main thread: the Python of js/think.mjs, a Web Worker
with a Pyodide of its own (the page's side: ui/thinker.py).

Pure: the worker hands it strings. A request is a match's save (``Match.dump()`` as JSON); the
answer is the move ``computer_move()`` chooses there, the very move the page would think itself
(the same modules, seed and moves: see ``Match.computer_think``). The page plays it through
``Match.play``, which checks it as any move.
"""
import importlib
import json

import ai
from match import Match

# Where a game's archive (py-<game>.zip, scripts/pack_py.py) adds modules; the page adds its
# tables too (ui/modules.py).
PACKAGES = ("games", "ai", "ai.hard")


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
