"""What one seat may know: its own hand, the sizes of the others and of the stock, the trick on
the table and every finished trick (a player with perfect memory knows them all), with the facts
the table shows worked out here (who took a trick and with what, who drew, the memory aid's
counts), typed in schema.py.

By default the screen shows only the last finished trick and the number of cards each seat has
won: "seen" (the finished tricks) is there so that nobody, the computer included, needs a better
memory than a human's; the memory aid adds the cards gone ("played", "gone") and the points won.
"""
from games.punttu import cards as C
from games.punttu import rules
from games.punttu.schema import Gone, PunttuPart, PunttuRound, Refill, SeenTrick, Trick, TrickPlay
from games.punttu.state import State


def view(state: State, seat: int) -> PunttuPart:
    """The game's part of ``seat``'s view (engine.game.GameBase.view adds the header)."""
    n = state.players
    opts = state.options
    lead = None if rules.over(state) else rules.leader(state)
    order = [] if lead is None else rules.playing_order(lead, n)
    seen: list[SeenTrick] = [{"leader": first, "cards": list(cards),
                              "winner": rules.trick_winner(first, cards, n)[0]}
                             for first, cards in state.tricks]
    piles = rules.won_piles(state)
    last: Trick | None = None
    if state.tricks:
        last = _trick(rules.trick_record(*state.tricks[-1], n))
    elif state.last_round is not None:
        last = _trick(state.last_round["last_trick"])
    just_taken = _trick_copy(last) if last is not None and state.tricks and not state.trick else None
    refill: Refill | None = None
    if just_taken is not None and rules.drew_after_last_trick(state):
        refill = {"order": rules.draw_order(just_taken["winner"], n), "stock_out": not state.stock}
    aid = opts["memory_aid"]
    played = [card for _, cards in state.tricks for card in cards]
    trick: list[TrickPlay] = [{"seat": who, "card": card} for who, card in zip(order, state.trick)]
    return {
        "dealer": state.dealer,
        "leader": lead,
        "hand": list(state.hands[seat]),
        "hand_size": rules.HAND,
        "hand_sizes": [len(hand) for hand in state.hands],
        "stock_size": len(state.stock),
        "order": order,
        "trick": trick,
        "just_taken": just_taken,
        "refill": refill,
        "last_trick": last,
        "seen": seen,
        "removed": list(C.removed(n)),
        "won_counts": [len(pile) for pile in piles],
        "won_points": [C.points(pile) for pile in piles] if aid else None,
        "played": played if aid else None,
        "gone": _gone(played, n) if aid else None,
        "memory_aid": aid,
        "match": opts["match"],
        "target": opts["target"] if opts["match"] == "to_points" else None,
        "totals": list(state.totals),
    }


def last_round(state: State) -> PunttuRound | None:
    """A fresh copy of the last finished deal's record, with the facts its summary shows."""
    record = state.last_round
    if record is None:
        return None
    won = [list(pile) for pile in record["won"]]
    in_play = C.in_play(state.players)
    return {"round": record["round"], "dealer": record["dealer"], "won": won,
            "won_counts": [len(pile) for pile in won], "points": list(record["points"]),
            "winners": list(record["winners"]), "totals": list(record["totals"]),
            "last_trick": _trick(record["last_trick"]),
            "all_cards": len(in_play), "all_points": C.points(in_play)}


def _trick(record: dict) -> Trick:
    """A fresh copy of a finished trick's record (rules.trick_record), with the winning card's
    points and how many of its cards are worth as much."""
    plays: list[TrickPlay] = [{"seat": play["seat"], "card": play["card"]} for play in record["trick"]]
    values = [C.VALUES[play["card"]] for play in plays]
    best = max(values)
    return {"leader": record["leader"], "trick": plays, "winner": record["winner"],
            "reason": record["reason"], "value": best, "equal": values.count(best)}


def _trick_copy(trick: Trick) -> Trick:
    return {**trick, "trick": [{"seat": play["seat"], "card": play["card"]} for play in trick["trick"]]}


def _gone(played: list[str], players: int) -> list[Gone]:
    """Per value, highest first: how many of the cards in play worth that much are gone."""
    dealt = [C.VALUES[card] for card in C.in_play(players)]
    gone = [C.VALUES[card] for card in played]
    return [{"value": v, "played": gone.count(v), "dealt": dealt.count(v)} for v in range(7, 0, -1)]
