"""Medium Punto player: one move of look-ahead, scored with line "windows".

A window is ``line_length`` consecutive cells that could still become a line: they fit in the
6 × 6 square together with the table, and no cell of another colour holds an uncrushable 9. A
window one card short of a line is a threat; how likely its owner can fill it next turn comes
from the cards nobody has seen yet (the view shows every played card and trophy).
Order of concerns: win now; stop the lines the opponents could finish before our next turn;
build our own windows and series; spoil the opponents' ones; spend high cards sparingly.
"""
import random
from collections.abc import Generator

from games.punto import board as geo
from games.punto.cards import FULL_DECK, VALUES, card_colour, card_value
from games.punto.schema import PuntoView, parse_move

# Weights, tuned in medium-against-medium matches (a series weighs as much as a fifth of a loss:
# with less, both sides crush every run and most blocked rounds end drawn).
WIN = 1e9
DANGER = 1000.0     # per unit of probability that an opponent wins before our next turn
CHANCE = 200.0      # per unit of probability that we win on our next turn
SERIES = 200.0      # per series, ours minus theirs (they decide blocked rounds)
OPPONENT = 1.2      # their windows weigh a bit more than ours: they move first
SPEND = 0.4         # per point of value used beyond what a crush needed
UNCRUSHABLE = max(VALUES)  # nothing crushes it


def medium(view: PuntoView, legal: list[str], rng: random.Random) -> Generator[None, None, str]:
    """Works in steps (see ``ai``): returns the move."""
    scored = yield from scoring(view, legal)
    best = max(scored)
    return rng.choice([move for score, move in zip(scored, legal) if score >= best - 1e-9])


def scoring(view: PuntoView, legal: list[str]) -> Generator[None, None, list[float]]:
    """Each legal move's score (WIN for a winning move), which the hard level ranks moves by: a
    generator that yields None after each move it scores (about a millisecond each in the page,
    thirty moves or more in a round's middle) and returns the list."""
    table = _Table(view)
    scored = []
    for move in legal:
        scored.append(table.score(move))
        yield None
    return scored


class _Table:
    """What the view tells about the position, prepared once for scoring every legal move."""

    def __init__(self, view: PuntoView):
        card = view["card"]
        me = view["to_move"]
        if card is None or me is None:
            raise ValueError("no move to score once the match is over")
        self.board = geo.from_cells(view["board"])
        self.card = card
        self.value = card_value(self.card)
        self.colour = card_colour(self.card)
        self.length = view["line_length"]
        self.series_length = view["series_length"]
        colours = view["colours"]
        team = view["team"]
        mates = [s for s in range(view["players"])
                 if s == me or (team is not None and team[s] == team[me])]
        self.mine = set(colours[me])
        self.theirs = {c for s in range(view["players"]) if s not in mates for c in colours[s]}
        # Sorted: the scores add up each colour's odds in this order, and a set of strings
        # iterates in an order that changes with each process's hash seed (so would the last
        # bits of a score, and a close choice, between CPython, the page and its worker).
        self.scored = sorted(self.mine | self.theirs)
        self.unseen = self._unseen(view)
        # Per colour, the seats holding its cards (each turns one before our next turn) and the
        # cards left in their decks (our turned card is no longer hidden).
        self.holders: dict[str, int] = {}
        self.pool: dict[str, int] = {}
        for seat, owned in enumerate(colours):
            for colour in owned:
                self.holders[colour] = self.holders.get(colour, 0) + 1
                size = view["deck_sizes"][seat] - (seat == me)
                self.pool[colour] = self.pool.get(colour, 0) + size

    def _unseen(self, view: PuntoView) -> dict[str, list[int]]:
        """Per colour, the values of the cards not seen yet (in somebody's deck)."""
        seen = {self.card}
        seen.update(card for cell in view["board"] for card in cell["cards"])
        seen.update(card for won in view["trophies"] for card in won)
        unseen: dict[str, list[int]] = {}
        for card in FULL_DECK:
            if card not in seen:
                unseen.setdefault(card_colour(card), []).append(card_value(card))
        return unseen

    def score(self, move: str) -> float:
        at = parse_move(move)
        cell = (at.x, at.y)
        board = geo.place(self.board, cell, self.card)
        if self.colour in self.mine and geo.winning_line(board, cell, self.length):
            return WIN
        tops = {c: (card_colour(stack[-1]), card_value(stack[-1])) for c, stack in board.items()}
        box = geo.bounds(board)
        assert box is not None  # the board holds the card just placed
        needed, weight = self._windows(tops, geo.area(box))
        danger = chance = potential = 0.0
        for colour in self.scored:
            odds = self._odds(colour, needed.get(colour))
            if colour in self.mine:
                chance += odds
                potential += weight.get(colour, 0.0)
            else:
                danger += odds
                potential -= OPPONENT * weight.get(colour, 0.0)
        series = sum(len(geo.series(board, c, self.series_length)) for c in self.mine)
        series -= sum(len(geo.series(board, c, self.series_length)) for c in self.theirs)
        covered = self.board.get(cell)
        spent = self.value - (card_value(covered[-1]) + 1 if covered else 1)
        return (-DANGER * danger + CHANCE * chance + potential + SERIES * series
                - SPEND * spent)

    def _odds(self, colour: str, needed: int | None) -> float:
        """Probability that a holder of this colour turns a card beating ``needed`` (None: no
        threat) before our next turn ends: one card per holder."""
        if needed is None or not self.pool.get(colour):
            return 0.0
        fitting = sum(1 for value in self.unseen.get(colour, ()) if value > needed)
        miss = 1.0 - min(1.0, fitting / self.pool[colour])
        return 1.0 - miss ** self.holders[colour]

    def _windows(self, tops: dict[geo.XY, tuple[str, int]],
                 area: geo.Box) -> tuple[dict[str, int], dict[str, float]]:
        """Per colour, the lowest value a card must beat to complete a line next move (absent:
        no threat), and the weight of its open windows (4 ** its cards in each)."""
        length = self.length
        low_x, low_y, high_x, high_y = area
        needed: dict[str, int] = {}
        weight: dict[str, float] = {}
        for dx, dy in geo.DIRECTIONS:
            steps = [(i * dx, i * dy) for i in range(length)]
            last_x, last_y = steps[-1]
            # Every window through at least one card, each once.
            starts = {(x - sx, y - sy) for x, y in tops for sx, sy in steps}
            for sx, sy in starts:
                if not (low_x <= sx <= high_x and low_x <= sx + last_x <= high_x
                        and low_y <= sy <= high_y and low_y <= sy + last_y <= high_y):
                    continue  # would outgrow the 6 × 6 square
                found = [tops.get((sx + x, sy + y)) for x, y in steps]
                for colour in {f[0] for f in found if f}.intersection(self.scored):
                    count, beat = 0, 0
                    for f in found:
                        if f is None:
                            continue
                        if f[0] == colour:
                            count += 1
                        elif f[1] >= UNCRUSHABLE:
                            break  # a 9 of another colour closes the window for good
                        else:
                            beat = max(beat, f[1])
                    else:
                        if count == length - 1:
                            needed[colour] = min(needed.get(colour, beat), beat)
                        else:
                            weight[colour] = weight.get(colour, 0.0) + 4.0 ** count
        return needed, weight

