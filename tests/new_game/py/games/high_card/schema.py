"""What the page and the computer players may know of High card: a seat's view and the moves."""
from __future__ import annotations

from typing import NamedTuple, TypedDict

from engine.view import ViewHeader
from games.high_card.cards import KNOWN, value
from games.high_card.errors import illegal

__all__ = ["HighCardRound", "HighCardView", "Play", "View", "move_text", "parse_move", "value"]


class HighCardRound(TypedDict):
    round: int
    points: list[int]  # taken by each seat in that round
    winners: list[int]
    totals: list[int]  # after that round


class HighCardView(ViewHeader[HighCardRound]):
    leader: int                # who led the trick on the table (the last trick's winner at the end)
    hand: list[str]            # this seat's cards
    hand_sizes: list[int]
    stock_size: int            # cards nobody holds, face down
    trick: list[str]           # the trick on the table, the leader's card first
    played: list[str]          # the round's finished tricks, one after the other
    taken: list[int]           # points each seat took this round
    totals: list[int]          # points of the rounds finished
    rounds: int                # rounds in the match


View = HighCardView


class Play(NamedTuple):
    """Put a card from the hand on the trick: "play r7"."""
    card: str


def parse_move(text: str) -> Play:
    verb, _, card = text.partition(" ") if isinstance(text, str) else ("", "", "")
    if verb != "play" or card not in KNOWN:
        raise illegal("bad_move", move=str(text)[:20])
    return Play(card)


def move_text(move: Play) -> str:
    return f"play {move.card}"
