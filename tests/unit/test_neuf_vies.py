"""Neuf vies: one test (or a few) per rule and per *(edition)* point of
/work/shared/rules/neuf-vies.md."""
import json
import random
from collections import Counter

import pytest
from test_neuf_vies_positions import card, play, table, tableau

from engine.errors import BadOptions, BadSave, IllegalMove
from engine.game import HIGH_WINS, PRIVATE_HANDS
from games import registry
from games.neuf_vies import GAME as G
from games.neuf_vies import cards as C
from games.neuf_vies import columns as K
from games.neuf_vies import parse_move
from games.neuf_vies import rules as R
from games.neuf_vies.ending import winners
from games.neuf_vies.schema import KINDS, Allow, Put, Stop
from games.neuf_vies.schema import Place as PlaceMove
from i18n.en import neuf_vies as english_words
from i18n.fr import neuf_vies as french_words


def err(state, move) -> str:
    with pytest.raises(IllegalMove) as caught:
        G.play(state, move)
    assert str(caught.value)
    return caught.value.code.removeprefix("neuf_vies.err.")


def ids_in(data) -> set:
    """Every card id anywhere in a view."""
    text = json.dumps(data)
    return {c for c in C.ALL if f'"{c}"' in text}


# --- material, options, set-up ------------------------------------------------------------

def test_the_72_cards():
    assert len(C.ALL) == len(set(C.ALL)) == 72
    kinds = Counter(C.kind(c) for c in C.ALL)
    assert kinds == {"warrior": 56, "spirit": 12, "joker": 4}
    for _colour, (low, high) in C.COLOURS.items():
        assert low + high == 9
    for face in C.WARRIORS:
        copies = [c for c in C.ALL if C.face(c) == face]
        assert Counter(C.dots(c) for c in copies) == {0: 4, 1: 2, 2: 1}
    assert (C.colour("r8.a1"), C.value("r8.a1"), C.dots("r8.a1")) == ("r", 8, 1)
    assert C.value("s.a") == 0 and C.colour("s.a") is None and C.value("j.a") is None
    assert C.identical("r8.a0", "r8.a2") and not C.identical("r8.a0", "r1.a0")
    assert C.identical("s.a", "s.l") and not C.identical("s.a", "j.a")


@pytest.mark.parametrize("players,size,gone", [(2, 56, 1), (3, 56, 1), (4, 64, 2), (5, 64, 2),
                                               (6, 72, None)])
def test_the_dots_set_the_deck_for_the_player_count(players, size, gone):
    deck = G.full_deck(G.check_options({"players": players}))
    assert len(deck) == len(set(deck)) == size
    warriors = [c for c in deck if C.kind(c) == "warrior"]
    assert all(C.dots(c) != gone for c in warriors)
    assert set(Counter(C.face(c) for c in warriors).values()) == {size // 8 - 2}
    assert sum(C.kind(c) == "spirit" for c in deck) == 12
    assert sum(C.kind(c) == "joker" for c in deck) == 4
    state = G.new_game({"players": players}, "deck")
    assert sorted(G.cards(state)) == sorted(deck)
    assert G.view(state, 0)["deck_size"] == size


def test_declarations_and_registry():
    assert registry.get("neuf-vies") is G
    assert G.seats == (2, 6) and G.information == PRIVATE_HANDS and G.scoring == HIGH_WINS
    assert G.levels == ("easy", "medium", "hard")
    assert G.check_options({}) == {"players": 2, "first_player": 0}


def test_the_first_player_must_sit_at_the_table():
    with pytest.raises(BadOptions) as caught:
        G.check_options({"players": 2, "first_player": 2})
    assert caught.value.key == "first_player"
    assert G.to_move(G.new_game({"players": 3, "first_player": 2}, "s")) == 2
    with pytest.raises(BadOptions):
        G.check_options({"first_player": "2"})


def test_a_random_first_player_comes_from_the_seed():
    firsts = {G.to_move(G.new_game({"players": 4, "first_player": "random"}, f"r{i}"))
              for i in range(30)}
    assert firsts == {0, 1, 2, 3}
    again = [G.to_move(G.new_game({"players": 4, "first_player": "random"}, "r7")) for _ in range(2)]
    assert again[0] == again[1]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_deal_four_private_cards_each_and_the_pile(players):
    state = G.new_game({"players": players}, "deal")
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.pile) == len(G.full_deck(state.options)) - 4 * players
    assert G.to_move(state) == 0 and G.outcome(state) is None and G.rounds_done(state) == 0
    view = G.view(state, 0)
    assert [c["id"] for c in view["hand"]] == list(state.hands[0])
    assert view["hand_sizes"] == [4] * players and view["pile_size"] == len(state.pile)
    hidden = {c for seat in range(1, players) for c in state.hands[seat]} | set(state.pile)
    assert not ids_in(view) & hidden


