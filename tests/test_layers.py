"""The layers of py/ and what each may import, so that none runs back up:

    engine  the kit: the protocol, views' header, errors, options, decks, checks   -> engine
    games   one package per game, and the registry                                -> engine, its own package
    i18n    every word, in every language                                          -> i18n
    ai      the computer players                                                   -> engine, games, ai
    match   a match: seats, moves, undo, saves (its computers' chooser handed in)    -> engine, games
    session what happens next, and the one door every move enters by                -> engine, games, match
    records every match remembered: records, statistics, replays, links -> engine, games, match, session
    coach   a guided first round, hints, reviews, from the hard level's search -> engine, games, ai, match, session
    net     play across devices: invitation codes, the data channel's messages,   -> engine, games, net, match, session
            a guest's session of the host's match
    think   the hard computers' worker's Python (js/think.mjs)                      -> engine, games, ai, match
    ui      the page: the only code that touches the browser (but url.py)          -> anything
            ui/tables/<game>.py lays out views: of games/ it imports its schema only

The pure layers import nothing outside the standard library, and never js, pyodide or pyscript:
they run and are tested in CPython."""
import ast
import sys
from pathlib import Path

import pytest

import games

PY = Path(games.__file__).resolve().parents[1]
OURS = {"engine", "games", "i18n", "ai", "match", "session", "records", "coach", "net", "think", "ui", "main",
        "snapshot_setup"}
BROWSER = {"js", "pyodide", "pyscript"}
MAY = {"engine": {"engine"}, "games": {"engine"}, "i18n": {"i18n"}, "ai": {"engine", "games", "ai"},
       "match": {"engine", "games"}, "session": {"engine", "games", "match"},
       "records": {"engine", "games", "match", "session", "records"},
       "coach": {"engine", "games", "ai", "match", "session", "coach"},
       "net": {"engine", "games", "net", "match", "session"},
       "think": {"engine", "games", "ai", "match", "session", "coach"}}


def imported(path: Path) -> set:
    """The dotted names a module imports (``from a.b import c`` gives "a.b" and "a.b.c")."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def layer(path: Path) -> str:
    return path.relative_to(PY).parts[0].removesuffix(".py")


def wrong_imports(path: Path) -> list:
    """What ``path`` imports that its layer may not."""
    rel = path.relative_to(PY)
    names = imported(path)
    tops = {name.split(".")[0] for name in names}
    outside = {top for top in tops - OURS if top not in sys.stdlib_module_names}
    if rel.parts[:2] == ("ui", "tables") and rel.stem not in ("__init__", "common", "frame"):
        package = f"games.{rel.stem}"
        schema = {package, f"{package}.schema"}  # "from games.x.schema import" or "from games.x import schema"
        if {name for name in names if name.startswith(package + ".")} - {f"{package}.schema"}:
            schema.discard(package)
        return sorted(outside - BROWSER) + sorted(
            name for name in names if name.split(".")[0] == "games"
            and not (name in schema or name.startswith(f"{package}.schema."))
            or name.split(".")[0] == "engine" and not name.startswith("engine.view")
            or name.split(".")[0] in {"ai", "match", "session", "records", "coach"})
    if layer(path) in ("ui", "main", "snapshot_setup") and rel != Path("ui/url.py"):
        return []
    wrong = sorted(outside | (tops & BROWSER))
    allowed = MAY.get(layer(path), set())
    if rel.parts[0] == "games" and len(rel.parts) > 2:
        allowed = {"engine"}  # a game: the kit and its own package, no other game
        own = f"games.{rel.parts[1]}"
        wrong += sorted(name for name in names if name.startswith("games.")
                        and name != own and not name.startswith(own + "."))
    return wrong + sorted(top for top in tops & OURS if top not in allowed and top != "games"
                          or top == "games" and "games" not in allowed and rel.parts[0] != "games")


MODULES = sorted(p for p in PY.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PY).as_posix())
def test_each_module_imports_only_what_its_layer_may(path):
    assert wrong_imports(path) == []


@pytest.mark.parametrize("source,where,found", [
    ("import os\nfrom pyodide.ffi import create_proxy\n", "engine/x.py", ["pyodide"]),
    ("import ai\n", "match.py", ["ai"]),
    ("from games import registry\n", "engine/x.py", ["games"]),
    ("from i18n.punto import EN\n", "games/punto/x.py", ["i18n"]),
    ("from games.punttu import cards\n", "games/punto/x.py", ["games.punttu", "games.punttu.cards"]),
    ("from games.punto import board\n", "ui/tables/punto.py", ["games.punto", "games.punto.board"]),
    ("from games.punto import schema\n", "ui/tables/punto.py", []),
    ("from games.punto.schema import Cell\nfrom engine.view import Outcome\nimport js\n", "ui/tables/punto.py", []),
    ("from engine.decks import spanish_suit\n", "ui/tables/punttu.py", ["engine.decks", "engine.decks.spanish_suit"]),
    ("import numpy\n", "ai/x.py", ["numpy"]),
    ("from games.punto import rules\nfrom engine import rng\n", "ai/x.py", []),
    ("import json\nfrom net import invite\n", "net/x.py", []),
    ("from match import NAME_MAX\nimport js\n", "net/x.py", ["js"]),
    ("import ai\n", "net/x.py", ["ai"]),
    ("import ai\nfrom match import Match\n", "think.py", []),
    ("import js\nfrom net import wire\n", "think.py", ["js", "net"]),
])
def test_the_check_sees_a_wrong_import(tmp_path, monkeypatch, source, where, found):
    sample = PY / where
    monkeypatch.setattr(Path, "read_text", lambda self: source if self == sample else Path.read_bytes(self).decode())
    assert wrong_imports(sample) == found
