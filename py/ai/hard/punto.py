"""Punto's guide for the hard search.

Candidates: the medium player's best few moves (a winning move alone: it is played at once),
compared on the same worlds (a paired search); the worse half is dropped twice on the way
(``HALVE``), so that most worlds go to the two moves still in question, and the search ends
early once one of those two clearly leads (``SETTLE``): the worlds a settled decision leaves go
to the close ones (``ITERATIONS`` at most).
Rollouts play the round to its end, as rounds between careful players last (most of the deck):
a rollout cut short mostly ends undecided and tells the moves apart by little. Each card
completes a line of its owner's if it can, else spoils a line an opponent could complete, else
goes to the best of a few legal cells drawn at random: the one that makes the longest run of its
colour, plus the run of an opponent's colour it crushes, if two cards or more (as players build
their lines and break the other's). A round won is worth each side's
chance of winning the match if every later round were a coin toss. So that whole rounds stay
cheap, they are played on a compact table (``Table``: a flat grid of top cards, the cells a card
may reach, and per colour the cells where one more card of it would complete a line, all kept
up to date card by card), and a rollout plays them in one loop over local names rather than a
call per card. What every world of a decision shares (the public table on the compact grid) is
made once, and each world's decks once for all its candidates (``Rules`` keeps the last ones,
compared by value). How these settings were chosen: bench/NOTES.md.
"""
import random
from collections.abc import Generator, Sequence
from functools import lru_cache
from typing import cast

from ai import punto as medium
from ai.search import Guide
from games.punto import board as geo
from games.punto import rounds
from games.punto.cards import FULL_DECK
from games.punto.modes import mode_for
from games.punto.schema import Cell, PuntoView, move_text
from games.punto.state import State

KEEP = 5          # candidate moves kept from the medium player's ranking
ITERATIONS = 400  # worlds per decision at most (see bench/strength.py for the time it takes)
HALVE = (70, 180)  # after these many worlds, the worse half of the candidates is dropped
SETTLE = 2.0      # standard errors of lead that end a decision early (search.Guide.settle)
TRIES = 6         # random cells drawn before a rollout lists the legal ones


def candidates(view: dict, legal: list[str], rng: random.Random) -> Generator[None, None, list[str]]:
    """Works in steps, as the medium scoring does (see ``search.Guide``)."""
    scored = yield from medium.scoring(cast(PuntoView, view), legal)
    if max(scored) >= medium.WIN:
        return [legal[scored.index(max(scored))]]
    order = sorted(range(len(legal)), key=lambda i: -scored[i])
    return [legal[i] for i in order[:KEEP]]


@lru_cache(maxsize=64)
def chances(needs: tuple[int, ...]) -> tuple[float, ...]:
    """Each side's chance of winning the match when side i still needs needs[i] rounds and each
    round is won by a side at random."""
    if 0 in needs:
        return tuple(float(n == 0) for n in needs)
    out = [0.0] * len(needs)
    for winner in range(len(needs)):
        after = chances(tuple(n - (side == winner) for side, n in enumerate(needs)))
        for side, chance in enumerate(after):
            out[side] += chance / len(needs)
    return tuple(out)


# The compact table: a flat grid of WIDTH × WIDTH cells with the centre in the middle and a
# border that no card reaches (a 6 × 6 table holding (0, 0) spans -5..5), so that a run is
# walked with one index step per direction.
WIDTH = 2 * geo.SQUARE + 1
CENTRE = geo.SQUARE * WIDTH + geo.SQUARE
REACH = geo.SQUARE - 1  # how far the table may still grow past a card, either way
STEPS = tuple(dy * WIDTH + dx for dx, dy in geo.DIRECTIONS)
AROUND = tuple(dy * WIDTH + dx for dx, dy in geo.NEIGHBOURS)
AROUND_OF = tuple(tuple(min(max(i + step, 0), WIDTH * WIDTH - 1) for step in AROUND)
                  for i in range(WIDTH * WIDTH))  # clamped: only inner cells' neighbours are used
