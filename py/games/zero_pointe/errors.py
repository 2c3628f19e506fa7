"""The reasons this game refuses a move: IllegalMove codes "zero_pointe.err.<reason>" (words in i18n/zero_pointe.py)."""
from functools import partial

from engine.errors import illegal as _illegal

illegal = partial(_illegal, "zero_pointe")