# --- the column score ------------------------------------------------------------------------

@pytest.mark.parametrize("text,score,multiplier", [
    ("b5", 5, 1), ("? b5", 10, 2), ("? ? b5", 20, 4), ("? ? ? r8", 64, 8), ("? ? ? r1", 8, 8),
    ("?", 9, 1), ("? ?", 18, 2), ("? ? ?", 36, 4), ("=g3 g3", 6, 2),
    ("r8 s", 0, 1), ("? ? s", 0, 4), ("? =r8 r8 s", 0, 4),
])
def test_the_column_score(text, score, multiplier):
    state = table(text, "")
    column = state.tableaux[0][0]
    assert (K.score(column), K.multiplier(column)) == (score, multiplier)
    shown = G.view(state, 1)["tableaux"][0][0]
    assert (shown["score"], shown["multiplier"]) == (score, multiplier)


def test_an_empty_slot_scores_nothing_and_a_player_scores_the_sum():
    assert K.score(None) == 0
    state = table("? ? r8 | ? | | r1", "b4 s")
    assert R.scores(state) == [32 + 9 + 1, 0]
    assert G.view(state, 0)["totals"] == [42, 0] and G.view(state, 0)["tableaux"][0][2] is None
    assert G.returns(state) == [42.0, 0.0]


# --- legal placements: warriors ------------------------------------------------------------

def test_a_warrior_starts_a_column_only_in_an_empty_slot_of_its_own():
    state = table("r1 | | g3", "b4", hands=[["o7"], ["s"]])
    o7 = card(state, 0, "o7")
    assert G.legal_moves(state) == [f"place {o7} 0 1", f"place {o7} 0 3"]
    assert tableau(play(state, f"place {o7} 0 3"), 0) == "r1 |  | g3 | o7"
    assert err(state, f"place {o7} 1 1") == "empty_slot"


def test_no_fifth_column():
    state = table("g3 | b4 | o2 | g6", "", hands=[["r8", "s", "j"], []])
    assert all(m.startswith("discard") for m in G.legal_moves(state))


def test_a_warrior_goes_on_ones_own_9x2_cards_as_fourth_card_at_most():
    state = table("? ? ? | ?", "? ?", hands=[["r1"], []])
    r1 = card(state, 0, "r1")
    assert f"place {r1} 0 0" in G.legal_moves(state)
    after = play(state, f"place {r1} 0 0")
    assert tableau(after, 0).startswith("? ? ? r1 |") and R.scores(after)[0] == 8 + 9
    assert err(state, f"place {r1} 1 0") == "other_backs"


def test_a_warrior_never_goes_on_another_colour_nor_on_a_spirit():
    state = table("r8 s | g3", "b4", hands=[["r1", "b5"], []])
    r1, b5 = card(state, 0, "r1"), card(state, 0, "b5")
    assert err(state, f"place {r1} 0 0") == "on_spirit"
    assert err(state, f"place {r1} 0 1") == "other_colour"
    assert err(state, f"place {r1} 1 0") == "other_colour"
    assert f"place {b5} 1 0" in G.legal_moves(state)


# --- legal placements: spirits and jokers ---------------------------------------------------

def test_where_a_spirit_may_attack():
    state = table("r8", "? ? r8 | ? ? ? r1 | b4 s | ?", hands=[["s"], []])
    s = card(state, 0, "s")
    assert G.legal_moves(state) == [f"place {s} 1 0", f"place {s} 1 3"]
    assert err(state, f"place {s} 1 1") == "spirit_full"
    assert err(state, f"place {s} 1 2") == "spirit_on_spirit"
    assert err(state, f"place {s} 0 0") == "spirit_own"
    assert err(state, f"place {s} 0 1") == "spirit_own"
    state = table("r8", "", hands=[["s"], []])
    assert err(state, f"place {card(state, 0, 's')} 1 0") == "empty_slot"


def test_a_spirit_attack_zeroes_the_column_while_it_lies_on_top():
    state = table("", "? ? r8 | g3", hands=[["s"], ["b4"]])
    state = play(state, f"place {card(state, 0, 's')} 1 0", "allow")
    assert tableau(state, 1) == "? ? r8 s | g3 |  | "
    assert R.scores(state) == [0, 3]


def test_two_spirits_make_a_pair_that_frees_the_column_and_wins_nothing():
    state = table("? r8 s", "", hands=[["s", "g3"], ["o2"]], pile=["b4", "b5"])
    spirits = [state.tableaux[0][0].spirit, card(state, 0, "s")]
    after = play(state, f"place {spirits[1]} 0 0")
    assert tableau(after, 0) == "? r8 |  |  | " and R.scores(after)[0] == 16
    assert after.discard[-2:] == ((spirits[0], True), (spirits[1], True))
    assert len(after.pile) == len(state.pile) - 3  # the draw back to four, no 9×2 gained
    assert [text for _, text in after.log] == [f"place {spirits[1]} 0 0", "draw 3"]


