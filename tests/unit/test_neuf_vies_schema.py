"""Neuf vies' contract (games/neuf_vies/schema.py): the card ids, the move codec over every legal
move of many positions, and the facts the view carries for the page (the latest moves with their
cards, the slot last played, why the game ended, the ranking after the tie-break)."""
import itertools
import json
import random
import typing

import pytest
from test_neuf_vies_positions import card, play, table

from engine.errors import IllegalMove
from games.neuf_vies import GAME as G
from games.neuf_vies import cards as C
from games.neuf_vies import schema as S
from games.neuf_vies import view as V
from games.neuf_vies.schema import (Allow, Counter, Discard, Place, Put, Renew, Stop, move_text,
                                    parse_move)


def keys(typed_dict) -> set:
    return set(typed_dict.__required_keys__ | typed_dict.__optional_keys__)


def random_states(players: int, seed: str, plies: int = 400):
    """Every state of a random game to its end."""
    rng = random.Random(seed)
    state = G.new_game({"players": players, "first_player": "random"}, seed)
    for _ in range(plies):
        yield state
        if G.to_move(state) is None:
            return
        state = G.play(state, rng.choice(G.legal_moves(state)))


# --- card ids ------------------------------------------------------------------------------------

def test_the_card_ids_of_the_schema_are_the_cards_of_the_rules():
    assert S.CARD_IDS == C.ALL and len(set(S.CARD_IDS)) == 72
    candidates = {f"{face}.{copy}" for face in list(C.WARRIORS) + ["s", "j", "r2", "x1"]
                  for copy in list(C.COPIES) + list("abcdefghijklm") + ["c1", "b2", "e0"]}
    assert {c for c in candidates if S.is_card_id(c)} == set(C.ALL)
    assert not S.is_card_id(7) and not S.is_card_id("r8") and not S.is_card_id("r8.a0 ")
    for card_id in C.ALL:
        face = S.card(card_id)
        assert face == C.card_view(card_id)
        assert (face["kind"], face["colour"], face["value"]) == (C.kind(card_id), C.colour(card_id),
                                                                 C.value(card_id))
    assert S.card("r8.a1") == {"id": "r8.a1", "kind": "warrior", "colour": "r", "value": 8}
    assert S.card("s.c") == {"id": "s.c", "kind": "spirit", "colour": None, "value": 0}
    assert S.card("j.d") == {"id": "j.d", "kind": "joker", "colour": None, "value": None}


# --- the moves -----------------------------------------------------------------------------------

def read_back(state) -> set:
    """Every legal move of ``state`` read as a value and written back; their kinds."""
    kinds = set()
    for move in G.legal_moves(state):
        value = parse_move(move)
        assert isinstance(value, S.Move) and value.kind == move.split(" ")[0]
        assert move_text(value) == move
        assert parse_move(move_text(value)) == value
        kinds.add(value.kind)
    return kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_legal_move_reads_and_writes_back(players):
    kinds = set()
    for i in range(3):
        for state in random_states(players, f"codec{players}.{i}"):
            kinds |= read_back(state)
    assert kinds | {"discard"} == set(S.KINDS)  # random games seldom leave nothing to place
    forced = table("g3 | b4 | o2 | g6", "b5 s", hands=[["r8", "s", "j"], ["j"]])
    assert read_back(forced) == {"discard"}


def test_the_move_values():
    assert parse_move("place r8.a1 1 3") == Place("r8.a1", 1, 3)
    assert (parse_move("place r8.a1 1 3").card, parse_move("place r8.a1 1 3").seat) == ("r8.a1", 1)
    assert parse_move("discard j.a") == Discard("j.a") and parse_move("counter s.b") == Counter("s.b")
    assert parse_move("renew r1.a0") == Renew("r1.a0") and parse_move("put 3") == Put(3)
    assert parse_move("allow") == Allow() and parse_move("stop") == Stop()
    # Moves of different kinds never compare equal, though tuples of the same fields would.
    values = [Place("r8.a1", 1, 3), Discard("s.a"), Counter("s.a"), Renew("s.a"), Allow(), Stop(),
              Put(1)]
    assert len(set(values)) == len(values)
    assert all(a != b for a, b in itertools.combinations(values, 2))
    assert [move_text(v) for v in values] == ["place r8.a1 1 3", "discard s.a", "counter s.a",
                                               "renew s.a", "allow", "stop", "put 1"]


@pytest.mark.parametrize("bad", ["", " ", "place", "place r8.a1 1", "place r8.a1 1 3 ", "Place r8.a1 1 3",
                                 "place r8.z9 1 1", "place r8.a1 6 0", "place r8.a1 1 4", "place 1 r8.a1 3",
                                 "put -1", "put ٣", "put 4", "put", "allow now", "stop 1", "discard",
                                 "discard r8", "counter r8.a1 r8.b0", 7, None, ["allow"]])
