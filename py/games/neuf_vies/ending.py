"""The end of the game: who wins, and the public record of the final position."""
from games.neuf_vies import columns as K


def winners(scores: list, backs: list) -> list:
    """The best score; between equals, more cards on the 9×2 side; still equal, all of them."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    most = max(backs[seat] for seat in tied)
    return [seat for seat in tied if backs[seat] == most]


def why(tableaux) -> str:
    """"three_columns" (someone has three columns of three 9×2 cards) or "pile" (it cannot
    refill the hand of the player on turn)."""
    return "three_columns" if any(K.full_columns(t) >= 3 for t in tableaux) else "pile"


def record(tableaux, current: int) -> dict:
    scores = [K.total(t) for t in tableaux]
    backs = [K.backs(t) for t in tableaux]
    return {
        "round": 1,
        "why": why(tableaux),
        "seat": current,
        "scores": scores,
        "backs": backs,
        "winners": winners(scores, backs),
        "tableaux": [K.tableau_view(t) for t in tableaux],
    }
