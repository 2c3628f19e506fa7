"""Punto's guide for the hard search.

Candidates: the medium player's best few moves (a winning move alone: it is played at once).
Rollouts: the next PLIES cards of the round played on a compact flat grid (top cards only, the
cells next to the table kept up to date, a line checked only through the card just placed),
each card placed to complete a line of its owner's when it can, else at random. A round won is
worth each side's chance of winning the match if every later round were a coin toss; a round
still open after PLIES cards is worth the chances as they stand.
"""
from functools import lru_cache

from ai import punto as medium
from ai.search import Guide
from games.punto import board as geo
from games.punto import rounds
from games.punto.modes import mode_for

KEEP = 6          # candidate moves kept from the medium player's ranking
ITERATIONS = 300  # per decision (see bench/strength.py for the time it takes)
PLIES = 16        # cards a rollout places before it calls the round undecided


def candidates(view: dict, legal: list, rng) -> list:
    scored = medium.scores(view, legal)
    if max(scored) >= medium.WIN:
        return [legal[scored.index(max(scored))]]
    order = sorted(range(len(legal)), key=lambda i: -scored[i])
    return [legal[i] for i in order[:KEEP]]


@lru_cache(maxsize=64)
def chances(needs: tuple) -> tuple:
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


def _values(mode, wins_by_side: list, target: int) -> list:
    by_side = chances(tuple(max(0, target - w) for w in wins_by_side))
    return [by_side[mode.side_of(seat)] for seat in range(mode.players)]


def rollout(world, done: int, rng) -> list:
    mode = mode_for(world.options)
    target = world.options["rounds_to_win"]
    wins = [world.wins[seats[0]] for seats in mode.sides]
    if world.to_move is None or (world.last_round or {}).get("round", 0) != done:
        return _values(mode, wins, target)
    side = _play_round(world, mode, rng)
    if side is not None:
        wins[side] += 1
    return _values(mode, wins, target)


# The compact table: a flat grid of WIDTH × WIDTH cells with the centre in the middle and a
# border that no card reaches (a 6 × 6 table holding (0, 0) spans -5..5), so that a run is
# walked with one index step per direction.
WIDTH = 2 * geo.SQUARE + 1
CENTRE = geo.SQUARE * WIDTH + geo.SQUARE
STEPS = tuple(dy * WIDTH + dx for dx, dy in geo.DIRECTIONS)
AROUND = tuple(dy * WIDTH + dx for dx, dy in geo.NEIGHBOURS)
XS = tuple(i % WIDTH - geo.SQUARE for i in range(WIDTH * WIDTH))
YS = tuple(i // WIDTH - geo.SQUARE for i in range(WIDTH * WIDTH))


def _play_round(world, mode, rng):
    """The side that wins the round played on for PLIES cards, or None (no line yet, or a
    blocked round drawn). Each card completes a line of its owner's if it can, else goes to
    a legal cell at random."""
    owner = {colour: side for side, colours in enumerate(mode.side_colours) for colour in colours}
    length = mode.line_length
    colours = [""] * (WIDTH * WIDTH)
    values = [0] * (WIDTH * WIDTH)
    for (x, y), stack in world.board.items():
        i = CENTRE + y * WIDTH + x
        colours[i], values[i] = stack[-1][0], int(stack[-1][1])
    taken = [i for i, v in enumerate(values) if v]
    frontier = {i + d for i in taken for d in AROUND if not values[i + d]}
    box = geo.bounds(world.board)
    players = mode.players
    sides = [mode.side_of(seat) for seat in range(players)]
    decks, used = world.decks, [0] * players
    seat = world.to_move
    for _ in range(PLIES):
        deck = decks[seat]
        if used[seat] >= len(deck):
            return _blocked(colours, values, mode, world, seat, "empty_deck")
        colour, value = deck[used[seat]][0], int(deck[used[seat]][1])
        if box is None:
            cells = [CENTRE]
        else:
            low_x, low_y, high_x, high_y = geo.area(box)
            cells = [i for i in frontier if low_x <= XS[i] <= high_x and low_y <= YS[i] <= high_y]
            cells += [i for i in taken if values[i] < value]
        if not cells:
            return _blocked(colours, values, mode, world, seat, "no_cell")
        side = owner.get(colour)
        mine = side is not None and side == sides[seat]
        cell = None
        if mine and colours.count(colour) >= length - 1:
            cell = next((i for i in cells if _line(colours, i, colour) >= length), None)
        if cell is None:
            cell = cells[int(rng.random() * len(cells))]
        if not values[cell]:
            taken.append(cell)
            frontier.discard(cell)
            frontier.update(cell + d for d in AROUND if not values[cell + d])
            x, y = XS[cell], YS[cell]
            box = (x, y, x, y) if box is None else (
                min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
        colours[cell], values[cell] = colour, value
        frontier.discard(cell)
        if mine and _line(colours, cell, colour) >= length:
            return side
        used[seat] += 1
        seat = (seat + 1) % players
    return None


def _line(colours: list, cell: int, colour: str) -> int:
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


def _blocked(colours: list, values: list, mode, world, stuck: int, why: str):
    board = {(XS[i], YS[i]): (f"{colours[i]}{values[i]}",) for i, v in enumerate(values) if v}
    return rounds.blocked(board, mode, world.options["tie_break"], stuck, why).side


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates)
