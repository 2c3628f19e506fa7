"""Zéro Pointé AI bench: medium against easy in seeded two-player games, seats alternating.

    python bench/zero_pointe_ai.py [--games N]

Prints each level's average round score (after the closer's doubling), medium's game win rate
and its mean and worst time per move (CPython, CPU time).
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from games.zero_pointe import ZERO_POINTE as G  # noqa: E402

LEVELS = ("medium", "easy")


def play_game(seed: str, medium_seat: int, rounds: dict, times: list) -> float:
    """Play one game; add each level's round scores to ``rounds``. Medium's share of the win."""
    kinds = ["easy", "easy"]
    kinds[medium_seat] = "medium"
    state = G.new_game({"players": 2}, seed)
    last = None
    while G.to_move(state) is not None:
        seat = G.to_move(state)
        view = G.view(state, seat)
        rng = random.Random(f"{seed}:ai:{state.ply}")
        start = time.process_time()
        move = ai.choose(G.id, kinds[seat], view, G.legal_moves(state), rng)
        if kinds[seat] == "medium":
            times.append(time.process_time() - start)
        state = G.play(state, move)
        if state.last_round is not last:
            last = state.last_round
            for s, score in enumerate(last["scores"]):
                rounds[kinds[s]].append(score)
    winners = G.outcome(state)["winners"]
    return (medium_seat in winners) / len(winners)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    rounds = {level: [] for level in LEVELS}
    times = []
    began = time.perf_counter()
    won = sum(play_game(f"bench:{i}", i % 2, rounds, times) for i in range(args.games))
    wall = time.perf_counter() - began

    print(f"Zéro Pointé, 2 players, medium vs easy: {args.games} games, "
          f"{len(rounds['medium'])} rounds, {wall:.1f} s")
    print(f"{'':<32}{'medium':>10}{'easy':>10}")
    print(f"{'average round score':<32}" + "".join(
        f"{sum(rounds[level]) / len(rounds[level]):>10.2f}" for level in LEVELS))
    print(f"{'game win rate':<32}{100 * won / args.games:>9.1f}%{100 * (1 - won / args.games):>9.1f}%")
    print(f"{'mean time per move (CPU)':<32}{1000 * sum(times) / len(times):>8.2f}ms{'-':>10}")
    print(f"{'worst time per move (CPU)':<32}{1000 * max(times):>8.2f}ms{'-':>10}")


if __name__ == "__main__":
    main()
