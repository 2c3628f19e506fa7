"""The end of the game: who wins, in what order the others come, and the public record of the
final position (kept in the state, as saves hold it)."""
from typing import Literal

from games.neuf_vies import columns as K
from games.neuf_vies.columns import Tableau


def winners(scores: list[int], backs: list[int]) -> list[int]:
    """The best score; between equals, more cards on the 9×2 side; still equal, all of them."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    most = max(backs[seat] for seat in tied)
    return [seat for seat in tied if backs[seat] == most]


def ranks(scores: list[int], backs: list[int]) -> list[int]:
    """Each seat's rank by the same rule: the score, then the cards on the 9×2 side; seats equal
    on both share a rank (the winners are first)."""
    keys = list(zip(scores, backs))
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def tiebreak(scores: list[int], winners: list[int]) -> Literal["backs", "shared"] | None:
    """How equal best scores were settled: "backs" (more 9×2 cards), "shared" (still equal),
    None when one seat alone had the best score."""
    best = max(scores)
    if sum(1 for score in scores if score == best) < 2:
        return None
    return "shared" if len(winners) > 1 else "backs"


def ended_by(tableaux: tuple[Tableau, ...], why: str, current: int) -> list[int]:
    """The seats that ended the game: those with three columns of three 9×2 cards, or the player
    on turn whose hand the pile could not refill."""
    if why == "pile":
        return [current]
    return [seat for seat, tableau in enumerate(tableaux) if K.full_columns(tableau) >= 3]


def why(tableaux: tuple[Tableau, ...]) -> str:
    """"three_columns" (someone has three columns of three 9×2 cards) or "pile" (it cannot
    refill the hand of the player on turn)."""
    return "three_columns" if any(K.full_columns(t) >= 3 for t in tableaux) else "pile"


def record(tableaux: tuple[Tableau, ...], current: int) -> dict:
    scores = [K.total(t) for t in tableaux]
    backs = [K.backs(t) for t in tableaux]
    return {
        "round": 1,
        "why": why(tableaux),
        "seat": current,
        "scores": scores,
        "backs": backs,
        "winners": winners(scores, backs),
        "tableaux": [[K.column_record(c) for c in t] for t in tableaux],
    }
