"""Zéro Pointé's guide for the hard level: it names one move, so there is no search.

Search gained little here over a good estimate (rollouts need a cheap player, which misjudges
when to close); what loses rounds against the medium player is closing them too readily (it is
doubled in about a seventh of two-player rounds against this level, which almost never is).
So the hard level is the medium estimate with its own closing rule (``Careful``): a move that
closes the round is played only if it is very likely to end lowest (or cannot be doubled), or
if nothing else is legal. When no move improves the grid by more than STILL while a closing
move is at hand, it draws rather than swap idly: two cautious players swapping equal cards
would spin a round on for ever.

With two players, in a round that will end the match, it closes for the match, not the round
(``match_chance``): whenever closing wins the match with chance SAFE, however the round goes,
and never when closing would likely lose it. On its last turn after the other closed, it adds
to each move's points the closer's doubling times the chance that the move leaves it below the
closer (``doubling_chance``). Judging its own close, it counts an other's last turn as the
expected best use of a drawn card (``last_gain``), with a spread of 4.5 a card, not medium's 6.

Against medium, two players, 200 whole matches a seed set, seats alternating: 64.8 % on
"bench" (95 % 57.9-71.0), 62.8 % on "fresh2" (55.9-69.2), 66.8 % on "fresh4" (60.0-72.9),
59.5 % on "fresh5" (52.6-66.1), 73.2 % on "fresh6" (66.7-78.9): 65.4 % of the 1000
(62.4-68.3), against 67.2, 62.0, 65.8, 55.0 and 71.2 % (64.2 %) with only the closing and
match rules. On three tuning sets not among those ("tune1" to "tune3", 600 matches) the gain
was larger: 64.8 % against 60.5 %. Its rounds scored 14.3-15.2 points against medium's
16.4-17.8 (the points it gives up are in the last round, where only the match counts), about
0.6 ms a move (worst 13 ms). Tried and dropped, on "bench": lowering SAFE towards 0.6 as every
move loses points (63.0 %), a cost for leaving one face-down card while closing is unsafe
(60.8 %), a charge for the card that lets the next player close below it (57.2 %). On tuning
sets, within the noise: SAFE 0.8 (same), a spread of 3.5 (3.5 % less), pair hopes shrinking
as the others near their last card (1 % less), scoring the last turn of a match's last round
by the chance of winning the match (same); over 600, STILL 1.0 (0.5 % more) and a pair chance
of 0.02 a copy, not 0.035 (1.6 % less); and, before the rest of this level, one value
changed alone (spread, pair chance, gift weight, SAFE, STILL): all within 4 % either way on 200.
"""
import math

from ai import zero_pointe as medium
from ai.search import Guide

SAFE = 0.85     # the chance of ending lowest that a closing move needs (0.8 won 3 points
                # less on two sets of 200 games)
STILL = 0.25    # a move that lowers the estimate by no more than this is idle
UNSAFE = 1e6    # what an unsafe closing move pays on top of its expected doubling


