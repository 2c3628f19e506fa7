"""Punttu's guide for the hard search.

Candidates: one card of each value in hand (the suit never matters: two cards of one value do
the same in every world, and the worlds go to choices that differ), the medium player's choice
first. The worlds are played on card values alone (``Rules``), to the deal's end; a deal is
worth its win, shared on a tie, except in a match to points that it does not end: there it is
worth each seat's chance of winning the match from the totals it leaves (``worth``), so that
every point counts in the early deals (playing each deal to win it, as a lone deal is, gave
away points that the match then missed).

Two players: every seat follows the medium player's rule made exact (its expectations computed
instead of sampled, over the cards not gone before the move; now and then any card), and once
the stock is empty the last tricks are searched to the end, as medium does. Card reading (the
search's ``deal``): each world's hand for the other is drawn with its chance given the other's
last DEPTH plays, that is the ways to deal it times how likely it makes those plays under that
rule (the card it drew after a trick being any of those it then held; a play the rule would
not make keeps a chance of ASTRAY). More players: a rule of thumb (lead low; beat the trick
with the cheapest card that does, before others only with a 5 or more, else throw the lowest
card; now and then any card).

How strong it is, and what was tried: bench/NOTES.md.
"""
import math
import random
from collections.abc import Callable, Generator
from dataclasses import replace
from functools import lru_cache

from ai import punttu as medium
from ai.search import Guide
from games.punttu import rules as game_rules
from games.punttu.cards import VALUES, in_order, in_play, points
from games.punttu.schema import View, parse_move
from games.punttu.state import State

ITERATIONS = 1000  # worlds per decision (see bench/strength.py for the time it takes)
WANDER = 0.05      # chance that a two-player rollout plays any card
WANDER_MANY = 0.1  # the same with more players
DEPTH = 4          # the other's last plays read
ASTRAY = 0.05      # a world's weight for each read play that the rule would not have made
DEAL_SPREAD = 21.0  # points: the spread of one deal's difference between two medium players
DECK_POINTS = 124  # the points a deal brings in all (a few less with 3 or 6 players)
HALF_PI = math.pi / 2


def candidates(view: View, legal: list[str], rng: random.Random) -> list[str]:
    first = medium.medium(view, legal, rng)
    if view["players"] == 2 and view["stock_size"] == 0:
        return [first]  # medium searches the last tricks exactly: nothing is hidden any more
    kept = {move_value(first): first}
    for move in legal:
        kept.setdefault(move_value(move), move)
    return list(kept.values())


def move_value(move: str) -> int:
    return VALUES[parse_move(move).card]


# --- the worlds, on card values ----------------------------------------------------------------

class Deal:
    """A determinized deal on card values (hands sorted), played on in place."""
    __slots__ = ("hands", "stock", "trick", "lead", "taken", "totals", "target", "policy")
    hands: list[list[int]]  # per seat, its values, sorted
    stock: list[int]  # the top last
    trick: list[int]  # the values on the table, the leader's first
    lead: int
    taken: list[int]  # per seat, the points taken this deal
    totals: tuple[int, ...]  # per seat, the points of the finished deals
    target: int | None  # the points that end the match (None: one deal)
    policy: "Policy"  # the two-player rule over the cards not gone

    def step(self, card: int) -> None:
        """The seat to move plays ``card``; a full trick is taken and the hands filled again."""
        hands, trick, n = self.hands, self.trick, len(self.hands)
        hands[(self.lead + len(trick)) % n].remove(card)
        trick.append(card)
        if len(trick) == n:
            winner = (self.lead + trick.index(max(trick))) % n
            self.taken[winner] += sum(trick)
            for i in range(n if self.stock else 0):
                hands[(winner + i) % n].append(self.stock.pop())
                hands[(winner + i) % n].sort()
            self.trick, self.lead = [], winner


