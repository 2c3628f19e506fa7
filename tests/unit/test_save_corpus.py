"""A corpus of damaged saves, made by mutating real ones of both games: each is refused with
BadSave (which the page keeps aside with a translated notice), or loads as a match the page can
play on; never another error. Damage that leaves nothing to read (cuts, deep nesting, huge or
illegal move lists) is always refused; markup in names is kept as text. A changed value that the
rules accept (another seed, a seat's level) is a different but sound match: a save carries no
redundancy to tell. The page's load path is exactly ``Match.load(parse(raw), think=think)``."""
import json
import random
from pathlib import Path

import pytest

from ai import think
from engine.errors import BadSave
from engine.save import parse
from match import Match
from session import LocalSession

V1 = sorted((Path(__file__).resolve().parents[1] / "data" / "saves_v1").glob("*.json"))
MARKUP = '<img src=x onerror="alert(1)">&amp;'


def real_saves() -> dict:
    saves = {p.stem: p.read_text() for p in V1}
    for game_id, options, kinds in (("punto", {"players": 3}, ["human", "medium", "easy"]),
                                    ("zero-pointe", {"players": 4}, ["human", "easy"] * 2)):
        match = Match.new(game_id, options, "corpus", [{"kind": k, "name": f"N{i}"}
                                                       for i, k in enumerate(kinds)], think=think)
        for _ in range(30):
            match.play(match.legal_moves()[0] if match.is_human(match.to_move)
                       else match.computer_move())
        saves[f"{game_id}-v2"] = json.dumps(match.dump())
    return saves


SAVES = real_saves()


def leaves(data, path=()):
    """Every (path, value) of a JSON value, containers included."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, path + (i,))


def replaced(data, path, value):
    data = json.loads(json.dumps(data))
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def mutations():
    """(name, raw text, must_load): True when the mutation keeps the match intact, False when
    nothing sound is left, None when either may be."""
    rng = random.Random(7)
    out = []
    for name, raw in SAVES.items():
        data = json.loads(raw)
        for cut in (0, 1, len(raw) // 3, len(raw) // 2, len(raw) - 1):
            out.append((f"{name}-cut{cut}", raw[:cut], False))
        spots = [p for p, _ in leaves(data) if p]
        for path in rng.sample(spots, min(6, len(spots))):
            for value in (None, "x", -1, 10**30, [], {}, True, 1.5):
                out.append((f"{name}-{'.'.join(map(str, path))}={value!r}",
                            json.dumps(replaced(data, path, value)), None))
        out.append((f"{name}-deep", "[" * 20_000 + "]" * 20_000, False))
        out.append((f"{name}-deep-inside", json.dumps(replaced(data, ("seats",), [])).replace(
            "[]", "[" * 5000 + "]" * 5000), False))
        out.append((f"{name}-huge-string", json.dumps(replaced(data, ("seed",), "s" * 600_000)), False))
        seats = [{**seat, "name": MARKUP[:24]} for seat in data["seats"]]
        out.append((f"{name}-markup-names", json.dumps(replaced(data, ("seats",), seats)), True))
        if data.get("format") == 2:
            moves = data["moves"]
            out.append((f"{name}-moves-reversed", json.dumps(replaced(data, ("moves",), moves[::-1])), False))
            out.append((f"{name}-move-markup", json.dumps(replaced(data, ("moves",), moves + [MARKUP])), False))
            out.append((f"{name}-many-moves", json.dumps(replaced(data, ("moves",), ["0,0"] * 200_001)), False))
    return out


CORPUS = mutations()


def test_the_corpus_is_large_and_covers_both_games():
    assert len(CORPUS) >= 100
    assert any(n.startswith("punto") for n, _, _ in CORPUS)
    assert any(n.startswith("zp") or n.startswith("zero") for n, _, _ in CORPUS)


@pytest.mark.parametrize("name,raw,must_load", CORPUS, ids=[c[0][:80] for c in CORPUS])
def test_a_damaged_save_loads_intact_or_is_refused_with_a_reason(name, raw, must_load):
    try:
        match = Match.load(parse(raw), think=think)
    except BadSave as err:
        assert must_load is not True, f"refused: {err}"
        assert str(err)
        return
    assert must_load is not False, "a save with nothing sound left was loaded"
    assert Match.load(json.loads(json.dumps(match.dump())), think=think).dump() == match.dump()
    step = LocalSession(match).next()
    assert step.kind in ("round_end", "over") or match.legal_moves()
    for seat in range(len(match.seats)):
        json.dumps(match.view(seat))
    if must_load:
        original = Match.load(parse(SAVES[_source(name)]), think=think)
        assert match.game.to_json(match.state) == original.game.to_json(original.state)
        assert [s["name"] for s in match.seats] == [MARKUP[:24]] * len(match.seats)


def _source(name: str) -> str:
    return next(key for key in SAVES if name.startswith(key + "-"))
