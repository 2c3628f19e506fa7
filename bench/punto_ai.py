"""Punto AI bench: medium against easy in seeded two-player matches, seats alternating.

    python bench/punto_ai.py [--games N] [--players P]

Prints the medium player's match win rate and its mean and worst time per move.
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from games.punto import PUNTO  # noqa: E402


def play_match(seed: str, medium_seat: int, players: int, times: list) -> bool:
    """Play one match; True if the medium player's side won it."""
    state = PUNTO.new_game({"players": players}, seed)
    while PUNTO.to_move(state) is not None:
        seat = PUNTO.to_move(state)
        view = PUNTO.view(state, seat)
        legal = PUNTO.legal_moves(state)
        rng = random.Random(f"{seed}:ai:{state.ply}")
        if seat == medium_seat:
            start = time.process_time()
            move = ai.choose("punto", "medium", view, legal, rng)
            times.append(time.process_time() - start)
        else:
            move = ai.choose("punto", "easy", view, legal, rng)
        state = PUNTO.play(state, move)
    return medium_seat in PUNTO.outcome(state)["winners"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args()
    times = []
    won = sum(play_match(f"bench:{i}", i % args.players, args.players, times)
              for i in range(args.games))
    print(f"punto, {args.players} players, medium vs easy: medium won {won}/{args.games} matches "
          f"({100 * won / args.games:.0f} %)")
    print(f"medium: {len(times)} moves, mean CPU {1000 * sum(times) / len(times):.1f} ms, "
          f"worst {1000 * max(times):.1f} ms per move")


if __name__ == "__main__":
    main()
