"""The hard level of every game: single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, 2012), written once over the game protocol.

Each iteration deals a world the seat cannot tell from the real one (``game.determinize``),
walks the tree of moves made since the seat's decision (every move of these games is public, so
the move sequence names an information set), adds one node, then lets the game's ``Guide`` play
the world on and score it. A move is judged by the seat that made it; a move that is legal only
in some worlds is judged against how often it was available (UCB with availability counts).
The state is used for nothing but determinizing it: the search knows no card the seat does not.
It never looks past the end of the round: the next deal comes from the match seed, which the
seat must not use, so a move that ends the round is scored there by the guide.

The search is a generator so that the page can run it in slices: ``think`` yields None after
every iteration (well under a millisecond in CPython; the page runs as many as fit in its slice)
and finally the move. ``choose`` runs it to the end. The number of
iterations is fixed per game (not a clock), so the same seed gives the same move in CPython and
in the browser, and a reloaded match goes on as it would have.
"""
import math
import random
from dataclasses import dataclass
from typing import Callable

EXPLORE = 0.7  # UCB exploration constant for rewards in [0, 1]


@dataclass(frozen=True)
class Guide:
    """What one game adds to the search.

    ``rollout(world, rounds, rng)`` plays a determinized world on (with a cheap version of the
    game's medium heuristic), no further than the end of the round after ``rounds`` finished
    ones, and returns one value per seat in [0, 1], higher is better.
    ``candidates(view, legal, rng)`` orders the seat's legal moves, best first, and may keep
    only the promising ones (a guide whose candidates are always one move never searches);
    ``iterations`` is the budget of one decision. ``depth`` bounds the
    tree (None: no bound). In a game of private hands a tree node stands for every hand the
    mover may hold, so the tree plays the others as if they did not know their own cards;
    ``depth=1`` leaves every later move to the rollout, which plays each seat from its hand
    (determinized Monte Carlo at the root).
    ``rules`` (None: the game itself) is a faster stand-in for the game's rules over a compact
    world: ``enter(world)`` turns a determinized world into one, then ``to_move``,
    ``legal_moves``, ``play`` (which may change the world it is given: each iteration enters a
    fresh one) and ``rounds_done`` work on it, and so does the rollout.
    ``paired``: no tree, but every candidate played in each world, its rollout with the same
    luck (determinized Monte Carlo at the root with common random numbers, so that candidates
    are told apart by their own merit rather than by the worlds they drew); ``iterations``
    then counts worlds."""
    rollout: Callable = None
    iterations: int = 0
    candidates: Callable = None
    depth: int = None
    rules: object = None
    paired: bool = False


class _Node:
    __slots__ = ("children", "visits", "reward", "seen")

    def __init__(self):
        self.children = {}  # move -> _Node
        self.visits = 0
        self.reward = 0.0   # summed values of the seat that made the move leading here
        self.seen = 0       # iterations in which this move was legal (availability)


def think(game, state, seat: int, view: dict, legal: list, rng, guide: Guide):
    """Yield None after each iteration, then the chosen move (one of ``legal``)."""
    moves = guide.candidates(view, legal, rng) if guide.candidates else list(legal)
    if len(moves) == 1:
        yield moves[0]
        return
    if guide.paired:
        yield from _paired(game, state, seat, moves, rng, guide)
        return
    root = _Node()
    rules = guide.rules or game
    for _ in range(guide.iterations):
        world = game.determinize(state, seat, rng)
        _iterate(rules, guide.rules.enter(world) if guide.rules else world, root, moves, rng,
                 guide)
        yield None
    # The most visited move; the candidates' order breaks ties.
    yield max(moves, key=lambda m: (root.children[m].visits if m in root.children else -1,
                                    -moves.index(m)))


def choose(game, state, seat: int, view: dict, legal: list, rng, guide: Guide) -> str:
    """The move ``think`` ends with, searched to the end at once."""
    for move in think(game, state, seat, view, legal, rng, guide):
        if move is not None:
            return move


def _paired(game, state, seat: int, moves: list, rng, guide: Guide):
    """Yield None after each rollout, then the candidate of best mean value (the first among
    equals)."""
    rules = guide.rules or game
    totals = [0.0] * len(moves)
    for _ in range(guide.iterations):
        world = game.determinize(state, seat, rng)
        rounds = game.rounds_done(world)
        luck = rng.getrandbits(32)
        for i, move in enumerate(moves):
            after = rules.play(guide.rules.enter(world) if guide.rules else world, move)
            totals[i] += guide.rollout(after, rounds, random.Random(luck))[seat]
            yield None
    yield moves[max(range(len(moves)), key=lambda i: (totals[i], -i))]


def _iterate(rules, world, root: _Node, moves: list, rng, guide: Guide):
    """One iteration: select down the tree with UCB, add one node, roll out, back up.
    ``rules`` is the game or the guide's stand-in for it."""
    path = []  # (node, the seat whose move led to it)
    rounds = rules.rounds_done(world)
    node, options = root, moves
    while options:
        mover = rules.to_move(world)
        fresh = []
        for move in options:
            child = node.children.get(move)
            if child is None:
                fresh.append(move)
            else:
                child.seen += 1
        if fresh:  # the root expands in the guide's order, deeper nodes at random
            move = fresh[0] if node is root else rng.choice(fresh)
            child = node.children[move] = _Node()
            child.seen = 1
        else:
            move = max(options, key=lambda m: _ucb(node.children[m]))
            child = node.children[move]
        world = rules.play(world, move)
        path.append((child, mover))
        if fresh or rules.rounds_done(world) != rounds or len(path) == guide.depth:
            break
        node, options = child, rules.legal_moves(world)
    values = guide.rollout(world, rounds, rng)
    for child, mover in path:
        child.visits += 1
        child.reward += values[mover]


def _ucb(node: _Node) -> float:
    return node.reward / node.visits + EXPLORE * math.sqrt(math.log(node.seen) / node.visits)
