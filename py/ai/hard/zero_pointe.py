"""Zéro Pointé's guide for the hard search.

The medium player's estimate decides; the search only settles the moves it scores within a
point of the best (up to three). Rollouts play the round to its end with a cheap rule (take or
keep a card that pairs a column or beats a face-up card by a margin, else draw or reject; never
swap equal cards, which could go round for ever), and a round is worth each seat's lead in
round points over the best other seat, squashed into (0, 1). The tree stops at the root
(``depth=1``): below it one node stood for every card a draw may bring, so the search valued
keeping as if one slot suited them all, and drew too little (7 of 30 games against medium with
the tree, 14 of 30 without).

Not kept: closing only when very likely lowest (paying the whole expected doubling). Against
the medium player, two seats that both refuse to close swapped cards for ever (a round of
3,000 moves); medium's own closing rule is what ends a tight round.
"""
import math

from ai import zero_pointe as medium
from ai.search import Guide
from games.zero_pointe import GAME
from games.zero_pointe import grid as G
from games.zero_pointe.cards import card_value

KEEP = 3          # candidate moves kept from medium's ranking...
CLOSE = 1.0       # ...if they score within this many points of the best: the search only
                  # settles what the estimate cannot tell apart
ITERATIONS = 45   # per decision (see bench/strength.py for the time it takes)
MAX_PLIES = 150   # a rollout that has not ended its round by then is judged as it stands
BETTER = 3        # how much lower a card must be than the face-up card it replaces
LOW = 3           # a card this low is worth putting on a face-down card
SCALE = 8.0       # a lead of this many round points is worth about 0.73


def candidates(view: dict, legal: list, rng) -> list:
    if view["phase"] == "columns":
        return [medium.medium(view, legal, rng)]
    scores = medium.scored(view, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    best = scores[order[0]]
    return [legal[i] for i in order[:KEEP] if scores[i] >= best - CLOSE]


def rollout(world, done: int, rng) -> list:
    for _ in range(MAX_PLIES):
        if GAME.to_move(world) is None or GAME.rounds_done(world) != done:
            break
        world = GAME.play(world, _rule(world, rng))
    if GAME.to_move(world) is None:
        return GAME.returns(world)
    if GAME.rounds_done(world) != done:
        points = world.last_round["scores"]
    else:
        points = [G.score(grid) for grid in world.grids]
    return [1.0 / (1.0 + math.exp((mine - min(p for i, p in enumerate(points) if i != seat))
                                  / SCALE))
            for seat, mine in enumerate(points)]


def _rule(world, rng) -> str:
    """The rollout's move, from the mover's face-up cards only."""
    grid = world.grids[world.current]
    phase = world.phase
    if phase in ("opening", "turn_after_reject"):
        return GAME.legal_moves(world)[int(rng.random() * len(G.face_down(grid)))]
    if phase == "columns":
        col = world.pending[0]
        return f"remove {col}" if card_value(grid[G.column(col)[0]][0]) > 0 else f"leave {col}"
    card = world.discard[-1] if phase == "turn" else world.drawn
    slot = _slot_for(grid, card_value(card))
    kind = "take" if phase == "turn" else "keep"
    if slot is not None:
        return f"{kind} {slot // G.COLS} {slot % G.COLS}"
    if phase == "turn":
        return "draw"
    if G.face_down(grid):
        return "reject"
    worst = max(G.filled(grid), key=lambda i: card_value(grid[i][0]))
    return f"keep {worst // G.COLS} {worst % G.COLS}"


def _slot_for(grid, value: int):
    """Where a card of ``value`` is worth putting, or None: into a column it pairs, over a
    face-up card at least BETTER higher, or over a face-down card when it is LOW."""
    seen = [card_value(slot[0]) if slot is not None and slot[1] else None for slot in grid]
    if value > 0:
        for col in range(G.COLS):
            cells = G.column(col)
            if grid[cells[0]] is not None and any(seen[i] == value for i in cells):
                others = [i for i in cells if seen[i] != value]
                if others:  # the face-down card first, else the highest
                    return max(others, key=lambda i: 99 if seen[i] is None else seen[i])
    up = [i for i, v in enumerate(seen) if v is not None]
    if up:
        worst = max(up, key=lambda i: seen[i])
        if seen[worst] - value >= BETTER:
            return worst
    down = G.face_down(grid)
    if down and value <= LOW:
        return down[0]
    return None


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates, depth=1)