def test_a_joker_is_never_placed():
    state = table("r8", "r1", hands=[["j", "r8"], []])
    j = card(state, 0, "j")
    assert not [m for m in G.legal_moves(state) if j in m]
    assert err(state, f"place {j} 0 1") == "joker"
    assert err(state, f"place {j} 1 0") == "joker"


# --- pairs ------------------------------------------------------------------------------------

def test_a_nine_pair_discards_both_and_wins_an_unturned_9x2():
    state = table("? r1 | g3 s | b5", "", hands=[["r8", "j"], ["o7"]], pile=["o2"])
    r1, r8, top = state.tableaux[0][0].warrior, card(state, 0, "r8"), state.pile[-1]
    after = play(state, f"place {r8} 0 0")
    assert after.discard[-2:] == ((r1, True), (r8, True))
    assert G.to_move(after) == 0 and after.phase == "put"
    assert after.holding == K.Column(((top, False),))
    # above the other 9×2 cards, at the bottom beneath a warrior or a spirit, or a new column
    assert G.legal_moves(after) == ["put 0", "put 1", "put 2", "put 3"]
    view = G.view(after, 0)
    assert view["pending"] == {"kind": "put", "seat": 0, "won": "gain", "cards": [{"back": True}]}
    assert top not in ids_in(view) and top not in ids_in(G.view(after, 1))
    assert tableau(play(after, "put 0"), 0) == "? ? | g3 s | b5 | "
    assert tableau(play(after, "put 1"), 0) == "? | ? g3 s | b5 | "
    assert tableau(play(after, "put 2"), 0) == "? | g3 s | ? b5 | "
    assert tableau(play(after, "put 3"), 0) == "? | g3 s | b5 | ?"
    assert [text for _, text in play(after, "put 3").log][-3:] == ["gain", "put 3", "draw 3"]


def test_the_won_9x2_keeps_columns_within_four_cards_and_three_9x2():
    state = table("? ? ? | ? ? g3 s | r1 | ? ? ? g6", "", hands=[["r8"], []])
    after = play(state, f"place {card(state, 0, 'r8')} 0 2")
    assert G.legal_moves(after) == ["put 2"]
    assert err(after, "put 0") == "no_place" and err(after, "put 3") == "no_place"
    assert tableau(play(after, "put 2"), 0) == "? ? ? | ? ? g3 s | ? | ? ? ? g6"


def test_a_won_9x2_that_fits_nowhere_is_discarded_face_down():
    state = table("? ? g3 s | ? ? b4 s | ? ? ? r1 | ? ? o2 s", "", hands=[["r8"], ["j"]])
    top = state.pile[-1]
    after = play(state, f"place {card(state, 0, 'r8')} 0 2")
    assert after.phase == "turn" and G.to_move(after) == 1
    assert after.discard[-1] == (top, False)
    assert G.view(after, 0)["discard"][-1] == {"back": True} and top not in ids_in(G.view(after, 1))
    assert [text for _, text in after.log][1:] == ["gain lost", "draw 4"]


def test_a_nine_pair_on_a_column_of_four_cards():
    state = table("", "? ? ? r1", hands=[["r8"], []])
    after = play(state, f"place {card(state, 0, 'r8')} 1 0", "allow")
    assert tableau(after, 1) == "? ? ? |  |  | " and after.phase == "put" and G.to_move(after) == 0
    assert tableau(play(after, "put 0"), 0) == "? |  |  | "


def test_an_empty_pile_gains_nothing():
    state = table("r1", "", hands=[["r8", "g3"], ["b4"]], rest="discard")
    after = play(state, f"place {card(state, 0, 'r8')} 0 0")
    assert [text for _, text in after.log][1:] == ["gain none"]
    assert after.phase == "over" and after.last_round["why"] == "pile"


def test_a_twin_pair_on_ones_own_column_turns_the_lower_card():
    state = table("? r8 | ? ? ? b4", "", hands=[["r8", "b4"], []])
    r8_low, r8 = state.tableaux[0][0].warrior, card(state, 0, "r8")
    after = play(state, f"place {r8} 0 0")
    assert tableau(after, 0) == "? =r8 r8 | ? ? ? b4 |  | " and R.scores(after)[0] == 32 + 32
    assert after.tableaux[0][0].backs[1] == (r8_low, True)
    shown = G.view(after, 1)["tableaux"][0][0]["cards"]
    assert shown[1] == {"back": True, **C.card_view(r8_low)} and shown[0] == {"back": True}
    assert err(state, f"place {card(state, 0, 'b4')} 0 1") == "twin_full"
    grown = play(table("? ? r8", "", hands=[["r8"], []]), "place r8.a0 0 0")
    assert R.scores(grown)[0] == 64


