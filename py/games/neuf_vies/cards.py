"""The cards and their ids.

Warriors "r1" "r8" (red), "o2" "o7" (orange), "g3" "g6" (green), "b4" "b5" (blue): the two values
of a colour add up to 9. Each has 7 copies "a0" "b0" "c0" "d0" (no dot), "a1" "b1" (one dot) and
"a2" (two dots): "r8.a1" is the first one-dot red 8. Spirits are "s.a" … "s.l", jokers "j.a" …
"j.d". Two cards are identical when their ids agree before the dot.
"""
COLOURS = {"r": (1, 8), "o": (2, 7), "g": (3, 6), "b": (4, 5)}
WARRIORS = tuple(f"{colour}{value}" for colour, values in COLOURS.items() for value in values)
COPIES = ("a0", "b0", "c0", "d0", "a1", "b1", "a2")
SPIRITS = tuple(f"s.{letter}" for letter in "abcdefghijkl")
JOKERS = tuple(f"j.{letter}" for letter in "abcd")
HAND = 4

_KINDS = {"s": "spirit", "j": "joker"}


def _info(card: str) -> tuple:
    face = card.split(".")[0]
    if face in _KINDS:
        return _KINDS[face], None, 0 if face == "s" else None
    return "warrior", face[0], int(face[1:])


ALL = tuple(f"{w}.{copy}" for w in WARRIORS for copy in COPIES) + SPIRITS + JOKERS
_INFO = {card: _info(card) for card in ALL}
_ORDER = {card: i for i, card in enumerate(ALL)}


def is_card(card) -> bool:
    return isinstance(card, str) and card in _INFO


def kind(card: str) -> str:
    """"warrior", "spirit" or "joker"."""
    return _INFO[card][0]


def colour(card: str):
    """A warrior's colour letter; None for a spirit or a joker."""
    return _INFO[card][1]


def value(card: str):
    """A warrior's value, 0 for a spirit, None for a joker."""
    return _INFO[card][2]


def face(card: str) -> str:
    """What identical cards share: "r8", "s" or "j"."""
    return card.split(".")[0]


def identical(a: str, b: str) -> bool:
    return face(a) == face(b)


def dots(card: str) -> int:
    return int(card[-1]) if kind(card) == "warrior" else 0


def removed_dots(players: int):
    """The dots of the copies taken out: one dot with 2-3 players, two with 4-5, none with 6."""
    return 1 if players <= 3 else 2 if players <= 5 else None


def full_deck(players: int) -> list:
    """The cards in play for that many players (56, 64 or 72)."""
    gone = removed_dots(players)
    return [card for card in ALL if kind(card) != "warrior" or dots(card) != gone]


def sort_key(card: str) -> int:
    """Warriors by colour and value, then spirits, then jokers: the order hands are kept in."""
    return _ORDER[card]


def card_view(card: str) -> dict:
    kind_, colour_, value_ = _INFO[card]
    return {"id": card, "kind": kind_, "colour": colour_, "value": value_}
