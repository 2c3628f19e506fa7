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

from games.zero_pointe.cards import COPIES, card_value

HIDDEN = "?"  # a face-down slot; a removed slot is None, a face-up one its value
COLS = 4
REFUSED = -1000.0  # a closing move it does not want: played only when nothing else is legal
OPEN = 0.0  # the risk of a move that does not close the round


def medium(view: dict, legal: list, rng):
    if view["phase"] == "columns":
        return _column(view, legal)
    scores = scored(view, legal)
    best = max(scores)
    return rng.choice([m for m, score in zip(legal, scores) if score >= best - 1e-9])


def scored(view: dict, legal: list, table_class=None) -> list:
    """Each legal move's score (not in the "columns" phase); the hard level ranks moves by it,
    with its own ``table_class`` (an Estimate that closes a round otherwise)."""
    table = (table_class or Estimate)(view)
    if view["phase"] in ("opening", "turn_after_reject"):
        options = [table.reveal(_slot(m)) for m in legal]
    elif view["phase"] == "turn":
        top = view["discard_top"]["value"]
        options = [table.place(_slot(m), top) if m != "draw" else (table.draw_value(), OPEN)
                   for m in legal]
    else:  # "drawn"
        card = view["drawn"]["value"]
        options = [table.place(_slot(m), card) if m != "reject" else table.reject(card)
                   for m in legal]
    return table.scores(options)


def _scores(options) -> list:
    """Each (gain, risk) option's score: a closing move pays its risk, up to what the best move
    that does not close would gain."""
    room = max([0.0] + [gain for gain, risk in options if risk == OPEN])
    return [gain + REFUSED if risk is None else gain - min(risk, room) for gain, risk in options]


def _column(view, legal):
    """Remove a triple that costs points; keep one of zeros or negatives."""
    col = view["pending_columns"][0]
    value = view["grids"][view["seat"]][0][col]["value"]
    return f"remove {col}" if value > 0 and f"remove {col}" in legal else f"leave {col}"


def _slot(move: str) -> int:
    _, row, col = move.split(" ")
    return int(row) * COLS + int(col)


def _cells(rows) -> list:
    out = []
    for row in rows:
        for slot in row:
            out.append(None if slot is None else HIDDEN if slot.get("down") else slot["value"])
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
    # Spread of one unknown card's value, for the chance of ending lowest: 4.2 for the deck,
    # widened because the others may still change cards (6 beat 4.2 in self-play).
    card_sd = 6.0

    def __init__(self, view):
        self.me = view["seat"]
        self.cells = [_cells(rows) for rows in view["grids"]]
        unseen = dict(COPIES)
        seen = list(view["discard"])
        seen += [s["id"] for rows in view["grids"] for row in rows for s in row if s and "id" in s]
        if view["drawn"] and "id" in view["drawn"]:
            seen.append(view["drawn"]["id"])
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
        self._columns = {}
        self._gifts = None
        self._others = None
        self._turn_after = None

    # --- estimates --------------------------------------------------------------------------

    def column_value(self, a, b, c, future: bool) -> float:
        """A column's expected points (memoised: the same columns come back for every card)."""
        key = (a, b, c, future)
        value = self._columns.get(key)
        if value is None:
            value = self._columns[key] = self._column_value(a, b, c, future)
        return value

    def _column_value(self, a, b, c, future: bool) -> float:
        if a is None:
            return 0.0
        known = [v for v in (a, b, c) if v is not HIDDEN]
        hidden = 3 - len(known)
        if not hidden and a == b == c:
            return 0.0 if a > 0 else 3.0 * a
        value = sum(known) + hidden * self.mean
        if future and len(known) >= 2:
            for x in set(known):
                if x > 0 and known.count(x) == 2:
                    third = self.mean if hidden else sum(known) - 2 * x
                    chance = min(self.pair_cap, self.pair_chance * self.unseen[x])
                    value -= chance * max(0.0, 2 * x + third)
        return value

    def grid_value(self, cells, future: bool) -> float:
        return sum(self.column_value(cells[c], cells[c + 4], cells[c + 8], future)
                   for c in range(COLS))

    def _gain(self, cells, i, new, future) -> float:
        """How much setting slot i to ``new`` lowers its column's estimate."""
        c = i % COLS
        col = [cells[c], cells[c + 4], cells[c + 8]]
        before = self.column_value(*col, future)
        col[i // COLS] = new
        return before - self.column_value(*col, future)

    def others(self) -> list:
        """(estimated final score, face-down count, what their one last turn may save) of
        every other seat."""
        if self._others is None:
            self._others = []
            for seat, cells in enumerate(self.cells):
                if seat != self.me:
                    known = [self.mean if v is HIDDEN else v for v in cells if v is not None]
                    last_turn = max(0.0, max(known, default=0.0) - self.mean)
                    self._others.append((self.grid_value(cells, False), cells.count(HIDDEN), last_turn))
        return self._others

    def scores(self, options) -> list:
        return _scores(options)

    def closing_risk(self, final: float, unknown: int):
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

    def _risk(self, cells, unknown: int = 0):
        """The risk of the move leaving my grid as ``cells``: OPEN unless it closes the round."""
        if self.last_turn or HIDDEN in cells:
            return OPEN
        return self.closing_risk(self.grid_value(cells, False), unknown)

    def gift(self, value) -> float:
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
        if value is HIDDEN:
            return sum(p * self._gifts[v] for v, p in self.probs)
        return self._gifts[value]

    # --- the moves ----------------------------------------------------------------------------

    def place(self, i: int, value: int) -> tuple:
        """Swap a known card into slot i: its gain, less the gift of the card it replaces."""
        mine = self.cells[self.me]
        after = list(mine)
        after[i] = value
        gain = self._gain(mine, i, value, not self.last_turn) - self.gift(mine[i])
        return gain, self._risk(after)

    def reveal(self, i: int) -> tuple:
        """Turning face-down slot i: a triple may appear, a pair gains hope."""
        mine = self.cells[self.me]
        future = not self.last_turn
        gain = sum(p * self._gain(mine, i, v, future) for v, p in self.probs)
        after = list(mine)
        after[i] = self.mean  # its expected value, for the closing risk
        return gain, self._risk(after, unknown=1)

    def reject(self, value: int) -> tuple:
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