class Rules:
    """The search's stand-in for the rules: the deal on values, never past its end."""

    def enter(self, world: State) -> Deal:
        return _on_values(world)

    def play(self, deal: Deal, move: str) -> Deal:
        deal.step(move_value(move))
        return deal


def _on_values(world: State) -> Deal:
    """A world on values: its hands and stock, then what every world of one decision shares."""
    deal = Deal()
    deal.hands = [sorted(VALUES[card] for card in hand) for hand in world.hands]
    deal.stock = [VALUES[card] for card in world.stock]
    deal.trick = [VALUES[card] for card in world.trick]
    deal.lead = game_rules.leader(world)
    taken, deal.policy = _public(world.tricks, world.trick, world.players)
    deal.taken = list(taken)
    deal.totals = world.totals
    deal.target = world.options["target"] if world.options["match"] == "to_points" else None
    return deal


@lru_cache(maxsize=16)  # the same for every world and candidate of a decision
def _public(tricks: tuple[tuple[int, tuple[str, ...]], ...], trick: tuple[str, ...],
            players: int) -> tuple[tuple[int, ...], "Policy"]:
    """What the cards face up tell, the same in every world: each seat's points taken, and the
    rule over the cards not gone (those in the hands and the stock)."""
    taken = [0] * players
    gone = set(trick)
    for first, cards in tricks:
        taken[game_rules.trick_winner(first, cards, players)[0]] += points(cards)
        gone.update(cards)
    pool = [0] * 8
    for card in in_play(players):
        pool[VALUES[card]] += card not in gone
    return tuple(taken), _policy(tuple(pool))


def rollout(deal: Deal, done: int, rng: random.Random) -> list[float]:
    """The deal played to its end (``done`` is not needed: a deal on values stops there)."""
    (_two if len(deal.hands) == 2 else _many)(deal, rng)
    return worth([t + p for t, p in zip(deal.totals, deal.taken)], deal.target)


def worth(scores: list[int], target: int | None) -> list[float]:
    """Each seat's chance of winning the match once a deal has ended with these totals: the
    win (shared on a tie) when the match is over; else each seat's lead over the best of the
    others, against the spread of the deals still to come (about DEAL_SPREAD points a deal
    between two players, and a deal brings the leader about its share of the deck), through a
    smooth step shaped like the normal law's, the chances made to add up to one. A match to
    points is won on points, not deals: in its early deals each point counts, as the search
    then sees."""
    best = max(scores)
    if target is None or best >= target:
        return [(score == best) / scores.count(best) for score in scores]
    deals = (target - best) / (DECK_POINTS / len(scores)) + 0.5
    spread = DEAL_SPREAD * math.sqrt(deals)
    leads = [score - max(s for j, s in enumerate(scores) if j != i) for i, score in enumerate(scores)]
    # x / sqrt(x² + π/2) has the normal law's slope at 0 and needs no function of the maths
    # library but sqrt, which is exact everywhere: the browser's Python chooses as CPython does.
    chances = [0.5 + 0.5 * lead / math.sqrt(lead * lead + HALF_PI * spread * spread)
               for lead in leads]
    total = math.fsum(chances)
    return [chance / total for chance in chances]


def _two(deal: Deal, rng: random.Random) -> None:
    hands, stock, taken, policy = deal.hands, deal.stock, deal.taken, deal.policy
    lead = deal.lead
    led: int | None = deal.trick[0] if deal.trick else None
    while True:
        if led is None:
            if not stock:  # the last tricks, searched to the end
                left = sum(hands[0]) + sum(hands[1])
                margin = medium.endgame(tuple(hands[lead]), tuple(hands[1 - lead]), True)
                taken[lead] += (left + margin) // 2
                taken[1 - lead] += (left - margin) // 2
                return
            led = policy.play(hands[lead], None, rng)
        card = policy.play(hands[1 - lead], led, rng)
        winner = 1 - lead if card > led else lead
        taken[winner] += led + card
        if stock:
            for hand in hands:
                hand.append(stock.pop())
                hand.sort()
        lead, led = winner, None


