"""Zéro Pointé's guide for the hard level: it names one move, so there is no search.

Search gained little here over a good estimate (rollouts need a cheap player, which misjudges
when to close); what loses rounds against the medium player is closing them too readily (it is
doubled in about a seventh of two-player rounds against this level, which almost never is).
So the hard level is the medium estimate with its own closing rule (``Careful``): a move that
closes the round is played only if it is very likely to end lowest (or cannot be doubled), or
if nothing else is legal. When no move improves the grid by more than STILL while a closing
move is at hand, it draws rather than swap idly: two cautious players swapping equal cards
would spin a round on for ever.
"""
from ai import zero_pointe as medium
from ai.search import Guide

SAFE = 0.85     # the chance of ending lowest that a closing move needs (0.8 won 3 points
                # less on two sets of 200 games)
STILL = 0.25    # a move that lowers the estimate by no more than this is idle
UNSAFE = 1e6    # what an unsafe closing move pays on top of its expected doubling


class Careful(medium.Estimate):
    """The medium estimate, closing the round only when it is safe or nothing else helps."""

    def closing_risk(self, final: float, unknown: int):
        if final <= 0:
            return medium.OPEN
        lowest = self.lowest_chance(final, unknown)
        cost = (1.0 - lowest) * (self.multiplier - 1) * final
        return cost if lowest >= SAFE else cost + UNSAFE

    def scores(self, options) -> list:
        return [gain - risk for gain, risk in options]


def candidates(view: dict, legal: list, rng) -> list:
    if view["phase"] == "columns":
        return [medium.medium(view, legal, rng)]
    scores = medium.scored(view, legal, Careful)
    best = max(scores)
    move = rng.choice([m for m, score in zip(legal, scores) if score >= best - 1e-9])
    if (best <= STILL and "draw" in legal and not _closes(view, move)
            and any(_closes(view, m) for m in legal)):
        move = "draw"  # rather than an idle swap: a new card may help
    return [move]


def _closes(view: dict, move: str) -> bool:
    """Whether ``move`` leaves the seat without a face-down card (it then closes the round)."""
    if view["closer"] is not None or move == "draw":
        return False
    down = [(row, col) for row, cells in enumerate(view["grids"][view["seat"]])
            for col, cell in enumerate(cells) if cell is not None and cell.get("down")]
    if len(down) != 1:
        return False
    kind, *where = move.split(" ")
    return kind in ("reject", "turn") or tuple(map(int, where)) == down[0]


GUIDE = Guide(candidates=candidates)  # one candidate: no search