def test_bad_move_text(bad):
    with pytest.raises(IllegalMove) as caught:
        parse_move(bad)
    assert caught.value.code == "neuf_vies.err.bad_move"


# --- the view ------------------------------------------------------------------------------------

def test_the_view_has_exactly_the_keys_the_schema_declares():
    checked = set()
    for players in (2, 4, 6):
        for state in random_states(players, f"keys{players}"):
            for seat in range(players):
                view = G.view(state, seat)
                assert set(view) == keys(S.NeufViesView)
                for tableau in view["tableaux"]:
                    for column in tableau:
                        assert column is None or set(column) == keys(S.Column)
                pending = view["pending"]
                if pending is not None:
                    kind = {"turn": S.TurnPending, "counter": S.CounterPending,
                            "renew": S.RenewPending, "put": S.PutPending}[pending["kind"]]
                    assert set(pending) == keys(kind)
                    checked.add(pending["kind"])
                for entry in view["log"] + view["last_move"]:
                    assert entry["kind"] in ENTRY_KINDS
                    assert set(entry) == keys(ENTRY_KINDS[entry["kind"]])
                last = view["last_round"]
                if last is not None:
                    assert set(last) == keys(S.Round) and view["outcome"] is not None
                    checked.add("over")
    assert checked == {"turn", "counter", "renew", "put", "over"}
    assert S.View is S.NeufViesView


ENTRY_KINDS = {kind: entry for entry in typing.get_args(S.LogEntry)
               for kind in typing.get_args(typing.get_type_hints(entry)["kind"])}


def test_the_log_in_the_view_tells_the_latest_moves_with_their_cards():
    state = table("", "? r8", hands=[["r8", "r8", "g3"], ["r8", "j", "b4"]], pile=["b5", "o2", "s"])
    first, second = state.hands[0][:2]
    theirs = card(state, 1, "r8")
    after = play(state, f"place {first} 1 0", f"counter {theirs}", f"renew {second}")
    view = G.view(after, 1)
    assert view["log"] == [
        {"seat": 0, "kind": "place", "card": C.card_view(first), "target": 1, "col": 0},
        {"seat": 1, "kind": "counter", "card": C.card_view(theirs)},
        {"seat": 0, "kind": "renew", "card": C.card_view(second)},
    ]
    assert view["last_move"] == view["log"][2:]
    assert view["pending"]["won"] == "pair"  # a twin pair won: where it goes is Ana's choice
    done = play(after, "put 2")
    view = G.view(done, 0)
    assert view["last_move"] == [{"seat": 0, "kind": "put", "col": 2},
                                 {"seat": 0, "kind": "draw", "count": 3}]
    assert view["log"][-2:] == view["last_move"]
    assert G.view(G.new_game({}, "x"), 0)["log"] == [] == G.view(G.new_game({}, "x"), 0)["last_move"]


def test_the_view_holds_only_the_latest_entries_of_a_long_log():
    state = list(random_states(3, "long"))[-1]
    assert len(state.log) > V.RECENT
    view = G.view(state, 0)
    assert view["log"] == [V.entry(seat, text) for seat, text in state.log[-V.RECENT:]]
    assert sum(entry["kind"] != "draw" for entry in view["log"]) >= V.RECENT // 2


def test_the_steps_of_the_rules_in_the_view():
    lost = table("? ? g3 s | ? ? b4 s | ? ? ? r1 | ? ? o2 s", "", hands=[["r8"], ["j"]])
    after = play(lost, f"place {card(lost, 0, 'r8')} 0 2")
    assert [e["kind"] for e in G.view(after, 1)["last_move"]] == ["place", "gain_lost", "draw"]
    none = table("r1", "", hands=[["r8", "g3"], ["b4"]], rest="discard")
    after = play(none, f"place {card(none, 0, 'r8')} 0 0")
    assert [e["kind"] for e in G.view(after, 0)["last_move"]] == ["place", "gain_none"]
    skip = table("", "? r8", hands=[["r8", "g3"], ["r8"]])
    after = play(skip, f"place {card(skip, 0, 'r8')} 1 0", f"counter {card(skip, 1, 'r8')}", "stop")
    assert [e["kind"] for e in G.view(after, 0)["last_move"]] == ["stop", "draw", "skip", "draw"]
    discard = table("g3 | b4 | o2 | g6", "b5 s", hands=[["r8", "s", "j"], ["j"]])
    after = play(discard, f"discard {card(discard, 0, 'j')}")
    assert G.view(after, 1)["last_move"][0] == {"seat": 0, "kind": "discard",
                                                "card": C.card_view(card(discard, 0, "j"))}


