"""Neuf vies, medium level: every legal move scored by what it does to the tableaux at once,
from the view only.

A position is worth my total less a blend of the best and the average opponent total (so in a
crowd it goes after the leader). An attack counts with the chance that the attacked player holds
an identical card or a joker among the cards it has not seen, and succeeds anyway when it holds a
second identical card to renew it. A card that could counter an attack on one of its own columns
(a twin of the warrior on top, a joker, a spirit) is worth a share of that column: it is spent
only when the move pays more. Counters are spent when the attack would cost more than the card.
"""
import random
from collections import Counter
from typing import TypeAlias

from games.neuf_vies.cards import face, full_deck, kind, value
from games.neuf_vies.schema import (SLOTS, Allow, Card, ColumnCard, Discard, Place, Put, Renew,
                                    Stop, View, move_text, parse_move)
from games.neuf_vies.schema import Column as ColumnView
from games.neuf_vies.schema import Counter as CounterMove

LEADER = 0.5  # weight of the best opponent (the rest on their average)
KEEP = 0.3  # share of the column a counter card in hand protects
SPIRIT_KEEP = 0.1  # share of its best column a spirit protects (spirit attacks are rarer)
COUNTER_MARGIN = 2.0  # a counter must save more than the card is worth plus this

# A column as the computer sees it: (9×2 count, warrior id or None, spirit id or None); an empty
# slot is None. Tableaux: one list of SLOTS of them per seat.
Col: TypeAlias = tuple[int, str | None, str | None] | None
Tabs: TypeAlias = list[list[Col]]


def medium(view: View, legal: list[str], rng: random.Random) -> str:
    table = _Table(view)
    phase = view["phase"]
    if phase == "counter":
        return table.answer(legal)
    if phase == "renew":
        renew = isinstance(parse_move(legal[0]), Renew)
        return legal[0] if renew and table.renew_pays() else move_text(Stop())
    scores = table.scores(legal)
    best = max(scores)
    return rng.choice([m for m, s in zip(legal, scores) if s >= best - 1e-9])


def scores(view: View, legal: list[str]) -> list[float]:
    """Each legal move's score in the "put" and "place" phases: the hard level ranks moves by it."""
    return _Table(view).scores(legal)


def _known(cards: list[ColumnCard]) -> list[str]:
    """The ids of the cards whose face is known (face up, or the turned card of a twin pair)."""
    return [c["id"] for c in cards if "id" in c]


def _column(slot: ColumnView | None) -> Col:
    if slot is None:
        return None
    backs = slot["backs"]
    up: list[Card] = [c for c in slot["cards"][backs:] if "id" in c]  # above the 9×2 cards
    warrior = next((c["id"] for c in up if c["kind"] == "warrior"), None)
    spirit = next((c["id"] for c in up if c["kind"] == "spirit"), None)
    return (backs, warrior, spirit)


def _score(column: Col) -> int:
    if column is None or column[2] is not None:
        return 0
    backs, warrior, _ = column
    return _value(warrior) << backs if warrior else 9 << (backs - 1)


def _value(card: str) -> int:
    found = value(card)
    assert found is not None, card  # a warrior's or a spirit's
    return found


def _merge(target: Col, held: Col) -> Col:
    """Won cards (a 9×2 or a twin pair) added to a slot, or None where they do not fit."""
    if target is None:
        return held
    assert held is not None
    if (target[1] or target[2]) and held[1]:
        return None
    merged = (target[0] + held[0], target[1] or held[1], target[2])
    size = merged[0] + (merged[1] is not None) + (merged[2] is not None)
    return merged if merged[0] <= 3 and size <= 4 else None


