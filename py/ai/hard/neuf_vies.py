"""Neuf vies' guide for the hard search.

Candidates: the medium player's best few moves that differ, its choice first (every move in
answer to an attack: there are few). Moves that do the same (another copy of the card, another
empty slot, a column like the other) count once, so that the search's worlds go to moves that
differ rather than to one move weighed several times. Up to ITERATIONS worlds a decision; after
HALVE[0] only the better two race on, and the decision ends once one leads by SETTLE standard
errors. How strong this is and what was tried: bench/NOTES.md.

Rollouts: a few plies played by the medium player from each seat's own view (it answers
attacks, renews them, puts won cards), then the position judged by the score: each seat's lead
over the best other seat, squashed into (0, 1). The game's end is judged by its outcome.
"""
import math
import random
from typing import cast

from ai import neuf_vies as medium
from ai.search import Guide
from games.neuf_vies import GAME
from games.neuf_vies.cards import face
from games.neuf_vies.schema import Discard, Place, Put, View, parse_move
from games.neuf_vies.state import State

KEEP = 4          # candidate moves kept from the medium player's ranking
ITERATIONS = 60   # worlds per decision at most (see bench/strength.py for the time it takes)
HALVE = (16,)     # after so many worlds, only the better two candidates race on
SETTLE = 2.0      # standard errors of lead that end a decision early (search.Guide.settle)
PLIES = 4         # medium's moves in a rollout before the position is judged
SCALE = 25.0      # a lead of this many points is worth about 0.73


def candidates(view: dict, legal: list[str], rng: random.Random) -> list[str]:
    seen = cast(View, view)
    first = medium.medium(seen, legal, rng)
    rest = [move for move in legal if move != first]
    if seen["phase"] in ("counter", "renew"):
        return [first] + rest
    scores = dict(zip(legal, medium.scores(seen, legal)))
    kept, kinds = [first], {_kind(seen, first)}
    for move in sorted(rest, key=lambda move: -scores[move]):
        # Moves that differ only by which copy of a card or which of two like columns do the
        # same: one of them is enough, and the search's worlds go to moves that differ.
        if len(kept) < KEEP and _kind(seen, move) not in kinds:
            kept.append(move)
            kinds.add(_kind(seen, move))
    return kept


def _kind(view: View, move: str) -> tuple:
    """What a move does: the card's face and the column it goes to, by its content."""
    parsed = parse_move(move)
    if isinstance(parsed, Discard):
        return (face(parsed.card),)
    if isinstance(parsed, Place):
        card, seat, col = face(parsed.card), parsed.seat, parsed.col
    else:
        assert isinstance(parsed, Put)
        card, seat, col = None, view["seat"], parsed.col
    slot = view["tableaux"][seat][col]
    return card, seat, slot and tuple(True if "back" in c else face(c["id"]) for c in slot["cards"])


def rollout(world: State, done: int, rng: random.Random) -> list[float]:
    for _ in range(PLIES):
        seat = GAME.to_move(world)
        if seat is None:
            return GAME.returns(world)
        world = GAME.play(world, medium.medium(GAME.view(world, seat), GAME.legal_moves(world), rng))
    if GAME.to_move(world) is None:
        return GAME.returns(world)
    scores = GAME.rules.scores(world)
    return [1.0 / (1.0 + math.exp(-(score - max(s for i, s in enumerate(scores) if i != seat))
                                  / SCALE))
            for seat, score in enumerate(scores)]


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates, halve=HALVE,
              settle=SETTLE)
