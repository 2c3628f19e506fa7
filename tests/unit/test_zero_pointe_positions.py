"""A small builder of Zéro Pointé positions, so the rule tests read like the rules, and the
tests of the builder itself.

A grid is three lines of four tokens: "5" a face-up 5, "?5" a face-down 5, "?" a face-down card
of no importance, "x" a slot of a removed column. Card copies are handed out in order, so the
150 cards stay distinct; the cards nobody names go under the draw pile (or, with
``rest="discard"``, under the discard pile).
"""
import pytest

from engine.errors import BadSave
from games.zero_pointe import ZERO_POINTE as G
from games.zero_pointe import grid as grids_
from games.zero_pointe.cards import COPIES
from games.zero_pointe.state import State


class _Pool:
    def __init__(self):
        self.left = {v: [f"{v}.{c}" for c in range(n)] for v, n in COPIES.items()}

    def take(self, value: int) -> str:
        return self.left[value].pop(0)

    def any(self) -> str:
        """A card "of no importance": the highest value still available."""
        value = max(v for v, ids in self.left.items() if ids)
        return self.take(value)

    def rest(self) -> list:
        return [card for ids in self.left.values() for card in ids]


def parse_grid(text: str) -> list:
    """Slot specs: None (removed), or (value or None for "of no importance", face up)."""
    tokens = text.split()
    assert len(tokens) == grids_.SIZE, f"a grid has 12 slots, not {len(tokens)}"
    return [None if t == "x" else (None if t == "?" else int(t.lstrip("?")), not t.startswith("?"))
            for t in tokens]


def table(*grid_texts, discard=(0,), draw=(), drawn=None, rest="draw", phase="turn", current=0,
          closer=None, totals=None, pending=(), round=1, starter=0, last_round=None, **options):
    """A checked position: ``discard`` and ``draw`` list values bottom to top (top last)."""
    opts = G.check_options({"players": len(grid_texts), **options})
    pool = _Pool()
    specs = [parse_grid(text) for text in grid_texts]
    # Named cards first, so the cards "of no importance" never take a copy a test asked for.
    named = [[None if s is None or s[0] is None else pool.take(s[0]) for s in g] for g in specs]
    named_discard = [pool.take(v) for v in discard]
    named_draw = [pool.take(v) for v in draw]
    drawn_card = None if drawn is None else pool.take(drawn)
    grids = tuple(
        tuple(None if s is None else (card or pool.any(), s[1]) for s, card in zip(g, cards))
        for g, cards in zip(specs, named)
    )
    others = pool.rest()
    pile, heap = (others + named_draw, named_discard) if rest == "draw" else (named_draw, others + named_discard)
    opening = phase == "opening"
    state = State(
        seed="test", options=opts, draws=1, ply=0, round=round, phase=phase,
        current=None if phase == "over" else current, grids=grids, draw=tuple(pile),
        discard=tuple(heap), drawn=drawn_card, pending=tuple(pending),
        starter=None if opening else starter,
        start_sums=None if opening else (0,) * len(grids), closer=closer,
        totals=tuple(totals or (0,) * len(grids)), last_round=last_round,
    )
    return G.from_json(G.to_json(state))  # the game's own checks: the position is reachable


def values(state, seat) -> list:
    """A grid as text-like rows of values ("?5" face down, None removed), for assertions."""
    out = []
    for slot in state.grids[seat]:
        if slot is None:
            out.append(None)
        else:
            value = int(slot[0].rsplit(".", 1)[0])
            out.append(value if slot[1] else f"?{value}")
    return [out[r * 4:(r + 1) * 4] for r in range(3)]


def top(state) -> int:
    return int(state.discard[-1].rsplit(".", 1)[0])


def play(state, *moves):
    for move in moves:
        state = G.play(state, move)
    return state


# --- the builder's own tests -------------------------------------------------------------

def test_builder_makes_the_position_described():
    state = table("""5 ?7 x 1
                     5 ?  x 2
                     ? ?  x 3""", "? ? ? ? ? ? ? ? ? ? ? ?", discard=(4, 9), draw=(6,))
    assert values(state, 0)[0] == [5, "?7", None, 1]
    assert top(state) == 9 and state.draw[-1].startswith("6.")
    assert len(G.cards(state)) == 150 and len(set(G.cards(state))) == 150


def test_builder_refuses_an_unreachable_position():
    with pytest.raises(BadSave):
        table("1 2 3 4 1 2 3 4 1 2 3 x", "? ? ? ? ? ? ? ? ? ? ? ?")  # half a column removed
