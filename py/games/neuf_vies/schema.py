"""Neuf vies' contract with the page and the computer players: the card ids, the view and the
round record as ``TypedDict``s, and the moves as values with their text codec.

Card ids: warriors "r1" "r8" (red), "o2" "o7" (orange), "g3" "g6" (green), "b4" "b5" (blue),
each in seven copies "a0" "b0" "c0" "d0" (no dot), "a1" "b1" (one dot) and "a2" (two dots), as
in "r8.a1"; spirits "s.a" … "s.l"; jokers "j.a" … "j.d". Identical cards agree before the dot.
An id names its face: a move that names a card shows it to everybody.

Moves (seats and columns count from 0; columns are the four slots of a tableau), as text (what
a save holds and the rules read) and as values (``parse_move``, ``move_text``):
- "place CARD SEAT COL" (``Place``): CARD from the hand onto SEAT's slot COL: the mover's own
  seat for a new column (an empty slot) or one of their columns, another seat for an attack;
- "discard CARD" (``Discard``): face up, only when no card of the hand can be placed;
- "counter CARD" (``Counter``: an identical card or a joker) or "allow" (``Allow``): the
  attacked player's answer;
- "renew CARD" (``Renew``: an identical card) or "stop" (``Stop``): the countered attacker's;
- "put COL" (``Put``): where the won 9×2 card or twin pair goes (an empty slot: a new column).

This module imports nothing of the game's rules: it is all of the game the page may import.
"""
from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias, TypedDict, final

from engine.errors import IllegalMove
from engine.view import ViewHeader

# --- card ids -------------------------------------------------------------------------------

COLOURS: dict[str, tuple[int, int]] = {"r": (1, 8), "o": (2, 7), "g": (3, 6), "b": (4, 5)}
WARRIORS = tuple(f"{colour}{value}" for colour, values in COLOURS.items() for value in values)
COPIES = ("a0", "b0", "c0", "d0", "a1", "b1", "a2")
SPIRITS = tuple(f"s.{letter}" for letter in "abcdefghijkl")
JOKERS = tuple(f"j.{letter}" for letter in "abcd")
CARD_IDS = tuple(f"{w}.{copy}" for w in WARRIORS for copy in COPIES) + SPIRITS + JOKERS
SLOTS = 4      # column slots of a tableau
MAX_SEATS = 6  # the most players

Kind: TypeAlias = Literal["warrior", "spirit", "joker"]
Colour: TypeAlias = Literal["r", "o", "g", "b"]


@final
class Card(TypedDict):
    """A card face up."""
    id: str
    kind: Kind
    colour: Colour | None  # None for a spirit or a joker
    value: int | None      # 0 for a spirit, None for a joker


@final
class Back(TypedDict):
    """A card on its 9×2 side whose face nobody saw (taken unturned from the pile)."""
    back: Literal[True]


@final
class KnownBack(TypedDict):
    """The lower card of a twin pair: on its 9×2 side, its face seen by everybody."""
    back: Literal[True]
    id: str
    kind: Kind
    colour: Colour | None
    value: int | None


def card(card_id: str) -> Card:
    """The face of the card ``card_id`` names (a well-formed id, see ``is_card_id``)."""
    face = card_id.split(".")[0]
    if face == "s":
        return {"id": card_id, "kind": "spirit", "colour": None, "value": 0}
    if face == "j":
        return {"id": card_id, "kind": "joker", "colour": None, "value": None}
    return {"id": card_id, "kind": "warrior", "colour": _COLOUR[face[0]], "value": int(face[1:])}


_COLOUR: dict[str, Colour] = {"r": "r", "o": "o", "g": "g", "b": "b"}
_IDS = frozenset(CARD_IDS)


def is_card_id(text: object) -> bool:
    return isinstance(text, str) and text in _IDS


# The cards of a column, bottom to top ("id" in a card: its face is known; "back" in it: it lies
# on its 9×2 side).
ColumnCard: TypeAlias = Card | Back | KnownBack

# --- the view ----------------------------------------------------------------------------------

Phase: TypeAlias = Literal["turn", "counter", "renew", "put", "over"]


class Column(TypedDict):
    """A column of a tableau; an empty slot is None."""
    cards: list[ColumnCard]  # bottom to top
    backs: int       # cards on their 9×2 side (the lower ones)
    value: int       # the top card's value: a warrior's, 9 for a 9×2 card, 0 for a spirit
    multiplier: int  # 2 for each 9×2 card beneath the top card
    score: int       # value × multiplier


class TurnPending(TypedDict):
    kind: Literal["turn"]
    seat: int              # who places a card (or must discard)


class CounterPending(TypedDict):
    kind: Literal["counter"]
    attacker: int
    target: int            # the attacked seat: it answers
    col: int               # the attacked column
    card: Card             # the attacking card, in the air above the column


class RenewPending(TypedDict):
    kind: Literal["renew"]
    attacker: int          # it answers: attack again or stop
    target: int
    col: int
    card: Card             # the attacking card, now on the discard pile
    counter: Card          # the card that countered it


class PutPending(TypedDict):
    kind: Literal["put"]
    seat: int
    won: Literal["gain", "pair"]           # a 9×2 card from a nine-pair, or a twin pair won
    cards: list[ColumnCard]   # the cards to put, bottom to top


