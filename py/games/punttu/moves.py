"""The move notation: "play <card>", e.g. "play o7", "play b12"."""
from games.punttu.cards import KNOWN
from games.punttu.errors import illegal


def move_for(card: str) -> str:
    return f"play {card}"


def parse_move(move) -> str:
    """The card a move plays; IllegalMove "punttu.err.bad_move" on anything else."""
    parts = move.split(" ") if isinstance(move, str) else []
    if len(parts) != 2 or parts[0] != "play" or parts[1] not in KNOWN:
        raise illegal("bad_move", move=str(move)[:40])
    return parts[1]
