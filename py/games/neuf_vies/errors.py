"""The reasons this game refuses a move: IllegalMove codes "neuf_vies.err.<reason>" (words in i18n/neuf_vies.py)."""
from functools import partial

from engine.errors import illegal as _illegal

illegal = partial(_illegal, "neuf_vies")
