"""A small builder of Neuf vies positions, so the rule tests read like the rules, and tests of
the builder itself.

A tableau is a string of up to four columns separated by "|", each listed bottom to top: "?" an
unturned 9×2 card, "=r8" a 9×2 card whose face (a red 8) everybody saw, "r8" a face-up warrior,
"s" a spirit; an empty column string is an empty slot. Hands, the pile and the discard pile list
faces ("r8", "s", "j"). Copies are handed out in deck order, so every card stays distinct; the
cards nobody names go under the draw pile (or, with ``rest="discard"``, onto the discard pile).
"""
import pytest

from engine.errors import BadSave
from games.neuf_vies import GAME as G
from games.neuf_vies import cards as C
from games.neuf_vies.columns import SLOTS, Column
from games.neuf_vies.state import Attack, State


class Pool:
    def __init__(self, players: int):
        self.left = {}
        for card in C.full_deck(players):
            self.left.setdefault(C.face(card), []).append(card)

    def take(self, face: str) -> str:
        return self.left[face].pop(0)

    def any(self) -> str:
        """A card "of no importance" for an unturned 9×2: a warrior with the most copies left."""
        face = max((f for f in C.WARRIORS if self.left[f]), key=lambda f: len(self.left[f]))
        return self.take(face)

    def rest(self) -> list:
        return [card for cards in self.left.values() for card in cards]


def column(text: str, pool: Pool):
    tokens = text.split()
    if not tokens:
        return None
    backs, warrior, spirit = [], None, None
    for token in tokens:
        if token == "?":
            backs.append((pool.any(), False))
        elif token.startswith("="):
            backs.append((pool.take(token[1:]), True))
        elif token == "s":
            spirit = pool.take("s")
        else:
            warrior = pool.take(token)
    return Column(tuple(backs), warrior, spirit)


def table(*tableaux, hands=None, pile=(), discard=(), rest="pile", phase="turn", current=0,
          attack=None, holding=None, players=None, **options) -> State:
    """A checked position (from_json must accept it). ``attack`` is (target, col, face);
    ``holding`` a column string ("?" a won 9×2, "=r8 r8" a won twin pair)."""
    players = players or len(tableaux)
    opts = G.check_options({"players": players, **options})
    pool = Pool(players)
    texts = list(tableaux) + [""] * (players - len(tableaux))
    # Hands, attack and pile first, so the cards "of no importance" never take a named copy.
    if hands is None:  # the player to move needs a card
        hands = [["j"] if seat == current else [] for seat in range(players)]
    hands = [[pool.take(f) for f in hand] for hand in hands]
    hands += [[] for _ in range(players - len(hands))]
    named_pile = [pool.take(f) for f in pile]
    named_discard = [(pool.take(f), True) for f in discard]
    attacking = None if attack is None else Attack(attack[0], attack[1], pool.take(attack[2]))
    tabs = []
    for text in texts:
        cols = [column(c, pool) for c in text.split("|")]
        tabs.append(tuple(cols + [None] * (SLOTS - len(cols))))
    held = None if holding is None else column(holding, pool)
    others = pool.rest()
    if rest == "pile":
        named_pile = others + named_pile
    else:
        named_discard = [(card, True) for card in others] + named_discard
    state = State(
        seed="test", options=opts, draws=1 + (opts["first_player"] == "random"), ply=0,
        phase=phase, current=current,
        hands=tuple(tuple(sorted(h, key=C.sort_key)) for h in hands), pile=tuple(named_pile),
        discard=tuple(named_discard), tableaux=tuple(tabs), attack=attacking, holding=held,
        log=(), last_round=None,
    )
    return G.from_json(G.to_json(state))


def play(state, *moves):
    for move in moves:
        assert move in G.legal_moves(state), (move, G.legal_moves(state))
        state = G.play(state, move)
    return state


def card(state, seat: int, face: str) -> str:
    """The id of the first card of that face in ``seat``'s hand."""
    return next(c for c in state.hands[seat] if C.face(c) == face)


def faces(column) -> str:
    """A column written back in the builder's notation (unturned 9×2 cards as "?")."""
    if column is None:
        return ""
    out = ["=" + C.face(c) if known else "?" for c, known in column.backs]
    return " ".join(out + [C.face(c) for c in (column.warrior, column.spirit) if c])


def tableau(state, seat: int) -> str:
    return " | ".join(faces(c) for c in state.tableaux[seat])


# --- the builder itself ----------------------------------------------------------------------

def test_the_builder_writes_what_it_reads():
    state = table("? ? r8 | =g3 g3 s | | b4", "?", hands=[["r1", "j"], ["s"]], pile=["o2"])
    assert tableau(state, 0) == "? ? r8 | =g3 g3 s |  | b4"
    assert tableau(state, 1) == "? |  |  | "
    assert [C.face(c) for c in state.hands[0]] == ["r1", "j"]
    assert C.face(state.pile[-1]) == "o2"
    assert sorted(G.cards(state)) == sorted(G.full_deck(state.options))


def test_the_builder_refuses_a_position_the_rules_never_reach():
    with pytest.raises(BadSave):
        table("? ? ? ? r8", "")
    with pytest.raises(BadSave):
        table("r8", "", phase="counter", attack=(1, 0, "r8"))  # nothing to attack there


def test_the_rest_can_go_to_the_discard_pile():
    state = table("", "", hands=[["r8"], []], pile=["s", "s"], rest="discard")
    assert len(state.pile) == 2 and len(state.discard) == 56 - 3
