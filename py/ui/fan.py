"""A game's face on the home page: three of its cards fanned out. The markup is the same for every
game, before Python starts (scripts/build_home.py writes it into index.html's tiles) and after
(ui/home.py); each game's style sheet draws its own cards on it (css/<game>.css, under
``[data-game]``), so a tile shows the game at once with nothing more to download. Pure: the
build script imports it in CPython."""
from ui.html import el

CARDS = 3


def fan(cls: str = "fan"):
    """Decoration only: the tile's name and words say what the game is."""
    return el("span", cls, None, *(el("i", f"fc fc{i}") for i in range(1, CARDS + 1)), aria_hidden="true")
