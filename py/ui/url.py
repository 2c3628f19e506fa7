"""Reading the page's link parameters (pure): ?game=punto&seed=abc&start=1&lang=eu&think=main.

The page decodes the query with the browser's URLSearchParams (urllib.parse would cost 70 ms of
start-up in Pyodide) and hands over the (name, value) pairs. Bad values fall back to defaults
and leave a notice (an i18n key and its params)."""
import re
from dataclasses import dataclass, field

SEED_RE = re.compile(r"[A-Za-z0-9_-]{1,40}")
# snapshot=0, stdlib=full: read by js/boot.mjs (a normal start; the whole standard library).
KNOWN = ("game", "seed", "start", "lang", "think", "snapshot", "stdlib")
# think=main: the hard computers think on the page's main thread, not in their worker
# (ui/thinker.py; bench/page_ai.py compares the two).
THINK = ("worker", "main")
NAMED = 3  # unknown parameters named in the notice; the rest are counted


@dataclass
class Route:
    game: str | None = None
    seed: str | None = None
    start: bool = False
    lang: str | None = None
    think: str = "worker"
    notices: list = field(default_factory=list)


def parse(pairs, playable, games, langs=()) -> Route:
    """``playable``: the ids of the games with a table; ``games``: every game's id; ``langs``:
    the languages Tapis speaks."""
    route = Route()
    params: dict[str, list[str]] = {}
    for name, value in pairs:
        params.setdefault(name, []).append(value)
    unknown = [name for name in params if name not in KNOWN]
    for name in unknown[:NAMED]:
        route.notices.append(("notice.bad_param", {"name": name[:20]}))
    if len(unknown) > NAMED:
        route.notices.append(("notice.more_params", {"n": len(unknown) - NAMED}))
    game = params.get("game", [None])[-1]
    if game is not None:
        if game in playable:
            route.game = game
        elif game in games:
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
        if start in ("1", "", "0"):
            route.start = start != "0" and route.game is not None
        else:
            route.notices.append(("notice.bad_start", {}))
    lang = params.get("lang", [None])[-1]
    if lang is not None:
        if lang.lower() in langs:
            route.lang = lang.lower()
        else:
            route.notices.append(("notice.bad_lang", {"value": lang[:20]}))
    think = params.get("think", [None])[-1]
    if think is not None:
        if think in THINK:
            route.think = think
        else:
            route.notices.append(("notice.bad_think", {"value": think[:20]}))
    if game is None and (seed is not None or start not in (None, "0")):
        route.notices.append(("notice.needs_game", {}))
    return route
