"""The arena: one match between computer players through the match controller, as the page
would play it (same seeding), with each move's CPU time. Benches and strength tests use it."""
import math
import time
from dataclasses import dataclass, field

import ai
from games import registry
from match import Match
from session import LocalSession


@dataclass
class Result:
    outcome: dict                               # the game's outcome: winners and scores
    rounds: list = field(default_factory=list)  # each finished round's record, in order
    times: list = field(default_factory=list)   # per seat, the CPU seconds of each of its moves


def play_match(game_id: str, options: dict, seed: str, levels: list, clock=time.process_time,
               think=ai.think):
    """Play a whole match with ``levels[seat]`` at each seat; a Result. A level the game does
    not declare (a bench's own player, such as bench/yardstick.py) sits in a seat of the game's
    first level, and ``think`` must play it: it sees the seat in the view."""
    known = registry.get(game_id).levels
    seats = [{"kind": level if level in known else known[0], "name": f"{level} {seat}"}
             for seat, level in enumerate(levels)]
    match = Match.new(game_id, dict(options, players=len(levels)), seed, seats, think=think)
    session = LocalSession(match)
    result = Result(outcome={}, times=[[] for _ in levels])
    while True:
        step = session.next()
        if step.kind == "over":
            if match.rounds_done > len(result.rounds):
                result.rounds.append(match.state.last_round)
            result.outcome = match.game.outcome(match.state)
            return result
        if step.kind == "round_end":
            result.rounds.append(match.state.last_round)
            match.acknowledge_round()
            continue
        start = clock()
        move = match.computer_move()
        result.times[step.seat].append(clock() - start)
        session.play(step.seat, move)


def share(result: Result, seats) -> float:
    """The share of the win that went to ``seats`` (equal winners share it)."""
    winners = result.outcome["winners"]
    return sum(seat in winners for seat in seats) / len(winners)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple:
    """The 95 % Wilson score interval of a win rate (a shared win counts as its share)."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half