Pending: TypeAlias = TurnPending | CounterPending | RenewPending | PutPending


class PlaceEntry(TypedDict):
    seat: int
    kind: Literal["place"]
    card: Card
    target: int            # the seat whose slot it went to (the mover's own, or an attack)
    col: int


class CardEntry(TypedDict):
    seat: int
    kind: Literal["discard", "counter", "renew"]
    card: Card


class PutEntry(TypedDict):
    seat: int
    kind: Literal["put"]
    col: int


class DrawEntry(TypedDict):
    seat: int
    kind: Literal["draw"]
    count: int             # cards drawn back to four


class StepEntry(TypedDict):
    """A move without a card, or a step the rules took: "gain" (a 9×2 card taken unturned from
    the pile), "gain_lost" (it fitted nowhere: discarded face down), "gain_none" (the pile was
    empty), "skip" (an empty hand places nothing)."""
    seat: int
    kind: Literal["allow", "stop", "gain", "gain_lost", "gain_none", "skip"]


LogEntry: TypeAlias = PlaceEntry | CardEntry | PutEntry | DrawEntry | StepEntry


class Slot(TypedDict):
    seat: int
    col: int


class Round(TypedDict):
    """The end of the game (one game is the match): the final position, scored."""
    round: int                                  # 1
    why: Literal["three_columns", "pile"]       # three columns of three 9×2 cards, or a pile too short
    seat: int                                   # the player on turn when it ended
    ended_by: list[int]                         # who ended it: three full columns, or a hand not refilled
    scores: list[int]
    backs: list[int]                            # cards on the 9×2 side per seat: the tie-break
    winners: list[int]
    tiebreak: Literal["backs", "shared"] | None  # equal best scores: settled by the 9×2 cards, or still shared
    tableaux: list[list[Column | None]]


class NeufViesView(ViewHeader[Round]):
    current: int                  # the player whose turn it is (kept once over)
    phase: Phase
    hand: list[Card]              # this seat's hand, in order
    hand_sizes: list[int]
    pile_size: int
    deck_size: int                # the cards in play for this player count
    discard: list[Card | Back]    # bottom to top; a 9×2 card that fitted nowhere lies face down
    tableaux: list[list[Column | None]]  # per seat, its SLOTS slots
    totals: list[int]             # each seat's score so far
    backs: list[int]              # each seat's cards on the 9×2 side
    pending: Pending | None       # the decision awaited, None once over
    log: list[LogEntry]           # the latest moves and steps, oldest first (a few turns' worth)
    last_move: list[LogEntry]     # the latest move and the steps it brought about
    last_slot: Slot | None        # the slot the latest placement or put went to, until a discard


View = NeufViesView


# --- the moves -----------------------------------------------------------------------------------
# Each move names its kind last (a default): two moves of different kinds never compare equal.

class Place(NamedTuple):
    card: str
    seat: int
    col: int
    kind: Literal["place"] = "place"


class Discard(NamedTuple):
    card: str
    kind: Literal["discard"] = "discard"


class Counter(NamedTuple):
    card: str
    kind: Literal["counter"] = "counter"


class Allow(NamedTuple):
    kind: Literal["allow"] = "allow"


class Renew(NamedTuple):
    card: str
    kind: Literal["renew"] = "renew"


class Stop(NamedTuple):
    kind: Literal["stop"] = "stop"


class Put(NamedTuple):
    col: int
    kind: Literal["put"] = "put"


Move: TypeAlias = Place | Discard | Counter | Allow | Renew | Stop | Put

# What follows each kind's word: a card id, or a number below a limit.
_ARGS: dict[str, tuple[str | int, ...]] = {
    "place": ("card", MAX_SEATS, SLOTS),
    "discard": ("card",),
    "counter": ("card",),
    "allow": (),
    "renew": ("card",),
    "stop": (),
    "put": (SLOTS,),
}
KINDS = tuple(_ARGS)


def _fits(text: str, shape: str | int) -> bool:
    if shape == "card":
        return is_card_id(text)
    return text.isascii() and text.isdigit() and int(text) < int(shape)


def parse_move(text: object) -> Move:
    """The move ``text`` spells, or IllegalMove "neuf_vies.err.bad_move" (a card id that names
    no card, a seat or a column out of range, a word too many)."""
    parts = text.split(" ") if isinstance(text, str) else [""]
    kind, args = parts[0], parts[1:]
    shape = _ARGS.get(kind)
    if shape is not None and len(args) == len(shape) and all(map(_fits, args, shape)):
        move = _build(kind, args)
        if move_text(move) == text:  # not "put 00": a move has one text, the one saves carry
            return move
    raise IllegalMove("neuf_vies.err.bad_move", move=str(text)[:40])


def _build(kind: str, args: list[str]) -> Move:
    if kind == "place":
        return Place(args[0], int(args[1]), int(args[2]))
    if kind == "discard":
        return Discard(args[0])
    if kind == "counter":
        return Counter(args[0])
    if kind == "renew":
        return Renew(args[0])
    if kind == "put":
        return Put(int(args[0]))
    return Allow() if kind == "allow" else Stop()


def move_text(move: Move) -> str:
    """The move's text: its kind, then its fields ("place r8.a1 1 3")."""
    return " ".join([move.kind, *map(str, move[:-1])])
