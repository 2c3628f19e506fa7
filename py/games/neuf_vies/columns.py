"""A column: 0 to 3 cards on their 9×2 side, then at most a warrior, then at most a spirit.

A tableau is a tuple of SLOTS entries, each None (an empty slot) or a Column. A 9×2 card is
``(card, known)``: known when everybody saw its face (the lower card of a twin pair), unknown
when it came from the draw pile unturned.
"""
from typing import NamedTuple, TypeAlias

from games.neuf_vies.cards import card_view, warrior_value
from games.neuf_vies.schema import SLOTS, Back, ColumnCard, KnownBack
from games.neuf_vies.schema import Column as ColumnView

__all__ = ["SLOTS", "MAX_CARDS", "MAX_BACKS", "BACK_VALUE", "Column", "Tableau"]

MAX_CARDS = 4
MAX_BACKS = 3
BACK_VALUE = 9


class Column(NamedTuple):
    backs: tuple[tuple[str, bool], ...] = ()
    warrior: str | None = None
    spirit: str | None = None

    @property
    def size(self) -> int:
        return len(self.backs) + (self.warrior is not None) + (self.spirit is not None)

    @property
    def only_backs(self) -> bool:
        return self.warrior is None and self.spirit is None

    def cards(self) -> list[str]:
        out = [card for card, _ in self.backs]
        return out + [c for c in (self.warrior, self.spirit) if c is not None]


Tableau: TypeAlias = tuple[Column | None, ...]


def fits(column: Column) -> bool:
    return 1 <= column.size <= MAX_CARDS and len(column.backs) <= MAX_BACKS


def beneath(column: Column | None) -> int:
    """How many 9×2 cards lie beneath the top card."""
    if column is None:
        return 0
    return len(column.backs) - column.only_backs


def multiplier(column: Column | None) -> int:
    return 0 if column is None else 2 ** beneath(column)


def top_value(column: Column | None) -> int:
    if column is None or column.spirit is not None:
        return 0
    return warrior_value(column.warrior) if column.warrior is not None else BACK_VALUE


def score(column: Column | None) -> int:
    """The top card's value × 2 for each 9×2 card beneath it (a spirit on top: 0)."""
    return top_value(column) * multiplier(column)


def total(tableau: Tableau) -> int:
    return sum(score(column) for column in tableau)


def backs(tableau: Tableau) -> int:
    """The cards on their 9×2 side: the tie-break."""
    return sum(len(column.backs) for column in tableau if column is not None)


def full_columns(tableau: Tableau) -> int:
    """Columns holding three 9×2 cards: three of them end the game."""
    return sum(1 for column in tableau if column is not None and len(column.backs) == MAX_BACKS)


def merge(target: Column | None, held: Column) -> Column | None:
    """``held`` (won cards: a 9×2, or a 9×2 under a warrior) added to the slot ``target``: a new
    column in an empty slot, else its 9×2 cards above the target's and beneath its top cards.
    None where it does not fit."""
    if target is None:
        return held
    if not (target.only_backs or held.only_backs):
        return None
    column = Column(target.backs + held.backs, target.warrior or held.warrior,
                    target.spirit or held.spirit)
    return column if fits(column) else None


def places(tableau: Tableau, held: Column) -> list[int]:
    """The slots where ``held`` may go."""
    return [slot for slot, column in enumerate(tableau) if merge(column, held) is not None]


def put(tableau: Tableau, slot: int, column: Column | None) -> Tableau:
    return tableau[:slot] + (column,) + tableau[slot + 1:]


def without_top(column: Column) -> Column | None:
    """The column once its top warrior or spirit has left (None when nothing remains)."""
    if column.spirit is not None:
        column = column._replace(spirit=None)
    else:
        column = column._replace(warrior=None)
    return column if column.size else None


def back_view(card: str, known: bool) -> Back | KnownBack:
    if known:
        return {"back": True, **card_view(card)}
    return {"back": True}


def cards_view(column: Column) -> list[ColumnCard]:
    """Bottom to top; an unturned 9×2 card shows nothing but its back."""
    cards: list[ColumnCard] = [back_view(card, known) for card, known in column.backs]
    return cards + [card_view(c) for c in (column.warrior, column.spirit) if c is not None]


def column_view(column: Column | None) -> ColumnView | None:
    if column is None:
        return None
    return {"cards": cards_view(column), "backs": len(column.backs), "value": top_value(column),
            "multiplier": multiplier(column), "score": score(column)}


def tableau_view(tableau: Tableau) -> list[ColumnView | None]:
    return [column_view(column) for column in tableau]


def column_record(column: Column | None) -> dict | None:
    """A column as the final record stores it (the record kept in the state and its saves)."""
    if column is None:
        return None
    return {"cards": cards_view(column), "score": score(column), "multiplier": multiplier(column),
            "backs": len(column.backs)}