def test_a_twin_attack_wins_the_pair():
    state = table("? | ? ? | ? ? ? | g3", "? r8 | b5", hands=[["r8"], []])
    theirs, mine = state.tableaux[1][0].warrior, card(state, 0, "r8")
    after = play(state, f"place {mine} 1 0", "allow")
    assert tableau(after, 1) == "? | b5 |  | "
    assert after.phase == "put" and after.holding == K.Column(((theirs, True),), mine)
    assert G.legal_moves(after) == ["put 0", "put 1"]  # only on 9×2 cards alone, within limits
    assert G.view(after, 1)["pending"]["won"] == "pair"
    assert tableau(play(after, "put 1"), 0) == "? | ? ? =r8 r8 | ? ? ? | g3"
    assert R.scores(play(after, "put 1"))[0] == 9 + 64 + 36 + 3


def test_a_twin_attack_on_a_lone_warrior_empties_the_slot():
    state = table("", "r8", hands=[["r8"], []])
    after = play(state, f"place {card(state, 0, 'r8')} 1 0", "allow", "put 2")
    assert tableau(after, 1) == " |  |  | " and tableau(after, 0) == " |  | =r8 r8 | "


def test_a_twin_attack_needs_room_for_the_pair():
    state = table("? ? ? | g3 | ? ? ? r1 | b4", "r8", hands=[["r8", "r1"], []])
    r8, r1 = card(state, 0, "r8"), card(state, 0, "r1")
    assert err(state, f"place {r8} 1 0") == "no_room"
    assert f"place {r8} 1 0" not in G.legal_moves(state)
    assert f"place {r1} 1 0" in G.legal_moves(state)  # a nine-pair needs no room


# --- countering an attack ------------------------------------------------------------------

def test_the_attacked_player_always_answers():
    state = table("", "? r8", hands=[["r1"], ["b4", "g3"]])
    after = play(state, f"place {card(state, 0, 'r1')} 1 0")
    assert G.to_move(after) == 1 and after.current == 0
    assert G.legal_moves(after) == ["allow"]
    assert G.view(after, 0)["legal"] == [] and G.view(after, 1)["legal"] == ["allow"]
    pending = G.view(after, 0)["pending"]
    assert {k: pending[k] for k in ("kind", "attacker", "target", "col")} == {
        "kind": "counter", "attacker": 0, "target": 1, "col": 0}
    assert err(after, "stop") == "must_answer"


def test_a_counter_with_an_identical_card_then_the_renewed_attack():
    state = table("", "? r8", hands=[["r8", "r8", "g3"], ["r8", "j", "b4"]])
    first, second = state.hands[0][:2]
    state = play(state, f"place {first} 1 0")
    theirs = card(state, 1, "r8")
    assert G.legal_moves(state) == ["allow", f"counter {theirs}", f"counter {card(state, 1, 'j')}"]
    countered = play(state, f"counter {theirs}")
    assert countered.discard[-2:] == ((first, True), (theirs, True))
    assert tableau(countered, 1) == "? r8 |  |  | " and len(countered.hands[1]) == 2
    assert G.to_move(countered) == 0 and countered.phase == "renew"
    assert G.legal_moves(countered) == [f"renew {second}", "stop"]
    assert G.view(countered, 1)["pending"]["counter"]["id"] == theirs
    renewed = play(countered, f"renew {second}")
    assert renewed.phase == "put" and G.to_move(renewed) == 0  # no second counter
    assert tableau(renewed, 1) == "? |  |  | "


def test_a_countered_attack_that_is_not_renewed_still_ends_the_placement():
    state = table("", "? r8", hands=[["r8", "g3"], ["j", "o2"]], pile=["b4", "b5"])
    state = play(state, f"place {card(state, 0, 'r8')} 1 0", f"counter {card(state, 1, 'j')}")
    assert G.legal_moves(state) == ["stop"]
    after = play(state, "stop")
    assert G.to_move(after) == 1 and len(after.hands[0]) == 4
    assert tableau(after, 1) == "? r8 |  |  | "


def test_a_joker_or_a_spirit_counters_a_spirit_attack():
    state = table("", "? r8", hands=[["s", "s"], ["s", "j", "r8"]])
    attacked = play(state, f"place {state.hands[0][0]} 1 0")
    legal = G.legal_moves(attacked)
    assert legal == ["allow", f"counter {card(attacked, 1, 's')}", f"counter {card(attacked, 1, 'j')}"]
    assert err(attacked, f"counter {card(attacked, 1, 'r8')}") == "counter_card"
    assert err(attacked, f"counter {card(attacked, 0, 's')}") == "not_in_hand"
    after = play(attacked, f"counter {card(attacked, 1, 'j')}")
    assert err(after, f"renew {card(after, 0, 's')}x") == "bad_move"
    assert play(after, f"renew {card(after, 0, 's')}").tableaux[1][0].spirit is not None


