"""The part of every view the engine owns: who looks, who is on turn, what is legal, how it ended.

A game's view is this header and the game's own part (``games/<game>/schema.py`` declares both
as ``TypedDict``s); the page and the computer players read facts from views and never work one
out again. ``header`` builds the header from the protocol, so no game writes it.
"""
from __future__ import annotations

from typing import Any, Generic, TypedDict, TypeVar

RoundRecord = TypeVar("RoundRecord")


class Outcome(TypedDict):
    """How a finished match ended: its winners, each seat's final score and each seat's rank
    after every tie-break of the rules (1 for the winners; equal ranks for seats still tied)."""
    winners: list[int]
    scores: list[int]
    ranks: list[int]


class ViewHeader(TypedDict, Generic[RoundRecord]):
    game: str                       # the game's id
    seat: int                       # whose view this is
    players: int
    round: int                      # the round being played, the last one once the match is over
    ply: int                        # moves played in the match
    to_move: int | None             # None once the match is over
    legal: list[str]                # the moves of ``to_move``, in this view of that seat only
    outcome: Outcome | None         # None while the match goes on
    last_round: RoundRecord | None  # the record of the last round that ended, None before


def ranks(scores: list, winners: list, low_wins: bool) -> list[int]:
    """Each seat's rank: the winners first, then the others by score (lower first where low
    scores win); equal scores share a rank."""
    def better(a: int, b: int) -> bool:
        return scores[a] < scores[b] if low_wins else scores[a] > scores[b]
    seats = range(len(scores))
    return [1 if seat in winners else
            1 + len(winners) + sum(1 for other in seats if other not in winners and better(other, seat))
            for seat in seats]


def card_ids(data: Any, deck: frozenset[str]) -> set[str]:
    """Every card of ``deck`` that ``data`` (a view: JSON-able data) names, wherever it is: what
    a seat can tell apart. A hidden card is never named in a view, only counted."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in deck:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
