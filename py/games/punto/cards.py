"""The 72 Punto cards: four colours, values 1-9, two copies of each ("r7a", "b1b")."""

COLOURS = ("r", "b", "g", "y")
VALUES = tuple(range(1, 10))
COPIES = ("a", "b")


def card_colour(card: str) -> str:
    return card[0]


def card_value(card: str) -> int:
    return int(card[1])


def colour_cards(colour: str) -> list[str]:
    """The 18 cards of one colour."""
    return [f"{colour}{value}{copy}" for value in VALUES for copy in COPIES]


FULL_DECK = tuple(card for colour in COLOURS for card in colour_cards(colour))
_KNOWN = frozenset(FULL_DECK)


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in _KNOWN