def test_only_an_identical_card_renews():
    state = table("", "? r8", hands=[["r8", "r1"], ["r8"]])
    state = play(state, f"place {card(state, 0, 'r8')} 1 0", f"counter {card(state, 1, 'r8')}")
    assert G.legal_moves(state) == ["stop"]
    assert err(state, f"renew {card(state, 0, 'r1')}") == "renew_card"
    assert err(state, "allow") == "must_renew"


def test_a_player_who_countered_refills_at_the_end_of_their_own_next_turn():
    state = table("", "? r8", hands=[["r8", "g3", "b4", "o2"], ["r8", "j", "b5"]])
    state = play(state, f"place {card(state, 0, 'r8')} 1 0", f"counter {card(state, 1, 'r8')}",
                 "stop")
    assert [len(h) for h in state.hands] == [4, 2] and G.to_move(state) == 1
    state = play(state, f"place {card(state, 1, 'b5')} 1 1")
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.log[-1] == (1, "draw 3")


def test_an_empty_hand_skips_the_placement():
    state = table("", "? r8", hands=[["r8", "g3"], ["r8"]])
    state = play(state, f"place {card(state, 0, 'r8')} 1 0", f"counter {card(state, 1, 'r8')}",
                 "stop")
    assert G.to_move(state) == 0 and [len(h) for h in state.hands] == [4, 4]
    assert [entry for entry in state.log][-3:] == [(0, "draw 3"), (1, "skip"), (1, "draw 4")]


# --- forced discard, drawing, turn order --------------------------------------------------

def test_a_player_who_cannot_place_must_discard():
    state = table("g3 | b4 | o2 | g6", "b5 s", hands=[["r8", "s", "j"], ["j"]])
    r8, s, j = state.hands[0]
    assert G.legal_moves(state) == [f"discard {r8}", f"discard {s}", f"discard {j}"]
    after = play(state, f"discard {j}")
    assert after.discard[-1] == (j, True) and len(after.hands[0]) == 4 and G.to_move(after) == 1
    assert err(state, f"place {r8} 0 0") == "other_colour"
    placeable = table("g3", "", hands=[["g6", "j"], []])
    assert err(placeable, f"discard {card(placeable, 0, 'j')}") == "can_place"


def test_drawing_back_to_four_and_seat_order():
    state = table("", "", "", hands=[["r8", "g3", "b4", "o2"], ["r1"], ["b5"]], pile=["s", "j"])
    after = play(state, f"place {card(state, 0, 'r8')} 0 0")
    assert len(after.hands[0]) == 4 and len(after.pile) == len(state.pile) - 1
    assert set(after.hands[0]) - set(state.hands[0]) == {state.pile[-1]}
    assert after.log[-1] == (0, "draw 1") and G.to_move(after) == 1
    after = play(after, f"place {card(after, 1, 'r1')} 1 0", f"place {card(after, 2, 'b5')} 2 0")
    assert G.to_move(after) == 0


# --- the end ---------------------------------------------------------------------------------

def test_three_columns_of_three_9x2_end_the_game_at_once():
    state = table("? ? ? | ? ? ? | ? ? r8", "? r1", hands=[["r8"], ["g3"]])
    pile = state.pile
    after = play(state, f"place {card(state, 0, 'r8')} 0 2")
    assert after.phase == "over" and G.to_move(after) is None and after.pile == pile
    record = after.last_round
    assert record["why"] == "three_columns" and record["seat"] == 0
    assert record["scores"] == [36 + 36 + 64, 2] and record["winners"] == [0]
    assert G.outcome(after) == {"winners": [0], "scores": [136, 2], "ranks": [1, 2]}
    assert G.rounds_done(after) == 1 and G.returns(after) == [1.0, 0.0]
    assert G.legal_moves(after) == [] and err(after, "allow") == "over"


def test_a_won_9x2_can_end_the_game_too():
    state = table("? ? ? | ? ? ? | ? ? | r1", "", hands=[["r8"], []])
    after = play(state, f"place {card(state, 0, 'r8')} 0 3", "put 2")
    assert after.phase == "over" and after.last_round["why"] == "three_columns"


def test_the_game_ends_when_the_pile_cannot_refill_the_hand():
    state = table("", "", hands=[["r8", "g3"], ["b4"]], pile=["s"], rest="discard")
    after = play(state, f"place {card(state, 0, 'r8')} 0 0")
    assert after.phase == "over" and after.last_round["why"] == "pile"
    assert len(after.hands[0]) == 1 and len(after.pile) == 1  # they do not draw
    enough = table("", "", hands=[["r8", "g3"], ["b4"]], pile=["s", "j", "o2"], rest="discard")
    after = play(enough, f"place {card(enough, 0, 'r8')} 0 0")
    assert after.phase == "turn" and len(after.hands[0]) == 4 and not after.pile


