"""Punttu AI bench: one medium player against easy ones in seeded one-deal games, with 2 and with
4 players, medium's seat rotating.

    python bench/punttu_ai.py [--deals N]

Prints, per player count, medium's win rate (a tie counts as a shared win) with its 95 % Wilson
interval, the average points of medium and of an easy seat, and medium's mean and worst time per
move (CPython, CPU time).
"""
import argparse
import math
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from games.punttu import GAME as G  # noqa: E402

Z95 = 1.96
PLAYERS = {level: ai.player(G.id, level) for level in G.levels}  # imported before any timing


def wilson(wins: float, n: int) -> tuple:
    """The 95 % Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return centre - half, centre + half


def play_deal(seed: str, players: int, medium_seat: int, times: list) -> tuple:
    """(medium's share of the win, medium's points, the easy seats' average points)."""
    state = G.new_game({"players": players}, seed)
    while G.to_move(state) is not None:
        seat = G.to_move(state)
        level = "medium" if seat == medium_seat else "easy"
        view, legal = G.view(state, seat), G.legal_moves(state)
        rng = random.Random(f"{seed}:ai:{state.ply}")
        start = time.process_time()
        move = PLAYERS[level](view, legal, rng)
        if level == "medium":
            times.append(time.process_time() - start)
        state = G.play(state, move)
    winners, scores = G.outcome(state)["winners"], G.outcome(state)["scores"]
    others = [s for seat, s in enumerate(scores) if seat != medium_seat]
    return ((medium_seat in winners) / len(winners), scores[medium_seat],
            sum(others) / len(others))


def bench(players: int, deals: int):
    times = []
    began = time.perf_counter()
    results = [play_deal(f"bench:{players}:{i}", players, i % players, times) for i in range(deals)]
    wall = time.perf_counter() - began
    won = sum(r[0] for r in results)
    low, high = wilson(won, deals)
    print(f"Punttu, {players} players, 1 medium vs {players - 1} easy: {deals} deals, {wall:.1f} s")
    print(f"  medium win rate            {100 * won / deals:6.1f}%  "
          f"(95% Wilson {100 * low:.1f}-{100 * high:.1f}%; {100 / players:.0f}% by chance)")
    print(f"  average points, medium     {sum(r[1] for r in results) / deals:6.1f}")
    print(f"  average points, easy seat  {sum(r[2] for r in results) / deals:6.1f}")
    print(f"  time per move (CPU)        mean {1000 * sum(times) / len(times):.2f} ms, "
          f"worst {1000 * max(times):.2f} ms over {len(times)} moves")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    args = parser.parse_args()
    for players in (2, 4):
        bench(players, args.deals)


if __name__ == "__main__":
    main()
