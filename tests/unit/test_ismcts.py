"""The information-set tree search (bench/ismcts.py, an experiment of issue 30): legal, seeded,
blind to hidden cards, in slices, and counting a move's availability, not its parent's visits;
``bench/strength.py --tree`` plays the hard level with it. Few iterations: its strength is
measured by bench/strength.py."""
import math
import pathlib
import random
import sys
from dataclasses import replace

import pytest
from test_hard_ai import midgame, named

import ai
from ai import search
from games import registry

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))
import ismcts  # noqa: E402
import strength  # noqa: E402

SEARCHING = [pytest.param(registry.get(id), id=id) for id in ("punto", "punttu", "neuf-vies")]


def tree(game, state, seed=0, iterations=24) -> list:
    """The steps of the tree search at that state, the move last (checked legal)."""
    seat = game.to_move(state)
    guide = replace(ai.guide(game.id), iterations=iterations)
    legal = game.legal_moves(state)
    steps = list(ismcts.think(game, state, seat, game.view(state, seat), legal,
                              random.Random(seed), guide))
    assert steps[-1] in legal
    return steps


@pytest.mark.parametrize("game", SEARCHING)
@pytest.mark.parametrize("plies", [3, 12])
def test_same_view_same_move_whatever_the_hidden_cards(game, plies):
    state = midgame(game, plies, f"tree{plies}")
    seat = game.to_move(state)
    other = game.determinize(state, seat, random.Random("another world"))
    assert game.view(other, seat) == game.view(state, seat)
    assert tree(game, other, seed=5)[-1] == tree(game, state, seed=5)[-1]


def test_it_thinks_in_slices_one_per_iteration():
    game = registry.get("punto")
    state = midgame(game, 9, "slices")
    seat = game.to_move(state)
    candidates, scoring = named(ai.guide("punto"), game.view(state, seat),
                                game.legal_moves(state))
    assert len(candidates) > 1
    steps = tree(game, state, iterations=30)
    assert steps[:-1] == [None] * (scoring + 1 + 30)
    assert steps[-1] in candidates


def test_strength_plays_the_hard_level_with_the_tree(monkeypatch):
    game = registry.get("punttu")
    state = midgame(game, 4, "guided")
    seat = game.to_move(state)
    guide = replace(ai.guide("punttu"), iterations=24)
    monkeypatch.setattr(ai, "guide", lambda game_id: guide)
    monkeypatch.setattr(search, "think", search.think)  # put back after the test
    strength.use_tree()
    chosen = ai.choose("punttu", "hard", game.view(state, seat), game.legal_moves(state),
                       random.Random(2), state)
    assert chosen == tree(game, state, seed=2)[-1]


def test_a_move_is_judged_by_the_worlds_where_it_was_legal():
    root, rng = ismcts.Node("", 0), random.Random(0)
    first = root.select(["x"], 1, rng)
    first.visits, first.total = 1, 1.0
    second = root.select(["x", "y"], 1, rng)
    second.visits, second.total = 1, 0.0
    assert (first.move, second.move) == ("x", "y")
    for _ in range(6):  # worlds where only x is legal: y is neither chosen nor counted
        assert root.select(["x"], 1, rng) is first
        first.visits += 1
    assert (first.available, second.available) == (8, 1)
    assert root.select(["x", "y"], 1, rng) is second  # seen once in 2 worlds: explored now
    assert second.available == 2


@pytest.mark.parametrize("n", [1, 2, 3, 7, 100, 1000, 12345])
def test_its_logarithm_is_the_natural_one(n):
    assert ismcts._ln(n) == pytest.approx(math.log(n), rel=1e-15, abs=1e-15)


def test_an_unsearched_decision_is_the_lone_candidate():
    game = registry.get("punttu")
    state = midgame(game, 2, "lone")
    seat = game.to_move(state)
    guide = replace(ai.guide("punttu"), iterations=5,
                    candidates=lambda view, legal, rng: legal[:1])
    steps = list(ismcts.think(game, state, seat, game.view(state, seat),
                              game.legal_moves(state), random.Random(0), guide))
    assert steps == [game.legal_moves(state)[0]]
    assert search.last_move(iter(steps)) == steps[0]


def test_punttu_moves_of_one_value_are_one_node():
    """In Punttu only a card's number counts: the tree keeps one move per value, each value
    that is legal once; other games' moves are kept as they are."""
    from games.punttu.cards import VALUES
    from games.punttu.schema import parse_move
    game = registry.get("punttu")
    state = game.new_game(game.check_options({"players": 2}), "distinct")
    legal = game.legal_moves(state)
    kept = ismcts.distinct("punttu", legal)
    value = lambda move: VALUES[parse_move(move).card]  # noqa: E731
    assert set(kept) <= set(legal)
    assert sorted(map(value, kept)) == sorted(set(map(value, legal)))
    assert len(kept) < len(legal)  # the seed's hand holds two cards of one value
    other = registry.get("punto")
    moves = other.legal_moves(other.new_game(other.check_options({"players": 2}), "distinct"))
    assert ismcts.distinct("punto", moves) == moves
