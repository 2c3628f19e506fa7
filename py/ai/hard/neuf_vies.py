"""Neuf vies' guide for the hard search.

Candidates: the medium player's best few moves that differ, its choice first (every move in
answer to an attack: there are few). Moves that do the same (another copy of the card, another
empty slot, a column like the other) count once: before, the four were often one move several
times, and the hard level won little more than the medium one (50 % of 100 games on `--seed
nv1`, 55 % of 200 on `fresh2`); with four different ones it won 67.5 % of 100 on `nv1` (95 %
57.8-75.9), 70 % of 200 on `fresh5` (63.3-75.9, final scores 73.7 against 58.2), 58.5 % of
200 on `fresh2` (51.6-65.1) and 67.5 % of 200 on `bench` (60.7-73.6): 65.6 % of the 700, with
25 worlds for each of the four. Now up to 60 worlds, the better two alone after 16, a decision
ended once one leads by 2 standard errors: 65.0 % on `bench` (58.2-71.3), 65.5 % on `fresh2`
(58.7-71.7), 64.8 % on `fresh5` (57.9-71.0), 69.5 % on `fresh6` (62.8-75.5): 66.2 % of 800,
no gain overall on the sets both ran (65.1 against 65.3 % of 600) but no weak set (75 worlds
for each of the four gave 62.8 % on `fresh2`); about 57 ms a move in CPython on a loaded
2-core machine (worst 171 ms). 4 plies as before.

Rollouts: a few plies played by the medium player from each seat's own view (it answers
attacks, renews them, puts won cards), then the position judged by the score: each seat's lead
over the best other seat, squashed into (0, 1). The game's end is judged by its outcome.
"""
import math

from ai import neuf_vies as medium
from ai.search import Guide
from games.neuf_vies import GAME
from games.neuf_vies.cards import face

KEEP = 4          # candidate moves kept from the medium player's ranking
ITERATIONS = 60   # worlds per decision at most (see bench/strength.py for the time it takes)
HALVE = (16,)     # after so many worlds, only the better two candidates race on
SETTLE = 2.0      # standard errors of lead that end a decision early (search.Guide.settle)
PLIES = 4         # medium's moves in a rollout before the position is judged
SCALE = 25.0      # a lead of this many points is worth about 0.73


def candidates(view: dict, legal: list, rng) -> list:
    first = medium.medium(view, legal, rng)
    rest = [move for move in legal if move != first]
    if view["phase"] in ("counter", "renew"):
        return [first] + rest
    scores = dict(zip(legal, medium.scores(view, legal)))
    kept, seen = [first], {_kind(view, first)}
    for move in sorted(rest, key=lambda move: -scores[move]):
        # Moves that differ only by which copy of a card or which of two like columns do the
        # same: one of them is enough, and the search's worlds go to moves that differ.
        if len(kept) < KEEP and _kind(view, move) not in seen:
            kept.append(move)
            seen.add(_kind(view, move))
    return kept


def _kind(view: dict, move: str) -> tuple:
    """What a move does: the card's face and the column it goes to, by its content."""
    parts = move.split(" ")
    if parts[0] == "discard":
        return (face(parts[1]),)
    card, seat, col = ((face(parts[1]), int(parts[2]), int(parts[3])) if parts[0] == "place"
                       else (None, view["seat"], int(parts[1])))
    slot = view["tableaux"][seat][col]
    return card, seat, slot and tuple(c.get("back") or face(c["id"]) for c in slot["cards"])


def rollout(world, done: int, rng) -> list:
    for _ in range(PLIES):
        seat = GAME.to_move(world)
        if seat is None:
            return GAME.returns(world)
        world = GAME.play(world, medium.medium(GAME.view(world, seat), GAME.legal_moves(world), rng))
    if GAME.to_move(world) is None:
        return GAME.returns(world)
    scores = GAME.scores(world)
    return [1.0 / (1.0 + math.exp(-(score - max(s for i, s in enumerate(scores) if i != seat))
                                  / SCALE))
            for seat, score in enumerate(scores)]


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates, halve=HALVE,
              settle=SETTLE)
