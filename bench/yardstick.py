"""Punto's yardstick: an information-set Monte Carlo tree search, written apart from the game's
computer players (py/ai) so that the hard level can be measured against a search it was not
built from (issue 30). Not a level of the game: bench/strength.py plays it as "yardstick".

Each of ITERATIONS iterations deals one world the seat cannot tell from the real one (the
game's own ``determinize``: the decks' hidden orders re-dealt), walks one tree down and plays a
rollout. Single observer: one tree for every seat's moves, a node per move text (the cell),
whoever plays it; the searching seat's card is known, the others' differ from world to world, so
a move is chosen by UCB1 among the moves legal in this world, each scored with its own
availability count (how many times it could have been chosen) instead of its parent's visits.
The root holds only the medium player's ROOT best moves (``ai.punto.scoring``).

Rollouts: each card, in turn, completes a line of its owner's if it can, else spoils a line an
opponent's colour could complete, else goes to the best of three legal cells drawn at random
among those next to its own colour (the one that makes its longest run; any legal cell when
none is next to it). After DEPTH cards an unfinished round is judged as if it were blocked there
(``games.punto.rounds.blocked``: most series). A round won is worth 1 to the winner's seats, a
drawn one is shared. Its own compact board: (colour, value) top cards by cell.
"""
import copy
import math
import pathlib
import random
import sys
from collections.abc import Iterator

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from ai import punto as medium  # noqa: E402
from games import registry  # noqa: E402
from games.punto import rounds  # noqa: E402
from games.punto.board import DIRECTIONS, NEIGHBOURS, SQUARE  # noqa: E402
from games.punto.modes import mode_for  # noqa: E402

ITERATIONS = 1000  # worlds (and tree walks) a move
ROOT = 8           # the medium player's best moves kept at the root
DEPTH = 12         # rollout cards before the round is judged by its series
DRAWS = 3          # random cells next to its colour a rollout card picks the best of
EXPLORE = 0.7      # UCB1's exploration constant, for values in [0, 1]


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
    root_moves = [_cell(legal[i]) for i in order[:ROOT]]
    game, seat = registry.get("punto"), view["seat"]
    root, table = Node(seat), World(state)
    for _ in range(ITERATIONS):
        world = table.dealt(game.determinize(state, seat, rng))
        node, path = root, []
        while world.winner is None:
            moves = root_moves if node is root else world.legal()
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
    return f"{best.move[0]},{best.move[1]}"


