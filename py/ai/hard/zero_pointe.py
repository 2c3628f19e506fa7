"""Zéro Pointé's guide for the hard level: a careful rule, and a search of its closing decisions.

The rule (``rule``) is the medium estimate with its own closing rule (``Careful``): a move that
closes the round is played only if it is very likely to end lowest (or cannot be doubled), or
if nothing else is legal. Two changes to medium's play: a card turned up counts SEEN points
beyond its expected value, and the hopes of completing a pair grow with the turns left. When
no move improves the grid by more than STILL while a closing move is at hand, it draws rather
than swap idly: two cautious players swapping equal cards would spin a round on for ever.

With two players, in a round that will end the match, it closes for the match, not the round
(``match_chance``): whenever closing wins the match with chance SAFE, however the round goes,
and never when closing would likely lose it. On its last turn after the other closed, it adds
to each move's points the closer's doubling times the chance that the move leaves it below the
closer (``doubling_chance``). Judging its own close, it counts an other's last turn as the
expected best use of a drawn card (``last_gain``), with a narrower spread a card than medium's.

What the rule cannot weigh is what waiting costs: the closer scores 8 to 11 points fewer than
the other player in an average round, because it closes when its grid is good and catches the
other with face-down cards. So with two players, whenever a move would close the round and
another would not, the search (``ai.search``) compares the two (the rule's choice and the best
of the other kind) over re-dealt worlds, each played to the round's end (``rollout``): the seat
itself by the rule, the other as the medium player (as every guide's rollouts play the others),
a round's end worth the chance of winning the match from the totals it leaves (``worth``).
And on its last turn after the other closed, it weighs every legal move the same way (the
round ends after it, so a rollout is that move, a drawn card placed by the rule, and the
count): the rule counts points, but late in a match a move that saves fewer points may be the
one that keeps it in the match. Every other decision is the rule's alone. How these choices
were measured: bench/NOTES.md.
"""
import math
import random

from ai import zero_pointe as medium
from ai.search import Guide
from games.zero_pointe import GAME, rules
from games.zero_pointe.schema import Draw, Keep, Reject, Take, Turn, View, move_text, parse_move
from games.zero_pointe.state import State

SAFE = 0.85     # the chance of ending lowest that a closing move needs
STILL = 0.25    # a move that lowers the estimate by no more than this is idle
UNSAFE = 1e6    # what an unsafe closing move pays on top of its expected doubling
DRAW = move_text(Draw())
ITERATIONS = 40   # worlds a closing decision, at most
SETTLE = 2.0      # standard errors of lead that end a closing decision early
CUT = 60          # moves a rollout plays at most before the round's end
ROUND_SD = 15.0   # spread of the difference of two players' round scores
ROUND_POINTS = 16.0  # points a player scores in an average round
HALVE = (8, 16, 24)  # worlds after which the worse half of a last turn's moves is dropped
SEEN = 1.0        # points a card turned up is worth beyond its expected value (see Careful)
PAIR_TURNS = 4    # face-down cards left at which the pair hopes are medium's (see Careful)
PAIR_SCALE = (0.25, 1.5)  # the least and most of medium's pair hopes


