"""Saves written by earlier versions load as the same position: the same player to move, the same
legal moves, the same standing and the same state. tests/data/saves_v2: the version before the
typed views (commit c282d9d, see make_v2_saves.py there); tests/data/saves_40aad35: the version
before the session (issue 49), whose files also hold what came next (the same step now)."""
import json
from pathlib import Path

import pytest

from ai import think
from engine.save import parse
from match import Match
from session import LocalSession, Step

DATA = Path(__file__).resolve().parents[1] / "data"
SAVES = sorted([*(DATA / "saves_v2").glob("*.json"), *(DATA / "saves_40aad35").glob("*.json")])


@pytest.mark.parametrize("version", ["saves_v2", "saves_40aad35"])
def test_there_are_saves_of_every_game(version):
    assert {p.stem.split("-")[0] for p in SAVES if p.parent.name == version} == {"punto", "zp", "punttu", "nv"}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_save_of_the_previous_version_loads_as_the_same_position(path):
    data = json.loads(path.read_text())
    match = Match.load(parse(data["save"]), think=think)
    said = data["said"]
    assert match.to_move == said["to_move"]
    assert match.legal_moves() == said["legal"]
    assert match.over == said["over"]
    assert match.rounds_done == said["rounds_done"]
    assert match.game.returns(match.state) == said["returns"]
    assert match.game.to_json(match.state) == said["state"]
    assert json.loads(json.dumps(match.dump())) == json.loads(data["save"])
    if "step" in said:
        assert LocalSession(match).next() == Step(*said["step"])
