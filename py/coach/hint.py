"""A hint on a player's turn: the move the hard level would play from that seat's view (its
search, seeded by the match and the move number: the same hint in CPython and in the page's
worker), and why, in the game's words (coach.reasons)."""
import random

import ai
from coach.reasons import Reason, why
from match import Match


def hint(match: Match, seat: int) -> tuple[str, Reason]:
    """The hard level's move for ``seat``, on turn in ``match``, and the fact that makes it."""
    game = match.game
    assert match.to_move == seat, "a hint is for the seat on turn"
    level = "hard" if "hard" in game.levels else game.levels[-1]
    view, legal = match.view(seat), match.legal_moves()
    rng = random.Random(f"{match.seed}:hint:{len(match.moves)}")
    move = ai.choose(game.id, level, view, legal, rng, match.state)
    return move, why(game.id, view, move)
