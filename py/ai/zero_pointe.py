"""Zéro Pointé, medium level: a one-move look-ahead on an estimate of its final score, from the
view only.

Every unknown card (face down anywhere, or in the draw pile) is worth the mean of the cards not
seen yet: the 150-card distribution minus every face-up card, the whole discard pile (public:
each card in it was shown face up) and its own drawn card. A column is worth the sum of its
cards, less a share of what completing a pair would save; a complete positive triple is worth 0
(it will be removed). Each legal move is scored by how much it lowers that estimate, less what
the card it puts on the discard would give the next player.

Closing the round (no face-down card left) is refused unless no doubling can apply or its score
looks lowest; even then it is charged the expected doubling, but never more than the best other
move would gain: when every other move makes its grid worse, waiting only loses, and charging
more would let a tight race go on for ever.
"""
import math
import random

from games.zero_pointe.cards import COPIES, card_value
from games.zero_pointe.schema import (COLS, Card, Draw, Grid, Hidden, Keep, Leave, Move, Reject, Remove, Take,
                                      Turn, View, move_text, parse_move)

HIDDEN = "?"  # a face-down slot; a removed slot is None, a face-up one its value
Cell = int | float | str | None  # a slot as the estimate sees it (a float: an expected value)
Risk = float | None  # what closing the round costs a move: OPEN if it does not close, None if refused
Option = tuple[float, Risk]  # a move's (gain, risk)
REFUSED = -1000.0  # a closing move it does not want: played only when nothing else is legal
OPEN = 0.0  # the risk of a move that does not close the round


def medium(view: View, legal: list[str], rng: random.Random) -> str:
    if view["phase"] == "columns":
        return _column(view, legal)
    scores = scored(view, legal)
    best = max(scores)
    return rng.choice([m for m, score in zip(legal, scores) if score >= best - 1e-9])


def scored(view: View, legal: list[str], table_class: "type[Estimate] | None" = None) -> list[float]:
    """Each legal move's score (not in the "columns" phase); the hard level ranks moves by it,
    with its own ``table_class`` (an Estimate that closes a round otherwise)."""
    table = (table_class or Estimate)(view)
    moves = [parse_move(move) for move in legal]
    if view["phase"] in ("opening", "turn_after_reject"):
        options = [table.reveal(_slot(move)) for move in moves]
    elif view["phase"] == "turn":
        top = view["discard_top"]["value"]
        options = [(table.draw_value(), OPEN) if isinstance(move, Draw) else table.place(_slot(move), top)
                   for move in moves]
    else:  # "drawn"
        card = _drawn_value(view["drawn"])
        options = [table.reject(card) if isinstance(move, Reject) else table.place(_slot(move), card)
                   for move in moves]
    return table.scores(options)


def _scores(options: list[Option]) -> list[float]:
    """Each (gain, risk) option's score: a closing move pays its risk, up to what the best move
    that does not close would gain."""
    room = max([0.0] + [gain for gain, risk in options if risk == OPEN])
    return [gain + REFUSED if risk is None else gain - min(risk, room) for gain, risk in options]


def _column(view: View, legal: list[str]) -> str:
    """Remove a triple that costs points; keep one of zeros or negatives."""
    col = view["asked_column"]
    assert col is not None
    top = view["grids"][view["seat"]][0][col]
    assert top is not None and "value" in top
    remove = move_text(Remove(col))
    return remove if top["value"] > 0 and remove in legal else move_text(Leave(col))


def _slot(move: Move) -> int:
    """The slot a move names, as an index of the estimate's cells."""
    assert isinstance(move, Turn | Take | Keep)
    return move.row * COLS + move.col


def _drawn_value(drawn: Card | Hidden | None) -> int:
    assert drawn is not None and "value" in drawn  # the drawer sees it
    return drawn["value"]


def _cells(rows: Grid) -> list[Cell]:
    out: list[Cell] = []
    for row in rows:
        for slot in row:
            out.append(None if slot is None else HIDDEN if "down" in slot else slot["value"])
    return out


