"""One table per game, ``ui/tables/<game module>.py`` with a ``Table`` class: it draws the
game's view and turns drops into the game's moves. A game without one shows as coming soon."""
import importlib
import importlib.util

from games.registry import module_name, packed


def _module(game_id: str) -> str:
    return f"ui.tables.{module_name(game_id)}"


def has_table(game_id: str) -> bool:
    # In the page, a game's table arrives with its archive: the build's catalogue says.
    listed = [entry["table"] for entry in packed() if entry["id"] == game_id]
    return listed[0] if listed else importlib.util.find_spec(_module(game_id)) is not None


def table_for(game_id: str):
    return importlib.import_module(_module(game_id)).Table
