"""The Spanish 40-card deck as Punttu counts it: only the number matters, never the suit."""
from engine.decks import spanish_deck, spanish_rank

DECK = tuple(spanish_deck())
KNOWN = frozenset(DECK)
ORDER = {card: i for i, card in enumerate(DECK)}  # deck order: hands are kept sorted by it

# 2 to 7 count their number; aces and the three figures (sota, caballo, rey) count 1.
VALUES = {card: (rank if rank <= 7 else 1) for card in DECK for rank in (spanish_rank(card),)}

# Cards out of the game so that the deck shares out evenly (rules: Players).
_REMOVED = {3: ("o1",), 6: ("o1", "c1", "e1", "b1")}


def value(card: str) -> int:
    return VALUES[card]


def removed(players: int) -> tuple:
    return _REMOVED.get(players, ())


_IN_PLAY = {n: tuple(c for c in DECK if c not in removed(n)) for n in range(2, 7)}


def in_play(players: int) -> tuple:
    """The cards dealt with ``players`` players, in deck order."""
    return _IN_PLAY[players]


def in_order(cards) -> tuple:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def points(cards) -> int:
    return sum(map(VALUES.__getitem__, cards))