def test_ties_go_to_more_9x2_cards_then_are_shared():
    assert winners([10, 12, 12], [5, 3, 2]) == [1]
    assert winners([12, 12], [2, 2]) == [0, 1]
    assert winners([5, 3], [0, 9]) == [0]
    more = table("? r8", "? ?", hands=[["o2"], []], rest="discard")
    over = play(more, f"place {card(more, 0, 'o2')} 0 1")
    assert G.outcome(over) == {"winners": [1], "scores": [18, 18], "ranks": [2, 1]}
    shared = table("? r8", "? | o7 | o2", hands=[["o2"], []], rest="discard")
    over = play(shared, f"place {card(shared, 0, 'o2')} 0 1")
    assert G.outcome(over) == {"winners": [0, 1], "scores": [18, 18], "ranks": [1, 1]}
    assert G.returns(over) == [1.0, 1.0]


# --- hidden information ----------------------------------------------------------------------

def mid_game(seed="mid", players=3, plies=25):
    state = G.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if G.to_move(state) is None:
            break
        state = G.play(state, rng.choice(G.legal_moves(state)))
    return state


def hidden_backs(state) -> set:
    return {c for t in state.tableaux for col in t if col for c, known in col.backs if not known}


def test_a_view_shows_only_what_the_seat_may_know():
    state = table("? =r8 r8 | s", "? ? g3", hands=[["b4"], ["o2", "j"]], current=1)
    hidden = {c for c, _ in state.tableaux[0][0].backs[:1]} | hidden_backs(state) | set(state.pile)
    view = G.view(state, 0)
    assert not ids_in(view) & (hidden | set(state.hands[1]))
    assert view["hand"] == [C.card_view(c) for c in state.hands[0]]
    assert view["tableaux"][1][0]["cards"][:2] == [{"back": True}, {"back": True}]
    assert view["legal"] == [] and G.view(state, 1)["legal"] == G.legal_moves(state)
    for key in ("game", "seat", "players", "ply", "round", "to_move", "phase", "hand",
                "hand_sizes", "pile_size", "discard", "tableaux", "totals", "pending", "legal",
                "log", "last_round", "outcome"):
        assert key in view
    assert view["round"] == 1 and view["last_round"] is None


@pytest.mark.parametrize("seed", ["d1", "d2", "d3"])
def test_determinize_keeps_what_the_seat_knows(seed):
    state = mid_game(seed)
    assert G.to_move(state) is not None
    rng = random.Random(seed)
    changed = Counter()
    for seat in range(state.players):
        for _ in range(5):
            other = G.determinize(state, seat, rng)
            assert G.view(other, seat) == G.view(state, seat)
            assert sorted(G.cards(other)) == sorted(G.cards(state))
            assert other.hands[seat] == state.hands[seat]
            assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
            assert len(other.pile) == len(state.pile) and other.log == state.log
            assert G.from_json(G.to_json(other)) == other
            changed["pile"] += other.pile != state.pile
            changed["hands"] += any(other.hands[s] != state.hands[s] for s in range(state.players))
            changed["backs"] += hidden_backs(other) != hidden_backs(state)
    assert changed["pile"] and changed["hands"]
    assert changed["backs"] or not hidden_backs(state)


def test_determinize_redeals_a_held_9x2_and_a_face_down_discard():
    state = table("? ? g3 s | ? ? b4 s | ? ? ? r1 | ? ? o2 s", "", hands=[["r8"], ["j"]])
    lost = play(state, f"place {card(state, 0, 'r8')} 0 2")  # the won 9×2 fits nowhere
    assert not lost.discard[-1][1]
    seen = {G.determinize(lost, 0, random.Random(i)).discard[-1][0] for i in range(20)}
    assert len(seen) > 1
    held = play(table("r1", "", hands=[["r8"], ["j"]]), "place r8.a0 0 0")
    seen = {G.determinize(held, 0, random.Random(i)).holding.backs[0][0] for i in range(20)}
    assert len(seen) > 1 and G.legal_moves(held) == ["put 0", "put 1", "put 2", "put 3"]


# --- saving ---------------------------------------------------------------------------------

def test_json_round_trip():
    for state in (G.new_game({"players": 5, "first_player": "random"}, "j"), mid_game("j2")):
        data = json.loads(json.dumps(G.to_json(state)))
        assert G.from_json(data) == state


def tamper(state, change) -> dict:
    data = json.loads(json.dumps(G.to_json(state)))
    change(data)
    return data


