"""Why a Punttu move: a lead of the lowest card (the strong ones kept), or another lead; a card
that takes the trick, the cheapest that can, with the points on it; a trick that cannot be taken
given the lowest card."""
from games.punttu.cards import VALUES
from games.punttu.schema import PunttuView, parse_move


def why(view: PunttuView, move: str) -> tuple[str, dict]:
    card = parse_move(move).card
    mine = sorted(VALUES[c] for c in view["hand"])
    value = VALUES[card]
    played = [VALUES[play["card"]] for play in view["trick"]]
    if not played:
        return ("coach.punttu.lead_low", {}) if value == mine[0] else ("coach.punttu.lead", {})
    if value > max(played):  # the highest takes the trick; of equals, the first played
        cheapest = min(v for v in mine if v > max(played))
        key = "coach.punttu.win_cheap" if value == cheapest else "coach.punttu.win"
        return key, {"n": sum(played) + value}
    return ("coach.punttu.throw_low", {}) if value == mine[0] else ("coach.punttu.throw", {})
