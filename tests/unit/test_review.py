"""The review of a player's decisions (coach.review): a planted blunder is found, the hard level's
own moves are not called blunders, and the same review comes out of every run."""
import random

import pytest

from ai import choose, think
from coach import review
from engine.errors import BadOptions
from games import registry
from match import Match

SEATS = [{"kind": "medium", "name": ""}, {"kind": "medium", "name": ""}]


def _punto_blunder():
    """A Punto position (seat 0 to move, the first round going on) where some moves leave the other
    seat a card in its deck that completes a line at once, and others do not; and one of each."""
    for attempt in range(60):
        match = Match.new("punto", {}, f"plant{attempt}", SEATS, think=think)
        while not match.over and match.rounds_done == 0:
            if match.to_move == 0 and len(match.moves) > 6:
                game, state = match.game, match.state
                bad, good = [], []
                for move in match.legal_moves():
                    after = game.play(state, move)
                    if game.rounds_done(after):
                        continue
                    lost = any(game.rounds_done(end := game.play(after, reply)) and end.last_round["winners"] == [1]
                               for reply in game.legal_moves(after))
                    (bad if lost else good).append(move)
                if bad and good:
                    return match, bad[0], good[0]
            match.play(match.computer_move())
    raise AssertionError("no position with a blunder to plant in 60 matches")


def test_a_planted_blunder_is_found_and_a_sound_move_is_not():
    match, bad, good = _punto_blunder()
    ply = len(match.moves)
    for move, costly in ((bad, True), (good, False)):
        played = Match.load({**match.dump(), "moves": match.moves + [move]}, think=think)
        verdict = review.confirm(played, ply)
        print(f"\n{move}: gap {verdict.gap:.3f}, noise {verdict.noise:.3f} in {verdict.worlds} worlds")
        assert verdict.costly is costly and verdict.played == move
        assert review.confirm(played, ply) == verdict  # the same review at every run


def test_the_hard_level_s_own_moves_are_seldom_called_costly():
    """Twelve positions of medium players' matches: the hard level's move at each, weighed. At
    most one may be called costly (the review's noise and the search's own choice both err)."""
    rng, flagged, weighed = random.Random(7), 0, 0
    for attempt in range(4):
        match = Match.new("punto", {}, f"own{attempt}", SEATS, think=think)
        while not match.over and weighed < 3 * (attempt + 1):
            if match.to_move == 0 and len(match.moves) > 4 and rng.random() < 0.3:
                view, legal = match.view(0), match.legal_moves()
                move = choose("punto", "hard", view, legal, random.Random(len(match.moves)), match.state)
                played = Match.load({**match.dump(), "moves": match.moves + [move]}, think=think)
                verdict = review.confirm(played, len(match.moves))
                weighed += verdict is not None
                flagged += verdict is not None and verdict.costly
            match.acknowledge_round()
            match.play(match.computer_move())
    assert weighed == 12 and flagged <= 1


def test_a_review_names_the_costliest_decisions_worst_first():
    match, bad, _ = _punto_blunder()
    played = Match.load({**match.dump(), "moves": match.moves + [bad]}, think=think)
    found = review.review(played, 0)
    assert found and found[0].ply == len(match.moves) and found[0].played == bad
    assert [v.gap for v in found] == sorted((v.gap for v in found), reverse=True)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_review_weighs_decisions_at_the_game_s_largest_table(game_id):
    """The review weighs a decision whatever the number of players (a search may weigh moves
    with two players only: the review still plays its rollouts at eight)."""
    game = registry.get(game_id)
    players = max(n for n in range(2, 9) if _allowed(game, n))
    match = Match.new(game_id, {"players": players}, "largest", [{"kind": "easy", "name": ""}] * players,
                      think=think)
    while not match.over and len(match.moves) < 60:  # an easy player's move: seldom the guide's own
        ply = len(match.moves)
        match.play(match.computer_move())
        verdict = review.confirm(match, ply)
        if verdict is not None:
            assert verdict.played == match.moves[ply] and verdict.seat == match.game.to_move(match.states[ply])
            return
    raise AssertionError("no decision weighed in 60 moves")


def _allowed(game, players: int) -> bool:
    try:
        game.check_options({"players": players})
    except BadOptions:
        return False
    return True
