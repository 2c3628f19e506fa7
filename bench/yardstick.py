"""Punto's yardstick: an information-set Monte Carlo tree search, written apart from the game's
computer players (py/ai) so that the hard level can be measured against a search it was not
built from (issue 30). Not a level of the game: bench/strength.py plays it as "yardstick".

Each of ITERATIONS iterations deals one world the seat cannot tell from the real one (the
game's own ``determinize``: the decks' hidden orders re-dealt), walks one tree down and plays a
rollout. Single observer: one tree for every seat's moves, a node per move (its cell), whoever
plays it; the searching seat's card is known, the others' differ from world to world, so
a move is chosen by UCB1 among the moves legal in this world, each scored with its own
availability count (how many times it could have been chosen) instead of its parent's visits.
The root holds only the medium player's ROOT best moves (``ai.punto.scoring``).

Rollouts: each card, in turn, completes a line of its owner's if it can, else spoils a line an
opponent's colour could complete, else goes to the best of three legal cells drawn at random
among those next to its own colour (the one that makes its longest run; any legal cell when
none is next to it). After DEPTH cards an unfinished round is judged as if it were blocked there
(``games.punto.rounds.blocked``: most series). A round won is worth 1 to the winner's seats, a
drawn one is shared. Its own compact board, played on card by card: flat lists over a grid
with a border, wide enough for every cell the round can still reach.
"""
import functools
import math
import pathlib
import random
import sys
from collections.abc import Iterator

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from ai import punto as medium  # noqa: E402
from games import registry  # noqa: E402
from games.punto.board import CENTRE, DIRECTIONS, NEIGHBOURS, SQUARE  # noqa: E402
from games.punto.cards import COLOURS, FULL_DECK  # noqa: E402
from games.punto.modes import mode_for  # noqa: E402

ITERATIONS = 1000  # worlds (and tree walks) a move
ROOT = 8           # the medium player's best moves kept at the root
DEPTH = 12         # rollout cards before the round is judged by its series
DRAWS = 3          # random cells next to its colour a rollout card picks the best of
EXPLORE = 0.7      # UCB1's exploration constant, for values in [0, 1]

# The grid: the cards of a round stay within SQUARE - 1 of each other, so a grid as wide as
# twice that plus one holds them wherever the table lies; MARGIN more on each side holds the
# empty cells next to them and one past those, where every walk along a run stops.
MARGIN = 2
WIDTH = 2 * SQUARE - 1 + 2 * MARGIN
STEPS = tuple(dy * WIDTH + dx for dx, dy in DIRECTIONS)
AROUND = tuple(dy * WIDTH + dx for dx, dy in NEIGHBOURS)
FAR, NEAR = 10, 0  # an empty cell's bar: away from the cards (no value beats it), next to one
CARDS = {card: (card[0], int(card[1])) for card in FULL_DECK}
# How many of a cell's neighbours hold each colour, four bits a colour (eight at most) in one int.
NEXT = {"": 0} | {colour: 1 << 4 * i for i, colour in enumerate(COLOURS)}


def think(game_id: str, view: dict, legal: list[str], rng: random.Random,
          state) -> Iterator[str | None]:
    """``ai.think``'s kind of generator (bench/strength.py's wrapper calls it): the move."""
    if game_id != "punto":
        raise ValueError("the yardstick plays Punto only")
    yield choose(view, legal, rng, state)


def choose(view: dict, legal: list[str], rng: random.Random, state) -> str:
    scored = last_move_of(medium.scoring(view, legal))
    order = sorted(range(len(legal)), key=lambda i: -scored[i])
    if scored[order[0]] >= medium.WIN or len(legal) == 1:
        return legal[order[0]]
    game, seat = registry.get("punto"), view["seat"]
    root, table = Node(seat), World(state)
    root_moves = [table.to_cell(_xy(legal[i])) for i in order[:ROOT]]
    for _ in range(ITERATIONS):
        world = table.dealt(game.determinize(state, seat, rng))
        node, path = root, []
        while world.winner is None:
            moves = root_moves if node is root else world.cells
            child, fresh = node.select(moves, world.seat, rng)
            world.play(child.move)
            path.append(child)
            node = child
            if fresh:
                break
        value = world.rollout(rng)
        for child in path:
            child.visits += 1
            child.total += value[child.player]
    best = max(root.children.values(), key=lambda child: child.visits)
    x, y = table.to_xy(best.move)
    return f"{x},{y}"