def _many(deal: Deal, rng: random.Random) -> None:
    n, hands, trick = len(deal.hands), deal.hands, deal.trick
    while hands[(deal.lead + len(trick)) % n]:
        hand = hands[(deal.lead + len(trick)) % n]
        if rng.random() < WANDER_MANY:
            card = hand[int(rng.random() * len(hand))]
        elif not trick:
            card = hand[0]
        else:
            high, last = max(trick), len(trick) == n - 1
            card = next((v for v in hand if v > high and (last or v >= 5)), hand[0])
        deal.step(card)
        trick = deal.trick


# --- the medium player's rule with two players, made exact --------------------------------------

@lru_cache(maxsize=64)
def _policy(pool: tuple[int, ...]) -> "Policy":
    return Policy(pool)


class Policy:
    """The medium player's rule with two players, its expectations computed exactly over
    ``pool`` (how many cards of each value are not gone) less the hand: the two agree on every
    answer and on nearly every lead (medium samples its expectations)."""

    def __init__(self, pool: tuple[int, ...]):
        self.pool = pool
        self.chosen: dict[tuple[tuple[int, ...], int | None], int] = {}

    def play(self, hand: list[int], led: int | None, rng: random.Random) -> int:
        if rng.random() < WANDER:
            card = hand[int(rng.random() * len(hand))]
        else:
            card = self.chosen.get((tuple(hand), led)) or self.choice(tuple(hand), led)
        hand.remove(card)
        return card

    def choice(self, hand: tuple[int, ...], led: int | None) -> int:
        """Medium's card from ``hand`` (sorted), leading (``led`` None) or answering ``led``."""
        key = (hand, led)
        if key not in self.chosen:
            unseen = list(self.pool)
            for value in hand:
                unseen[value] -= 1
            best: float | None = None
            choice = 0
            for value in sorted(set(hand)):  # the lowest among equals
                if led is None:
                    score = _lead(unseen, value)
                else:
                    score = led + value if value > led else -(led + value)
                score -= _later(unseen, value)
                if best is None or score > best + 1e-9:
                    best, choice = score, value
            self.chosen[key] = choice
        return self.chosen[key]


def _later(unseen: list[int], value: int) -> float:
    """Medium's worth of a card kept for a later trick, against a card drawn from ``unseen``
    (how many of each value)."""
    return medium.later([v for v, n in enumerate(unseen) for _ in range(n)], value, 2, 1.0)


def _lead(unseen: list[int], value: int) -> float:
    """Medium's expected gain in the trick it leads with ``value``, the other's three cards drawn
    from ``unseen``: it answers with its cheapest card that wins, else its lowest."""
    count = sum(unseen)
    hands = math.comb(count, 3) or 1

    def within(size: int) -> float:  # the chance that all three cards are among ``size`` given ones
        return math.comb(size, 3) / hands

    gains = []
    for answer in range(1, 8):
        if not unseen[answer]:
            continue
        if answer > value:  # no card between value and answer, one answer at least
            free = count - sum(unseen[value + 1:answer])
            won = -(value + answer)
        else:  # every card from answer up to value, one answer at least
            free = sum(unseen[answer:value + 1])
            won = value + answer
        chance = within(free) - within(free - unseen[answer])
        gains.append(chance * (won + medium.SPENT * _later(unseen, answer)))
    return math.fsum(gains)


# --- card reading ------------------------------------------------------------------------------

def deal(view: View) -> Generator[None, None, Callable[[State, random.Random], State] | None]:
    """With two players, how the worlds are dealt: the other's hand as likely as its last plays
    make it (None when it has made none this deal, or more players). Works in steps, a hand
    weighed a step: weighing them all at once would hold the page too long."""
    reading = _Reading(view) if view["players"] == 2 else None
    if not (reading and reading.plays):
        return None
    yield from reading.weigh()
    return reading.deal


