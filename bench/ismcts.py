"""An information-set tree search (single observer) for the hard level, over the same guides as
the flat search of ``ai.search``: an experiment of issue 30, played by ``bench/strength.py
--tree``. In Punto it measured weaker than the flat search (bench/NOTES.md), so the page does not
use it.

One tree over the moves of every seat, as the searching seat sees them: a node is a move's text
below its parent, whoever plays it, so that worlds which differ in what the seat cannot see
share their nodes. Each iteration deals one world (``game.determinize``, then the guide's
``deal``) and walks down from the root: at each node, among the moves legal in this world, a
move never tried is tried (one at random: the legal moves' order would make the other seats
play the first cells or cards first), else the one of best UCB1, whose
exploration counts the times the move was legal when its parent was walked through (its
availability), not the parent's visits: a move that exists in few worlds is not punished for
the worlds it missed. The root holds only the guide's candidates; a node grows children only
after EXPAND visits (below that, the rollout starts there: a lone visit says too little to
place a move), and the walk stops at the end of the round (the next deal comes from the match
seed). The last move of the walk is played in the guide's compact world (``rules``) when it has
one, and the guide's rollout plays on; every node of the walk adds the value of its mover.

Moves that do the same are one node (``distinct``: Punttu's cards of one value). The tree part
is played with the game's own rules (its legal moves are the game's), the rollout
with the guide's: the simplest way to have legal moves wherever the tree goes. Deterministic for
a given rng: no clock, no set or dict order that depends on hashing text, and UCB's logarithm
computed with + * / alone (the libm of the browser's Python need not round as CPython's does).
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

from ai.search import Guide, stepwise

EXPLORE = 0.7  # UCB1's exploration constant, for values in [0, 1]
EXPAND = 10    # visits a node needs before it grows children (the root always does)


class Node:
    """A move below its parent; ``player`` is the seat that plays it."""
    __slots__ = ("move", "player", "children", "visits", "total", "available")

    def __init__(self, move: str, player: int):
        self.move, self.player = move, player
        self.children: dict[str, Node] = {}
        self.visits, self.total, self.available = 0, 0.0, 0

    def select(self, moves: list[str], player: int, rng: random.Random) -> Node:
        """The child to walk to among ``moves`` (those legal in this world), counted available
        once each: a move never tried first (one at random), else the best by UCB1 on
        availability."""
        untried = []
        for move in moves:
            child = self.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[int(rng.random() * len(untried))]
            fresh = self.children[move] = Node(move, player)
            fresh.available = 1
            return fresh
        return max((self.children[move] for move in moves), key=_ucb)


def think(game: Any, state: Any, seat: int, view: dict, legal: list[str], rng: random.Random,
          guide: Guide) -> Iterator[str | None]:
    """``search.think``'s generator (None after each step, then the move), with a tree."""
    moves = yield from stepwise(guide.candidates(view, legal, rng))
    if len(moves) == 1:
        yield moves[0]
        return
    yield None  # the page's slice may end here
    assert guide.rollout is not None, "a guide of several candidates rolls them out"
    deal = (yield from stepwise(guide.deal(view))) if guide.deal is not None else None
    root = Node("", seat)
    for _ in range(guide.iterations):
        world = game.determinize(state, seat, rng)
        if deal is not None:
            world = deal(world, rng)
        rounds = game.rounds_done(world)
        node, path = root, []
        while True:
            options = moves if node is root else distinct(game.id, game.legal_moves(world))
            child = node.select(options, game.to_move(world), rng)
            path.append(child)
            after = game.play(world, child.move)
            if (child.visits < EXPAND or game.to_move(after) is None
                    or game.rounds_done(after) != rounds):
                break
            world, node = after, child
        if guide.rules is not None:
            after = guide.rules.play(guide.rules.enter(world), child.move)
        values = guide.rollout(after, rounds, rng)
        for child in path:
            child.visits += 1
            child.total += values[child.player]
        yield None
    # The most visited candidate; the candidates' order breaks ties.
    tried = root.children
    yield max(moves, key=lambda move: (tried[move].visits if move in tried else -1,
                                       -moves.index(move)))


def distinct(game_id: str, legal: list[str]) -> list[str]:
    """One move of those that do the same, as the guides' candidates are: in Punttu only a
    card's value counts, and a node per card would split the tree's visits between equals."""
    if game_id != "punttu":
        return legal
    from ai.hard.punttu import move_value
    kept: dict[int, str] = {}
    for move in legal:
        kept.setdefault(move_value(move), move)
    return list(kept.values())


def _ucb(node: Node) -> float:
    return node.total / node.visits + EXPLORE * math.sqrt(_ln(node.available) / node.visits)


LN2 = 0.6931471805599453


def _ln(n: int) -> float:
    """The natural logarithm of ``n`` >= 1 with + * / alone, the same wherever IEEE doubles
    are: n = m * 2**e with m in [0.5, 1) (``frexp`` is exact), then atanh's series for ln m."""
    m, e = math.frexp(n)
    z = (m - 1.0) / (m + 1.0)  # |z| <= 1/3: 20 terms are far below a double's precision
    z2, term, total = z * z, z, 0.0
    for k in range(1, 40, 2):
        total += term / k
        term *= z2
    return e * LN2 + 2.0 * total
