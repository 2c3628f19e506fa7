"""Decks every game builds from: card ids are short strings, the same in saves, views and moves."""
import random

# The Spanish 40-card deck (Punttu): oros, copas, espadas, bastos; 1-7, sota (10), caballo (11),
# rey (12). Ids are suit letter + rank: "o1", "c7", "e10", "b12".
SPANISH_SUITS = ("o", "c", "e", "b")
SPANISH_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


def spanish_deck() -> list:
    return [f"{suit}{rank}" for suit in SPANISH_SUITS for rank in SPANISH_RANKS]


def spanish_suit(card: str) -> str:
    return card[0]


def spanish_rank(card: str) -> int:
    return int(card[1:])


def redeal(places: list, cards: list, rng: random.Random) -> dict:
    """``{place: card}``: ``cards`` shuffled by ``rng`` and laid on ``places`` (as many as cards).
    What determinize does with every card a seat cannot know. The cards are sorted before the
    shuffle, so the result depends on which cards are hidden, never on where they really are:
    two states a seat cannot tell apart give it the same worlds."""
    if len(places) != len(cards):
        raise ValueError("as many places as cards")
    cards = sorted(cards)
    rng.shuffle(cards)
    return dict(zip(places, cards))
