"""Punttu's contract with the page and the computer players: the view a seat gets, the record of
a finished deal, the faces of the cards and the moves as values.

The table imports nothing else of the game: every fact it shows is in the view, and a card id
("o7", "b12": suit letter and rank) says the rest (``card_face``). A move is the string
"play <card>" in saves and messages, a ``Play`` wherever its card is needed (``parse_move``,
``move_text``); the rules read moves with the same codec.
"""
from typing import Literal, NamedTuple, TypedDict

from engine.errors import IllegalMove
from engine.view import ViewHeader

# --- the cards -----------------------------------------------------------------------------------

SUITS = ("o", "c", "e", "b")  # oros, copas, espadas, bastos
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)  # 10, 11, 12: sota, caballo, rey


class Face(NamedTuple):
    """What a card shows: its suit, its rank and the points it counts (only the points matter
    in play: 2 to 7 count their number, aces and the three figures count 1)."""
    suit: str
    rank: int
    points: int


FACES: dict[str, Face] = {f"{suit}{rank}": Face(suit, rank, rank if rank <= 7 else 1)
                          for suit in SUITS for rank in RANKS}


def card_face(card: str) -> Face:
    """The face of a card id; KeyError for an id that is no card of the Spanish deck."""
    return FACES[card]


# --- the moves -----------------------------------------------------------------------------------

class Play(NamedTuple):
    """Play ``card`` from the hand onto the trick (the only kind of move)."""
    card: str


Move = Play


def parse_move(text: object) -> Play:
    """The move ``text`` says; IllegalMove "punttu.err.bad_move" for anything but "play <card>"."""
    parts = text.split(" ") if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] != "play" or parts[1] not in FACES:
        raise IllegalMove("punttu.err.bad_move", move=str(text)[:40])
    return Play(parts[1])


def move_text(move: Play) -> str:
    return f"play {move.card}"


# --- the view ------------------------------------------------------------------------------------

class TrickPlay(TypedDict):
    seat: int
    card: str


class Trick(TypedDict):
    """A finished trick, its cards in playing order: who took it and why."""
    leader: int
    trick: list[TrickPlay]
    winner: int
    reason: Literal["highest", "first_of_equal"]  # equal highest cards: the first played wins
    value: int   # the points of the winning card
    equal: int   # how many cards of the trick are worth that much (1 with "highest")


class SeenTrick(TypedDict):
    """A finished trick of this deal as every seat saw it (what a player who remembers knows)."""
    leader: int
    cards: list[str]  # in playing order, the leader's first
    winner: int


class Refill(TypedDict):
    """The drawing after the trick just taken: who drew one card from the stock, in order (the
    winner first, then in turn order), and whether that emptied the stock."""
    order: list[int]
    stock_out: bool


class Gone(TypedDict):
    """Memory aid: of the cards worth ``value`` points in play, how many have been played."""
    value: int
    played: int
    dealt: int


class PunttuRound(TypedDict):
    """A finished deal."""
    round: int
    dealer: int
    won: list[list[str]]  # per seat, the cards it took
    won_counts: list[int]  # per seat, how many
    points: list[int]  # per seat, the points of its cards
    winners: list[int]  # the best points of the deal (equal best share it)
    totals: list[int]  # the match totals with this deal's points
    last_trick: Trick
    all_cards: int  # the cards in play, and their points: what the deal shared out
    all_points: int


class PunttuPart(TypedDict):
    """The game's own part of a view: what view.py builds (engine.game.GameBase.view puts the
    engine's header before it)."""
    dealer: int
    leader: int | None  # who leads the trick on the table; None once the match is over
    hand: list[str]  # this seat's cards, in deck order
    hand_size: int  # the cards a hand holds after each drawing, while the stock lasts
    hand_sizes: list[int]  # per seat
    stock_size: int
    order: list[int]  # the seats in playing order of the trick on the table; [] once over
    trick: list[TrickPlay]  # the cards on the table, in playing order
    just_taken: Trick | None  # the trick just taken, while no card has been led since
    refill: Refill | None  # the drawing after it; None when nobody drew
    last_trick: Trick | None  # the last finished trick, of this deal or of the previous one
    seen: list[SeenTrick]  # every finished trick of this deal
    removed: list[str]  # the cards out of the game with this many players
    won_counts: list[int]  # per seat, the cards it has taken this deal
    won_points: list[int] | None  # per seat, their points: with the memory aid only
    played: list[str] | None  # the cards of the finished tricks: with the memory aid only
    gone: list[Gone] | None  # per value, highest first: with the memory aid only
    memory_aid: bool
    match: Literal["one_deal", "to_points"]
    target: int | None  # the points to reach, in a match "to_points"
    totals: list[int]  # per seat, the points of the finished deals


class PunttuView(ViewHeader[PunttuRound], PunttuPart):
    """A seat's whole view: the engine's header (game, seat, players, round, ply, to_move, legal,
    outcome, last_round: a ``PunttuRound``) and the keys of ``PunttuPart``."""


View = PunttuView
Round = PunttuRound
