"""The end of a round: the closer's risk and the game's end."""
from games.zero_pointe.schema import Why


def closer_risk(raw: list[int], closer: int, multiplier: int, tie_doubled: bool) -> tuple[Why, bool]:
    """``(why, doubled)`` for the closer's raw round score.

    why: "not_positive" (never multiplied), "lowest" (strictly lowest), "tied" (tied for the
    lowest: multiplied only with the tie_doubled option) or "not_lowest" (multiplied).
    ``doubled`` says whether the multiplier really applied, so it is False with multiplier 1.
    """
    mine = raw[closer]
    lowest = min(raw)
    why: Why
    if mine <= 0:
        why = "not_positive"
    elif mine > lowest:
        why = "not_lowest"
    elif raw.count(lowest) > 1:
        why = "tied"
    else:
        why = "lowest"
    penalised = why == "not_lowest" or (why == "tied" and tie_doubled)
    return why, penalised and multiplier != 1


def round_scores(raw: list[int], closer: int, multiplier: int, tie_doubled: bool) -> dict:
    why, doubled = closer_risk(raw, closer, multiplier, tie_doubled)
    scores = list(raw)
    if doubled:
        scores[closer] *= multiplier
    return {"scores": scores, "raw_scores": list(raw), "closer": closer, "doubled": doubled, "why": why}


def winners(totals: list[int]) -> list[int]:
    low = min(totals)
    return [seat for seat, total in enumerate(totals) if total == low]