class Estimate:
    """What the player knows, and the estimates built on it. Moves are scored as
    ``(gain, risk)``: risk is OPEN, the expected cost of closing, or None (refused). Its tuning
    is in class attributes, so that the hard level can have its own."""

    # Chance of completing a pair later, per unseen copy of its value: a pair of 5s with 8
    # fives unseen is completed about 28% of the time (capped).
    pair_chance = 0.035
    pair_cap = 0.4
    gift_weight = 1.0  # what a discarded card is worth to the next player, over their draw
    # Spread of one unknown card's value, for the chance of ending lowest: the deck's is 4.2,
    # widened because the others may still change cards.
    card_sd = 6.0

    def __init__(self, view: View):
        self.me = view["seat"]
        self.cells = [_cells(rows) for rows in view["grids"]]
        unseen = dict(COPIES)
        seen = list(view["discard"])
        seen += [s["id"] for rows in view["grids"] for row in rows for s in row if s and "id" in s]
        drawn = view["drawn"]
        if drawn and "id" in drawn:
            seen.append(drawn["id"])
        for card in seen:
            unseen[card_value(card)] -= 1
        total = sum(unseen.values())
        self.unseen = unseen
        self.probs = [(v, n / total) for v, n in unseen.items() if n > 0]
        self.mean = sum(v * p for v, p in self.probs)
        closer = view["closer"]
        self.last_turn = closer is not None  # the closer never plays again: this is my last
        nxt = (self.me + 1) % len(self.cells)
        # After my move the next player may take what I discard, unless the round ends first.
        self.next_seat = None if closer == nxt else nxt
        self.multiplier = view["multiplier"]
        self.tie_doubled = view["tie_doubled"]
        self._columns: dict[tuple, float] = {}
        self._gifts: dict[int, float] | None = None
        self._others: list[tuple[float, int, float]] | None = None
        self._turn_after: Option | None = None

    # --- estimates --------------------------------------------------------------------------

    def column_value(self, a: Cell, b: Cell, c: Cell, future: bool) -> float:
        """A column's expected points (memoised: the same columns come back for every card)."""
        key = (a, b, c, future)
        value = self._columns.get(key)
        if value is None:
            value = self._columns[key] = self._column_value(a, b, c, future)
        return value

    def _column_value(self, a: Cell, b: Cell, c: Cell, future: bool) -> float:
        if a is None:
            return 0.0
        known = [v for v in (a, b, c) if isinstance(v, int | float)]
        hidden = 3 - len(known)
        if not hidden and a == b == c:
            return 0.0 if known[0] > 0 else 3.0 * known[0]
        value = sum(known) + hidden * self.mean
        if future and len(known) >= 2:
            for x in set(known):
                if x > 0 and known.count(x) == 2:
                    third = self.mean if hidden else sum(known) - 2 * x
                    chance = min(self.pair_cap, self.pair_chance * self.unseen[int(x)])
                    value -= chance * max(0.0, 2 * x + third)
        return value

    def grid_value(self, cells: list[Cell], future: bool) -> float:
        return sum(self.column_value(cells[c], cells[c + 4], cells[c + 8], future)
                   for c in range(COLS))

    def _gain(self, cells: list[Cell], i: int, new: Cell, future: bool) -> float:
        """How much setting slot i to ``new`` lowers its column's estimate."""
        c = i % COLS
        col = [cells[c], cells[c + 4], cells[c + 8]]
        before = self.column_value(col[0], col[1], col[2], future)
        col[i // COLS] = new
        return before - self.column_value(col[0], col[1], col[2], future)

    def others(self) -> list[tuple[float, int, float]]:
        """(estimated final score, face-down count, what their one last turn may save) of
        every other seat."""
        if self._others is None:
            self._others = []
            for seat, cells in enumerate(self.cells):
                if seat != self.me:
                    known = [v if isinstance(v, int | float) else self.mean for v in cells if v is not None]
                    last_turn = max(0.0, max(known, default=0.0) - self.mean)
                    self._others.append((self.grid_value(cells, False), cells.count(HIDDEN), last_turn))
        return self._others

    def scores(self, options: list[Option]) -> list[float]:
        return _scores(options)

    def closing_risk(self, final: float, unknown: int) -> Risk:
        """None (refused) unless ``final`` is at most every other estimate, or no doubling can
        apply; else the expected extra points of the doubling. ``unknown``: my cards in
        ``final`` still to be seen."""
        if final <= 0:
            return OPEN
        if any(final > estimate or (self.tie_doubled and final == estimate)
               for estimate, _, _ in self.others()):
            return None
        return (1.0 - self.lowest_chance(final, unknown)) * (self.multiplier - 1) * final

    def lowest_chance(self, final: float, unknown: int) -> float:
        """The chance that ``final`` ends below every other seat's score."""
        lowest = 1.0
        for estimate, hidden, last_turn in self.others():
            lowest *= self.above(final, estimate - last_turn, hidden + unknown)
        return lowest

    def above(self, x: float, mean: float, unknown: int) -> float:
        """The chance that a round score estimated at ``mean``, with ``unknown`` of its cards
        still to be seen, ends above ``x``: a normal spread of ``card_sd`` a card."""
        spread = self.card_sd * math.sqrt(unknown) or 1.0
        return 0.5 * (1.0 + math.erf((mean - x) / (spread * math.sqrt(2.0))))

    def _risk(self, cells: list[Cell], unknown: int = 0) -> Risk:
        """The risk of the move leaving my grid as ``cells``: OPEN unless it closes the round."""
        if self.last_turn or HIDDEN in cells:
            return OPEN
        return self.closing_risk(self.grid_value(cells, False), unknown)

    def gift(self, value: Cell) -> float:
        """What putting ``value`` on the discard hands the next player, beyond a plain draw."""
        if self.next_seat is None:
            return 0.0
        if self._gifts is None:
            theirs = self.cells[self.next_seat]
            slots = [i for i, v in enumerate(theirs) if v is not None]
            best = {v: max((self._gain(theirs, i, v, True) for i in slots), default=0.0)
                    for v in COPIES}
            usual = sum(p * max(0.0, best[v]) for v, p in self.probs)
            self._gifts = {v: self.gift_weight * max(0.0, g - usual) for v, g in best.items()}
        if not isinstance(value, int):  # a face-down card: any unseen one
            return sum(p * self._gifts[v] for v, p in self.probs)
        return self._gifts[value]

    # --- the moves ----------------------------------------------------------------------------

    def place(self, i: int, value: int) -> Option:
        """Swap a known card into slot i: its gain, less the gift of the card it replaces."""
        mine = self.cells[self.me]
        after = list(mine)
        after[i] = value
        gain = self._gain(mine, i, value, not self.last_turn) - self.gift(mine[i])
        return gain, self._risk(after)

    def reveal(self, i: int) -> Option:
        """Turning face-down slot i: a triple may appear, a pair gains hope."""
        mine = self.cells[self.me]
        future = not self.last_turn
        gain = sum(p * self._gain(mine, i, v, future) for v, p in self.probs)
        after = list(mine)
        after[i] = self.mean  # its expected value, for the closing risk
        return gain, self._risk(after, unknown=1)

    def reject(self, value: int) -> Option:
        """Rejecting gives ``value`` away, then the best face-down card must be turned."""
        if self._turn_after is None:
            mine = self.cells[self.me]
            reveals = [self.reveal(i) for i, v in enumerate(mine) if v is HIDDEN]
            scores = self.scores(reveals)
            self._turn_after = reveals[scores.index(max(scores))]
        gain, risk = self._turn_after
        return gain - self.gift(value), risk

    def draw_value(self) -> float:
        """Expected score of drawing: for each possible card, its best keep or reject."""
        mine = self.cells[self.me]
        slots = [i for i, v in enumerate(mine) if v is not None]
        can_reject = HIDDEN in mine
        total = 0.0
        for value, p in self.probs:
            options = [self.place(i, value) for i in slots]
            if can_reject:
                options.append(self.reject(value))
            total += p * max(self.scores(options))
        return total
