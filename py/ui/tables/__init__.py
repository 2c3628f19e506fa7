"""One table per game: it draws the game's view and turns drops into the game's moves."""
import importlib

_TABLES = {"punto": ("ui.tables.punto", "PuntoTable"),
           "zero-pointe": ("ui.tables.zero_pointe", "ZeroPointeTable")}


def table_for(game_id: str):
    module, name = _TABLES[game_id]
    return getattr(importlib.import_module(module), name)