XS = tuple(i % WIDTH - geo.SQUARE for i in range(WIDTH * WIDTH))
YS = tuple(i // WIDTH - geo.SQUARE for i in range(WIDTH * WIDTH))
BORDER = tuple(abs(x) == geo.SQUARE or abs(y) == geo.SQUARE for x, y in zip(XS, YS))
NAMES = tuple(move_text(Cell(x, y)) for x, y in zip(XS, YS))  # each cell's move
INDEX = {name: i for i, name in enumerate(NAMES)}
CARDS = {card: (card[0], int(card[1])) for card in FULL_DECK}


class Table:
    """A determinized round in play on the compact grid; ``play`` changes it in place. ``start``
    and ``pairs`` are the world's public table on the grid and its decks as (colour, value)
    pairs, when the caller already has them (``Rules.enter``)."""
    __slots__ = ("colours", "values", "edge", "near", "taken", "area", "threats", "decks",
                 "pairs", "used", "seat", "ended", "side", "wins", "done", "mode")

    def __init__(self, world: State, start: "_Start | None" = None,
                 pairs: list[list[tuple[str, int]]] | None = None):
        mode = self.mode = _mode(world.options)
        if start is None:
            start = _Start(world.board, mode)
        self.colours, self.values = start.colours[:], start.values[:]
        self.edge, self.near, self.taken = start.edge[:], start.near[:], start.taken[:]
        self.area = start.area
        self.threats = {colour: set(cells) for colour, cells in start.threats.items()}
        self.decks, self.used = world.decks, [0] * mode.players
        self.pairs = _pairs(world.decks) if pairs is None else pairs
        assert world.to_move is not None  # the search never enters a finished round
        self.seat = world.to_move  # once the round has ended, the last seat on turn
        self.ended = False
        self.side: int | None = None
        self.wins = [world.wins[seats[0]] for seats in mode.rules.sides]
        self.done = world.last_round["round"] if world.last_round else 0

    def card(self) -> tuple[str, int]:
        """The (colour, value) of the card on turn; ("", 0) when the seat has none left."""
        deck, used = self.decks[self.seat], self.used[self.seat]
        return CARDS[deck[used]] if used < len(deck) else ("", 0)

    def legal(self, cell: int, value: int) -> bool:
        if self.values[cell]:
            return self.values[cell] < value
        return self.near[cell] and self.area is not None and _inside(self.area, cell)

    def cells(self, value: int) -> list[int]:
        if self.area is None:
            return [CENTRE]
        return self.edge + [cell for cell in self.taken if self.values[cell] < value]

    def can_place(self, value: int) -> bool:
        return bool(self.edge) or any(self.values[cell] < value for cell in self.taken)

    def wins_at(self, cell: int, colour: str) -> bool:
        colours = self.colours
        return colours[cell] != colour and _line(colours, cell, colour) >= self.mode.line_length

    def place(self, cell: int) -> None:
        """The seat's card goes on ``cell``; the round ends if it makes a line or the next seat
        is stuck."""
        colour, value = self.card()
        colours, values = self.colours, self.values
        won = self.mode.owner.get(colour) == self.mode.sides_of[self.seat] and self.wins_at(
            cell, colour)
        if not values[cell]:
            self._occupy(cell)
        colours[cell], values[cell] = colour, value
        self.used[self.seat] += 1
        if won:
            self._end(self.mode.sides_of[self.seat])
            return
        if colour in self.threats:
            _watch(self.colours, cell, colour, self.threats[colour], self.mode.line_length)
        self.seat = (self.seat + 1) % self.mode.players
        colour, value = self.card()
        if not colour:
            self._blocked("empty_deck")
        elif not self.can_place(value):
            self._blocked("no_cell")

    def _occupy(self, cell: int) -> None:
        """A card on an empty cell: the 6 × 6 square may shrink, and the empty cells next to
        the table that a card may still reach (``edge``) change."""
        self.taken.append(cell)
        x, y = XS[cell], YS[cell]
        if self.area is None:
            area = geo.area((x, y, x, y))
        else:
            low_x, low_y, high_x, high_y = self.area
            area = (max(low_x, x - geo.SQUARE + 1), max(low_y, y - geo.SQUARE + 1),
                    min(high_x, x + geo.SQUARE - 1), min(high_y, y + geo.SQUARE - 1))
        if self.near[cell]:
            self.edge.remove(cell)
        if area != self.area:
            self.area = area
            self.edge = [i for i in self.edge if _inside(area, i)]
        for step in AROUND:
            if not self.values[cell + step] and not self.near[cell + step]:
                self.near[cell + step] = True
                if _inside(area, cell + step):
                    self.edge.append(cell + step)

    def _end(self, side: int | None) -> None:
        self.ended, self.side = True, side
        if side is not None:
            self.wins[side] += 1

    def _blocked(self, why: str) -> None:
        board: geo.Board = {(XS[i], YS[i]): (f"{self.colours[i]}{self.values[i]}",) for i in self.taken}
        self._end(rounds.blocked(board, self.mode.rules, self.mode.tie_break, self.seat,
                                 why).side)


class Rules:
    """The search's stand-in for Punto's rules: a ``Table`` for each world, moves in the game's
    notation. Every world of a decision has the real table, and every candidate of a world its
    decks: it keeps the public table on the grid for the last options and board it saw, and the
    last decks as pairs, and makes them again only when they change (compared by value)."""

    def __init__(self) -> None:
        self._table: tuple[dict, geo.Board, _Start] | None = None  # options, board, start
        self._decks: tuple[tuple[tuple[str, ...], ...], list[list[tuple[str, int]]]] | None = None

    def enter(self, world: State) -> Table:
        kept = self._table
        if kept is None or kept[0] != world.options or kept[1] != world.board:
            kept = self._table = (dict(world.options), dict(world.board),
                                  _Start(world.board, _mode(world.options)))
        if self._decks is None or self._decks[0] != world.decks:
            self._decks = (world.decks, _pairs(world.decks))
        return Table(world, kept[2], self._decks[1])

    def play(self, table: Table, move: str) -> Table:
        table.place(INDEX[move])
        return table


def rollout(table: Table, done: int, rng: random.Random) -> list[float]:
    """Play the round to its end, each card as ``Table.place`` would place it, in one loop over
    local names: rollouts are most of the search's time, and Python pays for every call and
    attribute it looks up. Each card completes a line of its owner's if it can, else spoils a
    line an opponent could complete, else goes to the best of a few legal cells drawn at
    random (the longest run it makes, plus the opponent's run it breaks)."""
    if table.ended:
        return _values(table)
    if table.area is None:
        table.place(CENTRE)  # the round's first card (never reached from a real decision)
        if table.ended:
            return _values(table)
    assert table.area is not None  # a card is on the table
    mode = table.mode
    length, players, sides_of = mode.line_length, mode.players, mode.sides_of
    owner, against = mode.owner, mode.against
    colours, values, near, taken = table.colours, table.values, table.near, table.taken
    edge, threats = table.edge, table.threats
    low_x, low_y, high_x, high_y = table.area
    decks, used, seat = table.pairs, table.used[:], table.seat
    sizes = [len(deck) for deck in decks]
    random = rng.random
    while True:
        colour, value = decks[seat][used[seat]]
        side = sides_of[seat]
        area = (low_x, low_y, high_x, high_y)
        # A line of its own, else one of an opponent's colours spoilt.
        cell, won = -1, False
        if threats.get(colour) and owner[colour] == side:
            cell = _completing(threats[colour], colour, value, colours, values, near, area, length)
            won = cell >= 0
        if cell < 0:
            for other in against[side]:
                if threats[other]:
                    cell = _completing(threats[other], other, value, colours, values, near, area,
                                       length)
                    if cell >= 0:
                        break
        if won:  # the threat cells are complete: no other cell completes a line of its own
            wins = table.wins[:]
            wins[side] += 1
            return _chances(mode, wins)
        if cell < 0:
            # The best of a few cells drawn over every cell (the taken ones kept only if the
            # card may crush them): the longest run of its colour it makes, plus the run of
            # an opponent's colour it breaks (two cards or more); else the list of the legal
            # ones.
            free = len(edge)
            count = free + len(taken)
            best = 0
            for _ in range(TRIES):
                k = int(random() * count)
                at = edge[k] if k < free else taken[k - free]
                if k < free or values[at] < value:
                    under = colours[at]
                    worth = _line(colours, at, colour) if under != colour else 0
                    if under and owner.get(under, side) != side:
                        broken = _line(colours, at, under)
                        if broken >= 2:
                            worth += broken
                    if cell < 0 or worth > best:
                        cell, best = at, worth
            if cell < 0:
                cells = edge + [at for at in taken if values[at] < value]
                cell = cells[int(random() * len(cells))]
        if not values[cell]:
            # A new cell: the 6 × 6 square may shrink, and new empty cells come within reach.
            taken.append(cell)
            x, y = XS[cell], YS[cell]
            edge.remove(cell)  # an empty legal cell is always on the edge
            if x - REACH > low_x or y - REACH > low_y or x + REACH < high_x or y + REACH < high_y:
                low_x, low_y = max(low_x, x - REACH), max(low_y, y - REACH)
                high_x, high_y = min(high_x, x + REACH), min(high_y, y + REACH)
                edge = [at for at in edge
                        if low_x <= XS[at] <= high_x and low_y <= YS[at] <= high_y]
            for at in AROUND_OF[cell]:
                if not values[at] and not near[at]:
                    near[at] = True
                    if low_x <= XS[at] <= high_x and low_y <= YS[at] <= high_y:
                        edge.append(at)
        colours[cell], values[cell] = colour, value
        used[seat] += 1
        if colour in threats:
            _watch(colours, cell, colour, threats[colour], length)
        seat = (seat + 1) % players
        if used[seat] >= sizes[seat]:
            return _chances(mode, _blocked_wins(table, colours, values, taken))
        value = decks[seat][used[seat]][1]
        if not edge and not any(values[at] < value for at in taken):
            return _chances(mode, _blocked_wins(table, colours, values, taken))


def _completing(found: set[int], colour: str, value: int, colours: list[str], values: list[int],
                near: list[bool], area: geo.Box, length: int) -> int:
    """A cell of ``found`` where a card of ``colour`` worth ``value`` may go and completes a line
    of that colour, or -1. Cells that no longer complete one are dropped from ``found``: a card
    of that colour placed later, the only way to revive one, notes it again."""
    low_x, low_y, high_x, high_y = area
    stale, cell = [], -1
    for at in found:
        if colours[at] == colour or _line(colours, at, colour) < length:
            stale.append(at)
        elif values[at] < value if values[at] else near[at] and (
                low_x <= XS[at] <= high_x and low_y <= YS[at] <= high_y):
            cell = at
            break
    for at in stale:
        found.discard(at)
    return cell


def _pairs(decks: Sequence[Sequence[str]]) -> list[list[tuple[str, int]]]:
    """Each deck as (colour, value) pairs, as the rollouts read them."""
    return [[CARDS[card] for card in deck] for deck in decks]


def _blocked_wins(table: Table, colours: list[str], values: list[int], taken: list[int]) -> list[int]:
    """Each side's rounds won once a blocked round is decided (games.punto.rounds.blocked, on
    the compact grid)."""
    mode = table.mode
    count = [0] * len(mode.against)
    cells: list[set[int]] = [set() for _ in mode.against]
    short = mode.rules.series_length
    for cell in taken:
        colour = colours[cell]
        side = mode.owner.get(colour)
        if side is None:
            continue
        for step in STEPS:
            if colours[cell - step] == colour:
                continue  # not the start of its run
            run, i = [cell], cell + step
            while colours[i] == colour:
                run.append(i)
                i += step
            if len(run) >= short:
                count[side] += 1
                cells[side].update(run)
    wins = table.wins[:]
    most = max(count)
    tied = [side for side, n in enumerate(count) if most and n == most]
    if len(tied) > 1:
        points = [sum(values[cell] for cell in cells[side]) for side in range(len(count))]
        best = (min if mode.tie_break == "fewer" else max)(points[side] for side in tied)
        tied = [side for side in tied if points[side] == best]
    if len(tied) == 1:
        wins[tied[0]] += 1
    return wins


def _chances(mode: "_Mode", wins: list[int]) -> list[float]:
    by_side = chances(tuple(max(0, mode.target - w) for w in wins))
    return [by_side[side] for side in mode.sides_of]


def _values(table: Table) -> list[float]:
    return _chances(table.mode, table.wins)


class _Mode:
    """What a Table needs of the options, worked out once per set of options."""

    def __init__(self, options: dict):
        rules = self.rules = mode_for(options)
        self.players, self.line_length = rules.players, rules.line_length
        self.tie_break, self.target = options["tie_break"], options["rounds_to_win"]
        self.owner: dict[str, int] = {colour: side for side, colours in enumerate(rules.side_colours)
                                      for colour in colours}
        self.sides_of = [rules.side_of(seat) for seat in range(rules.players)]
        self.against = [[colour for colour, owner in self.owner.items() if owner != side]
                        for side in range(len(rules.sides))]


def _mode(options: dict) -> _Mode:
    return _mode_of(tuple(sorted(options.items())))


@lru_cache(maxsize=16)
def _mode_of(options: tuple) -> _Mode:
    """The _Mode of a set of options (as sorted items), worked out once."""
    return _Mode(dict(options))


class _Start:
    """The public table as the compact grid, shared by every world of one decision."""

    def __init__(self, board: geo.Board, mode: _Mode):
        size = WIDTH * WIDTH
        self.colours, self.values = [""] * size, [0] * size
        for (x, y), stack in board.items():
            i = CENTRE + y * WIDTH + x
            self.colours[i], self.values[i] = CARDS[stack[-1]]
        self.taken = [i for i, v in enumerate(self.values) if v]
        box = geo.bounds(board)
        self.area = area = geo.area(box) if box else None
        self.near = [False] * size
        self.edge: list[int] = []
        for cell in self.taken:  # none without an area
            for step in AROUND:
                if not self.values[cell + step] and not self.near[cell + step]:
                    self.near[cell + step] = True
                    if area is not None and _inside(area, cell + step):
                        self.edge.append(cell + step)
        self.threats: dict[str, set[int]] = {colour: set() for colour in mode.owner}
        for cell in self.taken:
            if self.colours[cell] in self.threats:
                _watch(self.colours, cell, self.colours[cell], self.threats[self.colours[cell]],
                       mode.line_length)


def _inside(area: geo.Box, cell: int) -> bool:
    return area[0] <= XS[cell] <= area[2] and area[1] <= YS[cell] <= area[3]


def _watch(colours: list[str], cell: int, colour: str, threats: set[int], length: int) -> None:
    """Note the cells where one more card of ``colour`` would complete a line through ``cell``
    (which holds that colour): on each axis, the first cell of another colour either way.

    The runs are counted in open loops, as in _line, not by a shared helper: one call per run
    made both functions twice as slow, and rollouts call them for every card."""
    for step in STEPS:
        run, ahead = 1, cell + step
        while colours[ahead] == colour:
            run += 1
            ahead += step
        behind = cell - step
        while colours[behind] == colour:
            run += 1
            behind -= step
        if not BORDER[ahead]:
            total, i = run + 1, ahead + step
            while colours[i] == colour:
                total += 1
                i += step
            if total >= length:
                threats.add(ahead)
        if not BORDER[behind]:
            total, i = run + 1, behind - step
            while colours[i] == colour:
                total += 1
                i -= step
            if total >= length:
                threats.add(behind)


def _line(colours: list[str], cell: int, colour: str) -> int:
    """The longest run of ``colour`` through ``cell`` if a card of that colour lay there."""
    best = 0
    for step in STEPS:
        run = 1
        i = cell + step
        while colours[i] == colour:
            run += 1
            i += step
        i = cell - step
        while colours[i] == colour:
            run += 1
            i -= step
        if run > best:
            best = run
    return best


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates, rules=Rules(),
              halve=HALVE, settle=SETTLE)
