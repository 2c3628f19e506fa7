"""Each game's modules come in an archive of their own (``py-<game>.zip``, scripts/pack_py.py),
put on the import path when the game is first opened: a page starts with py.zip alone (the page,
the kit, the words, the games' catalogue) and the archive of the game it opens, which js/boot.mjs
has been fetching while Python started (``tapisArchive``: one download per archive).

Imports js.
"""
import js
from games.registry import ids, module_name, packed
from think import PACKAGES, add_archive

CORE = "/py.zip"  # where js/boot.mjs writes py.zip
# The packages a game's archive adds modules to (scripts/pack_py.py BESIDE, and games/): the
# hard computers' worker's (think.py), and the tables.
PAGE_PACKAGES = (*PACKAGES, "ui.tables")
_added: dict = {}  # game id -> its archive's path in Pyodide's file system


def archives() -> list:
    """The archives on the import path: py.zip and the games' added so far."""
    return [CORE, *_added.values()]


def ready(game_id: str) -> bool:
    """Whether that game's modules can be imported now."""
    return not packed() or game_id in _added


def _add(game_id: str, data) -> None:
    path = f"/py-{module_name(game_id)}.zip"
    with open(path, "wb") as out:
        out.write(data.to_py())
    add_archive(path, PAGE_PACKAGES)
    _added[game_id] = path


def load(game_ids, then, failed=None) -> None:
    """Calls ``then()`` once every game of ``game_ids`` can be imported: at once when they can,
    else when their archives have arrived; ``failed(error)`` if one cannot be fetched (offline
    before the site was kept), after a line in the console."""
    missing = [g for g in dict.fromkeys(game_ids) if g in ids() and not ready(g)]
    if not missing:
        then()
        return

    def arrived(datas):
        for game_id, data in zip(missing, datas, strict=True):
            if not ready(game_id):  # two calls may have waited for the same archive
                _add(game_id, data)
        then()

    def lost(error):
        js.console.warn(f"Tapis: a game's modules could not be fetched: {error}")
        if failed is not None:
            failed(error)

    # A JS promise reaches Python as a future: its then() takes Python functions.
    js.tapisArchives(*(module_name(g) for g in missing)).then(arrived, lost)


async def load_all() -> None:
    """Every game's archive (scripts/stdlib.py's probe)."""
    for game_id in ids():
        if not ready(game_id):
            _add(game_id, await js.tapisArchive(module_name(game_id)))