class Careful(medium.Estimate):
    """The medium estimate, closing the round only when it is safe or nothing else helps, and
    spending its last turn on getting below the closer as much as on points."""

    # The chance of ending lowest is judged when closing, with only the others' last turn to
    # come: a narrower spread a card than medium's 6 (on 400 tuning matches, 66.8 % against
    # 65.8 % at 6 and 63.2 % at 3.5).
    card_sd = 4.5

    def __init__(self, view):
        super().__init__(view)
        self.totals = view["totals"]
        self.target = view["target"]
        self.stake = 0.0  # on my last turn, two players: what the closer's doubling is worth
        if self.last_turn and len(self.cells) == 2:
            self.closer_score = sum(v for v in self.cells[view["closer"]] if v is not None)
            self.stake = (self.multiplier - 1) * max(0, self.closer_score)
            var = sum(p * v * v for v, p in self.probs) - self.mean ** 2
            self.deck_sd = math.sqrt(max(var, 0.0))

    def others(self) -> list:
        """As medium's, but what an other's last turn may save is the expected best use of a
        card drawn (medium's sets its worst card against an average one, which misses the
        chance of a better card, or of a column of three)."""
        if self._others is None:
            self._others = [(self.grid_value(cells, False), cells.count(medium.HIDDEN),
                             self.last_gain(cells))
                            for seat, cells in enumerate(self.cells) if seat != self.me]
        return self._others

    def last_gain(self, cells) -> float:
        slots = [i for i, v in enumerate(cells) if v is not None]
        return sum(p * max(0.0, max(self._gain(cells, i, v, False) for i in slots))
                   for v, p in self.probs)

    def place(self, i: int, value: int) -> tuple:
        gain, risk = super().place(i, value)
        if self.stake:
            after = list(self.cells[self.me])
            after[i] = value
            gain += self.stake * self.doubling_chance(after, 0)
        return gain, risk

    def reveal(self, i: int) -> tuple:
        gain, risk = super().reveal(i)
        if self.stake:
            after = list(self.cells[self.me])
            after[i] = self.mean
            gain += self.stake * self.doubling_chance(after, 1)
        return gain, risk

    def doubling_chance(self, cells, unknown: int) -> float:
        """On my last turn: the chance that my grid ``cells`` ends below the closer (or level,
        when a tie is doubled). Nobody changes a card after it, so the spread is the deck's."""
        final = self.grid_value(cells, False)
        unknown += cells.count(medium.HIDDEN)
        edge = self.closer_score + (0.5 if self.tie_doubled else -0.5)
        if not unknown:
            return 1.0 if final < edge else 0.0
        z = (edge - final) / (self.deck_sd * math.sqrt(unknown))
        return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))

    def closing_risk(self, final: float, unknown: int):
        match = self.match_chance(final, unknown)
        if match is not None:  # only the match counts now
            return -UNSAFE if match >= SAFE else UNSAFE
        if final <= 0:
            return medium.OPEN
        lowest = self.lowest_chance(final, unknown)
        cost = (1.0 - lowest) * (self.multiplier - 1) * final
        return cost if lowest >= SAFE else cost + UNSAFE

    def scores(self, options) -> list:
        return [gain - risk for gain, risk in options]

    def match_chance(self, final: float, unknown: int):
        """With two players, when this round will end the match: my chance of winning it if I
        close now at ``final``; else None."""
        if len(self.cells) != 2:
            return None
        estimate, hidden, last_turn = self.others()[0]
        theirs = estimate - last_turn
        mine_total, their_total = self.totals[self.me], self.totals[1 - self.me]
        if mine_total + final < self.target and their_total + theirs < self.target:
            return None
        lead, cards = their_total - mine_total, hidden + unknown
        win = self.above(max(final, final - lead), theirs, cards)  # not doubled, below overall
        if final > 0:  # doubled, and still below them overall
            win += max(0.0, self.above(self.multiplier * final - lead, theirs, cards)
                       - self.above(final, theirs, cards))
        return win


def candidates(view: dict, legal: list, rng) -> list:
    if view["phase"] == "columns":
        return [medium.medium(view, legal, rng)]
    scores = medium.scored(view, legal, Careful)
    best = max(scores)
    move = rng.choice([m for m, score in zip(legal, scores) if score >= best - 1e-9])
    if (best <= STILL and "draw" in legal and not _closes(view, move)
            and any(_closes(view, m) for m in legal)):
        move = "draw"  # rather than an idle swap: a new card may help
    return [move]


def _closes(view: dict, move: str) -> bool:
    """Whether ``move`` leaves the seat without a face-down card (it then closes the round)."""
    if view["closer"] is not None or move == "draw":
        return False
    down = [(row, col) for row, cells in enumerate(view["grids"][view["seat"]])
            for col, cell in enumerate(cells) if cell is not None and cell.get("down")]
    if len(down) != 1:
        return False
    kind, *where = move.split(" ")
    return kind in ("reject", "turn") or tuple(map(int, where)) == down[0]


GUIDE = Guide(candidates=candidates)  # one candidate: no search
