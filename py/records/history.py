"""A match's record, kept on the device once it is finished, given up or replaced: when, who
played (and who of them on this device), the options, the result, and its moves packed
(records.pack), from which it is replayed exactly.

A record is plain JSON, checked whole when read back (``check``); the page keeps the newest
``LIMIT`` of each game (ui/history.py).
"""
from typing import Any, TypedDict

from engine import checks
from engine.errors import BadOptions, BadSave
from engine.view import Outcome
from games import registry
from match import MAX_MOVES, Match, check_seats
from records.pack import BadPack, pack, unpack
from session import LocalSession
from session import replay as session_replay

FORMAT = 1
# Records kept per game, the newest: a record is about 0.3 KB and its moves about one byte a move
# (a long Zéro Pointé match of 8 players, 3,000 moves: 2.5 KB), so 200 a game stay under 1.5 MB
# of the 5 MB a browser gives a site, leaving the matches in progress room.
LIMIT = 200


class Record(TypedDict):
    v: int
    game: str
    options: dict
    seed: str
    start: dict | None       # a first version's save: its start position (None: dealt from the seed)
    seats: list[dict]        # kind and name of each seat
    here: list[int]          # the seats people played on this device
    ended: int               # ms since the epoch, by the page's clock: when it was finished or left
    finished: bool           # False: given up or replaced before its end
    outcome: Outcome | None  # its result, when finished
    rounds: int              # rounds ended
    plies: int               # moves played
    moves: str               # packed (records.pack)
    hints: int               # hints the players here asked for


def record(match: Match, ended: int, hints: int = 0) -> Record:
    """The record of ``match`` as it stands, at ``ended``."""
    game = match.game
    return {"v": FORMAT, "game": game.id, "options": dict(match.options), "seed": match.seed,
            "start": match.start_json, "seats": [dict(s) for s in match.seats], "here": match.humans(),
            "ended": ended, "finished": match.over, "outcome": game.outcome(match.state),
            "rounds": match.rounds_done, "plies": len(match.moves),
            "moves": pack(game, match.states[0], match.moves), "hints": hints}


def check(data: Any) -> Record:
    """A record read back from storage, whole and of this format, or BadSave saying why. Its
    moves are not replayed here (``replay`` does, when it is watched)."""
    checks.need(isinstance(data, dict), "not a record")
    checks.need(data.get("v") == FORMAT, "a record of another format")
    checks.need(set(data) == set(Record.__annotations__), "unexpected record fields")
    try:
        game = registry.get(data["game"])
        options = game.check_options(data["options"])
    except (ValueError, BadOptions) as err:
        raise BadSave(f"bad game or options: {err}") from None
    checks.need(options == data["options"], "incomplete options")
    checks.text(data["seed"], "seed", 80)
    checks.need(data["start"] is None or isinstance(data["start"], dict), "bad start")
    seats = check_seats(game, data["seats"], len(data["seats"]))
    checks.need(game.seats[0] <= len(seats) <= game.seats[1], "bad seats")
    here = data["here"]
    checks.need(isinstance(here, list) and all(type(s) is int and 0 <= s < len(seats) for s in here), "bad seats here")
    for key, top in (("ended", 10**14), ("rounds", MAX_MOVES), ("plies", MAX_MOVES), ("hints", MAX_MOVES)):
        checks.count(data[key], key, 0, top)
    checks.need(type(data["finished"]) is bool, "bad finished")
    outcome = data["outcome"]
    checks.need((outcome is not None) == data["finished"], "a result exactly when finished")
    if outcome is not None:
        checks.need(isinstance(outcome, dict) and set(outcome) == {"winners", "scores", "ranks"}, "bad result")
        for key in ("winners", "scores", "ranks"):
            checks.need(isinstance(outcome[key], list) and all(type(v) is int for v in outcome[key]), "bad result")
    checks.text(data["moves"], "moves", 4 * MAX_MOVES)
    return data  # every field checked above


def match_of(data: Record) -> Match:
    """The recorded match, its moves played; BadSave if they do not replay."""
    game = registry.get(data["game"])
    try:
        match = Match(game, data["options"], data["seed"], data["seats"], data["start"])
        for move in unpack(game, match.state, data["moves"], data["plies"]):
            match.play(move)
    except (BadPack, BadSave, ValueError) as err:
        raise BadSave(f"its moves do not replay: {err}") from None
    return match


def replay(data: Record) -> LocalSession:
    """The recorded match, ready to be played back from its first position, watched by the
    people who played it here (session.replay); BadSave if its moves do not replay."""
    return session_replay(match_of(data), here=data["here"])
