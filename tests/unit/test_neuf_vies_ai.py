"""Neuf vies' medium computer player: the rules file's tips in positions, then its strength."""
import random

import pytest
from test_neuf_vies_positions import play, table

import ai
from games.neuf_vies import GAME as G


def medium(state, seed=0):
    seat = G.to_move(state)
    legal = G.legal_moves(state)
    move = ai.choose("neuf-vies", "medium", G.view(state, seat), legal, random.Random(seed))
    assert move in legal
    return move


def test_a_spirit_goes_on_the_richest_opponent_column():
    state = table("", "? ? r8 | b5 | ? g3", hands=[["s"], ["j"]])
    assert medium(state) == "place s.a 1 0"


def test_a_twin_attack_on_the_best_column():
    state = table("? b5", "? ? r8 | g3", hands=[["r8", "g3"], ["j"]])
    assert medium(state) == "place r8.a0 1 0"


def test_a_won_9x2_goes_under_the_highest_multiplier():
    state = table("? ? r8 | ?", "", hands=[["j"], ["j"]], phase="put", holding="?")
    assert medium(state) == "put 0"


def test_it_keeps_a_twin_of_its_best_column_in_hand():
    state = table("? ? ? b5", "", hands=[["b5", "o2"], ["j"]])
    assert medium(state).startswith("place o2.a0 0 ")


def test_it_counters_an_attack_on_its_best_column_with_the_twin_first():
    state = table("? ? ? r8 | o2", "", hands=[["r1", "j"], ["g3"]], phase="counter",
                  attack=(0, 0, "r1"), current=1)
    assert medium(state) == "counter r1.a0"


def test_it_keeps_its_joker_when_the_attack_costs_little():
    state = table("? ? ? r8 | o2", "", hands=[["j"], ["g3"]], phase="counter",
                  attack=(0, 1, "o2"), current=1)
    assert medium(state) == "allow"


def test_it_renews_a_countered_attack():
    state = table("", "? r8", hands=[["r8", "r8"], ["r8"]])
    state = play(state, "place r8.a0 1 0", "counter r8.c0")
    assert medium(state) == "renew r8.b0"


def test_a_forced_discard_gives_up_the_least_useful_card():
    state = table("g3 | b4 | o2 | ? ? ? g6", "b5 s", hands=[["r8", "s", "j"], ["j"]])
    assert medium(state) == "discard r8.a0"


def play_match(players: int, seed: str, medium_seat: int) -> float:
    state = G.new_game({"players": players}, seed)
    while G.to_move(state) is not None:
        seat = G.to_move(state)
        level = "medium" if seat == medium_seat else "easy"
        move = ai.choose(G.id, level, G.view(state, seat), G.legal_moves(state),
                         random.Random(f"{seed}:{state.ply}"))
        state = G.play(state, move)
    winners = G.outcome(state)["winners"]
    return (medium_seat in winners) / len(winners)


@pytest.mark.parametrize("players,games,least", [(2, 40, 30), (4, 20, 10)])
def test_medium_beats_easy(players, games, least):
    won = sum(play_match(players, f"strength:{i}", i % players) for i in range(games))
    assert won >= least
