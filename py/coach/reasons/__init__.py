"""Why a move is good, in the game's own words: each game's module here (``coach/reasons/<game>.py``,
optional) reads the seat's view and the move and names the fact that makes the move (an i18n key
under ``coach.<game>.`` and its parameters; ``seat`` parameters name a seat, ``card`` and
``colour`` ones a card or a colour, which the table says in words). A game without one says the
hard level rates the move best."""
import importlib
import importlib.util

from games.registry import module_name

Reason = tuple[str, dict]
GENERIC: Reason = ("coach.best", {})


def why(game_id: str, view: dict, move: str) -> Reason:
    name = f"coach.reasons.{module_name(game_id)}"
    if importlib.util.find_spec(name) is None:
        return GENERIC
    reason: Reason = importlib.import_module(name).why(view, move)
    return reason
