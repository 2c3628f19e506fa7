"""The Spanish 40-card deck as Punttu counts it: only the number matters, never the suit."""
from collections.abc import Iterable

from engine.decks import spanish_deck
from games.punttu.schema import card_face

DECK: tuple[str, ...] = tuple(spanish_deck())
KNOWN = frozenset(DECK)
ORDER = {card: i for i, card in enumerate(DECK)}  # deck order: hands are kept sorted by it

# 2 to 7 count their number; aces and the three figures (sota, caballo, rey) count 1 (the faces
# of schema.py, which the page reads too).
VALUES = {card: card_face(card).points for card in DECK}

# Cards out of the game so that the deck shares out evenly (rules: Players).
_REMOVED: dict[int, tuple[str, ...]] = {3: ("o1",), 6: ("o1", "c1", "e1", "b1")}


def value(card: str) -> int:
    return VALUES[card]


def removed(players: int) -> tuple[str, ...]:
    return _REMOVED.get(players, ())


_IN_PLAY = {n: tuple(c for c in DECK if c not in removed(n)) for n in range(2, 7)}


def in_play(players: int) -> tuple[str, ...]:
    """The cards dealt with ``players`` players, in deck order."""
    return _IN_PLAY[players]


def in_order(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def points(cards: Iterable[str]) -> int:
    return sum(map(VALUES.__getitem__, cards))
