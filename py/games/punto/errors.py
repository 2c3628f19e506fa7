"""The reasons this game refuses a move: IllegalMove codes "punto.err.<reason>" (words in i18n/punto.py)."""
from functools import partial

from engine.errors import illegal as _illegal

illegal = partial(_illegal, "punto")