def last_move_of(steps):
    """The result of a generator that yields None after each step (``ai.punto.scoring``)."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


class Node:
    """A move in the tree (the root: none), keyed by its cell (``World.to_cell``) whoever plays
    it."""
    __slots__ = ("move", "player", "children", "visits", "total", "available")

    def __init__(self, player: int, move: int | None = None):
        self.move, self.player = move, player
        self.children: dict[int, Node] = {}
        self.visits, self.total, self.available = 0, 0.0, 0

    def select(self, moves: list[int], seat: int,
               rng: random.Random) -> tuple["Node", bool]:
        """The child to walk to among ``moves`` (those legal in this world), and whether it is
        new: a move never tried is tried first, else UCB1 on availability counts."""
        untried = []
        for move in moves:
            child = self.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[int(rng.random() * len(untried))]
            child = self.children[move] = Node(seat, move)
            child.available = 1
            return child, True
        best = max((self.children[move] for move in moves), key=lambda child: (
            child.total / child.visits
            + EXPLORE * math.sqrt(math.log(child.available) / child.visits)))
        return best, False


@functools.cache
def _region(left: int, top: int, right: int, bottom: int) -> tuple[int, ...]:
    """The cells where a card might go when the cards fill this box of the grid, in reading
    order: in it or next to it, and within the 6 × 6 square with it."""
    xs = range(max(left - 1, right - SQUARE + 1), min(right + 1, left + SQUARE - 1) + 1)
    ys = range(max(top - 1, bottom - SQUARE + 1), min(bottom + 1, top + SQUARE - 1) + 1)
    return tuple(y * WIDTH + x for y in ys for x in xs)


class World:
    """One determinized round, played on in place. A cell is a number on the grid, in reading
    order (``to_cell``). Per cell: its top card's colour ("" when empty), its bar (what a card
    must exceed to go there: its top card's value, or NEAR or FAR) and how many of its neighbours
    hold each colour (NEXT). Per colour, the cells where one more card of it may make a line (all
    of them, and stale ones: checked when used). The box the cards fill, the cells a card may go
    on around it (``_region``), and the legal cells of the card on turn."""

    def __init__(self, state):
        mode = mode_for(state.options)
        self.players, self.side_colours = mode.players, mode.side_colours
        self.line_length, self.series_length = mode.line_length, mode.series_length
        self.fewer = state.options["tie_break"] == "fewer"
        self.owner = {colour: side for side, colours in enumerate(mode.side_colours)
                      for colour in colours}
        self.sides = [mode.side_of(seat) for seat in range(mode.players)]
        # The lines a card looks at, in order: its own colour's (not its side's other colour:
        # it cannot make those), then the opponents'.
        self.checks = {(side, colour): (colour,) * (self.owner.get(colour) == side) + tuple(
            other for other, owner in self.owner.items() if owner != side)
            for side in range(len(mode.sides)) for colour in COLOURS}
        self.values = {side: [float(self.sides[seat] == side) for seat in range(mode.players)]
                       for side in range(len(mode.sides))}
        self.values[-1] = [1 / len(mode.sides)] * mode.players
        xs = [x for x, _ in state.board] or [CENTRE[0]]
        ys = [y for _, y in state.board] or [CENTRE[1]]
        self.origin = max(xs) - SQUARE + 1 - MARGIN, max(ys) - SQUARE + 1 - MARGIN
        self.colour, self.bar = [""] * WIDTH * WIDTH, [FAR] * WIDTH * WIDTH
        self.next_to = [0] * WIDTH * WIDTH
        self.threats = {colour: frozenset() for colour in COLOURS}
        first = self.to_cell(next(iter(state.board), CENTRE))
        self.box = (first % WIDTH, first // WIDTH) * 2
        self.region = _region(*self.box)
        self.bar[first] = NEAR  # an empty table takes its first card in the centre
        for cell, stack in state.board.items():
            self.put(self.to_cell(cell), *CARDS[stack[-1]])
        self.decks, self.used = state.decks, [0] * mode.players
        self.seat = state.to_move
        self.winner: int | None = None  # the winning side, -1 for a draw, None while playing
        self.turn()

    def dealt(self, state) -> "World":
        """A copy of this world (not played on yet) with the decks of ``state``."""
        world = object.__new__(World)  # copy.copy's shallow copy, without its generic overhead
        world.__dict__.update(self.__dict__)
        world.colour, world.bar, world.next_to = self.colour[:], self.bar[:], self.next_to[:]
        world.threats = dict(self.threats)  # frozensets: replaced, never changed
        world.decks, world.used = state.decks, [0] * self.players
        return world

    def to_cell(self, xy: tuple[int, int]) -> int:
        return (xy[1] - self.origin[1]) * WIDTH + xy[0] - self.origin[0]

    def to_xy(self, cell: int) -> tuple[int, int]:
        return cell % WIDTH + self.origin[0], cell // WIDTH + self.origin[1]

    def turn(self) -> None:
        """The card on turn and its legal cells; without either the round is blocked."""
        deck, used = self.decks[self.seat], self.used[self.seat]
        if used == len(deck):
            self.card, self.cells = None, []
        else:
            self.card = CARDS[deck[used]]
            bar, value = self.bar, self.card[1]
            self.cells = [cell for cell in self.region if bar[cell] < value]
        if not self.cells:
            self.winner = self.judged()

    def put(self, cell: int, colour: str, value: int) -> None:
        tops, bar, counts = self.colour, self.bar, self.next_to
        old = tops[cell]
        change = NEXT[colour] - NEXT[old]
        for step in AROUND:
            counts[cell + step] += change
        if not old:
            for step in AROUND:
                if bar[cell + step] == FAR:
                    bar[cell + step] = NEAR
            x, y = cell % WIDTH, cell // WIDTH
            left, top, right, bottom = self.box
            if not (left <= x <= right and top <= y <= bottom):
                self.box = min(left, x), min(top, y), max(right, x), max(bottom, y)
                self.region = _region(*self.box)
        tops[cell], bar[cell] = colour, value
        # On each axis, the first cell past the run through ``cell`` either way may now make a
        # line along it (along the other axes, nothing changed for that cell).
        threats, length = self.threats[colour], self.line_length
        for step in STEPS:
            back, ahead = cell - step, cell + step
            while tops[back] == colour:
                back -= step
            while tops[ahead] == colour:
                ahead += step
            far_back, far_ahead = back - step, ahead + step
            while tops[far_back] == colour:
                far_back -= step
            while tops[far_ahead] == colour:
                far_ahead += step
            if (ahead - far_back) // step > length and back not in threats:
                threats = self.threats[colour] = threats | {back}
            if (far_ahead - back) // step > length and ahead not in threats:
                threats = self.threats[colour] = threats | {ahead}

    def run(self, cell: int, colour: str) -> int:
        """The longest run of ``colour`` through ``cell`` if a card of it lay there."""
        tops, best = self.colour, 0
        for step in STEPS:
            ahead, back = cell + step, cell - step
            while tops[ahead] == colour:
                ahead += step
            while tops[back] == colour:
                back -= step
            if (ahead - back) // step > best:
                best = (ahead - back) // step
        return best - 1

    def completes(self, cell: int, colour: str) -> bool:
        """Whether a card of ``colour`` on ``cell`` (not holding that colour) makes a line."""
        return self.colour[cell] != colour and self.run(cell, colour) >= self.line_length

    def completing(self, colour: str, legal: list[int]) -> int | None:
        """The first of the ``legal`` cells where a card of ``colour`` makes a line, or None."""
        live = self.threats[colour] = frozenset(
            cell for cell in self.threats[colour] if self.completes(cell, colour))
        found = live.intersection(legal)
        return min(found) if found else None

    def play(self, cell: int) -> None:
        colour, value = self.card
        side = self.sides[self.seat]
        wins = (self.owner.get(colour) == side and cell in self.threats[colour]
                and self.completes(cell, colour))
        self.put(cell, colour, value)
        self.used[self.seat] += 1
        if wins:
            self.winner = side
            return
        self.seat = (self.seat + 1) % self.players
        self.turn()

    def judged(self) -> int:
        """The side a round blocked here goes to, -1 for a draw: ``games.punto.rounds.blocked``'s
        rule (most series, then fewer or more points) on this board."""
        tops, owner, length = self.colour, self.owner, self.series_length
        counts = [0] * len(self.side_colours)
        cells: list[set[int]] = [set() for _ in self.side_colours]
        for cell in self.region:
            colour = tops[cell]
            side = owner.get(colour)
            if side is None:
                continue  # empty, or neutral
            for step in STEPS:
                if tops[cell - step] == colour:
                    continue  # not the start of its run
                end = cell + step
                while tops[end] == colour:
                    end += step
                if (end - cell) // step >= length:
                    counts[side] += 1
                    cells[side].update(range(cell, end, step))
        points = [sum(self.bar[cell] for cell in found) for found in cells]
        most = max(counts)
        tied = [side for side, count in enumerate(counts) if most and count == most]
        if len(tied) > 1:
            best = (min if self.fewer else max)(points[side] for side in tied)
            tied = [side for side in tied if points[side] == best]
        return tied[0] if len(tied) == 1 else -1

    def greedy(self, rng: random.Random) -> int:
        colour, cells = self.card[0], self.cells
        for other in self.checks[self.sides[self.seat], colour]:
            found = self.completing(other, cells) if self.threats[other] else None
            if found is not None:
                return found
        counts, mask = self.next_to, NEXT[colour] * 15
        near = [cell for cell in cells if counts[cell] & mask]
        if not near:
            return cells[int(rng.random() * len(cells))]
        best, longest = None, 0
        for _ in range(DRAWS):  # the first drawn of the longest runs
            cell = near[int(rng.random() * len(near))]
            run = self.run(cell, colour)
            if run > longest:
                best, longest = cell, run
        return best

    def rollout(self, rng: random.Random) -> list[float]:
        for _ in range(DEPTH):
            if self.winner is not None:
                break
            self.play(self.greedy(rng))
        if self.winner is None:
            self.winner = self.judged()  # judged as if blocked here
        return self.values[self.winner]


def _xy(move: str) -> tuple[int, int]:
    x, y = move.split(",")
    return int(x), int(y)
