"""The reasons this game refuses a move: IllegalMove codes "high_card.err.<reason>" (words in i18n/high_card.py)."""
from functools import partial

from engine.errors import illegal as _illegal

illegal = partial(_illegal, "high_card")
