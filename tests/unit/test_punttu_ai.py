"""Punttu's medium computer player: the source's tips in positions, the exact endgame, and its
strength against the random player."""
import random

import pytest
from test_punttu import arranged, play

import ai
from games.punttu import GAME as G


def medium(state, seed=0):
    seat = G.to_move(state)
    legal = G.legal_moves(state)
    move = ai.choose("punttu", "medium", G.view(state, seat), legal, random.Random(seed))
    assert move in legal
    return move


def test_leads_its_lowest_card():
    state = arranged(2, [["o7", "c6", "b12"], ["o3", "c4", "b1"]], dealer=1)
    assert medium(state) == "play b12"


def test_beats_a_trick_as_cheaply_as_it_can():
    state = play(arranged(2, [["o3", "c5", "b1"], ["c4", "e7", "b11"]], dealer=1), "o3")
    assert medium(state) == "play c4"
    state = play(arranged(2, [["o1", "c5", "b1"], ["c7", "e2", "b11"]], dealer=1), "o1")
    assert medium(state) == "play e2"


def test_spends_a_seven_on_a_trick_worth_it():
    state = play(arranged(2, [["o6", "c5", "b1"], ["c7", "e2", "b11"]], dealer=1), "o6")
    assert medium(state) == "play c7"


@pytest.mark.parametrize("players", [2, 3])
def test_throws_its_lowest_card_when_it_cannot_win(players):
    hands = [["o7", "c5", "b1"], ["c6", "e5", "b11"], ["c2", "e3", "b4"]][:players]
    state = play(arranged(players, hands, dealer=players - 1), "o7")  # a seven led: unbeatable
    assert medium(state) == "play b11"


def _exact(state, me) -> int:
    """My points less the other's over the rest of a two-player deal, both playing perfectly
    (the stock is empty: nothing is hidden from a player who remembers the cards)."""
    if G.to_move(state) is None:
        points = state.last_round["points"]
        return points[me] - points[1 - me]
    results = [_exact(G.play(state, move), me) for move in G.legal_moves(state)]
    return max(results) if G.to_move(state) == me else min(results)


@pytest.mark.parametrize("seed", range(6))
def test_plays_the_last_tricks_perfectly_with_two_players(seed):
    rng = random.Random(seed)
    state = G.new_game({}, f"end{seed}")
    while state.stock or not state.hands[G.to_move(state)][1:]:
        state = G.play(state, rng.choice(G.legal_moves(state)))
    me = G.to_move(state)
    best = _exact(state, me)
    assert _exact(G.play(state, medium(state)), me) == best


def test_uses_the_cards_seen_without_the_memory_aid():
    """The same choice with and without the aid: it remembers the tricks by itself."""
    moves = set()
    for aid in (False, True):
        state = G.new_game({"players": 3, "memory_aid": aid, "dealer": 0}, "memory")
        rng = random.Random(4)
        for _ in range(14):
            state = G.play(state, rng.choice(G.legal_moves(state)))
        moves.add(medium(state))
    assert len(moves) == 1


def play_deal(seed: str, players: int, medium_seat: int) -> tuple:
    """(medium's share of the win, its points) in one deal against random players."""
    state = G.new_game({"players": players}, seed)
    while G.to_move(state) is not None:
        seat = G.to_move(state)
        level = "medium" if seat == medium_seat else "easy"
        rng = random.Random(f"{seed}:ai:{state.ply}")
        state = G.play(state, ai.choose("punttu", level, G.view(state, seat),
                                        G.legal_moves(state), rng))
    outcome = G.outcome(state)
    share = (medium_seat in outcome["winners"]) / len(outcome["winners"])
    return share, outcome["scores"][medium_seat]


def test_medium_beats_easy_in_most_deals():
    results = [play_deal(f"strength:{i}", 2, i % 2) for i in range(40)]
    assert sum(share for share, _ in results) >= 28  # about 80 % in the bench; 50 % by chance
    assert sum(points for _, points in results) / 40 > 70  # of 124


def test_medium_takes_more_than_its_share_with_four_players():
    results = [play_deal(f"strength4:{i}", 4, i % 4) for i in range(40)]
    assert sum(points for _, points in results) / 40 > 36  # 31 would be an even share
    assert sum(share for share, _ in results) >= 14  # 10 by chance
