"""What one seat may know: its own hand, the sizes of the others and of the stock, the trick on
the table and every finished trick (a player with perfect memory knows them all).

By default the screen shows only the last finished trick and the number of cards each seat has
won: "seen" (the finished tricks) is there so that nobody, the computer included, needs a better
memory than a human's; the memory aid adds the cards gone ("played") and the points won.
"""
from games.punttu import cards as C
from games.punttu import rules


def outcome(state):
    if not rules.over(state):
        return None
    return {"winners": rules.best_seats(state.totals), "scores": list(state.totals)}


def view(state, seat: int) -> dict:
    n = state.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"no seat {seat!r}")
    opts = state.options
    over = rules.over(state)
    lead = None if over else rules.leader(state)
    on_turn = None if over else (lead + len(state.trick)) % n
    seen = [{"leader": first, "cards": list(cards),
             "winner": rules.trick_winner(first, cards, n)[0]} for first, cards in state.tricks]
    piles = rules.won_piles(state)
    if state.tricks:
        last = rules.trick_record(*state.tricks[-1], n)
    else:
        last = _trick_copy(state.last_round["last_trick"]) if state.last_round else None
    aid = opts["memory_aid"]
    return {
        "game": "punttu",
        "seat": seat,
        "players": n,
        "ply": state.ply,
        "round": state.round,
        "to_move": on_turn,
        "dealer": state.dealer,
        "leader": lead,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "stock_size": len(state.stock),
        "trick": [{"seat": (lead + i) % n, "card": card} for i, card in enumerate(state.trick)],
        "last_trick": last,
        "seen": seen,
        "removed": list(C.removed(n)),
        "won_counts": [len(pile) for pile in piles],
        "won_points": [C.points(pile) for pile in piles] if aid else None,
        "played": [card for _, cards in state.tricks for card in cards] if aid else None,
        "memory_aid": aid,
        "match": opts["match"],
        "target": opts["target"] if opts["match"] == "to_points" else None,
        "totals": list(state.totals),
        "legal": rules.legal_moves(state) if seat == on_turn else [],
        "last_round": _record_copy(state.last_round),
        "outcome": outcome(state),
    }


# Hand-made deep copies (what engine.game.fresh does, faster): from_json has checked the record's
# exact shape (rules.deal_record), and views are built very often.

def _trick_copy(trick: dict) -> dict:
    return {**trick, "trick": [dict(play) for play in trick["trick"]]}


def _record_copy(record):
    if record is None:
        return None
    return {**record, "won": [list(pile) for pile in record["won"]],
            "points": list(record["points"]), "winners": list(record["winners"]), "totals": list(record["totals"]),
            "last_trick": _trick_copy(record["last_trick"])}