def test_the_slot_last_played():
    state = table("? ? | r8 | g6", "g3", hands=[["r1", "o2", "b4", "g6"], ["g3", "b4", "o2", "b5"]])
    assert G.view(state, 0)["last_slot"] is None
    placed = play(state, f"place {card(state, 0, 'r1')} 0 1")  # a nine-pair: a 9×2 card to put
    assert G.view(placed, 1)["last_slot"] == {"seat": 0, "col": 1}
    put = play(placed, "put 3")
    assert G.view(put, 1)["last_slot"] == {"seat": 0, "col": 3}
    attacked = play(put, f"place {card(put, 1, 'g3')} 0 2")
    assert G.view(attacked, 0)["last_slot"] == {"seat": 0, "col": 2}  # the attack's column
    answered = play(attacked, "allow")  # a nine-pair: Ben gains a 9×2 card
    assert [e["kind"] for e in G.view(answered, 0)["last_move"]] == ["allow", "gain"]
    assert G.view(answered, 0)["last_slot"] == {"seat": 0, "col": 2}
    assert G.view(play(answered, "put 3"), 0)["last_slot"] == {"seat": 1, "col": 3}
    forced = table("g3 | b4 | o2 | g6", "b5 s", hands=[["r8", "s", "j"], ["j"]])
    assert G.view(play(forced, f"discard {card(forced, 0, 'j')}"), 1)["last_slot"] is None


def test_each_column_says_its_top_value():
    state = table("? ? ? r8 | ? ? | =g3 g3 s | b5", "")
    values = [(c["value"], c["multiplier"], c["score"]) for c in G.view(state, 1)["tableaux"][0]]
    assert values == [(8, 8, 64), (9, 2, 18), (0, 2, 0), (5, 1, 5)]


# --- the end -------------------------------------------------------------------------------------

def test_three_full_columns_name_who_ended_the_game():
    state = table("? ? ? | ? ? ? | ? ? r8", "? r1", hands=[["r8"], ["g3"]])
    over = play(state, f"place {card(state, 0, 'r8')} 0 2")
    last = G.view(over, 1)["last_round"]
    assert last["why"] == "three_columns" and last["ended_by"] == [0] and last["tiebreak"] is None
    assert last["tableaux"][0][0] == {"cards": [{"back": True}] * 3, "backs": 3, "value": 9,
                                      "multiplier": 4, "score": 36}
    assert G.outcome(over)["ranks"] == [1, 2]
    # The record kept in the state is the one saves hold, unchanged.
    assert "ended_by" not in over.last_round and "value" not in over.last_round["tableaux"][0][0]


def test_a_pile_too_short_names_the_player_it_could_not_refill():
    state = table("", "", hands=[["r8", "g3"], ["b4"]], pile=["s"], rest="discard", current=0)
    over = play(state, f"place {card(state, 0, 'r8')} 0 0")
    last = G.view(over, 0)["last_round"]
    assert last["why"] == "pile" and last["ended_by"] == [0] == [last["seat"]]


def test_the_ranks_follow_the_tie_break():
    more = table("? r8", "? ?", hands=[["o2"], []], rest="discard")
    over = play(more, f"place {card(more, 0, 'o2')} 0 1")
    view = G.view(over, 0)
    assert view["outcome"] == {"winners": [1], "scores": [18, 18], "ranks": [2, 1]}
    assert view["last_round"]["tiebreak"] == "backs" and view["last_round"]["backs"] == [1, 2]
    shared = table("? r8", "? | o7 | o2", hands=[["o2"], []], rest="discard")
    over = play(shared, f"place {card(shared, 0, 'o2')} 0 1")
    view = G.view(over, 1)
    assert view["outcome"]["ranks"] == [1, 1] and view["last_round"]["tiebreak"] == "shared"
    three = table("? ? r8", "? ? b4", "? ? ? o2", hands=[["g3"], [], []], rest="discard")
    over = play(three, f"place {card(three, 0, 'g3')} 0 1")
    assert G.outcome(over)["scores"] == [35, 16, 16] and G.outcome(over)["ranks"] == [1, 3, 2]


def test_a_view_is_plain_data_apart_from_the_state():
    state = list(random_states(4, "plain"))[-1]
    before = G.to_json(state)
    view = G.view(state, 2)
    assert json.loads(json.dumps(view)) == view
    view["last_round"]["tableaux"].clear()
    view["log"].clear()
    assert G.to_json(state) == before
