"""Zéro Pointé's medium computer player: the source's tips in positions, then its strength."""
import random

import pytest
from test_zero_pointe_positions import table

import ai
from games.zero_pointe import ZERO_POINTE as G

ANY = "? ? ? ? ? ? ? ? ? ? ? ?"


def medium(state, seed=0):
    seat = G.to_move(state)
    legal = G.legal_moves(state)
    move = ai.choose("zero-pointe", "medium", G.view(state, seat), legal, random.Random(seed))
    assert move in legal
    return move


def test_replaces_its_highest_card_with_a_low_discard():
    state = table("""12 3 ? ?
                      2 ? ? ?
                      1 ? ? ?""", ANY, discard=(-2,))
    assert medium(state) == "take 0 0"


def test_completes_a_column_then_removes_it():
    state = table("""7 3 ? ?
                     7 ? ? ?
                     2 ? ? ?""", ANY, discard=(7,))
    assert medium(state) == "take 2 0"
    assert medium(G.play(state, "take 2 0")) == "remove 0"


@pytest.mark.parametrize("value,move", [(4, "remove 0"), (0, "leave 0"), (-1, "leave 0")])
def test_removes_a_column_only_when_it_pays(value, move):
    v = str(value)
    state = table(f"""{v} ? ? ?
                      {v} ? ? ?
                      {v} ? ? ?""", ANY, phase="columns", pending=(0,))
    assert medium(state) == move


def test_rejects_a_high_card_while_it_has_face_down_cards():
    state = table("""0 1 ? ?
                     1 0 ? ?
                     ? ? ? ?""", ANY, phase="drawn", drawn=12)
    assert medium(state) == "reject"


def test_turns_its_second_opening_card_beside_a_high_first_one():
    state = table("""9 ? ? ?
                     ? ? ? ?
                     ? ? ? ?""", ANY, phase="opening")
    assert medium(state) in ("turn 1 0", "turn 2 0")  # a pair of 9s would be worth completing


BEHIND = """3 3 2  2
            1 1 0  0
            3 2 1 ?5"""  # 18 face up
FAR_AHEAD = """-2 -2 -1 -1
               -1 -1  0  0
               -2 -2  0  ?"""  # -12 face up


def test_does_not_close_when_another_is_expected_lower():
    state = table(BEHIND, FAR_AHEAD, phase="drawn", drawn=-2)
    # The -2 on its face-down slot would gain most, but it would close the round at 16 points.
    move = medium(state)
    assert move not in ("keep 2 3", "reject") and move.startswith("keep")


def test_closes_when_it_expects_the_lowest_score():
    low = """1 1 0  0
             2 0 1  1
             0 2 1 ?5"""  # 9 face up
    high = """9 9 8 8
              7 7 6 6
              5 5 4 ?"""
    state = table(low, high, phase="drawn", drawn=0)
    assert medium(state) == "keep 2 3"
    after = G.play(state, "keep 2 3")
    assert after.closer == 0


def test_in_its_last_turn_it_just_lowers_its_score():
    state = table(BEHIND, "0 0 1 1 2 2 3 3 4 4 5 5", closer=1, phase="drawn", drawn=-2)
    assert medium(state) == "keep 2 3"  # closing is no risk now: its face-down card is the worst


def test_medium_scores_far_lower_than_easy():
    """40 seeded two-player games, seats alternating: average round score of each level."""
    scores = {"medium": [], "easy": []}
    for game in range(40):
        kinds = ("medium", "easy") if game % 2 == 0 else ("easy", "medium")
        state = G.new_game({"players": 2}, f"strength:{game}")
        rng = random.Random(game)
        last = None
        while G.to_move(state) is not None:
            seat = G.to_move(state)
            move = ai.choose(G.id, kinds[seat], G.view(state, seat), G.legal_moves(state), rng)
            state = G.play(state, move)
            if state.last_round is not last:
                last = state.last_round
                for s, score in enumerate(last["scores"]):
                    scores[kinds[s]].append(score)
    medium_avg = sum(scores["medium"]) / len(scores["medium"])
    easy_avg = sum(scores["easy"]) / len(scores["easy"])
    assert medium_avg + 25 < easy_avg and medium_avg < easy_avg / 3, (medium_avg, easy_avg)
