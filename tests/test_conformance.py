"""One suite over every registered game: random games to the end for every option combination,
checking at every step the invariants that any correct game keeps."""
import itertools
import json
import random

import pytest

from engine import registry
from engine.errors import IllegalMove

MAX_PLIES = 20_000


def variants(game):
    """Every valid combination of the game's option samples (contradictory ones are refused by
    the game itself, which test_every_game_has_variants keeps honest)."""
    keys = [o.key for o in game.options]
    for values in itertools.product(*(o.samples() for o in game.options)):
        options = dict(zip(keys, values))
        try:
            game.check_options(options)
        except ValueError:
            continue
        yield options


CASES = [
    pytest.param(game, options, id=f"{game.id}-" + "-".join(f"{k}={v}" for k, v in options.items()))
    for game in registry.games()
    for options in variants(game)
]


def test_every_game_has_variants():
    ids = {case.values[0].id for case in CASES}
    assert ids == {g.id for g in registry.games()}
    assert {"punto", "zero-pointe"} <= ids


def check_step(game, state, deck):
    assert sorted(game.cards(state)) == deck, "a card appeared or vanished"
    data = game.to_json(state)
    again = game.from_json(json.loads(json.dumps(data)))
    assert game.to_json(again) == data, "JSON round trip changed the state"
    seat = game.to_move(state)
    assert seat is not None and 0 <= seat < game.players(state)
    legal = game.legal_moves(state)
    assert legal and len(set(legal)) == len(legal)
    return legal


def check_views(game, state, rng):
    """Each seat's view is fresh plain data, and the same in a determinization for that seat."""
    before = game.to_json(state)
    for seat in range(game.players(state)):
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view, "a view is not plain JSON data"
        other = game.determinize(state, seat, rng)
        assert sorted(game.cards(other)) == sorted(game.cards(state))
        assert game.to_json(other)["format"] == before["format"]
        assert game.legal_moves(other) == game.legal_moves(state) or seat != game.to_move(state)
        assert view == game.view(other, seat), f"seat {seat}'s view depends on a hidden card"
        scramble(view)
        assert game.to_json(state) == before, "a view shares an object with the state"
    assert len(game.returns(state)) == game.players(state)


def scramble(data):
    """Empty every list and dict of ``data`` in place: a view sharing one with the state shows."""
    for item in (data.values() if isinstance(data, dict) else data):
        if isinstance(item, (dict, list)):
            scramble(item)
    data.clear()


def play_out(game, options, seed, rng):
    state = game.new_game(options, seed)
    deck = sorted(game.full_deck(game.check_options(options)))
    moves = []
    for _ in range(MAX_PLIES):
        if game.outcome(state) is not None:
            assert game.to_move(state) is None
            return state, moves
        legal = check_step(game, state, deck)
        if len(moves) % 7 == 0:
            check_views(game, state, rng)
        before = game.to_json(state)
        move = rng.choice(legal)
        after = game.play(state, move)
        assert game.to_json(state) == before, "play mutated its input"
        state = after
        moves.append(move)
    pytest.fail(f"no end after {MAX_PLIES} moves")


@pytest.mark.parametrize("game,options", CASES)
def test_random_game(game, options):
    seed = "conformance:" + json.dumps(options, sort_keys=True)
    final, moves = play_out(game, options, seed, random.Random(seed))
    outcome = game.outcome(final)
    assert outcome["winners"] and len(outcome["scores"]) == game.players(final)
    assert game.returns(final) == [float(s in outcome["winners"]) for s in range(game.players(final))]
    assert game.rounds_done(final) >= 1
    assert sorted(game.cards(final)) == sorted(game.full_deck(game.check_options(options)))

    replay = game.new_game(options, seed)
    for move in moves:
        replay = game.play(replay, move)
    assert game.to_json(replay) == game.to_json(final), "same seed and moves, different game"


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_illegal_moves_say_why(game):
    state = game.new_game({}, "illegal")
    for bad in ("", "nonsense", "99,99 99"):
        with pytest.raises(IllegalMove) as err:
            game.play(state, bad)
        assert err.value.code and str(err.value)
    assert game.outcome(state) is None


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_bad_options_are_refused(game):
    with pytest.raises(ValueError):
        game.new_game({"no_such_option": 1}, "x")
    with pytest.raises(ValueError):
        game.new_game({"players": 99}, "x")


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.id)
def test_seed_decides_the_deal(game):
    same = [game.to_json(game.new_game({}, "s1")) for _ in range(2)]
    assert same[0] == same[1]
    assert game.to_json(game.new_game({}, "s2")) != same[0]
