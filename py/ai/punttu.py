"""Punttu, medium level: the source's advice turned into numbers, from the view only.

It counts the cards gone (the finished tricks every seat has seen, "seen", and the cards out of
the game): the others' hands and the stock are drawn from the rest. Each card it may play is
tried against sampled hands of the players still to play in the trick, who answer sensibly
(beat as cheaply as they can, else throw their lowest card). A card is worth what it takes (or
gives away) in this trick, less what it would be worth later: a high card kept wins a later
trick, a low card kept is the reserve to throw when an opponent has played high. So it leads
low, beats a trick cheaply when the points are worth it, throws its lowest card when it cannot
win, and keeps its sevens for tricks worth taking.

With two players, once the stock is empty the other hand is exactly the cards not seen: the
last tricks are searched to the end.
"""
import random
from functools import cache

from games.punttu.schema import FACES, View, card_face, parse_move

SAMPLES = 24     # sampled deals of the unknown cards, per move
FUTURE = 1.0     # weight of what a card is worth later, kept in hand
SPENT = 0.5      # weight of what the cards the others spend were worth to them later


def medium(view: View, legal: list[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    table = _Table(view)
    if table.players == 2 and view["stock_size"] == 0:
        return table.solve(legal)
    return table.best(legal, rng)


def _points(card: str) -> int:
    return card_face(card).points


def _value(move: str) -> int:
    return _points(parse_move(move).card)


class _Table:
    def __init__(self, view: View):
        self.players = n = view["players"]
        self.me = view["seat"]
        self.sizes = view["hand_sizes"]
        self.played = [(p["seat"], _points(p["card"])) for p in view["trick"]]
        gone = set(view["hand"]) | {p["card"] for p in view["trick"]} | set(view["removed"])
        gone |= {card for trick in view["seen"] for card in trick["cards"]}
        self.unseen = [face.points for card, face in FACES.items() if card not in gone]
        # Seats still to play after me in this trick, in turn order.
        self.after = [(self.me + i) % n for i in range(1, n - len(self.played))]
        # What another seat's gain costs me: all of it against one opponent, a share otherwise.
        self.share = 1.0 if n == 2 else 1.0 / (n - 1)
        self._later: dict[int, float] = {}

    # --- a card's worth later, kept in hand ---------------------------------------------------
    def later(self, value: int) -> float:
        """``later`` for this table, once per value."""
        worth = self._later.get(value)
        if worth is None:
            worth = self._later[value] = later(self.unseen, value, self.players, self.share)
        return worth

    # --- the trick on the table, sampled ------------------------------------------------------
    def best(self, legal: list[str], rng: random.Random) -> str:
        values = sorted({_value(m) for m in legal})
        totals = dict.fromkeys(values, 0.0)
        unseen = list(self.unseen)
        for _ in range(SAMPLES):
            rng.shuffle(unseen)
            hands: dict[int, list[int]] = {}
            start = 0
            for seat in self.after:
                hands[seat] = sorted(unseen[start:start + self.sizes[seat]])
                start += self.sizes[seat]
            for value in values:
                totals[value] += self._result(value, hands)
        scores = {v: totals[v] / SAMPLES - FUTURE * self.later(v) for v in values}
        top = max(scores.values())
        choice = min(v for v in values if scores[v] >= top - 1e-9)  # the lowest among equals
        return next(m for m in legal if _value(m) == choice)

    def _result(self, value: int, hands: dict[int, list[int]]) -> float:
        """My gain (a share of the others' gain counted against me) if I play ``value`` and the
        seats after me answer sensibly, plus part of what their answers cost them later."""
        pot = sum(v for _, v in self.played) + value
        high, winner = value, self.me
        if self.played:  # an equal card played before mine wins
            high = max(v for _, v in self.played)
            winner = next(s for s, v in self.played if v == high)
            if value > high:
                high, winner = value, self.me
        spent = 0.0
        for i, seat in enumerate(self.after):
            answer = _answer(hands[seat], high, last=i == len(self.after) - 1)
            pot += answer
            spent += self.later(answer)
            if answer > high:
                high, winner = answer, seat
        gain = pot if winner == self.me else -self.share * pot
        return gain + SPENT * self.share * spent

    # --- two players, stock empty: the last tricks searched to the end ------------------------
    def solve(self, legal: list[str]) -> str:
        mine = tuple(sorted(_value(m) for m in legal))
        theirs = tuple(sorted(self.unseen))
        led = self.played[0][1] if self.played else None
        best_value, best = 0, None
        for value in sorted(set(mine)):
            rest = _without(mine, value)
            if led is None:
                score = min(_trick(value, v) + endgame(rest, _without(theirs, v), value >= v)
                            for v in set(theirs))
            else:
                won = value > led
                score = -_trick(led, value) + endgame(rest, theirs, won)
            if best is None or score > best:
                best_value, best = value, score
        return next(m for m in legal if _value(m) == best_value)


def later(unseen: list[int], value: int, players: int, share: float) -> float:
    """The expected result of playing a card of ``value`` in some later trick: it wins when the
    others' cards (drawn from ``unseen``, values) are lower (half of the ties: who plays first
    wins them), taking its own value and theirs; ``share`` of a loss is counted against it."""
    unseen = unseen or [1]
    below = sum(v < value for v in unseen) + 0.5 * sum(v == value for v in unseen)
    win = (below / len(unseen)) ** (players - 1)
    pot = value + (players - 1) * sum(unseen) / len(unseen)
    return win * pot - (1 - win) * share * pot


def _answer(hand: list[int], high: int, last: bool) -> int:
    """A sensible answer (hand sorted): the cheapest card that beats ``high``, else the lowest.
    Before others, only a card they are unlikely to beat is worth spending (a 5 or more)."""
    for v in hand:
        if v > high and (last or v >= 5):
            return v
    return hand[0]


def _trick(lead: int, follow: int) -> int:
    """The leader's gain in a two-player trick: ties go to the card played first."""
    return lead + follow if lead >= follow else -(lead + follow)


def _without(hand: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = hand.index(value)
    return hand[:i] + hand[i + 1:]


@cache  # a few thousand pairs of hands at most (the hard level's rollouts too)
def endgame(mine: tuple[int, ...], theirs: tuple[int, ...], i_lead: bool) -> int:
    """Exact two-player value (my points less theirs) of the tricks left, both hands known."""
    if not mine:
        return 0
    if i_lead:
        return max(min(_trick(a, b) + endgame(_without(mine, a), _without(theirs, b), a >= b)
                       for b in set(theirs)) for a in set(mine))
    return min(max(-_trick(b, a) + endgame(_without(mine, a), _without(theirs, b), a > b)
                   for a in set(mine)) for b in set(theirs))