TAMPERED = {
    "9x2_fourth_card": (lambda d: d["tableaux"][0][0].update(
        warrior=None, backs=d["tableaux"][0][0]["backs"] + [[d["tableaux"][0][0]["warrior"], True]]),
        "more than three 9×2"),
    "five_cards": (lambda d: d["tableaux"][0][0].update(spirit=d["hands"][1].pop()),
                   "more than four cards"),
    "spirit_as_warrior": (lambda d: d["tableaux"][0][2].update(warrior=d["tableaux"][0][1]["spirit"]),
                          "the warrior is not a warrior"),
    "fifth_slot": (lambda d: d["tableaux"][0].append(None), "bad tableau"),
    "five_in_hand": (lambda d: d["hands"][0].append(d["pile"].pop()), "more than four cards"),
    "hand_order": (lambda d: d["hands"][1].reverse(), "out of order"),
    "card_twice": (lambda d: d["pile"].append(d["pile"][0]), "not those of the game"),
    "card_missing": (lambda d: d["pile"].pop(), "not those of the game"),
    "removed_card": (lambda d: d["discard"].append(["r8.a1", True]), "not those of the game"),
    "bad_discard": (lambda d: d["discard"].append(["r8.a0", "up"]), "bad discard"),
    "counter_without_attack": (lambda d: d.update(phase="counter"), "an attack outside"),
    "bad_phase": (lambda d: d.update(phase="done"), "bad phase"),
    "bad_seat": (lambda d: d.update(current=2), "bad current player"),
    "draws": (lambda d: d.update(draws=2), "bad draws"),
    "ply": (lambda d: d.update(ply=-1), "bad ply"),
    "attack_in_turn": (lambda d: d.update(attack={"target": 1, "col": 0, "card": d["pile"].pop()}),
                       "an attack outside its phases"),
    "held_in_turn": (lambda d: d.update(holding={"backs": [[d["pile"].pop(), False]],
                                                 "warrior": None, "spirit": None}),
                     "held cards outside"),
    "record_before_end": (lambda d: d.update(last_round={"round": 1}), "a final record before"),
    "extra_key": (lambda d: d.update(extra=1), "bad state"),
    "missing_key": (lambda d: d.pop("log"), "bad state"),
    "log_seat": (lambda d: d.update(log=[[5, "draw 1"]]), "bad log seat"),
    "log_text": (lambda d: d.update(log=[[0, 3]]), "bad log entry"),
    "log_words": (lambda d: d.update(log=[[0, "dance"]]), "bad log entry"),
    "log_spelling": (lambda d: d.update(log=[[0, "put 02"]]), "bad log entry"),
    "log_draw": (lambda d: d.update(log=[[0, "draw 5"]]), "bad log entry"),
    "players": (lambda d: d.update(options={"players": 3, "first_player": 0}), "one entry per seat"),
    "options_incomplete": (lambda d: d.update(options={"players": 2}), "incomplete options"),
    "bad_options": (lambda d: d.update(options={"players": 2, "first_player": 4}), "first_player"),
    "format": (lambda d: d.update(format=2), "not a Neuf vies state"),
    "empty_column": (lambda d: d["tableaux"][0].__setitem__(
        0, {"backs": [], "warrior": None, "spirit": None}), "more than four cards"),
    "backs_not_a_list": (lambda d: d["tableaux"][0][0].update(backs="??"), "bad column"),
    "bool_for_int": (lambda d: d.update(ply=True), "bad ply"),
}


@pytest.mark.parametrize("name", TAMPERED)
def test_from_json_refuses_a_tampered_state(name):
    change, why = TAMPERED[name]
    state = table("? ? ? r8 | ? s | r1", "g3", hands=[["b4", "g6", "o7", "r1"], ["s", "o2"]],
                  pile=["b5"])
    assert G.from_json(tamper(state, lambda d: None)) == state
    with pytest.raises(BadSave) as caught:
        G.from_json(tamper(state, change))
    assert why in str(caught.value)


def test_from_json_refuses_a_known_9x2_that_is_no_warrior():
    state = table("=r8 r8", "", hands=[["s"], []])

    def swap(data):
        back = data["tableaux"][0][0]["backs"][0]
        data["hands"][0][0], back[0] = back[0], data["hands"][0][0]
    with pytest.raises(BadSave) as caught:
        G.from_json(tamper(state, swap))
    assert "a known 9×2 card that is not a warrior" in str(caught.value)


def test_from_json_refuses_three_full_columns_in_play_and_a_false_record():
    state = table("? ? ? | ? ? ? | ? ? r8", "", hands=[["r8"], []])
    with pytest.raises(BadSave):
        G.from_json(tamper(state, lambda d: d["tableaux"][0][2]["backs"].append(
            [d["tableaux"][0][2].pop("warrior"), True]) or d["tableaux"][0][2].update(warrior=None)))
    over = play(state, f"place {card(state, 0, 'r8')} 0 2")
    assert G.from_json(tamper(over, lambda d: None)) == over
    for change in (lambda d: d["last_round"]["scores"].reverse(),
                   lambda d: d["last_round"].update(winners=[1]),
                   lambda d: d.update(last_round=None),
                   lambda d: d.update(phase="turn")):
        with pytest.raises(BadSave):
            G.from_json(tamper(over, change))


