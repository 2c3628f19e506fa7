"""Where a card may go, and what it does there; which card answers an attack."""
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies.columns import Column, Tableau


def judge(tableaux: tuple[Tableau, ...], seat: int, card: str, target: int,
          col: int) -> tuple[bool, str]:
    """``(True, effect)`` when ``seat`` may place ``card`` on ``target``'s slot ``col``, else
    ``(False, reason)``. Effects: "column" (a new column), "stack" (a warrior on one's own 9×2
    cards), "nine" and "twin" (pairs), "spirit" (a spirit attack), "spirits" (a spirit pair)."""
    what = C.kind(card)
    column = tableaux[target][col]
    own = target == seat
    if what == "joker":
        return False, "joker"
    if what == "spirit":
        if own:
            paired = column is not None and column.spirit is not None
            return (True, "spirits") if paired else (False, "spirit_own")
        if column is None:
            return False, "empty_slot"
        if column.spirit is not None:
            return False, "spirit_on_spirit"
        return (True, "spirit") if column.size < K.MAX_CARDS else (False, "spirit_full")
    if column is None:
        return (True, "column") if own else (False, "empty_slot")
    if column.spirit is not None:
        return False, "on_spirit"
    if column.warrior is None:
        return (True, "stack") if own else (False, "other_backs")
    if C.colour(column.warrior) != C.colour(card):
        return False, "other_colour"
    if C.value(column.warrior) != C.value(card):
        return True, "nine"
    if own:
        return (True, "twin") if len(column.backs) < K.MAX_BACKS else (False, "twin_full")
    room = K.places(tableaux[seat], won_pair(column.warrior, card))
    return (True, "twin") if room else (False, "no_room")


def won_pair(lower: str, upper: str) -> Column:
    """A twin pair won on another player's column: their warrior turned, the attacker's on top."""
    return Column(((lower, True),), upper)


def counters(card: str, attacking: str) -> bool:
    """Whether ``card`` counters an attack by ``attacking``: an identical card, or a joker."""
    return C.identical(card, attacking) or C.kind(card) == "joker"