class Careful(medium.Estimate):
    """The medium estimate, closing the round only when it is safe or nothing else helps, and
    spending its last turn on getting below the closer as much as on points."""

    # The chance of ending lowest is judged when closing, with only the others' last turn to
    # come: a narrower spread a card than medium's.
    card_sd = 4.5

    def __init__(self, view: View):
        super().__init__(view)
        # A pair is completed by a later turn: the hopes grow with the turns left, which the
        # fewest face-down cards of any seat stands for (the round ends soon after it is 0).
        fewest = min(cells.count(medium.HIDDEN) for cells in self.cells)
        low, high = PAIR_SCALE
        self.pair_chance = medium.Estimate.pair_chance * min(high, max(low, fewest / PAIR_TURNS))
        self.totals = view["totals"]
        self.target = view["target"]
        self.stake = 0.0  # on my last turn, two players: what the closer's doubling is worth
        closer = view["closer"]
        if self.last_turn and len(self.cells) == 2 and closer is not None:
            self.closer_score = sum(v for v in self.cells[closer] if isinstance(v, int | float))
            self.stake = (self.multiplier - 1) * max(0, self.closer_score)
            var = sum(p * v * v for v, p in self.probs) - self.mean ** 2
            self.deck_sd = math.sqrt(max(var, 0.0))

    def others(self) -> list[tuple[float, int, float]]:
        """As medium's, but what an other's last turn may save is the expected best use of a
        card drawn (medium's sets its worst card against an average one, which misses the
        chance of a better card, or of a column of three)."""
        if self._others is None:
            self._others = [(self.grid_value(cells, False), cells.count(medium.HIDDEN),
                             self.last_gain(cells))
                            for seat, cells in enumerate(self.cells) if seat != self.me]
        return self._others

    def last_gain(self, cells: list[medium.Cell]) -> float:
        slots = [i for i, v in enumerate(cells) if v is not None]
        return sum(p * max(0.0, max(self._gain(cells, i, v, False) for i in slots))
                   for v, p in self.probs)

    def place(self, i: int, value: int) -> medium.Option:
        gain, risk = super().place(i, value)
        if self.stake:
            after = list(self.cells[self.me])
            after[i] = value
            gain += self.stake * self.doubling_chance(after, 0)
        return gain, risk

    def reveal(self, i: int) -> medium.Option:
        """Medium's, and before its last turn SEEN points more: a card turned up is replaced
        later only if it is bad, while a face-down card can only be replaced blind."""
        gain, risk = super().reveal(i)
        if not self.last_turn:
            gain += SEEN
        if self.stake:
            after = list(self.cells[self.me])
            after[i] = self.mean
            gain += self.stake * self.doubling_chance(after, 1)
        return gain, risk

    def doubling_chance(self, cells: list[medium.Cell], unknown: int) -> float:
        """On my last turn: the chance that my grid ``cells`` ends below the closer (or level,
        when a tie is doubled). Nobody changes a card after it, so the spread is the deck's."""
        final = self.grid_value(cells, False)
        unknown += cells.count(medium.HIDDEN)
        edge = self.closer_score + (0.5 if self.tie_doubled else -0.5)
        if not unknown:
            return 1.0 if final < edge else 0.0
        z = (edge - final) / (self.deck_sd * math.sqrt(unknown))
        return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))

    def closing_risk(self, final: float, unknown: int) -> medium.Risk:
        match = self.match_chance(final, unknown)
        if match is not None:  # only the match counts now
            return -UNSAFE if match >= SAFE else UNSAFE
        if final <= 0:
            return medium.OPEN
        lowest = self.lowest_chance(final, unknown)
        cost = self.doubling(final, lowest)
        return cost if lowest >= SAFE else cost + UNSAFE

    def doubling(self, final: float, lowest: float) -> float:
        """The expected extra points of the closer's doubling at ``final``, ending lowest with
        chance ``lowest``."""
        return (1.0 - lowest) * (self.multiplier - 1) * final

    def scores(self, options: list[medium.Option]) -> list[float]:
        return [gain - (risk or 0.0) for gain, risk in options]  # a careful close is never refused (None)

    def match_chance(self, final: float, unknown: int) -> float | None:
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


class Bold(Careful):
    """The careful estimate without its safety rule: a closing move pays its expected doubling
    alone (how the search picks the closing move it weighs against waiting)."""

    def closing_risk(self, final: float, unknown: int) -> medium.Risk:
        if final <= 0:
            return medium.OPEN
        return self.doubling(final, self.lowest_chance(final, unknown))


def rule(view: View, legal: list[str], rng: random.Random, scores: list[float] | None = None) -> str:
    """The careful rule's move (``scores``: the Careful scores of ``legal``, if known)."""
    if view["phase"] == "columns":
        return medium.medium(view, legal, rng)
    scores = scores or medium.scored(view, legal, Careful)
    best = max(scores)
    move = rng.choice([m for m, score in zip(legal, scores) if score >= best - 1e-9])
    if (best <= STILL and DRAW in legal and not _closes(view, move)
            and any(_closes(view, m) for m in legal)):
        move = DRAW  # rather than an idle swap: a new card may help
    return move


