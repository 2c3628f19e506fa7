"""Neuf vies: pairs that add up to nine, columns that multiply, cats that attack
(/work/shared/rules/neuf-vies.md; the published game is Mauw by Vincent Joassin).

Card ids (cards.py): warriors "r1" "r8" "o2" "o7" "g3" "g6" "b4" "b5" with a copy "a0" "b0"
"c0" "d0" (no dot), "a1" "b1" (one dot) or "a2" (two dots), e.g. "r8.a1"; spirits "s.a" …
"s.l"; jokers "j.a" … "j.d". Identical cards agree before the dot.

Moves (seats and columns count from 0; columns are the four slots of a tableau):
- "place CARD SEAT COL": CARD from your hand onto SEAT's slot COL: your own seat for a new
  column (empty slot) or one of your columns, another seat for an attack;
- "discard CARD": face up, only when no card of your hand can be placed;
- "counter CARD" (an identical card or a joker) or "allow": the attacked player's answer;
- "renew CARD" (an identical card) or "stop": the countered attacker's answer;
- "put COL": where the won 9×2 card or twin pair goes (an empty slot: a new column).

The log also holds automatic steps: "gain" (a 9×2 card taken unturned from the pile), "gain
lost" (it fitted nowhere: discarded face down), "gain none" (the pile was empty), "draw N",
"skip" (an empty hand places nothing).
"""
from games.neuf_vies.game import GAME, NEUF_VIES
from games.neuf_vies.moves import parse_move

__all__ = ["GAME", "NEUF_VIES", "parse_move"]