class _Table:
    def __init__(self, view: View):
        self.me = view["seat"]
        self.view = view
        self.tabs: Tabs = [[_column(slot) for slot in tableau] for tableau in view["tableaux"]]
        self.hand = [c["id"] for c in view["hand"]]
        seen = list(self.hand)
        seen += [card for t in view["tableaux"] for slot in t if slot for card in _known(slot["cards"])]
        seen += [c["id"] for c in view["discard"] if "id" in c]
        pending = view["pending"]
        if pending and pending["kind"] == "counter":
            seen.append(pending["card"]["id"])
        unseen = Counter(face(c) for c in full_deck(view["players"]))
        unseen.subtract(face(c) for c in seen)
        self.unseen = unseen
        self.unseen_total = sum(unseen.values())

    def scores(self, legal: list[str]) -> list[float]:
        """Each move of the "put" or "turn" phase scored: where the won cards go, a placement,
        or (when nothing can be placed) the card given up."""
        out = []
        for move in map(parse_move, legal):
            if isinstance(move, Put):
                out.append(self.put_value(move.col))
            elif isinstance(move, Discard):
                out.append(-self.keep_value(move.card))
            elif isinstance(move, Place):
                out.append(self.place_value(move))
            else:
                raise ValueError(f"not a move to score: {move_text(move)}")
        return out

    # --- values -------------------------------------------------------------------------------

    def standing(self, tabs: Tabs) -> float:
        totals = [sum(_score(c) for c in t) for t in tabs]
        others = [t for seat, t in enumerate(totals) if seat != self.me]
        return totals[self.me] - LEADER * max(others) - (1 - LEADER) * sum(others) / len(others)

    def keep_value(self, card: str) -> float:
        """What holding ``card`` is worth: the columns it could defend."""
        mine = self.tabs[self.me]
        if kind(card) == "joker":
            return KEEP * max([_score(c) for c in mine] + [0]) + 1
        if kind(card) == "spirit":
            return SPIRIT_KEEP * max([_score(c) for c in mine] + [0])
        twins = [_score(c) for c in mine if c and c[1] and face(c[1]) == face(card)]
        return KEEP * max(twins + [0])

    def counter_chance(self, seat: int, card: str) -> float:
        """The chance that ``seat`` holds a card identical to ``card`` or a joker."""
        good = self.unseen[face(card)] + self.unseen["j"]
        total, held = self.unseen_total, self.view["hand_sizes"][seat]
        miss = 1.0
        for i in range(held):
            if total - i <= 0:
                break
            miss *= max(0, total - good - i) / (total - i)
        return 1.0 - miss

    def best_put(self, tabs: Tabs, held: Col) -> Tabs:
        """``tabs`` with ``held`` put where it is worth most (unchanged if it fits nowhere)."""
        best, best_value = tabs, None
        for col in range(SLOTS):
            merged = _merge(tabs[self.me][col], held)
            if merged is not None:
                after = self._with(tabs, self.me, col, merged)
                worth = self.standing(after)
                if best_value is None or worth > best_value:
                    best, best_value = after, worth
        return best

    @staticmethod
    def _with(tabs: Tabs, seat: int, col: int, column: Col) -> Tabs:
        out = list(tabs)
        out[seat] = list(tabs[seat])
        out[seat][col] = column
        return out

    # --- moves ---------------------------------------------------------------------------------

    def landed(self, card: str, target: int, col: int) -> Tabs:
        """The tableaux once ``card`` took effect on ``target``'s slot ``col`` (a won 9×2 or
        pair put at its best place)."""
        tabs = self.tabs
        column = tabs[target][col]
        if kind(card) == "spirit":
            assert column is not None  # a spirit goes on a column
            if target == self.me:
                return self._with(tabs, target, col, (column[0], column[1], None))
            return self._with(tabs, target, col, (column[0], column[1], card))
        if column is None:
            return self._with(tabs, target, col, (0, card, None))
        backs, warrior, _ = column
        if warrior is None:
            return self._with(tabs, target, col, (backs, card, None))
        left: Col = (backs, None, None) if backs else None
        if value(warrior) != value(card):
            return self.best_put(self._with(tabs, target, col, left), (1, None, None))
        if target == self.me:
            return self._with(tabs, target, col, (backs + 1, card, None))
        return self.best_put(self._with(tabs, target, col, left), (1, card, None))

    def place_value(self, move: Place) -> float:
        card, target, col = move.card, move.seat, move.col
        gain = self.standing(self.landed(card, target, col)) - self.standing(self.tabs)
        if target != self.me:
            renew = any(c != card and face(c) == face(card) for c in self.hand)
            if not renew:
                gain *= 1.0 - self.counter_chance(target, card)
        return gain - self.keep_value(card)

    def put_value(self, col: int) -> float:
        held = self.view["pending"]
        assert held is not None and held["kind"] == "put"
        won: Col = (1, _known(held["cards"])[1] if held["won"] == "pair" else None, None)
        merged = _merge(self.tabs[self.me][col], won)
        return self.standing(self._with(self.tabs, self.me, col, merged))

    def renew_pays(self) -> bool:
        pending = self.view["pending"]
        assert pending is not None and pending["kind"] == "renew"
        card = pending["card"]["id"]
        after = self.landed(card, pending["target"], pending["col"])
        return self.standing(after) - self.standing(self.tabs) > self.keep_value(card)

    def answer(self, legal: list[str]) -> str:
        """Counter when letting the attack through costs more than the counter card is worth."""
        counters = [(move, parsed) for move, parsed in zip(legal, map(parse_move, legal))
                    if isinstance(parsed, CounterMove)]
        if not counters:
            return move_text(Allow())
        pending = self.view["pending"]
        assert pending is not None and pending["kind"] == "counter"
        attacker, card, col = pending["attacker"], pending["card"]["id"], pending["col"]
        harm = self.standing(self.tabs) - self.standing(self._attacked(attacker, card, col))
        # An identical card before a joker: the joker answers any attack.
        counters.sort(key=lambda found: (kind(found[1].card) == "joker", self.keep_value(found[1].card)))
        move, parsed = counters[0]
        return move if harm > self.keep_value(parsed.card) + COUNTER_MARGIN else move_text(Allow())

    def _attacked(self, attacker: int, card: str, col: int) -> Tabs:
        """My tableaux once ``attacker``'s ``card`` takes effect on my column ``col`` (what they
        win: a 9×2 on a new column, or their pair as a new column — close enough)."""
        tabs = self.tabs
        column = tabs[self.me][col]
        assert column is not None  # an attack is on a column
        backs, warrior, _ = column
        if kind(card) == "spirit":
            return self._with(tabs, self.me, col, (backs, warrior, card))
        assert warrior is not None  # a warrior attacks a warrior
        left: Col = (backs, None, None) if backs else None
        tabs = self._with(tabs, self.me, col, left)
        won: Col = (1, card if value(card) == value(warrior) else None, None)
        free = next((c for c in range(SLOTS) if tabs[attacker][c] is None), None)
        return tabs if free is None else self._with(tabs, attacker, free, won)