def candidates(view: View, legal: list[str], rng: random.Random) -> list[str]:
    """The rule's move first, then the moves the search weighs against it, with two players:
    on its last turn every other legal move (the round ends a move away, and the search weighs
    each by the chance of winning the match it leaves, where the rule counts points); whenever
    one move would close the round and another would not, the best of the other kind
    (``_close_or_wait``). Else the rule's move alone."""
    if view["phase"] == "columns":
        return [rule(view, legal, rng)]
    scores = medium.scored(view, legal, Careful)
    move = rule(view, legal, rng, scores)
    if view["players"] != 2:
        return [move]
    if view["closer"] is not None:  # my last turn
        return [move] + [m for m in legal if m != move]
    return _close_or_wait(view, legal, scores, move)


def _close_or_wait(view: View, legal: list[str], scores: list[float], move: str) -> list[str]:
    """The rule's ``move`` alone, or when one move would close the round and another would not,
    the closing move of most points less its expected doubling and the rule's best move that does
    not close (the rule's move first when it does not close)."""
    closing = [_closes(view, m) for m in legal]
    if all(closing) or not any(closing):
        return [move]
    bold = medium.scored(view, legal, Bold)
    close = legal[max((i for i, c in enumerate(closing) if c), key=lambda i: bold[i])]
    if not _closes(view, move):
        return [move, close]
    wait = legal[max((i for i, c in enumerate(closing) if not c), key=lambda i: scores[i])]
    return [close, wait]


def _closes(view: View, text: str) -> bool:
    """Whether the move leaves the seat without a face-down card (it then closes the round)."""
    move = parse_move(text)
    if view["closer"] is not None or isinstance(move, Draw):
        return False
    down = [(row, col) for row, cells in enumerate(view["grids"][view["seat"]])
            for col, cell in enumerate(cells) if cell is not None and "down" in cell]
    if len(down) != 1:
        return False
    if isinstance(move, Reject | Turn):
        return True
    return isinstance(move, Take | Keep) and (move.row, move.col) == down[0]


class Searcher:
    """The search's world: the game's state and the seat that searches (the state's seat to
    move when the search begins), so that the rollout plays that seat by the rule."""

    @staticmethod
    def enter(world: State) -> tuple[State, int]:
        assert world.current is not None
        return world, world.current

    @staticmethod
    def play(world: tuple[State, int], move: str) -> tuple[State, int]:
        state, me = world
        return rules.play(state, move), me


def rollout(world: tuple[State, int], rounds: int, rng: random.Random) -> list[float]:
    """The round played to its end (at most CUT moves, then the totals as they stand), the
    searching seat by the rule, the other as the medium player; each seat's ``worth``."""
    state, me = world
    for _ in range(CUT):
        seat = rules.to_move(state)
        if seat is None or rules.rounds_done(state) != rounds:
            break
        view, legal = GAME.view(state, seat), rules.legal_moves(state)
        move = rule(view, legal, rng) if seat == me else medium.medium(view, legal, rng)
        state = rules.play(state, move)
    return worth(list(state.totals), state.options["target"])


def worth(totals: list[int], target: int) -> list[float]:
    """Each seat's chance of winning the match from ``totals`` (the lowest total wins): a match
    over is won or lost (shared by the seats level lowest), else each seat's lead over the best of
    the others against a normal spread of ROUND_SD points a round over the rounds likely left
    (ROUND_POINTS a round until someone reaches the target). With two seats the chances add up
    to one; with more (a review's rollout: the search weighs moves with two players only) each
    is its own, compared with the same seat's after another move."""
    if max(totals) >= target:
        best = min(totals)
        winners = totals.count(best)
        return [1.0 / winners if total == best else 0.0 for total in totals]
    spread = ROUND_SD * math.sqrt(max(1.0, (target - max(totals)) / ROUND_POINTS))
    return [0.5 * (1.0 + math.erf((min(totals[:i] + totals[i + 1:]) - total) / spread / math.sqrt(2.0)))
            for i, total in enumerate(totals)]


def scan(view: View, legal: list[str]) -> list[float]:
    """Each legal move's worth by the rule's own estimate, in points saved (a review ranks a
    player's decisions by it: a rollout plays a whole round, too dear to weigh each decision)."""
    if view["phase"] == "columns":
        return [float(move == medium.medium(view, legal, random.Random(0))) for move in legal]
    return medium.scored(view, legal, Careful)


GUIDE = Guide(candidates=candidates, rollout=rollout, iterations=ITERATIONS, rules=Searcher(),
              settle=SETTLE, halve=HALVE, scan=scan)