def last_move_of(steps):
    """The result of a generator that yields None after each step (``ai.punto.scoring``)."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


class Node:
    """A move in the tree (the root: none), keyed by its cell whoever plays it."""
    __slots__ = ("move", "player", "children", "visits", "total", "available")

    def __init__(self, player: int, move: tuple[int, int] | None = None):
        self.move, self.player = move, player
        self.children: dict[tuple[int, int], Node] = {}
        self.visits, self.total, self.available = 0, 0.0, 0

    def select(self, moves: list[tuple[int, int]], seat: int,
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


class World:
    """One determinized round on a compact board, played on in place: the top cards by cell,
    the empty cells next to them, each colour's cells, and the legal cells of the card on turn."""

    def __init__(self, state):
        mode = self.mode = mode_for(state.options)
        self.tie_break = state.options["tie_break"]
        self.owner = {colour: side for side, colours in enumerate(mode.side_colours)
                      for colour in colours}
        self.sides = [mode.side_of(seat) for seat in range(mode.players)]
        self.tops: dict[tuple[int, int], tuple[str, int]] = {}
        self.near: set[tuple[int, int]] = set()
        self.of: dict[str, set[tuple[int, int]]] = {}
        self.threats: dict[str, set[tuple[int, int]]] = {}  # may be stale: checked when used
        for cell, stack in state.board.items():
            self.put(cell, (stack[-1][0], int(stack[-1][1])))
        self.decks = [[(card[0], int(card[1])) for card in deck] for deck in state.decks]
        self.used = [0] * mode.players
        self.seat = state.to_move
        self.winner: int | None = None  # the winning side, -1 for a draw, None while playing
        self.cells = self.open_cells()

    def dealt(self, state) -> "World":
        """A copy of this world (not played on yet) with the decks of ``state``."""
        world = copy.copy(self)
        world.tops, world.near = dict(self.tops), set(self.near)
        world.of = {colour: set(cells) for colour, cells in self.of.items()}
        world.threats = {colour: set(cells) for colour, cells in self.threats.items()}
        world.decks = [[(card[0], int(card[1])) for card in deck] for deck in state.decks]
        world.used = [0] * self.mode.players
        return world

    def card(self) -> tuple[str, int] | None:
        deck, used = self.decks[self.seat], self.used[self.seat]
        return deck[used] if used < len(deck) else None

    def put(self, cell: tuple[int, int], card: tuple[str, int]) -> None:
        old = self.tops.get(cell)
        if old is None:
            self.near.discard(cell)
            x, y = cell
            for dx, dy in NEIGHBOURS:
                if (x + dx, y + dy) not in self.tops:
                    self.near.add((x + dx, y + dy))
        else:
            self.of[old[0]].discard(cell)
        self.tops[cell] = card
        colour = card[0]
        mine = self.of.setdefault(colour, set())
        mine.add(cell)
        # The cells where one more card of this colour would make a line through ``cell``: on
        # each axis, the first cell past the run either way.
        threats = self.threats.setdefault(colour, set())
        for dx, dy in DIRECTIONS:
            ends = []
            for sign in (1, -1):
                x, y = cell[0] + sign * dx, cell[1] + sign * dy
                while (x, y) in mine:
                    x, y = x + sign * dx, y + sign * dy
                ends.append((x, y))
            for end in ends:
                if self.run(end, colour) >= self.mode.line_length:
                    threats.add(end)

    def open_cells(self) -> list[tuple[int, int]]:
        """The legal cells of the card on turn, in reading order ([] without one)."""
        card = self.card()
        if card is None:
            return []
        if not self.tops:
            return [(0, 0)]
        xs = [x for x, _ in self.tops]
        ys = [y for _, y in self.tops]
        low_x, high_x = max(xs) - SQUARE + 1, min(xs) + SQUARE - 1
        low_y, high_y = max(ys) - SQUARE + 1, min(ys) + SQUARE - 1
        found = [cell for cell in self.near
                 if low_x <= cell[0] <= high_x and low_y <= cell[1] <= high_y]
        found += [cell for cell, top in self.tops.items() if top[1] < card[1]]
        return sorted(found, key=lambda cell: (cell[1], cell[0]))

    def legal(self) -> list[tuple[int, int]]:
        return self.cells

    def run(self, cell: tuple[int, int], colour: str) -> int:
        """The longest run of ``colour`` through ``cell`` if a card of it lay there."""
        best, mine = 0, self.of.get(colour, ())
        for dx, dy in DIRECTIONS:
            count = 1
            for sign in (1, -1):
                x, y = cell[0] + sign * dx, cell[1] + sign * dy
                while (x, y) in mine:
                    count += 1
                    x, y = x + sign * dx, y + sign * dy
            best = max(best, count)
        return best

    def completes(self, cell: tuple[int, int], colour: str) -> bool:
        """Whether a card of ``colour`` on ``cell`` (not holding that colour) makes a line."""
        return cell not in self.of[colour] and self.run(cell, colour) >= self.mode.line_length

    def completing(self, colour: str, legal: set[tuple[int, int]]) -> tuple[int, int] | None:
        """A legal cell where a card of ``colour`` makes a line, in reading order, or None."""
        threats = self.threats.get(colour)
        if not threats:
            return None
        live = sorted((cell for cell in threats if self.completes(cell, colour)),
                      key=lambda cell: (cell[1], cell[0]))
        threats.intersection_update(live)
        return next((cell for cell in live if cell in legal), None)

    def play(self, cell: tuple[int, int]) -> None:
        card = self.card()
        assert card is not None
        side = self.sides[self.seat]
        wins = (self.owner.get(card[0]) == side and cell in self.threats.get(card[0], ())
                and self.completes(cell, card[0]))
        self.put(cell, card)
        self.used[self.seat] += 1
        if wins:
            self.winner = side
            return
        self.seat = (self.seat + 1) % self.mode.players
        self.cells = self.open_cells()
        if self.card() is None:
            self.block("empty_deck")
        elif not self.cells:
            self.block("no_cell")

    def block(self, why: str) -> None:
        board = {cell: (f"{colour}{value}a",) for cell, (colour, value) in self.tops.items()}
        side = rounds.blocked(board, self.mode, self.tie_break, self.seat, why).side
        self.winner = -1 if side is None else side

    def greedy(self, rng: random.Random) -> tuple[int, int]:
        card = self.card()
        assert card is not None
        colour, cells, side = card[0], self.cells, self.sides[self.seat]
        legal = set(cells)
        for other, owner in sorted(self.owner.items(), key=lambda item: item[1] != side):
            if owner == side and other != colour:
                continue  # own colours: only the card's own may make a line
            found = self.completing(other, legal)
            if found is not None:
                return found
        around = {(x + dx, y + dy) for x, y in self.of.get(colour, ()) for dx, dy in NEIGHBOURS}
        near = [cell for cell in cells if cell in around]
        if not near:
            return cells[int(rng.random() * len(cells))]
        drawn = [near[int(rng.random() * len(near))] for _ in range(DRAWS)]
        return max(drawn, key=lambda cell: self.run(cell, colour))

    def rollout(self, rng: random.Random) -> list[float]:
        for _ in range(DEPTH):
            if self.winner is not None:
                break
            self.play(self.greedy(rng))
        if self.winner is None:
            self.block("no_cell")  # judged as if blocked here
        players = self.mode.players
        if self.winner is None or self.winner < 0:
            return [1 / len(self.mode.sides)] * players
        return [float(self.sides[seat] == self.winner) for seat in range(players)]


def _cell(move: str) -> tuple[int, int]:
    x, y = move.split(",")
    return int(x), int(y)
