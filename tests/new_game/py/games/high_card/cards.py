"""The deck: red and blue cards of the values 1 to 9; a card's id is its colour and value ("r7")."""
COLOURS = ("r", "b")
DECK = tuple(f"{colour}{value}" for colour in COLOURS for value in range(1, 10))
KNOWN = frozenset(DECK)
HAND = 3  # cards dealt to each seat: as many tricks a round


def value(card: str) -> int:
    return int(card[1:])


def in_order(cards) -> tuple:
    """A hand as it is held: in deck order."""
    return tuple(sorted(cards, key=DECK.index))