def test_from_json_refuses_an_attack_the_rules_do_not_allow():
    good = table("", "? r8", hands=[["g3"], []], phase="counter", attack=(1, 0, "r1"))
    assert G.to_move(good) == 1
    with pytest.raises(BadSave):
        table("", "? ? ? r8", hands=[["g3"], []], phase="counter", attack=(1, 0, "s"))
    with pytest.raises(BadSave):
        table("? r8", "", hands=[["g3"], []], phase="counter", attack=(0, 0, "r1"))
    with pytest.raises(BadSave):
        table("", "? r8", hands=[["g3"], []], phase="renew", attack=(1, 0, "r1"))


@pytest.mark.parametrize("data", [None, [], "x", {"format": 1}, {"format": 1, "seed": 3}])
def test_from_json_refuses_garbage(data):
    with pytest.raises(BadSave):
        G.from_json(data)


# --- moves and words ---------------------------------------------------------------------------

def test_the_move_notation():
    assert parse_move("place r8.a1 1 3") == PlaceMove("r8.a1", 1, 3)
    assert parse_move("put 2") == Put(2) and parse_move("put 2").col == 2
    assert parse_move("allow") == Allow() and parse_move("allow").kind == "allow"
    assert Allow() != Stop() and parse_move("discard s.a") != parse_move("counter s.a")
    for bad in ("", "place", "place r8.a1 1", "place r8.z9 1 1", "place r8.a1 6 0",
                "place r8.a1 1 4", "put -1", "put ٣", "allow now", 7):
        with pytest.raises(IllegalMove) as caught:
            parse_move(bad)
        assert caught.value.code == "neuf_vies.err.bad_move"


def test_every_reason_has_words_and_is_reached():
    """Each "neuf_vies.err." key of the catalog is a reason some illegal move gives."""
    reached = set()
    attacked = table("", "? r8", hands=[["r8", "r1"], ["b4"]], phase="counter", attack=(1, 0, "r8"))
    held = table("? ? ?", "", hands=[["b4"], []], phase="put", holding="?")
    start = table("r1 | b4 s | ? ? ? r8 | ? ? ? g3", "? ? ? g6",
                  hands=[["r8", "g6", "s", "j"], ["o2"]])
    renewing = play(table("", "? r8", hands=[["r8", "r1"], ["r8"]]), "place r8.a0 1 0",
                    "counter r8.b0")
    over = play(table("? ? ? | ? ? ? | ? ? r8", "", hands=[["r8"], []]), "place r8.a0 0 2")
    moves = [(start, "what"), (start, "place r8.a0 5 0"), (start, "place o2.a0 0 0"),
             (start, "allow"), (start, f"discard {card(start, 0, 'j')}"),
             (start, f"place {card(start, 0, 'j')} 1 0"), (start, "place r8.a0 1 1"),
             (start, "place r8.a0 0 1"), (start, "place r8.a0 1 0"), (start, "place r8.a0 0 3"),
             (start, "place r8.a0 0 2"), (start, "place s.a 0 0"), (start, "place s.a 1 0"),
             (start, "place g6.a0 1 0"), (start, "place s.a 1 1"),
             (table("", "b4 s", hands=[["s"], []]), "place s.a 1 0"),
             (table("", "?", hands=[["r8"], []]), "place r8.a0 1 0"),
             (attacked, "stop"), (attacked, "counter r1.a0"), (attacked, "counter b4.a0"),
             (renewing, "allow"), (renewing, "renew r1.a0"), (held, "allow"), (held, "put 0"),
             (over, "stop")]
    for state, move in moves:
        with pytest.raises(IllegalMove) as caught:
            G.play(state, move)
        reached.add(caught.value.code.removeprefix("neuf_vies.err."))
    keys = {k.removeprefix("neuf_vies.err.") for k in english_words.WORDS if k.startswith("neuf_vies.err.")}
    assert reached == keys


def test_the_words():
    EN, FR = english_words.WORDS, french_words.WORDS
    assert all(k.startswith("neuf_vies.") for k in EN)
    assert EN["neuf_vies.name"] == FR["neuf_vies.name"] == "Neuf vies"
    assert EN["neuf_vies.tagline"] == (
        "Pairs that add up to nine, columns that multiply, and cats that attack.")
    assert FR["neuf_vies.tagline"] == (
        "Des paires qui font neuf, des colonnes qui multiplient, et des chats qui attaquent.")


def test_the_log_holds_every_move_and_every_automatic_step():
    state = mid_game("log", players=2, plies=30)
    moves = [text for _, text in state.log if text.split(" ")[0] in KINDS]
    steps = [text for _, text in state.log if text not in moves]
    assert len(moves) == state.ply
    assert set(steps) <= {"gain", "gain lost", "gain none", "skip"} | {f"draw {n}" for n in range(1, 5)}
    replay = G.new_game({"players": 2}, "log")
    for move in moves:
        replay = G.play(replay, move)
    assert replay == state
