"""The reasons this game refuses a move: IllegalMove codes "punttu.err.<reason>" (words in i18n/punttu.py)."""
from functools import partial

from engine.errors import illegal as _illegal

illegal = partial(_illegal, "punttu")
