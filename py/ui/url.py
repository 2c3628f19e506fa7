"""Reading the page's query string (pure): ?game=punto&seed=abc&start=1.

Bad values fall back to defaults and leave a notice (an i18n key and its params)."""
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs

SEED_RE = re.compile(r"[A-Za-z0-9_-]{1,40}")
KNOWN = ("game", "seed", "start")


@dataclass
class Route:
    game: str | None = None
    seed: str | None = None
    start: bool = False
    notices: list = field(default_factory=list)


def parse(query: str, playable: tuple, coming: tuple) -> Route:
    route = Route()
    params = parse_qs(query.lstrip("?"), keep_blank_values=True)
    for name in params:
        if name not in KNOWN:
            route.notices.append(("notice.bad_param", {"name": name[:20]}))
    game = params.get("game", [None])[-1]
    if game is not None:
        if game in playable:
            route.game = game
        elif game in coming:
            route.notices.append(("notice.game_coming", {"game": game}))
        else:
            route.notices.append(("notice.bad_game", {"value": game[:20]}))
    seed = params.get("seed", [None])[-1]
    if seed is not None:
        if SEED_RE.fullmatch(seed):
            route.seed = seed
        else:
            route.notices.append(("notice.bad_seed", {}))
    start = params.get("start", [None])[-1]
    if start is not None:
        if start in ("1", ""):
            route.start = route.game is not None
        else:
            route.notices.append(("notice.bad_param", {"name": "start"}))
    return route
