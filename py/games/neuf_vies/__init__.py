"""Neuf vies: pairs that add up to nine, columns that multiply, cats that attack
(/work/shared/rules/neuf-vies.md; the published game is Mauw by Vincent Joassin).

The card ids and the move notation are in schema.py. Besides the moves, the state's log holds
the steps the rules take by themselves: "gain" (a 9×2 card taken unturned from the pile), "gain
lost" (it fitted nowhere: discarded face down), "gain none" (the pile was empty), "draw N",
"skip" (an empty hand places nothing).
"""
from games.neuf_vies.game import GAME, NEUF_VIES
from games.neuf_vies.schema import parse_move

__all__ = ["GAME", "NEUF_VIES", "parse_move"]
