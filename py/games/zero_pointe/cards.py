"""The 150 cards: ids "value.copy" ("-2.0" … "12.9") and their distribution."""

# value -> copies (rules: 5 of -2, 10 of -1, 15 of 0, 10 of each 1 … 12)
COPIES = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
VALUES = tuple(sorted(COPIES))


def full_deck() -> list[str]:
    return [f"{value}.{copy}" for value in VALUES for copy in range(COPIES[value])]


def _parse(card: str) -> int:
    return int(card.rsplit(".", 1)[0])


_VALUES = {card: _parse(card) for card in full_deck()}  # a lookup: views call this a lot


def card_value(card: str) -> int:
    value = _VALUES.get(card)
    return _parse(card) if value is None else value
