"""Neuf vies AI bench: one medium player against easy ones in seeded games, medium's seat
rotating, with 2 and with 4 players.

    python bench/neuf_vies_ai.py [--games N]

Prints, per player count, medium's win rate (a shared win counts as a share) with its 95 %
Wilson interval, each level's average final score, and medium's mean and worst time per move
(CPython, CPU time).
"""
import argparse
import math
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import ai  # noqa: E402
from games.neuf_vies import NEUF_VIES as G  # noqa: E402

Z95 = 1.96


def wilson(wins: float, games: int) -> tuple:
    """The 95 % Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + Z95 ** 2 / (2 * games)) / (1 + Z95 ** 2 / games)
    spread = math.sqrt(p * (1 - p) / games + Z95 ** 2 / (4 * games ** 2))
    half = Z95 * spread / (1 + Z95 ** 2 / games)
    return centre - half, centre + half


def play_game(players: int, seed: str, medium_seat: int, scores: dict, times: list) -> float:
    """One game; adds each level's final scores to ``scores``. Medium's share of the win."""
    kinds = ["easy"] * players
    kinds[medium_seat] = "medium"
    state = G.new_game({"players": players}, seed)
    while G.to_move(state) is not None:
        seat = G.to_move(state)
        rng = random.Random(f"{seed}:ai:{state.ply}")
        start = time.process_time()
        move = ai.choose(G.id, kinds[seat], G.view(state, seat), G.legal_moves(state), rng)
        if kinds[seat] == "medium":
            times.append(time.process_time() - start)
        state = G.play(state, move)
    outcome = G.outcome(state)
    for seat, score in enumerate(outcome["scores"]):
        scores[kinds[seat]].append(score)
    return (medium_seat in outcome["winners"]) / len(outcome["winners"])


def bench(players: int, games: int) -> None:
    scores = {"medium": [], "easy": []}
    times = []
    began = time.perf_counter()
    won = sum(play_game(players, f"bench:{players}:{i}", i % players, scores, times)
              for i in range(games))
    wall = time.perf_counter() - began
    low, high = wilson(won, games)
    print(f"Neuf vies, {players} players, medium vs easy: {games} games, {wall:.1f} s")
    print(f"  medium win rate             {100 * won / games:6.1f}%  "
          f"(95% {100 * low:.1f}-{100 * high:.1f}%; fair share {100 / players:.1f}%)")
    for level in ("medium", "easy"):
        print(f"  average final score {level:<8}{sum(scores[level]) / len(scores[level]):8.1f}")
    print(f"  medium time per move (CPU)  mean {1000 * sum(times) / len(times):.2f} ms, "
          f"worst {1000 * max(times):.2f} ms over {len(times)} moves")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    ai.player(G.id, "medium")  # import it now: the first move's time is not the import's
    for players in (2, 4):
        bench(players, args.games)


if __name__ == "__main__":
    main()
