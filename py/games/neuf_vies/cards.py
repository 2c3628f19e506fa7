"""The cards: their ids (the notation is in schema.py), what each one is, and which of them a
game with so many players holds.

Of each warrior's seven copies, two bear one dot ("a1" "b1") and one two dots ("a2"): with 2 or
3 players the one-dot copies are taken out, with 4 or 5 the two-dot ones, with 6 none.
"""
from collections.abc import Iterable

from games.neuf_vies.schema import CARD_IDS, COLOURS, COPIES, JOKERS, MAX_SEATS, SPIRITS, WARRIORS, Card, card

__all__ = ["COLOURS", "COPIES", "JOKERS", "SPIRITS", "WARRIORS", "ALL", "HAND", "is_card", "kind",
           "colour", "value", "warrior_value", "face", "identical", "dots", "removed_dots",
           "full_deck", "deck_size", "sort_key", "sorted_hand", "card_view"]

HAND = 4
ALL = CARD_IDS
_FACES = {card_id: card(card_id) for card_id in ALL}
_ORDER = {card_id: i for i, card_id in enumerate(ALL)}


def is_card(card_id: object) -> bool:
    return isinstance(card_id, str) and card_id in _FACES


def kind(card_id: str) -> str:
    """"warrior", "spirit" or "joker"."""
    return _FACES[card_id]["kind"]


def colour(card_id: str) -> str | None:
    """A warrior's colour letter; None for a spirit or a joker."""
    return _FACES[card_id]["colour"]


def value(card_id: str) -> int | None:
    """A warrior's value, 0 for a spirit, None for a joker."""
    return _FACES[card_id]["value"]


def warrior_value(card_id: str) -> int:
    """The value of a card that is a warrior or a spirit (never a joker: it is never placed)."""
    found = _FACES[card_id]["value"]
    assert found is not None, card_id
    return found


def face(card_id: str) -> str:
    """What identical cards share: "r8", "s" or "j"."""
    return card_id.split(".")[0]


def identical(a: str, b: str) -> bool:
    return face(a) == face(b)


def dots(card_id: str) -> int:
    return int(card_id[-1]) if kind(card_id) == "warrior" else 0


def removed_dots(players: int) -> int | None:
    """The dots of the copies taken out: one dot with 2-3 players, two with 4-5, none with 6."""
    return 1 if players <= 3 else 2 if players <= 5 else None


def _deck(players: int) -> tuple[str, ...]:
    gone = removed_dots(players)
    return tuple(c for c in ALL if kind(c) != "warrior" or dots(c) != gone)


_DECKS = {players: _deck(players) for players in range(2, MAX_SEATS + 1)}


def full_deck(players: int) -> list[str]:
    """The cards in play for that many players (56, 64 or 72)."""
    return list(_DECKS[players])


def deck_size(players: int) -> int:
    return len(_DECKS[players])


def sort_key(card_id: str) -> int:
    """Warriors by colour and value, then spirits, then jokers: the order hands are kept in."""
    return _ORDER[card_id]


def sorted_hand(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def card_view(card_id: str) -> Card:
    """The card face up, as a view shows it (a fresh dict)."""
    return _FACES[card_id].copy()
