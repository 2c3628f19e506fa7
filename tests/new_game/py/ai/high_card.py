"""High card's medium player: take the trick with the lowest card that does, else throw the
lowest card; lead with the highest."""
from games.high_card.schema import Play, move_text, parse_move, value


def medium(view: dict, legal: list, rng) -> str:
    hand = sorted((parse_move(move).card for move in legal), key=value)
    if not view["trick"]:
        return move_text(Play(hand[-1]))
    top = max(map(value, view["trick"]))
    winning = [card for card in hand if value(card) > top]  # an equal card comes second: it loses
    return move_text(Play(winning[0] if winning else hand[0]))
