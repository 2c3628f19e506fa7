"""Why a Neuf vies move: what the card does where it lands (a new column, a pair to nine, a twin
pair, a spirit's attack, an attack on another player's column, a warrior on one's 9×2 cards), or
the answer given (counter, let through, attack again, stop, where won cards go, a discard)."""
from games.neuf_vies.schema import Discard, Place, View, card, parse_move


def why(view: View, move: str) -> tuple[str, dict]:
    parsed = parse_move(move)
    if isinstance(parsed, Discard):
        return "coach.neuf_vies.discard", {}
    if not isinstance(parsed, Place):
        return f"coach.neuf_vies.{parsed.kind}", {}  # counter, allow, renew, stop, put
    placed = card(parsed.card)
    column = view["tableaux"][parsed.seat][parsed.col]
    own = parsed.seat == view["seat"]
    top = column["cards"][-1] if column is not None else None
    if top is None:
        return "coach.neuf_vies.column", {}
    if placed["kind"] == "spirit":
        return ("coach.neuf_vies.spirits", {}) if own else ("coach.neuf_vies.spirit", {"seat": parsed.seat})
    if "kind" not in top or top["kind"] != "warrior":
        return "coach.neuf_vies.stack", {}
    if top["value"] != placed["value"]:
        return ("coach.neuf_vies.nine", {}) if own else ("coach.neuf_vies.nine_attack", {"seat": parsed.seat})
    return ("coach.neuf_vies.twin", {}) if own else ("coach.neuf_vies.attack", {"seat": parsed.seat})