# A play of the other's, the latest first: the card it answered (None: it led), its card, the
# rule it played by then, and whether it has drawn since.
_Play = tuple[int | None, int, "Policy", bool]


class _Reading:
    def __init__(self, view: View):
        me = self.me = view["seat"]
        seen = view["seen"]
        # The cards not in a finished trick, now, then before each earlier play: the rule's pool.
        pool = [0] * 8
        gone = {card for trick in seen for card in trick["cards"]}
        for card in in_play(2):
            pool[VALUES[card]] += card not in gone
        hidden = list(pool)  # the cards I have not seen, by value
        for card in view["hand"] + [play["card"] for play in view["trick"]]:
            hidden[VALUES[card]] -= 1
        # The other's last plays.
        self.plays: list[_Play] = []
        self.memo: dict[tuple[tuple[int, ...], int], float] = {}
        if view["trick"]:
            led = VALUES[view["trick"][0]["card"]]
            self.plays.append((None, led, _policy(tuple(pool)), False))
        for trick in reversed(seen[-DEPTH:]):
            cards = [VALUES[card] for card in trick["cards"]]
            for value in cards:
                pool[value] += 1
            answered, theirs = (cards[0], cards[1]) if trick["leader"] == me else (None, cards[0])
            self.plays.append((answered, theirs, _policy(tuple(pool)), True))
        del self.plays[DEPTH:]
        # Every hand of values the other may hold, and its chance: the ways to deal it times
        # how likely it makes the plays.
        self.hidden = hidden
        self.hands = [hand for hand in _hands(view["hand_sizes"][1 - me])
                      if all(hand.count(v) <= hidden[v] for v in hand)]
        self.bounds: list[float] = []

    def weigh(self) -> Generator[None, None, None]:
        """Each hand's chance, summed up in ``bounds``: a step (None) per hand."""
        total = 0.0
        for hand in self.hands:
            total += (math.prod(math.comb(self.hidden[v], hand.count(v)) for v in set(hand))
                      * self.likelihood(list(hand)))
            self.bounds.append(total)
            yield None

    def deal(self, world: State, rng: random.Random) -> State:
        """The world with the other's hand drawn again, as likely as the plays make it."""
        drawn = rng.random() * self.bounds[-1]
        theirs = list(next(hand for hand, bound in zip(self.hands, self.bounds) if bound > drawn))
        other = 1 - self.me
        hidden = list(world.hands[other]) + list(world.stock)
        rng.shuffle(hidden)
        hand: list[str] = []
        stock: list[str] = []
        for card in hidden:
            if VALUES[card] in theirs:
                theirs.remove(VALUES[card])
                hand.append(card)
            else:
                stock.append(card)
        hands = list(world.hands)
        hands[other] = in_order(hand)
        return replace(world, hands=tuple(hands), stock=tuple(stock))

    def likelihood(self, theirs: list[int], i: int = 0) -> float:
        """How likely the other's plays from the ``i``-th last on are if it holds ``theirs``
        after it (the card drawn after a trick being any of those it then held)."""
        if i == len(self.plays):
            return 1.0
        key = (tuple(theirs), i)
        if key not in self.memo:
            answered, card, policy, drew = self.plays[i]
            held = [theirs[:j] + theirs[j + 1:] for j in range(len(theirs))] if drew else [theirs]
            total = []
            for rest in held:
                hand = sorted(rest + [card])
                fits = policy.choice(tuple(hand), answered) == card
                total.append((1.0 if fits else ASTRAY) * self.likelihood(hand, i + 1))
            self.memo[key] = math.fsum(total) / len(held)
        return self.memo[key]


def _hands(size: int, low: int = 1) -> list[tuple[int, ...]]:
    """Every hand of ``size`` values from ``low`` to 7, sorted."""
    if not size:
        return [()]
    return [(value,) + rest for value in range(low, 8) for rest in _hands(size - 1, value)]


GUIDE = Guide(rollout=rollout, iterations=ITERATIONS, candidates=candidates, rules=Rules(), deal=deal)
